// Directives reach real calls: keys of projects that deny a provider, require ZDR, set a minimum
// precision or choose fallback models get the matching skips and fallbacks in their receipts; a
// deprecated alias carries its header before its date and runs as its replacement from it on
// (R-DIR-1, R-PREC-1, R-FALL-1, R-ALIAS-2, R-PLAN-4). All upstreams are the built-in
// simulator, so nothing leaves the machine.

#include "config/demo.h"
#include "config/keys.h"
#include "gatewayharness.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace {

using Level = Domain::DirectiveLevel;
using Reason = Domain::SkipReason;

struct CallerKey
{
    QString id;
    QString secret;
};

CallerKey addKey(GatewayHarness &h, const QString &project, const QString &name,
                 const Domain::Directives &directives = {})
{
    Config::NewKey k = Config::makeKey(project, name, QDateTime::currentDateTimeUtc());
    k.key.directives = directives;
    h.ws.keys << k.key;
    return { k.key.id, k.secret };
}

void addProject(GatewayHarness &h, const QString &id, const Domain::Directives &directives)
{
    h.ws.projects << Domain::Project { id, id, directives };
}

Domain::Connection &addSimulator(GatewayHarness &h, const QString &name, const QString &provider,
                                 double failureRate = 0.0)
{
    Domain::Connection &c = h.addConnection(name, {}, Domain::Dialect::Simulator);
    c.provider = provider;
    c.simulator.latencyMs = 2;
    c.simulator.tokensPerSecond = 10000;
    c.simulator.failureRate = failureRate;
    c.simulator.failureKinds = { Domain::SimulatedFailure::Unavailable };
    return c;
}

// Three providers with different data-policy facts, each behind its own simulator connection, and
// one model offered by all three at different precisions: openai fp4, azure fp8, simulator bf16.
void buildProviders(GatewayHarness &h)
{
    h.ws.providers = { { u"openai"_s, u"OpenAI"_s, false, true, u"listing"_s },
                       { u"azure"_s, u"Azure"_s, true, true, u"listing"_s },
                       { u"simulator"_s, u"Simulator"_s, true, true, u"built in"_s } };
    addSimulator(h, u"oa"_s, u"openai"_s);
    addSimulator(h, u"az"_s, u"azure"_s);
    addSimulator(h, u"sim"_s, u"simulator"_s);
    Domain::Model &m = h.addDirect(u"multi/chat"_s, { u"oa"_s, u"az"_s, u"sim"_s });
    m.offerings[0].precision = Domain::Precision::Fp4;
    m.offerings[1].precision = Domain::Precision::Fp8;
    m.offerings[2].precision = Domain::Precision::Bf16;
}

GatewayHarness::Reply chatAs(GatewayHarness &h, const CallerKey &key, const QString &model)
{
    return h.post(u"/v1/chat/completions"_s, GatewayHarness::chatBody(model),
                  { { "Authorization", "Bearer " + key.secret.toLatin1() } }, false);
}

QStringList skipsOf(const Domain::Receipt &r)
{
    QStringList out;
    for (const Domain::Skip &s : r.skips) {
        out << u"%1:%2:%3"_s.arg(s.candidate, Domain::toString(s.reason),
                                 Domain::toString(s.level));
    }
    return out;
}

} // namespace

class tst_DirectiveCalls : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keysGetTheirSkips_R_PLAN_4_data();
    void keysGetTheirSkips_R_PLAN_4();
    void projectFallbackChain_R_FALL_1();
    void keyCannotTurnFallbackOn_R_FALL_1();
    void deprecatedAlias_R_ALIAS_2_data();
    void deprecatedAlias_R_ALIAS_2();
    void demoProjectsShowTheirRules_R_PLAN_4_data();
    void demoProjectsShowTheirRules_R_PLAN_4();
    void aggregatorReceivesProviderRules_R_DIR_5();
};

