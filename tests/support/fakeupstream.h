#pragma once

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QPair>
#include <QString>

class QSslConfiguration;
class QTcpServer;
class QTcpSocket;

// An OpenAI/Anthropic-compatible scripted upstream on 127.0.0.1, port 0 (STYLE.md, Qt's
// MiniHttpServer). Each request takes the next scripted response (or the default one): status,
// headers, body or SSE events with delays, a drop or a stall. It counts requests and records their
// headers and bodies so tests can check what the gateway forwarded.
class FakeUpstream : public QObject
{
    Q_OBJECT
public:
    using Headers = QList<QPair<QByteArray, QByteArray>>;

    struct Event
    {
        QByteArray data; // written as one chunk, verbatim (include the blank line of SSE)
        int delayMs = 0; // after the previous write
    };

    struct Response
    {
        // What happens before the status line; Hold waits for releaseHeld().
        enum class Before { Answer, Drop, Stall, Hold };
        enum class After { End, Drop, Stall }; // after the body / the last event
        int status = 200;
        Headers headers;
        QByteArray body; // used when events is empty (sent with Content-Length)
        QList<Event> events; // a chunked stream, each event after its delay
        int delayMs = 0; // before the status line
        Before before = Before::Answer;
        After after = After::End;
        // The body goes without Content-Length and the connection closes after it (HTTP/1.0
        // style); only for a body without events.
        bool closeDelimited = false;
    };

    struct Received
    {
        QByteArray method;
        QByteArray target; // path and query
        Headers headers; // names lowercased
        QByteArray body;
        QByteArray header(const QByteArray &lowerName) const;
    };

    explicit FakeUpstream(QObject *parent = nullptr);
    ~FakeUpstream() override;

    bool listen();
    // HTTPS with this server certificate and key (QSslServer); baseUrl() then says https.
    bool listenTls(const QSslConfiguration &configuration);
    quint16 port() const;
    QString baseUrl() const; // "http://127.0.0.1:<port>/v1"

    void enqueue(const Response &response);
    void setDefault(const Response &response);
    int requestCount() const { return m_count; }
    // TCP connections accepted so far (after the TLS handshake for HTTPS), and open now.
    int connectionCount() const { return m_connections; }
    int openConnections() const { return int(m_clients.size()); }
    // Closes a kept-alive connection that waited this long for its next request (0: never), as
    // servers with a short keep-alive timeout do.
    void setCloseIdleAfterMs(int ms) { m_closeIdleMs = ms; }
    // Benchmarks turn recording off so that memory stays flat; requests are still counted.
    void setRecording(bool on) { m_recording = on; }
    QList<Received> received() const { return m_received; }
    // Connections the client closed while an answer was still pending or streaming.
    int clientAborts() const { return m_clientAborts; }
    // Requests received whose answer has not ended yet, now and at most so far (concurrency).
    int inFlight() const { return m_inFlight; }
    int maxInFlight() const { return m_maxInFlight; }
    // Bytes written by the script that the client has not taken yet (Qt's write buffers): large
    // when the client stopped reading and TCP flow control pushed back.
    qint64 bytesPending() const;
    // Starts answering every request that waits with Before::Hold (after its delayMs).
    void releaseHeld();

    // Ready-made answers.
    static Response json(int status, const QByteArray &body, const Headers &headers = {});
    static Response openAiChat(const QString &model, const QString &text = QStringLiteral("hello"));
    static Response anthropicMessage(const QString &model,
                                     const QString &text = QStringLiteral("hello"));
    static Response openAiEmbedding(const QString &model);
    // An SSE chat stream of `words` chunks plus the final chunk and [DONE], delayMs apart.
    static Response openAiStream(const QString &model, int words, int delayMs = 0);
    static Response anthropicStream(const QString &model, int words, int delayMs = 0);
    static Response openAiError(int status, const QString &code, const QString &message);

Q_SIGNALS:
    void requestReceived(int count);
    void clientAborted();

private:
    struct Client;
    void handleNewConnection();
    void handleReadyRead(Client *client);
    bool parseOne(Client *client);
    void answer(Client *client, const Response &response);
    void writeNextEvent(Client *client);
    void finishAnswer(Client *client);
    void setAnswering(Client *client, bool on);
    void watchIdle(Client *client);

    QTcpServer *m_server;
    QList<Response> m_queue;
    Response m_default;
    QList<Received> m_received;
    QList<Client *> m_clients;
    int m_clientAborts = 0;
    int m_inFlight = 0;
    int m_maxInFlight = 0;
    int m_count = 0;
    int m_connections = 0;
    int m_closeIdleMs = 0;
    bool m_recording = true;
    bool m_tls = false;
};

Q_DECLARE_METATYPE(FakeUpstream::Response)
