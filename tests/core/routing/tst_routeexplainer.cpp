#include "manualclock.h"
#include "routing/overview.h"
#include "routing/routeexplainer.h"
#include "routingfixtures.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace RoutingFixtures;

class tst_RouteExplainer : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void chancesMatchWeights_R_UI_8_data();
    void chancesMatchWeights_R_UI_8();
    void skipsCarryReasonAndLevel_R_UI_8();
    void fallbackExplained_R_UI_8();
    void deadlineWarning_R_UI_8_data();
    void deadlineWarning_R_UI_8();
    void refusalsExplained_R_UI_8();
    void timeoutsFromRecovery_R_REC_9();
    void coolingShown_R_UI_8();
    void fallbackNeverReachedNamed_R_UI_8();
    void overviewSaysWhatCannotFit_R_UI_2();
};

namespace {

Routing::Explanation explainIn(const Domain::Workspace &ws, const Routing::RequestSummary &r,
                               const Routing::CooldownBook *book = nullptr)
{
    return Routing::explain(ws, r, book, 0, QDate(2026, 11, 29));
}

} // namespace

void tst_RouteExplainer::chancesMatchWeights_R_UI_8_data()
{
    QTest::addColumn<QList<int>>("weights");
    QTest::newRow("3:1") << QList<int> { 3, 1 };
    QTest::newRow("1:1") << QList<int> { 1, 1 };
    QTest::newRow("7:2") << QList<int> { 7, 2 };
}

void tst_RouteExplainer::chancesMatchWeights_R_UI_8()
{
    QFETCH(QList<int>, weights);
    Domain::Workspace ws = seedWorkspace();
    Domain::Model *m = ws.model(u"demo/chat"_s);
    m->pool.deployments[0].weight = weights[0];
    m->pool.deployments[1].weight = weights[1];
    const auto e = explainIn(ws, chat(u"demo/chat"_s));
    QVERIFY(!e.refused);
    QVERIFY(e.pool);
    QCOMPARE(e.candidates.size(), 2);
    const double total = weights[0] + weights[1];
    double sum = 0;
    for (qsizetype i = 0; i < 2; ++i) {
        QCOMPARE(e.candidates[i].firstChance, weights[i] / total);
        sum += e.candidates[i].firstChance;
    }
    QCOMPARE(sum, 1.0);
    QCOMPARE(e.attempts, 3);
}

void tst_RouteExplainer::skipsCarryReasonAndLevel_R_UI_8()
{
    Domain::Workspace ws = seedWorkspace();
    ws.projects[0].directives.deniedProviders = { u"azure"_s };
    const auto e = explainIn(ws, chat(u"demo/chat"_s));
    QCOMPARE(e.candidates.size(), 1);
    QCOMPARE(e.candidates[0].firstChance, 1.0);
    QCOMPARE(e.skips.size(), 1);
    QCOMPARE(Domain::toString(e.skips[0].reason), u"policy_denied"_s);
    QCOMPARE(Domain::toString(e.skips[0].level), u"project"_s);
}

void tst_RouteExplainer::fallbackExplained_R_UI_8()
{
    Domain::Workspace ws = seedWorkspace();
    ws.directives.allowModelFallback = true;
    ws.directives.fallbackModels
        = QStringList { u"x/missing"_s, u"anthropic/claude-sonnet-5"_s, u"sim/backup"_s };
    const auto e = explainIn(ws, chat(u"sim/three"_s));
    QVERIFY(e.fallbackOn);
    QCOMPARE(e.fallbacks.size(), 3);
    QVERIFY(!e.fallbacks[0].qualifies);
    QVERIFY(e.fallbacks[1].qualifies); // served through translation (R-XLAT-1)
    QVERIFY(e.fallbacks[2].qualifies);
    QCOMPARE(e.attemptsForRequested, 2);
    ws.directives.allowModelFallback = false;
    const auto off = explainIn(ws, chat(u"sim/three"_s));
    QVERIFY(!off.fallbackOn);
    QCOMPARE(off.attemptsForRequested, 3);
    QCOMPARE(Domain::toString(off.fallbackDecision.level), u"workspace"_s);
}

void tst_RouteExplainer::deadlineWarning_R_UI_8_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("deadlineMs");
    QTest::addColumn<bool>("stream");
    QTest::addColumn<qint64>("worstCase");
    QTest::addColumn<bool>("warning");
    // three offerings: 3 × 10 s + backoff 100 + 200
    QTest::newRow("defaults fit") << u"sim/three"_s << 180000 << false << qint64(30300) << false;
    QTest::newRow("tight deadline") << u"sim/three"_s << 20000 << false << qint64(30300) << true;
    QTest::newRow("streaming first-byte timeouts")
        << u"sim/three"_s << 60000 << true << qint64(90300) << true;
    // single candidate: 3 × 10 s + two cooldown waits of 5 s
    QTest::newRow("single candidate waits its cooldown")
        << u"sim/solo"_s << 35000 << false << qint64(40000) << true;
}

void tst_RouteExplainer::deadlineWarning_R_UI_8()
{
    QFETCH(QString, model);
    QFETCH(int, deadlineMs);
    QFETCH(bool, stream);
    QFETCH(qint64, worstCase);
    QFETCH(bool, warning);
    Domain::Workspace ws = seedWorkspace();
    Domain::Model *m = ws.model(model);
    m->recovery.overridden = true;
    m->recovery.override.deadlineMs = deadlineMs;
    auto r = chat(model);
    r.stream = stream;
    const auto e = explainIn(ws, r);
    QCOMPARE(e.worstCaseMs, worstCase);
    QCOMPARE(e.deadlineWarning, warning);
}

