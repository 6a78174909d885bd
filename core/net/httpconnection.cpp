#include "net/httpconnection.h"

#include "net/llhttpcallbacks.h"
#include "net/log.h"
#include "util/bytes.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace Gateway {
namespace {

// While a request is being answered, what the caller sends is held up to this bound (so a caller
// that leaves is noticed at once); beyond it the socket is not read, so a flood of pipelined
// requests pushes back on the caller instead of growing memory.
constexpr qsizetype kReadBufferBytes = 1024 * 1024;

// Reads land here and are parsed from here; only what the parser did not take is copied into the
// connection. One per thread: nothing holds on to it across a turn of the loop.
constexpr qsizetype kScratchBytes = 64 * 1024;
char *scratch()
{
    thread_local std::unique_ptr<char[]> buffer(new char[kScratchBytes]);
    return buffer.get();
}

// Formatting a date costs more than the rest of a small response head: one string per second.
QByteArray httpDate(const QDateTime &now)
{
    thread_local qint64 cachedSecond = -1;
    thread_local QByteArray cached;
    const qint64 second = now.toSecsSinceEpoch();
    if (second != cachedSecond) {
        cachedSecond = second;
        cached = QLocale::c().toString(now, u"ddd, dd MMM yyyy hh:mm:ss 'GMT'"_s).toLatin1();
    }
    return cached;
}

} // namespace

HttpResponse plainRefusal(QByteArrayView, int status, const QString &code, const QString &message,
                          int retryAfterSeconds)
{
    HttpResponse r;
    r.status = status;
    const QJsonObject error { { u"code"_s, code }, { u"message"_s, message } };
    r.body = QJsonDocument(QJsonObject { { u"error"_s, error } }).toJson(QJsonDocument::Compact);
    if (retryAfterSeconds > 0)
        r.headers.emplaceBack(QByteArrayLiteral("retry-after"),
                              QByteArray::number(retryAfterSeconds));
    r.headers.emplaceBack(QByteArrayLiteral("x-should-retry"),
                          retryAfterSeconds > 0 ? QByteArrayLiteral("true")
                                                : QByteArrayLiteral("false"));
    return r;
}

HttpConnection::HttpConnection(TcpStream *socket, const ServerLimits &limits, DeadlineWheel *wheel,
                               SendQueue *sendQueue, QObject *parent)
    : QObject(parent)
    , m_socket(socket)
    , m_limits(limits)
    , m_parser(std::make_unique<llhttp_t>())
    , m_wheel(wheel)
    , m_sendQueue(sendQueue)
    , m_head(limits.maxHeaderBytes)
{
    llhttp_init(m_parser.get(), HTTP_REQUEST, llhttpSettings<HttpConnection>());
    m_parser->data = this;
    m_socket->setReader(this);
    armTimeout(m_limits.idleTimeoutMs);
}

HttpConnection::~HttpConnection()
{
    cancelTimeout();
    // The socket goes with this connection; the executor of a call still running must not reach
    // either of them again.
    if (m_sendQueue)
        m_sendQueue->forget(m_socket);
    if (m_answerer)
        m_answerer->connectionDestroyed();
    if (m_owner)
        m_owner->connectionDestroyed(this);
    delete m_socket;
}

void HttpConnection::armTimeout(int timeoutMs)
{
    if (!m_wheel)
        return;
    const qint64 deadline = m_wheel->nowMs() + timeoutMs;
    if (m_wheel->reschedule(m_timeout, deadline))
        return;
    m_timeout = m_wheel->schedule(deadline, [this] {
        m_timeout = 0;
        handleTimeout();
    });
}

void HttpConnection::cancelTimeout()
{
    if (m_wheel && m_timeout)
        m_wheel->cancel(m_timeout);
    m_timeout = 0;
}

bool HttpConnection::isOpen() const
{
    return !m_closed && m_socket->isOpen();
}

QHostAddress HttpConnection::peerAddress() const
{
    return m_socket->peerAddress();
}

