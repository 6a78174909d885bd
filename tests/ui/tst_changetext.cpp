#include "../core/config/fixtures.h"

#include <QTest>
#include <QTranslator>
#include <common/changetext.h>
#include <config/changelist.h>
#include <config/demo.h>
#include <config/keys.h>
#include <functional>

using namespace Qt::StringLiterals;

using Mutation = std::function<void(Domain::Workspace &)>;
Q_DECLARE_METATYPE(Mutation)

namespace {

// Demo model indices: 0 sim-east/gpt-4o, 1 sim-west-eu/gpt-4o, 3 sim-east/gpt-4o-mini,
// 6 demo/chat (pool 3:1 of 0 and 1), 7 demo/resilient.
Domain::Model &gpt(Domain::Workspace &ws)
{
    return ws.models[0];
}

Domain::Model &chatPool(Domain::Workspace &ws)
{
    return ws.models[6];
}

QStringList lines(const QList<Config::Change> &changes)
{
    return Ui::Common::changeLines(changes);
}

} // namespace

class tst_ChangeText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void equalIsEmpty_R_UI_4();
    void edit_R_UI_4_data();
    void edit_R_UI_4();
    void editFromOverrides_R_UI_4_data();
    void editFromOverrides_R_UI_4();
    void scopeAndText_R_UI_4();
    void order_R_UI_4();
    void secretNeverShown_R_SEC_3();
    void classifierRules();

private:
    void poolRows();
    void recoveryRows();
    void modelRows();
    void otherRows();
    void directiveRows();
    void sessionRows();
};

void tst_ChangeText::equalIsEmpty_R_UI_4()
{
    QVERIFY(Config::changeList(Config::demoWorkspace(), Config::demoWorkspace()).isEmpty());
    QVERIFY(Config::changeList(ConfigTest::fullWorkspace(), ConfigTest::fullWorkspace()).isEmpty());
}

void tst_ChangeText::poolRows()
{
    QTest::newRow("direct to pool")
        << Mutation([](Domain::Workspace &ws) {
               gpt(ws).route = Domain::RouteKind::Pool;
               gpt(ws).offerings.clear();
               gpt(ws).pool.deployments << Domain::PoolEntry { u"sim-west-eu/gpt-4o"_s, 1 };
           })
        << QStringList { u"Model sim-east/gpt-4o: Deployment pool: Direct → Pool"_s,
                         u"Model sim-east/gpt-4o: Add deployment sim-west-eu/gpt-4o (weight 1)"_s,
                         u"Model sim-east/gpt-4o: Remove offering sim-east (gpt-4o)"_s };
    QTest::newRow("pool to direct")
        << Mutation([](Domain::Workspace &ws) { chatPool(ws).route = Domain::RouteKind::Direct; })
        << QStringList { u"Model demo/chat: Deployment pool: Pool → Direct"_s };
    QTest::newRow("add deployment") << Mutation([](Domain::Workspace &ws) {
        chatPool(ws).pool.deployments << Domain::PoolEntry { u"sim-flaky/gpt-4o"_s, 2 };
    }) << QStringList { u"Model demo/chat: Add deployment sim-flaky/gpt-4o (weight 2)"_s };
    QTest::newRow("remove deployment")
        << Mutation([](Domain::Workspace &ws) { chatPool(ws).pool.deployments.removeLast(); })
        << QStringList { u"Model demo/chat: Remove deployment sim-west-eu/gpt-4o"_s };
    QTest::newRow("weight") << Mutation([](Domain::Workspace &ws) {
        chatPool(ws).pool.deployments[0].weight = 5;
    }) << QStringList { u"Model demo/chat: Weight of sim-east/gpt-4o: 3 → 5"_s };
    QTest::newRow("weight with thousands")
        << Mutation([](Domain::Workspace &ws) { chatPool(ws).pool.deployments[1].weight = 10000; })
        << QStringList { u"Model demo/chat: Weight of sim-west-eu/gpt-4o: 1 → 10,000"_s };
    QTest::newRow("allowed regions from none") << Mutation([](Domain::Workspace &ws) {
        chatPool(ws).pool.allowedRegions = { u"us-east-1"_s };
    }) << QStringList { u"Model demo/chat: Allowed regions: none → us-east-1"_s };
    QTest::newRow("allowed regions widened") << Mutation([](Domain::Workspace &ws) {
        chatPool(ws).pool.allowedRegions = { u"us-east-1"_s, u"us-west-2"_s };
    }) << QStringList { u"Model demo/chat: Allowed regions: none → us-east-1, us-west-2"_s };
}

