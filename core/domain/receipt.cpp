#include "receipt.h"

#include <array>
#include <utility>

namespace Domain {
namespace {

constexpr std::array<std::pair<StatusClass, const char16_t *>, 4> kStatusClass{{
    {StatusClass::Ok, u"ok"},
    {StatusClass::RetriedOk, u"retried_ok"},
    {StatusClass::FellBack, u"fell_back"},
    {StatusClass::Failed, u"failed"},
}};

} // namespace

QString toString(StatusClass v)
{
    for (const auto &[value, name] : kStatusClass) {
        if (value == v)
            return QString::fromUtf16(name);
    }
    return {};
}

std::optional<StatusClass> statusClassFromString(const QString &s)
{
    for (const auto &[value, name] : kStatusClass) {
        if (s == QStringView(name))
            return value;
    }
    return std::nullopt;
}

} // namespace Domain
