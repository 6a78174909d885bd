#pragma once

#include <QVarLengthArray>
#include <QtGlobal>
#include <span>

namespace Routing {

// How a call's attempts are shared between the requested model and its fallback models; the live
// walk, the holds and the route explainer all ask this (R-REC-2, R-REC-3, R-FALL-*, R-DET).
struct AttemptShares
{
    int requested = 0; // attempts the requested model's plan may use
    QVarLengthArray<int, 4> fallbacks; // per fallback model given, in the same order
    int planned() const; // all of them: never more than the budget
};

// `budget`: the call's attempts (R-REC-1). `requestedCandidates`: the requested model's plan, 0
// when the call starts on a fallback model. `fallbackCandidates`: each fallback model that can
// take the call, in order. A plan uses each candidate once and a single candidate retries; the
// requested model keeps its last attempt for the first fallback model but always gets one; what
// it cannot use passes to the fallback models in order.
AttemptShares shareAttempts(int budget, qsizetype requestedCandidates,
                            std::span<const qsizetype> fallbackCandidates = {});

} // namespace Routing