void tst_ChangeText::recoveryRows()
{
    QTest::newRow("recovery override")
        << Mutation([](Domain::Workspace &ws) {
               gpt(ws).recovery = { true, { 5, 60000, 200, 4000, 10000 } };
           })
        << QStringList { u"Model sim-east/gpt-4o: Recovery: Default → Override"_s,
                         u"Model sim-east/gpt-4o: Attempts: 3 → 5"_s,
                         u"Model sim-east/gpt-4o: Deadline, ms: 180,000 → 60,000"_s,
                         u"Model sim-east/gpt-4o: Backoff, ms: 100 → 200"_s,
                         u"Model sim-east/gpt-4o: Backoff maximum, ms: 2,000 → 4,000"_s,
                         u"Model sim-east/gpt-4o: Cooldown, ms: 5,000 → 10,000"_s };
    QTest::newRow("recovery override with timeouts R-REC-9")
        << Mutation([](Domain::Workspace &ws) {
               gpt(ws).recovery = { true, { 3, 180000, 100, 2000, 5000, 2000, 45000, 15000 } };
           })
        << QStringList { u"Model sim-east/gpt-4o: Recovery: Default → Override"_s,
                         u"Model sim-east/gpt-4o: Connect timeout, ms: 10,000 → 2,000"_s,
                         u"Model sim-east/gpt-4o: Stream start timeout, ms: 30,000 → 45,000"_s,
                         u"Model sim-east/gpt-4o: Stream idle timeout, ms: 30,000 → 15,000"_s };
    QTest::newRow("override compared with the workspace defaults R-REC-9")
        << Mutation([](Domain::Workspace &ws) {
               ws.recoveryDefaults.connectTimeoutMs = 2000;
               gpt(ws).recovery = { true, { 3, 180000, 100, 2000, 5000, 2000, 30000, 30000 } };
           })
        << QStringList { u"Recovery defaults: Connect timeout, ms: 10,000 → 2,000"_s,
                         u"Model sim-east/gpt-4o: Recovery: Default → Override"_s,
                         u"Model sim-east/gpt-4o: Connect timeout, ms: 10,000 → 2,000"_s };
    QTest::newRow("workspace recovery defaults R-REC-9")
        << Mutation([](Domain::Workspace &ws) {
               ws.recoveryDefaults.attempts = 2;
               ws.recoveryDefaults.cooldownMs = 0;
               ws.recoveryDefaults.connectTimeoutMs = 2000;
               ws.recoveryDefaults.streamStartTimeoutMs = 1000;
               ws.recoveryDefaults.streamIdleTimeoutMs = 600000;
           })
        << QStringList { u"Recovery defaults: Attempts: 3 → 2"_s,
                         u"Recovery defaults: Cooldown, ms: 5,000 → 0"_s,
                         u"Recovery defaults: Connect timeout, ms: 10,000 → 2,000"_s,
                         u"Recovery defaults: Stream start timeout, ms: 30,000 → 1,000"_s,
                         u"Recovery defaults: Stream idle timeout, ms: 30,000 → 600,000"_s };
    QTest::newRow("strict receipts on R-RCPT-1")
        << Mutation([](Domain::Workspace &ws) { ws.strictReceipts = true; })
        << QStringList { u"Workspace: Strict receipts: off → on"_s };
    QTest::newRow("recovery back to default") << Mutation([](Domain::Workspace &ws) {
        gpt(ws).recovery.override.attempts = 5; // kept behind Default, so not listed
    }) << QStringList {};
    QTest::newRow("serving region override")
        << Mutation([](Domain::Workspace &ws) { gpt(ws).servingRegionOverride = u"eu-west-1"_s; })
        << QStringList {
               u"Model sim-east/gpt-4o: Serving region: Default → Override (eu-west-1)"_s
           };
}

