#pragma once

#include "config/keys.h"
#include "domain/workspace.h"
#include "fakeupstream.h"
#include "gateway/gatewayservice.h"
#include "store/database.h"
#include "store/receiptreader.h"
#include "store/receiptwriter.h"
#include "tempdatabase.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTest>
#include <memory>

// A running gateway on 127.0.0.1:0 with a receipt writer on a fresh database, and helpers to build
// its workspace and call it over real sockets (shared by the gateway test suites).
class GatewayHarness
{
public:
    struct Reply
    {
        int status = 0;
        QByteArray body;
        QList<QPair<QByteArray, QByteArray>> headers; // names lowercased
        QByteArray header(const QByteArray &lowerName) const
        {
            for (const auto &h : headers) {
                if (h.first == lowerName)
                    return h.second;
            }
            return {};
        }
        bool hasHeader(const QByteArray &lowerName) const
        {
            for (const auto &h : headers) {
                if (h.first == lowerName)
                    return true;
            }
            return false;
        }
        QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
        QString requestId() const { return QString::fromLatin1(header("x-request-id")); }
    };

    GatewayHarness()
        : m_writer(std::make_unique<Store::ReceiptWriter>(m_db.path()))
    {
        ws.projects << Domain::Project { QStringLiteral("default"), QStringLiteral("Default"), {} };
        ws.providers << Domain::Provider {
            QStringLiteral("fake"), QStringLiteral("Fake"), false, false, {}
        };
        const Config::NewKey k = Config::makeKey(QStringLiteral("default"), QStringLiteral("test"),
                                                 QDateTime::currentDateTimeUtc());
        ws.keys << k.key;
        key = k.secret;
        options.port = 0;
        // Upstream timeouts are recovery settings (R-REC-9): short ones for models on Default.
        ws.recoveryDefaults.connectTimeoutMs = kTimeoutMs;
        ws.recoveryDefaults.streamStartTimeoutMs = kTimeoutMs;
        ws.recoveryDefaults.streamIdleTimeoutMs = kTimeoutMs;
        options.shutdownGraceMs = 2000;
        options.routingSeed = 42;
        options.simulatorSeed = 7;
    }

    ~GatewayHarness()
    {
        service.reset();
        m_writer->stop();
    }

    static constexpr int kTimeoutMs = 2000; // connect, stream start and stream idle timeouts

    // Small recovery settings so that suites run fast (tens of ms).
    static Domain::Recovery fastRecovery(int attempts = 3, int cooldownMs = 60000,
                                         int deadlineMs = 10000)
    {
        Domain::Recovery r;
        r.overridden = true;
        r.override.attempts = attempts;
        r.override.deadlineMs = deadlineMs;
        r.override.backoffFirstMs = 10;
        r.override.backoffMaxMs = 40;
        r.override.cooldownMs = cooldownMs;
        r.override.connectTimeoutMs = kTimeoutMs;
        r.override.streamStartTimeoutMs = kTimeoutMs;
        r.override.streamIdleTimeoutMs = kTimeoutMs;
        return r;
    }

    // One timeout for every model of the workspace, on Default or Override (R-REC-9).
    void setTimeout(Domain::RecoveryField field, int ms)
    {
        ws.recoveryDefaults.setValue(field, ms);
        for (Domain::Model &m : ws.models)
            m.recovery.override.setValue(field, ms);
    }

    Domain::Connection &addConnection(const QString &name, const QString &baseUrl,
                                      Domain::Dialect kind = Domain::Dialect::OpenAi,
                                      const QString &region = {})
    {
        Domain::Connection c;
        c.name = name;
        c.provider = QStringLiteral("fake");
        c.kind = kind;
        c.baseUrl = baseUrl;
        c.region = region;
        c.credential.kind = Domain::Credential::Kind::Stored;
        c.credential.secret = QStringLiteral("upstream-secret-") + name;
        ws.connections << c;
        return ws.connections.last();
    }

