#include "fakeupstream.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSslServer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

using namespace Qt::StringLiterals;

struct FakeUpstream::Client
{
    QTcpSocket *socket = nullptr;
    QByteArray buffer;
    bool answering = false;
    Response response;
    qsizetype nextEvent = 0;
    QTimer *timer = nullptr;
    QTimer *idleTimer = nullptr;
};

QByteArray FakeUpstream::Received::header(const QByteArray &lowerName) const
{
    for (const auto &h : headers) {
        if (h.first == lowerName)
            return h.second;
    }
    return {};
}

FakeUpstream::FakeUpstream(QObject *parent)
    : QObject(parent)
    , m_server(new QTcpServer(this))
{
    m_default = openAiChat(u"fake-model"_s);
    connect(m_server, &QTcpServer::newConnection, this, &FakeUpstream::handleNewConnection);
}

FakeUpstream::~FakeUpstream()
{
    for (Client *c : std::as_const(m_clients))
        delete c;
}

bool FakeUpstream::listen()
{
    return m_server->listen(QHostAddress::LocalHost, 0);
}

bool FakeUpstream::listenTls(const QSslConfiguration &configuration)
{
    auto *server = new QSslServer(this);
    server->setSslConfiguration(configuration);
    delete m_server;
    m_server = server;
    m_tls = true;
    // QSslServer queues a connection once its handshake is done.
    connect(server, &QSslServer::pendingConnectionAvailable, this,
            &FakeUpstream::handleNewConnection);
    return m_server->listen(QHostAddress::LocalHost, 0);
}

quint16 FakeUpstream::port() const
{
    return m_server->serverPort();
}

QString FakeUpstream::baseUrl() const
{
    return (m_tls ? u"https://127.0.0.1:%1/v1"_s : u"http://127.0.0.1:%1/v1"_s).arg(port());
}

void FakeUpstream::enqueue(const Response &response)
{
    m_queue.append(response);
}

void FakeUpstream::setDefault(const Response &response)
{
    m_default = response;
}

qint64 FakeUpstream::bytesPending() const
{
    qint64 n = 0;
    for (const Client *c : m_clients)
        n += c->socket->bytesToWrite();
    return n;
}

void FakeUpstream::releaseHeld()
{
    for (Client *c : std::as_const(m_clients)) {
        if (c->answering && c->nextEvent < 0 && c->response.before == Response::Before::Hold) {
            c->response.before = Response::Before::Answer;
            c->timer->start(c->response.delayMs);
        }
    }
}

void FakeUpstream::setAnswering(Client *client, bool on)
{
    if (client->answering == on)
        return;
    client->answering = on;
    m_inFlight += on ? 1 : -1;
    m_maxInFlight = qMax(m_maxInFlight, m_inFlight);
}

void FakeUpstream::handleNewConnection()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        auto *client = new Client;
        client->socket = socket;
        socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        client->timer = new QTimer(socket);
        client->timer->setSingleShot(true);
        client->idleTimer = new QTimer(socket);
        client->idleTimer->setSingleShot(true);
        ++m_connections;
        m_clients.append(client);
        connect(client->idleTimer, &QTimer::timeout, socket, &QTcpSocket::disconnectFromHost);
        watchIdle(client);
        connect(socket, &QTcpSocket::readyRead, this, [this, client] { handleReadyRead(client); });
        connect(client->timer, &QTimer::timeout, this, [this, client] { writeNextEvent(client); });
        connect(socket, &QTcpSocket::disconnected, this, [this, client] {
            if (client->answering) {
                ++m_clientAborts;
                Q_EMIT clientAborted();
            }
            setAnswering(client, false);
            client->timer->stop();
            m_clients.removeOne(client);
            client->socket->deleteLater();
            delete client;
        });
    }
}

void FakeUpstream::watchIdle(Client *client)
{
    if (m_closeIdleMs > 0 && !client->answering)
        client->idleTimer->start(m_closeIdleMs);
}

void FakeUpstream::handleReadyRead(Client *client)
{
    client->idleTimer->stop();
    client->buffer += client->socket->readAll();
    while (!client->answering && parseOne(client)) { }
}

