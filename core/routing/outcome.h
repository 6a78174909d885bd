#pragma once

#include "domain/callerror.h"
#include "domain/callrecord.h"
#include "domain/enums.h"
#include "domain/fact.h"
#include "domain/model.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <optional>

namespace Routing {

// What the transport observed of one attempt (reported by the gateway's executor).
struct AttemptOutcome
{
    enum class Phase {
        BeforeStatus, // no status line received
        AfterStatus, // status line received, nothing sent to the caller yet
        AfterFirstByteToCaller, // the answer had started reaching the caller
    };
    Phase phase = Phase::BeforeStatus;
    int httpStatus = 0; // 0 when no status line arrived
    // Set when the transport knows: ConnectTimeout, FirstByteTimeout, Transport, StoppedAnswering,
    // BadResponse, Deadline, CallerClosed.
    Domain::ErrorClass transport = Domain::ErrorClass::None;
    QByteArray errorBody; // the upstream's error body, read in full
    QString retryAfter; // upstream Retry-After header, raw
    QString retryAfterMs; // upstream retry-after-ms header, raw
    bool contentRefusal = false; // the upstream refused on content policy
    // The message of an error event inside a 2xx stream (R-DET); the caller's error quotes it.
    QString upstreamErrorMessage;
    bool served = false; // the answer was delivered to the caller completely
};

// The judgement of one outcome, separate from deciding what to do next (Envoy style).
struct Classification
{
    Domain::ErrorClass errorClass = Domain::ErrorClass::None;
    bool retryable = false; // R-REC-7
    bool coolsDown = false; // R-DET: failures attributable to the provider
    Domain::ShortFact why; // status_transient(503), caller_error(400), …
};

// R-REC-7, R-REC-8, R-DET.
Classification classify(const AttemptOutcome &outcome);

// The error the caller receives (R-ERR-1): a code, its text made when written (SPEC §2's fixed
// English, never translated: it goes to API callers and into receipts, whatever language the
// studio shows).
struct CallerError
{
    int httpStatus = 0;
    Domain::CallError error;
    QString retryAfter; // Retry-After to send, empty for none
    QString retryAfterMs; // retry-after-ms to send, empty for none
    // R-DET: an upstream 4xx passed through keeps the upstream's code, type and message as sent;
    // then an empty code or type means the upstream left it out or sent null (it stays null).
    QString type; // the upstream's error.type, passed through only

    QString code() const { return error.codeText(); } // "upstream_rate_limited", …
    QString message() const { return error.message(); }
    bool passedThrough() const { return error.code == Domain::CallErrorCode::PassedThrough; }
};

// Maps the last attempt's outcome to the caller's error, exactly per R-ERR-1 / R-DET:
// 429 → 429 upstream_rate_limited (Retry-After and retry-after-ms passed on); 5xx, transport,
// timeout, 408 → 503 no_healthy_route; deadline → 504 deadline_exceeded; undecodable, truncated,
// stopped answering → 502 upstream_bad_response (quoting the upstream's message when it sent an
// error event, R-DET); upstream 401/403 → 502 upstream_auth_failed; other 4xx → passed through
// with status, code, type and message as sent (R-DET: nothing invented).
CallerError mapFinalError(const AttemptOutcome &last, const Classification &classification,
                          bool deadlinePassed);

// Errors the router produces itself.
CallerError noHealthyRoute(qint64 retryAfterMs); // 503, Retry-After in whole seconds (rounded up)
CallerError deadlineExceeded(); // 504
// 429 budget_exceeded (R-BILL-3) and rate_limit_exceeded (R-BILL-4), Retry-After in whole seconds
// (rounded up); `whose` names the level ("key ci", "project research").
CallerError budgetExceeded(bool monthly, const QString &whose, qint64 retryAfterMs);
CallerError rateLimitExceeded(bool tokens, const QString &whose, qint64 retryAfterMs);
// 503 budget_unavailable: several gateways share the budget through a database that cannot
// confirm it now; Retry-After in whole seconds (rounded up).
CallerError budgetUnavailable(const QString &whose, qint64 retryAfterMs);

// retry-after-ms (preferred when a number) or Retry-After (delta-seconds or HTTP-date), in ms from
// nowUtc, never negative; nullopt when absent or unparseable (R-REC-5, R-DET).
std::optional<qint64> parseRetryAfter(const QString &retryAfter, const QString &retryAfterMs,
                                      const QDateTime &nowUtc);

// Backoff before attempt k+1, k ≥ 1: min(first × 2^(k−1), max) (R-REC-4).
qint64 backoffMs(const Domain::RecoverySettings &settings, int attemptNumber);

} // namespace Routing