void HttpConnection::closeGracefully()
{
    if (m_closed)
        return;
    m_closed = true;
    cancelTimeout();
    m_socket->closeAfterWriting();
}

int HttpConnection::onMessageBegin()
{
    releaseRequest(); // nothing left to free when the previous request was handed out
    // The header list keeps its block from request to request (nothing else holds it once a
    // request was handled); one block for the usual number of headers, not three as the list grows:
    // an SDK sends ~10, of which only the kept ones (and Expect) are held, and the block stays with
    // the connection while it is open.
    HeaderList headers = std::move(m_current.headers);
    m_current = HttpRequest {};
    m_current.headers = std::move(headers);
    m_current.headers.reserve(m_keptHeaders ? m_keptHeaders->size() + 1 : 12);
    m_hostHeaders = 0;
    m_receiving = true;
    armTimeout(m_limits.requestTimeoutMs);
    return 0;
}

int HttpConnection::onUrl(const char *at, size_t len)
{
    Util::appendAll(m_url, QByteArrayView(at, qsizetype(len)));
    return m_head.count(qsizetype(len)) ? 0 : -1;
}

int HttpConnection::onHeaderLine()
{
    const QByteArray &field = m_head.name();
    if (Util::equalsAsciiLower(field, "host"))
        ++m_hostHeaders;
    QByteArray name;
    if (m_keptHeaders) {
        if (const QByteArray *kept = findHeaderName(*m_keptHeaders, field))
            name = *kept;
        else if (Util::equalsAsciiLower(field, "expect"))
            name = QByteArrayLiteral("expect");
        else {
            m_head.dropValue(); // not read by anyone: no copy
            return 0;
        }
    } else {
        name = lowercaseHeaderName(field);
    }
    m_current.headers.emplaceBack(std::move(name), m_head.takeValue());
    return 0;
}

int HttpConnection::onHeadersComplete()
{
    const llhttp_t *p = m_parser.get();
    const qsizetype q = m_url.indexOf('?');
    m_current.path = q < 0 ? m_url : m_url.left(q);
    m_current.query = q < 0 ? QByteArray() : m_url.mid(q + 1);
    // llhttp's method names are string literals: no copy.
    const char *method = llhttp_method_name(llhttp_method_t(p->method));
    m_current.method = QByteArray::fromRawData(method, qstrlen(method));
    m_current.httpMinor = p->http_minor;
    // RFC 9112 §3.2: an HTTP/1.1 request has exactly one Host; HTTP/1.0 may have none.
    if (m_hostHeaders > 1 || (m_hostHeaders == 0 && p->http_major == 1 && p->http_minor >= 1)) {
        m_rejectStatus = 400;
        return -1;
    }
    if ((p->flags & F_CONTENT_LENGTH) && qint64(p->content_length) > m_limits.maxBodyBytes) {
        m_rejectStatus = 413;
        return -1;
    }
    // curl and others wait a second for this before sending a larger body.
    if (m_current.header("expect").toLower() == "100-continue") {
        m_socket->write(QByteArrayLiteral("HTTP/1.1 100 Continue\r\n\r\n"));
        send();
    }
    return 0;
}

int HttpConnection::onBody(const char *at, size_t len)
{
    QByteArray &body = m_current.body;
    if (body.size() + qint64(len) > m_limits.maxBodyBytes) {
        m_rejectStatus = 413;
        return -1;
    }
    // Room after the last byte (bodyTailRoom). A body in one read gets exactly that; one in many
    // reads doubles, so it is not copied for each. Only what arrived is held.
    const qsizetype room = m_limits.bodyTailRoom;
    const qsizetype needed = body.size() + qsizetype(len) + room;
    if (body.capacity() < needed)
        body.reserve(qMax(needed, 2 * body.size() + room));
    body.append(at, qsizetype(len));
    return 0;
}

