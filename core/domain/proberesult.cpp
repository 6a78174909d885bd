#include "domain/proberesult.h"

#include "domain/enumtable.h"

#include <array>

namespace Domain {
namespace {

constexpr std::array<std::pair<ProbeResult::Outcome, const char16_t *>, 3> kOutcome { {
    { ProbeResult::Outcome::Passed, u"passed" },
    { ProbeResult::Outcome::Failed, u"failed" },
    { ProbeResult::Outcome::Error, u"error" },
} };

} // namespace

QString toString(ProbeResult::Outcome v)
{
    return EnumTable::nameOf(kOutcome, v);
}

std::optional<ProbeResult::Outcome> probeOutcomeFromString(const QString &s)
{
    return EnumTable::valueOf(kOutcome, s);
}

} // namespace Domain
