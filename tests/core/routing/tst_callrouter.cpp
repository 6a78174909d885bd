#include "fixedrandom.h"
#include "manualclock.h"
#include "routing/callrouter.h"
#include "routingfixtures.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>
#include <functional>
#include <map>

using namespace Qt::StringLiterals;
using namespace RoutingFixtures;
using Routing::AttemptOutcome;
using Routing::CallRouter;
using Routing::Decision;
using Kind = Routing::Decision::Kind;

namespace {

AttemptOutcome status(int s, const QString &retryAfter = {})
{
    AttemptOutcome o;
    o.phase = s ? AttemptOutcome::Phase::AfterStatus : AttemptOutcome::Phase::BeforeStatus;
    o.httpStatus = s;
    o.retryAfter = retryAfter;
    o.served = s >= 200 && s < 300;
    return o;
}

AttemptOutcome transport(Domain::ErrorClass c)
{
    AttemptOutcome o;
    o.transport = c;
    return o;
}

Domain::Workspace withFallback(QStringList models)
{
    Domain::Workspace ws = seedWorkspace();
    ws.directives.allowModelFallback = true;
    ws.directives.fallbackModels = std::move(models);
    return ws;
}

void overrideRecovery(Domain::Workspace &ws, const QString &model, int attempts, int deadlineMs)
{
    Domain::Model *m = ws.model(model);
    m->recovery.overridden = true;
    m->recovery.override.attempts = attempts;
    m->recovery.override.deadlineMs = deadlineMs;
}

#ifdef SWITCHBOARD_CACHED_ROUTES
// Built a second time as tst_callrouter_cached: every call takes its route from a cache that an
// earlier lookup filled, so a cached route and a fresh one must agree on every input here.
Routing::RouteCache *warmedCache(Routing::CooldownBook &book, const Domain::WorkspaceSnapshot &ws,
                                 const Routing::RequestSummary &r, const Util::Clock &clock)
{
    static std::map<Routing::CooldownBook *, std::unique_ptr<Routing::RouteCache>> caches;
    auto &cache = caches[&book];
    if (!cache)
        cache = std::make_unique<Routing::RouteCache>(book);
    cache->route(ws, r, clock.nowUtc().date());
    return cache.get();
}
#endif

// One call against a workspace with a ManualClock; waits advance the clock as the executor would.
struct Call
{
    explicit Call(Domain::Workspace ws, Routing::RequestSummary r,
                  Routing::CooldownBook *shared = nullptr)
        : book(shared ? *shared : ownBook)
        , router(makeRouter(snapshot(std::move(ws)), std::move(r)))
    {
    }
    CallRouter makeRouter(Domain::WorkspaceSnapshot ws, Routing::RequestSummary r)
    {
#ifdef SWITCHBOARD_CACHED_ROUTES
        Routing::RouteCache *cache = warmedCache(book, ws, r, clock);
        return CallRouter(std::move(ws), std::move(r), book, clock, random, cache);
#else
        return CallRouter(std::move(ws), std::move(r), book, clock, random);
#endif
    }
    Decision start()
    {
        return follow(router.start());
    }
    Decision report(const AttemptOutcome &o)
    {
        return follow(router.next(o));
    }
    Decision follow(Decision d)
    {
        if (d.kind == Kind::Attempt)
            clock.advance(d.waitMs);
        return d;
    }

    ManualClock clock;
    Routing::SeededRandom random { 1 };
    Routing::CooldownBook ownBook;
    Routing::CooldownBook &book;
    CallRouter router;
};

using Setup = std::function<void(Domain::Workspace &, Routing::RequestSummary &)>;

} // namespace

Q_DECLARE_METATYPE(Setup)
Q_DECLARE_METATYPE(Routing::AttemptOutcome)

class tst_CallRouter : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void refusals_R_ERR_1_data();
    void refusals_R_ERR_1();
    void seedThreeOfferings503503200_R_REC_1();
    void singleCandidateRetriesAfterCooldown_R_REC_3();
    void retryAfterBeyondDeadlineEndsAtOnce_R_REC_6();
    void longRetryAfterWaitedWhenItFits_R_DET();
    void retryAfterExtendsSharedCooldown_R_REC_5();
    void poolTriesEachCandidateOnce_R_REC_2();
    void attemptCapFromDirectives_R_REC_1();
    void finalErrorsStopAtOnce_R_REC_8_data();
    void finalErrorsStopAtOnce_R_REC_8();
    void fallbackTakesReservedLastAttempt_R_FALL_2();
    void reservedAttemptStaysWithoutFallback_R_DET();
    void coolingFallbackIsPassedOver_R_DET();
    void fallbackNeverAfterFinalError_R_DET();
    void fallbackAtOnceWhenWaitDoesNotFit_R_DET();
    void fallbackModelMustServeEndpoint_R_FALL_3();
    void allCoolingWaitsWhenItFits_R_REG_5();
    void allCoolingBeyondDeadline503_R_REG_5();
    void allCoolingBeyondDeadlineFallsBack_R_DET();
    void allowedModelsSkipDeployments_R_DET();
    void aliasDeprecationReachesRouter_R_ALIAS_2();
    void holdsPerPlannedAttempt_R_BILL_1();
    void holdsCountWhatATranslationSends_R_BILL_1_R_XLAT_2();
    void statsCountDecisions_R_OBS_1();
    void oneAttemptTurnsRetriesOff_R_REC_1();
    void defaultRecoveryIsTheWorkspaces_R_REC_9();
    void presetAliasFallbackList_R_FALL_4();
    void streamNeverMovesAfterStart_R_STR_1();
    void requiredFieldsAfterAliasBeforeDirectives_R_DET_data();
    void requiredFieldsAfterAliasBeforeDirectives_R_DET();
    void poolSingleCandidateRetriesSameOffering_R_DET();
};