int HttpConnection::onMessageComplete()
{
    m_current.keepAlive = llhttp_should_keep_alive(m_parser.get()) != 0;
    m_receiving = false;
    // Pausing hands exactly one request out; the rest of the input waits for its answer.
    return HPE_PAUSED;
}

void HttpConnection::streamReadable()
{
    if (m_lingering)
        return dropLingeringInput();
    if (m_closed)
        return;
    char *buffer = scratch();
    if (m_busy || !m_pending.isEmpty()) {
        // Held until the current answer went out (or the earlier bytes were parsed).
        const qsizetype room = kReadBufferBytes - m_pending.size();
        if (room <= 0) {
            m_readingPaused = true;
            m_socket->setReading(false);
            return;
        }
        const qint64 n = m_socket->read(buffer, std::min(room, kScratchBytes));
        if (n > 0)
            m_pending.append(buffer, qsizetype(n));
        if (!m_busy)
            processInput();
        return;
    }
    const qint64 n = m_socket->read(buffer, kScratchBytes);
    if (n <= 0)
        return;
    // Parsed where it was read: only the bytes after a request handed out are kept.
    const qsizetype used = feed(buffer, qsizetype(n));
    if (used < 0)
        return;
    if (used < n)
        m_pending.append(buffer + used, qsizetype(n) - used);
    if (!m_busy)
        processInput(); // answered at once: the next pipelined request
}

void HttpConnection::processInput()
{
    while (!m_busy && !m_closed && !m_pending.isEmpty()) {
        const qsizetype used = feed(m_pending.constData(), m_pending.size());
        if (used < 0)
            return;
        if (used == m_pending.size())
            m_pending.clear();
        else
            m_pending.remove(0, used);
    }
    if (m_readingPaused && !m_closed && m_pending.size() < kReadBufferBytes) {
        m_readingPaused = false;
        m_socket->setReading(true);
    }
}

qsizetype HttpConnection::feed(const char *data, qsizetype size)
{
    const llhttp_errno_t err = llhttp_execute(m_parser.get(), data, size_t(size));
    if (err == HPE_OK)
        return size;
    if (err == HPE_PAUSED) {
        const qsizetype used = llhttp_get_error_pos(m_parser.get()) - data;
        llhttp_resume(m_parser.get());
        dispatch();
        return used;
    }
    if (m_rejectStatus == 413) {
        rejectAndClose(413, u"request_too_large"_s,
                       u"Request body exceeds the limit of %1 bytes."_s.arg(m_limits.maxBodyBytes));
    } else if (m_head.tooLarge()) {
        rejectAndClose(
            431, u"request_header_fields_too_large"_s,
            u"Request header block exceeds the limit of %1 bytes."_s.arg(m_limits.maxHeaderBytes));
    } else if (m_rejectStatus == 400) {
        rejectAndClose(400, u"invalid_request"_s,
                       m_hostHeaders == 0
                           ? u"An HTTP/1.1 request needs a Host header."_s
                           : u"A request has one Host header, not %1."_s.arg(m_hostHeaders));
    } else {
        rejectAndClose(400, u"invalid_request"_s,
                       u"Malformed HTTP request: %1."_s.arg(
                           QString::fromLatin1(llhttp_get_error_reason(m_parser.get()))));
    }
    return -1;
}

void HttpConnection::dispatch()
{
    if (m_overCapacityLimit > 0) {
        return rejectAndClose(
            503, u"too_many_connections"_s,
            u"The gateway has %1 caller connections open, its limit; try again shortly."_s.arg(
                m_overCapacityLimit),
            1);
    }
    m_busy = true;
    cancelTimeout();
    m_keepAlive = m_current.keepAlive;
    if (m_requestSink)
        m_requestSink->takeRequest(this, m_current);
    releaseRequest();
}

