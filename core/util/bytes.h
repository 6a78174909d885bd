#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <charconv>
#include <cstring>

namespace Util {

// An integer in decimal, on the stack, for appendAll(): QByteArray::number allocates.
class Decimal
{
public:
    explicit Decimal(qint64 value)
        : m_size(
            qsizetype(std::to_chars(m_digits, m_digits + sizeof m_digits, value).ptr - m_digits))
    {
    }
    operator QByteArrayView() const { return { m_digits, m_size }; }

private:
    char m_digits[20];
    qsizetype m_size;
};

// Appends one byte: QByteArray::append(char) goes through insert() as well.
inline void appendByte(QByteArray &out, char c)
{
    const qsizetype old = out.size();
    out.resize(old + 1);
    out.data()[old] = c;
}

// Appends every piece with one resize and a memcpy each, growing the array geometrically as
// append() does. For the per-call hot paths that build HTTP heads and collect parser fragments:
// QByteArray::append goes through insert(), which costs more per piece than the copy itself.
template<typename... Pieces> void appendAll(QByteArray &out, const Pieces &...pieces)
{
    const QByteArrayView views[] { QByteArrayView(pieces)... };
    qsizetype added = 0;
    for (const QByteArrayView v : views)
        added += v.size();
    const qsizetype old = out.size();
    out.resize(old + added);
    char *p = out.data() + old;
    for (const QByteArrayView v : views) {
        if (v.isEmpty())
            continue;
        std::memcpy(p, v.data(), size_t(v.size()));
        p += v.size();
    }
}

// Whether `text` equals `lower` (lowercase ASCII) but for the case of its ASCII letters: for HTTP
// header names, which are tokens. QByteArrayView::compare(…, Qt::CaseInsensitive) folds through
// Latin-1 tables byte by byte; most names differ in length.
constexpr bool equalsAsciiLower(QByteArrayView text, QByteArrayView lower)
{
    if (text.size() != lower.size())
        return false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c >= 'A' && c <= 'Z')
            c = char(c + ('a' - 'A'));
        if (c != lower[i])
            return false;
    }
    return true;
}

} // namespace Util
