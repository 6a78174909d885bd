#include "gateway/requestintake.h"

#include "config/keys.h"
#include "routing/aliasresolver.h"
#include "routing/requiredfields.h"
#include "translation/responses.h"
#include "translation/translation.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <string_view>

using namespace Qt::StringLiterals;
using Domain::Endpoint;

namespace Gateway {
namespace {

QString hostName(const QByteArray &host)
{
    QString h = QString::fromLatin1(host).trimmed().toLower();
    if (h.startsWith(u'[')) {
        const qsizetype end = h.indexOf(u']');
        return end < 0 ? h : h.mid(1, end - 1);
    }
    const qsizetype colon = h.indexOf(u':');
    return (colon >= 0 && h.count(u':') == 1) ? h.left(colon) : h;
}

bool isLoopbackName(const QString &host)
{
    if (host == u"localhost"_s || host.endsWith(u".localhost"_s))
        return true;
    const QHostAddress address(host);
    return !address.isNull() && address.isLoopback();
}

// The key the caller presented (Authorization: Bearer <key>, else x-api-key), a view into `held`,
// which shares the header's bytes: nothing is copied for a key the connection presented before.
QByteArrayView bearerKey(const HttpRequest &request, QByteArray &held)
{
    held = request.header("authorization");
    const QByteArrayView auth = QByteArrayView(held).trimmed();
    if (auth.size() > 7 && auth.first(7).compare("bearer ", Qt::CaseInsensitive) == 0)
        return auth.sliced(7).trimmed();
    held = request.header("x-api-key");
    return QByteArrayView(held).trimmed();
}

std::string_view viewOf(const QByteArray &bytes)
{
    return { bytes.constData(), size_t(bytes.size()) };
}

BodySummary summaryOf(const QJsonObject &body, Endpoint endpoint)
{
    BodySummary s;
    const QJsonValue model = body.value(u"model"_s);
    if (model.isString())
        s.model = model.toString();
    s.stream = body.value(u"stream"_s).toBool(false);
    const QJsonArray tools = body.value(u"tools"_s).toArray();
    s.usesTools = !tools.isEmpty();
    for (const QJsonValue &t : tools) {
        const QString type = t.toObject().value(u"type"_s).toString();
        if (type.startsWith(u"web_search"_s)) {
            s.webSearchToolVersion = type;
            break;
        }
    }
    s.responseFormat = responseFormatNamed(
        viewOf(body.value(u"response_format"_s).toObject().value(u"type"_s).toString().toUtf8()));
    for (const QJsonValue &m : body.value(u"messages"_s).toArray()) {
        for (const QJsonValue &part : m.toObject().value(u"content"_s).toArray())
            s.vision = s.vision
                || isVisionPartType(viewOf(part.toObject().value(u"type"_s).toString().toUtf8()));
    }
    s.maxOutputTokens = body.value(u"max_tokens"_s)
                            .toInteger(body.value(u"max_completion_tokens"_s).toInteger(0));
    s.requiredFields = Routing::requiredFieldsOf(body);
    if (Domain::bodyEndpoint(endpoint) == Endpoint::ChatCompletions)
        s.notCarried = Translation::fieldNotCarried(Translation::Api::Chat, body);
    else if (endpoint == Endpoint::Messages)
        s.notCarried = Translation::fieldNotCarried(Translation::Api::Messages, body);
    return s;
}

} // namespace

const QList<QByteArray> &callerHeadersRead()
{
    static const QList<QByteArray> names { QByteArrayLiteral("host"),
                                           QByteArrayLiteral("authorization"),
                                           QByteArrayLiteral("x-api-key"),
                                           QByteArrayLiteral("x-gateway-model-regions"),
                                           QByteArrayLiteral("x-gateway-session") };
    return names;
}

bool hostAllowed(const HttpRequest &request, const QHostAddress &boundAddress)
{
    if (!boundAddress.isLoopback())
        return true;
    const QByteArray host = request.header("host");
    // HTTP/1.0 callers may send no Host; they cannot be a rebinding browser.
    if (host.isEmpty())
        return request.httpMinor == 0;
    // What local callers send nearly always, without parsing an address.
    for (const QByteArrayView usual :
         { QByteArrayView("127.0.0.1"), QByteArrayView("localhost") }) {
        if (host.startsWith(usual) && (host.size() == usual.size() || host.at(usual.size()) == ':'))
            return true;
    }
    return isLoopbackName(hostName(host));
}

Util::Result<const Domain::Key *> authenticate(const HttpRequest &request,
                                               const Domain::Workspace &ws,
                                               HttpConnection::CredentialMemo *memo)
{
    QByteArray held;
    const QByteArrayView secret = bearerKey(request, held);
    if (secret.isEmpty()) {
        return Util::Error { u"authentication_error"_s,
                             u"No API key: send Authorization: Bearer <key> or x-api-key."_s };
    }
    HttpConnection::CredentialMemo fresh;
    if (!memo)
        memo = &fresh;
    if (memo->sha256Hex.isEmpty() || memo->presented != secret) {
        memo->presented = secret.toByteArray();
        memo->sha256Hex = Config::hashKey(QString::fromLatin1(secret));
    }
    const Domain::Key *key = ws.keyByHash(memo->sha256Hex);
    if (!key)
        return Util::Error { u"authentication_error"_s, u"The API key is not valid."_s };
    // The same text, now in the workspace's block, which every call reads: the connection's own
    // copy would be read cold at its next call with thousands of connections open.
    // Once shared, nothing to do (no reference count touched per call).
    if (!memo->sha256Hex.isSharedWith(key->sha256Hex))
        memo->sha256Hex = key->sha256Hex;
    if (key->revoked)
        return Util::Error { u"authentication_error"_s, u"The API key has been revoked."_s };
    return key;
}

namespace {

std::variant<QJsonObject, IntakeError> bodyObject(const QByteArray &bytes)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError) {
        return IntakeError { 400, u"invalid_request"_s,
                             u"The body is not valid JSON: %1 at position %2."_s
                                 .arg(error.errorString())
                                 .arg(error.offset) };
    }
    if (!doc.isObject())
        return IntakeError { 400, u"invalid_request"_s, u"The body must be a JSON object."_s };
    return doc.object();
}