void tst_CallRouter::refusals_R_ERR_1_data()
{
    QTest::addColumn<Setup>("setup");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("message"); // checked when set

    using S = std::function<void(Domain::Workspace &, Routing::RequestSummary &)>;
    QTest::newRow("unknown model: 404") << S([](auto &, auto &r) { r.model = u"x/y"_s; }) << 404
                                        << u"model_not_found"_s << QString();
    QTest::newRow("not allowed: 403") << S([](auto &w, auto &) {
        w.projects[0].directives.allowedModels = QStringList { u"sim/*"_s };
    }) << 403 << u"model_not_allowed"_s
                                      << QString();
    QTest::newRow("disabled: 403")
        << S([](auto &w, auto &) { w.model(u"demo/chat"_s)->enabled = false; }) << 403
        << u"model_disabled"_s << QString();
    QTest::newRow("disabled and not allowed: directives first") << S([](auto &w, auto &) {
        w.model(u"demo/chat"_s)->enabled = false;
        w.directives.allowedModels = QStringList { u"sim/*"_s };
    }) << 403 << u"model_not_allowed"_s << QString();
    QTest::newRow("bad region header: 400")
        << S([](auto &, auto &r) { r.regionHeaderLines = { u"eu.west.1"_s }; }) << 400
        << u"invalid_region_header"_s
        << u"x-gateway-model-regions: invalid region name \"eu.west.1\""_s;
    QTest::newRow("no region fits: 400 exact message")
        << S([](auto &, auto &r) { r.regionHeaderLines = { u"ap-south-1"_s }; }) << 400
        << u"route_constraints_unmet"_s
        << u"No authorized deployment meets the route constraints."_s;
}

void tst_CallRouter::refusals_R_ERR_1()
{
    QFETCH(Setup, setup);
    QFETCH(int, status);
    QFETCH(QString, code);
    QFETCH(QString, message);
    Domain::Workspace ws = seedWorkspace();
    auto r = chat(u"demo/chat"_s);
    setup(ws, r);
    Call call(ws, r);
    const Decision d = call.start();
    QCOMPARE(int(d.kind), int(Kind::Stop));
    QCOMPARE(d.error.httpStatus, status);
    QCOMPARE(d.error.code(), code);
    if (!message.isEmpty())
        QCOMPARE(d.error.message(), message);
    QCOMPARE(call.router.attemptsMade(), 0);
}

// Seed 000: default recovery, three offerings answering 503, 503, 200.
void tst_CallRouter::seedThreeOfferings503503200_R_REC_1()
{
    Call call(seedWorkspace(), chat(u"sim/three"_s));
    const Decision a = call.start();
    QCOMPARE(int(a.kind), int(Kind::Attempt));
    QCOMPARE(a.candidate.connection, u"sim-east"_s);
    QCOMPARE(a.waitMs, qint64(0));
    QCOMPARE(call.router.effectiveAttempts(), 3);
    QCOMPARE(call.router.deadlineAtMs(), call.clock.nowMs() + 180000);

    const Decision b = call.report(status(503));
    QCOMPARE(int(b.kind), int(Kind::Attempt));
    QCOMPARE(b.candidate.connection, u"sim-west"_s);
    QCOMPARE(b.waitMs, qint64(100)); // backoff before attempt 2 (R-REC-4)
    QCOMPARE(Domain::toString(b.waitReason), u"backoff"_s);
    QCOMPARE(
        Domain::encodeFact(Domain::toFact(b.previousAttemptNote, Domain::Workspace {})),
        uR"({"causes":[{"args":[503],"code":"status_transient"}],"code":"attempt_retried"})"_s);
    QVERIFY(call.book.coolingDown(u"sim-east/a"_s, call.clock.nowMs()));

    const Decision c = call.report(status(503));
    QCOMPARE(c.candidate.connection, u"openai-1"_s);
    QCOMPARE(c.waitMs, qint64(200));
    QCOMPARE(c.attemptNumber, 3);
    QVERIFY(!c.fallback);

    const Decision d = call.report(status(200));
    QCOMPARE(int(d.kind), int(Kind::Served));
    QCOMPARE(call.router.attemptsMade(), 3);
    QVERIFY(!call.book.coolingDown(u"openai-1/c"_s, call.clock.nowMs()));
}

