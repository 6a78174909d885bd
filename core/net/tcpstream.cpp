#include "net/tcpstream.h"

#include "net/epolldispatcher.h"

#include <QSocketNotifier>
#include <cerrno>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

namespace Gateway {
namespace {

// Small writes (a stream's events) join the last queued block instead of lengthening the queue,
// so a caller far behind a fast stream costs one block per 16 KiB, not one per event.
constexpr qsizetype kJoinBelowBytes = 1024;
constexpr qsizetype kJoinedBlockBytes = 16 * 1024;
constexpr int kMaxIov = 64;

} // namespace

class TcpStream::ReadNotifier final : public DirectSocketNotifier
{
public:
    ReadNotifier(int fd, TcpStream *stream)
        : DirectSocketNotifier(fd, QSocketNotifier::Read, nullptr)
        , m_stream(stream)
    {
    }

    void activate() override
    {
        if (Reader *reader = m_stream->m_reader)
            reader->streamReadable(); // may delete the stream, and this with it: nothing after
    }

private:
    TcpStream *m_stream;
};

class TcpStream::WriteNotifier final : public DirectSocketNotifier
{
public:
    WriteNotifier(int fd, TcpStream *stream)
        : DirectSocketNotifier(fd, QSocketNotifier::Write, nullptr)
        , m_stream(stream)
    {
    }

    void activate() override { m_stream->flush(); }

private:
    TcpStream *m_stream;
};

TcpStream::TcpStream(int fd)
    : m_fd(fd)
    , m_readNotifier(std::make_unique<ReadNotifier>(fd, this))
{
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0 && !(flags & O_NONBLOCK))
        ::fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    // Stream events are small writes in separate turns of the event loop: without this, Nagle's
    // algorithm meets the caller's delayed ACK and each event waits ~40 ms.
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    socklen_t length = sizeof m_peer;
    if (::getpeername(fd, &m_peer.address, &length) != 0 || length > socklen_t(sizeof m_peer))
        m_peer.address.sa_family = AF_UNSPEC;
}

QHostAddress TcpStream::peerAddress() const
{
    if (m_peer.address.sa_family != AF_INET && m_peer.address.sa_family != AF_INET6)
        return {};
    return QHostAddress(&m_peer.address);
}

TcpStream::~TcpStream()
{
    if (m_fd >= 0) {
        m_readNotifier->setEnabled(false);
        if (m_writeNotifier)
            m_writeNotifier->setEnabled(false);
        ::close(m_fd);
    }
}

qint64 TcpStream::read(char *buffer, qint64 maxBytes)
{
    if (m_fd < 0 || m_closing || maxBytes <= 0)
        return 0;
    ssize_t n;
    do {
        n = ::recv(m_fd, buffer, size_t(maxBytes), 0);
    } while (n < 0 && errno == EINTR);
    if (n > 0)
        return n;
    if (n == 0) {
        // The peer closed: what is queued still goes out if it can, as QAbstractSocket does on
        // a remote close, then the stream closes.
        closeAfterWriting();
    } else if (errno != EAGAIN && errno != EWOULDBLOCK) {
        m_error = qt_error_string(errno);
        closeNow();
    }
    return 0;
}

void TcpStream::setReading(bool on)
{
    if (m_fd >= 0 && !m_closing)
        m_readNotifier->setEnabled(on);
}

void TcpStream::write(const QByteArray &data)
{
    if (m_fd < 0 || m_closing || m_shutdownPending || m_writeShut || data.isEmpty())
        return;
    m_unsent += data.size();
    if (data.size() < kJoinBelowBytes && !m_queue.empty()
        && m_queue.back().size() < kJoinedBlockBytes) {
        m_queue.back().append(data);
        return;
    }
    // Whoever writes flushes: at once, or at the end of the turn (SendQueue). Only what the
    // kernel does not take then waits for writability (two notifier changes per write saved).
    m_queue.push_back(data);
}

