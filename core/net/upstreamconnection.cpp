#include "net/upstreamconnection.h"

#include "net/llhttpcallbacks.h"
#include "net/log.h"
#include "net/upstreamtransport.h"
#include "util/bytes.h"

#include <QSslSocket>
#include <QTcpSocket>
#include <cerrno>
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Gateway {
namespace {

// Bounds what Qt reads ahead of us: while an exchange is paused (backpressure) the socket stops
// reading at this mark and TCP flow control reaches the upstream.
constexpr qint64 kReadBufferBytes = 64 * 1024;
// One read per pass of the parser; a paused consumer gets at most this much more.
constexpr qsizetype kReadChunkBytes = 16 * 1024;
// Bodies up to this size go out in the same buffer as the head (one copy, one write); larger ones
// are handed to the socket as they are, so no connection keeps a buffer of its largest request.
constexpr qsizetype kInlineBodyBytes = 16 * 1024;
// An answer's header block beyond this is not an answer (Qt's own HTTP client allows about the
// same); without a bound an upstream could grow our memory without end.
constexpr qsizetype kMaxHeaderBytes = 256 * 1024;
// A proxy's answer to CONNECT is a status line and a few headers.
constexpr qsizetype kMaxTunnelReplyBytes = 16 * 1024;

// Answers are read into one buffer per thread and parsed before anything else reads (the parser's
// handlers copy what they keep), so a connection holds no read buffer of its own: with thousands
// of calls in flight that was 16 KiB each. A read nested in another's handlers, should one ever
// be, gets a buffer of its own.
class ReadBuffer
{
public:
    ReadBuffer()
        : m_shared(!t_inUse)
    {
        if (m_shared)
            t_inUse = true;
        else
            m_own.reset(new char[kReadChunkBytes]);
    }
    ~ReadBuffer()
    {
        if (m_shared)
            t_inUse = false;
    }
    ReadBuffer(const ReadBuffer &) = delete;
    ReadBuffer &operator=(const ReadBuffer &) = delete;

    char *data()
    {
        if (!m_shared)
            return m_own.get();
        thread_local std::unique_ptr<char[]> buffer(new char[kReadChunkBytes]);
        return buffer.get();
    }

private:
    static thread_local bool t_inUse;
    bool m_shared;
    std::unique_ptr<char[]> m_own;
};

thread_local bool ReadBuffer::t_inUse = false;

QByteArray authority(const QString &host, quint16 port)
{
    const QByteArray h = host.toLatin1();
    return (h.contains(':') ? '[' + h + ']' : h) + ':' + QByteArray::number(port);
}

// A connect the socket gave up on, by the socket's reason (R-REC-7 retries each of them).
FailurePhase connectFailure(QAbstractSocket::SocketError error)
{
    switch (error) {
    case QAbstractSocket::ConnectionRefusedError:
        return FailurePhase::ConnectRefused;
    case QAbstractSocket::HostNotFoundError:
        return FailurePhase::HostNotFound;
    default:
        return FailurePhase::Connect;
    }
}

} // namespace

UpstreamConnection::UpstreamConnection(const UpstreamTarget &target, Owner *owner, QObject *parent)
    : QObject(parent)
    , m_target(target)
    , m_owner(owner)
    , m_parser(std::make_unique<llhttp_t>())
    , m_head(kMaxHeaderBytes)
{
    if (m_target.tls) {
        m_ssl = new QSslSocket(this);
        if (m_target.tlsConfiguration)
            m_ssl->setSslConfiguration(*m_target.tlsConfiguration);
        m_socket = m_ssl;
        connect(m_ssl, &QSslSocket::encrypted, this, &UpstreamConnection::handleEncrypted);
        connect(m_ssl, &QSslSocket::sslErrors, this, &UpstreamConnection::handleSslErrors);
    } else {
        m_socket = new QTcpSocket(this);
    }
    m_socket->setReadBufferSize(kReadBufferBytes);
    llhttp_init(m_parser.get(), HTTP_RESPONSE, llhttpSettings<UpstreamConnection>());
    m_parser->data = this;
    connect(m_socket, &QTcpSocket::connected, this, &UpstreamConnection::handleConnected);
    connect(m_socket, &QTcpSocket::readyRead, this, &UpstreamConnection::handleReadyRead);
    connect(m_socket, &QTcpSocket::disconnected, this, &UpstreamConnection::handleEof);
    connect(m_socket, &QTcpSocket::errorOccurred, this, &UpstreamConnection::handleSocketError);
}

UpstreamConnection::~UpstreamConnection()
{
    if (Exchange *exchange = std::exchange(m_exchange, nullptr))
        exchange->exchangeDropped();
    delete m_stream;
}

void UpstreamConnection::open(Exchange *exchange)
{
    m_exchange = exchange;
    m_state = State::Connecting;
    m_paused = false;
    // Qt may report a refused loopback connection inside connectToHost(); the call's owner has
    // not connected to its signals yet, so connecting starts in the next turn.
    QMetaObject::invokeMethod(this, &UpstreamConnection::startConnecting, Qt::QueuedConnection);
}

void UpstreamConnection::startConnecting()
{
    if (m_state != State::Connecting)
        return;
    if (m_target.proxy)
        m_socket->connectToHost(m_target.proxy->host, m_target.proxy->port);
    else if (m_ssl)
        m_ssl->connectToHostEncrypted(m_target.host, m_target.port);
    else
        m_socket->connectToHost(m_target.host, m_target.port);
}

bool UpstreamConnection::reuse(Exchange *exchange)
{
    if (m_state != State::Idle || peerClosedWhileIdle()) {
        close();
        return false;
    }
    m_exchange = exchange;
    m_state = State::Active;
    m_paused = false;
    exchange->exchangeConnected();
    return true;
}

bool UpstreamConnection::peerClosedWhileIdle() const
{
    qintptr fd = -1;
    if (m_stream) {
        if (!m_stream->isOpen())
            return true;
        fd = m_stream->descriptor();
    } else {
        if (m_socket->state() != QAbstractSocket::ConnectedState || m_socket->bytesAvailable() > 0)
            return true;
        fd = m_socket->socketDescriptor();
    }
    // The peer's FIN may be in the kernel while its read notification still waits in the event
    // loop: a peek costs one system call and saves an attempt the upstream would never see.
    if (fd < 0)
        return false;
    char byte;
    const ssize_t n = ::recv(int(fd), &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    if (n >= 0)
        return true; // 0: closed; more: something unasked, e.g. a 408 before the close
    return errno != EAGAIN && errno != EWOULDBLOCK;
}

void UpstreamConnection::sendRequest(const UpstreamRequest &request)
{
    m_headRequest = request.method == "HEAD";
    m_statusSeen = false;
    m_complete = false;
    m_keepAlive = false;
    m_informational = false;
    const bool absoluteForm = m_target.proxy && !m_target.tls;
    using Util::appendAll;
    // Built for this request and let go once the kernel took it: an idle pooled connection keeps
    // no buffer the size of its last request (thousands of them may be open).
    QByteArray out;
    const bool inlineBody = request.body.size() <= kInlineBodyBytes;
    out.reserve(256 + 48 * request.headers.size() + (inlineBody ? request.body.size() : 0));
    if (absoluteForm) {
        appendAll(out, request.method, " ",
                  request.url.toEncoded(QUrl::RemoveUserInfo | QUrl::RemoveFragment));
    } else {
        appendAll(out, request.method, " ",
                  request.target.isEmpty() ? originFormTarget(request.url) : request.target);
    }
    appendAll(out, " HTTP/1.1\r\nHost: ", m_target.hostHeader, "\r\n");
    for (const auto &h : request.headers) {
        // The framing and the encoding are the transport's; a caller's value would break them.
        const QByteArray &n = h.first;
        using Util::equalsAsciiLower;
        if (equalsAsciiLower(n, "host") || equalsAsciiLower(n, "content-length")
            || equalsAsciiLower(n, "transfer-encoding") || equalsAsciiLower(n, "connection")
            || equalsAsciiLower(n, "accept-encoding"))
            continue;
        appendAll(out, n, ": ", h.second, "\r\n");
    }
    if (absoluteForm && !m_target.proxy->authorization.isEmpty())
        appendAll(out, "Proxy-Authorization: ", m_target.proxy->authorization, "\r\n");
    // Providers compress when asked; the executor reads JSON and SSE as they come.
    appendAll(out, "Accept-Encoding: identity\r\n");
    if (!request.body.isEmpty() || request.method == "POST" || request.method == "PUT"
        || request.method == "PATCH")
        appendAll(out, "Content-Length: ", Util::Decimal(request.body.size()), "\r\n");
    appendAll(out, "\r\n");
    if (inlineBody)
        appendAll(out, request.body);
    if (m_stream) {
        m_stream->write(out); // shared with the stream until the kernel took it
        if (!inlineBody)
            m_stream->write(request.body);
        m_stream->flush();
        return;
    }
    m_socket->write(out); // copied into the socket's buffer
    if (!inlineBody)
        m_socket->write(request.body);
    // Out now, not a loop turn later when QAbstractSocket's write notifier fires.
    m_socket->flush();
}

void UpstreamConnection::detach()
{
    m_exchange = nullptr;
    close();
}

void UpstreamConnection::close()
{
    if (m_state == State::Closed)
        return;
    m_state = State::Closed;
    if (Exchange *exchange = std::exchange(m_exchange, nullptr))
        exchange->exchangeDropped();
    if (m_stream) {
        m_stream->setReader(nullptr);
        m_stream->abort();
    } else {
        m_socket->disconnect(this);
        m_socket->abort();
    }
    m_owner->connectionClosed(this);
    deleteLater();
}

void UpstreamConnection::pauseReading()
{
    m_paused = true;
    // Not read, it must not wake the loop either: the kernel's buffer fills and TCP flow control
    // reaches the upstream. (QTcpSocket stops at its read buffer's size by itself.)
    if (m_stream)
        m_stream->setReading(false);
}

void UpstreamConnection::resumeReading()
{
    if (!m_paused)
        return;
    m_paused = false;
    if (m_stream)
        m_stream->setReading(true);
    if (m_resumeQueued)
        return;
    // Delivered in the next turn: the consumer resumes from its own handlers.
    m_resumeQueued = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_resumeQueued = false;
            if (m_state == State::Active && !m_paused)
                processInput();
        },
        Qt::QueuedConnection);
}

