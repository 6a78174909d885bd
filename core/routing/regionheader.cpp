#include "regionheader.h"

using namespace Qt::StringLiterals;

namespace Routing {
namespace {

constexpr int kMaxNames = 32;
constexpr int kMaxNameLength = 64;

// The messages are part of the HTTP contract (SPEC R-DET gives them verbatim), so they are not
// translated: a client may match on them.
Util::Error headerError(const QString &what)
{
    return { u"invalid_region_header"_s, u"x-gateway-model-regions: "_s + what };
}

bool validName(QStringView name)
{
    if (name.isEmpty() || name.size() > kMaxNameLength)
        return false;
    for (const QChar c : name) {
        const char16_t u = c.unicode();
        const bool ok = (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z')
            || (u >= u'0' && u <= u'9') || u == u'-' || u == u'_';
        if (!ok)
            return false;
    }
    return true;
}

// Only spaces (and tabs, which HTTP treats alike) around commas are ignored.
QStringView trimmed(QStringView s)
{
    qsizetype b = 0, e = s.size();
    while (b < e && (s[b] == u' ' || s[b] == u'\t'))
        ++b;
    while (e > b && (s[e - 1] == u' ' || s[e - 1] == u'\t'))
        --e;
    return s.mid(b, e - b);
}

} // namespace

Util::Result<std::optional<QStringList>> parseRegionHeader(const QStringList &headerLines)
{
    if (headerLines.isEmpty())
        return std::optional<QStringList>();
    QStringList names;
    for (const QString &line : headerLines) {
        if (trimmed(line).isEmpty())
            return headerError(u"empty value"_s);
        for (const QStringView element : QStringView(line).split(u',')) {
            const QStringView name = trimmed(element);
            if (name.isEmpty())
                return headerError(u"empty element"_s);
            if (!validName(name))
                return headerError(u"invalid region name \"%1\""_s.arg(name.toString()));
            if (names.size() == kMaxNames)
                return headerError(u"more than %1 names"_s.arg(kMaxNames));
            names << name.toString();
        }
    }
    return std::optional<QStringList>(names);
}

} // namespace Routing
