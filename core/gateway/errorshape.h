#pragma once

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

// The event that ends an interrupted stream (R-STR-1): OpenAI `data: {"error":…}` and Anthropic
// `event: error` with error.type api_error and details.error_code.
QByteArray streamErrorEvent(ApiShape shape, const QString &code, const QString &message);

} // namespace Gateway
