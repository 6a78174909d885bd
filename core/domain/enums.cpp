#include "enums.h"

#include "enumtable.h"

#include <array>
#include <utility>

using namespace Qt::StringLiterals;

namespace Domain {
namespace {

constexpr std::array<std::pair<Modality, const char16_t *>, 2> kModality { {
    { Modality::Chat, u"chat" },
    { Modality::Embedding, u"embedding" },
} };
constexpr std::array<std::pair<Dialect, const char16_t *>, 4> kDialect { {
    { Dialect::OpenAi, u"openai" },
    { Dialect::AzureOpenAi, u"azure-openai" },
    { Dialect::Anthropic, u"anthropic" },
    { Dialect::Simulator, u"simulator" },
} };
constexpr std::array<std::pair<Precision, const char16_t *>, 4> kPrecision { {
    { Precision::None, u"none" },
    { Precision::Fp4, u"fp4" },
    { Precision::Fp8, u"fp8" },
    { Precision::Bf16, u"bf16" },
} };
constexpr std::array<std::pair<RouteKind, const char16_t *>, 2> kRouteKind { {
    { RouteKind::Direct, u"direct" },
    { RouteKind::Pool, u"pool" },
} };
constexpr std::array<std::pair<Endpoint, const char16_t *>, 4> kEndpoint { {
    { Endpoint::ChatCompletions, u"chat_completions" },
    { Endpoint::Messages, u"messages" },
    { Endpoint::Embeddings, u"embeddings" },
    { Endpoint::Responses, u"responses" },
} };
constexpr std::array<std::pair<CallKind, const char16_t *>, 3> kCallKind { {
    { CallKind::Call, u"call" },
    { CallKind::Probe, u"probe" },
    { CallKind::Rehearsal, u"rehearsal" },
} };
constexpr std::array<std::pair<SkipReason, const char16_t *>, 11> kSkipReason { {
    { SkipReason::Disabled, u"disabled" },
    { SkipReason::CannotServe, u"cannot_serve" },
    { SkipReason::OutOfRegion, u"out_of_region" },
    { SkipReason::CoolingDown, u"cooling_down" },
    { SkipReason::Uncertified, u"uncertified" },
    { SkipReason::PolicyDenied, u"policy_denied" },
    { SkipReason::NoZdr, u"no_zdr" },
    { SkipReason::NoTraining, u"no_training" },
    { SkipReason::BelowMinPrecision, u"below_min_precision" },
    { SkipReason::UnreliableTools, u"unreliable_tools" },
    { SkipReason::UnreliableStructuredOutput, u"unreliable_structured_output" },
} };
constexpr std::array<std::pair<DirectiveLevel, const char16_t *>, 5> kDirectiveLevel { {
    { DirectiveLevel::None, u"none" },
    { DirectiveLevel::Workspace, u"workspace" },
    { DirectiveLevel::Project, u"project" },
    { DirectiveLevel::Key, u"key" },
    { DirectiveLevel::Alias, u"alias" },
} };
constexpr std::array<std::pair<ErrorClass, const char16_t *>, 15> kErrorClass { {
    { ErrorClass::None, u"none" },
    { ErrorClass::RateLimited, u"rate_limited" },
    { ErrorClass::Overloaded, u"overloaded" },
    { ErrorClass::ServerError, u"server_error" },
    { ErrorClass::RequestTimeout, u"request_timeout" },
    { ErrorClass::ConnectTimeout, u"connect_timeout" },
    { ErrorClass::FirstByteTimeout, u"first_byte_timeout" },
    { ErrorClass::Transport, u"transport" },
    { ErrorClass::InvalidRequest, u"invalid_request" },
    { ErrorClass::AuthFailed, u"auth_failed" },
    { ErrorClass::ContentRefusal, u"content_refusal" },
    { ErrorClass::BadResponse, u"bad_response" },
    { ErrorClass::StoppedAnswering, u"stopped_answering" },
    { ErrorClass::Deadline, u"deadline" },
    { ErrorClass::CallerClosed, u"caller_closed" },
} };
constexpr std::array<std::pair<WaitReason, const char16_t *>, 4> kWaitReason { {
    { WaitReason::None, u"none" },
    { WaitReason::Backoff, u"backoff" },
    { WaitReason::Cooldown, u"cooldown" },
    { WaitReason::RetryAfter, u"retry_after" },
} };

} // namespace

using EnumTable::nameOf;
using EnumTable::valueOf;

constexpr std::array<std::pair<ApiTranslation, const char16_t *>, 5> kApiTranslation { {
    { ApiTranslation::None, u"none" },
    { ApiTranslation::ChatToMessages, u"chat_to_messages" },
    { ApiTranslation::MessagesToChat, u"messages_to_chat" },
    { ApiTranslation::ResponsesToChat, u"responses_to_chat" },
    { ApiTranslation::ResponsesToMessages, u"responses_to_messages" },
} };

QString toString(ApiTranslation v)
{
    return nameOf(kApiTranslation, v);
}
std::optional<ApiTranslation> apiTranslationFromString(const QString &s)
{
    return valueOf(kApiTranslation, s);
}

QString toString(Modality v)
{
    return nameOf(kModality, v);
}
QString toString(Dialect v)
{
    return nameOf(kDialect, v);
}
QString toString(Precision v)
{
    return nameOf(kPrecision, v);
}
QString toString(RouteKind v)
{
    return nameOf(kRouteKind, v);
}
QString toString(Endpoint v)
{
    return nameOf(kEndpoint, v);
}
QString toString(CallKind v)
{
    return nameOf(kCallKind, v);
}
QString toString(SkipReason v)
{
    return nameOf(kSkipReason, v);
}
QString toString(DirectiveLevel v)
{
    return nameOf(kDirectiveLevel, v);
}
QString toString(ErrorClass v)
{
    return nameOf(kErrorClass, v);
}
QString toString(WaitReason v)
{
    return nameOf(kWaitReason, v);
}

std::optional<Modality> modalityFromString(const QString &s)
{
    return valueOf(kModality, s);
}
std::optional<Dialect> dialectFromString(const QString &s)
{
    return valueOf(kDialect, s);
}
std::optional<Precision> precisionFromString(const QString &s)
{
    return valueOf(kPrecision, s);
}
std::optional<RouteKind> routeKindFromString(const QString &s)
{
    return valueOf(kRouteKind, s);
}
std::optional<Endpoint> endpointFromString(const QString &s)
{
    return valueOf(kEndpoint, s);
}
std::optional<CallKind> callKindFromString(const QString &s)
{
    return valueOf(kCallKind, s);
}
std::optional<SkipReason> skipReasonFromString(const QString &s)
{
    return valueOf(kSkipReason, s);
}
std::optional<DirectiveLevel> directiveLevelFromString(const QString &s)
{
    return valueOf(kDirectiveLevel, s);
}
std::optional<ErrorClass> errorClassFromString(const QString &s)
{
    return valueOf(kErrorClass, s);
}
std::optional<WaitReason> waitReasonFromString(const QString &s)
{
    return valueOf(kWaitReason, s);
}

int precisionRank(Precision p)
{
    switch (p) {
    case Precision::None:
        return 0;
    case Precision::Fp4:
        return 1;
    case Precision::Fp8:
        return 2;
    case Precision::Bf16:
        return 3;
    }
    return 0;
}

} // namespace Domain
