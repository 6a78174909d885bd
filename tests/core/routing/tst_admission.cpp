#include "fixedrandom.h"
#include "manualclock.h"
#include "routing/admission.h"
#include "routing/attemptshares.h"
#include "routing/callrouter.h"
#include "routing/routeexplainer.h"
#include "routingfixtures.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>
#include <functional>

using namespace Qt::StringLiterals;
using namespace RoutingFixtures;
using Kind = Routing::Decision::Kind;

// The route explainer and the gateway's router take the same rules (admission, the
// fallback verdict, the attempt budget), so on the same workspace and request the explanation
// says what the router then does: the same refusal, budget, candidates and skips, and, when every
// attempt fails with a retryable 503, as many attempts on the requested model as explained before
// the first qualifying fallback model takes the rest.
namespace {

using Edit = std::function<void(Domain::Workspace &, Routing::RequestSummary &)>;

QStringList keys(const QList<Routing::Candidate> &candidates)
{
    QStringList out;
    for (const Routing::Candidate &c : candidates)
        out << c.key();
    out.sort();
    return out;
}

struct Walk // what the router did, every attempt failing with 503
{
    Routing::Decision first;
    QStringList attemptModels; // the model of each attempt, in order
    QList<double> attemptPrices; // the hold each attempt needs at its own model's price
    QList<double> holds; // what the router held when the call started
    int effectiveAttempts = 0;
    QStringList candidateKeys;
    QList<Domain::Skip> planSkips;
};

double holdFor(const Routing::Candidate &c, const Routing::RequestSummary &r)
{
    return (double(r.contextTokens) * c.priceIn + double(r.maxOutputTokens) * c.priceOut) / 1e6;
}

// `book`: the cooldowns before the call (the walk fails candidates in its own copy).
Walk walk(const Domain::Workspace &ws, const Routing::RequestSummary &r,
          Routing::CooldownBook book = {})
{
    ManualClock clock;
    Routing::SeededRandom random { 7 };
    Routing::CallRouter router(snapshot(ws), r, book, clock, random);
    Walk w;
    Routing::Decision d = router.start();
    w.first = d;
    w.effectiveAttempts = router.effectiveAttempts();
    w.candidateKeys = keys(router.requestedPlan().candidates);
    w.planSkips = router.requestedPlan().skips;
    for (double h : router.holds())
        w.holds << h;
    while (d.kind == Kind::Attempt) {
        w.attemptModels << d.candidate.model;
        w.attemptPrices << holdFor(d.candidate, r);
        clock.advance(d.waitMs);
        Routing::AttemptOutcome o;
        o.phase = Routing::AttemptOutcome::Phase::AfterStatus;
        o.httpStatus = 503;
        d = router.next(o);
    }
    return w;
}

using Cooling = std::function<void(Routing::CooldownBook &, qint64 nowMs)>;

} // namespace

Q_DECLARE_METATYPE(Edit)
Q_DECLARE_METATYPE(Cooling)

class tst_Admission : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void explainerAgreesWithRouter_R_UI_8_data();
    void explainerAgreesWithRouter_R_UI_8();
    void attemptBudget_R_REC_1();
    void attemptSharesAgree_R_FALL_2_R_BILL_1_data();
    void attemptSharesAgree_R_FALL_2_R_BILL_1();
    void shareAttempts_R_FALL_2_data();
    void shareAttempts_R_FALL_2();
};