void HttpConnection::releaseRequest()
{
    // Whoever took the request holds its own references to what it keeps; the connection lets go
    // of its own now, while they are in the cache; freed when the next request began, they were
    // cold with thousands of calls in flight. The header list keeps its block for the next
    // request; the scalars stay (beginStream() reads the HTTP version).
    m_current.headers.clear();
    m_current.method.clear();
    m_current.path.clear();
    m_current.query.clear();
    m_current.body.clear();
    m_url.clear();
}

void HttpConnection::rejectAndClose(int status, const QString &code, const QString &message,
                                    int retryAfterSeconds)
{
    qCInfo(lcGateway) << "rejecting request from" << m_socket->peerAddressText() << status;
    const qsizetype q = m_url.indexOf('?');
    // R-DET: an id to quote, no receipt
    const HttpResponse r = m_refusalWriter(q < 0 ? QByteArrayView(m_url) : m_url.left(q), status,
                                           code, message, retryAfterSeconds);
    m_busy = true;
    m_keepAlive = false;
    m_lingering = true;
    respond(r);
    if (m_owner)
        m_owner->connectionRejected(status, code);
}

void HttpConnection::linger()
{
    m_closed = true;
    m_pending.clear(); // what was read ahead is not parsed any more
    m_readingPaused = false;
    m_socket->shutdownAfterWriting();
    m_socket->setReading(true);
    armTimeout(m_limits.lingerMs);
}

void HttpConnection::dropLingeringInput()
{
    // One read per readiness into the thread's scratch buffer: nothing is kept. The caller's
    // close ends the stream (disconnected()); too much, or the timeout, resets it.
    m_lingeredBytes += m_socket->read(scratch(), kScratchBytes);
    if (m_lingeredBytes > m_limits.lingerBytes)
        m_socket->abort();
}