void tst_ChangeText::modelRows()
{
    QTest::newRow("create model") << Mutation([](Domain::Workspace &ws) {
        ws.models << ConfigTest::directModel(u"sim-east/o3"_s, u"sim-east"_s, u"o3"_s);
    }) << QStringList { u"Model sim-east/o3: Create model sim-east/o3"_s };
    QTest::newRow("delete model")
        << Mutation([](Domain::Workspace &ws) { ws.models.removeAt(4); })
        << QStringList {
               u"Model sim-east/claude-sonnet-5: Delete model sim-east/claude-sonnet-5"_s
           };
    QTest::newRow("enabled") << Mutation([](Domain::Workspace &ws) { gpt(ws).enabled = false; })
                             << QStringList { u"Model sim-east/gpt-4o: Enabled: on → off"_s };
    QTest::newRow("prices and context")
        << Mutation([](Domain::Workspace &ws) {
               gpt(ws).inputPricePerMTok = 3;
               gpt(ws).outputPricePerMTok = 12.5;
               gpt(ws).contextWindow = 200000;
           })
        << QStringList { u"Model sim-east/gpt-4o: Input price per 1M tokens: 2.5 → 3"_s,
                         u"Model sim-east/gpt-4o: Output price per 1M tokens: 10 → 12.5"_s,
                         u"Model sim-east/gpt-4o: Context window: 128,000 → 200,000"_s };
    QTest::newRow("max output tokens R-XLAT-2")
        << Mutation([](Domain::Workspace &ws) { gpt(ws).maxOutputTokens = 8192; })
        << QStringList { u"Model sim-east/gpt-4o: Max output tokens: 4,096 → 8,192"_s };
    QTest::newRow("modality") << Mutation([](Domain::Workspace &ws) {
        ws.models[3].modality = Domain::Modality::Embedding;
    }) << QStringList { u"Model sim-east/gpt-4o-mini: Modality: chat → embedding"_s };
    QTest::newRow("add offering") << Mutation([](Domain::Workspace &ws) {
        ws.models[3].offerings << Domain::Offering { u"sim-west-eu"_s, u"gpt-4o-mini"_s };
    }) << QStringList { u"Model sim-east/gpt-4o-mini: Add offering sim-west-eu (gpt-4o-mini)"_s };
    QTest::newRow("offering fields")
        << Mutation([](Domain::Workspace &ws) {
               Domain::Offering &o = gpt(ws).offerings[0];
               o.precision = Domain::Precision::Fp8;
               o.capabilities.tools = false;
               o.capabilities.webSearchToolVersions = { u"web_search_20250305"_s };
               o.certified = false;
           })
        << QStringList {
               u"Model sim-east/gpt-4o: Precision of offering sim-east: none → fp8"_s,
               u"Model sim-east/gpt-4o: Tools of offering sim-east: on → off"_s,
               u"Model sim-east/gpt-4o: Web search tool versions of offering sim-east: none → "
               "web_search_20250305"_s,
               u"Model sim-east/gpt-4o: Certified of offering sim-east: yes → no"_s
           };
}