bool FakeUpstream::parseOne(Client *client)
{
    const qsizetype end = client->buffer.indexOf("\r\n\r\n");
    if (end < 0)
        return false;
    const QList<QByteArray> lines = client->buffer.left(end).split('\n');
    Received r;
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    r.method = requestLine.value(0);
    r.target = requestLine.value(1);
    qsizetype length = 0;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines[i].indexOf(':');
        if (colon < 0)
            continue;
        const QByteArray name = lines[i].left(colon).trimmed().toLower();
        const QByteArray value = lines[i].mid(colon + 1).trimmed();
        r.headers.append({ name, value });
        if (name == "content-length")
            length = value.toLongLong();
    }
    if (client->buffer.size() < end + 4 + length)
        return false;
    r.body = client->buffer.mid(end + 4, length);
    client->buffer.remove(0, end + 4 + length);
    ++m_count;
    if (m_recording)
        m_received.append(r);
    const Response response = m_queue.isEmpty() ? m_default : m_queue.takeFirst();
    Q_EMIT requestReceived(m_count);
    answer(client, response);
    return true;
}

void FakeUpstream::answer(Client *client, const Response &response)
{
    setAnswering(client, true);
    client->response = response;
    client->nextEvent = -1; // -1: the status line is next
    if (response.before == Response::Before::Stall || response.before == Response::Before::Hold)
        return;
    client->timer->start(response.delayMs);
}

