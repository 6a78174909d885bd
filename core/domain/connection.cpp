#include "connection.h"

#include "enumtable.h"

#include <array>
#include <utility>

namespace Domain {
namespace {

constexpr std::array<std::pair<Credential::Kind, const char16_t *>, 4> kCredentialKind { {
    { Credential::Kind::None, u"none" },
    { Credential::Kind::EnvironmentVariable, u"env" },
    { Credential::Kind::File, u"file" },
    { Credential::Kind::Stored, u"stored" },
} };

constexpr std::array<std::pair<SimulatedFailure, const char16_t *>, 11> kFailure { {
    { SimulatedFailure::RateLimited, u"rate_limited" },
    { SimulatedFailure::ServerError, u"server_error" },
    { SimulatedFailure::Unavailable, u"unavailable" },
    { SimulatedFailure::Overloaded, u"overloaded" },
    { SimulatedFailure::TimeoutBeforeStatus, u"timeout" },
    { SimulatedFailure::DropBeforeAnswer, u"drop" },
    { SimulatedFailure::StreamCut, u"stream_cut" },
    { SimulatedFailure::Stall, u"stall" },
    { SimulatedFailure::UndecodableBody, u"undecodable" },
    { SimulatedFailure::ContentRefusal, u"refusal" },
    { SimulatedFailure::ConnectionRefused, u"connection_refused" },
} };

constexpr std::array<std::pair<SimulatorApi, const char16_t *>, 3> kSimulatorApi { {
    { SimulatorApi::Both, u"both" },
    { SimulatorApi::OpenAi, u"openai" },
    { SimulatorApi::Anthropic, u"anthropic" },
} };

} // namespace

QString toString(Credential::Kind v)
{
    return EnumTable::nameOf(kCredentialKind, v);
}

std::optional<Credential::Kind> credentialKindFromString(const QString &s)
{
    return EnumTable::valueOf(kCredentialKind, s);
}

QString toString(SimulatedFailure v)
{
    return EnumTable::nameOf(kFailure, v);
}

std::optional<SimulatedFailure> simulatedFailureFromString(const QString &s)
{
    return EnumTable::valueOf(kFailure, s);
}

QString toString(SimulatorApi v)
{
    return EnumTable::nameOf(kSimulatorApi, v);
}

std::optional<SimulatorApi> simulatorApiFromString(const QString &s)
{
    return EnumTable::valueOf(kSimulatorApi, s);
}

Dialect effectiveDialect(const Connection &c)
{
    if (c.kind != Dialect::Simulator)
        return c.kind;
    switch (c.simulator.api) {
    case SimulatorApi::OpenAi:
        return Dialect::OpenAi;
    case SimulatorApi::Anthropic:
        return Dialect::Anthropic;
    case SimulatorApi::Both:
        break;
    }
    return Dialect::Simulator;
}

} // namespace Domain