    Domain::Model &addDirect(const QString &name, const QStringList &connections,
                             Domain::Recovery recovery = fastRecovery())
    {
        Domain::Model m;
        m.name = name;
        m.recovery = recovery;
        m.inputPricePerMTok = 1.0;
        m.outputPricePerMTok = 2.0;
        for (const QString &c : connections)
            m.offerings << Domain::Offering { c,    QStringLiteral("up-") + name.section(u'/', 1),
                                              {},   {},
                                              true, {} };
        ws.models << m;
        return ws.models.last();
    }

    Domain::Model &addPool(const QString &name, const QList<Domain::PoolEntry> &deployments,
                           Domain::Recovery recovery = fastRecovery())
    {
        Domain::Model m;
        m.name = name;
        m.route = Domain::RouteKind::Pool;
        m.pool.deployments = deployments;
        m.recovery = recovery;
        ws.models << m;
        return ws.models.last();
    }

    bool start()
    {
        if (!m_writer->start())
            return false;
        service = std::make_unique<Gateway::GatewayService>();
        service->setReceiptWriter(m_writer.get());
        service->setTimeSource(time);
        service->setToday(today);
        QSignalSpy started(service.get(), &Gateway::GatewayService::started);
        service->start(options, std::make_shared<const Domain::Workspace>(ws));
        if (!started.wait(5000))
            return false;
        address = started.at(0).at(0).toString();
        return true;
    }

    QUrl url(const QString &path) const { return QUrl(QStringLiteral("http://") + address + path); }

    Reply send(const QByteArray &method, const QString &path, const QByteArray &body,
               const QList<QPair<QByteArray, QByteArray>> &headers = {}, bool withKey = true)
    {
        QNetworkRequest req(url(path));
        req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        if (withKey)
            req.setRawHeader("Authorization", "Bearer " + key.toLatin1());
        for (const auto &h : headers)
            req.setRawHeader(h.first, h.second);
        QNetworkReply *reply = m_nam.sendCustomRequest(req, method, body);
        QSignalSpy done(reply, &QNetworkReply::finished);
        Reply r;
        if (!reply->isFinished() && !done.wait(20000))
            return r;
        r.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        r.body = reply->readAll();
        for (const auto &p : reply->rawHeaderPairs())
            r.headers.append({ p.first.toLower(), p.second });
        reply->deleteLater();
        return r;
    }

    // Starts a chat call and returns at once; the reply is parented to the harness's manager.
    QNetworkReply *startChat(const QString &model, bool stream = false)
    {
        QNetworkRequest req(url(QStringLiteral("/v1/chat/completions")));
        req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        req.setRawHeader("Authorization", "Bearer " + key.toLatin1());
        return m_nam.post(req,
                          QJsonDocument(chatBody(model, stream)).toJson(QJsonDocument::Compact));
    }

    // One unlabelled value of GET /metrics (-1: not there). The gateway's thread answers after it
    // ran what was posted to it and what was ready on its sockets before the request was sent
    // (timers a SimulatedTime fired, bytes an upstream flushed): a test's way to let it catch up.
    qint64 metric(const QByteArray &name)
    {
        const QByteArray body = send("GET", QStringLiteral("/metrics"), {}).body;
        const qsizetype at = body.indexOf(QByteArray('\n' + name + ' '));
        if (at < 0)
            return -1;
        const qsizetype start = at + name.size() + 2;
        return body.mid(start, body.indexOf('\n', start) - start).toLongLong();
    }

    Reply post(const QString &path, const QJsonObject &body,
               const QList<QPair<QByteArray, QByteArray>> &headers = {}, bool withKey = true)
    {
        return send("POST", path, QJsonDocument(body).toJson(QJsonDocument::Compact), headers,
                    withKey);
    }

    Reply chat(const QString &model, const QList<QPair<QByteArray, QByteArray>> &headers = {},
               bool stream = false)
    {
        return post(QStringLiteral("/v1/chat/completions"), chatBody(model, stream), headers);
    }

    struct Streamed
    {
        Reply reply; // status and headers; body = everything received
        QList<QByteArray> reads; // what each readyRead delivered, in order
    };