void UpstreamConnection::handleConnected()
{
    // Stream events and small requests would otherwise wait for Nagle's algorithm.
    m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    if (m_target.proxy && m_ssl) {
        QByteArray connectRequest;
        const QByteArray where = authority(m_target.host, m_target.port);
        connectRequest += "CONNECT " + where + " HTTP/1.1\r\nHost: " + where + "\r\n";
        if (!m_target.proxy->authorization.isEmpty())
            connectRequest += "Proxy-Authorization: " + m_target.proxy->authorization + "\r\n";
        connectRequest += "\r\n";
        m_state = State::Tunneling;
        m_socket->write(connectRequest);
        return;
    }
    if (m_ssl) {
        m_state = State::Handshaking; // connectToHostEncrypted() goes on by itself
        return;
    }
    becomeReady();
}

void UpstreamConnection::handleTunnelReply()
{
    m_tunnelReply += m_socket->readAll();
    const qsizetype end = m_tunnelReply.indexOf("\r\n\r\n");
    if (end < 0) {
        if (m_tunnelReply.size() > kMaxTunnelReplyBytes)
            failExchange(FailurePhase::Proxy, {});
        return;
    }
    const QByteArray line = m_tunnelReply.left(m_tunnelReply.indexOf("\r\n"));
    const int status = line.mid(9, 3).toInt();
    if (!line.startsWith("HTTP/1.") || status < 200 || status > 299) {
        return failExchange(FailurePhase::Proxy, QString::fromLatin1(line));
    }
    if (m_tunnelReply.size() > end + 4) {
        return failExchange(FailurePhase::Proxy, {}); // data before the TLS handshake
    }
    m_tunnelReply.clear();
    m_state = State::Handshaking;
    m_ssl->setPeerVerifyName(m_target.host);
    m_ssl->startClientEncryption();
}

