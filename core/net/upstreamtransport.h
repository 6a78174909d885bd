#pragma once

#include "net/deadlinewheel.h"
#include "net/httpmessage.h"

#include <QObject>
#include <QPointer>
#include <QUrl>
#include <memory>

namespace Gateway {

// What one upstream attempt sends. Built by the dialect adapters; never carries the caller's
// credentials or x-gateway-* headers (R-SEC-5).
struct UpstreamRequest
{
    QString connection; // Connection::name, for logs
    QUrl url; // scheme, host and port select the transport's keep-alive pool
    // poolKeyOf(url, caFile) and originFormTarget(url), when the request's builder keeps them per
    // URL (buildUpstreamRequest does, rather than derive them again on every call); empty: the
    // transport derives them.
    QString poolKey;
    QByteArray target;
    QString caFile; // Connection::caFile: extra trusted CAs (PEM) for https, with the system's
    QByteArray method = QByteArrayLiteral("POST");
    HeaderList headers;
    QByteArray body;
    bool stream = false;
    int connectTimeoutMs = 10000; // R-REC-7: every request
    int firstByteTimeoutMs = 30000; // streaming only: no status line within → retryable
    int streamIdleTimeoutMs = 30000; // streaming only: no body byte within → stopped answering
    // The connection's credential as sent in `headers`; never sent again, kept so that an answer
    // echoing it can be cleaned (R-SEC-3).
    QByteArray credential;
};

// The keep-alive pool of a request: scheme, host, port (https://h and https://h:443 share one) and
// the CA file it trusts.
QString poolKeyOf(const QUrl &url, const QString &caFile);
// The request target of a request sent straight to the server: path and query, "/" at least.
QByteArray originFormTarget(const QUrl &url);

// Where and how an attempt failed; the executor classifies with it (R-REC-7/8) and the receipt
// keeps it. The message beside it is the system's own words (the OS's, TLS's, a proxy's), if any.
enum class FailurePhase {
    Connect, // no connection, for another reason than those below
    ConnectRefused,
    HostNotFound,
    Tls, // the TLS handshake failed
    Proxy, // the proxy refused or broke the tunnel
    NotSent, // nothing could be sent as configured (URL scheme, CA file, proxy setting)
    ConnectTimeout, // no connection within the connect timeout; message: the timeout in ms
    BeforeStatus, // connected, then dropped before a status line
    FirstByteTimeout, // streaming: no status line within firstByteTimeoutMs (the message)
    AfterStatus, // the answer had started, then the connection died (truncated)
    StreamIdle, // the answer had started, then nothing came for streamIdleTimeoutMs (the message)
    // A status code that is not three digits in 100–599 (`2`, `0200`, `1000`, `600`): not an
    // answer the gateway can decode, never a status (R-REC-8: not retried; R-ERR-1: 502).
    Undecodable,
};

// The answer headers the gateway reads (lower-case names): Retry-After and Retry-After-Ms
// (R-REC-5). A transport passes only these to upstreamStarted; a provider's dozen others (rate
// limits, tracing) are not copied. A header read anywhere must be listed here.
const QList<QByteArray> &upstreamHeadersRead();

// One attempt in flight. Its receiver hears, in order: upstreamStarted, upstreamBody*, then exactly
// one of upstreamFinished/upstreamFailed, never from inside UpstreamTransport::send(). abort()
// stops it silently (the caller knows why it aborted). The per-attempt timeouts live here so every
// transport keeps the same rules. They are coarse deadlines on the thread's DeadlineWheel, moved in
// O(1) per body chunk, not three QTimers restarted per chunk. An attempt is one request
// written once: transports never re-send (R-RCPT-1).
// The receiver is a plain interface rather than signals: four connections made and undone per
// attempt were a measurable share of a call's work. Not a QObject: one allocation and its
// bookkeeping fewer per attempt; whoever sent it owns it.
class UpstreamCall
{
public:
    // wheel: the thread's; it must outlive the call or be gone before it (guarded).
    UpstreamCall(const UpstreamRequest &request, DeadlineWheel *wheel);
    virtual ~UpstreamCall();
    UpstreamCall(const UpstreamCall &) = delete;
    UpstreamCall &operator=(const UpstreamCall &) = delete;

    class Receiver
    {
    public:
        virtual void upstreamStarted(int status, const HeaderList &headers) = 0;
        virtual void upstreamBody(const QByteArray &data) = 0;
        virtual void upstreamFinished() = 0;
        virtual void upstreamFailed(FailurePhase phase, const QString &message) = 0;

    protected:
        ~Receiver() = default;
    };
    // Set right after send(); nullptr before the receiver goes away.
    void setReceiver(Receiver *receiver) { m_receiver = receiver; }

    void abort();
    bool isDone() const { return m_done; }
    // Backpressure: while paused no more body is read from the upstream (at most what was already
    // read in the current turn still arrives), the transport's buffer stays bounded so TCP flow
    // control reaches the upstream, and the stream-idle timeout is suspended (the upstream is not
    // idle, we are). Resuming delivers what was buffered in a later turn of the event loop.
    // Both are idempotent.
    void pauseReading();
    void resumeReading();
    bool isReadingPaused() const { return m_paused; }
    qint64 bytesSent() const { return m_bytesSent; }
    qint64 bytesReceived() const { return m_bytesReceived; }

protected:
    virtual void abortTransfer() = 0;
    virtual void pauseTransfer() { }
    virtual void resumeTransfer() { }
    void reportConnected();
    void reportStarted(int status, const HeaderList &headers);
    void reportBody(const QByteArray &data);
    void reportFinished();
    void reportFailed(FailurePhase phase, const QString &message);
    void setBytesSent(qint64 n) { m_bytesSent = n; }
    bool hasStarted() const { return m_started; }
    const UpstreamRequest &request() const { return m_request; }
    // Once the request was written: its bytes, headers and address are let go while they are in
    // the cache, not when the call ends (cold with thousands of calls in flight). The
    // timeouts stay.
    void releaseRequestData();

private:
    using Handler = void (UpstreamCall::*)();

    // Marks the call done and cancels its timeouts; false when it already was done (the end of a
    // call is reported once, whichever of abort, finish or failure comes first).
    bool markDone();
    void arm(DeadlineWheel::Handle &timeout, int timeoutMs, Handler handler);
    void disarm(DeadlineWheel::Handle &timeout);
    void handleConnectTimeout();
    void handleFirstByteTimeout();
    void handleIdleTimeout();

    UpstreamRequest m_request;
    Receiver *m_receiver = nullptr;
    QPointer<DeadlineWheel> m_wheel;
    DeadlineWheel::Handle m_connectTimeout = 0;
    DeadlineWheel::Handle m_firstByteTimeout = 0;
    DeadlineWheel::Handle m_idleTimeout = 0; // 0 also while paused
    bool m_started = false;
    bool m_done = false;
    bool m_paused = false;
    qint64 m_bytesSent = 0;
    qint64 m_bytesReceived = 0;
};

// Sends attempts. Implementations: HttpTransport (HTTP/1.1 on our own sockets), SimulatorTransport.
class UpstreamTransport
{
public:
    virtual ~UpstreamTransport() = default;
    // The call starts at once and reports to its receiver.
    virtual std::unique_ptr<UpstreamCall> send(const UpstreamRequest &request) = 0;
};

} // namespace Gateway
