#include "attemptshares.h"

#include <algorithm>

namespace Routing {
namespace {

// R-REC-2, R-REC-3: each candidate once; a single candidate retries for as long as it may.
int planShare(int left, qsizetype candidates)
{
    if (left <= 0 || candidates <= 0)
        return 0;
    return candidates == 1 ? left : int(std::min<qsizetype>(left, candidates));
}

} // namespace

int AttemptShares::planned() const
{
    int n = requested;
    for (int f : fallbacks)
        n += f;
    return n;
}

AttemptShares shareAttempts(int budget, qsizetype requestedCandidates,
                            std::span<const qsizetype> fallbackCandidates)
{
    AttemptShares s;
    // R-FALL-*: the last attempt is kept for the first fallback model that can take it; the
    // requested model always gets at least one.
    const bool keepLast = requestedCandidates > 0
        && std::any_of(fallbackCandidates.begin(), fallbackCandidates.end(),
                       [](qsizetype n) { return n > 0; });
    s.requested = planShare(keepLast ? std::max(1, budget - 1) : budget, requestedCandidates);
    int left = budget - s.requested;
    for (qsizetype candidates : fallbackCandidates) {
        const int n = planShare(left, candidates);
        s.fallbacks.append(n);
        left -= n;
    }
    return s;
}

} // namespace Routing
