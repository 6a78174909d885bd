#include "callrouter.h"

#include "admission.h"
#include "attemptshares.h"
#include "deadlinecheck.h"
#include "util/check.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Routing {
namespace {

using Domain::FactCode;

double holdFor(const Candidate &c, const RequestSummary &r, const Domain::Workspace &ws)
{
    qint64 output = r.maxOutputTokens;
    // A translated chat call that names none is sent the serving model's max output tokens.
    if (output <= 0 && c.translation == Domain::ApiTranslation::ChatToMessages
        && c.deploymentIndex >= 0 && c.deploymentIndex < ws.models.size())
        output = ws.models.at(c.deploymentIndex).maxOutputTokens;
    return Domain::costUsd(r.contextTokens, output, c.priceIn, c.priceOut);
}

} // namespace

CallRouter::CallRouter(Domain::WorkspaceSnapshot ws, RequestSummary request,
                       CooldownBook &cooldowns, const Util::Clock &clock, RandomSource &random,
                       RouteCache *routes)
    : m_ws(std::move(ws))
    , m_request(std::move(request))
    , m_cooldowns(cooldowns)
    , m_clock(clock)
    , m_random(random)
    , m_routes(routes)
{
}

// SPEC §2 steps 2–4 up to the plan come with the route (admission.h, shared with the explainer).
Decision CallRouter::start()
{
    m_startMs = now();
    const QDate today = m_clock.nowUtc().date();
    m_route = m_routes ? m_routes->route(m_ws, m_request, today)
                       : computeRoute(m_ws, m_request, today, m_cooldowns);
    const Admission &a = m_route->admission;
    m_deadlineAtMs = m_startMs + a.recovery.deadlineMs; // governs the whole call (R-REC-9)
    m_budget = a.attempts; // R-REC-1
    if (a.refusal) {
        m_lastClass.errorClass = a.refusalClass;
        return stop(*a.refusal);
    }
    return startPlan();
}

Decision CallRouter::startPlan()
{
    SB_CHECK(m_route->admission.model, return stop(noHealthyRoute(0)));
    m_plan = finishPlan(m_route->plan, &m_cooldowns, now(), &m_random);
    recordSkips(m_plan.skips);
    m_run = { m_plan.model, m_plan.candidates, 0, m_plan.candidates.size() == 1, false };
    if (!m_plan.candidates.isEmpty()) {
        computeHolds();
        m_run.nextIndex = 1;
        return attempt(0, 0, Domain::WaitReason::None);
    }
    if (m_plan.onlyCooldowns)
        return startAfterCooldown();
    return stop({ 400, { Domain::CallErrorCode::RouteConstraintsUnmet }, {}, {} });
}

// Every candidate is cooling down (R-REG-5, R-DET): wait for the earliest to end when that fits
// the deadline, even with fallback on; else fall back to a model that is free now; else 503.
Decision CallRouter::startAfterCooldown()
{
    const qint64 earliest = m_plan.earliestCooldownEndMs;
    const qint64 wait = earliest < 0 ? -1 : earliest - now();
    if (wait >= 0 && waitFits(wait)) {
        QList<Candidate> cooling = m_plan.coolingCandidates;
        cooling.removeIf([&](const Candidate &c) { return m_cooldowns.drained(c.cooldownId); });
        std::stable_sort(cooling.begin(), cooling.end(),
                         [&](const Candidate &a, const Candidate &b) {
                             return m_cooldowns.remainingMs(a.cooldownId, now())
                                 < m_cooldowns.remainingMs(b.cooldownId, now());
                         });
        m_run = { m_plan.model, cooling, 1, cooling.size() == 1, true };
        computeHolds();
        return attempt(0, wait, Domain::WaitReason::Cooldown);
    }
    if (auto d
        = fallBack(true, { FactCode::AllCoolingDown, Domain::modelIndex(*m_ws, m_plan.model) }))
        return *d;
    return stop(noHealthyRoute(std::max<qint64>(wait, 0)));
}