void TcpStream::watchWritable(bool on)
{
    if (!m_writeNotifier) {
        if (!on)
            return;
        m_writeNotifier = std::make_unique<WriteNotifier>(m_fd, this);
    }
    if (m_writeNotifier->isEnabled() != on)
        m_writeNotifier->setEnabled(on);
}

void TcpStream::flush()
{
    if (m_fd < 0)
        return;
    if (!m_queue.empty() && !writeQueued()) {
        m_error = qt_error_string(errno);
        return closeNow();
    }
    watchWritable(!m_queue.empty());
    if (!m_queue.empty())
        return;
    if (m_closing)
        closeNow();
    else if (m_shutdownPending)
        shutdownWriting();
}

bool TcpStream::writeQueued()
{
    qint64 written = 0;
    while (!m_queue.empty()) {
        iovec iov[kMaxIov];
        int count = 0;
        for (const QByteArray &block : m_queue) {
            if (count == kMaxIov)
                break;
            const qsizetype skip = count == 0 ? m_sentOfFirst : 0;
            iov[count].iov_base = const_cast<char *>(block.constData() + skip);
            iov[count].iov_len = size_t(block.size() - skip);
            ++count;
        }
        msghdr message {};
        message.msg_iov = iov;
        message.msg_iovlen = size_t(count);
        const ssize_t n = ::sendmsg(m_fd, &message, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                break;
            return false;
        }
        written += n;
        m_unsent -= n;
        qsizetype left = qsizetype(n);
        qsizetype done = 0; // whole blocks sent
        for (const QByteArray &block : m_queue) {
            const qsizetype rest = block.size() - m_sentOfFirst;
            if (left < rest) {
                m_sentOfFirst += left;
                break;
            }
            left -= rest;
            m_sentOfFirst = 0;
            ++done;
        }
        m_queue.erase(m_queue.begin(), m_queue.begin() + done);
        if (!m_queue.empty() && done < count)
            break; // the kernel took less than it was offered: it is full for now
    }
    if (written > 0 && m_reportWrites && m_reader)
        m_reader->streamWritten(written);
    return true;
}

void TcpStream::closeAfterWriting()
{
    if (m_fd < 0 || m_closing)
        return;
    m_closing = true;
    m_readNotifier->setEnabled(false);
    // What is queued goes out when its writer flushes or the socket turns writable (the answer
    // still goes out after its receipt was queued: SendQueue), then the stream closes.
    if (m_queue.empty())
        closeNow();
}

void TcpStream::shutdownAfterWriting()
{
    if (m_fd < 0 || m_closing || m_shutdownPending || m_writeShut)
        return;
    m_shutdownPending = true;
    if (m_queue.empty())
        shutdownWriting();
}

void TcpStream::shutdownWriting()
{
    m_shutdownPending = false;
    m_writeShut = true;
    if (::shutdown(m_fd, SHUT_WR) != 0 && errno != ENOTCONN) {
        m_error = qt_error_string(errno);
        closeNow();
    }
}

void TcpStream::abort()
{
    if (m_fd >= 0)
        closeNow();
}

void TcpStream::closeNow()
{
    if (m_fd < 0)
        return;
    // Disabled, not deleted: this may run inside one of their activations.
    m_readNotifier->setEnabled(false);
    if (m_writeNotifier)
        m_writeNotifier->setEnabled(false);
    ::close(m_fd);
    m_fd = -1;
    m_closing = true;
    m_queue.clear();
    m_unsent = 0;
    if (!m_gone) {
        m_gone = true;
        // Next turn: this may run inside the owner's own call (an answer's last write), which
        // must finish before it hears that the connection is gone.
        // Queued on the read notifier, which goes with the stream: a stream deleted first is not
        // called.
        QMetaObject::invokeMethod(
            m_readNotifier.get(),
            [this] {
                if (m_reader)
                    m_reader->streamClosed();
            },
            Qt::QueuedConnection);
    }
}

} // namespace Gateway
