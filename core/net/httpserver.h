#pragma once

#include "net/deadlinewheel.h"
#include "net/httpconnection.h"
#include "util/result.h"

#include <QHostAddress>
#include <QObject>
#include <QSet>

class QTcpServer;

namespace Gateway {

// Accepts callers and hands their requests out with the connection that must answer them.
class HttpServer : public QObject,
                   private HttpConnection::RequestSink,
                   private HttpConnection::Owner
{
    Q_OBJECT
public:
    explicit HttpServer(const ServerLimits &limits, QObject *parent = nullptr);
    // wheel: the thread's, shared with its transports; it must outlive the server.
    HttpServer(const ServerLimits &limits, DeadlineWheel *wheel, QObject *parent = nullptr);
    ~HttpServer() override;

    Util::Status listen(const QHostAddress &address, quint16 port);
    void stopListening(); // stop accepting; open connections stay until answered
    void closeIdleConnections(); // after their answers went out
    void closeAll(); // likewise, busy or not
    bool isListening() const;
    quint16 port() const;
    int connectionCount() const;
    // Requests go straight to handler, which must outlive the server's connections, instead of
    // out through requestReceived() (the gateway's worker: one hop less per call). nullptr: the
    // signal again.
    void setRequestHandler(HttpConnection::RequestSink *handler);
    // Requests keep only these headers (lower-case names; HttpConnection::setKeptHeaders): what the
    // handler reads. Empty: all.
    void setKeptHeaders(const QList<QByteArray> &names);
    // How the connections word their own refusals (HttpConnection::setRefusalWriter).
    void setRefusalWriter(HttpConnection::RefusalWriter writer);

Q_SIGNALS:
    void requestReceived(Gateway::HttpConnection *connection, const Gateway::HttpRequest &request);
    void requestRejected(int status, const QString &reason); // HttpConnection::rejected

private:
    void handleNewConnection(int fd);
    void takeRequest(HttpConnection *connection, const HttpRequest &request) override;
    void connectionRejected(int status, const QString &reason) override;
    void connectionDestroyed(HttpConnection *connection) override;
    HttpConnection::RequestSink *sink() { return m_handler ? m_handler : this; }

    ServerLimits m_limits;
    // Times every connection's idle and request timeouts with one timer (DESIGN.md "Threads"):
    // the thread's when given, else the server's own.
    DeadlineWheel *m_wheel;
    QTcpServer *m_server;
    SendQueue *m_sendQueue;
    // Removed when destroyed, so nothing here walks every connection per accept.
    QSet<HttpConnection *> m_connections;
    HttpConnection::RequestSink *m_handler = nullptr;
    QList<QByteArray> m_keptHeaders;
    HttpConnection::RefusalWriter m_refusalWriter = plainRefusal;
    const QList<QByteArray> *keptHeaders() const
    {
        return m_keptHeaders.isEmpty() ? nullptr : &m_keptHeaders;
    }
};

} // namespace Gateway
