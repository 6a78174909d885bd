#pragma once

#include "net/deadlinewheel.h"
#include "net/headreader.h"
#include "net/httpmessage.h"
#include "net/sendqueue.h"
#include "net/tcpstream.h"

#include <QHostAddress>
#include <QObject>
#include <QPointer>
#include <memory>

// llhttp stays private to the net library (llhttp_t is this struct).
struct llhttp__internal_s;
struct llhttp_settings_s;

namespace Gateway {

// Inbound limits (R-SEC-2).
struct ServerLimits
{
    qint64 maxBodyBytes = 16 * 1024 * 1024;
    qint64 maxHeaderBytes = 64 * 1024;
    int idleTimeoutMs = 60000; // a kept-alive connection with no request started is closed
    int requestTimeoutMs = 30000; // a started request must arrive whole within this (trickling)
    // Backpressure on a streamed answer (Envoy's watermarks): above the high mark of unsent bytes
    // the producer is told to pause, below the low one to resume. The gap keeps a caller reading
    // at about the producer's pace from pausing and resuming on every event.
    qint64 writeHighMarkBytes = 256 * 1024;
    qint64 writeLowMarkBytes = 64 * 1024;
    int maxConnections = 10000; // HttpServer: beyond it, requests are refused with 503
    // A request the connection refuses itself (400, 408, 413, 431, 503) may still be arriving:
    // after the answer the sending side ends and what the caller still sends is read and dropped
    // until it closes, for at most this long and this many bytes (nginx's lingering close). Closing
    // at once with unread bytes would reset the connection, and the caller lose the answer.
    int lingerMs = 5000;
    qint64 lingerBytes = 64 * 1024 * 1024;
    // Spare capacity kept after a request body's last byte, so that a parser needing padding (the
    // gateway's JSON reader) reads the body where it is instead of copying it first.
    qsizetype bodyTailRoom = 0;
};

// One caller connection: llhttp parses, one request is handed out at a time and the next one is
// parsed only after its answer went out, so pipelined requests are answered in order.
// A refusal with a JSON body {"error":{"code","message"}} and x-should-retry, for a server whose
// owner gives no RefusalWriter.
HttpResponse plainRefusal(QByteArrayView path, int status, const QString &code,
                          const QString &message, int retryAfterSeconds);

class HttpConnection : public QObject, private TcpStream::Reader
{
    Q_OBJECT
public:
    // The wheel (one per thread, owned by the server) times the idle and request timeouts; the
    // send queue (the server's) hands written answers to the kernel at the end of the loop turn.
    // Takes the stream (an accepted caller connection). The limits are the server's and must
    // outlive the connection (not copied: thousands of connections may be open).
    HttpConnection(TcpStream *socket, const ServerLimits &limits, DeadlineWheel *wheel,
                   SendQueue *sendQueue, QObject *parent = nullptr);
    ~HttpConnection() override;

    // Answer the current request: either respond(), or beginStream() … writeStream() … endStream().
    void respond(const HttpResponse &response);
    // `headLines`: as HttpResponse::headLines.
    void beginStream(int status, const HeaderList &headers, const QByteArray &contentType,
                     QByteArrayView headLines = {});
    void writeStream(const QByteArray &data);
    void endStream();
    // A gate on the end of the current answer, set by whoever answers before answering: respond()'s
    // bytes, a stream's end and what is written after holdStreamRest() are kept until
    // releaseAnswerEnd(), and no next request is read meanwhile. A close drops what is held.
    void holdAnswerEnd() { m_holdEnd = true; }
    bool holdsAnswerEnd() const { return m_holdEnd; }
    void holdStreamRest() { m_holdRest = m_holdEnd; }
    void releaseAnswerEnd();

    bool isOpen() const;
    QHostAddress peerAddress() const; // the caller's address (AuthThrottle counts per address)
    bool isBusy() const { return m_busy; }
    // Close after what was written went out (shutdown).
    void closeGracefully();
    // Opened beyond the server's connection limit: its request gets 503 + Retry-After and the
    // connection closes.
    void setOverCapacity(int limit) { m_overCapacityLimit = limit; }

    // The key this connection's caller presented last and its hash (Config::hashKey): a keep-alive
    // caller presents the same key on every call, and hashing it again was a hot spot of a call.
    // Kept as long as the connection, like the request buffer that held the key; never written
    // anywhere.
    struct CredentialMemo
    {
        QByteArray presented;
        QString sha256Hex;
    };
    CredentialMemo &credentialMemo() { return m_credentialMemo; }

    // Whoever answers the current request hears of the caller through this, one at a time
    // (requests are answered in order). A plain interface rather than signals: three connections
    // made and undone per call were a measurable share of its work.
    class Answerer
    {
    public:
        // The caller went away or the connection was closed; work for it should stop.
        virtual void callerClosed() = 0;
        // A streamed answer's unsent bytes passed ServerLimits::writeHighMarkBytes: the caller
        // reads slower than the answer is produced. Then, once, writeBufferDrained() when they
        // fell to writeLowMarkBytes or below.
        virtual void writeBufferFilled() = 0;
        virtual void writeBufferDrained() = 0;
        // The connection is being destroyed (after callerClosed(), or at shutdown without it):
        // forget it. Plain pointers to the connection rather than QPointer, whose every use reads
        // the target's QObject data.
        virtual void connectionDestroyed() = 0;

