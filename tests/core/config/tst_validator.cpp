#include "fixtures.h"

#include <QTest>
#include <config/demo.h>
#include <config/keys.h>
#include <config/validator.h>
#include <functional>

using namespace Qt::StringLiterals;
using Config::Problem;
using Code = Config::ProblemCode;

using Mutation = std::function<void(Domain::Workspace &)>;
Q_DECLARE_METATYPE(Mutation)

namespace {

Problem err(const QString &path, Code code, QList<Config::ProblemArg> args = {})
{
    return Problem { Problem::Severity::Error, path, code, std::move(args) };
}

Problem warn(const QString &path, Code code, QList<Config::ProblemArg> args = {})
{
    return Problem { Problem::Severity::Warning, path, code, std::move(args) };
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
    QCOMPARE(demo.models.size(), 10);
    const QList<Problem> problems = Config::validate(demo);
    QVERIFY2(problems.isEmpty(), qPrintable(ConfigTest::describe(problems)));
}

void tst_Validator::modelRows()
{
    QTest::newRow("model name unique")
        << Mutation([](Domain::Workspace &ws) { ws.models << ws.models[3]; })
        << QList { err(u"models[10].name"_s, Code::NameTwice,
                       { u"model"_s, u"sim-east/gpt-4o-mini"_s, u"models[3]"_s }) };
    QTest::newRow("model name form") << Mutation([](Domain::Workspace &ws) {
        ws.models << ws.models[3];
        ws.models.last().name = u"gpt4"_s;
    }) << QList { err(u"models[10].name"_s, Code::ModelNameForm, { u"gpt4"_s }) };
    // R-XLAT-2: the limits are Domain::Model::kMaxOutputTokens, both ends allowed.
    QTest::newRow("max output tokens at least 1")
        << Mutation([](Domain::Workspace &ws) { ws.models[0].maxOutputTokens = 0; })
        << QList { err(u"models[0].maxOutputTokens"_s, Code::MaxOutputTokensOutOfRange,
                       { u"sim-east/gpt-4o"_s, 0, 1, 1000000 }) };
    QTest::newRow("max output tokens at most 1,000,000")
        << Mutation([](Domain::Workspace &ws) { ws.models[3].maxOutputTokens = 1000001; })
        << QList { err(u"models[3].maxOutputTokens"_s, Code::MaxOutputTokensOutOfRange,
                       { u"sim-east/gpt-4o-mini"_s, 1000001, 1, 1000000 }) };
    QTest::newRow("max output tokens at the limits") << Mutation([](Domain::Workspace &ws) {
        ws.models[0].maxOutputTokens = 1;
        ws.models[3].maxOutputTokens = 1000000;
    }) << QList<Problem> {};
}

void tst_Validator::poolRows()
{
    QTest::newRow("weight 0") << Mutation(
        [](Domain::Workspace &ws) { chatPool(ws).pool.deployments[0].weight = 0; })
                              << QList { err(u"models[6].pool.deployments[0].weight"_s,
                                             Code::WeightOutOfRange,
                                             { u"sim-east/gpt-4o"_s, 0, 1, 10000 }) };
    QTest::newRow("weight 10001") << Mutation(
        [](Domain::Workspace &ws) { chatPool(ws).pool.deployments[1].weight = 10001; })
                                  << QList { err(u"models[6].pool.deployments[1].weight"_s,
                                                 Code::WeightOutOfRange,
                                                 { u"sim-west-eu/gpt-4o"_s, 10001, 1, 10000 }) };
    QTest::newRow("at most 16 deployments")
        << Mutation([](Domain::Workspace &ws) {
               chatPool(ws).pool.deployments.clear();
               for (int i = 0; i < 17; ++i) {
                   const QString name = u"bulk/m%1"_s.arg(i);
                   ws.models << ConfigTest::directModel(name, u"sim-east"_s, u"gpt-4o"_s);
                   chatPool(ws).pool.deployments << Domain::PoolEntry { name, 1 };
               }
           })
        << QList { err(u"models[6].pool.deployments"_s, Code::PoolTooLarge,
                       { u"demo/chat"_s, 17, 16 }) };
}

void tst_Validator::deploymentRows()
{
    const auto deployment = [](const QString &model) {
        return Mutation(
            [model](Domain::Workspace &ws) { chatPool(ws).pool.deployments[1].model = model; });
    };
    const QString at = u"models[6].pool.deployments[1].model"_s;
    QTest::newRow("deployment exists")
        << deployment(u"sim-east/nope"_s)
        << QList { err(at, Code::DeploymentNotAModel, { u"sim-east/nope"_s, u"demo/chat"_s }) };
    QTest::newRow("deployment same modality")
        << deployment(u"sim-east/text-embedding-3-small"_s)
        << QList { err(at, Code::DeploymentOtherModality,
                       { u"sim-east/text-embedding-3-small"_s, u"demo/chat"_s, u"embedding"_s,
                         u"chat"_s }) };
    QTest::newRow("deployment not pooled")
        << deployment(u"demo/resilient"_s)
        << QList { err(at, Code::DeploymentIsAPool, { u"demo/resilient"_s, u"demo/chat"_s }) };
    QTest::newRow("deployment not itself")
        << deployment(u"demo/chat"_s)
        << QList { err(at, Code::PoolListsItself, { u"demo/chat"_s }) };
    QTest::newRow("deployment not repeated")
        << deployment(u"sim-east/gpt-4o"_s)
        << QList { err(at, Code::DeploymentTwice, { u"sim-east/gpt-4o"_s, u"demo/chat"_s }) };
    QTest::newRow("disabled deployment warns R-PLAN-6")
        << Mutation([](Domain::Workspace &ws) { ws.models[1].enabled = false; })
        << QList { warn(at, Code::DeploymentOff, { u"sim-west-eu/gpt-4o"_s, u"demo/chat"_s }) };
    QTest::newRow("pool needs a deployment")
        << Mutation([](Domain::Workspace &ws) { chatPool(ws).pool.deployments.clear(); })
        << QList { err(u"models[6].pool.deployments"_s, Code::PoolEmpty, { u"demo/chat"_s }) };
}

void tst_Validator::regionRows()
{
    QTest::newRow("pool allowed region name")
        << Mutation([](Domain::Workspace &ws) {
               chatPool(ws).pool.allowedRegions = { u"us-east-1"_s, u"eu.west.1"_s };
           })
        << QList { err(u"models[6].pool.allowedRegions[1]"_s, Code::RegionBadCharacter,
                       { u"eu.west.1"_s, u"allowedRegions"_s, u"demo/chat"_s }) };
    QTest::newRow("serving region name")
        << Mutation(
               [](Domain::Workspace &ws) { ws.models[0].servingRegionOverride = u"us east"_s; })
        << QList { err(u"models[0].servingRegionOverride"_s, Code::RegionBadCharacter,
                       { u"us east"_s, u"servingRegionOverride"_s, u"sim-east/gpt-4o"_s }) };
    QTest::newRow("offering connection exists")
        << Mutation([](Domain::Workspace &ws) { ws.models[0].offerings[0].connection = u"nope"_s; })
        << QList { err(u"models[0].offerings[0].connection"_s, Code::OfferingConnectionMissing,
                       { 1, u"sim-east/gpt-4o"_s, u"nope"_s }) };
}

void tst_Validator::recoveryRows()
{
    const auto set = [](const std::function<void(Domain::RecoverySettings &)> &f) {
        return Mutation([f](Domain::Workspace &ws) { overrideRecovery(ws, f); });
    };
    const auto outOfRange = [](const QString &key, qint64 value, qint64 lo, qint64 hi) {
        return QList { err(u"models[0].recovery."_s + key, Code::RecoveryOutOfRange,
                           { key, u"sim-east/gpt-4o"_s, value, lo, hi }) };
    };
    QTest::newRow("attempts 0") << set([](Domain::RecoverySettings &r) { r.attempts = 0; })
                                << outOfRange(u"attempts"_s, 0, 1, 8);
    QTest::newRow("attempts 9") << set([](Domain::RecoverySettings &r) { r.attempts = 9; })
                                << outOfRange(u"attempts"_s, 9, 1, 8);
    QTest::newRow("deadline 600001")
        << set([](Domain::RecoverySettings &r) { r.deadlineMs = 600001; })
        << outOfRange(u"deadlineMs"_s, 600001, 1, 600000);
    QTest::newRow("backoff first above max")
        << set([](Domain::RecoverySettings &r) { r.backoffFirstMs = 3000; })
        << QList { err(u"models[0].recovery.backoffFirstMs"_s, Code::BackoffAboveMaximum,
                       { u"sim-east/gpt-4o"_s, 3000, 2000 }) };
    QTest::newRow("backoff first negative")
        << set([](Domain::RecoverySettings &r) { r.backoffFirstMs = -1; })
        << QList { err(u"models[0].recovery.backoffFirstMs"_s, Code::BackoffNegative,
                       { u"sim-east/gpt-4o"_s, -1 }) };
    QTest::newRow("backoff max 30001")
        << set([](Domain::RecoverySettings &r) { r.backoffMaxMs = 30001; })
        << outOfRange(u"backoffMaxMs"_s, 30001, 0, 30000);
    QTest::newRow("cooldown 120001")
        << set([](Domain::RecoverySettings &r) { r.cooldownMs = 120001; })
        << outOfRange(u"cooldownMs"_s, 120001, 0, 120000);
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
        QString key; // below "recovery" / "recoveryDefaults"; empty: valid
        int lo;
        int hi;
    };
    using F = Domain::RecoveryField;
    const QList<Row> rows {
        { "connect timeout 99", F::ConnectTimeoutMs, 99, u"connectTimeoutMs"_s, 100, 60000 },
        { "connect timeout 100", F::ConnectTimeoutMs, 100, {}, 0, 0 },
        { "connect timeout 60000", F::ConnectTimeoutMs, 60000, {}, 0, 0 },
        { "connect timeout 60001", F::ConnectTimeoutMs, 60001, u"connectTimeoutMs"_s, 100, 60000 },
        { "stream start timeout 999", F::StreamStartTimeoutMs, 999, u"streamStartTimeoutMs"_s, 1000,
          600000 },
        { "stream start timeout 1000", F::StreamStartTimeoutMs, 1000, {}, 0, 0 },
        { "stream start timeout 600001", F::StreamStartTimeoutMs, 600001, u"streamStartTimeoutMs"_s,
          1000, 600000 },
        { "stream idle timeout 0", F::StreamIdleTimeoutMs, 0, u"streamIdleTimeoutMs"_s, 1000,
          600000 },
        { "stream idle timeout 600000", F::StreamIdleTimeoutMs, 600000, {}, 0, 0 },
        { "stream idle timeout 600001", F::StreamIdleTimeoutMs, 600001, u"streamIdleTimeoutMs"_s,
          1000, 600000 },
    };
    for (const Row &row : rows) {
        const F field = row.field;
        const int value = row.value;
        // The owner is the model, or "" for the workspace's defaults.
        const auto expected = [&](const QString &base, const QString &owner) {
            return row.key.isEmpty() ? QList<Problem> {}
                                     : QList { err(base + row.key, Code::RecoveryOutOfRange,
                                                   { row.key, owner, value, row.lo, row.hi }) };
        };
        QTest::newRow(qPrintable(u"override "_s + QLatin1StringView(row.name)))
            << Mutation([field, value](Domain::Workspace &ws) {
                   overrideRecovery(ws,
                                    [&](Domain::RecoverySettings &r) { r.setValue(field, value); });
               })
            << expected(u"models[0].recovery."_s, u"sim-east/gpt-4o"_s);
        QTest::newRow(qPrintable(u"defaults "_s + QLatin1StringView(row.name)))
            << Mutation([field, value](Domain::Workspace &ws) {
                   ws.recoveryDefaults.setValue(field, value);
               })
            << expected(u"recoveryDefaults."_s, QString());
    }
    QTest::newRow("defaults attempts 9")
        << Mutation([](Domain::Workspace &ws) { ws.recoveryDefaults.attempts = 9; })
        << QList { err(u"recoveryDefaults.attempts"_s, Code::RecoveryOutOfRange,
                       { u"attempts"_s, QString(), 9, 1, 8 }) };
    QTest::newRow("defaults backoff first above max")
        << Mutation([](Domain::Workspace &ws) { ws.recoveryDefaults.backoffFirstMs = 2001; })
        << QList { err(u"recoveryDefaults.backoffFirstMs"_s, Code::BackoffAboveMaximum,
                       { QString(), 2001, 2000 }) };
}

