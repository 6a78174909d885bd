#include "routeexplainer.h"

#include "admission.h"
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
    e.errorCode = error.code;
    e.errorMessage = error.message;
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

// Attempts the plan can use and the worst-case time they take, per SPEC R-REC-3/4/7.
void estimateWorstCase(Explanation &e, bool stream)
{
    const bool single = e.candidates.size() == 1;
    const auto fb = std::find_if(e.fallbacks.cbegin(), e.fallbacks.cend(),
                                 [](const FallbackExplanation &f) { return f.qualifies; });
    const bool reserve = fb != e.fallbacks.cend() && e.attempts >= 2;
    e.attemptsForRequested = reserve ? e.attempts - 1 : e.attempts;
    if (!single)
        e.attemptsForRequested = std::min<int>(e.attemptsForRequested, int(e.candidates.size()));
    int planned = e.attemptsForRequested;
    for (auto it = fb; it != e.fallbacks.cend() && planned < e.attempts; ++it) {
        if (it->qualifies)
            planned = it->candidates.size() == 1
                ? e.attempts
                : std::min<int>(e.attempts, planned + int(it->candidates.size()));
    }
    // R-REC-7, R-REC-9: the stream start timeout only on streaming requests.
    const qint64 perAttempt
        = stream ? e.recovery.streamStartTimeoutMs : e.recovery.connectTimeoutMs;
    e.worstCaseMs = planned * perAttempt;
    for (int k = 1; k < planned; ++k) {
        const qint64 backoff = backoffMs(e.recovery, k);
        e.worstCaseMs += single && k < e.attemptsForRequested
            ? std::max<qint64>(backoff, e.candidates.front().cooldownMs)
            : backoff;
    }
    e.deadlineWarning = e.worstCaseMs > e.recovery.deadlineMs;
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
    if (p.candidates.isEmpty() && !p.onlyCooldowns)
        refuse(e, { 400, u"route_constraints_unmet"_s, routeConstraintsUnmetMessage(), {}, {} });
    e.allCooling = p.candidates.isEmpty() && p.onlyCooldowns;
    estimateWorstCase(e, request.stream);
    return e;
}

} // namespace Routing