Decision CallRouter::next(const AttemptOutcome &outcome)
{
    if (!outcome.served)
        setback().lastOutcome = outcome;
    m_lastClass = classify(outcome);
    // The UTC time only for an HTTP-date; most outcomes carry no retry header at all.
    const bool retryHeader = !outcome.retryAfter.isEmpty() || !outcome.retryAfterMs.isEmpty();
    m_lastRetryAfterMs = retryHeader
        ? parseRetryAfter(outcome.retryAfter, outcome.retryAfterMs, m_clock.nowUtc()).value_or(0)
        : 0;
    if (m_lastClass.coolsDown) {
        const Candidate &c = current();
        m_cooldowns.fail(c.cooldownId, now(), c.cooldownMs, m_lastRetryAfterMs,
                         m_lastClass.errorClass);
        ++m_stats.cooldownsStarted;
    }
    Decision d;
    if (outcome.served) {
        ++m_stats.served;
        d.kind = Decision::Kind::Served;
        fillFallback(d);
        d.attemptNumber = m_attemptsMade;
        d.previousAttemptNote = { FactCode::AttemptServed, m_lastClass.why, {} };
        return d;
    }
    if (!m_lastClass.retryable) {
        d = stopWithLast();
        d.previousAttemptNote = { FactCode::AttemptFinal, m_lastClass.why, {} };
        return d;
    }
    d = afterRetryable();
    d.previousAttemptNote = d.kind == Decision::Kind::Attempt
        ? Domain::AttemptNote { FactCode::AttemptRetried, m_lastClass.why, {} }
        : Domain::AttemptNote { FactCode::AttemptFinalGaveUp, m_lastClass.why,
                                setback().giveUpWhy };
    return d;
}

// R-REC-*, R-FALL-*: after a retryable failure.
Decision CallRouter::afterRetryable()
{
    if (m_attemptsMade >= m_budget) {
        setback().giveUpWhy = { FactCode::NoAttemptLeft, 0 };
        return stopWithLast();
    }
    if (lastAttemptsKeptForFallback()) {
        if (auto d = fallBack(false, { FactCode::LastAttemptReserved, 0 }))
            return *d;
    }
    const Step s = continueRun();
    if (s.kind == Step::Kind::Go)
        return attempt(s.index, s.waitMs, s.reason);
    const bool atOnce = s.kind == Step::Kind::TooLate;
    const Domain::ShortFact why = atOnce
        ? Domain::ShortFact { FactCode::NextWaitPastDeadline, 0 }
        : Domain::ShortFact { FactCode::NoCandidateLeft, Domain::modelIndex(*m_ws, m_run.model) };
    if (auto d = fallBack(atOnce, why))
        return *d;
    setback().giveUpWhy = why;
    return stopWithLast();
}

CallRouter::Step CallRouter::continueRun()
{
    if (m_run.single)
        return singleRetry();
    while (m_run.nextIndex < m_run.candidates.size()) {
        const qsizetype i = m_run.nextIndex++;
        const Candidate &c = m_run.candidates.at(i);
        const qint64 left = m_cooldowns.remainingMs(c.cooldownId, now());
        if (left == 0 || (left > 0 && m_run.waitForCooldowns)) {
            const PlannedWait w = waitBeforeNext(recovery(), m_attemptsMade, left);
            return goOrTooLate(i, w.ms, w.why);
        }
        // It started cooling (another call failed it) or was drained since the plan was made.
        recordSkips({ { m_run.model, c.deployment == c.model ? c.connection : c.deployment,
                        c.connection, Domain::SkipReason::CoolingDown, Domain::DirectiveLevel::None,
                        left < 0 ? Domain::fact(FactCode::DrainedByHand)
                                 : Domain::fact(FactCode::CoolingDownFor, { left }) } });
    }
    return {};
}