// Seed 000: "Without a pool, a retry goes back to the same deployment after its cooldown."
void tst_CallRouter::singleCandidateRetriesAfterCooldown_R_REC_3()
{
    Call call(seedWorkspace(), chat(u"sim/solo"_s));
    QCOMPARE(call.start().candidate.key(), u"sim-east/solo"_s);
    const Decision b = call.report(status(503));
    QCOMPARE(int(b.kind), int(Kind::Attempt));
    QCOMPARE(b.candidate.key(), u"sim-east/solo"_s);
    QCOMPARE(b.waitMs, qint64(5000));
    QCOMPARE(Domain::toString(b.waitReason), u"cooldown"_s);
    const Decision c = call.report(status(502));
    QCOMPARE(c.candidate.key(), u"sim-east/solo"_s);
    QCOMPARE(c.waitMs, qint64(5000));
    const Decision d = call.report(status(503));
    QCOMPARE(int(d.kind), int(Kind::Stop));
    QCOMPARE(d.error.httpStatus, 503);
    QCOMPARE(d.error.code(), u"no_healthy_route"_s);
    QCOMPARE(call.router.attemptsMade(), 3);
}

void tst_CallRouter::retryAfterBeyondDeadlineEndsAtOnce_R_REC_6()
{
    Domain::Workspace ws = seedWorkspace();
    overrideRecovery(ws, u"sim/solo"_s, 3, 10000);
    Call call(ws, chat(u"sim/solo"_s));
    call.start();
    AttemptOutcome limited = status(429, u"60"_s);
    limited.retryAfterMs = u"60000"_s;
    const Decision d = call.report(limited);
    QCOMPARE(int(d.kind), int(Kind::Stop));
    QCOMPARE(d.error.httpStatus, 429);
    QCOMPARE(d.error.code(), u"upstream_rate_limited"_s);
    QCOMPARE(d.error.retryAfter, u"60"_s);
    QCOMPARE(d.error.retryAfterMs, u"60000"_s);
    QCOMPARE(call.router.attemptsMade(), 1);
    QCOMPARE(call.clock.nowMs(), ManualClock().nowMs()); // no wait was started
}

void tst_CallRouter::longRetryAfterWaitedWhenItFits_R_DET()
{
    Domain::Workspace ws = seedWorkspace();
    overrideRecovery(ws, u"sim/solo"_s, 2, 600000);
    Call call(ws, chat(u"sim/solo"_s));
    call.start();
    const qint64 failedAt = call.clock.nowMs();
    const Decision d = call.report(status(429, u"200"_s));
    QCOMPARE(int(d.kind), int(Kind::Attempt));
    QCOMPARE(d.waitMs, qint64(200000));
    QCOMPARE(Domain::toString(d.waitReason), u"retry_after"_s);
    // The shared cooldown is capped at 120 s even though this call waits longer.
    QCOMPARE(call.book.remainingMs(u"sim-east/solo"_s, failedAt), qint64(120000));
}

void tst_CallRouter::retryAfterExtendsSharedCooldown_R_REC_5()
{
    Call call(seedWorkspace(), chat(u"sim/three"_s));
    call.start();
    const qint64 t = call.clock.nowMs();
    call.report(status(429, u"30"_s));
    QCOMPARE(call.book.remainingMs(u"sim-east/a"_s, t), qint64(30000));
}

void tst_CallRouter::poolTriesEachCandidateOnce_R_REC_2()
{
    Routing::CooldownBook shared;
    Call call(seedWorkspace(), chat(u"demo/chat"_s), &shared);
    const Decision a = call.start();
    QCOMPARE(a.candidate.model, u"demo/chat"_s);
    const Decision b = call.report(status(500));
    QVERIFY(b.candidate.deployment != a.candidate.deployment);
    const Decision c = call.report(transport(Domain::ErrorClass::ConnectTimeout));
    QCOMPARE(int(c.kind), int(Kind::Stop)); // 2 candidates → at most 2 attempts
    QCOMPARE(c.error.code(), u"no_healthy_route"_s);
    QCOMPARE(call.router.attemptsMade(), 2);

    // The cooldowns are shared: the next call finds both cooling and waits for the earliest.
    Call second(seedWorkspace(), chat(u"demo/chat"_s), &shared);
    second.clock.setNowMs(call.clock.nowMs());
    const Decision w = second.start();
    QCOMPARE(int(w.kind), int(Kind::Attempt));
    QCOMPARE(w.candidate.deployment, a.candidate.deployment);
    QCOMPARE(Domain::toString(w.waitReason), u"cooldown"_s);
    QCOMPARE(w.waitMs, qint64(5000 - 100));
}

void tst_CallRouter::attemptCapFromDirectives_R_REC_1()
{
    Domain::Workspace ws = seedWorkspace();
    ws.keys[0].directives.maxApplicationAttempts = 2;
    Call call(ws, chat(u"sim/three"_s));
    call.start();
    QCOMPARE(call.router.effectiveAttempts(), 2);
    QCOMPARE(int(call.report(status(503)).kind), int(Kind::Attempt));
    const Decision d = call.report(status(503));
    QCOMPARE(int(d.kind), int(Kind::Stop));
    QCOMPARE(call.router.attemptsMade(), 2);
    QCOMPARE(Domain::toFact(d.previousAttemptNote, Domain::Workspace {}),
             Domain::fact(Domain::FactCode::AttemptFinalGaveUp, {},
                          { Domain::fact(Domain::FactCode::StatusTransient, { 503 }),
                            Domain::fact(Domain::FactCode::NoAttemptLeft) }));
}

