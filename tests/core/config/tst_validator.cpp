#include "fixtures.h"

#include <QTest>
#include <config/demo.h>
#include <config/keys.h>
#include <config/validator.h>
#include <functional>

using namespace Qt::StringLiterals;
using Config::Problem;

using Mutation = std::function<void(Domain::Workspace &)>;
Q_DECLARE_METATYPE(Mutation)

namespace {

Problem err(const QString &path, const QString &message)
{
    return Problem { Problem::Severity::Error, path, message };
}

Problem warn(const QString &path, const QString &message)
{
    return Problem { Problem::Severity::Warning, path, message };
}

// Demo model indices: 0 sim-east/gpt-4o, 1 sim-west-eu/gpt-4o, 2 sim-flaky/gpt-4o,
// 3 sim-east/gpt-4o-mini, 4 sim-east/claude-sonnet-5, 5 sim-east/text-embedding-3-small,
// 6 demo/chat (pool 3:1 of 0 and 1), 7 demo/resilient (pool of 2 and 0).
Domain::Model &chatPool(Domain::Workspace &ws)
{
    return ws.models[6];
}

void overrideRecovery(Domain::Workspace &ws,
                      const std::function<void(Domain::RecoverySettings &)> &f)
{
    ws.models[0].recovery.overridden = true;
    f(ws.models[0].recovery.override);
}

Domain::Key demoKey(const QString &project)
{
    return Config::makeKey(project, u"ci-bot"_s,
                           QDateTime::fromMSecsSinceEpoch(0, QTimeZone::utc()))
        .key;
}

} // namespace

class tst_Validator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void demoIsValid_R_CLI_2();
    void rule_R_CLI_2_data();
    void rule_R_CLI_2();
    void regionName_R_REG_6_data();
    void regionName_R_REG_6();
    void regionList_R_REG_6_data();
    void regionList_R_REG_6();

private:
    void modelRows();
    void poolRows();
    void deploymentRows();
    void regionRows();
    void recoveryRows();
    void timeoutRows();
    void connectionRows();
    void aliasRows();
    void directiveRows();
    void levelRows();
    void replacementRows();
};

void tst_Validator::demoIsValid_R_CLI_2()
{
    const Domain::Workspace demo = Config::demoWorkspace();
    QCOMPARE(demo.models.size(), 8);
    const QList<Problem> problems = Config::validate(demo);
    QVERIFY2(problems.isEmpty(), qPrintable(ConfigTest::describe(problems)));
}

void tst_Validator::modelRows()
{
    QTest::newRow("model name unique")
        << Mutation([](Domain::Workspace &ws) { ws.models << ws.models[3]; })
        << QList { err(u"models[8].name"_s,
                       u"Model sim-east/gpt-4o-mini is defined twice (also at models[3])."_s) };
    QTest::newRow("model name form")
        << Mutation([](Domain::Workspace &ws) {
               ws.models << ws.models[3];
               ws.models.last().name = u"gpt4"_s;
           })
        << QList { err(u"models[8].name"_s,
                       u"Model name \"gpt4\" must have the form <namespace>/<id>."_s) };
}

void tst_Validator::poolRows()
{
    QTest::newRow("weight 0")
        << Mutation([](Domain::Workspace &ws) { chatPool(ws).pool.deployments[0].weight = 0; })
        << QList { err(u"models[6].pool.deployments[0].weight"_s,
                       u"Weight of sim-east/gpt-4o must be between 1 and 10,000 (is 0)."_s) };
    QTest::newRow("weight 10001")
        << Mutation([](Domain::Workspace &ws) { chatPool(ws).pool.deployments[1].weight = 10001; })
        << QList { err(
               u"models[6].pool.deployments[1].weight"_s,
               u"Weight of sim-west-eu/gpt-4o must be between 1 and 10,000 (is 10,001)."_s) };
    QTest::newRow("at most 16 deployments")
        << Mutation([](Domain::Workspace &ws) {
               chatPool(ws).pool.deployments.clear();
               for (int i = 0; i < 17; ++i) {
                   const QString name = u"bulk/m%1"_s.arg(i);
                   ws.models << ConfigTest::directModel(name, u"sim-east"_s, u"gpt-4o"_s);
                   chatPool(ws).pool.deployments << Domain::PoolEntry { name, 1 };
               }
           })
        << QList { err(u"models[6].pool.deployments"_s,
                       u"Pool demo/chat has 17 deployments; at most 16 are allowed."_s) };
}

