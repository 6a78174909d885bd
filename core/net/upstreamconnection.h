#pragma once

#include "net/headreader.h"
#include "net/httpmessage.h"
#include "net/proxysettings.h"
#include "net/tcpstream.h"
#include "net/upstreamtransport.h"

#include <QObject>
#include <QSslConfiguration>
#include <QSslError>
#include <memory>
#include <optional>
#include <utility>

class QTcpSocket;
class QSslSocket;
// llhttp stays private to the net library (llhttp_t is this struct).
struct llhttp__internal_s;
struct llhttp_settings_s;

namespace Gateway {

// Where the connections of one keep-alive pool go: an origin, and the proxy that carries them.
struct UpstreamTarget
{
    bool tls = false;
    QString host;
    quint16 port = 0;
    QByteArray hostHeader; // Host and CONNECT authority: host, with the port when not the default
    std::optional<ProxyEndpoint> proxy;
    // https only: the system CAs, plus the connection's CA file if it has one. Optional because
    // constructing one loads the TLS backend (~25 M instructions), which plain http never needs.
    std::optional<QSslConfiguration> tlsConfiguration;
    int pool = -1; // the transport's pool this connection belongs to
    QString key; // that pool's poolKeyOf()
};

// One HTTP/1.1 connection to an upstream: TCP, an optional CONNECT tunnel through a proxy, TLS,
// then one exchange at a time parsed by llhttp; idle in between, watched for the peer closing it.
// A request is written once: whatever happens after that is reported, never retried here.
class UpstreamConnection : public QObject, private TcpStream::Reader
{
    Q_OBJECT
public:
    // The attempt served on this connection. Calls come in order, at most one of finished/failed;
    // after either, the connection no longer refers to the exchange.
    class Exchange
    {
    public:
        virtual void exchangeConnected() = 0; // write the request now
        virtual void exchangeStarted(int status, const HeaderList &headers) = 0;
        virtual void exchangeBody(const QByteArray &data) = 0;
        virtual void exchangeFinished() = 0; // the connection went back to its pool or closed
        virtual void exchangeFailed(FailurePhase phase, const QString &message) = 0;
        // The connection closed or is destroyed without a report (the pool's shutdown): forget
        // it. Plain pointers to the connection rather than QPointer, whose every use reads the
        // target's QObject data.
        virtual void exchangeDropped() = 0;

    protected:
        ~Exchange() = default;
    };

    // The pool that holds the connection hears when it goes back idle and when it closed (the
    // connection then deletes itself). A plain interface rather than signals: a release happens
    // once per call, and a signal's emission reads the sender's and receiver's QObject data, cold
    // with thousands of calls in flight.
    class Owner
    {
    public:
        virtual void connectionReleased(UpstreamConnection *connection) = 0;
        virtual void connectionClosed(UpstreamConnection *connection) = 0;

    protected:
        ~Owner() = default;
    };

    UpstreamConnection(const UpstreamTarget &target, Owner *owner, QObject *parent = nullptr);
    ~UpstreamConnection() override;

    const UpstreamTarget &target() const { return m_target; }
    // A new connection: connect, tunnel, handshake, then exchangeConnected().
    void open(Exchange *exchange);
    // An idle one from the pool: false when it proved dead (closed, or the peer sent something
    // unasked); nothing was written then, so the caller may use another connection.
    bool reuse(Exchange *exchange);
    void sendRequest(const UpstreamRequest &request);
    // The exchange gives up (abort, timeout): the connection closes, its answer cannot be reused.
    void detach();
    void pauseReading();
    void resumeReading();
    qint64 idleSinceMs() const { return m_idleSinceMs; }
    void setIdleSince(qint64 ms) { m_idleSinceMs = ms; }
    void close();

private:
    enum class State { Connecting, Tunneling, Handshaking, Active, Idle, Closed };

    // The parser's callbacks (llhttpSettings); an answer's header lines are in m_head.
    template<typename> friend const llhttp_settings_s *llhttpSettings();
    int onMessageBegin();
    int onVersionComplete();
    int onHeaderLine();
    int onHeadersComplete();
    int onBody(const char *at, size_t len);
    int onMessageComplete();

    void startConnecting();
    void handleConnected();
    void handleEncrypted();
    void handleSslErrors(const QList<QSslError> &errors);
    void handleReadyRead(); // Qt's socket (TLS, a proxy's tunnel) and the stream alike
    void streamReadable() override { handleReadyRead(); }
    void streamClosed() override { handleEof(); }
    void takeOverSocket();
    void handleSocketError();
    void handleEof();
    void handleTunnelReply();
    void becomeReady();
    void processInput();
    // llhttp_execute, paused behind each answer's version so the status code's digits are counted.
    int parse(const char *data, const char *end);
    void countStatusDigits(const char *at, const char *end);
    void flushBody();
    void finishExchange(bool reusable);
    void failExchange(FailurePhase phase, const QString &message);
    FailurePhase phaseNow() const;
    bool peerClosedWhileIdle() const;

    UpstreamTarget m_target;
    Owner *m_owner;
    // Connects (name lookup, proxy); for https it stays the connection's socket.
    QTcpSocket *m_socket = nullptr;
    QSslSocket *m_ssl = nullptr; // m_socket when the target is https
    // Plain HTTP, once connected: the connection is handed from m_socket to this (its buffers go).
    TcpStream *m_stream = nullptr; // owned
    std::unique_ptr<llhttp__internal_s> m_parser;
    Exchange *m_exchange = nullptr;
    State m_state = State::Connecting;
    QByteArray m_tunnelReply; // the proxy's answer to CONNECT
    HeadReader m_head;
    HeaderList m_headers; // reused: the answer's header lines
    QByteArray m_body; // body bytes parsed in this turn, handed over after llhttp returns
    QString m_tlsError;
    qint64 m_idleSinceMs = 0;
    enum class CodeScan : quint8 { Off, Space, Digits };
    CodeScan m_codeScan = CodeScan::Off; // counting the digits of an answer's status code
    bool m_versionRead = false; // the parser paused behind an answer's version
    int m_statusDigits = 0;
    bool m_headRequest = false;
    bool m_informational = false; // a 1xx answer is skipped: the real one follows
    bool m_statusSeen = false;
    bool m_complete = false;
    bool m_keepAlive = false;
    bool m_paused = false;
    bool m_eof = false;
    QString m_inputError; // why input ended, when it was an error (a reset) rather than a close
    bool m_resumeQueued = false;
};

} // namespace Gateway