void tst_CallRouter::finalErrorsStopAtOnce_R_REC_8_data()
{
    QTest::addColumn<AttemptOutcome>("outcome");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("code");
    QTest::addColumn<bool>("cools");

    AttemptOutcome refusal = status(400);
    refusal.contentRefusal = true;
    refusal.errorBody = R"({"error":{"message":"no","code":"content_policy_violation"}})";
    AttemptOutcome cut;
    cut.phase = AttemptOutcome::Phase::AfterFirstByteToCaller;
    cut.httpStatus = 200;
    cut.transport = Domain::ErrorClass::StoppedAnswering;
    // No code in the upstream's body: none is invented (R-DET).
    QTest::newRow("400 caller error, no cooldown") << status(400) << 400 << QString() << false;
    QTest::newRow("content refusal, no cooldown")
        << refusal << 400 << u"content_policy_violation"_s << false;
    QTest::newRow("401 upstream auth cools")
        << status(401) << 502 << u"upstream_auth_failed"_s << true;
    QTest::newRow("stream cut after bytes") << cut << 502 << u"upstream_bad_response"_s << true;
    QTest::newRow("deadline does not cool")
        << transport(Domain::ErrorClass::Deadline) << 504 << u"deadline_exceeded"_s << false;
    QTest::newRow("caller hung up does not cool")
        << transport(Domain::ErrorClass::CallerClosed) << 499 << u"caller_closed"_s << false;
}

void tst_CallRouter::finalErrorsStopAtOnce_R_REC_8()
{
    QFETCH(AttemptOutcome, outcome);
    QFETCH(int, status);
    QFETCH(QString, code);
    QFETCH(bool, cools);
    Call call(withFallback({ u"sim/backup"_s }), chat(u"sim/three"_s));
    call.start();
    const Decision d = call.report(outcome);
    QCOMPARE(int(d.kind), int(Kind::Stop));
    QCOMPARE(d.error.httpStatus, status);
    QCOMPARE(d.error.code(), code);
    QVERIFY(!d.fallback);
    QCOMPARE(call.book.coolingDown(u"sim-east/a"_s, call.clock.nowMs()), cools);
    QCOMPARE(Domain::toString(d.previousAttemptNote.code), u"attempt_final"_s);
}

// R-FALL-2: with three attempts the requested model gets two, the first fallback model the last.
void tst_CallRouter::fallbackTakesReservedLastAttempt_R_FALL_2()
{
    Call call(withFallback({ u"openai-2/gpt-4o"_s, u"sim/backup"_s }), chat(u"sim/three"_s));
    const qint64 deadline = [&] {
        call.start();
        return call.router.deadlineAtMs();
    }();
    QVERIFY(!call.report(status(503)).fallback);
    const Decision c = call.report(status(503));
    QCOMPARE(int(c.kind), int(Kind::Attempt));
    QVERIFY(c.fallback);
    QCOMPARE(c.fallbackModel, u"openai-2/gpt-4o"_s);
    QCOMPARE(c.candidate.model, u"openai-2/gpt-4o"_s);
    QCOMPARE(c.candidate.connection, u"openai-2"_s);
    QCOMPARE(c.waitMs, qint64(200));
    QCOMPARE(Domain::toFact(c.fallbackReason, Domain::Workspace {}),
             Domain::fact(Domain::FactCode::LastAttemptReserved));
    const Decision d = call.report(status(200));
    QCOMPARE(int(d.kind), int(Kind::Served));
    QVERIFY(d.fallback);
    QCOMPARE(call.router.fallbackModelUsed(), u"openai-2/gpt-4o"_s);
    QCOMPARE(call.router.deadlineAtMs(), deadline); // R-REC-6: never reset
}

void tst_CallRouter::reservedAttemptStaysWithoutFallback_R_DET()
{
    Domain::Workspace ws = withFallback({ u"sim/backup"_s });
    ws.model(u"sim/backup"_s)->enabled = false; // no fallback model qualifies
    Call call(ws, chat(u"sim/three"_s));
    call.start();
    call.report(status(503));
    const Decision c = call.report(status(503));
    QVERIFY(!c.fallback);
    QCOMPARE(c.candidate.connection, u"openai-1"_s);
}

void tst_CallRouter::coolingFallbackIsPassedOver_R_DET()
{
    Routing::CooldownBook shared;
    shared.fail(u"openai-2/gpt-4o"_s, ManualClock().nowMs(), 60000);
    Call call(withFallback({ u"openai-2/gpt-4o"_s, u"sim/backup"_s }), chat(u"sim/three"_s),
              &shared);
    call.start();
    call.report(status(503));
    const Decision c = call.report(status(503));
    QVERIFY(c.fallback);
    QCOMPARE(c.fallbackModel, u"sim/backup"_s);
    const auto skips = call.router.skips();
    QVERIFY(std::any_of(skips.cbegin(), skips.cend(), [](const Domain::Skip &s) {
        return s.model == u"openai-2/gpt-4o"_s && s.reason == Domain::SkipReason::CoolingDown;
    }));
}