void UpstreamConnection::handleSslErrors(const QList<QSslError> &errors)
{
    // Never ignored: the handshake fails and the attempt names why.
    QStringList texts;
    for (const QSslError &e : errors)
        texts << e.errorString();
    m_tlsError = texts.join(u"; "_s);
}

void UpstreamConnection::handleEncrypted()
{
    becomeReady();
}

void UpstreamConnection::takeOverSocket()
{
    // The descriptor is duplicated, then Qt's socket is dropped: closing one of two descriptors
    // of a socket sends nothing to the peer, so the connection carries on in the stream.
    const int fd = ::fcntl(int(m_socket->socketDescriptor()), F_DUPFD_CLOEXEC, 0);
    if (fd < 0)
        return; // out of descriptors for the copy: Qt's socket carries on
    m_stream = new TcpStream(fd);
    m_socket->disconnect(this);
    m_socket->abort();
    m_socket->deleteLater();
    m_socket = nullptr;
    m_stream->setReader(this);
}

void UpstreamConnection::becomeReady()
{
    if (!m_exchange)
        return close();
    if (!m_ssl)
        takeOverSocket();
    m_state = State::Active;
    m_exchange->exchangeConnected();
}

void UpstreamConnection::handleReadyRead()
{
    switch (m_state) {
    case State::Tunneling:
        return handleTunnelReply();
    case State::Active:
        return processInput();
    case State::Idle:
        // Nothing was asked: an early error (408) or garbage; the connection cannot be reused.
        // (The stream only says it is readable when there is something, or the peer closed.)
        if (m_stream || m_socket->bytesAvailable() > 0)
            close();
        return;
    default:
        return;
    }
}

