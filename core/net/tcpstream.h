#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QString>
#include <memory>
#include <netinet/in.h>
#include <vector>

namespace Gateway {

// A connected, non-blocking TCP socket read and written with plain system calls, for the gateway
// thread's caller connections and plain-HTTP upstream connections (bench/README.md, "Sockets
// without QTcpSocket").
//
// Compared with QTcpSocket it keeps no buffers of its own while idle (QTcpSocket holds a 16 KiB
// ring-buffer chunk per direction after the first read and write), reads with one recv() per
// readiness instead of FIONREAD + read + a read ending in EAGAIN, and writes whole answers with one
// sendmsg() from the QByteArrays it was given, without copying them into a ring buffer.
//
// Reading: the Reader's streamReadable() when the kernel has bytes (or the peer closed); read()
// takes them. Whoever does not want to read now calls setReading(false): with a level-triggered
// loop a readable socket nobody reads would wake the thread at every turn.
// Writing: write() queues; flush() hands the queue to the kernel and, when the kernel cannot take
// it all, watches for writability and sends the rest as it can (the reader's streamWritten() after
// each step, while reportWrites(true): most writes go out at once and nobody waits for them).
//
// Not a QObject (its owner deletes it; it has no signals): a QObject's private data and its
// parent's list of children were two more allocations per connection.
class TcpStream
{
public:
    // Takes the descriptor (an accepted or connected socket); makes it non-blocking and sets
    // TCP_NODELAY.
    explicit TcpStream(int fd);
    ~TcpStream();
    TcpStream(const TcpStream &) = delete;
    TcpStream &operator=(const TcpStream &) = delete;

    // The stream's one reader, called straight from the read notifier's event: Qt's
    // QSocketNotifier emits two signals per readiness (activated, with and without the
    // descriptor's type) and a signal of ours relayed them, three QMetaObject::activate per read.
    // It also hears of the stream's close and, while reportWrites(true), of what went out: plain
    // calls rather than signals, whose connections (a connection object, and the connection data
    // of both ends) were kept per stream for its life.
    class Reader
    {
    public:
        virtual void streamReadable() = 0;
        // Closed (the peer, an error, or abort()), in the next turn of the loop, never from
        // inside the call that closed it. The stream may be deleted from here.
        virtual void streamClosed() { }
        virtual void streamWritten(qint64 bytes) { Q_UNUSED(bytes) }

    protected:
        ~Reader() = default;
    };
    void setReader(Reader *reader) { m_reader = reader; }

    bool isOpen() const { return m_fd >= 0 && !m_closing; }
    int descriptor() const { return m_fd; }
    // Why the connection failed (a reset, a refused write); empty after a plain close.
    const QString &errorString() const { return m_error; }
    // Made when asked (a refusal, a bad key): kept as the kernel gave it, it allocates nothing.
    QHostAddress peerAddress() const;
    QString peerAddressText() const { return peerAddress().toString(); }

    // One recv() into `buffer`: the number of bytes read, 0 when there is nothing now. The peer's
    // close or an error closes the stream (streamClosed(), in the next turn of the loop).
    qint64 read(char *buffer, qint64 maxBytes);
    void setReading(bool on);

    void write(const QByteArray &data); // shares the data, copies nothing
    void flush();
    qint64 bytesToWrite() const { return m_unsent; }
    void reportWrites(bool on) { m_reportWrites = on; }

    // Closes once everything queued went out; abort() closes now. Both end in streamClosed(),
    // called in the next turn of the loop, never from inside the call that closed.
    void closeAfterWriting();
    void abort();
    // Sends what is queued, then ends the sending side only (FIN): the peer reads the whole
    // answer, and the stream still reads what it sends until it closes (a lingering close).
    void shutdownAfterWriting();

private:
    class ReadNotifier;
    class WriteNotifier;

    void watchWritable(bool on);
    // Writes as much of the queue as the kernel takes; false when the connection failed.
    bool writeQueued();
    void shutdownWriting();
    void closeNow();

    int m_fd;
    Reader *m_reader = nullptr;
    std::unique_ptr<ReadNotifier> m_readNotifier;
    std::unique_ptr<WriteNotifier> m_writeNotifier; // made when a write has to wait
    union {
        sockaddr address;
        sockaddr_in v4;
        sockaddr_in6 v6;
    } m_peer {}; // AF_UNSPEC when unknown
    QString m_error;
    std::vector<QByteArray> m_queue;
    qsizetype m_sentOfFirst = 0; // bytes of m_queue.front() already sent
    qint64 m_unsent = 0;
    bool m_closing = false; // closeAfterWriting() called
    bool m_shutdownPending = false; // shutdownAfterWriting() called, the queue not yet sent
    bool m_writeShut = false; // the sending side ended: nothing more is written
    bool m_gone = false; // streamClosed() posted
    bool m_reportWrites = false; // streamWritten() wanted
};

} // namespace Gateway
