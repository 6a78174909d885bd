#include "gateway/errorshape.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace Gateway {

ApiShape shapeForPath(QByteArrayView path)
{
    return path == "/v1/messages" || path == "/v1/messages/count_tokens" ? ApiShape::Anthropic
                                                                         : ApiShape::OpenAi;
}

QString errorTypeForStatus(int status)
{
    switch (status) {
    case 401:
        return u"authentication_error"_s;
    case 403:
        return u"permission_error"_s;
    case 404:
        return u"not_found_error"_s;
    case 413:
        return u"request_too_large"_s;
    case 429:
        return u"rate_limit_error"_s;
    default:
        break;
    }
    return status >= 500 ? u"api_error"_s : u"invalid_request_error"_s;
}

namespace {

QJsonObject errorObject(ApiShape shape, const QString &type, const QString &code,
                        const QString &message)
{
    if (shape == ApiShape::OpenAi)
        return QJsonObject { { u"message"_s, message }, { u"type"_s, type }, { u"code"_s, code } };
    return QJsonObject { { u"type"_s, type },
                         { u"message"_s, message },
                         { u"details"_s, QJsonObject { { u"error_code"_s, code } } } };
}

QJsonObject wrap(ApiShape shape, const QJsonObject &error)
{
    if (shape == ApiShape::OpenAi)
        return QJsonObject { { u"error"_s, error } };
    return QJsonObject { { u"type"_s, u"error"_s }, { u"error"_s, error } };
}

} // namespace

QByteArray errorBody(ApiShape shape, int status, const QString &code, const QString &message)
{
    const QJsonObject error = errorObject(shape, errorTypeForStatus(status), code, message);
    return QJsonDocument(wrap(shape, error)).toJson(QJsonDocument::Compact);
}

QByteArray passThroughErrorBody(ApiShape shape, int status, const QString &code,
                                const QString &type, const QString &message)
{
    const auto orNull = [](const QString &s) { return s.isEmpty() ? QJsonValue() : QJsonValue(s); };
    QJsonObject error;
    if (shape == ApiShape::OpenAi) {
        error = QJsonObject { { u"message"_s, message },
                              { u"type"_s, orNull(type) },
                              { u"code"_s, orNull(code) } };
    } else {
        error = QJsonObject { { u"type"_s, errorTypeForStatus(status) },
                              { u"message"_s, message },
                              { u"details"_s, QJsonObject { { u"error_code"_s, orNull(code) } } } };
    }
    return QJsonDocument(wrap(shape, error)).toJson(QJsonDocument::Compact);
}

QByteArray streamErrorEvent(ApiShape shape, const QString &code, const QString &message)
{
    const QJsonObject error = errorObject(shape, u"api_error"_s, code, message);
    const QByteArray json = QJsonDocument(wrap(shape, error)).toJson(QJsonDocument::Compact);
    if (shape == ApiShape::OpenAi)
        return "data: " + json + "\n\n";
    return "event: error\ndata: " + json + "\n\n";
}

QString newRequestId()
{
    constexpr quint64 kLow48 = (quint64(1) << 48) - 1;
    thread_local quint64 lastMs = 0;
    thread_local quint64 counter = 0;
    const quint64 nowMs
        = quint64(std::max<qint64>(0, QDateTime::currentMSecsSinceEpoch())) & kLow48;
    if (nowMs > lastMs) {
        lastMs = nowMs;
        // 47 random bits: counting up from them cannot reach the 48th within one millisecond.
        counter = QRandomGenerator::global()->generate64() >> 17;
    } else if (++counter > kLow48) {
        ++lastMs; // 2^47 ids in one millisecond of one thread: not in practice, but still unique
        counter = QRandomGenerator::global()->generate64() >> 17;
    }
    // Written out directly: QString::arg cost more than the rest of the id.
    static constexpr char16_t hex[] = u"0123456789abcdef";
    QString id(4 + 24, Qt::Uninitialized);
    char16_t *out = reinterpret_cast<char16_t *>(id.data());
    for (const char16_t c : { u'r', u'e', u'q', u'_' })
        *out++ = c;
    for (int shift = 44; shift >= 0; shift -= 4)
        *out++ = hex[(lastMs >> shift) & 0xf];
    for (int shift = 44; shift >= 0; shift -= 4)
        *out++ = hex[(counter >> shift) & 0xf];
    return id;
}

HeaderList callHeaders(ApiShape shape, const QByteArray &requestId, int attempts, int room)
{
    // The usual counts as shared constants: the header costs no allocation of its own.
    static const QByteArray kCounts[] = { "0", "1", "2", "3", "4", "5", "6", "7", "8", "9" };
    HeaderList h;
    h.reserve(3 + room);
    h.emplaceBack(QByteArrayLiteral("x-request-id"), requestId);
    if (shape == ApiShape::Anthropic)
        h.emplaceBack(QByteArrayLiteral("request-id"), requestId);
    h.emplaceBack(QByteArrayLiteral("x-gateway-attempts"),
                  attempts >= 0 && attempts < 10 ? kCounts[attempts]
                                                 : QByteArray::number(attempts));
    return h;
}

HttpResponse refusal(ApiShape shape, int status, const QString &code, const QString &message,
                     int retryAfterSeconds)
{
    HttpResponse r;
    r.status = status;
    r.body = errorBody(shape, status, code, message);
    r.headers = callHeaders(shape, newRequestId().toLatin1(), 0, 2);
    if (retryAfterSeconds > 0) {
        r.headers.emplaceBack(QByteArrayLiteral("retry-after"),
                              QByteArray::number(retryAfterSeconds));
        r.headers.emplaceBack(QByteArrayLiteral("x-should-retry"), QByteArrayLiteral("true"));
    } else {
        r.headers.emplaceBack(QByteArrayLiteral("x-should-retry"), QByteArrayLiteral("false"));
    }
    return r;
}

HttpResponse refusalForPath(QByteArrayView path, int status, const QString &code,
                            const QString &message, int retryAfterSeconds)
{
    return refusal(shapeForPath(path), status, code, message, retryAfterSeconds);
}

} // namespace Gateway
