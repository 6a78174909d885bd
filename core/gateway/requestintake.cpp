#include "requestintake.h"

#include "config/keys.h"
#include "routing/aliasresolver.h"
#include "routing/directiveset.h"
#include "routing/requiredfields.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <cmath>
#include <simdjson.h>
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

QByteArray bearerKey(const HttpRequest &request)
{
    const QByteArray auth = request.header("authorization").trimmed();
    if (auth.size() > 7 && auth.left(7).toLower() == "bearer ")
        return auth.mid(7).trimmed();
    return request.header("x-api-key").trimmed();
}

bool isVisionPart(QStringView type)
{
    return type == u"image_url"_s || type == u"image"_s || type == u"input_image"_s;
}

using Format = Routing::RequestSummary::ResponseFormat;

Format formatNamed(QStringView type)
{
    if (type == u"json_schema"_s)
        return Format::JsonSchema;
    if (type == u"json_object"_s)
        return Format::JsonObject;
    if (type == u"text"_s)
        return Format::Text;
    return Format::None;
}

// --- the summary from simdjson ---

using Element = simdjson::dom::element;

// The value of `key` in an object, the last one when the key repeats (as QJsonObject keeps it).
std::optional<Element> field(Element object, std::string_view key)
{
    simdjson::dom::object o;
    if (object.get_object().get(o) != simdjson::SUCCESS)
        return std::nullopt;
    std::optional<Element> found;
    for (const simdjson::dom::key_value_pair member : o) {
        if (member.key == key)
            found = member.value;
    }
    return found;
}

std::string_view stringOf(std::optional<Element> v)
{
    std::string_view text;
    if (v && v->get_string().get(text) == simdjson::SUCCESS)
        return text;
    return {};
}

QString qStringOf(std::string_view utf8)
{
    return QString::fromUtf8(utf8.data(), qsizetype(utf8.size()));
}

// A JSON number as a double, as QJsonValue::toDouble() has it.
std::optional<double> numberOf(std::optional<Element> v)
{
    if (!v)
        return std::nullopt;
    if (int64_t i; v->get_int64().get(i) == simdjson::SUCCESS)
        return double(i);
    if (uint64_t u; v->get_uint64().get(u) == simdjson::SUCCESS)
        return double(u);
    if (double d; v->get_double().get(d) == simdjson::SUCCESS)
        return d;
    return std::nullopt;
}

// QJsonValue::toInteger(fallback): an integer that fits in 64 bits, or a number with an integral
// value in [-2^63, 2^63).
qint64 integerOf(std::optional<Element> v, qint64 fallback)
{
    if (int64_t i; v && v->get_int64().get(i) == simdjson::SUCCESS)
        return i;
    const std::optional<double> d = numberOf(v);
    if (!d || *d < -9223372036854775808.0 || *d >= 9223372036854775808.0 || std::trunc(*d) != *d)
        return fallback;
    return qint64(*d);
}

std::optional<simdjson::dom::array> arrayOf(std::optional<Element> v)
{
    simdjson::dom::array a;
    if (v && v->get_array().get(a) == simdjson::SUCCESS)
        return a;
    return std::nullopt;
}

using State = Routing::RequiredFields::State;

State stateOf(std::optional<Element> v, bool valid)
{
    return !v ? State::Absent : valid ? State::Valid : State::Invalid;
}

// --- the summary from QJsonDocument ---

BodySummary summaryOf(const QJsonObject &body)
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
    s.responseFormat
        = formatNamed(body.value(u"response_format"_s).toObject().value(u"type"_s).toString());
    for (const QJsonValue &m : body.value(u"messages"_s).toArray()) {
        for (const QJsonValue &part : m.toObject().value(u"content"_s).toArray())
            s.vision = s.vision || isVisionPart(part.toObject().value(u"type"_s).toString());
    }
    s.maxOutputTokens = body.value(u"max_tokens"_s)
                            .toInteger(body.value(u"max_completion_tokens"_s).toInteger(0));
    s.requiredFields = Routing::requiredFieldsOf(body);
    return s;
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
                                               const Domain::Workspace &ws,
                                               HttpConnection::CredentialMemo *memo)
{
    const QByteArray secret = bearerKey(request);
    if (secret.isEmpty()) {
        return Util::Error { u"authentication_error"_s,
                             u"No API key: send Authorization: Bearer <key> or x-api-key."_s };
    }
    HttpConnection::CredentialMemo fresh;
    if (!memo)
        memo = &fresh;
    if (memo->sha256Hex.isEmpty() || memo->presented != secret) {
        memo->presented = secret;
        memo->sha256Hex = Config::hashKey(QString::fromLatin1(secret));
    }
    const Domain::Key *key = ws.keyByHash(memo->sha256Hex);
    if (!key)
        return Util::Error { u"authentication_error"_s, u"The API key is not valid."_s };
    if (key->revoked)
        return Util::Error { u"authentication_error"_s, u"The API key has been revoked."_s };
    return key;
}