void tst_ChangeText::otherRows()
{
    QTest::newRow("connection fields")
        << Mutation([](Domain::Workspace &ws) {
               ws.connections[0].region = u"us-east-2"_s;
               ws.connections[0].enabled = false;
               ws.connections[0].simulator.failureRate = 0.3;
               ws.connections[0].simulator.failureKinds = { Domain::SimulatedFailure::RateLimited };
           })
        << QStringList { u"Connection sim-east: Region: us-east-1 → us-east-2"_s,
                         u"Connection sim-east: Enabled: on → off"_s,
                         u"Connection sim-east: Failure rate: 0 → 0.3"_s,
                         u"Connection sim-east: Failure kinds: none → rate_limited"_s };
    QTest::newRow("simulator api R-XLAT-1")
        << Mutation([](Domain::Workspace &ws) {
               ws.connections[0].simulator.api = Domain::SimulatorApi::Anthropic;
               ws.connections[1].simulator.api = Domain::SimulatorApi::OpenAi;
           })
        << QStringList { u"Connection sim-east: Answers in: Both APIs → Anthropic only"_s,
                         u"Connection sim-west-eu: Answers in: Both APIs → OpenAI only"_s };
    QTest::newRow("provider facts")
        << Mutation([](Domain::Workspace &ws) { ws.providers[1].zeroDataRetention = true; })
        << QStringList { u"Provider openai: Zero data retention: off → on"_s };
    QTest::newRow("alias")
        << Mutation([](Domain::Workspace &ws) {
               ws.aliases[0].target = u"sim-east/gpt-4o"_s;
               ws.aliases[0].fallbackModels = { u"demo/chat"_s };
               ws.aliases[0].deprecationDate = QDate(2027, 1, 31);
               ws.aliases[0].replacement = u"demo/chat"_s;
           })
        << QStringList { u"Alias org/fast: Target: sim-east/gpt-4o-mini → sim-east/gpt-4o"_s,
                         u"Alias org/fast: Fallback models: none → demo/chat"_s,
                         u"Alias org/fast: Deprecation date: none → 2027-01-31"_s,
                         u"Alias org/fast: Replacement: none → demo/chat"_s };
    QTest::newRow("preset defaults")
        << Mutation(
               [](Domain::Workspace &ws) { ws.aliases[0].presetDefaults[u"temperature"_s] = 0.5; })
        << QStringList {
               u"Alias org/fast: Preset defaults: {\"temperature\":0.2} → {\"temperature\":0.5}"_s
           };
    QTest::newRow("project") << Mutation([](Domain::Workspace &ws) {
        ws.projects[1].name = u"R&D"_s;
        ws.projects << Domain::Project { u"ops"_s, u"Ops"_s, {} };
    })
                             << QStringList { u"Project research: Name: Research → R&D"_s,
                                              u"Project ops: Create project ops"_s };
    QTest::newRow("create key") << Mutation([](Domain::Workspace &ws) {
        ws.keys << Config::makeKey(u"research"_s, u"ci-bot"_s, QDateTime()).key;
    }) << QStringList { u"Key ci-bot: Create key ci-bot (project research)"_s };
    // New subjects, so the rows read the same whatever limits the demo workspace sets.
    QTest::newRow("limits R-BILL-3 R-BILL-4")
        << Mutation([](Domain::Workspace &ws) {
               Config::NewKey made = Config::makeKey(u"research"_s, u"ci-bot"_s, QDateTime());
               made.key.limits.dailyUsd = 5;
               made.key.limits.tokensPerMinute = 100000;
               ws.keys << made.key;
               Domain::Project ops { u"ops"_s, u"Ops"_s, {} };
               ops.limits.monthlyUsd = 120.5;
               ops.limits.requestsPerMinute = 60;
               ws.projects << ops;
               ws.budgetAlertPercent = 90;
           })
        << QStringList { u"Workspace: Budget alert threshold, %: 80 → 90"_s,
                         u"Project ops: Create project ops"_s,
                         u"Project ops: Monthly budget: no limit → $120.50"_s,
                         u"Project ops: Requests per minute: no limit → 60"_s,
                         u"Key ci-bot: Create key ci-bot (project research)"_s,
                         u"Key ci-bot: Daily budget: no limit → $5.00"_s,
                         u"Key ci-bot: Tokens per minute: no limit → 100,000"_s };
    QTest::newRow("workspace name") << Mutation([](Domain::Workspace &ws) { ws.name = u"Team"_s; })
                                    << QStringList { u"Workspace: Name: Demo workspace → Team"_s };
}

