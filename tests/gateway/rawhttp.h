#pragma once

#include <QHostAddress>
#include <QSignalSpy>
#include <QTcpSocket>

// Speaks HTTP by hand, for what a client library would not send (huge headers, bad Host, broken
// syntax, pipelining). Returns everything the server sent until it closed or timeoutMs passed.
inline QByteArray rawExchange(quint16 port, const QByteArray &request, int timeoutMs = 5000)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(timeoutMs))
        return {};
    socket.write(request);
    QByteArray got;
    QSignalSpy closed(&socket, &QTcpSocket::disconnected);
    QObject::connect(&socket, &QTcpSocket::readyRead, &socket, [&] { got += socket.readAll(); });
    if (socket.state() == QAbstractSocket::ConnectedState)
        closed.wait(timeoutMs);
    got += socket.readAll();
    return got;
}

inline quint16 portOf(const QString &address)
{
    return quint16(address.section(u':', -1).toUInt());
}
