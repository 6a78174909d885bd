#include "fixedrandom.h"
#include "routing/planner.h"
#include "routing/regionheader.h"
#include "routingfixtures.h"

#include <QSet>
#include <QTest>
#include <functional>
#include <numeric>

using namespace Qt::StringLiterals;
using namespace RoutingFixtures;
using Domain::SkipReason;

class tst_Planner : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void weightedOrder_R_PLAN_1_data();
    void weightedOrder_R_PLAN_1();
    void fixedRandomPicksByWeight_R_PLAN_1();
    void seedPool_R_REG_1_data();
    void seedPool_R_REG_1();
    void deploymentWithoutRegion_R_REG_2();
    void poolGoesOnlyToDeployments_R_PLAN_2();
    void directKeepsFixedOrder_R_PLAN_3();
    void skips_R_PLAN_4_data();
    void skips_R_PLAN_4();
    void candidateSaysWhichWayItIsTranslated_R_XLAT_5();
    void deploymentUsesFirstEligibleOffering_R_DIR_4();
    void reliability_R_REL_1_data();
    void reliability_R_REL_1();
    void onlyCooldowns_R_REG_5();
    void candidateCooldownIsPlanModels_R_DET();
    void defaultRecoveryCooldownIsTheWorkspaces_R_REC_9();
    void poolDeploymentTakesFirstPassingOfferingInFixedOrder_R_DET_data();
    void poolDeploymentTakesFirstPassingOfferingInFixedOrder_R_DET();
    void cooldownBelongsToConnectionAndUpstreamModel_R_DET();
    void offeringRegionSameInPoolAndDirect_R_DET_data();
    void offeringRegionSameInPoolAndDirect_R_DET();

private:
    static void addCapabilityRows();
    static void addRegionAndCoolingRows();
    static void addPolicyRows();
    static Routing::Plan planFor(const Domain::Workspace &ws, const QString &model,
                                 const Routing::RequestSummary &r,
                                 const Routing::CooldownBook &book = {},
                                 const QStringList &header = {});
};

Routing::Plan tst_Planner::planFor(const Domain::Workspace &ws, const QString &model,
                                   const Routing::RequestSummary &r,
                                   const Routing::CooldownBook &book, const QStringList &header)
{
    const auto dir = Routing::mergeDirectives(ws, r.projectId, r.keyId);
    const auto h = Routing::parseRegionHeader(header);
    Routing::SeededRandom random(7);
    return Routing::plan(ws, *ws.model(model), r, dir, h.value(), book, 0, random);
}

namespace {

QStringList names(const QList<Routing::Candidate> &cs)
{
    QStringList out;
    for (const auto &c : cs)
        out << c.deployment + u'@' + c.connection;
    return out;
}

// A pool over n one-offering models d0…dn-1 with the given weights.
Domain::Workspace weightedPool(const QList<int> &weights)
{
    Domain::Workspace ws = seedWorkspace();
    QList<Domain::PoolEntry> entries;
    for (qsizetype i = 0; i < weights.size(); ++i) {
        const QString conn = u"c%1"_s.arg(i);
        ws.connections << connection(conn, u"simulator"_s, Domain::Dialect::Simulator);
        ws.models << direct(u"d/%1"_s.arg(i), { offering(conn, u"m"_s) });
        entries << Domain::PoolEntry { u"d/%1"_s.arg(i), weights[i] };
    }
    ws.models << pool(u"p/weighted"_s, entries);
    return ws;
}

} // namespace

void tst_Planner::weightedOrder_R_PLAN_1_data()
{
    QTest::addColumn<QList<int>>("weights");
    QTest::newRow("3:1") << QList<int> { 3, 1 };
    QTest::newRow("1:1:2") << QList<int> { 1, 1, 2 };
    QList<int> sixteen;
    for (int w = 1; w <= 16; ++w)
        sixteen << w;
    QTest::newRow("16 deployments, weights 1..16") << sixteen;
    QTest::newRow("10000:1") << QList<int> { 10000, 1 };
}

// Fixed seed, 40,000 plans: first-pick shares match the weights within ±1 percentage point, and
// no plan repeats or drops a deployment.
void tst_Planner::weightedOrder_R_PLAN_1()
{
    QFETCH(QList<int>, weights);
    const Domain::Workspace ws = weightedPool(weights);
    const Domain::Model &pool = *ws.model(u"p/weighted"_s);
    const auto r = chat(u"p/weighted"_s);
    const auto dir = Routing::mergeDirectives(ws, r.projectId, r.keyId);
    const Routing::CooldownBook book;
    Routing::SeededRandom random(20261129);
    QList<int> firsts(weights.size(), 0);
    constexpr int kPlans = 40000;
    for (int i = 0; i < kPlans; ++i) {
        const auto p = Routing::plan(ws, pool, r, dir, std::nullopt, book, 0, random);
        QCOMPARE(p.candidates.size(), weights.size());
        QSet<QString> seen;
        for (const auto &c : p.candidates)
            seen.insert(c.deployment);
        QCOMPARE(seen.size(), weights.size());
        ++firsts[p.candidates.front().deployment.mid(2).toInt()];
    }
    const double total = std::accumulate(weights.cbegin(), weights.cend(), 0.0);
    for (qsizetype i = 0; i < weights.size(); ++i) {
        const double expected = weights[i] / total;
        const double seen = double(firsts[i]) / kPlans;
        QVERIFY2(std::abs(seen - expected) <= 0.01,
                 qPrintable(u"deployment %1: %2 vs %3"_s.arg(i).arg(seen).arg(expected)));
    }
}

