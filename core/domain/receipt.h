#pragma once

#include "enums.h"
#include "fact.h"
#include "sessions.h"

#include <QDateTime>
#include <QList>
#include <QString>

namespace Domain {

// A candidate left out of a plan, with exactly one reason (R-PLAN-4).
struct Skip
{
    QString model; // the model whose plan it was in (pool model's deployment, or fallback model)
    QString candidate; // deployment model name, or connection name for an offering
    QString connection; // when known
    SkipReason reason = SkipReason::Disabled;
    DirectiveLevel level = DirectiveLevel::None; // the directive level behind it, if any
    Fact detail; // region_not_in_pool(eu-west-1, [us-east-1]), provider_denied(azure, project), …

    bool operator==(const Skip &) const = default;
};

// How the transport failed an attempt, beside its error class (R-REC-7/8); stored by its wire
// name, worded by the studio.
enum class TransportFailure {
    None,
    ConnectRefused,
    HostNotFound, // DNS
    Tls, // the TLS handshake failed (certificate, protocol)
    Proxy, // the proxy refused or broke the tunnel
    ConnectFailed, // no connection for another reason (unreachable, closed while connecting)
    NotSent, // the request could not be sent as configured (connection, credential, CA file)
    ConnectTimeout,
    DroppedBeforeStatus, // connected, then the connection ended before a status line
    FirstByteTimeout,
    Truncated, // the answer had started, then the connection ended
    StreamIdle,
    Undecodable, // not an HTTP answer the gateway can read (a malformed status line)
    ErrorEvent, // an error event inside a 2xx stream
    EmptyStream, // a 2xx stream that ended before its first event
    NotJson, // a complete 2xx answer that is not a JSON object
    DeadlinePassed,
    CallerClosed,
    Unclassified, // written as a sentence before failures had kinds: the detail holds it
};
QString toString(TransportFailure v);
std::optional<TransportFailure> transportFailureFromString(const QString &s);

// What failed, and the system's own words about it: the OS's or TLS's error, a proxy's status
// line, the upstream's error event (scrubbed); for a timeout, its length in ms.
struct TransportError
{
    TransportFailure failure = TransportFailure::None;
    QString detail;

    bool isEmpty() const { return failure == TransportFailure::None; }
    bool operator==(const TransportError &) const = default;
};

// One upstream try.
struct Attempt
{
    int index = 0; // 1-based
    QString model; // the model whose plan the candidate is in (differs on fallback)
    QString deployment; // deployment model for a pool, else the model itself
    QString connection;
    QString upstreamModel;
    QString region;
    qint64 waitMs = 0; // waited before this attempt
    WaitReason waitReason = WaitReason::None;
    qint64 startOffsetMs = 0; // from the call's start
    int httpStatus = 0; // 0 when no status line arrived
    TransportError transportError; // none when the transport did not fail
    ErrorClass errorClass = ErrorClass::None;
    bool served = false;
    bool retryable = false;
    Fact decision; // attempt_retried(status_transient(503)), attempt_final(caller_error(400)), …
    qint64 latencyMs = 0;
    qint64 bytesSent = 0;
    qint64 bytesReceived = 0;
    bool fallback = false; // the attempt belongs to a fallback model
    double holdAmount = 0.0; // estimated maximum cost held for this attempt (R-BILL-1)
    bool holdKept = false; // may have billed: hold kept until usage is known (R-BILL-2)
    ApiTranslation translation = ApiTranslation::None; // R-XLAT-5

    bool operator==(const Attempt &) const = default;
};

struct Usage
{
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;

    bool operator==(const Usage &) const = default;
};

// The listing of one provider that a zero data retention or no-training rule judged by: when it
// was fetched, invalid when there was none (SPEC §2 step 9).
struct ListingTime
{
    QString provider;
    QDateTime fetchedAt;

    bool operator==(const ListingTime &) const = default;
};

// {"openai": "2026-11-29T12:00:00.000Z", "azure": null}; an empty list is null.
QJsonValue listingTimesToJson(const QList<ListingTime> &listings);
QList<ListingTime> listingTimesFromJson(const QJsonValue &v);

// Status classes for the Calls filters.
enum class StatusClass { Ok, RetriedOk, FellBack, Failed };
QString toString(StatusClass v);
std::optional<StatusClass> statusClassFromString(const QString &s);

// What the route planner read of a call's body besides the model, for the impact preview to
// replay it: flags and sizes, never text. All false and 0 on receipts of schema version < 12.
struct RequestShape
{
    bool usesTools = false;
    bool vision = false;
    bool jsonObject = false; // response_format json_object
    bool jsonSchema = false; // response_format json_schema: needs structured output
    qint64 contextTokens = 0; // the gateway's estimate of the prompt
    qint64 maxOutputTokens = 0; // as asked; 0 when not given

    bool operator==(const RequestShape &) const = default;
};

// The record of one call (R-RCPT-*). Never holds a secret: keys appear by id only.
struct Receipt
{
    qint64 rowId = 0; // assigned by the store
    QString requestId; // "req_…", sent to the caller as x-request-id
    QDateTime startedAt; // UTC
    Endpoint endpoint = Endpoint::ChatCompletions;
    CallKind kind = CallKind::Call; // only calls are caller traffic (Dashboard, call counters)
    bool stream = false;
    QString keyId;
    QString projectId;
    QString modelAsked; // what the caller named (model or alias)
    QString alias; // the alias, if one was named
    QString aliasDeprecation; // ib-alias-deprecated value, if any
    QString modelResolved; // after alias resolution
    QString modelServed; // the model that answered (fallback model on fallback)
    QString servedBy; // connection that answered or last reached; empty if none
    QString fallbackModel; // set when a fallback model answered or was tried
    Fact fallbackReason; // why the call moved to a fallback model: no_candidate_left(model), …
    QString regionHeader; // raw x-gateway-model-regions value
    int httpStatus = 0; // sent to the caller
    QString errorCode; // gateway code sent to the caller ("no_healthy_route"), empty on success
    QString errorMessage;
    ErrorClass errorClass = ErrorClass::None; // of the last failure
    StatusClass statusClass = StatusClass::Ok;
    QList<Attempt> attempts;
    QList<Skip> skips;
    Usage usage;
    double cost = 0.0;
    double holdTotal = 0.0;
    // What the call is charged against budgets: the served attempt's cost from its usage, plus
    // the holds of attempts that may have billed (R-BILL-2, R-BILL-3).
    double charged = 0.0;
    qint64 latencyMs = 0; // total wall time of the call
    qint64 firstByteMs = -1; // time to first byte sent to the caller, -1 if none
    // Set only when a zero data retention or no-training rule applied: the listed providers
    // the receipt names (skips, attempts, the resolved model's offerings), by provider id.
    QList<ListingTime> listings;
    SessionVerdict session; // mixed-model sessions: mode Off when the call was not classified
    RequestShape request;
    // The gateway instance whose writer stored it (several gateways on one database); empty for
    // receipts stored before instances were named.
    QString instance;

    bool operator==(const Receipt &) const = default;
};

} // namespace Domain
