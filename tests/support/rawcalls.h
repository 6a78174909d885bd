#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QList>
#include <QObject>
#include <QString>
#include <QTcpSocket>
#include <memory>

// Many chat calls at once, one plain socket each (QNetworkAccessManager would run at most six per
// host at a time): for tests that need calls in flight together, e.g. during a shutdown. Each
// request asks the gateway to close the connection after its answer, so an answer is complete when
// the socket is closed.
class RawCalls
{
public:
    // `fields`: more of the body's fields, e.g. R"(,"max_tokens":1000)".
    RawCalls(const QHostAddress &host, quint16 port, const QString &key, const QString &model,
             int count, const QByteArray &fields = {})
    {
        const QByteArray body = R"({"model":")" + model.toUtf8()
            + R"(","messages":[{"role":"user","content":"hi"}])" + fields + '}';
        const QByteArray name = host.toString().toLatin1();
        const QByteArray hostHeader
            = (host.protocol() == QAbstractSocket::IPv6Protocol ? "[" + name + "]" : name) + ":"
            + QByteArray::number(port);
        const QByteArray request = "POST /v1/chat/completions HTTP/1.1\r\nHost: " + hostHeader
            + "\r\nAuthorization: Bearer " + key.toLatin1()
            + "\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: "
            + QByteArray::number(body.size()) + "\r\n\r\n" + body;
        for (int i = 0; i < count; ++i) {
            auto call = std::make_unique<Call>();
            Call *c = call.get();
            QObject::connect(&c->socket, &QTcpSocket::readyRead, &c->socket,
                             [c] { c->answer += c->socket.readAll(); });
            QObject::connect(&c->socket, &QTcpSocket::disconnected, &c->socket, [c] {
                c->answer += c->socket.readAll();
                c->closed = true;
            });
            QObject::connect(&c->socket, &QTcpSocket::connected, &c->socket,
                             [c, request] { c->socket.write(request); });
            c->socket.connectToHost(host, port);
            m_calls.push_back(std::move(call));
        }
    }

    int closed() const
    {
        int n = 0;
        for (const auto &c : m_calls)
            n += c->closed ? 1 : 0;
        return n;
    }

    // The status of each answer, 0 where none came.
    QList<int> statuses() const
    {
        QList<int> out;
        for (const auto &c : m_calls) {
            const QList<QByteArray> line = c->answer.left(c->answer.indexOf('\r')).split(' ');
            out << (line.size() >= 2 && line.first().startsWith("HTTP/") ? line.at(1).toInt() : 0);
        }
        return out;
    }

    // Each answer as it came: status line, headers and body.
    QList<QByteArray> answers() const
    {
        QList<QByteArray> out;
        for (const auto &c : m_calls)
            out << c->answer;
        return out;
    }

private:
    struct Call
    {
        QTcpSocket socket;
        QByteArray answer;
        bool closed = false;
    };
    std::vector<std::unique_ptr<Call>> m_calls;
};