void tst_Validator::connectionRows()
{
    QTest::newRow("connection name unique")
        << Mutation([](Domain::Workspace &ws) { ws.connections << ws.connections[0]; })
        << QList { err(u"connections[6].name"_s, Code::NameTwice,
                       { u"connection"_s, u"sim-east"_s, u"connections[0]"_s }) };
    QTest::newRow("azure needs api version")
        << Mutation([](Domain::Workspace &ws) {
               ws.connections << Domain::Connection { u"azure-eu"_s, u"azure"_s,
                                                      Domain::Dialect::AzureOpenAi,
                                                      u"https://eu.openai.azure.com"_s };
           })
        << QList { err(u"connections[6].apiVersion"_s, Code::AzureNeedsApiVersion,
                       { u"azure-eu"_s }) };
    QTest::newRow("base url http") << Mutation([](Domain::Workspace &ws) {
        ws.connections << Domain::Connection { u"openai-2"_s, u"openai"_s, Domain::Dialect::OpenAi,
                                               u"ftp://api.openai.com"_s };
    })
                                   << QList { err(u"connections[6].baseUrl"_s, Code::BaseUrlNotHttp,
                                                  { u"openai-2"_s, u"ftp://api.openai.com"_s }) };
    QTest::newRow("provider exists")
        << Mutation([](Domain::Workspace &ws) { ws.connections[0].provider = u"nope"_s; })
        << QList { err(u"connections[0].provider"_s, Code::ProviderMissing,
                       { u"sim-east"_s, u"nope"_s }) };
    QTest::newRow("connection region name")
        << Mutation([](Domain::Workspace &ws) { ws.connections[0].region = QString(65, u'a'); })
        << QList { err(u"connections[0].region"_s, Code::RegionTooLong,
                       { QString(65, u'a'), u"region"_s, u"sim-east"_s }) };
    QTest::newRow("listing source form")
        << Mutation(
               [](Domain::Workspace &ws) { ws.providers[1].listingSource = u"listing.json"_s; })
        << QList { err(u"providers[1].listingSource"_s, Code::ListingSourceForm,
                       { u"openai"_s, u"listing.json"_s }) };
    QTest::newRow("listing sources allowed") << Mutation([](Domain::Workspace &ws) {
        ws.providers[0].listingSource = u"https://example.com/listing.json"_s;
        ws.providers[1].listingSource = u"/srv/listing.json"_s;
        ws.providers[2].listingSource = u"file:///srv/listing.json"_s;
        ws.providers[3].listingSource = u"qrc:/switchboard/demo-listing.json"_s;
    }) << QList<Problem> {};
    QTest::newRow("listing refresh 5..10080")
        << Mutation([](Domain::Workspace &ws) { ws.listingRefreshMinutes = 4; })
        << QList { err(u"listingRefreshMinutes"_s, Code::ListingOutOfRange,
                       { u"listingRefreshMinutes"_s, 4, 5, 10080 }) };
    QTest::newRow("listing max age 1..8760")
        << Mutation([](Domain::Workspace &ws) { ws.listingMaxAgeHours = 8761; })
        << QList { err(u"listingMaxAgeHours"_s, Code::ListingOutOfRange,
                       { u"listingMaxAgeHours"_s, 8761, 1, 8760 }) };
    QTest::newRow("failure rate 0..1")
        << Mutation([](Domain::Workspace &ws) { ws.connections[2].simulator.failureRate = 1.5; })
        << QList { err(u"connections[2].simulator.failureRate"_s, Code::FailureRateOutOfRange,
                       { u"sim-flaky"_s, u"1.5"_s, u"0"_s, u"1"_s }) };
}