void tst_Validator::deploymentRows()
{
    QTest::newRow("deployment exists")
        << Mutation([](Domain::Workspace &ws) {
               chatPool(ws).pool.deployments[1].model = u"sim-east/nope"_s;
           })
        << QList { err(
               u"models[6].pool.deployments[1].model"_s,
               u"Deployment sim-east/nope of demo/chat is not a model of this workspace."_s) };
    QTest::newRow("deployment same modality")
        << Mutation([](Domain::Workspace &ws) {
               chatPool(ws).pool.deployments[1].model = u"sim-east/text-embedding-3-small"_s;
           })
        << QList { err(
               u"models[6].pool.deployments[1].model"_s,
               u"Deployment sim-east/text-embedding-3-small of demo/chat has modality embedding; "
               "demo/chat has modality chat."_s) };
    QTest::newRow("deployment not pooled")
        << Mutation([](Domain::Workspace &ws) {
               chatPool(ws).pool.deployments[1].model = u"demo/resilient"_s;
           })
        << QList { err(
               u"models[6].pool.deployments[1].model"_s,
               u"Deployment demo/resilient of demo/chat is itself a pool; a deployment must be a "
               "Direct model."_s) };
    QTest::newRow("deployment not itself")
        << Mutation([](Domain::Workspace &ws) {
               chatPool(ws).pool.deployments[1].model = u"demo/chat"_s;
           })
        << QList { err(u"models[6].pool.deployments[1].model"_s,
                       u"Pool demo/chat cannot list itself as a deployment."_s) };
    QTest::newRow("deployment not repeated")
        << Mutation([](Domain::Workspace &ws) {
               chatPool(ws).pool.deployments[1].model = u"sim-east/gpt-4o"_s;
           })
        << QList { err(u"models[6].pool.deployments[1].model"_s,
                       u"Deployment sim-east/gpt-4o is listed more than once in demo/chat."_s) };
    QTest::newRow("disabled deployment warns R-PLAN-6")
        << Mutation([](Domain::Workspace &ws) { ws.models[1].enabled = false; })
        << QList { warn(
               u"models[6].pool.deployments[1].model"_s,
               u"Deployment sim-west-eu/gpt-4o of demo/chat is turned off; calls skip it as "
               "disabled."_s) };
    QTest::newRow("pool needs a deployment")
        << Mutation([](Domain::Workspace &ws) { chatPool(ws).pool.deployments.clear(); })
        << QList { err(u"models[6].pool.deployments"_s,
                       u"Pool demo/chat has no deployments; add one or switch it to Direct."_s) };
}

void tst_Validator::regionRows()
{
    QTest::newRow("pool allowed region name")
        << Mutation([](Domain::Workspace &ws) {
               chatPool(ws).pool.allowedRegions = { u"us-east-1"_s, u"eu.west.1"_s };
           })
        << QList { err(
               u"models[6].pool.allowedRegions[1]"_s,
               u"Allowed regions of demo/chat: Region name \"eu.west.1\" may contain only letters, "
               "digits, '-' and '_'."_s) };
    QTest::newRow("serving region name")
        << Mutation(
               [](Domain::Workspace &ws) { ws.models[0].servingRegionOverride = u"us east"_s; })
        << QList { err(
               u"models[0].servingRegionOverride"_s,
               u"Serving region of sim-east/gpt-4o: Region name \"us east\" may contain only "
               "letters, digits, '-' and '_'."_s) };
    QTest::newRow("offering connection exists")
        << Mutation([](Domain::Workspace &ws) { ws.models[0].offerings[0].connection = u"nope"_s; })
        << QList { err(
               u"models[0].offerings[0].connection"_s,
               u"Offering 1 of sim-east/gpt-4o names connection \"nope\", which does not exist."_s) };
}

