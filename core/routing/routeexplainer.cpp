#include "routeexplainer.h"

#include "admission.h"
#include "attemptshares.h"
#include "outcome.h"
#include "util/check.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Routing {
namespace {

void refuse(Explanation &e, const CallerError &error)
{
    e.refused = true;
    e.httpStatus = error.httpStatus;
    e.errorCode = error.code();
    e.errorMessage = error.message();
}

// Steps 2–4 of SPEC §2 up to the plan, as the router takes them (admission.h); false when the call
// would be refused before planning.
bool checkRequest(Explanation &e, const Domain::Workspace &ws, const RequestSummary &r, QDate today,
                  EffectiveDirectives &dir, std::optional<QStringList> &header)
{
    const Admission a = admit(ws, r, today);
    e.alias = a.alias;
    e.model = a.alias.model;
    dir = a.directives;
    header = a.regionHeader;
    if (a.model) {
        e.pool = a.model->isPool();
        e.recovery = a.recovery;
        e.attemptsCap = dir.maxApplicationAttempts;
        e.attempts = a.attempts;
        e.fallbackDecision = dir.allowModelFallback;
        e.fallbackOn = dir.fallbackEnabled();
    }
    if (a.refusal)
        refuse(e, *a.refusal);
    return !a.refusal;
}

FallbackExplanation explainFallback(const Domain::Workspace &ws, const RequestSummary &r,
                                    const EffectiveDirectives &dir,
                                    const std::optional<QStringList> &header,
                                    const CooldownBook *cooldowns, qint64 nowMs,
                                    const QString &requested, const QString &name)
{
    const FallbackVerdict v
        = fallbackVerdictNow(ws, name, requested, r, dir, header, cooldowns, nowMs);
    return { name, v.qualifies, v.reason, v.plan.candidates, v.plan.skips };
}

// The attempts each model may use, shared as the router shares them (attemptshares.h), and the
// deadline check of their worst case (deadlinecheck.h). `run` is what the requested model walks:
// its candidates, or those it waits for when all are cooling; `firstWaitMs` that wait.
void estimateWorstCase(Explanation &e, const QList<Candidate> &run, qint64 firstWaitMs, bool stream)
{
    QVarLengthArray<qsizetype, 4> takers;
    QStringList seen;
    for (const FallbackExplanation &f : std::as_const(e.fallbacks)) {
        if (f.qualifies && !seen.contains(f.model)) {
            seen << f.model;
            takers << f.candidates.size();
        }
    }
    const AttemptShares shares
        = shareAttempts(e.attempts, run.size(), { takers.constData(), size_t(takers.size()) });
    e.attemptsForRequested = shares.requested;
    qsizetype t = 0;
    seen.clear();
    for (FallbackExplanation &f : e.fallbacks) {
        if (f.qualifies && !seen.contains(f.model)) {
            seen << f.model;
            f.attempts = shares.fallbacks.at(t++);
        }
    }
    // The attempt each fallback model given attempts begins with (1-based).
    QList<std::pair<QString, int>> firsts;
    QVarLengthArray<int, 4> starts;
    int next = e.attemptsForRequested + 1;
    seen.clear();
    for (const FallbackExplanation &f : std::as_const(e.fallbacks)) {
        if (f.qualifies && f.attempts > 0 && !seen.contains(f.model)) {
            seen << f.model;
            firsts.append({ f.model, next });
            starts.append(next);
            next += f.attempts;
        }
    }
    const bool single = run.size() == 1;
    e.deadline = checkDeadline(
        e.recovery, stream, shares.planned(), single ? e.attemptsForRequested : 0,
        single ? run.front().cooldownMs : 0, e.attemptsForRequested > 0 ? firstWaitMs : 0,
        { starts.constData(), size_t(starts.size()) });
    e.worstCaseMs = e.deadline.worstCaseMs;
    e.deadlineWarning = !e.deadline.fits();
    if (e.deadlineWarning)
        e.deadlineFact = deadlineFact(e.deadline, stream, firsts);
}

// What the requested model walks when every candidate is cooling (R-REG-5, R-DET): those not
// drained, when the earliest cooldown ends within the deadline; else nothing (the call falls back
// or ends).
QList<Candidate> coolingRun(const Plan &p, const CooldownBook *cooldowns, qint64 nowMs,
                            qint64 deadlineMs, qint64 &waitMs)
{
    waitMs = p.earliestCooldownEndMs - nowMs;
    if (!cooldowns || p.earliestCooldownEndMs < 0 || waitMs >= deadlineMs)
        return {};
    QList<Candidate> run = p.coolingCandidates;
    run.removeIf([&](const Candidate &c) { return cooldowns->drained(c.cooldownId); });
    return run;
}

} // namespace

Explanation explain(const Domain::Workspace &ws, const RequestSummary &request,
                    const CooldownBook *cooldowns, qint64 nowMs, QDate todayUtc)
{
    Explanation e;
    EffectiveDirectives dir;
    std::optional<QStringList> header;
    if (!checkRequest(e, ws, request, todayUtc, dir, header))
        return e;
    const Domain::Model *m = ws.model(e.model);
    SB_CHECK(m, return e); // admitted: the model exists
    const Plan p = planUnordered(ws, *m, request, dir, header, cooldowns, nowMs);
    e.candidates = p.candidates;
    e.skips = p.skips;
    if (e.fallbackOn) {
        for (const QString &name : dir.fallbackModels.value)
            e.fallbacks << explainFallback(ws, request, dir, header, cooldowns, nowMs, e.model,
                                           name);
    }
    if (p.candidates.isEmpty() && !p.onlyCooldowns) {
        refuse(e, { 400, { Domain::CallErrorCode::RouteConstraintsUnmet }, {}, {} });
        return e; // no attempt, no fallback
    }
    e.allCooling = p.candidates.isEmpty() && p.onlyCooldowns;
    qint64 waitMs = 0;
    const QList<Candidate> run = e.allCooling
        ? coolingRun(p, cooldowns, nowMs, e.recovery.deadlineMs, waitMs)
        : p.candidates;
    estimateWorstCase(e, run, e.allCooling ? waitMs : 0, request.stream);
    return e;
}

} // namespace Routing
