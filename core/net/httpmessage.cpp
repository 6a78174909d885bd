#include "net/httpmessage.h"

#include "util/bytes.h"

namespace Gateway {

QByteArray lowercaseHeaderName(QByteArrayView name)
{
    static const QByteArray usual[] = {
        QByteArrayLiteral("host"),
        QByteArrayLiteral("content-type"),
        QByteArrayLiteral("content-length"),
        QByteArrayLiteral("authorization"),
        QByteArrayLiteral("x-api-key"),
        QByteArrayLiteral("accept"),
        QByteArrayLiteral("accept-encoding"),
        QByteArrayLiteral("user-agent"),
        QByteArrayLiteral("connection"),
        QByteArrayLiteral("transfer-encoding"),
        QByteArrayLiteral("keep-alive"),
        QByteArrayLiteral("date"),
        QByteArrayLiteral("server"),
        QByteArrayLiteral("anthropic-version"),
        QByteArrayLiteral("x-request-id"),
        QByteArrayLiteral("request-id"),
    };
    for (const QByteArray &known : usual) {
        if (Util::equalsAsciiLower(name, known))
            return known;
    }
    return name.toByteArray().toLower();
}

const QByteArray *findHeaderName(const QList<QByteArray> &lowerNames, QByteArrayView name)
{
    for (const QByteArray &lower : lowerNames) {
        if (Util::equalsAsciiLower(name, lower))
            return &lower;
    }
    return nullptr;
}

QByteArray headerValue(const HeaderList &headers, QByteArrayView lowerName)
{
    for (const auto &h : headers) {
        if (h.first == lowerName)
            return h.second;
    }
    return {};
}

QList<QByteArray> headerValues(const HeaderList &headers, QByteArrayView lowerName)
{
    QList<QByteArray> out;
    for (const auto &h : headers) {
        if (h.first == lowerName)
            out << h.second;
    }
    return out;
}

QByteArrayView reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 204:
        return "No Content";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 408:
        return "Request Timeout";
    case 413:
        return "Payload Too Large";
    case 421:
        return "Misdirected Request";
    case 422:
        return "Unprocessable Entity";
    case 429:
        return "Too Many Requests";
    case 431:
        return "Request Header Fields Too Large";
    case 500:
        return "Internal Server Error";
    case 502:
        return "Bad Gateway";
    case 503:
        return "Service Unavailable";
    case 504:
        return "Gateway Timeout";
    case 529:
        return "Overloaded";
    default:
        break;
    }
    return status < 400 ? QByteArrayView("OK") : QByteArrayView("Error");
}

} // namespace Gateway