void tst_Planner::fixedRandomPicksByWeight_R_PLAN_1()
{
    // 3:1 → [0, 0.75) picks openai-2 first, [0.75, 1) azure-eu.
    const Domain::Workspace ws = seedWorkspace();
    const auto r = chat(u"demo/chat"_s);
    const auto dir = Routing::mergeDirectives(ws, r.projectId, r.keyId);
    const Routing::CooldownBook book;
    FixedRandom low({ 0.74, 0.0 });
    const auto a = Routing::plan(ws, *ws.model(u"demo/chat"_s), r, dir, {}, book, 0, low);
    QCOMPARE(names(a.candidates),
             (QStringList { u"openai-2/gpt-4o@openai-2"_s, u"azure-eu/gpt-4o@azure-eu"_s }));
    FixedRandom high({ 0.75, 0.0 });
    const auto b = Routing::plan(ws, *ws.model(u"demo/chat"_s), r, dir, {}, book, 0, high);
    QCOMPARE(names(b.candidates),
             (QStringList { u"azure-eu/gpt-4o@azure-eu"_s, u"openai-2/gpt-4o@openai-2"_s }));
}

void tst_Planner::seedPool_R_REG_1_data()
{
    QTest::addColumn<QStringList>("poolRegions");
    QTest::addColumn<QStringList>("header");
    QTest::addColumn<QStringList>("deployments"); // eligible, sorted
    QTest::addColumn<QStringList>("outOfRegion");

    const QString openai = u"openai-2/gpt-4o"_s, azure = u"azure-eu/gpt-4o"_s;
    QTest::newRow("no regions") << QStringList() << QStringList() << QStringList { azure, openai }
                                << QStringList();
    QTest::newRow("only in us-east-1") << QStringList { u"us-east-1"_s } << QStringList()
                                       << QStringList { openai } << QStringList { azure };
    QTest::newRow("header narrows a pool without regions")
        << QStringList() << QStringList { u"eu-west-1"_s } << QStringList { azure }
        << QStringList { openai };
    QTest::newRow("header never widens (R-REG-4)")
        << QStringList { u"us-east-1"_s } << QStringList { u"eu-west-1"_s } << QStringList()
        << QStringList { azure, openai };
    QTest::newRow("both lists agree") << QStringList { u"us-east-1"_s, u"eu-west-1"_s }
                                      << QStringList { u"eu-west-1, us-east-1"_s }
                                      << QStringList { azure, openai } << QStringList();
    QTest::newRow("names match case-sensitively") << QStringList() << QStringList { u"US-EAST-1"_s }
                                                  << QStringList() << QStringList { azure, openai };
}

void tst_Planner::seedPool_R_REG_1()
{
    QFETCH(QStringList, poolRegions);
    QFETCH(QStringList, header);
    QFETCH(QStringList, deployments);
    QFETCH(QStringList, outOfRegion);
    Domain::Workspace ws = seedWorkspace();
    ws.model(u"demo/chat"_s)->pool.allowedRegions = poolRegions;
    const auto p = planFor(ws, u"demo/chat"_s, chat(u"demo/chat"_s), {}, header);
    QStringList got;
    for (const auto &c : p.candidates)
        got << c.deployment;
    got.sort();
    QCOMPARE(got, deployments);
    QStringList skipped;
    for (const auto &s : p.skips) {
        QCOMPARE(Domain::toString(s.reason), u"out_of_region"_s);
        // The fact names the list that left it out (the pool's first, then the header's).
        const bool byPool = s.detail.code == Domain::FactCode::RegionNotInPool;
        QVERIFY(byPool || s.detail.code == Domain::FactCode::RegionNotInHeader);
        QCOMPARE(s.detail.names(1), byPool ? poolRegions : header);
        skipped << s.candidate;
    }
    skipped.sort();
    QCOMPARE(skipped, outOfRegion);
    double chances = 0;
    for (const auto &c : p.candidates)
        chances += c.firstChance;
    QCOMPARE(p.candidates.isEmpty() ? 1.0 : chances, 1.0);
    QVERIFY(!p.onlyCooldowns);
}

void tst_Planner::deploymentWithoutRegion_R_REG_2()
{
    Domain::Workspace ws = seedWorkspace();
    ws.connections[1].region.clear(); // azure-eu: no serving region known
    const auto any = planFor(ws, u"demo/chat"_s, chat(u"demo/chat"_s));
    QCOMPARE(any.candidates.size(), 2); // a pool without regions does not care
    ws.model(u"demo/chat"_s)->pool.allowedRegions = { u"us-east-1"_s, u"eu-west-1"_s };
    const auto listed = planFor(ws, u"demo/chat"_s, chat(u"demo/chat"_s));
    QCOMPARE(names(listed.candidates), QStringList { u"openai-2/gpt-4o@openai-2"_s });
    QCOMPARE(listed.skips.size(), 1);
    QCOMPARE(listed.skips[0].candidate, u"azure-eu/gpt-4o"_s);
    QCOMPARE(Domain::toString(listed.skips[0].reason), u"out_of_region"_s);
    // The deployment's own serving-region override counts (R-REG-1).
    ws.model(u"azure-eu/gpt-4o"_s)->servingRegionOverride = u"eu-west-1"_s;
    QCOMPARE(planFor(ws, u"demo/chat"_s, chat(u"demo/chat"_s)).candidates.size(), 2);
}