    // Reads a streaming answer incrementally; abortAfterReads > 0 hangs up after that many reads.
    Streamed stream(const QString &path, const QJsonObject &body, int abortAfterReads = -1)
    {
        QNetworkRequest req(url(path));
        req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        req.setRawHeader("x-api-key", key.toLatin1());
        QNetworkReply *reply = m_nam.post(req, QJsonDocument(body).toJson(QJsonDocument::Compact));
        Streamed out;
        QObject::connect(reply, &QNetworkReply::readyRead, reply, [&out, reply, abortAfterReads] {
            const QByteArray data = reply->readAll();
            out.reads << data;
            out.reply.body += data;
            if (abortAfterReads > 0 && out.reads.size() >= abortAfterReads)
                reply->abort();
        });
        QSignalSpy done(reply, &QNetworkReply::finished);
        if (!reply->isFinished())
            done.wait(20000);
        out.reply.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        for (const auto &p : reply->rawHeaderPairs())
            out.reply.headers.append({ p.first.toLower(), p.second });
        reply->disconnect();
        reply->deleteLater();
        return out;
    }

    static QJsonObject chatBody(const QString &model, bool stream = false)
    {
        QJsonObject body {
            { QStringLiteral("model"), model },
            { QStringLiteral("messages"),
              QJsonArray { QJsonObject { { QStringLiteral("role"), QStringLiteral("user") },
                                         { QStringLiteral("content"), QStringLiteral("hi") } } } }
        };
        if (stream)
            body[QStringLiteral("stream")] = true;
        return body;
    }

    // Every receipt submitted so far is committed, then read back by its request id.
    std::optional<Domain::Receipt> receipt(const QString &requestId)
    {
        m_writer->flush();
        auto db = Store::Database::open(m_db.path(), Store::Database::Mode::ReadOnly);
        if (!db)
            return std::nullopt;
        return Store::ReceiptReader(**db).receiptByRequestId(requestId);
    }

    qint64 receiptCount()
    {
        m_writer->flush();
        auto db = Store::Database::open(m_db.path(), Store::Database::Mode::ReadOnly);
        return db ? Store::ReceiptReader(**db).count() : -1;
    }

    Store::ReceiptWriter *writer() { return m_writer.get(); }
    QString databasePath() const { return m_db.path(); }

    Domain::Workspace ws;
    QString key;
    Gateway::GatewayOptions options;
    QDate today; // invalid: the real date
    Gateway::TimeSource *time = nullptr; // null: the process's; tests may pass a SimulatedTime
    QString address;
    std::unique_ptr<Gateway::GatewayService> service;

private:
    TempDatabase m_db;
    std::unique_ptr<Store::ReceiptWriter> m_writer;
    QNetworkAccessManager m_nam;
};

// An OpenAI chat stream as asked with stream_options.include_usage, from up-gpt: `words` content
// chunks, the finish chunk, the usage chunk (11 in, `words` out), [DONE].
inline FakeUpstream::Response fullOpenAiStream(int words, int delayMs = 0)
{
    FakeUpstream::Response r = FakeUpstream::openAiStream(QStringLiteral("up-gpt"), words, delayMs);
    const QJsonObject usage { { QStringLiteral("id"), QStringLiteral("chatcmpl-fake") },
                              { QStringLiteral("object"), QStringLiteral("chat.completion.chunk") },
                              { QStringLiteral("model"), QStringLiteral("up-gpt") },
                              { QStringLiteral("choices"), QJsonArray {} },
                              { QStringLiteral("usage"),
                                QJsonObject { { QStringLiteral("prompt_tokens"), 11 },
                                              { QStringLiteral("completion_tokens"), words },
                                              { QStringLiteral("total_tokens"), 11 + words } } } };
    r.events.insert(
        r.events.size() - 1,
        { "data: " + QJsonDocument(usage).toJson(QJsonDocument::Compact) + "\n\n", delayMs });
    return r;
}

// The value of the metric line `name{labels} value` of GET /metrics, -1 when it is not there.
inline qint64 labelledMetric(GatewayHarness &h, const QByteArray &nameAndLabels)
{
    const QByteArray body = h.send("GET", QStringLiteral("/metrics"), {}).body;
    for (const QByteArray &line : body.split('\n')) {
        if (line.startsWith(QByteArray(nameAndLabels + ' ')))
            return line.mid(nameAndLabels.size() + 1).toLongLong();
    }
    return -1;
}
