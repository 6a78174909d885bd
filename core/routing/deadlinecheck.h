#pragma once

#include "domain/enums.h"
#include "domain/fact.h"
#include "domain/model.h"

#include <QStringList>
#include <QVarLengthArray>
#include <QtGlobal>
#include <span>

namespace Routing {

// The longest an attempt can take to fail without an answer: its connect timeout, or for a
// streaming call the longer of that and the stream start timeout, both counted from the
// attempt's start (R-REC-7, R-REC-9).
qint64 attemptTimeoutMs(const Domain::RecoverySettings &r, bool stream);

// The wait before the next attempt after `attemptsMade` of them: the backoff (R-REC-4); for a
// single candidate retrying, the longest of the backoff, its cooldown left and its Retry-After
// (R-REC-3, R-REC-5). The live walk and the deadline check both ask this.
struct PlannedWait
{
    qint64 ms = 0;
    Domain::WaitReason why = Domain::WaitReason::Backoff;
};
PlannedWait waitBeforeNext(const Domain::RecoverySettings &r, int attemptsMade,
                           qint64 cooldownLeftMs = 0, qint64 retryAfterMs = 0);

// R-REC-6: a wait is started only when the attempt after it starts before the deadline.
constexpr bool startsBeforeDeadline(qint64 startMs, qint64 deadlineMs)
{
    return startMs < deadlineMs;
}

// When each planned attempt of a call starts if every earlier one fails at its timeout and every
// wait is the planned one (answer time and Retry-After left out: they depend on the provider).
struct DeadlineCheck
{
    qint64 deadlineMs = 0;
    QVarLengthArray<qint64, 8> startMs; // per planned attempt, from the call's start
    qint64 worstCaseMs = 0; // the last attempt's start plus its timeout
    int reachable = 0; // planned attempts that start before the deadline
    bool fits() const { return worstCaseMs <= deadlineMs; }
};

// `planned`: the call's attempts (AttemptShares::planned()); the first `singleRetries` of them
// are a single candidate retrying, so their waits include its cooldown `singleCooldownMs`;
// `firstWaitMs`: a wait before the first attempt (all candidates cooling). `fallbackStarts`: the
// attempts (1-based) that begin a fallback model, which goes ahead at once when its backoff would
// not fit the deadline, as the live walk does.
DeadlineCheck checkDeadline(const Domain::RecoverySettings &r, bool stream, int planned,
                            int singleRetries = 0, qint64 singleCooldownMs = 0,
                            qint64 firstWaitMs = 0, std::span<const int> fallbackStarts = {});

// The fact the studio shows when the check does not fit (R-UI-2, R-UI-8): deadline_cannot_fit
// with args worst case, deadline, first attempt that can never start (0: every one starts, the
// last may be cut short), planned attempts, the fallback models that can never be reached,
// streaming (0/1). `fallbackFirstAttempt`: each fallback model given attempts with the number
// (1-based) of its first one.
Domain::Fact deadlineFact(const DeadlineCheck &check, bool stream,
                          const QList<std::pair<QString, int>> &fallbackFirstAttempt);

} // namespace Routing
