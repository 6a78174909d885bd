#include "fixedrandom.h"
#include "manualclock.h"
#include "routing/admission.h"
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

// Issue 12 §3: the route explainer and the gateway's router take the same rules (admission, the
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
    int effectiveAttempts = 0;
    QStringList candidateKeys;
    QList<Domain::Skip> planSkips;
};

Walk walk(const Domain::Workspace &ws, const Routing::RequestSummary &r)
{
    ManualClock clock;
    Routing::SeededRandom random { 7 };
    Routing::CooldownBook book;
    Routing::CallRouter router(snapshot(ws), r, book, clock, random);
    Walk w;
    Routing::Decision d = router.start();
    w.first = d;
    w.effectiveAttempts = router.effectiveAttempts();
    w.candidateKeys = keys(router.requestedPlan().candidates);
    w.planSkips = router.requestedPlan().skips;
    while (d.kind == Kind::Attempt) {
        w.attemptModels << d.candidate.model;
        clock.advance(d.waitMs);
        Routing::AttemptOutcome o;
        o.phase = Routing::AttemptOutcome::Phase::AfterStatus;
        o.httpStatus = 503;
        d = router.next(o);
    }
    return w;
}

} // namespace

Q_DECLARE_METATYPE(Edit)

class tst_Admission : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void explainerAgreesWithRouter_R_UI_8_data();
    void explainerAgreesWithRouter_R_UI_8();
    void attemptBudget_R_REC_1();
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
        QCOMPARE(w.first.error.code, e.errorCode);
        QCOMPARE(w.first.error.message, e.errorMessage);
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

QTEST_GUILESS_MAIN(tst_Admission)
#include "tst_admission.moc"