void tst_DirectiveCalls::keysGetTheirSkips_R_PLAN_4_data()
{
    QTest::addColumn<QString>("setup");
    QTest::addColumn<QString>("servedBy");
    QTest::addColumn<QStringList>("skips");
    QTest::newRow("project denies azure")
        << u"no-azure"_s << u"oa"_s << QStringList { u"az:policy_denied:project"_s };
    QTest::newRow("project requires ZDR")
        << u"zdr-only"_s << u"az"_s << QStringList { u"oa:no_zdr:project"_s };
    QTest::newRow("key requires bf16")
        << u"bf16-key"_s << u"sim"_s
        << QStringList { u"oa:below_min_precision:key"_s, u"az:below_min_precision:key"_s };
    QTest::newRow("team allows only azure and simulator, key denies simulator")
        << u"allowed-and-denied"_s << u"az"_s
        << QStringList { u"oa:policy_denied:workspace"_s, u"sim:policy_denied:key"_s };
    QTest::newRow("no directives") << u"plain"_s << u"oa"_s << QStringList {};
}

void tst_DirectiveCalls::keysGetTheirSkips_R_PLAN_4()
{
    QFETCH(QString, setup);
    QFETCH(QString, servedBy);
    QFETCH(QStringList, skips);
    GatewayHarness h;
    buildProviders(h);
    Domain::Directives d;
    CallerKey key;
    if (setup == u"no-azure"_s) {
        d.deniedProviders = { u"azure"_s };
        addProject(h, setup, d);
        key = addKey(h, setup, u"k"_s);
    } else if (setup == u"zdr-only"_s) {
        d.requireZdr = true;
        addProject(h, setup, d);
        key = addKey(h, setup, u"k"_s);
    } else if (setup == u"bf16-key"_s) {
        d.minPrecision = Domain::Precision::Bf16;
        key = addKey(h, u"default"_s, u"k"_s, d);
    } else if (setup == u"allowed-and-denied"_s) {
        h.ws.directives.allowedProviders = QStringList { u"azure"_s, u"simulator"_s };
        d.deniedProviders = { u"simulator"_s };
        key = addKey(h, u"default"_s, u"k"_s, d);
    } else {
        key = addKey(h, u"default"_s, u"k"_s);
    }
    QVERIFY(h.start());

    const auto r = chatAs(h, key, u"multi/chat"_s);

    QCOMPARE(r.status, 200);
    QCOMPARE(r.header("x-gateway-served-by"), servedBy.toLatin1());
    const auto receipt = h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->keyId, key.id);
    QCOMPARE(skipsOf(*receipt), skips);
}

void tst_DirectiveCalls::projectFallbackChain_R_FALL_1()
{
    GatewayHarness h;
    buildProviders(h);
    addSimulator(h, u"down"_s, u"simulator"_s, 1.0);
    h.addDirect(u"down/chat"_s, { u"down"_s }, GatewayHarness::fastRecovery(3, 0));
    h.addDirect(u"backup/one"_s, { u"sim"_s });
    h.addDirect(u"backup/two"_s, { u"az"_s });
    h.ws.directives.allowModelFallback = true;
    h.ws.directives.fallbackModels = QStringList { u"backup/one"_s };
    Domain::Directives chain;
    chain.fallbackModels = QStringList { u"backup/two"_s, u"backup/one"_s };
    addProject(h, u"chain"_s, chain);
    const CallerKey team = addKey(h, u"default"_s, u"team"_s);
    const CallerKey project = addKey(h, u"chain"_s, u"project"_s);
    QVERIFY(h.start());

    const auto a = chatAs(h, team, u"down/chat"_s);
    QCOMPARE(a.status, 200);
    QCOMPARE(a.header("ib-fallback-model"), QByteArray("backup/one"));
    QCOMPARE(a.json().value(u"model"_s).toString(), u"backup/one"_s);

    // The project's own list wins over the team's; the team allowed fallback.
    const auto b = chatAs(h, project, u"down/chat"_s);
    QCOMPARE(b.status, 200);
    QCOMPARE(b.header("ib-fallback-model"), QByteArray("backup/two"));
    const auto receipt = h.receipt(b.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->modelServed, u"backup/two"_s);
    QCOMPARE(receipt->fallbackModel, u"backup/two"_s);
    QVERIFY(receipt->attempts.size() >= 2);
    QCOMPARE(receipt->attempts.first().model, u"down/chat"_s);
    QVERIFY(!receipt->attempts.first().fallback);
    QVERIFY(receipt->attempts.last().fallback);
    QCOMPARE(receipt->attempts.last().connection, u"az"_s);
}

