#include "domain/upstreamerror.h"
#include "streamtranslatorbase.h"

#include <algorithm>
#include <cstring>

using namespace Qt::StringLiterals;

namespace Translation {

EventEnd findEventEnd(const char *bytes, qsizetype size, qsizetype from, qsizetype &scan)
{
    while (scan < size) {
        const void *found = std::memchr(bytes + scan, '\n', size_t(size - scan));
        if (!found)
            break;
        const qsizetype i = static_cast<const char *>(found) - bytes;
        if (i > from && bytes[i - 1] == '\r' && i + 2 < size && bytes[i + 1] == '\r'
            && bytes[i + 2] == '\n')
            return { i - 1, 4 };
        if (i + 1 < size && bytes[i + 1] == '\n')
            return { i, 2 };
        scan = i + 1;
    }
    return {};
}

StreamError undecodableEvent()
{
    return { u"invalid_response"_s, u"The upstream sent a stream event that is not JSON."_s };
}

QByteArray SseEventTranslator::feed(const QByteArray &data)
{
    if (m_error || m_complete)
        return {};
    m_buffer += data;
    QByteArray out;
    const char *const bytes = m_buffer.constData();
    const qsizetype size = m_buffer.size();
    qsizetype from = 0; // the first byte of the next event
    qsizetype scan = std::min(m_scanFrom, size);
    while (!m_error && !m_complete) {
        const auto [cut, sepLen] = findEventEnd(bytes, size, from, scan);
        if (cut < 0)
            break;
        const qsizetype mark = out.size();
        const int events = m_events;
        dispatch(out, QByteArrayView(bytes + from, cut - from));
        from = scan = cut + sepLen;
        if (m_error) {
            out.truncate(mark); // R-XLAT-4: nothing of an error event comes out
            m_events = events;
        }
    }
    if (m_error || m_complete) {
        m_buffer.clear();
        m_scanFrom = 0;
        return out;
    }
    m_buffer.remove(0, from);
    // A separator may straddle the end of what arrived: look again from its earliest start.
    m_scanFrom = std::max<qsizetype>(0, m_buffer.size() - 3);
    return out;
}

QByteArray SseEventTranslator::takeRest()
{
    QByteArray rest;
    rest.swap(m_buffer);
    m_scanFrom = 0;
    return rest;
}

// The event's name and data (several data lines joined by '\n'); comments and other fields are
// skipped, and an event without a data line is not dispatched (SSE): a keep-alive.
void SseEventTranslator::dispatch(QByteArray &out, QByteArrayView event)
{
    QByteArrayView name;
    QByteArrayView data; // a view of the only data line: the usual case copies nothing
    QByteArray joined;
    int dataLines = 0;
    qsizetype pos = 0;
    while (pos <= event.size()) {
        const void *found = std::memchr(event.data() + pos, '\n', size_t(event.size() - pos));
        const qsizetype end
            = found ? static_cast<const char *>(found) - event.data() : event.size();
        QByteArrayView line = event.sliced(pos, end - pos);
        if (line.endsWith('\r'))
            line.chop(1);
        if (line.startsWith("event:")) {
            name = line.sliced(6).trimmed();
        } else if (line.startsWith("data:")) {
            const QByteArrayView value = line.sliced(5).trimmed();
            if (++dataLines == 1) {
                data = value;
            } else {
                if (dataLines == 2)
                    joined = data.toByteArray();
                joined += '\n';
                joined += value;
            }
        }
        pos = end + 1;
    }
    if (dataLines == 0)
        return;
    translateEvent(out, name, dataLines == 1 ? data : QByteArrayView(joined));
}

} // namespace Translation
