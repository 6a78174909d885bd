#include "receipt.h"

#include "enumtable.h"

#include <array>
#include <utility>

namespace Domain {
namespace {

constexpr std::array<std::pair<StatusClass, const char16_t *>, 4> kStatusClass { {
    { StatusClass::Ok, u"ok" },
    { StatusClass::RetriedOk, u"retried_ok" },
    { StatusClass::FellBack, u"fell_back" },
    { StatusClass::Failed, u"failed" },
} };

} // namespace

QString toString(StatusClass v)
{
    return EnumTable::nameOf(kStatusClass, v);
}

std::optional<StatusClass> statusClassFromString(const QString &s)
{
    return EnumTable::valueOf(kStatusClass, s);
}

} // namespace Domain