void tst_Validator::aliasRows()
{
    QTest::newRow("alias name unique")
        << Mutation([](Domain::Workspace &ws) { ws.aliases << ws.aliases[0]; })
        << QList { err(u"aliases[3].name"_s, Code::NameTwice,
                       { u"alias"_s, u"org/fast"_s, u"aliases[0]"_s }) };
    QTest::newRow("alias not a model name")
        << Mutation([](Domain::Workspace &ws) { ws.aliases[0].name = u"demo/chat"_s; })
        << QList { err(u"aliases[0].name"_s, Code::AliasIsAModel, { u"demo/chat"_s }) };
    QTest::newRow("alias target exists")
        << Mutation([](Domain::Workspace &ws) { ws.aliases[0].target = u"nope/x"_s; })
        << QList { err(u"aliases[0].target"_s, Code::AliasTargetMissing,
                       { u"org/fast"_s, u"nope/x"_s }) };
    QTest::newRow("alias of alias") << Mutation([](Domain::Workspace &ws) {
        ws.aliases << Domain::Alias { u"org/faster"_s, u"org/fast"_s };
    })
                                    << QList { err(u"aliases[3].target"_s, Code::AliasTargetsAlias,
                                                   { u"org/faster"_s, u"org/fast"_s }) };
    QTest::newRow("replacement exists")
        << Mutation([](Domain::Workspace &ws) {
               ws.aliases[0].deprecationDate = QDate(2027, 1, 1);
               ws.aliases[0].replacement = u"nope/x"_s;
           })
        << QList { err(u"aliases[0].replacement"_s, Code::ReplacementMissing,
                       { u"nope/x"_s, u"org/fast"_s }) };
    QTest::newRow("deprecated needs replacement")
        << Mutation(
               [](Domain::Workspace &ws) { ws.aliases[0].deprecationDate = QDate(2027, 1, 1); })
        << QList { err(u"aliases[0].replacement"_s, Code::DeprecatedNoReplacement,
                       { u"org/fast"_s, u"2027-01-01"_s }) };
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
               err(u"aliases[0].replacement"_s, Code::ReplacementCycle,
                   { u"org/fast"_s, QStringList { u"org/fast"_s, u"org/next"_s, u"org/fast"_s } }),
               err(u"aliases[3].replacement"_s, Code::ReplacementCycle,
                   { u"org/next"_s, QStringList { u"org/next"_s, u"org/fast"_s, u"org/next"_s } })
           };
    QTest::newRow("preset fallback exists")
        << Mutation([](Domain::Workspace &ws) {
               ws.aliases[0].fallbackModels = { u"sim-east/gpt-4o"_s, u"nope/x"_s };
           })
        << QList { err(u"aliases[0].fallbackModels[1]"_s, Code::AliasFallbackMissing,
                       { u"nope/x"_s, u"org/fast"_s }) };
}

