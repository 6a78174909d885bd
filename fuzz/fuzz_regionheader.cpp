// Routing::parseRegionHeader on x-gateway-model-regions lines as a caller may send them (R-REG-6).
// Checks the promise of regionheader.h: an accepted list has at most 32 names, each 1-64 of
// letters, digits, '-' and '_'; a refusal has the code invalid_region_header.
//
// Input: header lines separated by '\n', bytes as they come off the wire (Latin-1, as the intake
// reads them).

#include "fuzzsupport.h"
#include "routing/regionheader.h"

#include <QByteArray>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace {

bool validName(const QString &name)
{
    if (name.isEmpty() || name.size() > 64)
        return false;
    for (QChar c : name) {
        const char16_t u = c.unicode();
        const bool ok = (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9')
            || u == '-' || u == '_';
        if (!ok)
            return false;
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Fuzz::quietQt();
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    QStringList lines;
    for (const QByteArray &line : bytes.split('\n'))
        lines << QString::fromLatin1(line);
    if (size == 0)
        lines.clear(); // no header at all

    const auto parsed = Routing::parseRegionHeader(lines);
    if (!parsed.ok()) {
        FUZZ_CHECK(parsed.error().code == u"invalid_region_header"_s);
        return 0;
    }
    if (!parsed.value())
        return 0;
    const QStringList &names = *parsed.value();
    FUZZ_CHECK(names.size() <= 32);
    for (const QString &name : names)
        FUZZ_CHECK(validName(name));
    return 0;
}
