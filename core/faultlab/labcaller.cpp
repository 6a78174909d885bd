#include "faultlab/labcaller.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QUrl>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace FaultLab {
namespace {

const QList<QByteArray> kHeadersRead { "x-request-id",        "x-gateway-attempts",
                                       "x-gateway-served-by", "x-should-retry",
                                       "retry-after",         "retry-after-ms",
                                       "ib-fallback-model" };

// OpenAI's error.code, else the gateway's code in Anthropic's error.details.error_code.
QString errorCodeOf(const QJsonObject &o)
{
    const QJsonObject error = o.value(u"error"_s).toObject();
    const QString code = error.value(u"code"_s).toString();
    if (!code.isEmpty())
        return code;
    return error.value(u"details"_s).toObject().value(u"error_code"_s).toString();
}

void readEvent(const QByteArray &event, CallerView &seen)
{
    QByteArray name;
    QByteArray data;
    for (const QByteArray &line : event.split('\n')) {
        if (line.startsWith("event:"))
            name = line.mid(6).trimmed();
        else if (line.startsWith("data:"))
            data += line.mid(5).trimmed();
    }
    if (data.isEmpty())
        return; // a comment or a keep-alive
    if (data == "[DONE]") {
        seen.doneSeen = true;
        return;
    }
    const QJsonObject o = QJsonDocument::fromJson(data).object();
    if (name == "error" || o.contains(u"error"_s)) {
        seen.errorEventCode = errorCodeOf(o);
        if (seen.errorEventCode.isEmpty())
            seen.errorEventCode = u"error"_s;
        return;
    }
    if (name == "message_stop")
        seen.doneSeen = true;
    if (seen.model.isEmpty()) {
        seen.model = o.value(u"model"_s).toString();
        if (seen.model.isEmpty())
            seen.model = o.value(u"message"_s).toObject().value(u"model"_s).toString();
    }
    ++seen.events;
}

} // namespace

void readBody(const QByteArray &body, bool stream, CallerView &seen)
{
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (doc.isObject()) {
        // A JSON body: the answer, or a plain HTTP error (also on a streaming request).
        seen.errorCode = errorCodeOf(doc.object());
        seen.model = doc.object().value(u"model"_s).toString();
        return;
    }
    if (!stream)
        return;
    QByteArray text = body;
    text.replace("\r\n", "\n");
    qsizetype from = 0;
    while (from < text.size()) {
        qsizetype end = text.indexOf("\n\n", from);
        if (end < 0)
            end = text.size();
        readEvent(text.mid(from, end - from), seen);
        from = end + 2;
    }
}

LabCaller::LabCaller(QObject *parent)
    : QObject(parent)
    , m_network(new QNetworkAccessManager(this))
{
    m_giveUp.setSingleShot(true);
    connect(&m_giveUp, &QTimer::timeout, this, [this] {
        m_gaveUp = true;
        abort();
    });
}

LabCaller::~LabCaller()
{
    abort();
}

void LabCaller::call(const QString &address, const QString &path, const QString &secret,
                     const QByteArray &body, bool stream, int giveUpMs)
{
    QNetworkRequest request(QUrl(u"http://"_s + address + path));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("authorization", "Bearer " + secret.toUtf8());
    request.setRawHeader("anthropic-version", "2023-06-01");
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute,
                         QNetworkRequest::AlwaysNetwork);
    m_stream = stream;
    m_gaveUp = false;
    m_clock.start();
    m_reply = m_network->post(request, body);
    connect(m_reply, &QNetworkReply::finished, this, &LabCaller::handleFinished);
    m_giveUp.start(giveUpMs);
}

void LabCaller::abort()
{
    if (m_reply)
        m_reply->abort();
}

void LabCaller::handleFinished()
{
    QNetworkReply *reply = m_reply;
    if (!reply)
        return;
    m_giveUp.stop();
    m_reply = nullptr;
    reply->deleteLater();
    CallerView seen;
    seen.stream = m_stream;
    seen.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    for (const QByteArray &name : kHeadersRead) {
        if (reply->hasRawHeader(name))
            seen.headers.append(
                { QString::fromLatin1(name), QString::fromLatin1(reply->rawHeader(name)) });
    }
    std::sort(seen.headers.begin(), seen.headers.end()); // by name, as the JSON export keeps them
    const QByteArray body = reply->readAll();
    readBody(body, m_stream, seen);
    if (m_gaveUp)
        seen.transportError = u"no answer within %1 ms"_s.arg(m_giveUp.interval());
    else if (seen.status == 0)
        seen.transportError = reply->errorString();
    Q_EMIT finished(seen, m_clock.elapsed());
}

} // namespace FaultLab