void tst_Validator::directiveRows()
{
    QTest::newRow("allowed model exists")
        << Mutation([](Domain::Workspace &ws) {
               ws.directives.allowedModels = QStringList { u"demo/chat"_s, u"nope/x"_s };
           })
        << QList { err(u"directives.allowedModels[1]"_s, Code::AllowedModelMissing,
                       { u"workspace"_s, QString(), u"nope/x"_s }) };
    QTest::newRow("vendor pattern without models warns")
        << Mutation([](Domain::Workspace &ws) {
               ws.projects[1].directives.allowedModels = QStringList { u"openai/*"_s };
           })
        << QList { warn(u"projects[1].directives.allowedModels[0]"_s, Code::AllowedVendorNoModels,
                        { u"project"_s, u"research"_s, u"openai/*"_s }) };
    QTest::newRow("vendor pattern with models") << Mutation([](Domain::Workspace &ws) {
        ws.projects[1].directives.allowedModels = QStringList { u"sim-east/*"_s };
    }) << QList<Problem> {};
    QTest::newRow("allowed provider exists")
        << Mutation([](Domain::Workspace &ws) {
               ws.directives.allowedProviders = QStringList { u"openai"_s, u"nope"_s };
           })
        << QList { err(u"directives.allowedProviders[1]"_s, Code::AllowedProviderMissing,
                       { u"workspace"_s, QString(), u"nope"_s }) };
    QTest::newRow("denied provider exists")
        << Mutation([](Domain::Workspace &ws) {
               ws.projects[0].directives.deniedProviders = { u"nope"_s };
           })
        << QList { err(u"projects[0].directives.deniedProviders[0]"_s, Code::DeniedProviderMissing,
                       { u"project"_s, u"default"_s, u"nope"_s }) };
}

