#pragma once

#include "util/bytes.h"

#include <QByteArray>
#include <QByteArrayView>

namespace Gateway {

// A message head as llhttp hands it over, for both ends of HTTP/1.1 (HttpConnection reads
// requests, UpstreamConnection answers; llhttpSettings() feeds it): a header's name and value may
// arrive in several pieces, and every byte of the head counts against a bound, so a peer cannot
// grow our memory without end. The buffers are kept from message to message.
class HeadReader
{
public:
    explicit HeadReader(qint64 maxBytes)
        : m_maxBytes(maxBytes)
    {
    }

    void begin() // a new message
    {
        m_name.truncate(0);
        m_value.truncate(0);
        m_inValue = false;
        m_bytes = 0;
    }
    // Each is false once the head is beyond the bound.
    bool addName(QByteArrayView piece)
    {
        if (m_inValue) {
            m_name.truncate(0); // the previous header's: its capacity serves this one
            m_inValue = false;
        }
        Util::appendAll(m_name, piece);
        return count(piece.size());
    }
    bool addValue(QByteArrayView piece)
    {
        m_inValue = true;
        Util::appendAll(m_value, piece);
        return count(piece.size());
    }
    // Bytes of the head kept elsewhere (the request target).
    bool count(qsizetype bytes)
    {
        m_bytes += bytes;
        return m_bytes <= m_maxBytes;
    }
    bool tooLarge() const { return m_bytes > m_maxBytes; }

    // The header whose value just ended (llhttp's on_header_value_complete).
    const QByteArray &name() const { return m_name; }
    // Its value, trimmed in place, its buffer moved out: one allocation per value kept.
    QByteArray takeValue()
    {
        QByteArray value = std::move(m_value).trimmed();
        m_value = QByteArray();
        return value;
    }
    void dropValue() { m_value.truncate(0); } // not kept: the buffer serves the next value

private:
    QByteArray m_name;
    QByteArray m_value;
    qint64 m_bytes = 0;
    qint64 m_maxBytes;
    bool m_inValue = false;
};

} // namespace Gateway