QByteArray HttpConnection::head(int status, const HeaderList &headers, QByteArrayView headLines,
                                const QByteArray &contentType, qint64 contentLength,
                                qsizetype room) const
{
    using Util::appendAll, Util::Decimal;
    QByteArray head;
    head.reserve(256 + headLines.size() + room);
    appendAll(head, "HTTP/1.1 ", Decimal(status), " ", reasonPhrase(status),
              "\r\nDate: ", httpDate(m_wheel->timeSource()->nowUtc()), "\r\n");
    if (!contentType.isEmpty())
        appendAll(head, "Content-Type: ", contentType, "\r\n");
    for (const auto &h : headers)
        appendAll(head, h.first, ": ", h.second, "\r\n");
    if (!headLines.isEmpty())
        appendAll(head, headLines);
    if (contentLength >= 0)
        appendAll(head, "Content-Length: ", Decimal(contentLength), "\r\n");
    else if (m_chunked)
        appendAll(head, "Transfer-Encoding: chunked\r\n");
    appendAll(head, m_keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n");
    return head;
}

void HttpConnection::send()
{
    if (m_sendQueue)
        m_sendQueue->add(m_socket);
    else
        m_socket->flush();
}

void HttpConnection::respond(const HttpResponse &response)
{
    if (m_closed || !m_busy || m_heldDone)
        return;
    constexpr qsizetype kInlineBodyBytes = 16 * 1024; // copied behind the head: one write
    const bool inlineBody = m_holdEnd || response.body.size() <= kInlineBodyBytes;
    QByteArray out
        = head(response.status, response.headers, response.headLines, response.contentType,
               response.body.size(), inlineBody ? response.body.size() : 0);
    if (inlineBody)
        out += response.body;
    if (m_holdEnd) {
        m_held += out;
        m_heldDone = true;
        return;
    }
    if (inlineBody) {
        m_socket->write(out);
    } else {
        m_socket->write(out);
        m_socket->write(response.body);
    }
    send();
    finishResponse();
}

void HttpConnection::beginStream(int status, const HeaderList &headers,
                                 const QByteArray &contentType, QByteArrayView headLines)
{
    if (m_closed || !m_busy)
        return;
    m_streaming = true;
    // Watermarks belong to one answer: a previous stream that ended while the caller was behind
    // must not leave this one unpaused (the next write over the high mark is a new fill).
    setWriteBufferFull(false);
    // HTTP/1.0 has no chunked encoding: the body ends when the connection closes.
    m_chunked = m_current.httpMinor >= 1;
    if (!m_chunked)
        m_keepAlive = false;
    HeaderList all = headers;
    all.emplaceBack(QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-cache"));
    m_socket->write(head(status, all, headLines, contentType, -1));
    send();
}

void HttpConnection::writeStream(const QByteArray &data)
{
    if (m_closed || !m_streaming || data.isEmpty() || m_heldDone)
        return;
    QByteArray chunk;
    if (!m_chunked) {
        chunk = data;
    } else {
        char size[16];
        const auto hex = std::to_chars(size, size + sizeof size, data.size(), 16);
        Util::appendAll(chunk, QByteArrayView(size, hex.ptr - size), "\r\n", data, "\r\n");
    }
    if (m_holdRest) {
        m_held += chunk;
        return;
    }
    m_socket->write(chunk);
    send();
    if (m_writeBufferFull || m_socket->bytesToWrite() <= m_limits.writeHighMarkBytes)
        return;
    setWriteBufferFull(true);
    if (m_answerer)
        m_answerer->writeBufferFilled();
}

void HttpConnection::handleBytesWritten()
{
    if (!m_writeBufferFull || m_socket->bytesToWrite() > m_limits.writeLowMarkBytes)
        return;
    setWriteBufferFull(false);
    if (m_answerer)
        m_answerer->writeBufferDrained();
}

// While full, the stream reports what it sends, so the drain below the low mark is noticed.
void HttpConnection::setWriteBufferFull(bool full)
{
    m_writeBufferFull = full;
    m_socket->reportWrites(full);
}

void HttpConnection::endStream()
{
    if (m_closed || !m_streaming || m_heldDone)
        return;
    if (m_holdEnd) {
        if (m_chunked)
            m_held += "0\r\n\r\n";
        m_heldDone = true;
        return;
    }
    if (m_chunked) {
        m_socket->write("0\r\n\r\n");
        send();
    }
    m_streaming = false;
    m_chunked = false;
    finishResponse();
}

void HttpConnection::releaseAnswerEnd()
{
    if (!m_holdEnd)
        return;
    m_holdEnd = m_holdRest = false;
    const QByteArray held = std::exchange(m_held, {});
    const bool ended = std::exchange(m_heldDone, false);
    if (m_closed)
        return;
    if (!held.isEmpty()) {
        m_socket->write(held);
        send();
    }
    if (!ended)
        return; // released before the answer ended: the rest goes out as it comes
    m_streaming = false;
    m_chunked = false;
    finishResponse();
}

void HttpConnection::finishResponse()
{
    m_busy = false;
    if (m_lingering)
        return linger();
    if (!m_keepAlive) {
        m_closed = true;
        m_socket->closeAfterWriting();
        return;
    }
    armTimeout(m_limits.idleTimeoutMs);
    // Pipelined requests already read; what is still in the kernel wakes streamReadable().
    if (!m_pending.isEmpty() || m_readingPaused)
        QMetaObject::invokeMethod(this, &HttpConnection::processInput, Qt::QueuedConnection);
}

void HttpConnection::handleTimeout()
{
    if (m_lingering)
        return m_socket->abort(); // the caller kept sending: a reset ends it
    if (m_busy || m_closed)
        return;
    if (m_receiving) {
        rejectAndClose(
            408, u"request_timeout"_s,
            u"The request did not arrive within %1 ms."_s.arg(m_limits.requestTimeoutMs));
        return;
    }
    m_closed = true;
    m_socket->closeAfterWriting();
}

void HttpConnection::handleDisconnected()
{
    if (m_gone)
        return;
    m_gone = true;
    m_closed = true;
    cancelTimeout();
    if (m_answerer)
        m_answerer->callerClosed();
    deleteLater();
}

} // namespace Gateway