void tst_DirectiveCalls::keyCannotTurnFallbackOn_R_FALL_1()
{
    GatewayHarness h;
    buildProviders(h);
    addSimulator(h, u"down"_s, u"simulator"_s, 1.0);
    h.addDirect(u"down/chat"_s, { u"down"_s }, GatewayHarness::fastRecovery(2, 0));
    h.addDirect(u"backup/one"_s, { u"sim"_s });
    Domain::Directives d;
    d.allowModelFallback = true; // the team has not allowed fallback: unset is off
    d.fallbackModels = QStringList { u"backup/one"_s };
    const CallerKey key = addKey(h, u"default"_s, u"k"_s, d);
    QVERIFY(h.start());

    const auto r = chatAs(h, key, u"down/chat"_s);

    QCOMPARE(r.status, 503);
    QVERIFY(!r.hasHeader("ib-fallback-model"));
    QCOMPARE(r.header("x-gateway-attempts"), QByteArray("2"));
}

void tst_DirectiveCalls::deprecatedAlias_R_ALIAS_2_data()
{
    QTest::addColumn<QDate>("today");
    QTest::addColumn<QString>("model");
    QTest::newRow("day before: runs as itself") << QDate(2026, 11, 30) << u"multi/chat"_s;
    QTest::newRow("on the date: runs as replacement") << QDate(2026, 12, 1) << u"backup/one"_s;
    QTest::newRow("after the date") << QDate(2027, 1, 15) << u"backup/one"_s;
}

void tst_DirectiveCalls::deprecatedAlias_R_ALIAS_2()
{
    QFETCH(QDate, today);
    QFETCH(QString, model);
    GatewayHarness h;
    h.options.today = today;
    buildProviders(h);
    h.addDirect(u"backup/one"_s, { u"sim"_s });
    Domain::Alias alias;
    alias.name = u"org/legacy"_s;
    alias.target = u"multi/chat"_s;
    alias.deprecationDate = QDate(2026, 12, 1);
    alias.replacement = u"backup/one"_s;
    h.ws.aliases << alias;
    Domain::Directives zdr;
    zdr.requireZdr = true;
    addProject(h, u"zdr-only"_s, zdr);
    const CallerKey key = addKey(h, u"zdr-only"_s, u"k"_s);
    QVERIFY(h.start());

    const auto r = chatAs(h, key, u"org/legacy"_s);

    QCOMPARE(r.status, 200);
    QCOMPARE(r.header("ib-alias-deprecated"),
             QByteArray("date=2026-12-01; replacement=backup/one"));
    QCOMPARE(r.json().value(u"model"_s).toString(), model);
    const auto receipt = h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->alias, u"org/legacy"_s);
    QCOMPARE(receipt->modelResolved, model);
    // Directives apply to the model the alias resolved to (R-ALIAS-1).
    const QStringList expectedSkips
        = model == u"multi/chat"_s ? QStringList { u"oa:no_zdr:project"_s } : QStringList {};
    QCOMPARE(skipsOf(*receipt), expectedSkips);
}

void tst_DirectiveCalls::demoProjectsShowTheirRules_R_PLAN_4_data()
{
    QTest::addColumn<QString>("project");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QStringList>("skips");
    QTest::addColumn<QByteArray>("deprecation");
    QTest::newRow("no-azure") << u"no-azure"_s << u"org/fast"_s
                              << QStringList { u"sim-azure:policy_denied:project"_s }
                              << QByteArray();
    QTest::newRow("zdr-only") << u"zdr-only"_s << u"org/fast"_s
                              << QStringList { u"sim-openai:no_zdr:project"_s } << QByteArray();
    QTest::newRow("bf16-only") << u"bf16-only"_s << u"sim-east/gpt-4o-mini"_s
                               << QStringList { u"sim-openai:below_min_precision:project"_s }
                               << QByteArray();
    QTest::newRow("default, deprecated alias")
        << u"default"_s << u"org/legacy"_s << QStringList {}
        << QByteArray("date=2027-01-01; replacement=demo/chat");
}