void tst_Validator::recoveryRows()
{
    QTest::newRow("attempts 0")
        << Mutation([](Domain::Workspace &ws) {
               overrideRecovery(ws, [](Domain::RecoverySettings &r) { r.attempts = 0; });
           })
        << QList { err(u"models[0].recovery.attempts"_s,
                       u"Attempts of sim-east/gpt-4o must be between 1 and 8 (is 0)."_s) };
    QTest::newRow("attempts 9")
        << Mutation([](Domain::Workspace &ws) {
               overrideRecovery(ws, [](Domain::RecoverySettings &r) { r.attempts = 9; });
           })
        << QList { err(u"models[0].recovery.attempts"_s,
                       u"Attempts of sim-east/gpt-4o must be between 1 and 8 (is 9)."_s) };
    QTest::newRow("deadline 600001")
        << Mutation([](Domain::Workspace &ws) {
               overrideRecovery(ws, [](Domain::RecoverySettings &r) { r.deadlineMs = 600001; });
           })
        << QList { err(
               u"models[0].recovery.deadlineMs"_s,
               u"Deadline of sim-east/gpt-4o must be between 1 and 600,000 ms (is 600,001)."_s) };
    QTest::newRow("backoff first above max")
        << Mutation([](Domain::Workspace &ws) {
               overrideRecovery(ws, [](Domain::RecoverySettings &r) { r.backoffFirstMs = 3000; });
           })
        << QList { err(
               u"models[0].recovery.backoffFirstMs"_s,
               u"Backoff of sim-east/gpt-4o must not exceed its maximum (3,000 ms > 2,000 ms)."_s) };
    QTest::newRow("backoff first negative")
        << Mutation([](Domain::Workspace &ws) {
               overrideRecovery(ws, [](Domain::RecoverySettings &r) { r.backoffFirstMs = -1; });
           })
        << QList { err(u"models[0].recovery.backoffFirstMs"_s,
                       u"Backoff of sim-east/gpt-4o must not be negative (is -1)."_s) };
    QTest::newRow("backoff max 30001")
        << Mutation([](Domain::Workspace &ws) {
               overrideRecovery(ws, [](Domain::RecoverySettings &r) { r.backoffMaxMs = 30001; });
           })
        << QList { err(
               u"models[0].recovery.backoffMaxMs"_s,
               u"Backoff maximum of sim-east/gpt-4o must be between 0 and 30,000 ms (is 30,001)."_s) };
    QTest::newRow("cooldown 120001")
        << Mutation([](Domain::Workspace &ws) {
               overrideRecovery(ws, [](Domain::RecoverySettings &r) { r.cooldownMs = 120001; });
           })
        << QList { err(
               u"models[0].recovery.cooldownMs"_s,
               u"Cooldown of sim-east/gpt-4o must be between 0 and 120,000 ms (is 120,001)."_s) };
    QTest::newRow("recovery checked only when overridden")
        << Mutation([](Domain::Workspace &ws) { ws.models[0].recovery.override.attempts = 0; })
        << QList<Problem> {};
    timeoutRows();
}

// R-REC-9: the three timeouts, on a model's Override and on the workspace's defaults.
void tst_Validator::timeoutRows()
{
    struct Row
    {
        const char *name;
        Domain::RecoveryField field;
        int value;
        QString path; // below "recovery" / "recoveryDefaults"
        QString message; // with %1 for whose settings; empty: valid
    };
    using F = Domain::RecoveryField;
    const QList<Row> rows {
        { "connect timeout 99", F::ConnectTimeoutMs, 99, u"connectTimeoutMs"_s,
          u"Connect timeout of %1 must be between 100 and 60,000 ms (is 99)."_s },
        { "connect timeout 100", F::ConnectTimeoutMs, 100, {}, {} },
        { "connect timeout 60000", F::ConnectTimeoutMs, 60000, {}, {} },
        { "connect timeout 60001", F::ConnectTimeoutMs, 60001, u"connectTimeoutMs"_s,
          u"Connect timeout of %1 must be between 100 and 60,000 ms (is 60,001)."_s },
        { "stream start timeout 999", F::StreamStartTimeoutMs, 999, u"streamStartTimeoutMs"_s,
          u"Stream start timeout of %1 must be between 1,000 and 600,000 ms (is 999)."_s },
        { "stream start timeout 1000", F::StreamStartTimeoutMs, 1000, {}, {} },
        { "stream start timeout 600001", F::StreamStartTimeoutMs, 600001, u"streamStartTimeoutMs"_s,
          u"Stream start timeout of %1 must be between 1,000 and 600,000 ms (is 600,001)."_s },
        { "stream idle timeout 0", F::StreamIdleTimeoutMs, 0, u"streamIdleTimeoutMs"_s,
          u"Stream idle timeout of %1 must be between 1,000 and 600,000 ms (is 0)."_s },
        { "stream idle timeout 600000", F::StreamIdleTimeoutMs, 600000, {}, {} },
        { "stream idle timeout 600001", F::StreamIdleTimeoutMs, 600001, u"streamIdleTimeoutMs"_s,
          u"Stream idle timeout of %1 must be between 1,000 and 600,000 ms (is 600,001)."_s },
    };
    for (const Row &row : rows) {
        const F field = row.field;
        const int value = row.value;
        const QList<Problem> onModel = row.message.isEmpty()
            ? QList<Problem> {}
            : QList { err(u"models[0].recovery."_s + row.path,
                          row.message.arg(u"sim-east/gpt-4o"_s)) };
        QTest::newRow(qPrintable(u"override "_s + QLatin1StringView(row.name)))
            << Mutation([field, value](Domain::Workspace &ws) {
                   overrideRecovery(ws,
                                    [&](Domain::RecoverySettings &r) { r.setValue(field, value); });
               })
            << onModel;
        const QList<Problem> onDefaults = row.message.isEmpty()
            ? QList<Problem> {}
            : QList { err(u"recoveryDefaults."_s + row.path,
                          row.message.arg(u"the workspace defaults"_s)) };
        QTest::newRow(qPrintable(u"defaults "_s + QLatin1StringView(row.name))) << Mutation(
            [field, value](Domain::Workspace &ws) { ws.recoveryDefaults.setValue(field, value); })
                                                                                << onDefaults;
    }
    QTest::newRow("defaults attempts 9")
        << Mutation([](Domain::Workspace &ws) { ws.recoveryDefaults.attempts = 9; })
        << QList { err(u"recoveryDefaults.attempts"_s,
                       u"Attempts of the workspace defaults must be between 1 and 8 (is 9)."_s) };
    QTest::newRow("defaults backoff first above max")
        << Mutation([](Domain::Workspace &ws) { ws.recoveryDefaults.backoffFirstMs = 2001; })
        << QList { err(u"recoveryDefaults.backoffFirstMs"_s,
                       u"Backoff of the workspace defaults must not exceed its maximum (2,001 ms > "
                       "2,000 ms)."_s) };
}