void tst_CallRouter::fallbackNeverAfterFinalError_R_DET()
{
    Call call(withFallback({ u"sim/backup"_s }), chat(u"sim/three"_s));
    call.start();
    call.report(status(503));
    const Decision d = call.report(status(422));
    QCOMPARE(int(d.kind), int(Kind::Stop));
    QCOMPARE(d.error.httpStatus, 422);
    QVERIFY(!d.fallback);
    QVERIFY(call.router.fallbackModelUsed().isEmpty());
}

void tst_CallRouter::fallbackAtOnceWhenWaitDoesNotFit_R_DET()
{
    Domain::Workspace ws = withFallback({ u"sim/backup"_s });
    overrideRecovery(ws, u"sim/solo"_s, 3, 4000); // cooldown 5,000 cannot fit
    Call call(ws, chat(u"sim/solo"_s));
    call.start();
    const Decision b = call.report(status(503));
    QCOMPARE(int(b.kind), int(Kind::Attempt));
    QVERIFY(b.fallback);
    QCOMPARE(b.candidate.model, u"sim/backup"_s);
    QCOMPARE(b.waitMs, qint64(0));
    // Without fallback the same call ends with the last error.
    Domain::Workspace plain = seedWorkspace();
    overrideRecovery(plain, u"sim/solo"_s, 3, 4000);
    Call alone(plain, chat(u"sim/solo"_s));
    alone.start();
    const Decision e = alone.report(status(503));
    QCOMPARE(int(e.kind), int(Kind::Stop));
    QCOMPARE(e.error.code(), u"no_healthy_route"_s);
}

void tst_CallRouter::fallbackModelMustServeEndpoint_R_FALL_3()
{
    Domain::Workspace ws = withFallback({ u"openai-2/gpt-4o"_s, u"sim/backup"_s });
    ws.model(u"anthropic/claude-sonnet-5"_s)->offerings << offering(u"anthropic-1"_s, u"b"_s);
    auto r = chat(u"anthropic/claude-sonnet-5"_s);
    r.endpoint = Domain::Endpoint::Messages;
    r.notCarried = u"top_k"_s; // what chat completions cannot carry (R-XLAT-3)
    Call call(ws, r);
    call.start();
    const Decision b = call.report(status(529));
    QCOMPARE(b.candidate.upstreamModel, u"b"_s); // attempt 2 stays: two offerings
    const Decision c = call.report(status(529));
    QVERIFY(c.fallback);
    QCOMPARE(c.fallbackModel, u"sim/backup"_s); // openai-2 cannot carry top_k
}

void tst_CallRouter::allCoolingWaitsWhenItFits_R_REG_5()
{
    Routing::CooldownBook shared;
    const qint64 t0 = ManualClock().nowMs();
    shared.fail(u"openai-2/gpt-4o"_s, t0, 5000);
    shared.fail(u"azure-eu/gpt-4o-eu"_s, t0, 3000);
    // Fallback is on and free, yet the call waits: the wait fits (R-DET).
    Call call(withFallback({ u"sim/backup"_s }), chat(u"demo/chat"_s), &shared);
    const Decision a = call.start();
    QCOMPARE(int(a.kind), int(Kind::Attempt));
    QVERIFY(!a.fallback);
    QCOMPARE(a.candidate.deployment, u"azure-eu/gpt-4o"_s);
    QCOMPARE(a.waitMs, qint64(3000));
    QCOMPARE(Domain::toString(a.waitReason), u"cooldown"_s);
    const Decision b = call.report(status(503));
    QCOMPARE(b.candidate.deployment, u"openai-2/gpt-4o"_s);
    QCOMPARE(b.waitMs, qint64(2000)); // its remaining cooldown, longer than the backoff
}

void tst_CallRouter::allCoolingBeyondDeadline503_R_REG_5()
{
    Routing::CooldownBook shared;
    shared.fail(u"sim-east/solo"_s, ManualClock().nowMs(), 12500);
    Domain::Workspace ws = seedWorkspace();
    overrideRecovery(ws, u"sim/solo"_s, 3, 10000);
    Call call(ws, chat(u"sim/solo"_s), &shared);
    const Decision d = call.start();
    QCOMPARE(int(d.kind), int(Kind::Stop));
    QCOMPARE(d.error.httpStatus, 503);
    QCOMPARE(d.error.code(), u"no_healthy_route"_s);
    QCOMPARE(d.error.retryAfter, u"13"_s);
    QCOMPARE(call.router.attemptsMade(), 0);
}

