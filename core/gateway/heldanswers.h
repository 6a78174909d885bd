#pragma once

#include <QByteArray>
#include <QHash>
#include <QPointer>
#include <deque>

namespace Gateway {

class CallExecutor;
class HttpConnection;

// Strict receipts: the answers whose last bytes wait until their receipt is committed. A call's
// connection is gated (HttpConnection::holdAnswerEnd()) before it is answered; when the call ends
// its receipt's ticket from the writer is noted, and each commit the writer announces releases
// every answer up to it: a group commit, one release pass per batch. Lives in the gateway thread.
// A caller that leaves meanwhile takes its held bytes with it; nothing else changes.
class HeldAnswers
{
public:
    // Before the call is answered: its connection's answer end is held.
    void expect(const CallExecutor *call, HttpConnection *connection);
    bool expectsAny() const { return !m_expected.isEmpty(); }
    // The call ended and its receipt has `ticket` (ReceiptWriter::submit(); 0: never written).
    void ticketFor(const CallExecutor *call, quint64 ticket);
    // An answer its connection holds (holdAnswerEnd() before it was given) without a call: a
    // refused call's receipted answer.
    void hold(HttpConnection *connection, quint64 ticket);
    // Every receipt up to `through` is committed: their answers go out.
    void release(quint64 through);
    // Nothing more will be committed (shutdown after the last flush): what is still held is
    // closed without its end, as its receipt is not known to be written.
    void abandon();
    qsizetype waiting() const { return qsizetype(m_waiting.size()) + m_expected.size(); }

private:
    struct Waiting
    {
        quint64 ticket;
        QPointer<HttpConnection> connection;
    };
    QHash<const CallExecutor *, QPointer<HttpConnection>> m_expected; // calls still running
    std::deque<Waiting> m_waiting; // by ticket: the writer commits in submission order
    quint64 m_committed = 0;
};

// A stream's bytes written through a held connection: its final event (OpenAI's [DONE],
// Anthropic's message_stop) and whatever follows it are held with the stream's end.
void writeStreamHoldingFinalEvent(HttpConnection &connection, const QByteArray &bytes);
// Where the final event of an SSE stream starts in `bytes`, -1 when it is not there.
qsizetype finalEventAt(QByteArrayView bytes);

} // namespace Gateway