void tst_Admission::explainerAgreesWithRouter_R_UI_8_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<Edit>("edit");
    auto fallback = [](QStringList models) {
        return [models](Domain::Workspace &w) {
            w.directives.allowModelFallback = true;
            w.directives.fallbackModels = models;
        };
    };
    QTest::newRow("direct, three offerings") << u"sim/three"_s << Edit([](auto &, auto &) {});
    QTest::newRow("pool") << u"demo/chat"_s << Edit([](auto &, auto &) {});
    QTest::newRow("single candidate, fallback R-FALL-2")
        << u"sim/solo"_s
        << Edit([=](Domain::Workspace &w, auto &) { fallback({ u"sim/backup"_s })(w); });
    QTest::newRow("fallback passes over a model that is off R-FALL-1")
        << u"sim/three"_s << Edit([=](Domain::Workspace &w, auto &) {
               fallback({ u"azure-eu/gpt-4o"_s, u"sim/backup"_s })(w);
               w.model(u"azure-eu/gpt-4o"_s)->enabled = false;
           });
    QTest::newRow("fallback passes over a too small context window R-FALL-1")
        << u"sim/solo"_s << Edit([=](Domain::Workspace &w, auto &) {
               fallback({ u"sim/backup"_s, u"openai-2/gpt-4o"_s })(w);
               w.model(u"sim/backup"_s)->contextWindow = 1000;
           });
    QTest::newRow("fallback not allowed by the key R-DIR-1")
        << u"sim/solo"_s << Edit([=](Domain::Workspace &w, auto &) {
               fallback({ u"sim/backup"_s, u"openai-2/gpt-4o"_s })(w);
               w.keys[0].directives.allowedModels = QStringList { u"sim/solo"_s, u"openai-2/*"_s };
           });
    QTest::newRow("fallback lists the requested model and an unknown one")
        << u"sim/solo"_s << Edit([=](Domain::Workspace &w, auto &) {
               fallback({ u"sim/solo"_s, u"nope/none"_s, u"sim/backup"_s })(w);
           });
    QTest::newRow("attempts capped by the key R-REC-1")
        << u"sim/three"_s << Edit([=](Domain::Workspace &w, auto &) {
               fallback({ u"sim/backup"_s })(w);
               w.keys[0].directives.maxApplicationAttempts = 2;
           });
    QTest::newRow("unknown model") << u"nope/none"_s << Edit([](auto &, auto &) {});
    QTest::newRow("not allowed R-DIR-1")
        << u"sim/three"_s << Edit([](Domain::Workspace &w, auto &) {
               w.projects[0].directives.allowedModels = QStringList { u"openai-2/*"_s };
           });
    QTest::newRow("disabled") << u"sim/three"_s << Edit([](Domain::Workspace &w, auto &) {
        w.model(u"sim/three"_s)->enabled = false;
    });
    QTest::newRow("bad region header R-REG-6")
        << u"sim/three"_s << Edit([](auto &, Routing::RequestSummary &r) {
               r.regionHeaderLines = { u"eu.west.1"_s };
           });
    QTest::newRow("no candidate in the header's regions R-REG-5")
        << u"demo/chat"_s << Edit([](auto &, Routing::RequestSummary &r) {
               r.regionHeaderLines = { u"ap-south-1"_s };
           });
    QTest::newRow("missing messages")
        << u"sim/three"_s << Edit([](auto &, Routing::RequestSummary &r) {
               r.requiredFields
                   = Routing::requiredFieldsOf(QJsonObject { { u"model"_s, r.model } });
           });
}

void tst_Admission::explainerAgreesWithRouter_R_UI_8()
{
    QFETCH(QString, model);
    QFETCH(Edit, edit);
    Domain::Workspace ws = seedWorkspace();
    Routing::RequestSummary r = chat(model);
    edit(ws, r);
    const ManualClock clock;
    const Routing::Explanation e
        = Routing::explain(ws, r, nullptr, clock.nowMs(), clock.nowUtc().date());
    const Walk w = walk(ws, r);

    if (e.refused) { // before any attempt, with the caller's exact error
        QCOMPARE(int(w.first.kind), int(Kind::Stop));
        QCOMPARE(w.first.error.httpStatus, e.httpStatus);
        QCOMPARE(w.first.error.code(), e.errorCode);
        QCOMPARE(w.first.error.message(), e.errorMessage);
        QVERIFY(w.attemptModels.isEmpty());
        return;
    }
    QCOMPARE(int(w.first.kind), int(Kind::Attempt));
    QCOMPARE(w.effectiveAttempts, e.attempts);
    QCOMPARE(w.candidateKeys, keys(e.candidates));
    QCOMPARE(w.planSkips, e.skips);
    QCOMPARE(w.attemptModels.count(e.model), e.attemptsForRequested);
    QStringList explained; // the fallback model the explainer says takes the rest, if any
    for (const Routing::FallbackExplanation &f : e.fallbacks) {
        if (f.qualifies) {
            explained << f.model;
            break;
        }
    }
    QStringList used;
    for (const QString &m : w.attemptModels) {
        if (m != e.model && !used.contains(m))
            used << m;
    }
    QCOMPARE(used.mid(0, 1), explained);
    for (const Routing::FallbackExplanation &f : e.fallbacks) {
        if (!f.qualifies)
            QVERIFY2(!used.contains(f.model), qPrintable(Domain::toString(f.reason.code)));
    }
}

