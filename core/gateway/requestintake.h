#pragma once

#include "domain/workspace.h"
#include "gateway/callexecutor.h"
#include "gateway/errorshape.h"
#include "gateway/jsonfields.h"
#include "net/httpconnection.h"
#include "net/httpmessage.h"
#include "util/result.h"

#include <QHostAddress>

namespace Gateway {

// A caller error found before routing: status, gateway code and message (R-API-2 shapes it).
struct IntakeError
{
    int status = 400;
    QString code;
    QString message;
};

// R-SEC-4: while bound to loopback, a Host that is not a loopback name is refused (DNS rebinding).
// The caller's headers the gateway reads (Host, the key, the region header): the others are not
// kept in the request (HttpServer::setKeptHeaders; an SDK sends a dozen). A header read anywhere
// must be listed here.
const QList<QByteArray> &callerHeadersRead();

bool hostAllowed(const HttpRequest &request, const QHostAddress &boundAddress);

// Authorization: Bearer <key> or x-api-key: <key>, hashed with Config::hashKey and looked up in the
// snapshot; unknown or revoked → 401 authentication_error.
// memo: the connection's (HttpConnection::credentialMemo), so that a key presented again is not
// hashed again.
Util::Result<const Domain::Key *> authenticate(const HttpRequest &request,
                                               const Domain::Workspace &ws,
                                               HttpConnection::CredentialMemo *memo = nullptr);

// The body read from a QJsonDocument: the reference for scanRequest (jsonfields.h) and its
// fallback; bad JSON → 400 invalid_request naming the position.
std::variant<BodySummary, IntakeError> summariseBody(const QByteArray &body,
                                                     Domain::Endpoint endpoint
                                                     = Domain::Endpoint::ChatCompletions);

// Parses the body of a call on `endpoint` into what the router and executor need. Bad JSON → 400
// invalid_request naming the position; a missing `model` → 400 invalid_request (the other required
// fields are the router's, R-DET).
// classify: the key is in a mixed-model session mode; the body's signals are measured on the
// parse that reads it (CallInput::signals).
std::variant<CallInput, IntakeError> parseCall(const HttpRequest &request,
                                               Domain::Endpoint endpoint, const Domain::Key &key,
                                               bool classify = false);

// The caller's x-gateway-session value (mixed-model sessions), at most 256 bytes: a session's name
// is a key into memory that callers choose. Read only for a key in Suggest mode.
QByteArray sessionHeader(const HttpRequest &request);

// R-XLAT-3 for a call naming an alias with preset defaults: what the other API cannot carry is
// judged on the body as the upstream would get it, the defaults added, not only as the caller
// sent it. `todayUtc`: the alias may run as its replacement from its deprecation date on.
void judgeWithPresetDefaults(CallInput &in, const Domain::Workspace &ws, QDate todayUtc);

} // namespace Gateway
