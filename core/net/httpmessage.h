#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

namespace Gateway {

// Header names are kept lowercased; values as received. Several lines of one name are kept apart
// (x-gateway-model-regions joins them, R-REG-6).
using HeaderList = QList<QPair<QByteArray, QByteArray>>;

// A header name as kept: lowercased. The names callers and providers send on every request come
// from a table and allocate nothing.
QByteArray lowercaseHeaderName(QByteArrayView name);

// The entry of `lowerNames` that `name` spells, in any case; nullptr when none. A header kept under
// it shares the list's array: no allocation for the name.
const QByteArray *findHeaderName(const QList<QByteArray> &lowerNames, QByteArrayView name);

// First value of a header (name lowercased), empty when absent. The name is a view: a QByteArray
// made from a literal at each lookup allocated (several per call).
QByteArray headerValue(const HeaderList &headers, QByteArrayView lowerName);
// Every value of a header, in order.
QList<QByteArray> headerValues(const HeaderList &headers, QByteArrayView lowerName);

// One parsed inbound request.
struct HttpRequest
{
    QByteArray method; // "GET", "POST"
    QByteArray path; // without the query
    QByteArray query;
    HeaderList headers;
    QByteArray body;
    int httpMinor = 1;
    bool keepAlive = true;

    QByteArray header(QByteArrayView lowerName) const { return headerValue(headers, lowerName); }
};

// One complete outbound response.
struct HttpResponse
{
    int status = 200;
    HeaderList headers; // Content-Length, Connection and Date are added by the connection
    // More header lines, "name: value\r\n" each, written as they are after `headers`; viewed,
    // not owned: valid until respond() returns.
    QByteArrayView headLines;
    QByteArray body;
    QByteArray contentType = QByteArrayLiteral("application/json");
};

QByteArrayView reasonPhrase(int status); // a literal

} // namespace Gateway