void UpstreamConnection::handleSocketError()
{
    const QAbstractSocket::SocketError error = m_socket->error();
    if (error == QAbstractSocket::RemoteHostClosedError)
        return handleEof();
    switch (m_state) {
    case State::Closed:
        return;
    case State::Idle:
        return close();
    case State::Connecting:
        return failExchange(connectFailure(error), m_socket->errorString());
    case State::Tunneling:
        return failExchange(FailurePhase::Proxy, m_socket->errorString());
    case State::Handshaking:
        return failExchange(FailurePhase::Tls,
                            m_tlsError.isEmpty() ? m_socket->errorString() : m_tlsError);
    case State::Active:
        // Like a close: a reset right behind a complete answer must not lose the answer already
        // received; only an answer left incomplete fails, with the socket's reason.
        m_inputError = m_socket->errorString();
        return handleEof();
    }
}

void UpstreamConnection::handleEof()
{
    switch (m_state) {
    case State::Closed:
        return;
    case State::Idle:
        return close(); // the upstream closed a kept-alive connection: never reuse it
    case State::Connecting:
        return failExchange(FailurePhase::Connect, {}); // closed while connecting
    case State::Tunneling:
        return failExchange(FailurePhase::Proxy, {});
    case State::Handshaking:
        return failExchange(FailurePhase::Tls, m_tlsError); // empty: the server closed
    case State::Active:
        break;
    }
    m_eof = true;
    if (m_stream && m_inputError.isEmpty())
        m_inputError = m_stream->errorString(); // empty after a plain close
    processInput(); // what is still buffered, then the end of input
}

void UpstreamConnection::processInput()
{
    ReadBuffer buffer;
    char *const data = buffer.data();
    while (m_state == State::Active && !m_paused) {
        const qint64 n = m_stream ? m_stream->read(data, kReadChunkBytes)
                                  : m_socket->read(data, kReadChunkBytes);
        if (n <= 0)
            break;
        const int err = parse(data, data + n);
        if (m_state != State::Active)
            return; // the exchange was aborted from one of its handlers
        flushBody();
        if (m_state != State::Active)
            return;
        if (err == HPE_PAUSED && m_complete) {
            // Bytes behind a complete answer were never asked for: the connection is spoilt.
            // (What the stream did not read yet is found by the peek before the next reuse.)
            const bool extra = llhttp_get_error_pos(m_parser.get()) != data + n
                || (m_socket && m_socket->bytesAvailable() > 0);
            llhttp_resume(m_parser.get());
            return finishExchange(m_keepAlive && !extra && !m_eof);
        }
        if (err != HPE_OK) {
            const QString reason = m_head.tooLarge()
                ? u"header block over %1 bytes"_s.arg(kMaxHeaderBytes)
                : QString::fromLatin1(llhttp_get_error_reason(m_parser.get()));
            // A status code llhttp refuses (`1000`, `20x`) is an answer, not a dropped connection.
            const FailurePhase phase = llhttp_get_errno(m_parser.get()) == HPE_INVALID_STATUS
                ? FailurePhase::Undecodable
                : phaseNow();
            return failExchange(phase, u"malformed HTTP answer: %1"_s.arg(reason));
        }
        if (m_stream && n < kReadChunkBytes)
            break; // the kernel had no more; it says so when it has (a read ending in EAGAIN saved)
    }
    if (!m_eof || m_state != State::Active || m_paused)
        return;
    // The end of input ends a body without length (llhttp_finish completes it); else it cut the
    // answer short.
    llhttp_finish(m_parser.get());
    if (m_complete)
        return finishExchange(false);
    failExchange(phaseNow(), m_inputError); // the phase says what was cut short; empty: a close
}

