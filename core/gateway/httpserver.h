#pragma once

#include "httpconnection.h"
#include "util/result.h"

#include <QHostAddress>
#include <QObject>
#include <QPointer>

class QTcpServer;

namespace Gateway {

// Accepts callers and hands their requests out with the connection that must answer them.
class HttpServer : public QObject
{
    Q_OBJECT
public:
    explicit HttpServer(const ServerLimits &limits, QObject *parent = nullptr);
    ~HttpServer() override;

    Util::Status listen(const QHostAddress &address, quint16 port);
    void stopListening(); // stop accepting; open connections stay until answered
    void closeIdleConnections(); // after their answers went out
    void closeAll();            // likewise, busy or not
    void abortAll();
    bool isListening() const;
    QHostAddress address() const;
    quint16 port() const;
    int connectionCount() const;
    int busyConnectionCount() const;

Q_SIGNALS:
    void requestReceived(Gateway::HttpConnection *connection, const Gateway::HttpRequest &request);
    void requestRejected(int status, const QString &reason); // HttpConnection::rejected

private:
    void handleNewConnection();

    ServerLimits m_limits;
    QTcpServer *m_server;
    QList<QPointer<HttpConnection>> m_connections;
};

} // namespace Gateway