void tst_CallRouter::allCoolingBeyondDeadlineFallsBack_R_DET()
{
    Routing::CooldownBook shared;
    shared.fail(u"sim-east/solo"_s, ManualClock().nowMs(), 12500);
    Domain::Workspace ws = withFallback({ u"sim/backup"_s });
    overrideRecovery(ws, u"sim/solo"_s, 3, 10000);
    Call call(ws, chat(u"sim/solo"_s), &shared);
    const Decision d = call.start();
    QCOMPARE(int(d.kind), int(Kind::Attempt));
    QVERIFY(d.fallback);
    QCOMPARE(d.candidate.model, u"sim/backup"_s);
    QCOMPARE(d.waitMs, qint64(0));
    QCOMPARE(call.router.holds().size(), 3u); // sim/backup's single candidate, up to 3 times
}

void tst_CallRouter::allowedModelsSkipDeployments_R_DET()
{
    Domain::Workspace ws = withFallback({ u"sim/backup"_s, u"sim/three"_s });
    ws.directives.allowedModels = QStringList { u"demo/*"_s, u"sim/three"_s };
    Call call(ws, chat(u"demo/chat"_s));
    const Decision a = call.start();
    QCOMPARE(int(a.kind), int(Kind::Attempt)); // deployments need not be allowed
    call.report(status(503));
    QCOMPARE(call.router.attemptsMade(), 2);
    const Decision c = call.report(status(503));
    QVERIFY(c.fallback);
    QCOMPARE(c.fallbackModel, u"sim/three"_s); // sim/backup is not allowed
}

void tst_CallRouter::aliasDeprecationReachesRouter_R_ALIAS_2()
{
    Domain::Workspace ws = seedWorkspace();
    ws.aliases << Domain::Alias { u"org/old"_s, u"sim/solo"_s,       {},
                                  {},           QDate(2026, 11, 29), u"sim/three"_s };
    Call call(ws, chat(u"org/old"_s)); // ManualClock starts on 2026-11-29: on the date
    const Decision a = call.start();
    QCOMPARE(a.candidate.model, u"sim/three"_s);
    QCOMPARE(call.router.alias().deprecationHeader, u"date=2026-11-29; replacement=sim/three"_s);
}

void tst_CallRouter::holdsPerPlannedAttempt_R_BILL_1()
{
    Domain::Workspace ws = withFallback({ u"openai-2/gpt-4o"_s });
    ws.model(u"openai-2/gpt-4o"_s)->inputPricePerMTok = 5.0;
    ws.model(u"openai-2/gpt-4o"_s)->outputPricePerMTok = 20.0;
    Call call(ws, chat(u"sim/three"_s)); // 1,000 in, 500 out
    call.start();
    const std::span<const double> holds = call.router.holds();
    QCOMPARE(holds.size(), 3u);
    QCOMPARE(holds[0], (1000 * 2.5 + 500 * 10.0) / 1e6);
    QCOMPARE(holds[1], holds[0]);
    QCOMPARE(holds[2], (1000 * 5.0 + 500 * 20.0) / 1e6); // the fallback at its own price
}

void tst_CallRouter::holdsCountWhatATranslationSends_R_BILL_1_R_XLAT_2()
{
    Domain::Workspace ws = seedWorkspace();
    Domain::Model *claude = ws.model(u"anthropic/claude-sonnet-5"_s);
    claude->inputPricePerMTok = 3.0;
    claude->outputPricePerMTok = 15.0;
    claude->maxOutputTokens = 8000;
    auto r = chat(u"anthropic/claude-sonnet-5"_s); // 1,000 in
    r.maxOutputTokens = 0; // none named: the translation sends the model's 8,000
    Call call(ws, r);
    const Decision a = call.start();
    QCOMPARE(Domain::toString(a.candidate.translation), u"chat_to_messages"_s);
    QCOMPARE(call.router.holds()[0], (1000 * 3.0 + 8000 * 15.0) / 1e6);
    // Named, it is what is sent and held.
    r.maxOutputTokens = 100;
    Call named(ws, r);
    named.start();
    QCOMPARE(named.router.holds()[0], (1000 * 3.0 + 100 * 15.0) / 1e6);
}

void tst_CallRouter::statsCountDecisions_R_OBS_1()
{
    Domain::Workspace ws = withFallback({ u"sim/backup"_s });
    ws.model(u"demo/chat"_s)->pool.allowedRegions = { u"us-east-1"_s };
    ws.model(u"openai-2/gpt-4o"_s)->offerings << offering(u"sim-east"_s, u"x"_s);
    Call call(ws, chat(u"demo/chat"_s));
    call.start();
    call.report(status(503));
    call.report(status(503));
    call.report(status(200));
    const Routing::RouterStats &s = call.router.stats();
    QCOMPARE(s.attempts, 3);
    QCOMPARE(s.retries, 2);
    QCOMPARE(s.fallbacks, 1);
    QCOMPARE(s.cooldownsStarted, 2);
    QCOMPARE(s.served, 1);
    QCOMPARE(s.skips(Domain::SkipReason::OutOfRegion), 1);
    QCOMPARE(s.waits, 2);
}