    protected:
        ~Answerer() = default;
    };
    // nullptr before the answerer goes away (only if it still is this connection's answerer).
    void setAnswerer(Answerer *answerer) { m_answerer = answerer; }
    Answerer *answerer() const { return m_answerer; }

    // Who is handed each whole request (the server, or the handler it was given). A plain
    // interface too: the two signal hops it replaces read the QObject data of the connection and
    // the server, cold with thousands of calls in flight.
    class RequestSink
    {
    public:
        virtual void takeRequest(HttpConnection *connection, const HttpRequest &request) = 0;

    protected:
        ~RequestSink() = default;
    };
    void setRequestSink(RequestSink *sink) { m_requestSink = sink; }
    // Only these headers (lower-case names) are kept in a request, and Expect, which the connection
    // reads itself; nullptr keeps all. Every header still counts against maxHeaderBytes. The list
    // must outlive the connection (the server's).
    void setKeptHeaders(const QList<QByteArray> *names) { m_keptHeaders = names; }
    // Words the answer to a request the connection refuses itself (400, 408, 413, 431); `path` is
    // the request's path as far as it was read. The gateway answers in the route's API shape.
    using RefusalWriter = HttpResponse (*)(QByteArrayView path, int status, const QString &code,
                                           const QString &message, int retryAfterSeconds);
    void setRefusalWriter(RefusalWriter writer) { m_refusalWriter = writer; }

    // Whoever keeps the connection (the server) hears of its refusals and its end through this: a
    // plain interface rather than connections to signals, which kept a connection object and the
    // connection data of both ends per caller connection for as long as it was open.
    class Owner
    {
    public:
        // A request refused by the connection itself (400, 408, 413, 431, 503), for /metrics
        // (R-DET).
        virtual void connectionRejected(int status, const QString &reason) = 0;
        virtual void connectionDestroyed(HttpConnection *connection) = 0;

    protected:
        ~Owner() = default;
    };
    void setOwner(Owner *owner) { m_owner = owner; }

private:
    // The parser's callbacks (llhttpSettings); a request's header lines are in m_head.
    template<typename> friend const llhttp_settings_s *llhttpSettings();
    int onMessageBegin();
    int onUrl(const char *at, size_t len);
    int onHeaderLine();
    int onHeadersComplete();
    int onBody(const char *at, size_t len);
    int onMessageComplete();

    void streamReadable() override;
    void streamClosed() override { handleDisconnected(); }
    void streamWritten(qint64) override { handleBytesWritten(); }
    void handleDisconnected();
    void handleTimeout();
    void handleBytesWritten();
    void setWriteBufferFull(bool full);
    void armTimeout(int timeoutMs);
    void cancelTimeout();
    // Parses what is held back (pipelined requests read while one was being answered).
    void processInput();
    // Feeds bytes to the parser until a request is handed out: how many it took, -1 when it
    // refused them (the connection is then closing).
    qsizetype feed(const char *data, qsizetype size);
    void dispatch();
    void releaseRequest();
    // After a refusal: end the sending side, drop what still arrives (ServerLimits::lingerMs).
    void linger();
    void dropLingeringInput();
    // retryAfterSeconds > 0: the caller may try again then (503), else not (4xx).
    void rejectAndClose(int status, const QString &code, const QString &message,
                        int retryAfterSeconds = 0);
    // The status line and headers, with room reserved for `room` more bytes: the answer's small
    // body goes out in the same write, appended without growing the array again.
    QByteArray head(int status, const HeaderList &headers, QByteArrayView headLines,
                    const QByteArray &contentType, qint64 contentLength, qsizetype room = 0) const;
    // What was written goes to the kernel at the end of this turn of the loop (SendQueue).
    void send();
    void finishResponse();

    TcpStream *m_socket; // owned
    Answerer *m_answerer = nullptr;
    CredentialMemo m_credentialMemo;
    RequestSink *m_requestSink = nullptr;
    Owner *m_owner = nullptr;
    RefusalWriter m_refusalWriter = plainRefusal;
    const QList<QByteArray> *m_keptHeaders = nullptr;
    const ServerLimits &m_limits;
    std::unique_ptr<llhttp__internal_s> m_parser;
    QPointer<DeadlineWheel> m_wheel;
    int m_overCapacityLimit = 0; // 0: within the limit
    QPointer<SendQueue> m_sendQueue;
    DeadlineWheel::Handle m_timeout = 0;
    QByteArray m_pending; // read, not parsed yet
    bool m_readingPaused = false; // m_pending is at its bound
    HttpRequest m_current;
    QByteArray m_url;
    HeadReader m_head; // its bound is maxHeaderBytes, the request target included
    int m_hostHeaders = 0; // in the request being read
    int m_rejectStatus = 0;
    bool m_busy = false; // a request was handed out and not answered yet
    bool m_receiving = false; // a request has started arriving
    bool m_streaming = false;
    bool m_chunked = false;
    bool m_keepAlive = true;
    bool m_closed = false;
    bool m_lingering = false; // closed after a refusal, dropping what the caller still sends
    qint64 m_lingeredBytes = 0;
    bool m_gone = false; // closed() emitted
    bool m_writeBufferFull = false; // between writeBufferFilled() and writeBufferDrained()
    bool m_holdEnd = false; // holdAnswerEnd() until releaseAnswerEnd()
    bool m_holdRest = false; // a stream's writes go to m_held
    bool m_heldDone = false; // the held answer ended: releasing it finishes it
    QByteArray m_held;
};

} // namespace Gateway
