#include "deadlinecheck.h"

#include "outcome.h"

#include <algorithm>

namespace Routing {

qint64 attemptTimeoutMs(const Domain::RecoverySettings &r, bool stream)
{
    return stream ? std::max<qint64>(r.connectTimeoutMs, r.streamStartTimeoutMs)
                  : qint64(r.connectTimeoutMs);
}

PlannedWait waitBeforeNext(const Domain::RecoverySettings &r, int attemptsMade,
                           qint64 cooldownLeftMs, qint64 retryAfterMs)
{
    const qint64 backoff = backoffMs(r, attemptsMade);
    if (retryAfterMs > 0 && retryAfterMs >= cooldownLeftMs && retryAfterMs >= backoff)
        return { retryAfterMs, Domain::WaitReason::RetryAfter };
    if (cooldownLeftMs > backoff)
        return { cooldownLeftMs, Domain::WaitReason::Cooldown };
    return { backoff, Domain::WaitReason::Backoff };
}

DeadlineCheck checkDeadline(const Domain::RecoverySettings &r, bool stream, int planned,
                            int singleRetries, qint64 singleCooldownMs, qint64 firstWaitMs,
                            std::span<const int> fallbackStarts)
{
    DeadlineCheck c;
    c.deadlineMs = r.deadlineMs;
    const qint64 timeout = attemptTimeoutMs(r, stream);
    qint64 at = planned > 0 ? firstWaitMs : 0;
    for (int k = 1; k <= planned; ++k) {
        if (k > 1) {
            at += timeout;
            const qint64 wait
                = waitBeforeNext(r, k - 1, k <= singleRetries ? singleCooldownMs : 0).ms;
            const bool fallbackStart = std::find(fallbackStarts.begin(), fallbackStarts.end(), k)
                != fallbackStarts.end();
            // A free fallback candidate goes ahead at once rather than miss the deadline (R-DET).
            if (!fallbackStart || startsBeforeDeadline(at + wait, c.deadlineMs))
                at += wait;
        }
        c.startMs.append(at);
        if (startsBeforeDeadline(at, c.deadlineMs))
            ++c.reachable;
    }
    c.worstCaseMs = planned > 0 ? at + timeout : 0;
    return c;
}

Domain::Fact deadlineFact(const DeadlineCheck &check, bool stream,
                          const QList<std::pair<QString, int>> &fallbackFirstAttempt)
{
    const int planned = int(check.startMs.size());
    const int firstLost = check.reachable < planned ? check.reachable + 1 : 0;
    QStringList lostFallbacks;
    for (const auto &f : fallbackFirstAttempt) {
        if (firstLost > 0 && f.second >= firstLost)
            lostFallbacks << f.first;
    }
    return Domain::fact(Domain::FactCode::DeadlineCannotFit,
                        { check.worstCaseMs, check.deadlineMs, qint64(firstLost), qint64(planned),
                          lostFallbacks, qint64(stream ? 1 : 0) });
}

} // namespace Routing
