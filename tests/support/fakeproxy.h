#pragma once

#include <QByteArray>
#include <QList>
#include <QObject>

class QTcpServer;
class QTcpSocket;

// An HTTP proxy on 127.0.0.1, port 0, for transport tests: CONNECT opens a tunnel; a request in
// absolute form ("POST http://host:port/path HTTP/1.1") is relayed, as written, to that host. It
// records the first line and the Proxy-Authorization of each connection, then only relays bytes.
class FakeProxy : public QObject
{
    Q_OBJECT
public:
    explicit FakeProxy(QObject *parent = nullptr);
    ~FakeProxy() override;

    bool listen();
    quint16 port() const;
    QString url() const; // "http://127.0.0.1:<port>"

    int connectionCount() const { return int(m_firstLines.size()); }
    QList<QByteArray> firstLines() const { return m_firstLines; }
    QList<QByteArray> authorizations() const { return m_authorizations; }

private:
    struct Tunnel;
    void handleNewConnection();
    void handleClientData(Tunnel *tunnel);
    void openUpstream(Tunnel *tunnel, const QByteArray &authority, bool connectMethod);
    void closeTunnel(Tunnel *tunnel);

    QTcpServer *m_server;
    QList<Tunnel *> m_tunnels;
    QList<QByteArray> m_firstLines;
    QList<QByteArray> m_authorizations;
};
