#pragma once

#include "faultlab/labsetup.h"

namespace FaultLab {

// What SPEC §2 says the caller and the receipt should show for one case, from the routing core's
// plan of the lab workspace (Routing::explain): how many attempts, which outcome.
struct Expectation
{
    bool retryable = false; // R-REC-7 (else R-REC-8: final)
    int attempts = 0; // made by the requested model
    bool single = false; // one candidate: retries go back to it (R-REC-3)
    QString fallbackModel; // the fallback model expected to answer; empty: none
    int status = 200;
    QString code; // error code sent to the caller; empty: success or not checked
    bool streamInterrupted = false; // 200, some events, stream_interrupted, no [DONE]
    qint64 deadlineMs = 0;
    int retryAfterMs = 0; // rate-limited cases
    bool passThrough = false; // an upstream 4xx passed through with its own code (R-ERR-1)
    bool servedAfterRetry = false; // first-tried case: the second attempt answers
};

Expectation expect(const LabSetup &lab, const Case &c);
// The checks of one case from what the caller saw and the stored receipt (r.seen, r.receipt and
// the figures drawn from it must be filled).
QList<Check> judge(const LabSetup &lab, const Case &c, const CaseResult &r);

} // namespace FaultLab