void FakeUpstream::writeNextEvent(Client *client)
{
    const Response &r = client->response;
    QTcpSocket *s = client->socket;
    if (client->nextEvent < 0) {
        if (r.before == Response::Before::Drop) {
            setAnswering(client, false);
            s->abort();
            return;
        }
        QByteArray head = "HTTP/1.1 " + QByteArray::number(r.status) + " Scripted\r\n";
        for (const auto &h : r.headers)
            head += h.first + ": " + h.second + "\r\n";
        if (r.events.isEmpty() && r.closeDelimited)
            head += "\r\n" + r.body;
        else if (r.events.isEmpty())
            head += "Content-Length: " + QByteArray::number(r.body.size()) + "\r\n\r\n" + r.body;
        else
            head += "Transfer-Encoding: chunked\r\n\r\n";
        s->write(head);
        client->nextEvent = 0;
        if (r.events.isEmpty())
            return finishAnswer(client);
    } else {
        const QByteArray &data = r.events.at(client->nextEvent).data;
        s->write(QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n");
        ++client->nextEvent;
    }
    if (client->nextEvent < r.events.size())
        return client->timer->start(r.events.at(client->nextEvent).delayMs);
    if (r.after == Response::After::End)
        s->write("0\r\n\r\n"); // a dropped or stalled stream never gets its last chunk
    finishAnswer(client);
}

void FakeUpstream::finishAnswer(Client *client)
{
    const Response::After after = client->response.after;
    if (after == Response::After::Stall)
        return; // stays "answering": the client's idle rule has to end it
    setAnswering(client, false);
    if (after == Response::After::Drop) {
        client->socket->flush();
        client->socket->abort();
        return;
    }
    if (client->response.closeDelimited) {
        client->socket->disconnectFromHost();
        return;
    }
    watchIdle(client);
    if (!client->buffer.isEmpty())
        QTimer::singleShot(0, this, [this, client] {
            if (m_clients.contains(client))
                handleReadyRead(client);
        });
}

FakeUpstream::Response FakeUpstream::json(int status, const QByteArray &body,
                                          const Headers &headers)
{
    Response r;
    r.status = status;
    r.headers = headers;
    r.headers.prepend({ "Content-Type", "application/json" });
    r.body = body;
    return r;
}

FakeUpstream::Response FakeUpstream::openAiChat(const QString &model, const QString &text)
{
    const QJsonObject choice {
        { u"index"_s, 0 },
        { u"message"_s, QJsonObject { { u"role"_s, u"assistant"_s }, { u"content"_s, text } } },
        { u"finish_reason"_s, u"stop"_s }
    };
    const QJsonObject o { { u"id"_s, u"chatcmpl-fake"_s },
                          { u"object"_s, u"chat.completion"_s },
                          { u"model"_s, model },
                          { u"choices"_s, QJsonArray { choice } },
                          { u"usage"_s,
                            QJsonObject { { u"prompt_tokens"_s, 11 },
                                          { u"completion_tokens"_s, 7 },
                                          { u"total_tokens"_s, 18 } } } };
    return json(200, QJsonDocument(o).toJson(QJsonDocument::Compact));
}

FakeUpstream::Response FakeUpstream::anthropicMessage(const QString &model, const QString &text)
{
    const QJsonObject o {
        { u"id"_s, u"msg_fake"_s },
        { u"type"_s, u"message"_s },
        { u"role"_s, u"assistant"_s },
        { u"model"_s, model },
        { u"content"_s,
          QJsonArray { QJsonObject { { u"type"_s, u"text"_s }, { u"text"_s, text } } } },
        { u"stop_reason"_s, u"end_turn"_s },
        { u"usage"_s, QJsonObject { { u"input_tokens"_s, 13 }, { u"output_tokens"_s, 5 } } }
    };
    return json(200, QJsonDocument(o).toJson(QJsonDocument::Compact));
}

FakeUpstream::Response FakeUpstream::openAiEmbedding(const QString &model)
{
    const QJsonObject item { { u"object"_s, u"embedding"_s },
                             { u"index"_s, 0 },
                             { u"embedding"_s, QJsonArray { 0.1, 0.2, 0.3 } } };
    const QJsonObject o { { u"object"_s, u"list"_s },
                          { u"data"_s, QJsonArray { item } },
                          { u"model"_s, model },
                          { u"usage"_s,
                            QJsonObject { { u"prompt_tokens"_s, 3 }, { u"total_tokens"_s, 3 } } } };
    return json(200, QJsonDocument(o).toJson(QJsonDocument::Compact));
}

FakeUpstream::Response FakeUpstream::openAiStream(const QString &model, int words, int delayMs)
{
    Response r;
    r.headers = { { "Content-Type", "text/event-stream" } };
    auto chunk = [&](const QJsonObject &delta, const QJsonValue &finish) -> QByteArray {
        const QJsonObject choice { { u"index"_s, 0 },
                                   { u"delta"_s, delta },
                                   { u"finish_reason"_s, finish } };
        const QJsonObject o { { u"id"_s, u"chatcmpl-fake"_s },
                              { u"object"_s, u"chat.completion.chunk"_s },
                              { u"model"_s, model },
                              { u"choices"_s, QJsonArray { choice } } };
        return "data: " + QJsonDocument(o).toJson(QJsonDocument::Compact) + "\n\n";
    };
    for (int i = 0; i < words; ++i)
        r.events.append(
            { chunk(QJsonObject { { u"content"_s, u"w%1 "_s.arg(i) } }, QJsonValue()), delayMs });
    r.events.append({ chunk(QJsonObject {}, u"stop"_s), delayMs });
    r.events.append({ QByteArrayLiteral("data: [DONE]\n\n"), delayMs });
    return r;
}

FakeUpstream::Response FakeUpstream::anthropicStream(const QString &model, int words, int delayMs)
{
    Response r;
    r.headers = { { "Content-Type", "text/event-stream" } };
    auto ev = [](const QByteArray &name, const QJsonObject &o) -> QByteArray {
        return "event: " + name + "\ndata: " + QJsonDocument(o).toJson(QJsonDocument::Compact)
            + "\n\n";
    };
    const QJsonObject message {
        { u"id"_s, u"msg_fake"_s },
        { u"type"_s, u"message"_s },
        { u"role"_s, u"assistant"_s },
        { u"model"_s, model },
        { u"usage"_s, QJsonObject { { u"input_tokens"_s, 13 }, { u"output_tokens"_s, 1 } } }
    };
    r.events.append(
        { ev("message_start", { { u"type"_s, u"message_start"_s }, { u"message"_s, message } }),
          delayMs });
    for (int i = 0; i < words; ++i) {
        const QJsonObject delta { { u"type"_s, u"text_delta"_s }, { u"text"_s, u"w%1 "_s.arg(i) } };
        r.events.append({ ev("content_block_delta",
                             { { u"type"_s, u"content_block_delta"_s },
                               { u"index"_s, 0 },
                               { u"delta"_s, delta } }),
                          delayMs });
    }
    r.events.append({ ev("message_delta",
                         { { u"type"_s, u"message_delta"_s },
                           { u"usage"_s, QJsonObject { { u"output_tokens"_s, words } } } }),
                      delayMs });
    r.events.append({ ev("message_stop", { { u"type"_s, u"message_stop"_s } }), delayMs });
    return r;
}

FakeUpstream::Response FakeUpstream::openAiError(int status, const QString &code,
                                                 const QString &message)
{
    const QJsonObject o {
        { u"error"_s,
          QJsonObject { { u"message"_s, message }, { u"type"_s, code }, { u"code"_s, code } } }
    };
    return json(status, QJsonDocument(o).toJson(QJsonDocument::Compact));
}
