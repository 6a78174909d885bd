#pragma once

#include <QString>

namespace Domain {

// The errors a call ends with (SPEC §2, R-ERR-1), as codes with the one or two values their text
// names. The text, SPEC's fixed English, is made from them when the caller's answer or the receipt
// is written; a call that succeeds carries none.
enum class CallErrorCode {
    None,
    InvalidRequest, // detail: the check's own sentence (the JSON position, the missing field)
    UnsupportedParameter, // detail: the sentence naming the field (R-RESP-2)
    ModelNotFound, // detail: the alias resolver's sentence
    ModelNotAllowed, // values: the model, the directive level
    ModelDisabled, // value: the model
    InvalidRegionHeader, // detail: the header parser's sentence
    RouteConstraintsUnmet,
    NoHealthyRoute,
    DeadlineExceeded,
    UpstreamRateLimited,
    UpstreamBadResponse, // value: the upstream's error event message, when it sent one
    UpstreamAuthFailed,
    CallerClosed,
    StreamInterrupted, // value: why the upstream stopped answering; none: the deadline passed
    PassedThrough, // values: the upstream's own code (may be empty) and message (R-DET)
    BudgetExceeded, // values: "daily" or "monthly", whose ("key ci", "project research")
    RateLimitExceeded, // values: "requests" or "tokens", whose ("key ci", "project research")
    // Several gateways: the budget cannot be known to fit now (the database is unreachable, or
    // this instance's lease has not grown yet). Value: whose ("key ci", "project research").
    BudgetUnavailable,
};

struct CallError
{
    CallErrorCode code = CallErrorCode::None;
    QString value; // the first value its text names, or the sentence it carries
    QString value2;

    bool isEmpty() const { return code == CallErrorCode::None; }
    // The code the caller and the receipt get: "no_healthy_route", …; the upstream's own for a
    // passed-through error (empty when it sent none).
    QString codeText() const;
    QString message() const;
    bool operator==(const CallError &) const = default;
};

// An error whose code is named by the module that found it (the alias resolver, the region header
// parser): its code read back, with that module's sentence.
CallError callErrorNamed(const QString &code, const QString &sentence);

} // namespace Domain
