#pragma once

#include "aliasresolver.h"
#include "cooldownbook.h"
#include "directiveset.h"
#include "domain/receipt.h"
#include "domain/workspace.h"
#include "outcome.h"
#include "planner.h"
#include "randomsource.h"
#include "requestsummary.h"
#include "routecache.h"
#include "routerstats.h"
#include "util/clock.h"

#include <QList>
#include <QString>
#include <QVarLengthArray>
#include <memory>
#include <optional>
#include <span>

namespace Routing {

// What the executor does next.
struct Decision
{
    enum class Kind {
        Attempt, // wait waitMs, then try `candidate`
        Stop, // end the call with `error`
        Served, // the last attempt served the call; nothing more to do
    };
    Kind kind = Kind::Stop;
    Candidate candidate; // for Attempt
    qint64 waitMs = 0; // for Attempt: wait before it (within the deadline)
    Domain::WaitReason waitReason = Domain::WaitReason::None;
    bool fallback = false; // the candidate belongs to a fallback model
    QString fallbackModel; // that model (also on Stop/Served once a fallback was tried)
    Domain::ShortFact fallbackReason; // why the call fell back
    CallerError error; // for Stop
    // For the receipt line of the attempt just reported: attempt_retried(status_transient(503)),
    // attempt_final(caller_error(400)), attempt_served(served). Empty on start().
    Domain::AttemptNote previousAttemptNote;
    int attemptNumber = 0; // 1-based number of the attempt to make (Attempt), else attempts made
};

// The attempt loop of one call as a state machine (Envoy style): the gateway executes its
// decisions and reports each attempt's outcome. Authentication is the gateway's (key → project);
// everything after it is here, in SPEC order: alias (404 model_not_found), required fields (400
// invalid_request, R-DET), directives
// (403 model_not_allowed before 403 model_disabled), region header (400 invalid_region_header),
// plan (400 route_constraints_unmet; all cooling → wait if it fits the deadline, else fallback if
// free, else 503 no_healthy_route with Retry-After), then attempts, retries and fallback (R-REC-*,
// R-FALL-*, R-DET). Lives on the gateway thread with the CooldownBook it updates.
class CallRouter
{
public:
    // With `routes`, the route is taken from (and added to) that cache, which must use `cooldowns`
    // for its ids; without, it is worked out for this call alone.
    CallRouter(Domain::WorkspaceSnapshot ws, RequestSummary request, CooldownBook &cooldowns,
               const Util::Clock &clock, RandomSource &random, RouteCache *routes = nullptr);

    Decision start();
    // After each attempt: classifies it, updates the cooldown book, decides what follows.
    Decision next(const AttemptOutcome &outcome);

    const AliasResolution &alias() const { return m_route->admission.alias; }
    // The model the call runs as, once admitted; null when it was not resolved.
    const Domain::Model *admittedModel() const { return m_route->admission.model; }
    // The route the call was admitted on: shared by the calls of its snapshot that match it.
    const std::shared_ptr<const Route> &route() const { return m_route; }
    const EffectiveDirectives &directives() const { return m_route->admission.directives; }
    const Domain::RecoverySettings &recovery() const { return m_route->admission.recovery; }
    const Plan &requestedPlan() const { return m_plan; }
    const RequestSummary &request() const { return m_request; }
    int effectiveAttempts() const { return m_budget; } // R-REC-1
    qint64 deadlineAtMs() const { return m_deadlineAtMs; } // on the Clock::nowMs() scale
    int attemptsMade() const { return m_attemptsMade; }
    QList<Domain::Skip> skips() const { return m_skips; }
    // R-BILL-1: estimated maximum cost of every planned attempt at its own model's price.
    std::span<const double> holds() const
    {
        return { m_holds.constData(), size_t(m_holds.size()) };
    }
    QString fallbackModelUsed() const { return m_setback ? m_setback->fallbackModel : QString(); }
    const Classification &lastClassification() const { return m_lastClass; }
    const RouterStats &stats() const { return m_stats; }
    // The candidate of the last Attempt decision, until next() is called.
    const Candidate &currentCandidate() const { return current(); }
    // Why the call moved to a fallback model; empty when it did not.
    Domain::ShortFact fallbackReason() const
    {
        return m_setback ? m_setback->fallbackReason : Domain::ShortFact {};
    }

private:
    struct ModelRun // the plan being walked: the requested model's or a fallback model's
    {
        QString model;
        QList<Candidate> candidates;
        int nextIndex = 0;
        bool single = false; // a single-candidate plan retries its candidate (R-REC-3)
        bool waitForCooldowns = false; // walking candidates that were all cooling at the start
    };
    struct Step // the next attempt within the current run, if any
    {
        enum class Kind { Go, Exhausted, TooLate } kind = Kind::Exhausted;
        qsizetype index = 0; // in m_run.candidates
        qint64 waitMs = 0;
        Domain::WaitReason reason = Domain::WaitReason::None;
    };

    Decision startPlan();
    Decision startAfterCooldown();
    Decision afterRetryable();
    Step continueRun();
    Step singleRetry();
    Step goOrTooLate(qsizetype index, qint64 waitMs, Domain::WaitReason why) const;
    std::optional<Decision> fallBack(bool atOnce, Domain::ShortFact reason);
    qsizetype fallbackCandidatesNow() const; // of the first that can take the call now; 0: none
    bool lastAttemptsKeptForFallback() const;
    bool fallbackQualifies(const QString &name) const;
    FallbackVerdict fallbackVerdictNow(const QString &name) const;
    // The candidate at `index` of the current run; it stays the current one until the next attempt.
    Decision attempt(qsizetype index, qint64 waitMs, Domain::WaitReason why);
    Decision stop(const CallerError &error);
    Decision stopWithLast();
    bool waitFits(qint64 waitMs) const;
    void recordSkips(const QList<Domain::Skip> &skips);
    void computeHolds();
    qint64 now() const { return m_clock.nowMs(); }
    const Candidate &current() const { return m_run.candidates.at(m_currentIndex); }
    bool triedFallback(const QString &model) const
    {
        return m_setback && m_setback->fallbackTried.contains(model);
    }
    void fillFallback(Decision &d) const;

    // What only a call with a failed attempt or a fallback needs, made when it first does: a
    // served call's router stays smaller, with fewer lines to write when it starts and to read
    // back, cold, when it ends.
    struct Setback
    {
        AttemptOutcome lastOutcome; // the last failed attempt's
        Domain::ShortFact giveUpWhy; // why a retryable failure ended the call, for the receipt
        QStringList fallbackTried;
        QString fallbackModel;
        Domain::ShortFact fallbackReason; // why the call fell back
    };
    Setback &setback();

    Domain::WorkspaceSnapshot m_ws;
    RequestSummary m_request;
    CooldownBook &m_cooldowns;
    const Util::Clock &m_clock;
    RandomSource &m_random;
    RouteCache *m_routes;

    std::shared_ptr<const Route> m_route; // from start() on
    Plan m_plan;
    ModelRun m_run;
    int m_budget = 0;
    int m_attemptsMade = 0;
    qint64 m_startMs = 0;
    qint64 m_deadlineAtMs = 0;
    bool m_inFallback = false;
    qsizetype m_currentIndex = 0; // the candidate of the last attempt, in m_run.candidates
    Classification m_lastClass;
    qint64 m_lastRetryAfterMs = 0; // uncapped, from the last outcome (R-DET)
    QList<Domain::Skip> m_skips;
    QVarLengthArray<double, 4> m_holds;
    RouterStats m_stats;
    std::unique_ptr<Setback> m_setback;
};

} // namespace Routing