void tst_Planner::poolGoesOnlyToDeployments_R_PLAN_2()
{
    Domain::Workspace ws = seedWorkspace();
    Domain::Model *m = ws.model(u"demo/chat"_s);
    m->offerings = { offering(u"sim-east"_s, u"own"_s) }; // kept from its Direct days, unused
    const auto p = planFor(ws, u"demo/chat"_s, chat(u"demo/chat"_s));
    QCOMPARE(p.candidates.size(), 2);
    for (const auto &c : p.candidates) {
        QVERIFY(c.connection != u"sim-east"_s);
        QCOMPARE(c.model, u"demo/chat"_s);
    }
}

void tst_Planner::directKeepsFixedOrder_R_PLAN_3()
{
    const Domain::Workspace ws = seedWorkspace();
    for (int i = 0; i < 5; ++i) {
        const auto p = planFor(ws, u"sim/three"_s, chat(u"sim/three"_s));
        QCOMPARE(names(p.candidates),
                 (QStringList { u"sim/three@sim-east"_s, u"sim/three@sim-west"_s,
                                u"sim/three@openai-1"_s }));
        QCOMPARE(p.candidates[0].firstChance, 1.0);
        QCOMPARE(p.candidates[1].firstChance, 0.0);
        QCOMPARE(p.candidates[0].region, u"us-east-1"_s);
    }
}

namespace {

using Setup
    = std::function<void(Domain::Workspace &, Routing::RequestSummary &, Routing::CooldownBook &)>;

// One direct model "t/one" with one offering on connection t-conn (provider tprov, us-east-1).
Domain::Workspace oneOffering()
{
    Domain::Workspace ws = seedWorkspace();
    ws.providers << Domain::Provider { u"tprov"_s, u"T"_s, true, true, {} };
    ws.connections << connection(u"t-conn"_s, u"tprov"_s, Domain::Dialect::OpenAi, u"us-east-1"_s);
    Domain::Offering o = offering(u"t-conn"_s, u"up"_s, Domain::Precision::Fp8);
    o.capabilities.webSearchToolVersions = { u"web_search_20250305"_s };
    ws.models << direct(u"t/one"_s, { o });
    return ws;
}

Domain::Offering &theOffering(Domain::Workspace &ws)
{
    return ws.model(u"t/one"_s)->offerings.front();
}

Domain::Connection &theConnection(Domain::Workspace &ws)
{
    return ws.connections.back();
}

Domain::Provider &theProvider(Domain::Workspace &ws)
{
    return ws.providers.back();
}

} // namespace

Q_DECLARE_METATYPE(Setup)

void tst_Planner::skips_R_PLAN_4_data()
{
    QTest::addColumn<Setup>("setup");
    QTest::addColumn<QString>("reason"); // empty: eligible
    QTest::addColumn<QString>("level");
    addCapabilityRows();
    addRegionAndCoolingRows();
    addPolicyRows();
}