void tst_Admission::attemptBudget_R_REC_1()
{
    Domain::RecoverySettings recovery;
    recovery.attempts = 5;
    Routing::EffectiveDirectives directives;
    QCOMPARE(Routing::attemptBudget(recovery, directives), 5);
    directives.maxApplicationAttempts.value = 2;
    QCOMPARE(Routing::attemptBudget(recovery, directives), 2);
    directives.maxApplicationAttempts.value = 8;
    QCOMPARE(Routing::attemptBudget(recovery, directives), 5);
}

// The explainer, the holds and the live walk share a call's attempts alike: attempt k is held at
// the price of the model the walk then tries, and the explainer gives each model as many attempts
// as the walk makes on it, cooldowns at the start included (R-FALL-*, R-BILL-1, R-UI-8, R-DET).
void tst_Admission::attemptSharesAgree_R_FALL_2_R_BILL_1_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QStringList>("fallbacks");
    QTest::addColumn<int>("attempts");
    QTest::addColumn<Cooling>("cooling");
    QTest::addColumn<QStringList>("expected"); // the model of each attempt the walk makes

    const auto none = Cooling([](auto &, qint64) {});
    const auto cool = [](QString key, qint64 ms) {
        return Cooling([=](Routing::CooldownBook &b, qint64 now) { b.fail(key, now, ms); });
    };
    const QString three = u"sim/three"_s, solo = u"sim/solo"_s, backup = u"sim/backup"_s,
                  gpt = u"openai-2/gpt-4o"_s, pool = u"demo/chat"_s;
    QTest::newRow("the last attempt to the fallback model")
        << three << QStringList { backup } << 3 << none << QStringList { three, three, backup };
    QTest::newRow("a cooling fallback model is passed over")
        << three << QStringList { gpt, backup } << 3 << cool(u"openai-2/gpt-4o"_s, 60000)
        << QStringList { three, three, backup };
    QTest::newRow("the only fallback model cooling: the attempt stays")
        << three << QStringList { backup } << 3 << cool(u"sim-west/backup"_s, 60000)
        << QStringList { three, three, three };
    QTest::newRow("the requested model cooling: the call waits, then falls back")
        << solo << QStringList { backup } << 3 << cool(u"sim-east/solo"_s, 1000)
        << QStringList { solo, solo, backup };
    QTest::newRow("the requested model cooling past the deadline: all to the fallback")
        << solo << QStringList { backup } << 3 << cool(u"sim-east/solo"_s, 200000)
        << QStringList { backup, backup, backup };
    QTest::newRow("a pool of two, then the fallback model")
        << pool << QStringList { backup } << 3 << none << QStringList { pool, pool, backup };
    QTest::newRow("one attempt stays with the requested model")
        << three << QStringList { backup } << 1 << none << QStringList { three };
    QTest::newRow("what the plans cannot use passes on in order")
        << three << QStringList { pool, backup } << 8 << none
        << QStringList { three, three, three, pool, pool, backup, backup, backup };
}