void tst_CallRouter::oneAttemptTurnsRetriesOff_R_REC_1()
{
    Domain::Workspace ws = withFallback({ u"sim/backup"_s });
    overrideRecovery(ws, u"sim/three"_s, 1, 180000);
    Call call(ws, chat(u"sim/three"_s));
    QCOMPARE(int(call.start().kind), int(Kind::Attempt));
    const Decision d = call.report(status(503));
    QCOMPARE(int(d.kind), int(Kind::Stop));
    QVERIFY(!d.fallback); // the requested model always gets at least one attempt
    QCOMPARE(call.router.attemptsMade(), 1);
    QCOMPARE(call.router.holds().size(), 1u);
}

void tst_CallRouter::defaultRecoveryIsTheWorkspaces_R_REC_9()
{
    // A model on Default recovery takes its attempts and deadline from the workspace defaults.
    Domain::Workspace ws = seedWorkspace();
    ws.recoveryDefaults.attempts = 1;
    ws.recoveryDefaults.deadlineMs = 4000;
    QVERIFY(!ws.model(u"sim/three"_s)->recovery.overridden);
    Call call(ws, chat(u"sim/three"_s));
    QCOMPARE(int(call.start().kind), int(Kind::Attempt));
    QCOMPARE(call.router.deadlineAtMs() - call.clock.nowMs(), qint64(4000));
    const Decision d = call.report(status(503));
    QCOMPARE(int(d.kind), int(Kind::Stop));
    QCOMPARE(call.router.attemptsMade(), 1);
}

void tst_CallRouter::presetAliasFallbackList_R_FALL_4()
{
    Domain::Workspace ws = seedWorkspace(); // the team has not set allowModelFallback
    ws.aliases << Domain::Alias { u"org/solo"_s, u"sim/solo"_s, {}, { u"sim/backup"_s }, {}, {} };
    Call call(ws, chat(u"org/solo"_s));
    call.start();
    const Decision b = call.report(status(503));
    QVERIFY(!b.fallback); // attempt 2 retries the single candidate
    const Decision c = call.report(status(503));
    QVERIFY(c.fallback);
    QCOMPARE(c.fallbackModel, u"sim/backup"_s);

    // A level that explicitly turns fallback off wins over the preset's list.
    ws.projects[0].directives.allowModelFallback = false;
    Call off(ws, chat(u"org/solo"_s));
    off.start();
    off.report(status(503));
    QVERIFY(!off.report(status(503)).fallback);
}

void tst_CallRouter::streamNeverMovesAfterStart_R_STR_1()
{
    auto r = chat(u"sim/three"_s);
    r.stream = true;
    Call call(withFallback({ u"sim/backup"_s }), r);
    call.start();
    AttemptOutcome cut;
    cut.phase = AttemptOutcome::Phase::AfterFirstByteToCaller;
    cut.httpStatus = 200;
    cut.transport = Domain::ErrorClass::Transport;
    const Decision d = call.report(cut);
    QCOMPARE(int(d.kind), int(Kind::Stop));
    QCOMPARE(call.router.attemptsMade(), 1);
    QCOMPARE(Domain::toString(call.router.lastClassification().errorClass), u"stopped_answering"_s);
}

namespace {

QJsonArray oneMessage()
{
    return QJsonArray { QJsonObject { { u"role"_s, u"user"_s }, { u"content"_s, u"hi"_s } } };
}

} // namespace

