#pragma once

#include "net/httpmessage.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace Gateway {

// Which error shape a route answers in (R-API-2): Anthropic on /v1/messages, OpenAI elsewhere.
enum class ApiShape { OpenAi, Anthropic };

ApiShape shapeForPath(QByteArrayView path);

// error.type for a status (SPEC §2 step 5): 400/422/other 4xx invalid_request_error, 401
// authentication_error, 403 permission_error, 404 not_found_error, 413 request_too_large, 429
// rate_limit_error, 5xx api_error. Used by both shapes so callers see one vocabulary.
QString errorTypeForStatus(int status);

// {"error":{"message","type","code"}} or {"type":"error","error":{"type","message",
// "details":{"error_code"}}}. code is the gateway's code ("no_healthy_route").
QByteArray errorBody(ApiShape shape, int status, const QString &code, const QString &message);

// An upstream 4xx passed through (R-DET): code, type and message as the upstream sent them, an
// empty code or type written as null. On /v1/messages error.type still follows the status and the
// upstream's code is details.error_code.
QByteArray passThroughErrorBody(ApiShape shape, int status, const QString &code,
                                const QString &type, const QString &message);

// The event that ends an interrupted stream (R-STR-1): OpenAI `data: {"error":…}` and Anthropic
// `event: error` with error.type api_error and details.error_code.
QByteArray streamErrorEvent(ApiShape shape, const QString &code, const QString &message);

// "req_" + 24 lower-case hex digits: 12 of the wall clock in milliseconds since 1970, then 12 that
// are random for the first id of a millisecond on this thread and count up from there. So ids sort
// by time and never repeat within a thread; between threads and processes 47 random bits keep them
// apart. Sorted ids matter to the store: the receipt table's unique index on the id takes each new
// one at its end, where random ids dirtied a page of that index anywhere for every receipt
// (bench/README.md, "The receipt writer"). The clock part is for ordering only, not a measurement:
// a clock set back keeps counting from the last id.
QString newRequestId();

// What every answer says of its call (R-RCPT-2): x-request-id (and request-id in Anthropic's
// shape) and x-gateway-attempts (0: no attempt was made). `room`: headers the caller will add.
HeaderList callHeaders(ApiShape shape, const QByteArray &requestId, int attempts, int room = 0);

// A whole refusal in the route's shape: the error body, callHeaders() with a fresh id that no
// receipt has (R-DET: the caller can still quote it) and x-should-retry (with Retry-After when
// retryAfterSeconds > 0: the caller may try again then).
HttpResponse refusal(ApiShape shape, int status, const QString &code, const QString &message,
                     int retryAfterSeconds = 0);
// refusal() in the shape of the route at `path`: the gateway's HttpConnection::RefusalWriter.
HttpResponse refusalForPath(QByteArrayView path, int status, const QString &code,
                            const QString &message, int retryAfterSeconds);

} // namespace Gateway