void tst_Validator::connectionRows()
{
    QTest::newRow("connection name unique")
        << Mutation([](Domain::Workspace &ws) { ws.connections << ws.connections[0]; })
        << QList { err(u"connections[5].name"_s,
                       u"Connection sim-east is defined twice (also at connections[0])."_s) };
    QTest::newRow("azure needs api version")
        << Mutation([](Domain::Workspace &ws) {
               ws.connections << Domain::Connection { u"azure-eu"_s, u"azure"_s,
                                                      Domain::Dialect::AzureOpenAi,
                                                      u"https://eu.openai.azure.com"_s };
           })
        << QList { err(
               u"connections[5].apiVersion"_s,
               u"Connection azure-eu is an Azure OpenAI connection and needs an API version."_s) };
    QTest::newRow("base url http")
        << Mutation([](Domain::Workspace &ws) {
               ws.connections << Domain::Connection { u"openai-2"_s, u"openai"_s,
                                                      Domain::Dialect::OpenAi,
                                                      u"ftp://api.openai.com"_s };
           })
        << QList { err(u"connections[5].baseUrl"_s,
                       u"Base URL of connection openai-2 must be an http or https URL (is "
                       "\"ftp://api.openai.com\")."_s) };
    QTest::newRow("provider exists")
        << Mutation([](Domain::Workspace &ws) { ws.connections[0].provider = u"nope"_s; })
        << QList { err(u"connections[0].provider"_s,
                       u"Connection sim-east names provider \"nope\", which does not exist."_s) };
    QTest::newRow("connection region name")
        << Mutation([](Domain::Workspace &ws) { ws.connections[0].region = QString(65, u'a'); })
        << QList { err(
               u"connections[0].region"_s,
               u"Region of connection sim-east: Region name \"aaaaaaaaaaaaaaaa…\" is longer than "
               "64 characters."_s) };
    QTest::newRow("failure rate 0..1")
        << Mutation([](Domain::Workspace &ws) { ws.connections[2].simulator.failureRate = 1.5; })
        << QList { err(
               u"connections[2].simulator.failureRate"_s,
               u"Failure rate of connection sim-flaky must be between 0 and 1 (is 1.5)."_s) };
}