// The demo workspace as shipped: its projects' directives skip visible offerings of
// sim-east/gpt-4o-mini (the target of org/fast), which sim-east still serves.
void tst_DirectiveCalls::demoProjectsShowTheirRules_R_PLAN_4()
{
    QFETCH(QString, project);
    QFETCH(QString, model);
    QFETCH(QStringList, skips);
    QFETCH(QByteArray, deprecation);
    GatewayHarness h;
    h.options.today = QDate(2026, 11, 29);
    Domain::Workspace demo = Config::demoWorkspace();
    demo.keys = h.ws.keys;
    h.ws = demo;
    const CallerKey key = addKey(h, project, u"demo-"_s + project);
    QVERIFY(h.start());

    const auto r = chatAs(h, key, model);

    QCOMPARE(r.status, 200);
    QCOMPARE(r.header("x-gateway-served-by"), QByteArray("sim-east"));
    QCOMPARE(r.header("ib-alias-deprecated"), deprecation);
    const auto receipt = h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(skipsOf(*receipt), skips);
}

// R-DIR-5: an aggregator connection (a fake one that records what it received) is told the
// directives in OpenRouter's fields: zdr, data_collection, quantizations, and the providers it may
// use (`only`: every level's allowed list intersected, less the denied) and may not (`ignore`).
void tst_DirectiveCalls::aggregatorReceivesProviderRules_R_DIR_5()
{
    FakeUpstream router;
    QVERIFY(router.listen());
    router.setDefault(FakeUpstream::openAiChat(u"up-chat"_s));
    GatewayHarness h;
    h.ws.providers = { { u"openrouter"_s, u"OpenRouter"_s, true, true, u"listing"_s } };
    Domain::Connection &c = h.addConnection(u"router"_s, router.baseUrl(), Domain::Dialect::OpenAi);
    c.provider = u"openrouter"_s;
    c.aggregator = true;
    h.addDirect(u"routed/chat"_s, { u"router"_s });
    h.ws.directives.allowedProviders
        = QStringList { u"openrouter"_s, u"together"_s, u"deepinfra"_s, u"fireworks"_s };
    Domain::Directives project;
    project.allowedProviders
        = QStringList { u"openrouter"_s, u"together"_s, u"deepinfra"_s, u"groq"_s };
    project.requireZdr = true;
    addProject(h, u"strict"_s, project);
    Domain::Directives keyRules;
    keyRules.deniedProviders = { u"deepinfra"_s, u"novita"_s };
    keyRules.requireNoTraining = true;
    keyRules.minPrecision = Domain::Precision::Fp8;
    const CallerKey key = addKey(h, u"strict"_s, u"k"_s, keyRules);
    QVERIFY(h.start());
    const GatewayHarness::Reply r = chatAs(h, key, u"routed/chat"_s);
    QCOMPARE(r.status, 200);
    QCOMPARE(router.requestCount(), 1);
    const QJsonObject sent = QJsonDocument::fromJson(router.received().at(0).body).object();
    const QJsonObject provider = sent.value(u"provider"_s).toObject();
    QCOMPARE(provider.value(u"only"_s).toArray(), QJsonArray({ u"openrouter"_s, u"together"_s }));
    QCOMPARE(provider.value(u"ignore"_s).toArray(), QJsonArray({ u"deepinfra"_s, u"novita"_s }));
    QCOMPARE(provider.value(u"zdr"_s).toBool(), true);
    QCOMPARE(provider.value(u"data_collection"_s).toString(), u"deny"_s);
    QCOMPARE(provider.value(u"quantizations"_s).toArray(),
             QJsonArray({ u"fp8"_s, u"fp16"_s, u"bf16"_s, u"fp32"_s }));
}

QTEST_MAIN(tst_DirectiveCalls)
#include "tst_directivecalls.moc"