void tst_Planner::addCapabilityRows()
{
    using W = Domain::Workspace;
    using R = Routing::RequestSummary;
    using B = Routing::CooldownBook;
    QTest::newRow("eligible") << Setup([](W &, R &, B &) {}) << QString() << u"none"_s;
    QTest::newRow("connection off: disabled")
        << Setup([](W &w, R &, B &) { theConnection(w).enabled = false; }) << u"disabled"_s
        << u"none"_s;
    QTest::newRow("embedding call: cannot_serve")
        << Setup([](W &, R &r, B &) { r.modality = Domain::Modality::Embedding; })
        << u"cannot_serve"_s << u"none"_s;
    QTest::newRow("tools unsupported: cannot_serve") << Setup([](W &w, R &r, B &) {
        r.usesTools = true;
        theOffering(w).capabilities.tools = false;
    }) << u"cannot_serve"_s << u"none"_s;
    QTest::newRow("json_schema unsupported: cannot_serve") << Setup([](W &w, R &r, B &) {
        r.responseFormat = R::ResponseFormat::JsonSchema;
        theOffering(w).capabilities.structuredOutput = false;
    }) << u"cannot_serve"_s << u"none"_s;
    QTest::newRow("json_object needs no capability") << Setup([](W &w, R &r, B &) {
        r.responseFormat = R::ResponseFormat::JsonObject;
        theOffering(w).capabilities.structuredOutput = false;
    }) << QString() << u"none"_s;
    QTest::newRow("vision unsupported: cannot_serve") << Setup([](W &w, R &r, B &) {
        r.vision = true;
        theOffering(w).capabilities.vision = false;
    }) << u"cannot_serve"_s << u"none"_s;
    QTest::newRow("web search version unsupported: cannot_serve")
        << Setup([](W &, R &r, B &) { r.webSearchToolVersion = u"web_search_20990101"_s; })
        << u"cannot_serve"_s << u"none"_s;
    QTest::newRow("web search version supported")
        << Setup([](W &, R &r, B &) { r.webSearchToolVersion = u"web_search_20250305"_s; })
        << QString() << u"none"_s;
    QTest::newRow("messages on an openai connection: translated (R-XLAT-1)")
        << Setup([](W &, R &r, B &) { r.endpoint = Domain::Endpoint::Messages; }) << QString()
        << u"none"_s;
    QTest::newRow("messages with top_k on an openai connection: cannot_serve (R-XLAT-3)")
        << Setup([](W &, R &r, B &) {
               r.endpoint = Domain::Endpoint::Messages;
               r.notCarried = u"top_k"_s;
           })
        << u"cannot_serve"_s << u"none"_s;
    QTest::newRow("chat on an anthropic connection: translated (R-XLAT-1)")
        << Setup([](W &w, R &, B &) { theConnection(w).kind = Domain::Dialect::Anthropic; })
        << QString() << u"none"_s;
    QTest::newRow("chat with n on an anthropic connection: cannot_serve (R-XLAT-3)")
        << Setup([](W &w, R &r, B &) {
               theConnection(w).kind = Domain::Dialect::Anthropic;
               r.notCarried = u"n"_s;
           })
        << u"cannot_serve"_s << u"none"_s;
    QTest::newRow("embeddings on an anthropic connection: cannot_serve (R-PLAN-5)")
        << Setup([](W &w, R &r, B &) {
               theConnection(w).kind = Domain::Dialect::Anthropic;
               w.model(u"t/one"_s)->modality = Domain::Modality::Embedding;
               r.modality = Domain::Modality::Embedding;
               r.endpoint = Domain::Endpoint::Embeddings;
           })
        << u"cannot_serve"_s << u"none"_s;
    QTest::newRow("chat on a simulator that answers only in Anthropic's API: translated")
        << Setup([](W &w, R &, B &) {
               theConnection(w).kind = Domain::Dialect::Simulator;
               theConnection(w).simulator.api = Domain::SimulatorApi::Anthropic;
           })
        << QString() << u"none"_s;
    QTest::newRow("embeddings on azure-openai (R-PLAN-5)") << Setup([](W &w, R &r, B &) {
        theConnection(w).kind = Domain::Dialect::AzureOpenAi;
        w.model(u"t/one"_s)->modality = Domain::Modality::Embedding;
        r.modality = Domain::Modality::Embedding;
        r.endpoint = Domain::Endpoint::Embeddings;
    }) << QString() << u"none"_s;
    QTest::newRow("simulator serves messages (R-PLAN-5)") << Setup([](W &w, R &r, B &) {
        theConnection(w).kind = Domain::Dialect::Simulator;
        r.endpoint = Domain::Endpoint::Messages;
    }) << QString() << u"none"_s;
}

void tst_Planner::addRegionAndCoolingRows()
{
    using W = Domain::Workspace;
    using R = Routing::RequestSummary;
    using B = Routing::CooldownBook;
    QTest::newRow("header without the model's region: out_of_region (R-REG-3)")
        << Setup([](W &, R &r, B &) { r.regionHeaderLines = { u"eu-west-1"_s }; })
        << u"out_of_region"_s << u"none"_s;
    QTest::newRow("header lists the overridden region (R-REG-3)") << Setup([](W &w, R &r, B &) {
        w.model(u"t/one"_s)->servingRegionOverride = u"eu-west-1"_s;
        r.regionHeaderLines = { u"eu-west-1"_s };
    }) << QString() << u"none"_s;
    QTest::newRow("no serving region with a header: out_of_region") << Setup([](W &w, R &r, B &) {
        theConnection(w).region.clear();
        r.regionHeaderLines = { u"us-east-1"_s };
    }) << u"out_of_region"_s << u"none"_s;
    QTest::newRow("cooling down") << Setup([](W &, R &, B &b) { b.fail(u"t-conn/up"_s, 0, 5000); })
                                  << u"cooling_down"_s << u"none"_s;
    QTest::newRow("drained counts as cooling down (R-UI-11)")
        << Setup([](W &, R &, B &b) { b.drain(u"t-conn/up"_s, 0); }) << u"cooling_down"_s
        << u"none"_s;
}