void tst_ChangeText::directiveRows()
{
    QTest::newRow("workspace directives")
        << Mutation([](Domain::Workspace &ws) {
               ws.directives.allowedProviders = QStringList { u"openai"_s, u"azure"_s };
               ws.directives.deniedProviders = { u"azure"_s };
               ws.directives.requireZdr = true;
               ws.directives.minPrecision = Domain::Precision::Fp8;
               ws.directives.maxApplicationAttempts = 2;
               ws.directives.allowModelFallback = true;
               ws.directives.fallbackModels = QStringList { u"demo/backup"_s };
               ws.directives.allowedModels = QStringList { u"openai/*"_s, u"demo/chat"_s };
           })
        << QStringList { u"Directives: workspace: Allowed models: any → openai/*, demo/chat"_s,
                         u"Directives: workspace: Allowed providers: any → openai, azure"_s,
                         u"Directives: workspace: Denied providers: none → azure"_s,
                         u"Directives: workspace: Require ZDR: unset → on"_s,
                         u"Directives: workspace: Minimum precision: unset → fp8"_s,
                         u"Directives: workspace: Max application attempts: unset → 2"_s,
                         u"Directives: workspace: Allow model fallback: unset → on"_s,
                         u"Directives: workspace: Fallback models: none → demo/backup"_s };
    QTest::newRow("project directives") << Mutation([](Domain::Workspace &ws) {
        ws.projects[1].directives.allowModelFallback = false;
    }) << QStringList { u"Directives: project research: Allow model fallback: unset → off"_s };
}

// Mixed-model sessions: modes and classes by their studio names, an unrated tier, the rules as one
// line.
void tst_ChangeText::sessionRows()
{
    QTest::newRow("sessions")
        << Mutation([](Domain::Workspace &ws) {
               ws.sessionWindowMinutes = 45;
               ws.models[3].quality.setTier(Domain::TaskClass::Code, 3);
               ws.models[3].quality.setTier(Domain::TaskClass::Reasoning, 0);
               ws.projects[1].sessions.mode = Domain::SessionMode::Shadow;
               Config::NewKey made = Config::makeKey(u"research"_s, u"ci-bot"_s, QDateTime());
               made.key.sessions = { Domain::SessionMode::Suggest, 4 };
               ws.keys << made.key;
           })
        << QStringList { u"Workspace: Suggestion window, minutes: 30 → 45"_s,
                         u"Model sim-east/gpt-4o-mini: Quality for Code: 2 → 3"_s,
                         u"Model sim-east/gpt-4o-mini: Quality for Reasoning: 2 → not rated"_s,
                         u"Project research: Session mode: Off → Shadow"_s,
                         u"Key ci-bot: Create key ci-bot (project research)"_s,
                         u"Key ci-bot: Session mode: Project's → Suggest"_s,
                         u"Key ci-bot: Quality floor: 3 → 4"_s };
}