void tst_Admission::attemptSharesAgree_R_FALL_2_R_BILL_1()
{
    QFETCH(QString, model);
    QFETCH(QStringList, fallbacks);
    QFETCH(int, attempts);
    QFETCH(Cooling, cooling);
    QFETCH(QStringList, expected);
    Domain::Workspace ws = seedWorkspace();
    ws.directives.allowModelFallback = true;
    ws.directives.fallbackModels = fallbacks;
    ws.recoveryDefaults.attempts = attempts;
    double price = 1.0; // a price of its own for each model, so a hold names its model
    for (Domain::Model &m : ws.models) {
        m.inputPricePerMTok = price;
        m.outputPricePerMTok = 2 * price;
        price += 1.0;
    }
    // A fallback pool's order is drawn when it takes over: its deployments share one price.
    ws.model(u"azure-eu/gpt-4o"_s)->inputPricePerMTok
        = ws.model(u"openai-2/gpt-4o"_s)->inputPricePerMTok;
    ws.model(u"azure-eu/gpt-4o"_s)->outputPricePerMTok
        = ws.model(u"openai-2/gpt-4o"_s)->outputPricePerMTok;
    const Routing::RequestSummary r = chat(model);
    const ManualClock clock;
    Routing::CooldownBook book;
    cooling(book, clock.nowMs());

    const Walk w = walk(ws, r, book);
    QCOMPARE(w.attemptModels, expected);
    QCOMPARE(w.holds, w.attemptPrices);

    const Routing::Explanation e
        = Routing::explain(ws, r, &book, clock.nowMs(), clock.nowUtc().date());
    QVERIFY(!e.refused);
    QCOMPARE(e.attemptsForRequested, int(w.attemptModels.count(model)));
    int explained = e.attemptsForRequested;
    for (const Routing::FallbackExplanation &f : e.fallbacks) {
        QCOMPARE(f.attempts, int(w.attemptModels.count(f.model)));
        explained += f.attempts;
    }
    QCOMPARE(explained, int(w.attemptModels.size()));
}

void tst_Admission::shareAttempts_R_FALL_2_data()
{
    QTest::addColumn<int>("budget");
    QTest::addColumn<int>("requested"); // candidates of the requested model's plan
    QTest::addColumn<QList<qsizetype>>("fallbacks"); // of each fallback model that can take it
    QTest::addColumn<int>("requestedShare");
    QTest::addColumn<QList<int>>("fallbackShares");

    using S = QList<qsizetype>;
    using N = QList<int>;
    QTest::newRow("no fallback, single candidate retries") << 3 << 1 << S {} << 3 << N {};
    QTest::newRow("no fallback, each candidate once") << 3 << 2 << S {} << 2 << N {};
    QTest::newRow("the last one kept for the fallback") << 3 << 1 << S { 1 } << 2 << N { 1 };
    QTest::newRow("one attempt is the requested model's") << 1 << 3 << S { 1 } << 1 << N { 0 };
    QTest::newRow("two for two candidates, the rest passes on")
        << 5 << 2 << S { 2, 1 } << 2 << N { 2, 1 };
    QTest::newRow("a single fallback candidate retries") << 5 << 2 << S { 1, 1 } << 2 << N { 3, 0 };
    QTest::newRow("the call starts on a fallback model") << 3 << 0 << S { 2, 1 } << 0 << N { 2, 1 };
}

void tst_Admission::shareAttempts_R_FALL_2()
{
    QFETCH(int, budget);
    QFETCH(int, requested);
    QFETCH(QList<qsizetype>, fallbacks);
    QFETCH(int, requestedShare);
    QFETCH(QList<int>, fallbackShares);
    const Routing::AttemptShares s = Routing::shareAttempts(
        budget, requested, { fallbacks.constData(), size_t(fallbacks.size()) });
    QCOMPARE(s.requested, requestedShare);
    QCOMPARE(QList<int>(s.fallbacks.cbegin(), s.fallbacks.cend()), fallbackShares);
}

QTEST_GUILESS_MAIN(tst_Admission)
#include "tst_admission.moc"
