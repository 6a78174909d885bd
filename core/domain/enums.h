#pragma once

#include <QString>
#include <optional>

// Closed vocabularies of SPEC §1/§2 with their stable wire names (used in JSON, SQLite and
// receipts).
namespace Domain {

enum class Modality { Chat, Embedding };

// A connection's API dialect (R-CONN-1).
enum class Dialect { OpenAi, AzureOpenAi, Anthropic, Simulator };

// Listed weight precision of an offering; None means the provider lists none (R-PREC-*).
enum class Precision { None, Fp4, Fp8, Bf16 };

enum class RouteKind { Direct, Pool };

// The endpoint a call arrived on (R-PLAN-5, R-RESP-1).
enum class Endpoint { ChatCompletions, Messages, Embeddings, Responses };
// The API of the body the gateway routes and sends on: a Responses call's body is turned into a
// chat-completions body at intake (R-RESP-1), every other endpoint's is its own.
constexpr Endpoint bodyEndpoint(Endpoint e)
{
    return e == Endpoint::Responses ? Endpoint::ChatCompletions : e;
}

// Who made a call (a receipt's kind): a caller, the gateway's own reliability probe, or a fault
// rehearsal. Only `Call` is caller traffic; the Dashboard counts nothing else.
enum class CallKind : quint8 { Call, Probe, Rehearsal };

// Whether an attempt's request and answer were translated between the APIs, and which way
// (R-XLAT-5): a chat call served by an Anthropic connection, a messages call by an OpenAI one, a
// Responses call (always translated, R-RESP-1) by either.
enum class ApiTranslation {
    None,
    ChatToMessages,
    MessagesToChat,
    ResponsesToChat,
    ResponsesToMessages
};
// Whether the attempt's request crosses between chat completions and messages, where the fields
// R-XLAT-3 names may not be carried.
constexpr bool crossesToOtherApi(ApiTranslation t)
{
    return t == ApiTranslation::ChatToMessages || t == ApiTranslation::MessagesToChat
        || t == ApiTranslation::ResponsesToMessages;
}
QString toString(ApiTranslation v);
std::optional<ApiTranslation> apiTranslationFromString(const QString &s);

// Why a candidate was left out of a plan: exactly one per skip (R-PLAN-4).
enum class SkipReason {
    Disabled,
    CannotServe,
    OutOfRegion,
    CoolingDown,
    Uncertified,
    PolicyDenied,
    NoZdr,
    NoTraining,
    BelowMinPrecision,
    UnreliableTools,
    UnreliableStructuredOutput,
};

// Where a directive value (or a skip caused by one) came from.
enum class DirectiveLevel { None, Workspace, Project, Key, Alias };

// Classification of one attempt's outcome (R-REC-7, R-REC-8, R-ERR-1).
enum class ErrorClass {
    None, // served
    RateLimited, // 429
    Overloaded, // 529, 503
    ServerError, // other 5xx
    RequestTimeout, // 408
    ConnectTimeout, // no connection within the connect timeout (R-REC-9)
    FirstByteTimeout, // streaming: no status line within the stream start timeout
    Transport, // refused, reset, TLS, DNS, dropped before answering
    InvalidRequest, // 400/404/413/422 and other 4xx
    AuthFailed, // upstream 401/403
    ContentRefusal,
    BadResponse, // 2xx that cannot be decoded, or truncated
    StoppedAnswering, // upstream stopped after it had started (stream died, or went idle)
    Deadline, // the call's deadline passed
    CallerClosed, // the caller hung up
};

// Why the executor waited before an attempt.
enum class WaitReason { None, Backoff, Cooldown, RetryAfter };

QString toString(Modality v);
QString toString(Dialect v);
QString toString(Precision v);
QString toString(RouteKind v);
QString toString(Endpoint v);
QString toString(CallKind v);
QString toString(SkipReason v);
QString toString(DirectiveLevel v);
QString toString(ErrorClass v);
QString toString(WaitReason v);

std::optional<Modality> modalityFromString(const QString &s);
std::optional<Dialect> dialectFromString(const QString &s);
std::optional<Precision> precisionFromString(const QString &s);
std::optional<RouteKind> routeKindFromString(const QString &s);
std::optional<Endpoint> endpointFromString(const QString &s);
std::optional<CallKind> callKindFromString(const QString &s);
std::optional<SkipReason> skipReasonFromString(const QString &s);
std::optional<DirectiveLevel> directiveLevelFromString(const QString &s);
std::optional<ErrorClass> errorClassFromString(const QString &s);
std::optional<WaitReason> waitReasonFromString(const QString &s);

// fp4 < fp8 < bf16; None ranks lowest but is never "below" a minimum (R-PREC-2).
int precisionRank(Precision p);

} // namespace Domain
