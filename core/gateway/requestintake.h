#pragma once

#include "callexecutor.h"
#include "domain/workspace.h"
#include "errorshape.h"
#include "httpconnection.h"
#include "httpmessage.h"
#include "util/result.h"

#include <QDate>
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
bool hostAllowed(const HttpRequest &request, const QHostAddress &boundAddress);

// Authorization: Bearer <key> or x-api-key: <key>, hashed with Config::hashKey and looked up in the
// snapshot; unknown or revoked → 401 authentication_error.
// memo: the connection's (HttpConnection::credentialMemo), so that a key presented again is not
// hashed again.
Util::Result<const Domain::Key *> authenticate(const HttpRequest &request,
                                               const Domain::Workspace &ws,
                                               HttpConnection::CredentialMemo *memo = nullptr);

// What routing and the attempts read of a call's body (R-DET, R-BILL-1, the planner's needs).
struct BodySummary
{
    QString model; // empty unless a non-empty string
    bool stream = false; // "stream": true
    bool usesTools = false;
    QString webSearchToolVersion;
    Routing::RequestSummary::ResponseFormat responseFormat
        = Routing::RequestSummary::ResponseFormat::None;
    bool vision = false;
    qint64 maxOutputTokens = 0; // max_tokens, else max_completion_tokens, as QJsonValue::toInteger
    Routing::RequiredFields requiredFields;

    bool operator==(const BodySummary &) const = default;
};

// The summary read by simdjson, without building a document (about a tenth of the instructions);
// nullopt when simdjson cannot read the body (invalid, not an object, or something only
// QJsonDocument takes: "1.", a control character in a string, …). simdjson never takes what
// QJsonDocument refuses, and both read the same values (duplicate keys: the last one), which
// fuzz_requestintake checks.
std::optional<BodySummary> summariseBodyFast(const QByteArray &body);
inline constexpr qsizetype kFastBodyBytes = 1024 * 1024; // larger bodies: nullopt
// The same read from a QJsonDocument; bad JSON → 400 invalid_request naming the position.
std::variant<BodySummary, IntakeError> summariseBody(const QByteArray &body);

// Parses the body of a call on `endpoint` into what the router and executor need. Bad JSON → 400
// invalid_request naming the position; a missing `model` → 400 invalid_request (the other required
// fields are the router's, R-DET).
std::variant<CallInput, IntakeError> parseCall(const HttpRequest &request,
                                               Domain::Endpoint endpoint, const Domain::Key &key);

// GET /v1/models: the enabled models and the aliases the key may use, OpenAI list shape.
QByteArray modelList(const Domain::Workspace &ws, const Domain::Key &key, QDate todayUtc);

} // namespace Gateway