// R-REC-3: a single candidate retries after the longest of backoff, its remaining cooldown and
// its Retry-After (uncapped here: the 120 s cap is for the shared cooldown only).
CallRouter::Step CallRouter::singleRetry()
{
    const Candidate &c = m_run.candidates.constFirst();
    const qint64 cooldown = m_cooldowns.remainingMs(c.cooldownId, now());
    if (cooldown < 0)
        return {}; // drained by hand meanwhile
    const PlannedWait w = waitBeforeNext(recovery(), m_attemptsMade, cooldown, m_lastRetryAfterMs);
    return goOrTooLate(0, w.ms, w.why);
}

CallRouter::Step CallRouter::goOrTooLate(qsizetype index, qint64 waitMs,
                                         Domain::WaitReason why) const
{
    if (!waitFits(waitMs))
        return { Step::Kind::TooLate, index, waitMs, why };
    return { Step::Kind::Go, index, waitMs, why };
}

bool CallRouter::waitFits(qint64 waitMs) const
{
    return startsBeforeDeadline(now() + waitMs, m_deadlineAtMs); // R-REC-6
}

void CallRouter::recordSkips(const QList<Domain::Skip> &skips)
{
    for (const Domain::Skip &s : skips)
        ++m_stats.skipsByReason[std::size_t(s.reason)];
    if (m_skips.isEmpty())
        m_skips = skips; // shared with the plan (often the route's own list), not copied
    else
        m_skips << skips;
}

CallRouter::Setback &CallRouter::setback()
{
    if (!m_setback)
        m_setback = std::make_unique<Setback>();
    return *m_setback;
}

void CallRouter::fillFallback(Decision &d) const
{
    d.fallback = m_inFallback;
    if (m_setback) {
        d.fallbackModel = m_setback->fallbackModel;
        d.fallbackReason = m_setback->fallbackReason;
    }
}

Decision CallRouter::attempt(qsizetype index, qint64 waitMs, Domain::WaitReason why)
{
    ++m_attemptsMade;
    m_currentIndex = index;
    ++m_stats.attempts;
    if (m_attemptsMade > 1)
        ++m_stats.retries;
    if (m_inFallback)
        ++m_stats.fallbacks;
    if (waitMs > 0)
        ++m_stats.waits;
    Decision d;
    d.kind = Decision::Kind::Attempt;
    d.candidate = current();
    d.waitMs = waitMs;
    d.waitReason = waitMs > 0 ? why : Domain::WaitReason::None;
    fillFallback(d);
    d.attemptNumber = m_attemptsMade;
    return d;
}

Decision CallRouter::stop(const CallerError &error)
{
    ++m_stats.stopped;
    Decision d;
    d.kind = Decision::Kind::Stop;
    d.error = error;
    fillFallback(d);
    d.attemptNumber = m_attemptsMade;
    return d;
}

Decision CallRouter::stopWithLast()
{
    return stop(mapFinalError(setback().lastOutcome, m_lastClass, now() >= m_deadlineAtMs));
}

// R-FALL-*: a fallback model qualifies when it exists, is on, is allowed by the directives, is not
// the requested model, has the call's modality and takes the request unchanged (enough context);
// capabilities and endpoint are judged per candidate by its plan.
bool CallRouter::fallbackQualifies(const QString &name) const
{
    return fallbackVerdict(*m_ws, name, alias().model, m_request, directives()).qualifies;
}

FallbackVerdict CallRouter::fallbackVerdictNow(const QString &name) const
{
    FallbackVerdict v = fallbackVerdict(*m_ws, name, alias().model, m_request, directives());
    const StaticPlan *p = m_route->fallbackPlan(name);
    SB_CHECK(p || !v.qualifies, v.qualifies = false; return v); // a fallback that exists has one
    return v.qualifies ? withPlanNow(std::move(v), *p, &m_cooldowns, now()) : v;
}

