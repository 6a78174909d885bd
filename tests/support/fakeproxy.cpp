#include "fakeproxy.h"

#include <QTcpServer>
#include <QTcpSocket>
#include <QUrl>

using namespace Qt::StringLiterals;

struct FakeProxy::Tunnel
{
    QTcpSocket *client = nullptr;
    QTcpSocket *upstream = nullptr;
    QByteArray head; // client bytes until the upstream is connected
    bool opened = false;
};

FakeProxy::FakeProxy(QObject *parent)
    : QObject(parent)
    , m_server(new QTcpServer(this))
{
    connect(m_server, &QTcpServer::newConnection, this, &FakeProxy::handleNewConnection);
}

FakeProxy::~FakeProxy()
{
    qDeleteAll(m_tunnels);
}

bool FakeProxy::listen()
{
    return m_server->listen(QHostAddress::LocalHost, 0);
}

quint16 FakeProxy::port() const
{
    return m_server->serverPort();
}

QString FakeProxy::url() const
{
    return u"http://127.0.0.1:%1"_s.arg(port());
}

void FakeProxy::handleNewConnection()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        auto *tunnel = new Tunnel;
        tunnel->client = socket;
        m_tunnels.append(tunnel);
        connect(socket, &QTcpSocket::readyRead, this, [this, tunnel] { handleClientData(tunnel); });
        connect(socket, &QTcpSocket::disconnected, this, [this, tunnel] { closeTunnel(tunnel); });
    }
}

void FakeProxy::handleClientData(Tunnel *tunnel)
{
    const QByteArray data = tunnel->client->readAll();
    if (tunnel->upstream) {
        if (tunnel->opened)
            tunnel->upstream->write(data);
        else
            tunnel->head += data;
        return;
    }
    tunnel->head += data;
    const qsizetype end = tunnel->head.indexOf("\r\n\r\n");
    if (end < 0)
        return;
    const QList<QByteArray> lines = tunnel->head.left(end).split('\n');
    const QByteArray first = lines.value(0).trimmed();
    m_firstLines << first;
    QByteArray authorization;
    for (const QByteArray &line : lines) {
        if (line.toLower().startsWith("proxy-authorization:"))
            authorization = line.mid(line.indexOf(':') + 1).trimmed();
    }
    m_authorizations << authorization;
    const QList<QByteArray> parts = first.split(' ');
    if (parts.value(0) == "CONNECT") {
        tunnel->head.remove(0, end + 4);
        openUpstream(tunnel, parts.value(1), true);
    } else {
        const QUrl target(QString::fromLatin1(parts.value(1)));
        openUpstream(tunnel, target.host().toLatin1() + ':' + QByteArray::number(target.port(80)),
                     false);
    }
}

void FakeProxy::openUpstream(Tunnel *tunnel, const QByteArray &authority, bool connectMethod)
{
    tunnel->upstream = new QTcpSocket(this);
    QTcpSocket *up = tunnel->upstream;
    connect(up, &QTcpSocket::connected, this, [tunnel, connectMethod] {
        if (connectMethod)
            tunnel->client->write("HTTP/1.1 200 Connection established\r\n\r\n");
        tunnel->opened = true;
        tunnel->upstream->write(std::exchange(tunnel->head, {}));
    });
    connect(up, &QTcpSocket::readyRead, this,
            [tunnel] { tunnel->client->write(tunnel->upstream->readAll()); });
    connect(up, &QTcpSocket::disconnected, this,
            [tunnel] { tunnel->client->disconnectFromHost(); });
    connect(up, &QTcpSocket::errorOccurred, this, [tunnel, connectMethod] {
        if (!tunnel->opened && connectMethod)
            tunnel->client->write("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n");
        tunnel->client->disconnectFromHost();
    });
    const qsizetype colon = authority.lastIndexOf(':');
    up->connectToHost(QString::fromLatin1(authority.left(colon)),
                      quint16(authority.mid(colon + 1).toUInt()));
}

void FakeProxy::closeTunnel(Tunnel *tunnel)
{
    if (!m_tunnels.removeOne(tunnel))
        return;
    if (tunnel->upstream) {
        tunnel->upstream->disconnect(this);
        tunnel->upstream->abort();
        tunnel->upstream->deleteLater();
    }
    tunnel->client->deleteLater();
    delete tunnel;
}