void tst_Planner::addPolicyRows()
{
    using W = Domain::Workspace;
    using R = Routing::RequestSummary;
    using B = Routing::CooldownBook;
    QTest::newRow("uncertified") << Setup([](W &w, R &, B &) { theOffering(w).certified = false; })
                                 << u"uncertified"_s << u"none"_s;
    QTest::newRow("cooling and uncertified: first in SPEC order") << Setup([](W &w, R &, B &b) {
        theOffering(w).certified = false;
        b.fail(u"t-conn/up"_s, 0, 5000);
    }) << u"cooling_down"_s << u"none"_s;
    QTest::newRow("provider not in allowed list: policy_denied") << Setup([](W &w, R &, B &) {
        w.directives.allowedProviders = QStringList { u"openai"_s };
    }) << u"policy_denied"_s << u"workspace"_s;
    QTest::newRow("denied at key wins over allowed at team") << Setup([](W &w, R &, B &) {
        w.directives.allowedProviders = QStringList { u"tprov"_s };
        w.keys.front().directives.deniedProviders = { u"tprov"_s };
    }) << u"policy_denied"_s << u"key"_s;
    QTest::newRow("requireZdr at project: no_zdr") << Setup([](W &w, R &, B &) {
        theProvider(w).zeroDataRetention = false;
        w.projects.front().directives.requireZdr = true;
    }) << u"no_zdr"_s << u"project"_s;
    QTest::newRow("requireNoTraining: no_training") << Setup([](W &w, R &, B &) {
        theProvider(w).noTraining = false;
        w.directives.requireNoTraining = true;
    }) << u"no_training"_s << u"workspace"_s;
    QTest::newRow("minPrecision fp8 keeps fp8 (R-PREC-1)")
        << Setup([](W &w, R &, B &) { w.directives.minPrecision = Domain::Precision::Fp8; })
        << QString() << u"none"_s;
    QTest::newRow("minPrecision fp8 skips fp4 (R-PREC-1)") << Setup([](W &w, R &, B &) {
        w.directives.minPrecision = Domain::Precision::Fp8;
        theOffering(w).precision = Domain::Precision::Fp4;
    }) << u"below_min_precision"_s << u"workspace"_s;
    QTest::newRow("minPrecision bf16 skips fp8 (R-PREC-1)") << Setup([](W &w, R &, B &) {
        w.keys.front().directives.minPrecision = Domain::Precision::Bf16;
    }) << u"below_min_precision"_s << u"key"_s;
    QTest::newRow("no listed precision is kept (R-PREC-2)") << Setup([](W &w, R &, B &) {
        w.directives.minPrecision = Domain::Precision::Bf16;
        theOffering(w).precision = Domain::Precision::None;
    }) << QString() << u"none"_s;
}

void tst_Planner::skips_R_PLAN_4()
{
    QFETCH(Setup, setup);
    QFETCH(QString, reason);
    QFETCH(QString, level);
    Domain::Workspace ws = oneOffering();
    Routing::RequestSummary r = chat(u"t/one"_s);
    Routing::CooldownBook book;
    setup(ws, r, book);
    const auto p = planFor(ws, u"t/one"_s, r, book, r.regionHeaderLines);
    if (reason.isEmpty()) {
        QCOMPARE(p.candidates.size(), 1);
        QVERIFY(p.skips.isEmpty());
        return;
    }
    QVERIFY(p.candidates.isEmpty());
    QCOMPARE(p.skips.size(), 1);
    const Domain::Skip &s = p.skips.front();
    QCOMPARE(Domain::toString(s.reason), reason);
    QCOMPARE(Domain::toString(s.level), level);
    QCOMPARE(s.model, u"t/one"_s);
    QCOMPARE(s.connection, u"t-conn"_s);
    QVERIFY(!s.detail.isEmpty());
    // Waiting helps only when the cooldown is the sole obstacle.
    const bool onlyCooling = reason == u"cooling_down"_s && theOffering(ws).certified;
    QCOMPARE(p.onlyCooldowns, onlyCooling);
}

void tst_Planner::candidateSaysWhichWayItIsTranslated_R_XLAT_5()
{
    using Domain::ApiTranslation;
    using Domain::Dialect;
    using Domain::Endpoint;
    const struct
    {
        Dialect dialect;
        Domain::SimulatorApi api;
        Endpoint endpoint;
        ApiTranslation expected;
    } rows[] = {
        { Dialect::OpenAi, {}, Endpoint::ChatCompletions, ApiTranslation::None },
        { Dialect::OpenAi, {}, Endpoint::Messages, ApiTranslation::MessagesToChat },
        { Dialect::AzureOpenAi, {}, Endpoint::Messages, ApiTranslation::MessagesToChat },
        { Dialect::Anthropic, {}, Endpoint::Messages, ApiTranslation::None },
        { Dialect::Anthropic, {}, Endpoint::ChatCompletions, ApiTranslation::ChatToMessages },
        { Dialect::Simulator, Domain::SimulatorApi::Both, Endpoint::Messages,
          ApiTranslation::None },
        { Dialect::Simulator, Domain::SimulatorApi::Anthropic, Endpoint::ChatCompletions,
          ApiTranslation::ChatToMessages },
        { Dialect::Simulator, Domain::SimulatorApi::OpenAi, Endpoint::Messages,
          ApiTranslation::MessagesToChat },
    };
    for (const auto &row : rows) {
        Domain::Workspace ws = oneOffering();
        theConnection(ws).kind = row.dialect;
        theConnection(ws).simulator.api = row.api;
        Routing::RequestSummary r = chat(u"t/one"_s);
        r.endpoint = row.endpoint;
        Routing::CooldownBook book;
        const auto p = planFor(ws, u"t/one"_s, r, book, r.regionHeaderLines);
        QCOMPARE(p.candidates.size(), 1);
        QCOMPARE(Domain::toString(p.candidates.front().translation),
                 Domain::toString(row.expected));
    }
}