// The worst case uses the recovery's timeouts (workspace defaults here), and the studio is told
// the ones that differ from SPEC's.
void tst_RouteExplainer::timeoutsFromRecovery_R_REC_9()
{
    Domain::Workspace ws = seedWorkspace();
    ws.recoveryDefaults.connectTimeoutMs = 2000;
    ws.recoveryDefaults.streamStartTimeoutMs = 5000;
    auto r = chat(u"sim/three"_s);
    const auto plain = explainIn(ws, r);
    QCOMPARE(plain.recovery.connectTimeoutMs, 2000);
    QCOMPARE(plain.worstCaseMs, qint64(3 * 2000 + 100 + 200));
    QCOMPARE(Routing::timeoutFacts(plain.recovery),
             (std::vector<Domain::Fact> {
                 Domain::fact(Domain::FactCode::ConnectTimeoutIs, { 2000 }),
                 Domain::fact(Domain::FactCode::StreamStartTimeoutIs, { 5000 }) }));
    r.stream = true;
    QCOMPARE(explainIn(ws, r).worstCaseMs, qint64(3 * 5000 + 100 + 200));
    Domain::Model *m = ws.model(u"sim/three"_s);
    m->recovery.overridden = true; // its own values: the SPEC's
    const auto own = explainIn(ws, r);
    QCOMPARE(own.worstCaseMs, qint64(3 * 30000 + 100 + 200));
    QVERIFY(Routing::timeoutFacts(own.recovery).empty());
}

void tst_RouteExplainer::refusalsExplained_R_UI_8()
{
    Domain::Workspace ws = seedWorkspace();
    auto r = chat(u"demo/chat"_s);
    r.regionHeaderLines = { u"ap-south-1"_s };
    const auto e = explainIn(ws, r);
    QVERIFY(e.refused);
    QCOMPARE(e.httpStatus, 400);
    QCOMPARE(e.errorCode, u"route_constraints_unmet"_s);
    QCOMPARE(e.skips.size(), 2);
    const auto missing = explainIn(ws, chat(u"nope/x"_s));
    QCOMPARE(missing.httpStatus, 404);
}

void tst_RouteExplainer::coolingShown_R_UI_8()
{
    Routing::CooldownBook book;
    book.fail(u"sim-east/solo"_s, 0, 5000);
    const auto e = explainIn(seedWorkspace(), chat(u"sim/solo"_s), &book);
    QVERIFY(!e.refused);
    QVERIFY(e.candidates.isEmpty());
    QCOMPARE(Domain::toString(e.skips[0].reason), u"cooling_down"_s);
    const auto ignored = explainIn(seedWorkspace(), chat(u"sim/solo"_s), nullptr);
    QCOMPARE(ignored.candidates.size(), 1);
}

// The deadline check names the attempts and the fallback model a tight deadline cuts off, and
// the explainer's fact is the one the Overview shows (one function, deadlinecheck.h).
void tst_RouteExplainer::fallbackNeverReachedNamed_R_UI_8()
{
    Domain::Workspace ws = seedWorkspace();
    ws.directives.allowModelFallback = true;
    ws.directives.fallbackModels = QStringList { u"anthropic/claude-sonnet-5"_s };
    Domain::Model *m = ws.model(u"sim/three"_s);
    m->recovery.overridden = true;
    m->recovery.override.deadlineMs = 15000;
    const auto e = explainIn(ws, chat(u"sim/three"_s));
    QCOMPARE(e.attemptsForRequested, 2);
    QCOMPARE(e.fallbacks.at(0).attempts, 1);
    // Attempts start at 0, 10,100 and 20,300 ms when each times out after 10 s.
    QCOMPARE(e.deadline.reachable, 2);
    QVERIFY(e.deadlineWarning);
    QCOMPARE(Domain::toString(e.deadlineFact.code), u"deadline_cannot_fit"_s);
    QCOMPARE(e.deadlineFact.number(2), qint64(3));
    QCOMPARE(e.deadlineFact.names(4), QStringList { u"anthropic/claude-sonnet-5"_s });
    m->recovery.override.deadlineMs = 180000;
    const auto fits = explainIn(ws, chat(u"sim/three"_s));
    QVERIFY(!fits.deadlineWarning);
    QVERIFY(fits.deadlineFact.isEmpty());
}

void tst_RouteExplainer::overviewSaysWhatCannotFit_R_UI_2()
{
    Domain::Workspace ws = seedWorkspace();
    Domain::Model *m = ws.model(u"sim/three"_s);
    QVERIFY(!Routing::deadlineProblem(ws, *m));
    m->recovery.overridden = true;
    // Plain calls fit (30.3 s); streaming ones (3 × 30 s stream start timeouts) do not.
    m->recovery.override.deadlineMs = 60000;
    const auto streaming = Routing::deadlineProblem(ws, *m);
    QVERIFY(streaming);
    QCOMPARE(streaming->number(5), qint64(1));
    QCOMPARE(streaming->number(2), qint64(3)); // it would start at 60,300 ms
    QCOMPARE(Routing::overviewFacts(ws, *m).constLast(), *streaming);
    m->recovery.override.deadlineMs = 20000;
    const auto plain = Routing::deadlineProblem(ws, *m);
    QVERIFY(plain);
    QCOMPARE(plain->number(5), qint64(0));
    QCOMPARE(plain->number(2), qint64(3));
}

QTEST_GUILESS_MAIN(tst_RouteExplainer)
#include "tst_routeexplainer.moc"