// The classifier's table is one line with its size, in English's plural forms.
void tst_ChangeText::classifierRules()
{
    QTranslator english;
    QVERIFY(english.load(u":/i18n/switchboard_en.qm"_s));
    QCoreApplication::installTranslator(&english);
    const Domain::Workspace before = Config::demoWorkspace();
    const int n = int(before.classifierRules.size());
    Domain::Workspace grown = before;
    grown.classifierRules << Domain::ClassifierRule {};
    Domain::Workspace edited = before;
    edited.classifierRules[0].conditions[0].value += 1;
    Domain::Workspace single = before;
    single.classifierRules = { Domain::ClassifierRule {} };
    const QStringList got = lines(Config::changeList(before, grown))
        + lines(Config::changeList(before, edited)) + lines(Config::changeList(before, single));
    QCoreApplication::removeTranslator(&english);
    QCOMPARE(got,
             (QStringList { u"Workspace: Classifier rules: %1 rules → %2 rules"_s.arg(n).arg(n + 1),
                            u"Workspace: Classifier rules: changed (%1 rules)"_s.arg(n),
                            u"Workspace: Classifier rules: %1 rules → 1 rule"_s.arg(n) }));
}

void tst_ChangeText::edit_R_UI_4_data()
{
    QTest::addColumn<Mutation>("mutate");
    QTest::addColumn<QStringList>("expected");
    poolRows();
    recoveryRows();
    modelRows();
    otherRows();
    directiveRows();
    sessionRows();
}

void tst_ChangeText::edit_R_UI_4()
{
    QFETCH(Mutation, mutate);
    QFETCH(QStringList, expected);
    const Domain::Workspace before = Config::demoWorkspace();
    QVERIFY(!before.models.isEmpty());
    Domain::Workspace after = before;
    mutate(after);
    QCOMPARE(lines(Config::changeList(before, after)), expected);
}

// Starts from the full workspace, where regions, recovery and the pool's allowed regions are set.
// Its models: 0 openai-2/gpt-4o (offerings openai-2, sim), 3 org/chat (pool).
void tst_ChangeText::editFromOverrides_R_UI_4_data()
{
    QTest::addColumn<Mutation>("mutate");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("serving region changed") << Mutation([](Domain::Workspace &ws) {
        ws.models[0].servingRegionOverride = u"us-east-1"_s;
    }) << QStringList { u"Model openai-2/gpt-4o: Serving region: us-west-2 → us-east-1"_s };
    QTest::newRow("serving region to default")
        << Mutation([](Domain::Workspace &ws) { ws.models[0].servingRegionOverride.clear(); })
        << QStringList {
               u"Model openai-2/gpt-4o: Serving region: Override (us-west-2) → Default"_s
           };
    QTest::newRow("recovery to default")
        << Mutation([](Domain::Workspace &ws) { ws.models[0].recovery.overridden = false; })
        << QStringList { u"Model openai-2/gpt-4o: Recovery: Override → Default"_s };
    QTest::newRow("recovery attempts")
        << Mutation([](Domain::Workspace &ws) { ws.models[0].recovery.override.attempts = 2; })
        << QStringList { u"Model openai-2/gpt-4o: Attempts: 5 → 2"_s };
    QTest::newRow("allowed regions to none")
        << Mutation([](Domain::Workspace &ws) { ws.models[3].pool.allowedRegions.clear(); })
        << QStringList { u"Model org/chat: Allowed regions: us-east-1, eu-west-1 → none"_s };
    QTest::newRow("offering order R-PLAN-3") << Mutation([](Domain::Workspace &ws) {
        ws.models[0].offerings.swapItemsAt(0, 1);
    }) << QStringList { u"Model openai-2/gpt-4o: Offering order: openai-2, sim → sim, openai-2"_s };
    QTest::newRow("remove offering")
        << Mutation([](Domain::Workspace &ws) { ws.models[0].offerings.removeLast(); })
        << QStringList { u"Model openai-2/gpt-4o: Remove offering sim (gpt-4o)"_s };
    QTest::newRow("reactivate key")
        << Mutation([](Domain::Workspace &ws) { ws.keys[0].revoked = false; })
        << QStringList { u"Key ci-bot: Reactivate key ci-bot"_s };
    QTest::newRow("directives back to unset")
        << Mutation([](Domain::Workspace &ws) {
               ws.directives.allowedModels.reset();
               ws.directives.requireZdr.reset();
               ws.directives.fallbackModels = QStringList {};
           })
        << QStringList { u"Directives: workspace: Allowed models: org/chat, openai-2/* → any"_s,
                         u"Directives: workspace: Require ZDR: on → unset"_s,
                         u"Directives: workspace: Fallback models: org/chat → empty list"_s };
    QTest::newRow("credential kind") << Mutation([](Domain::Workspace &ws) {
        ws.connections[1].credential.reference = u"AZURE_KEY_2"_s;
    }) << QStringList { u"Connection azure-eu: Credential: changed"_s };
}