void tst_Planner::deploymentUsesFirstEligibleOffering_R_DIR_4()
{
    Domain::Workspace ws = seedWorkspace();
    // azure-eu/gpt-4o gains a second offering on openai-1; the team denies provider azure.
    ws.model(u"azure-eu/gpt-4o"_s)->offerings << offering(u"openai-1"_s, u"gpt-4o-b"_s);
    ws.directives.deniedProviders = { u"azure"_s };
    const auto p = planFor(ws, u"demo/chat"_s, chat(u"demo/chat"_s));
    QCOMPARE(p.candidates.size(), 2);
    const auto it = std::find_if(p.candidates.cbegin(), p.candidates.cend(), [](const auto &c) {
        return c.deployment == u"azure-eu/gpt-4o"_s;
    });
    QVERIFY(it != p.candidates.cend());
    QCOMPARE(it->connection, u"openai-1"_s);
    QCOMPARE(it->upstreamModel, u"gpt-4o-b"_s);
    // Its region is the chosen offering's own connection's, as in a Direct plan (R-DET).
    QCOMPARE(it->region, u"us-west-2"_s);
    QCOMPARE(it->weight, 1);

    // With only the denied offering left the deployment is skipped with the directive's level.
    ws.model(u"azure-eu/gpt-4o"_s)->offerings.removeLast();
    const auto q = planFor(ws, u"demo/chat"_s, chat(u"demo/chat"_s));
    QCOMPARE(q.candidates.size(), 1);
    QCOMPARE(q.skips.size(), 1);
    QCOMPARE(q.skips[0].candidate, u"azure-eu/gpt-4o"_s);
    QCOMPARE(Domain::toString(q.skips[0].reason), u"policy_denied"_s);
    QCOMPARE(Domain::toString(q.skips[0].level), u"workspace"_s);

    // A deployment turned off later stays in the pool and is skipped as disabled (R-PLAN-6).
    ws.model(u"openai-2/gpt-4o"_s)->enabled = false;
    const auto r = planFor(ws, u"demo/chat"_s, chat(u"demo/chat"_s));
    QVERIFY(r.candidates.isEmpty());
    QCOMPARE(Domain::toString(r.skips[0].reason), u"disabled"_s);
    QCOMPARE(r.skips[0].candidate, u"openai-2/gpt-4o"_s);
    QVERIFY(!r.onlyCooldowns);
}

Q_DECLARE_METATYPE(Domain::ProbeResults)

void tst_Planner::reliability_R_REL_1_data()
{
    QTest::addColumn<QList<Domain::ProbeResults>>("probes"); // of offerings a, b, c
    QTest::addColumn<bool>("tools");
    QTest::addColumn<int>("format");
    QTest::addColumn<QString>("order"); // eligible upstream ids
    QTest::addColumn<QString>("skipped"); // "b:unreliable_tools"

    using P = Domain::ProbeResults;
    const int none = int(Routing::RequestSummary::ResponseFormat::None);
    const int object = int(Routing::RequestSummary::ResponseFormat::JsonObject);
    const int schema = int(Routing::RequestSummary::ResponseFormat::JsonSchema);
    const QList<P> mixed { P { 6, 10, 10, 10 }, P { 4, 10, 2, 10 }, P { 10, 10, 9, 10 } };
    QTest::newRow("tools: best first, half failing skipped")
        << mixed << true << none << u"c,a"_s << u"b:unreliable_tools"_s;
    QTest::newRow("json_schema: by structured rate")
        << mixed << false << schema << u"a,c"_s << u"b:unreliable_structured_output"_s;
    QTest::newRow("json_object routed as before")
        << mixed << false << object << u"a,b,c"_s << QString();
    QTest::newRow("plain routed as before") << mixed << false << none << u"a,b,c"_s << QString();
    QTest::newRow("all failing half: keep all")
        << QList<P> { P { 5, 10, 0, 0 }, P { 1, 10, 0, 0 }, P { 0, 10, 0, 0 } } << true << none
        << u"a,b,c"_s << QString();
    QTest::newRow("no probes counts as passing, ties keep order")
        << QList<P> { P { 0, 0, 0, 0 }, P { 5, 10, 0, 0 }, P { 10, 10, 0, 0 } } << true << none
        << u"a,c"_s << u"b:unreliable_tools"_s;
    QTest::newRow("exactly half failing is unreliable")
        << QList<P> { P { 1, 2, 0, 0 }, P { 2, 2, 0, 0 }, P { 3, 4, 0, 0 } } << true << none
        << u"b,c"_s << u"a:unreliable_tools"_s;
}

void tst_Planner::reliability_R_REL_1()
{
    QFETCH(QList<Domain::ProbeResults>, probes);
    QFETCH(bool, tools);
    QFETCH(int, format);
    QFETCH(QString, order);
    QFETCH(QString, skipped);
    Domain::Workspace ws = seedWorkspace();
    Domain::Model &m = *ws.model(u"sim/three"_s);
    const QStringList ids { u"a"_s, u"b"_s, u"c"_s };
    for (int i = 0; i < 3; ++i)
        m.offerings[i].probes = probes[i];
    auto r = chat(u"sim/three"_s);
    r.usesTools = tools;
    r.responseFormat = Routing::RequestSummary::ResponseFormat(format);
    const auto p = planFor(ws, u"sim/three"_s, r);
    QStringList got;
    for (const auto &c : p.candidates)
        got << c.upstreamModel;
    QCOMPARE(got.join(u','), order);
    QStringList skips;
    for (const auto &s : p.skips)
        skips << ids[m.offerings.indexOf(
                     *std::find_if(m.offerings.cbegin(), m.offerings.cend(),
                                   [&](const auto &o) { return o.connection == s.connection; }))]
                + u':' + Domain::toString(s.reason);
    QCOMPARE(skips.join(u','), skipped);
}

