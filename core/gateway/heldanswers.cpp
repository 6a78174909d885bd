#include "gateway/heldanswers.h"

#include "net/httpconnection.h"

namespace Gateway {
namespace {

// A line of an event that only the last event of a stream carries.
bool isFinalLine(QByteArrayView line)
{
    if (line.endsWith('\r'))
        line.chop(1);
    const auto field = [&line](QByteArrayView name, QByteArrayView value) {
        if (!line.startsWith(name))
            return false;
        return line.sliced(name.size()).trimmed() == value;
    };
    return field("data:", "[DONE]") || field("event:", "message_stop")
        || field("event:", "response.completed") || field("event:", "response.incomplete");
}

} // namespace

qsizetype finalEventAt(QByteArrayView bytes)
{
    qsizetype eventStart = 0;
    qsizetype lineStart = 0;
    while (lineStart < bytes.size()) {
        qsizetype end = bytes.indexOf('\n', lineStart);
        if (end < 0)
            end = bytes.size();
        const QByteArrayView line = bytes.sliced(lineStart, end - lineStart);
        if (line.isEmpty() || line == "\r")
            eventStart = end + 1; // a blank line ends an event
        else if (isFinalLine(line))
            return eventStart;
        lineStart = end + 1;
    }
    return -1;
}

void writeStreamHoldingFinalEvent(HttpConnection &connection, const QByteArray &bytes)
{
    const qsizetype at = finalEventAt(bytes);
    if (at < 0)
        return connection.writeStream(bytes);
    if (at > 0)
        connection.writeStream(bytes.first(at));
    connection.holdStreamRest();
    connection.writeStream(bytes.sliced(at));
}

void HeldAnswers::expect(const CallExecutor *call, HttpConnection *connection)
{
    connection->holdAnswerEnd();
    m_expected.insert(call, connection);
}

void HeldAnswers::ticketFor(const CallExecutor *call, quint64 ticket)
{
    const auto it = m_expected.find(call);
    if (it == m_expected.end())
        return;
    QPointer<HttpConnection> connection = it.value();
    m_expected.erase(it);
    if (connection)
        hold(connection, ticket);
}

void HeldAnswers::hold(HttpConnection *connection, quint64 ticket)
{
    if (ticket == 0) {
        // Its receipt was dropped (the writer's queue is full): it will never be committed, so
        // the answer never completes; the caller sees the connection close.
        connection->closeGracefully();
        return;
    }
    if (ticket <= m_committed) {
        connection->releaseAnswerEnd();
        return;
    }
    m_waiting.push_back({ ticket, connection });
}

void HeldAnswers::release(quint64 through)
{
    m_committed = std::max(m_committed, through);
    while (!m_waiting.empty() && m_waiting.front().ticket <= m_committed) {
        const QPointer<HttpConnection> connection = m_waiting.front().connection;
        m_waiting.pop_front();
        if (connection)
            connection->releaseAnswerEnd();
    }
}

void HeldAnswers::abandon()
{
    for (const Waiting &w : m_waiting) {
        if (w.connection)
            w.connection->closeGracefully();
    }
    m_waiting.clear();
}

} // namespace Gateway