// R-RESP-1/2: a Responses body as the chat-completions body that is routed and sent, or why it
// cannot be served by any connection.
std::variant<QJsonObject, IntakeError> responsesAsChat(const QByteArray &bytes)
{
    std::variant<QJsonObject, IntakeError> body = bodyObject(bytes);
    if (std::holds_alternative<IntakeError>(body))
        return body;
    const QJsonObject &responses = std::get<QJsonObject>(body);
    const QJsonValue input = responses.value(u"input"_s);
    if ((input.isString() && input.toString().isEmpty())
        || (input.isArray() && input.toArray().isEmpty()) || input.isUndefined()
        || input.isNull()) {
        return IntakeError { 400, u"invalid_request"_s,
                             u"The request has no input: send \"input\" as a non-empty string or "
                             "array of items."_s };
    }
    std::variant<QJsonObject, Translation::ResponsesRefusal> chat
        = Translation::responsesRequestToChat(responses);
    if (const auto *refusal = std::get_if<Translation::ResponsesRefusal>(&chat))
        return IntakeError { 400, refusal->code, refusal->message };
    return std::get<QJsonObject>(std::move(chat));
}

} // namespace

std::variant<BodySummary, IntakeError> summariseBody(const QByteArray &bytes, Endpoint endpoint)
{
    std::variant<QJsonObject, IntakeError> body = bodyObject(bytes);
    if (IntakeError *error = std::get_if<IntakeError>(&body))
        return std::move(*error);
    return summaryOf(std::get<QJsonObject>(body), endpoint);
}

QByteArray sessionHeader(const HttpRequest &request)
{
    constexpr qsizetype kMaxBytes = 256;
    return request.header("x-gateway-session").left(kMaxBytes);
}