void tst_Planner::onlyCooldowns_R_REG_5()
{
    const Domain::Workspace ws = seedWorkspace();
    Routing::CooldownBook book;
    book.fail(u"openai-2/gpt-4o"_s, 0, 5000);
    book.fail(u"azure-eu/gpt-4o-eu"_s, 0, 3000);
    const auto p = planFor(ws, u"demo/chat"_s, chat(u"demo/chat"_s), book);
    QVERIFY(p.candidates.isEmpty());
    QVERIFY(p.onlyCooldowns);
    QCOMPARE(p.coolingCandidates.size(), 2);
    QCOMPARE(p.earliestCooldownEndMs, qint64(3000));
    QCOMPARE(p.skips.size(), 2);

    // All drained: still only cooldowns, but there is no end to wait for.
    Routing::CooldownBook drained;
    drained.drain(u"openai-2/gpt-4o"_s, 0);
    drained.drain(u"azure-eu/gpt-4o-eu"_s, 0);
    const auto d = planFor(ws, u"demo/chat"_s, chat(u"demo/chat"_s), drained);
    QVERIFY(d.onlyCooldowns);
    QCOMPARE(d.earliestCooldownEndMs, qint64(-1));

    // One cooling, the other out of region: waiting would still help.
    Domain::Workspace regional = ws;
    regional.model(u"demo/chat"_s)->pool.allowedRegions = { u"us-east-1"_s };
    const auto q = planFor(regional, u"demo/chat"_s, chat(u"demo/chat"_s), book);
    QVERIFY(q.onlyCooldowns);
    QCOMPARE(q.earliestCooldownEndMs, qint64(5000));
}

void tst_Planner::candidateCooldownIsPlanModels_R_DET()
{
    Domain::Workspace ws = seedWorkspace();
    ws.model(u"demo/chat"_s)->recovery.overridden = true;
    ws.model(u"demo/chat"_s)->recovery.override.cooldownMs = 9000;
    ws.model(u"openai-2/gpt-4o"_s)->recovery.overridden = true;
    ws.model(u"openai-2/gpt-4o"_s)->recovery.override.cooldownMs = 1000;
    const auto p = planFor(ws, u"demo/chat"_s, chat(u"demo/chat"_s));
    for (const auto &c : p.candidates)
        QCOMPARE(c.cooldownMs, 9000);
    const auto d = planFor(ws, u"openai-2/gpt-4o"_s, chat(u"openai-2/gpt-4o"_s));
    QCOMPARE(d.candidates.front().cooldownMs, 1000);
    QCOMPARE(d.candidates.front().key(), u"openai-2/gpt-4o"_s);
}

void tst_Planner::defaultRecoveryCooldownIsTheWorkspaces_R_REC_9()
{
    // A model on Default recovery cools its candidates down for the workspace's default cooldown,
    // not SPEC's 5,000 ms.
    Domain::Workspace ws = seedWorkspace();
    ws.recoveryDefaults.cooldownMs = 7000;
    QVERIFY(!ws.model(u"demo/chat"_s)->recovery.overridden);
    const auto p = planFor(ws, u"demo/chat"_s, chat(u"demo/chat"_s));
    QVERIFY(!p.candidates.empty());
    for (const auto &c : p.candidates)
        QCOMPARE(c.cooldownMs, 7000);
}

void tst_Planner::poolDeploymentTakesFirstPassingOfferingInFixedOrder_R_DET_data()
{
    QTest::addColumn<Domain::ProbeResults>("firstProbes");
    QTest::addColumn<bool>("firstCooling");
    QTest::addColumn<bool>("tools");
    QTest::addColumn<QString>("chosen"); // upstream id of the deployment's one candidate

    using P = Domain::ProbeResults;
    QTest::newRow("plain request: the first offering") << P {} << false << false << u"first"_s;
    QTest::newRow("a better pass rate later does not reorder")
        << P { 6, 10, 0, 0 } << false << true << u"first"_s;
    QTest::newRow("the reliability filter applies")
        << P { 4, 10, 0, 0 } << false << true << u"second"_s;
    QTest::newRow("cooling_down is one of the filters") << P {} << true << false << u"second"_s;
}

// A pool deployment contributes one candidate: its model's first offering, in their fixed order,
// that passes every filter of step 4 (cooling_down included); reliability filters apply, their
// pass-rate order does not (R-DET).
void tst_Planner::poolDeploymentTakesFirstPassingOfferingInFixedOrder_R_DET()
{
    QFETCH(Domain::ProbeResults, firstProbes);
    QFETCH(bool, firstCooling);
    QFETCH(bool, tools);
    QFETCH(QString, chosen);
    Domain::Workspace ws = seedWorkspace();
    Domain::Model two = direct(
        u"d/two"_s, { offering(u"sim-east"_s, u"first"_s), offering(u"sim-west"_s, u"second"_s) });
    two.offerings[0].probes = firstProbes;
    two.offerings[1].probes = Domain::ProbeResults { 10, 10, 10, 10 };
    ws.models << two << pool(u"p/one"_s, { { u"d/two"_s, 1 } });
    Routing::CooldownBook book;
    if (firstCooling)
        book.fail(u"sim-east/first"_s, 0, 5000);
    auto r = chat(u"p/one"_s);
    r.usesTools = tools;
    const auto p = planFor(ws, u"p/one"_s, r, book);
    QCOMPARE(p.candidates.size(), 1);
    QCOMPARE(p.candidates.front().upstreamModel, chosen);
    QCOMPARE(p.candidates.front().deployment, u"d/two"_s);
    QVERIFY(!p.onlyCooldowns);
    if (tools && firstProbes.toolsPassed == 6) {
        // The direct model itself is ordered by pass rate (R-REL-1): the rules differ on purpose.
        const auto d = planFor(ws, u"d/two"_s, r, book);
        QCOMPARE(d.candidates.front().upstreamModel, u"second"_s);
    }
}