void tst_Validator::aliasRows()
{
    QTest::newRow("alias name unique")
        << Mutation([](Domain::Workspace &ws) { ws.aliases << ws.aliases[0]; })
        << QList { err(u"aliases[3].name"_s,
                       u"Alias org/fast is defined twice (also at aliases[0])."_s) };
    QTest::newRow("alias not a model name")
        << Mutation([](Domain::Workspace &ws) { ws.aliases[0].name = u"demo/chat"_s; })
        << QList { err(u"aliases[0].name"_s, u"Alias demo/chat has the same name as a model."_s) };
    QTest::newRow("alias target exists")
        << Mutation([](Domain::Workspace &ws) { ws.aliases[0].target = u"nope/x"_s; })
        << QList { err(
               u"aliases[0].target"_s,
               u"Alias org/fast targets nope/x, which is not a model of this workspace."_s) };
    QTest::newRow("alias of alias")
        << Mutation([](Domain::Workspace &ws) {
               ws.aliases << Domain::Alias { u"org/faster"_s, u"org/fast"_s };
           })
        << QList { err(u"aliases[3].target"_s,
                       u"Alias org/faster targets alias org/fast; an alias must name a model."_s) };
    QTest::newRow("replacement exists")
        << Mutation([](Domain::Workspace &ws) {
               ws.aliases[0].deprecationDate = QDate(2027, 1, 1);
               ws.aliases[0].replacement = u"nope/x"_s;
           })
        << QList { err(
               u"aliases[0].replacement"_s,
               u"Replacement nope/x of alias org/fast is neither a model nor an alias."_s) };
    QTest::newRow("deprecated needs replacement")
        << Mutation(
               [](Domain::Workspace &ws) { ws.aliases[0].deprecationDate = QDate(2027, 1, 1); })
        << QList { err(u"aliases[0].replacement"_s,
                       u"Alias org/fast is deprecated on 2027-01-01 but names no replacement."_s) };
}

void tst_Validator::replacementRows()
{
    QTest::newRow("replacement cycle")
        << Mutation([](Domain::Workspace &ws) {
               ws.aliases[0].replacement = u"org/next"_s;
               ws.aliases << Domain::Alias { u"org/next"_s, u"sim-east/gpt-4o"_s, {}, {}, {},
                                             u"org/fast"_s };
           })
        << QList {
               err(u"aliases[0].replacement"_s,
                   u"Replacements of alias org/fast form a cycle: org/fast → org/next → org/fast."_s),
               err(u"aliases[3].replacement"_s,
                   u"Replacements of alias org/next form a cycle: org/next → org/fast → org/next."_s)
           };
    QTest::newRow("preset fallback exists")
        << Mutation([](Domain::Workspace &ws) {
               ws.aliases[0].fallbackModels = { u"sim-east/gpt-4o"_s, u"nope/x"_s };
           })
        << QList { err(
               u"aliases[0].fallbackModels[1]"_s,
               u"Fallback model nope/x of alias org/fast is not a model of this workspace."_s) };
}

void tst_Validator::directiveRows()
{
    QTest::newRow("allowed model exists")
        << Mutation([](Domain::Workspace &ws) {
               ws.directives.allowedModels = QStringList { u"demo/chat"_s, u"nope/x"_s };
           })
        << QList { err(
               u"directives.allowedModels[1]"_s,
               u"Allowed model nope/x of the workspace is neither a model of this workspace nor "
               "a vendor pattern such as openai/*."_s) };
    QTest::newRow("vendor pattern without models warns")
        << Mutation([](Domain::Workspace &ws) {
               ws.projects[1].directives.allowedModels = QStringList { u"openai/*"_s };
           })
        << QList { warn(
               u"projects[1].directives.allowedModels[0]"_s,
               u"Allowed models of project research name vendor openai/*, which has no models "
               "yet."_s) };
    QTest::newRow("vendor pattern with models") << Mutation([](Domain::Workspace &ws) {
        ws.projects[1].directives.allowedModels = QStringList { u"sim-east/*"_s };
    }) << QList<Problem> {};
    QTest::newRow("allowed provider exists")
        << Mutation([](Domain::Workspace &ws) {
               ws.directives.allowedProviders = QStringList { u"openai"_s, u"nope"_s };
           })
        << QList { err(u"directives.allowedProviders[1]"_s,
                       u"Allowed provider \"nope\" of the workspace does not exist."_s) };
    QTest::newRow("denied provider exists")
        << Mutation([](Domain::Workspace &ws) {
               ws.projects[0].directives.deniedProviders = { u"nope"_s };
           })
        << QList { err(u"projects[0].directives.deniedProviders[0]"_s,
                       u"Denied provider \"nope\" of project default does not exist."_s) };
}