void tst_Validator::levelRows()
{
    QTest::newRow("max application attempts")
        << Mutation([](Domain::Workspace &ws) {
               ws.keys << demoKey(u"research"_s);
               ws.keys[0].directives.maxApplicationAttempts = 9;
           })
        << QList { err(u"keys[0].directives.maxApplicationAttempts"_s, Code::MaxAttemptsOutOfRange,
                       { u"key"_s, u"ci-bot"_s, 9, 1, 8 }) };
    QTest::newRow("fallback models exist")
        << Mutation([](Domain::Workspace &ws) {
               ws.projects[1].directives.fallbackModels = QStringList { u"nope/x"_s };
           })
        << QList { err(u"projects[1].directives.fallbackModels[0]"_s, Code::FallbackModelMissing,
                       { u"project"_s, u"research"_s, u"nope/x"_s }) };
    QTest::newRow("key project exists")
        << Mutation([](Domain::Workspace &ws) { ws.keys << demoKey(u"nope"_s); })
        << QList { err(u"keys[0].project"_s, Code::KeyProjectMissing, { u"ci-bot"_s, u"nope"_s }) };
    QTest::newRow("project id unique")
        << Mutation([](Domain::Workspace &ws) {
               ws.projects << Domain::Project { u"research"_s, u"Again"_s, {} };
           })
        << QList { err(u"projects[5].id"_s, Code::NameTwice,
                       { u"project"_s, u"research"_s, u"projects[1]"_s }) };
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
    QTest::addColumn<QString>("code"); // empty: valid
    QTest::newRow("plain") << u"us-east-1"_s << QString();
    QTest::newRow("underscore and digits") << u"eu_west_2"_s << QString();
    QTest::newRow("64 characters") << QString(64, u'x') << QString();
    QTest::newRow("65 characters") << QString(65, u'x') << u"region_too_long"_s;
    QTest::newRow("empty") << QString() << u"region_empty"_s;
    QTest::newRow("dot") << u"eu.west.1"_s << u"region_bad_character"_s;
    QTest::newRow("space") << u"eu west"_s << u"region_bad_character"_s;
    QTest::newRow("non-ascii letter") << u"région"_s << u"region_bad_character"_s;
}