// What failed is the upstream: models reaching the same upstream model through the same
// connection share one cooldown, whether a pool deployment or a direct model reaches it (R-DET).
void tst_Planner::cooldownBelongsToConnectionAndUpstreamModel_R_DET()
{
    Domain::Workspace ws = seedWorkspace();
    ws.models << direct(
        u"team/gpt"_s,
        { offering(u"openai-2"_s, u"gpt-4o"_s), offering(u"openai-1"_s, u"gpt-4o"_s) });
    Routing::CooldownBook book;
    book.fail(u"openai-2/gpt-4o"_s, 0, 5000); // failed through openai-2/gpt-4o, the direct model
    const auto direct = planFor(ws, u"team/gpt"_s, chat(u"team/gpt"_s), book);
    QCOMPARE(names(direct.candidates), QStringList { u"team/gpt@openai-1"_s });
    QCOMPARE(Domain::toString(direct.skips.at(0).reason), u"cooling_down"_s);
    QCOMPARE(direct.skips.at(0).connection, u"openai-2"_s);
    const auto pooled = planFor(ws, u"demo/chat"_s, chat(u"demo/chat"_s), book);
    QCOMPARE(names(pooled.candidates), QStringList { u"azure-eu/gpt-4o@azure-eu"_s });
    // The same upstream model on another connection is another upstream.
    QVERIFY(!book.coolingDown(u"openai-1/gpt-4o"_s, 0));
}

void tst_Planner::offeringRegionSameInPoolAndDirect_R_DET_data()
{
    QTest::addColumn<QStringList>("poolRegions");
    QTest::addColumn<QStringList>("header");
    QTest::addColumn<QString>("override"); // the deployment model's serving-region override
    QTest::addColumn<QString>("chosen"); // upstream id of the deployment's candidate; empty: none
    QTest::addColumn<QString>("region");

    QTest::newRow("the pool admits the first offering's region")
        << QStringList { u"us-east-1"_s } << QStringList {} << QString() << u"east"_s
        << u"us-east-1"_s;
    QTest::newRow("the pool excludes the first offering: the next one serves")
        << QStringList { u"us-west-2"_s } << QStringList {} << QString() << u"west"_s
        << u"us-west-2"_s;
    QTest::newRow("the header excludes the first offering: the next one serves")
        << QStringList {} << QStringList { u"us-west-2"_s } << QString() << u"west"_s
        << u"us-west-2"_s;
    QTest::newRow("the model's override is every offering's region")
        << QStringList { u"us-west-2"_s } << QStringList {} << u"eu-west-1"_s << QString()
        << QString();
    QTest::newRow("the override admitted") << QStringList { u"eu-west-1"_s } << QStringList {}
                                           << u"eu-west-1"_s << u"east"_s << u"eu-west-1"_s;
}

// An offering's serving region is its model's override, else its own connection's region, in a
// pool deployment as in a Direct plan: a pool whose regions exclude a deployment's first offering
// takes its next offering instead of skipping the deployment (R-DET, R-REG-1, R-REG-3).
void tst_Planner::offeringRegionSameInPoolAndDirect_R_DET()
{
    QFETCH(QStringList, poolRegions);
    QFETCH(QStringList, header);
    QFETCH(QString, override);
    QFETCH(QString, chosen);
    QFETCH(QString, region);
    Domain::Workspace ws = seedWorkspace();
    Domain::Model two = direct(
        u"d/two"_s, { offering(u"sim-east"_s, u"east"_s), offering(u"sim-west"_s, u"west"_s) });
    two.servingRegionOverride = override;
    ws.models << two << pool(u"p/one"_s, { { u"d/two"_s, 1 } }, poolRegions);

    const auto p = planFor(ws, u"p/one"_s, chat(u"p/one"_s), {}, header);
    QCOMPARE(p.candidates.size(), chosen.isEmpty() ? 0 : 1);
    if (!chosen.isEmpty()) {
        QCOMPARE(p.candidates.front().upstreamModel, chosen);
        QCOMPARE(p.candidates.front().region, region);
    } else {
        QCOMPARE(Domain::toString(p.skips.at(0).reason), u"out_of_region"_s);
    }
    // The Direct plan of the deployment model gives each offering the same region.
    const auto d = planFor(ws, u"d/two"_s, chat(u"d/two"_s));
    QCOMPARE(d.candidates.size(), 2);
    for (const Routing::Candidate &c : d.candidates) {
        const auto pooled = std::find_if(p.candidates.cbegin(), p.candidates.cend(),
                                         [&](const auto &x) { return x.key() == c.key(); });
        if (pooled != p.candidates.cend())
            QCOMPARE(pooled->region, c.region);
        QCOMPARE(c.region,
                 !override.isEmpty()                ? override
                     : c.upstreamModel == u"east"_s ? u"us-east-1"_s
                                                    : u"us-west-2"_s);
    }
}

QTEST_GUILESS_MAIN(tst_Planner)
#include "tst_planner.moc"
