#include "net/httpserver.h"

#include <QPointer>
#include <QTcpServer>
#include <functional>

using namespace Qt::StringLiterals;

namespace Gateway {
namespace {

// Hands accepted descriptors straight to the server: no QTcpSocket is made (TcpStream).
class Listener : public QTcpServer
{
public:
    Listener(std::function<void(int)> accepted, QObject *parent)
        : QTcpServer(parent)
        , m_accepted(std::move(accepted))
    {
    }

protected:
    void incomingConnection(qintptr fd) override { m_accepted(int(fd)); }

private:
    std::function<void(int)> m_accepted;
};

// Closing emits closed(), whose slots may delete other connections at once.
QList<QPointer<HttpConnection>> guarded(const QSet<HttpConnection *> &connections)
{
    return { connections.cbegin(), connections.cend() };
}

} // namespace

HttpServer::HttpServer(const ServerLimits &limits, QObject *parent)
    : HttpServer(limits, nullptr, parent)
{
}

HttpServer::HttpServer(const ServerLimits &limits, DeadlineWheel *wheel, QObject *parent)
    : QObject(parent)
    , m_limits(limits)
    , m_wheel(wheel ? wheel : new DeadlineWheel(nullptr, DeadlineWheel::kDefaultTickMs, this))
    , m_server(new Listener([this](int fd) { handleNewConnection(fd); }, this))
    , m_sendQueue(new SendQueue(this))
{
    // Qt's default backlog of 50 drops SYNs when hundreds of callers connect at once; each retry
    // then costs them a second.
    m_server->setListenBacklogSize(1024);
}

HttpServer::~HttpServer()
{
    // Before the members go: the connections read the limits, and tell the server they went.
    const QSet<HttpConnection *> connections = std::exchange(m_connections, {});
    for (HttpConnection *c : connections) {
        c->setOwner(nullptr);
        delete c;
    }
}

Util::Status HttpServer::listen(const QHostAddress &address, quint16 port)
{
    if (!m_server->listen(address, port)) {
        return Util::Error { u"gateway.listen"_s,
                             u"Cannot listen on %1:%2: %3"_s.arg(address.toString())
                                 .arg(port)
                                 .arg(m_server->errorString()) };
    }
    return Util::Ok {};
}

void HttpServer::stopListening()
{
    m_server->close();
}

void HttpServer::closeIdleConnections()
{
    for (const QPointer<HttpConnection> &c : guarded(m_connections)) {
        if (c && !c->isBusy())
            c->closeGracefully();
    }
}

void HttpServer::closeAll()
{
    // Answers written in this turn of the loop go to the kernel now, not at the turn's end:
    // closeAll() ends a stop, after which the thread may quit before turning again, and the
    // sockets, deleted with it, would drop what they still held (seen in CI as a caller with no
    // answer whose receipt said 200; tst_httpconnection).
    m_sendQueue->sendAll();
    for (const QPointer<HttpConnection> &c : guarded(m_connections)) {
        if (c)
            c->closeGracefully();
    }
}

bool HttpServer::isListening() const
{
    return m_server->isListening();
}

quint16 HttpServer::port() const
{
    return m_server->serverPort();
}

int HttpServer::connectionCount() const
{
    return int(m_connections.size());
}

void HttpServer::handleNewConnection(int fd)
{
    auto *connection = new HttpConnection(new TcpStream(fd), m_limits, m_wheel, m_sendQueue, this);
    // Over the limit the connection is still accepted, read and answered (a 503 the caller can
    // act on, instead of a SYN left in the backlog), then closed.
    if (m_connections.size() >= m_limits.maxConnections)
        connection->setOverCapacity(m_limits.maxConnections);
    m_connections.insert(connection);
    connection->setOwner(this);
    connection->setRequestSink(sink());
    connection->setKeptHeaders(keptHeaders());
    connection->setRefusalWriter(m_refusalWriter);
}

void HttpServer::connectionRejected(int status, const QString &reason)
{
    Q_EMIT requestRejected(status, reason);
}

void HttpServer::connectionDestroyed(HttpConnection *connection)
{
    m_connections.remove(connection);
}

void HttpServer::setRequestHandler(HttpConnection::RequestSink *handler)
{
    m_handler = handler;
    for (HttpConnection *c : std::as_const(m_connections))
        c->setRequestSink(sink());
}

void HttpServer::setKeptHeaders(const QList<QByteArray> &names)
{
    m_keptHeaders = names;
    for (HttpConnection *c : std::as_const(m_connections))
        c->setKeptHeaders(keptHeaders());
}

void HttpServer::setRefusalWriter(HttpConnection::RefusalWriter writer)
{
    m_refusalWriter = writer;
    for (HttpConnection *c : std::as_const(m_connections))
        c->setRefusalWriter(writer);
}

void HttpServer::takeRequest(HttpConnection *connection, const HttpRequest &request)
{
    Q_EMIT requestReceived(connection, request);
}

} // namespace Gateway