std::optional<BodySummary> summariseBodyFast(const QByteArray &bytes)
{
    // One parser per thread keeps its buffers from one body to the next, sized for bodies up to
    // kFastBodyBytes (about 13 × that in memory); a larger body (images inline, say) is read by
    // QJsonDocument instead of growing the buffers for good.
    thread_local simdjson::dom::parser parser(kFastBodyBytes);
    simdjson::dom::object body;
    if (parser.parse(bytes.constData(), size_t(bytes.size())).get(body) != simdjson::SUCCESS)
        return std::nullopt;
    std::optional<Element> model, stream, tools, responseFormat, messages, maxTokens,
        maxCompletionTokens, input;
    const std::pair<std::string_view, std::optional<Element> *> wanted[] = {
        { "model", &model },
        { "stream", &stream },
        { "tools", &tools },
        { "response_format", &responseFormat },
        { "messages", &messages },
        { "max_tokens", &maxTokens },
        { "max_completion_tokens", &maxCompletionTokens },
        { "input", &input },
    };
    for (const simdjson::dom::key_value_pair member : body) {
        for (const auto &[key, into] : wanted) {
            if (member.key == key)
                *into = member.value; // the last of a repeated key, as QJsonObject keeps
        }
    }
    BodySummary s;
    s.model = qStringOf(stringOf(model));
    bool flag = false;
    s.stream = stream && stream->get_bool().get(flag) == simdjson::SUCCESS && flag;
    const std::optional<simdjson::dom::array> toolList = arrayOf(tools);
    s.usesTools = toolList && toolList->size() > 0;
    if (toolList) {
        for (const Element t : *toolList) {
            const std::string_view type = stringOf(field(t, "type"));
            if (type.starts_with("web_search")) {
                s.webSearchToolVersion = qStringOf(type);
                break;
            }
        }
    }
    if (responseFormat)
        s.responseFormat = formatNamed(qStringOf(stringOf(field(*responseFormat, "type"))));
    const std::optional<simdjson::dom::array> messageList = arrayOf(messages);
    if (messageList) {
        for (const Element m : *messageList) {
            const std::optional<simdjson::dom::array> parts = arrayOf(field(m, "content"));
            if (!parts)
                continue;
            for (const Element part : *parts)
                s.vision = s.vision || isVisionPart(qStringOf(stringOf(field(part, "type"))));
        }
    }
    s.maxOutputTokens = integerOf(maxTokens, integerOf(maxCompletionTokens, 0));
    Routing::RequiredFields &f = s.requiredFields;
    f.messages = stateOf(messages, messageList && messageList->size() > 0);
    const std::optional<double> tokens = numberOf(maxTokens);
    f.maxTokens = stateOf(maxTokens, tokens && *tokens >= 1 && std::floor(*tokens) == *tokens);
    const std::optional<simdjson::dom::array> inputList = arrayOf(input);
    f.input = stateOf(input, !stringOf(input).empty() || (inputList && inputList->size() > 0));
    return s;
}

std::variant<BodySummary, IntakeError> summariseBody(const QByteArray &bytes)
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
    return summaryOf(doc.object());
}

std::variant<CallInput, IntakeError> parseCall(const HttpRequest &request, Endpoint endpoint,
                                               const Domain::Key &key)
{
    std::optional<BodySummary> read = summariseBodyFast(request.body);
    if (!read) {
        std::variant<BodySummary, IntakeError> slow = summariseBody(request.body);
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
    in.endpoint = endpoint;
    in.shape = endpoint == Endpoint::Messages ? ApiShape::Anthropic : ApiShape::OpenAi;
    in.bodyBytes = request.body;
    in.streamField = body.stream;
    in.requestId = newRequestId();
    Routing::RequestSummary &s = in.summary;
    s.model = std::move(body.model);
    s.endpoint = endpoint;
    s.modality
        = endpoint == Endpoint::Embeddings ? Domain::Modality::Embedding : Domain::Modality::Chat;
    s.usesTools = body.usesTools;
    s.webSearchToolVersion = std::move(body.webSearchToolVersion);
    s.responseFormat = body.responseFormat;
    s.vision = body.vision;
    s.contextTokens = request.body.size() / 4;
    s.maxOutputTokens = body.maxOutputTokens;
    for (const QByteArray &line : headerValues(request.headers, "x-gateway-model-regions"))
        s.regionHeaderLines << QString::fromLatin1(line);
    in.regionHeaderRaw = s.regionHeaderLines.join(u", "_s);
    s.stream = endpoint != Endpoint::Embeddings && body.stream;
    s.keyId = key.id;
    s.projectId = key.project;
    s.requiredFields = body.requiredFields;
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