void judgeWithPresetDefaults(CallInput &in, const Domain::Workspace &ws, QDate todayUtc)
{
    if (in.endpoint == Endpoint::Embeddings || !ws.alias(in.summary.model))
        return;
    const Util::Result<Routing::AliasResolution> alias
        = Routing::resolveAlias(ws, in.summary.model, todayUtc);
    if (!alias || alias->presetDefaults.isEmpty())
        return;
    const QJsonObject body = Routing::applyPresetDefaults(
        QJsonDocument::fromJson(in.bodyBytes).object(), alias->presetDefaults, in.endpoint);
    in.summary.notCarried = Translation::fieldNotCarried(
        in.endpoint == Endpoint::Messages ? Translation::Api::Messages : Translation::Api::Chat,
        body);
}

std::variant<CallInput, IntakeError> parseCall(const HttpRequest &request, Endpoint endpoint,
                                               const Domain::Key &key, bool classify)
{
    int modelKeys = -1;
    std::optional<Sessions::Signals> signals;
    std::optional<BodySummary> read;
    QByteArray bodyBytes = request.body;
    if (endpoint == Endpoint::Responses) {
        std::variant<QJsonObject, IntakeError> chat = responsesAsChat(request.body);
        if (IntakeError *error = std::get_if<IntakeError>(&chat))
            return std::move(*error);
        const QJsonObject &chatBody = std::get<QJsonObject>(chat);
        read = summaryOf(chatBody, endpoint);
        if (classify) // on the caller's own body, as it sent it
            signals = Sessions::measure(request.body, Endpoint::Responses);
        bodyBytes = QJsonDocument(chatBody).toJson(QJsonDocument::Compact);
        modelKeys = 1;
    } else {
        read = scanRequest(request.body, &modelKeys, endpoint, classify ? &signals : nullptr);
    }
    if (!read) {
        std::variant<BodySummary, IntakeError> slow = summariseBody(request.body, endpoint);
        if (IntakeError *error = std::get_if<IntakeError>(&slow))
            return std::move(*error);
        read = std::get<BodySummary>(std::move(slow));
    }
    BodySummary &body = *read;
    // Only `model` here: the other required fields depend on the alias's preset defaults, so the
    // router checks them after resolving it (R-DET order of checks).
    if (body.model.isEmpty())
        return IntakeError { 400, u"invalid_request"_s, Routing::missingModelField().message };
    CallInput in;
    if (signals)
        in.signals = std::make_unique<const Sessions::Signals>(*signals);
    in.endpoint = endpoint;
    in.shape = endpoint == Endpoint::Messages ? ApiShape::Anthropic : ApiShape::OpenAi;
    in.bodyBytes = std::move(bodyBytes);
    in.streamField = body.stream;
    in.modelKeys = modelKeys;
    in.requestId = newRequestId();
    in.key = &key;
    Routing::RequestSummary &s = in.summary;
    s.model = std::move(body.model);
    s.endpoint = endpoint;
    s.modality
        = endpoint == Endpoint::Embeddings ? Domain::Modality::Embedding : Domain::Modality::Chat;
    s.usesTools = body.usesTools;
    s.webSearchToolVersion = std::move(body.webSearchToolVersion);
    s.responseFormat = body.responseFormat;
    s.vision = body.vision;
    s.contextTokens = in.bodyBytes.size() / 4;
    s.maxOutputTokens = body.maxOutputTokens;
    for (const QByteArray &line : headerValues(request.headers, "x-gateway-model-regions"))
        s.regionHeaderLines << QString::fromLatin1(line);
    in.regionHeaderRaw = s.regionHeaderLines.join(u", "_s);
    s.stream = endpoint != Endpoint::Embeddings && body.stream;
    s.keyId = key.id;
    s.projectId = key.project;
    s.requiredFields = body.requiredFields;
    s.notCarried = std::move(body.notCarried);
    return in;
}

} // namespace Gateway
