#include "requestintake.h"

#include "config/keys.h"
#include "routing/aliasresolver.h"
#include "routing/directiveset.h"
#include "routing/requiredfields.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

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

QString bearerKey(const HttpRequest &request)
{
    const QByteArray auth = request.header("authorization").trimmed();
    if (auth.size() > 7 && auth.left(7).toLower() == "bearer ")
        return QString::fromLatin1(auth.mid(7).trimmed());
    return QString::fromLatin1(request.header("x-api-key").trimmed());
}

bool usesVision(const QJsonArray &messages)
{
    for (const QJsonValue &m : messages) {
        for (const QJsonValue &part : m.toObject().value(u"content"_s).toArray()) {
            const QString type = part.toObject().value(u"type"_s).toString();
            if (type == u"image_url"_s || type == u"image"_s || type == u"input_image"_s)
                return true;
        }
    }
    return false;
}

QString webSearchVersion(const QJsonArray &tools)
{
    for (const QJsonValue &t : tools) {
        const QString type = t.toObject().value(u"type"_s).toString();
        if (type.startsWith(u"web_search"_s))
            return type;
    }
    return {};
}

Routing::RequestSummary::ResponseFormat responseFormat(const QJsonObject &body)
{
    using F = Routing::RequestSummary::ResponseFormat;
    const QString type = body.value(u"response_format"_s).toObject().value(u"type"_s).toString();
    if (type == u"json_schema"_s)
        return F::JsonSchema;
    if (type == u"json_object"_s)
        return F::JsonObject;
    if (type == u"text"_s)
        return F::Text;
    return F::None;
}

} // namespace

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
                                               const Domain::Workspace &ws)
{
    const QString secret = bearerKey(request);
    if (secret.isEmpty()) {
        return Util::Error { u"authentication_error"_s,
                             u"No API key: send Authorization: Bearer <key> or x-api-key."_s };
    }
    const Domain::Key *key = ws.keyByHash(Config::hashKey(secret));
    if (!key)
        return Util::Error { u"authentication_error"_s, u"The API key is not valid."_s };
    if (key->revoked)
        return Util::Error { u"authentication_error"_s, u"The API key has been revoked."_s };
    return key;
}

std::variant<CallInput, IntakeError> parseCall(const HttpRequest &request, Endpoint endpoint,
                                               const Domain::Key &key)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(request.body, &error);
    if (error.error != QJsonParseError::NoError) {
        return IntakeError { 400, u"invalid_request"_s,
                             u"The body is not valid JSON: %1 at position %2."_s
                                 .arg(error.errorString())
                                 .arg(error.offset) };
    }
    if (!doc.isObject())
        return IntakeError { 400, u"invalid_request"_s, u"The body must be a JSON object."_s };
    const QJsonObject body = doc.object();
    // Only `model` here: the other required fields depend on the alias's preset defaults, so the
    // router checks them after resolving it (R-DET order of checks).
    if (const auto missing = Routing::checkModelField(body))
        return IntakeError { 400, u"invalid_request"_s, missing->message };
    CallInput in;
    in.endpoint = endpoint;
    in.shape = endpoint == Endpoint::Messages ? ApiShape::Anthropic : ApiShape::OpenAi;
    in.body = body;
    in.bodyBytes = request.body;
    in.requestId = newRequestId();
    Routing::RequestSummary &s = in.summary;
    s.model = body.value(u"model"_s).toString();
    s.endpoint = endpoint;
    s.modality
        = endpoint == Endpoint::Embeddings ? Domain::Modality::Embedding : Domain::Modality::Chat;
    const QJsonArray tools = body.value(u"tools"_s).toArray();
    s.usesTools = !tools.isEmpty();
    s.webSearchToolVersion = webSearchVersion(tools);
    s.responseFormat = responseFormat(body);
    s.vision = usesVision(body.value(u"messages"_s).toArray());
    s.contextTokens = request.body.size() / 4;
    s.maxOutputTokens = body.value(u"max_tokens"_s)
                            .toInteger(body.value(u"max_completion_tokens"_s).toInteger(0));
    for (const QByteArray &line : headerValues(request.headers, "x-gateway-model-regions"))
        s.regionHeaderLines << QString::fromLatin1(line);
    in.regionHeaderRaw = s.regionHeaderLines.join(u", "_s);
    s.stream = endpoint != Endpoint::Embeddings && body.value(u"stream"_s).toBool(false);
    s.keyId = key.id;
    s.projectId = key.project;
    s.body = body;
    return in;
}

QByteArray modelList(const Domain::Workspace &ws, const Domain::Key &key, QDate todayUtc)
{
    const Routing::EffectiveDirectives directives
        = Routing::mergeDirectives(ws, key.project, key.id);
    QJsonArray data;
    auto entry = [](const QString &id, const QString &kind) {
        return QJsonObject { { u"id"_s, id },
                             { u"object"_s, u"model"_s },
                             { u"created"_s, 0 },
                             { u"owned_by"_s, id.section(u'/', 0, 0) },
                             { u"kind"_s, kind } };
    };
    for (const Domain::Model &m : ws.models) {
        if (m.enabled && directives.modelAllowed(m.name))
            data.append(entry(m.name, u"model"_s));
    }
    for (const Domain::Alias &a : ws.aliases) {
        const Util::Result<Routing::AliasResolution> r
            = Routing::resolveAlias(ws, a.name, todayUtc);
        const Domain::Model *target = r ? ws.model(r->model) : nullptr;
        if (target && target->enabled && directives.modelAllowed(target->name))
            data.append(entry(a.name, u"alias"_s));
    }
    return QJsonDocument(QJsonObject { { u"object"_s, u"list"_s }, { u"data"_s, data } })
        .toJson(QJsonDocument::Compact);
}

} // namespace Gateway
