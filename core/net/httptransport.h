#pragma once

#include "net/proxysettings.h"
#include "net/upstreamconnection.h"
#include "net/upstreamtransport.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QSslConfiguration>
#include <memory>
#include <vector>

namespace Gateway {

// Attempts over HTTP/1.1 on our own sockets (DESIGN.md "The HTTP stack"): a keep-alive pool per
// (scheme, host, port, CA file) — and so per proxy, which follows from the host — with no cap
// per host; each request is written exactly once, so a receipt's attempts are what the upstream
// received. https uses the system CAs plus the connection's CA file, with SNI and host name
// verification; TLS errors fail the attempt. Proxies come from the environment, read once.
class HttpTransport : public QObject, public UpstreamTransport, private UpstreamConnection::Owner
{
    Q_OBJECT
public:
    // wheel: the thread's, times every call's connect, first-byte and stream-idle timeouts; null:
    // the transport's own.
    explicit HttpTransport(const ProxySettings &proxies, DeadlineWheel *wheel = nullptr,
                           QObject *parent = nullptr);
    ~HttpTransport() override;

    std::unique_ptr<UpstreamCall> send(const UpstreamRequest &request) override;

    int openConnectionCount() const { return m_open; }
    int idleConnectionCount() const;

private:
    struct Pool
    {
        std::shared_ptr<const UpstreamTarget> target;
        QString error; // a bad proxy variable or CA file: every attempt fails with it
        QList<UpstreamConnection *> idle; // most recently used last
    };

    Pool &poolFor(const UpstreamRequest &request);
    Pool makePool(const UpstreamRequest &request, int index, const QString &key);
    QString tlsConfiguration(const QString &caFile, QSslConfiguration &out);
    UpstreamConnection *newConnection(const Pool &pool);
    void connectionReleased(UpstreamConnection *connection) override;
    void connectionClosed(UpstreamConnection *connection) override;
    void closeExpiredIdle();

    ProxySettings m_proxies;
    DeadlineWheel *m_wheel;
    QHash<QString, int> m_poolIndex;
    std::vector<Pool> m_pools;
    QHash<QString, QSslConfiguration> m_tls; // by CA file ("" for the system CAs alone)
    Timer m_sweepTimer; // on the wheel's time source, like every wait of the gateway
    int m_open = 0;
};

} // namespace Gateway