void tst_CallRouter::requiredFieldsAfterAliasBeforeDirectives_R_DET_data()
{
    QTest::addColumn<Setup>("setup");
    QTest::addColumn<int>("status"); // 0: the call goes on to an attempt
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("field"); // named in the message

    using S = std::function<void(Domain::Workspace &, Routing::RequestSummary &)>;
    const auto chatBody = [](QJsonValue messages) {
        return QJsonObject { { u"model"_s, u"demo/chat"_s }, { u"messages"_s, messages } };
    };
    const auto messagesCall = [](Routing::RequestSummary &r, QJsonObject body) {
        r.model = u"anthropic/claude-sonnet-5"_s;
        r.endpoint = Domain::Endpoint::Messages;
        body.insert(u"model"_s, r.model);
        r.requiredFields = Routing::requiredFieldsOf(body);
    };
    QTest::newRow("chat with messages") << S([=](auto &, auto &r) {
        r.requiredFields = Routing::requiredFieldsOf(chatBody(oneMessage()));
    }) << 0 << QString() << QString();
    QTest::newRow("empty messages on a model not allowed: 400 before 403")
        << S([=](auto &w, auto &r) {
               w.projects[0].directives.allowedModels = QStringList { u"sim/*"_s };
               r.requiredFields = Routing::requiredFieldsOf(chatBody(QJsonArray()));
           })
        << 400 << u"invalid_request"_s << u"messages"_s;
    QTest::newRow("empty messages on a disabled model: 400 before 403") << S([=](auto &w, auto &r) {
        w.model(u"demo/chat"_s)->enabled = false;
        r.requiredFields = Routing::requiredFieldsOf(chatBody(QJsonArray()));
    }) << 400 << u"invalid_request"_s << u"messages"_s;
    QTest::newRow("messages not an array") << S([=](auto &, auto &r) {
        r.requiredFields = Routing::requiredFieldsOf(chatBody(u"hi"_s));
    }) << 400 << u"invalid_request"_s << u"messages"_s;
    QTest::newRow("unknown model first: 404") << S([=](auto &, auto &r) {
        r.model = u"x/y"_s;
        r.requiredFields = Routing::requiredFieldsOf(chatBody(QJsonArray()));
    }) << 404 << u"model_not_found"_s << QString();
    QTest::newRow("messages without max_tokens") << S([=](auto &, auto &r) {
        messagesCall(r, { { u"messages"_s, oneMessage() } });
    }) << 400 << u"invalid_request"_s << u"max_tokens"_s;
    QTest::newRow("max_tokens 0") << S([=](auto &, auto &r) {
        messagesCall(r, { { u"messages"_s, oneMessage() }, { u"max_tokens"_s, 0 } });
    }) << 400 << u"invalid_request"_s
                                  << u"max_tokens"_s;
    QTest::newRow("max_tokens not an integer") << S([=](auto &, auto &r) {
        messagesCall(r, { { u"messages"_s, oneMessage() }, { u"max_tokens"_s, 1.5 } });
    }) << 400 << u"invalid_request"_s << u"max_tokens"_s;
    QTest::newRow("max_tokens 1") << S([=](auto &, auto &r) {
        messagesCall(r, { { u"messages"_s, oneMessage() }, { u"max_tokens"_s, 1 } });
    }) << 0 << QString() << QString();
    QTest::newRow("max_tokens from the preset alias's defaults") << S([=](auto &w, auto &r) {
        w.aliases << Domain::Alias { u"org/claude"_s,
                                     u"anthropic/claude-sonnet-5"_s,
                                     QJsonObject { { u"max_tokens"_s, 256 } },
                                     {},
                                     {},
                                     {} };
        messagesCall(r, { { u"messages"_s, oneMessage() } });
        r.model = u"org/claude"_s;
    }) << 0 << QString() << QString();
    QTest::newRow("embeddings without input") << S([=](auto &, auto &r) {
        r.endpoint = Domain::Endpoint::Embeddings;
        r.requiredFields = Routing::requiredFieldsOf(
            QJsonObject { { u"model"_s, u"demo/chat"_s }, { u"input"_s, QJsonArray() } });
    }) << 400 << u"invalid_request"_s << u"input"_s;
    QTest::newRow("no body (route explainer): nothing checked")
        << S([=](auto &, auto &r) { r.requiredFields.reset(); }) << 0 << QString() << QString();
}

// Order of checks (R-DET): authentication, JSON, model, alias resolution, the other required
// fields (on the body with the preset's defaults), directives, then a disabled model.
void tst_CallRouter::requiredFieldsAfterAliasBeforeDirectives_R_DET()
{
    QFETCH(Setup, setup);
    QFETCH(int, status);
    QFETCH(QString, code);
    QFETCH(QString, field);
    Domain::Workspace ws = seedWorkspace();
    auto r = chat(u"demo/chat"_s);
    setup(ws, r);
    Call call(ws, r);
    const Decision d = call.start();
    if (status == 0) {
        QCOMPARE(int(d.kind), int(Kind::Attempt));
        return;
    }
    QCOMPARE(int(d.kind), int(Kind::Stop));
    QCOMPARE(d.error.httpStatus, status);
    QCOMPARE(d.error.code(), code);
    if (!field.isEmpty())
        QVERIFY2(d.error.message().contains(u'"' + field + u'"'), qPrintable(d.error.message()));
    QCOMPARE(call.router.attemptsMade(), 0);
    QVERIFY(call.book.active(call.clock.nowMs()).isEmpty()); // no cooldown
}

// A pool's single candidate (one deployment left) is the offering chosen when the plan was made;
// its retries go back to that same offering, not to the deployment model's next one (R-DET,
// R-REC-3).
void tst_CallRouter::poolSingleCandidateRetriesSameOffering_R_DET()
{
    Domain::Workspace ws = seedWorkspace();
    ws.models << direct(
        u"d/two"_s, { offering(u"sim-east"_s, u"first"_s), offering(u"sim-west"_s, u"second"_s) });
    ws.models << pool(u"p/one"_s, { { u"d/two"_s, 1 } });
    Call call(ws, chat(u"p/one"_s));
    const Decision a = call.start();
    QCOMPARE(a.candidate.key(), u"sim-east/first"_s);
    const Decision b = call.report(status(503));
    QCOMPARE(int(b.kind), int(Kind::Attempt));
    QCOMPARE(b.candidate.key(), u"sim-east/first"_s);
    QCOMPARE(Domain::toString(b.waitReason), u"cooldown"_s); // after its cooldown (R-REC-3)
    const Decision c = call.report(status(502));
    QCOMPARE(c.candidate.key(), u"sim-east/first"_s);
    QVERIFY(!call.book.coolingDown(u"sim-west/second"_s, call.clock.nowMs()));
}

QTEST_GUILESS_MAIN(tst_CallRouter)
#include "tst_callrouter.moc"