void tst_Validator::levelRows()
{
    QTest::newRow("max application attempts")
        << Mutation([](Domain::Workspace &ws) {
               ws.keys << demoKey(u"research"_s);
               ws.keys[0].directives.maxApplicationAttempts = 9;
           })
        << QList { err(
               u"keys[0].directives.maxApplicationAttempts"_s,
               u"Max application attempts of key ci-bot must be between 1 and 8 (is 9)."_s) };
    QTest::newRow("fallback models exist")
        << Mutation([](Domain::Workspace &ws) {
               ws.projects[1].directives.fallbackModels = QStringList { u"nope/x"_s };
           })
        << QList { err(
               u"projects[1].directives.fallbackModels[0]"_s,
               u"Fallback model nope/x of project research is not a model of this workspace."_s) };
    QTest::newRow("key project exists")
        << Mutation([](Domain::Workspace &ws) { ws.keys << demoKey(u"nope"_s); })
        << QList { err(u"keys[0].project"_s,
                       u"Key ci-bot belongs to project \"nope\", which does not exist."_s) };
    QTest::newRow("project id unique")
        << Mutation([](Domain::Workspace &ws) {
               ws.projects << Domain::Project { u"research"_s, u"Again"_s, {} };
           })
        << QList { err(u"projects[5].id"_s,
                       u"Project research is defined twice (also at projects[1])."_s) };
}

void tst_Validator::rule_R_CLI_2_data()
{
    QTest::addColumn<Mutation>("mutate");
    QTest::addColumn<QList<Problem>>("expected");
    modelRows();
    poolRows();
    deploymentRows();
    regionRows();
    recoveryRows();
    connectionRows();
    aliasRows();
    replacementRows();
    directiveRows();
    levelRows();
}

void tst_Validator::rule_R_CLI_2()
{
    QFETCH(Mutation, mutate);
    QFETCH(QList<Problem>, expected);
    Domain::Workspace ws = Config::demoWorkspace();
    QVERIFY(!ws.models.isEmpty());
    mutate(ws);
    const QList<Problem> problems = Config::validate(ws);
    QVERIFY2(problems == expected,
             qPrintable(u"got:\n"_s + ConfigTest::describe(problems) + u"\nexpected:\n"_s
                        + ConfigTest::describe(expected)));
    QCOMPARE(Config::hasErrors(problems),
             std::any_of(expected.cbegin(), expected.cend(),
                         [](const Problem &p) { return p.severity == Problem::Severity::Error; }));
}

void tst_Validator::regionName_R_REG_6_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("valid");
    QTest::newRow("plain") << u"us-east-1"_s << true;
    QTest::newRow("underscore and digits") << u"eu_west_2"_s << true;
    QTest::newRow("64 characters") << QString(64, u'x') << true;
    QTest::newRow("65 characters") << QString(65, u'x') << false;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("dot") << u"eu.west.1"_s << false;
    QTest::newRow("space") << u"eu west"_s << false;
    QTest::newRow("non-ascii letter") << u"région"_s << false;
}

void tst_Validator::regionName_R_REG_6()
{
    QFETCH(QString, name);
    QFETCH(bool, valid);
    QCOMPARE(Config::regionNameError(name).isEmpty(), valid);
}

void tst_Validator::regionList_R_REG_6_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<bool>("valid");
    QTest::newRow("empty field") << QString() << QStringList {} << true;
    QTest::newRow("blank field") << u"   "_s << QStringList {} << true;
    QTest::newRow("spaces around commas")
        << u" us-east-1 ,eu-west-1 "_s << QStringList { u"us-east-1"_s, u"eu-west-1"_s } << true;
    QTest::newRow("empty element")
        << u"us-east-1,,eu-west-1"_s << QStringList { u"us-east-1"_s, QString(), u"eu-west-1"_s }
        << false;
    QTest::newRow("bad name") << u"us-east-1, eu.west"_s
                              << QStringList { u"us-east-1"_s, u"eu.west"_s } << false;
}

void tst_Validator::regionList_R_REG_6()
{
    QFETCH(QString, typed);
    QFETCH(QStringList, names);
    QFETCH(bool, valid);
    QCOMPARE(Config::splitRegionList(typed), names);
    QCOMPARE(Config::regionListError(typed).isEmpty(), valid);
}

QTEST_GUILESS_MAIN(tst_Validator)
#include "tst_validator.moc"