qsizetype CallRouter::fallbackCandidatesNow() const
{
    if (!directives().fallbackEnabled())
        return 0;
    for (const QString &name : directives().fallbackModels.value) {
        if (triedFallback(name))
            continue;
        const FallbackVerdict v = fallbackVerdictNow(name);
        if (v.qualifies)
            return v.plan.candidates.size();
    }
    return 0;
}

// R-FALL-*, R-DET: the requested model's run would go on, but its share ends here because a
// fallback model can take the attempts left now; when none can, they stay with the requested model.
bool CallRouter::lastAttemptsKeptForFallback() const
{
    if (m_inFallback)
        return false;
    const qsizetype n = m_run.candidates.size();
    if (m_attemptsMade >= shareAttempts(m_budget, n).requested)
        return false; // the run is used up: it falls back as any run that ends
    const qsizetype taker = fallbackCandidatesNow();
    return taker > 0 && m_attemptsMade >= shareAttempts(m_budget, n, { &taker, 1 }).requested;
}

// Moves the call to the next fallback model with a candidate free now; one whose candidates are
// all cooling is passed over (R-DET). The deadline is not reset (R-REC-6).
std::optional<Decision> CallRouter::fallBack(bool atOnce, Domain::ShortFact reason)
{
    if (!directives().fallbackEnabled() || m_attemptsMade >= m_budget)
        return std::nullopt;
    for (const QString &name : directives().fallbackModels.value) {
        if (triedFallback(name) || !fallbackQualifies(name))
            continue;
        const StaticPlan *sp = m_route->fallbackPlan(name);
        SB_CHECK(sp, continue); // fallbackQualifies: it exists
        setback().fallbackTried << name;
        const Plan p = finishPlan(*sp, &m_cooldowns, now(), &m_random);
        recordSkips(p.skips);
        if (p.candidates.isEmpty())
            continue;
        m_run = { p.model, p.candidates, 1, p.candidates.size() == 1, false };
        m_inFallback = true;
        setback().fallbackModel = name;
        setback().fallbackReason = reason;
        if (m_attemptsMade == 0)
            computeHolds(); // no attempt yet: the call starts on the fallback model
        qint64 wait
            = (atOnce || m_attemptsMade == 0) ? 0 : waitBeforeNext(recovery(), m_attemptsMade).ms;
        if (!waitFits(wait))
            wait = 0; // a free fallback candidate goes ahead at once (R-DET)
        return attempt(0, wait, Domain::WaitReason::Backoff);
    }
    return std::nullopt;
}

// R-BILL-1: one hold per planned attempt at its own model's price, shared as the live walk
// shares them: the current run, then the fallback models not yet tried that can take the call now.
void CallRouter::computeHolds()
{
    m_holds.clear();
    QList<QList<Candidate>> runs; // the current run's first when it is a fallback model's
    QVarLengthArray<qsizetype, 4> sizes;
    if (m_inFallback) {
        runs << m_run.candidates;
        sizes << m_run.candidates.size();
    }
    if (directives().fallbackEnabled()) {
        QStringList seen;
        for (const QString &name : directives().fallbackModels.value) {
            if (name == m_run.model || triedFallback(name) || seen.contains(name))
                continue;
            seen << name;
            FallbackVerdict v = fallbackVerdictNow(name);
            if (v.qualifies) {
                sizes << v.plan.candidates.size();
                runs << std::move(v.plan.candidates);
            }
        }
    }
    const AttemptShares shares
        = shareAttempts(m_budget - m_attemptsMade, m_inFallback ? 0 : m_run.candidates.size(),
                        { sizes.constData(), size_t(sizes.size()) });
    const auto addRun = [&](const QList<Candidate> &run, int n) {
        for (int k = 0; k < n; ++k)
            m_holds.append(
                holdFor(run.at(std::min<qsizetype>(k, run.size() - 1)), m_request, *m_ws));
    };
    if (!m_inFallback)
        addRun(m_run.candidates, shares.requested);
    for (qsizetype i = 0; i < runs.size(); ++i)
        addRun(runs.at(i), shares.fallbacks.at(i));
}

} // namespace Routing