void tst_Validator::regionName_R_REG_6()
{
    QFETCH(QString, name);
    QFETCH(QString, code);
    const std::optional<Problem> problem = Config::regionNameError(name);
    QCOMPARE(problem ? Config::toString(problem->code) : QString(), code);
    if (problem)
        QCOMPARE(problem->args, QList<Config::ProblemArg> { name });
}

void tst_Validator::regionList_R_REG_6_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QString>("code"); // empty: valid
    QTest::newRow("empty field") << QString() << QStringList {} << QString();
    QTest::newRow("blank field") << u"   "_s << QStringList {} << QString();
    QTest::newRow("spaces around commas")
        << u" us-east-1 ,eu-west-1 "_s << QStringList { u"us-east-1"_s, u"eu-west-1"_s }
        << QString();
    QTest::newRow("empty element")
        << u"us-east-1,,eu-west-1"_s << QStringList { u"us-east-1"_s, QString(), u"eu-west-1"_s }
        << u"region_list_empty_entry"_s;
    QTest::newRow("bad name") << u"us-east-1, eu.west"_s
                              << QStringList { u"us-east-1"_s, u"eu.west"_s }
                              << u"region_bad_character"_s;
}

void tst_Validator::regionList_R_REG_6()
{
    QFETCH(QString, typed);
    QFETCH(QStringList, names);
    QFETCH(QString, code);
    QCOMPARE(Config::splitRegionList(typed), names);
    const std::optional<Problem> problem = Config::regionListError(typed);
    QCOMPARE(problem ? Config::toString(problem->code) : QString(), code);
}

QTEST_GUILESS_MAIN(tst_Validator)
#include "tst_validator.moc"
