#include "httpserver.h"

#include <QTcpServer>
#include <QTcpSocket>

using namespace Qt::StringLiterals;

namespace Gateway {

HttpServer::HttpServer(const ServerLimits &limits, QObject *parent)
    : QObject(parent), m_limits(limits), m_server(new QTcpServer(this))
{
    m_server->setMaxPendingConnections(1024);
    connect(m_server, &QTcpServer::newConnection, this, &HttpServer::handleNewConnection);
}

HttpServer::~HttpServer() = default;

Util::Status HttpServer::listen(const QHostAddress &address, quint16 port)
{
    if (!m_server->listen(address, port)) {
        return Util::Error{u"gateway.listen"_s,
                           u"Cannot listen on %1:%2: %3"_s.arg(address.toString())
                               .arg(port)
                               .arg(m_server->errorString())};
    }
    return Util::Ok{};
}

void HttpServer::stopListening()
{
    m_server->close();
}

void HttpServer::closeIdleConnections()
{
    for (const QPointer<HttpConnection> &c : std::as_const(m_connections)) {
        if (c && !c->isBusy())
            c->closeGracefully();
    }
}

void HttpServer::closeAll()
{
    const auto connections = m_connections;
    for (const QPointer<HttpConnection> &c : connections) {
        if (c)
            c->closeGracefully();
    }
}

void HttpServer::abortAll()
{
    const auto connections = m_connections;
    for (const QPointer<HttpConnection> &c : connections) {
        if (c)
            c->abort();
    }
}

bool HttpServer::isListening() const
{
    return m_server->isListening();
}

QHostAddress HttpServer::address() const
{
    return m_server->serverAddress();
}

quint16 HttpServer::port() const
{
    return m_server->serverPort();
}

int HttpServer::connectionCount() const
{
    int n = 0;
    for (const QPointer<HttpConnection> &c : m_connections)
        n += c ? 1 : 0;
    return n;
}

int HttpServer::busyConnectionCount() const
{
    int n = 0;
    for (const QPointer<HttpConnection> &c : m_connections)
        n += (c && c->isBusy()) ? 1 : 0;
    return n;
}

void HttpServer::handleNewConnection()
{
    m_connections.removeIf([](const QPointer<HttpConnection> &c) { return c.isNull(); });
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        auto *connection = new HttpConnection(socket, m_limits, this);
        m_connections.append(connection);
        connect(connection, &HttpConnection::requestReceived, this,
                [this, connection](const HttpRequest &request) {
                    Q_EMIT requestReceived(connection, request);
                });
        connect(connection, &HttpConnection::rejected, this, &HttpServer::requestRejected);
    }
}

} // namespace Gateway