int UpstreamConnection::parse(const char *data, const char *end)
{
    countStatusDigits(data, end);
    llhttp_errno_t err = llhttp_execute(m_parser.get(), data, size_t(end - data));
    while (err == HPE_PAUSED && m_versionRead) {
        // Paused right behind an answer's version: its status code's digits follow.
        m_versionRead = false;
        const char *at = llhttp_get_error_pos(m_parser.get());
        llhttp_resume(m_parser.get());
        m_statusDigits = 0;
        m_codeScan = CodeScan::Space;
        countStatusDigits(at, end);
        err = llhttp_execute(m_parser.get(), at, size_t(end - at));
    }
    return err;
}

void UpstreamConnection::countStatusDigits(const char *at, const char *end)
{
    for (; at < end && m_codeScan != CodeScan::Off; ++at) {
        if (m_codeScan == CodeScan::Space) {
            m_codeScan = CodeScan::Digits; // llhttp itself refuses anything but one space here
        } else if (*at >= '0' && *at <= '9') {
            ++m_statusDigits;
        } else {
            m_codeScan = CodeScan::Off;
        }
    }
}

void UpstreamConnection::flushBody()
{
    if (m_body.isEmpty() || !m_exchange)
        return;
    QByteArray out;
    out.swap(m_body);
    m_exchange->exchangeBody(out);
}

void UpstreamConnection::finishExchange(bool reusable)
{
    Exchange *exchange = std::exchange(m_exchange, nullptr);
    const bool open
        = m_stream ? m_stream->isOpen() : m_socket->state() == QAbstractSocket::ConnectedState;
    if (reusable && open) {
        m_state = State::Idle;
        m_owner->connectionReleased(this);
    } else {
        close();
    }
    if (exchange)
        exchange->exchangeFinished();
}

void UpstreamConnection::failExchange(FailurePhase phase, const QString &message)
{
    Exchange *exchange = std::exchange(m_exchange, nullptr);
    close();
    if (exchange)
        exchange->exchangeFailed(phase, message);
}

FailurePhase UpstreamConnection::phaseNow() const
{
    return m_statusSeen ? FailurePhase::AfterStatus : FailurePhase::BeforeStatus;
}

int UpstreamConnection::onMessageBegin()
{
    m_headers.clear();
    return 0;
}

int UpstreamConnection::onVersionComplete()
{
    m_versionRead = true;
    return HPE_PAUSED; // parse() counts the status code's digits from here
}

int UpstreamConnection::onHeaderLine()
{
    if (const QByteArray *kept = findHeaderName(upstreamHeadersRead(), m_head.name()))
        m_headers.emplaceBack(*kept, m_head.takeValue());
    else
        m_head.dropValue();
    return 0;
}

int UpstreamConnection::onHeadersComplete()
{
    const int status = m_parser->status_code;
    if (m_statusDigits != 3) {
        // RFC 9112: three digits; llhttp 8 reads any number (`2`, `0200`): no status the executor
        // can judge (R-REC-8), the answer is undecodable and the connection spoilt.
        failExchange(FailurePhase::Undecodable,
                     u"malformed HTTP answer: a status code of %1 digits"_s.arg(m_statusDigits));
        return -1;
    }
    if (status >= 100 && status < 200) {
        m_informational = true; // 100 Continue, 103 Early Hints: the answer follows
        return 1;
    }
    if (status < 100 || status > 599) {
        // Three digits, but no HTTP status (`099`, `600`): undecodable as well (R-REC-8).
        failExchange(FailurePhase::Undecodable,
                     u"malformed HTTP answer: status %1 outside 100-599"_s.arg(status));
        return -1;
    }
    m_statusSeen = true;
    if (m_exchange)
        m_exchange->exchangeStarted(status, m_headers);
    if (m_state != State::Active)
        return -1; // aborted from the handler: stop parsing
    return m_headRequest ? 1 : 0; // 1: no body follows
}

int UpstreamConnection::onBody(const char *at, size_t len)
{
    Util::appendAll(m_body, QByteArrayView(at, qsizetype(len)));
    return 0;
}

int UpstreamConnection::onMessageComplete()
{
    if (m_informational) {
        m_informational = false;
        return 0;
    }
    m_complete = true;
    m_keepAlive = llhttp_should_keep_alive(m_parser.get()) != 0;
    // One answer per exchange: the rest of the input is looked at after it was handed over.
    return HPE_PAUSED;
}

} // namespace Gateway