void tst_ChangeText::editFromOverrides_R_UI_4()
{
    QFETCH(Mutation, mutate);
    QFETCH(QStringList, expected);
    const Domain::Workspace before = ConfigTest::fullWorkspace();
    Domain::Workspace after = before;
    mutate(after);
    QCOMPARE(lines(Config::changeList(before, after)), expected);
}

void tst_ChangeText::scopeAndText_R_UI_4()
{
    const Domain::Workspace before = Config::demoWorkspace();
    Domain::Workspace after = before;
    chatPool(after).pool.deployments[0].weight = 5;
    after.keys << Config::makeKey(u"research"_s, u"ci-bot"_s, QDateTime()).key;
    after.keys[0].directives.maxApplicationAttempts = 2;
    const QList<Config::Change> changes = Config::changeList(before, after);
    QStringList scopes;
    QStringList texts;
    for (const Config::Change &c : changes) {
        scopes << Ui::Common::changeScope(c);
        texts << Ui::Common::changeText(c);
    }
    QCOMPARE(scopes,
             QStringList({ u"Model demo/chat"_s, u"Key ci-bot"_s, u"Directives: key ci-bot"_s }));
    QCOMPARE(texts,
             QStringList({ u"Weight of sim-east/gpt-4o: 3 → 5"_s,
                           u"Create key ci-bot (project research)"_s,
                           u"Max application attempts: unset → 2"_s }));

    Domain::Workspace revoked = after;
    revoked.keys[0].revoked = true;
    QCOMPARE(lines(Config::changeList(after, revoked)),
             QStringList { u"Key ci-bot: Revoke key ci-bot"_s });
}

void tst_ChangeText::order_R_UI_4()
{
    const Domain::Workspace before = Config::demoWorkspace();
    Domain::Workspace after = before;
    after.projects[0].name = u"Main"_s;
    after.aliases[0].target = u"sim-east/gpt-4o"_s;
    chatPool(after).enabled = false;
    gpt(after).enabled = false;
    after.connections[1].region = u"eu-west-2"_s;
    after.providers[0].policySource = u"set by hand"_s;
    after.directives.requireNoTraining = true;
    const QStringList expected {
        u"Directives: workspace: Require no training: unset → on"_s,
        u"Provider simulator: Policy source: built-in simulator → set by hand"_s,
        u"Connection sim-west-eu: Region: eu-west-1 → eu-west-2"_s,
        u"Model sim-east/gpt-4o: Enabled: on → off"_s,
        u"Model demo/chat: Enabled: on → off"_s,
        u"Alias org/fast: Target: sim-east/gpt-4o-mini → sim-east/gpt-4o"_s,
        u"Project default: Name: Default → Main"_s
    };
    QCOMPARE(lines(Config::changeList(before, after)), expected);
}

void tst_ChangeText::secretNeverShown_R_SEC_3()
{
    const Domain::Workspace before = ConfigTest::fullWorkspace();
    Domain::Workspace after = before;
    after.connections[0].credential.secret = u"sk-new-secret-77"_s;
    const QStringList got = lines(Config::changeList(before, after));
    QCOMPARE(got, QStringList { u"Connection openai-2: Credential: changed"_s });
    QVERIFY(!got.join(u'\n').contains(u"secret-"_s));
}

QTEST_MAIN(tst_ChangeText)
#include "tst_changetext.moc"
