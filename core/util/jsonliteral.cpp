#include "jsonliteral.h"

#include <algorithm>

namespace Util {
namespace {

char hexDigit(uint v)
{
    return "0123456789abcdef"[v & 0xf];
}

void appendEscape(QByteArray &out, char16_t u)
{
    const char escape[]
        = { '\\', 'u', hexDigit(u >> 12), hexDigit(u >> 8), hexDigit(u >> 4), hexDigit(u) };
    out.append(escape, sizeof escape);
}

} // namespace

void appendJsonString(QByteArray &out, QStringView s)
{
    // Nearly always printable ASCII with nothing to escape (model names, ids): one resize, then a
    // narrowing copy.
    const bool plain = std::all_of(s.begin(), s.end(), [](QChar c) {
        const char16_t u = c.unicode();
        return u >= 0x20 && u < 0x80 && u != u'"' && u != u'\\';
    });
    if (plain) {
        const qsizetype old = out.size();
        out.resize(old + s.size() + 2);
        char *d = out.data() + old;
        *d++ = '"';
        for (const QChar c : s)
            *d++ = char(c.unicode());
        *d = '"';
        return;
    }
    out.reserve(out.size() + s.size() + 2);
    out += '"';
    const char16_t *p = s.utf16();
    const char16_t *const end = p + s.size();
    while (p != end) {
        const char16_t u = *p++;
        if (u < 0x80) {
            switch (u) {
            case u'"':
                out += "\\\"";
                break;
            case u'\\':
                out += "\\\\";
                break;
            case u'\b':
                out += "\\b";
                break;
            case u'\f':
                out += "\\f";
                break;
            case u'\n':
                out += "\\n";
                break;
            case u'\r':
                out += "\\r";
                break;
            case u'\t':
                out += "\\t";
                break;
            default:
                if (u < 0x20)
                    appendEscape(out, u);
                else
                    out += char(u);
            }
        } else if (u < 0x800) {
            out += char(0xc0 | (u >> 6));
            out += char(0x80 | (u & 0x3f));
        } else if (QChar::isHighSurrogate(u) && p != end && QChar::isLowSurrogate(*p)) {
            const char32_t c = QChar::surrogateToUcs4(u, *p++);
            out += char(0xf0 | (c >> 18));
            out += char(0x80 | ((c >> 12) & 0x3f));
            out += char(0x80 | ((c >> 6) & 0x3f));
            out += char(0x80 | (c & 0x3f));
        } else if (QChar::isSurrogate(u)) {
            appendEscape(out, u);
        } else {
            out += char(0xe0 | (u >> 12));
            out += char(0x80 | ((u >> 6) & 0x3f));
            out += char(0x80 | (u & 0x3f));
        }
    }
    out += '"';
}

void appendJsonStringUtf8(QByteArray &out, std::string_view utf8)
{
    out += '"';
    const char *run = utf8.data();
    const char *const end = run + utf8.size();
    for (const char *p = run; p != end; ++p) {
        const uchar c = uchar(*p);
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        out.append(run, p - run);
        run = p + 1;
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            appendEscape(out, c);
        }
    }
    out.append(run, end - run);
    out += '"';
}

QByteArray jsonStringLiteral(QStringView s)
{
    QByteArray out;
    appendJsonString(out, s);
    return out;
}

} // namespace Util
