#include "connection.h"

#include <array>
#include <utility>

namespace Domain {
namespace {

constexpr std::array<std::pair<Credential::Kind, const char16_t *>, 4> kCredentialKind{{
    {Credential::Kind::None, u"none"},
    {Credential::Kind::EnvironmentVariable, u"env"},
    {Credential::Kind::File, u"file"},
    {Credential::Kind::Stored, u"stored"},
}};

constexpr std::array<std::pair<SimulatedFailure, const char16_t *>, 10> kFailure{{
    {SimulatedFailure::RateLimited, u"rate_limited"},
    {SimulatedFailure::ServerError, u"server_error"},
    {SimulatedFailure::Unavailable, u"unavailable"},
    {SimulatedFailure::Overloaded, u"overloaded"},
    {SimulatedFailure::TimeoutBeforeStatus, u"timeout"},
    {SimulatedFailure::DropBeforeAnswer, u"drop"},
    {SimulatedFailure::StreamCut, u"stream_cut"},
    {SimulatedFailure::Stall, u"stall"},
    {SimulatedFailure::UndecodableBody, u"undecodable"},
    {SimulatedFailure::ContentRefusal, u"refusal"},
}};

} // namespace

QString toString(Credential::Kind v)
{
    for (const auto &[value, name] : kCredentialKind) {
        if (value == v)
            return QString::fromUtf16(name);
    }
    return {};
}

std::optional<Credential::Kind> credentialKindFromString(const QString &s)
{
    for (const auto &[value, name] : kCredentialKind) {
        if (s == QStringView(name))
            return value;
    }
    return std::nullopt;
}

QString toString(SimulatedFailure v)
{
    for (const auto &[value, name] : kFailure) {
        if (value == v)
            return QString::fromUtf16(name);
    }
    return {};
}

std::optional<SimulatedFailure> simulatedFailureFromString(const QString &s)
{
    for (const auto &[value, name] : kFailure) {
        if (s == QStringView(name))
            return value;
    }
    return std::nullopt;
}

} // namespace Domain
