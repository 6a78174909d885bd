#include "simulator/simulatoranswer.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Gateway::Simulated {
namespace {

constexpr int kMaxDepth = 16; // a recursive schema ($ref loops are not followed) ends here

QJsonValue exampleAt(const QJsonObject &schema, int depth);

QString firstType(const QJsonObject &schema)
{
    const QJsonValue type = schema.value(u"type"_s);
    if (type.isString())
        return type.toString();
    // ["string","null"]: the first that is not null.
    for (const QJsonValue &t : type.toArray()) {
        if (t.toString() != u"null"_s)
            return t.toString();
    }
    if (schema.contains(u"properties"_s))
        return u"object"_s;
    if (schema.contains(u"items"_s))
        return u"array"_s;
    return {};
}

QJsonValue stringExample(const QJsonObject &schema)
{
    const QString format = schema.value(u"format"_s).toString();
    QString s = format == u"date-time"_s ? u"2026-01-01T00:00:00Z"_s
        : format == u"date"_s            ? u"2026-01-01"_s
        : format == u"email"_s           ? u"someone@example.com"_s
        : format == u"uri"_s             ? u"https://example.com"_s
        : format == u"uuid"_s            ? u"00000000-0000-4000-8000-000000000000"_s
                                         : u"example"_s;
    const int minLength = schema.value(u"minLength"_s).toInt(0);
    while (s.size() < minLength)
        s += u'x';
    const int maxLength = schema.value(u"maxLength"_s).toInt(-1);
    if (maxLength >= 0 && s.size() > maxLength)
        s.truncate(maxLength);
    return s;
}

QJsonValue numberExample(const QJsonObject &schema, bool integer)
{
    double v = 1;
    if (schema.contains(u"minimum"_s))
        v = qMax(v, schema.value(u"minimum"_s).toDouble());
    if (schema.contains(u"exclusiveMinimum"_s))
        v = qMax(v, schema.value(u"exclusiveMinimum"_s).toDouble() + 1);
    if (schema.contains(u"maximum"_s))
        v = qMin(v, schema.value(u"maximum"_s).toDouble());
    if (schema.contains(u"exclusiveMaximum"_s))
        v = qMin(v, schema.value(u"exclusiveMaximum"_s).toDouble() - (integer ? 1 : 0.5));
    return integer ? QJsonValue(qint64(std::ceil(v))) : QJsonValue(v);
}

QJsonValue exampleAt(const QJsonObject &schema, int depth)
{
    if (depth > kMaxDepth)
        return QJsonValue();
    if (schema.contains(u"const"_s))
        return schema.value(u"const"_s);
    const QJsonArray choices = schema.value(u"enum"_s).toArray();
    if (!choices.isEmpty())
        return choices.first();
    for (const QString &key : { u"anyOf"_s, u"oneOf"_s }) {
        // The first alternative that is not just null.
        const QJsonArray alternatives = schema.value(key).toArray();
        for (const QJsonValue &a : alternatives) {
            if (a.toObject().value(u"type"_s).toString() != u"null"_s)
                return exampleAt(a.toObject(), depth + 1);
        }
        if (!alternatives.isEmpty())
            return QJsonValue();
    }
    const QJsonArray all = schema.value(u"allOf"_s).toArray();
    if (!all.isEmpty()) {
        QJsonObject merged = schema;
        merged.remove(u"allOf"_s);
        QJsonObject properties = merged.value(u"properties"_s).toObject();
        QJsonArray required = merged.value(u"required"_s).toArray();
        for (const QJsonValue &part : all) {
            const QJsonObject p = part.toObject();
            for (auto it = p.begin(); it != p.end(); ++it) {
                if (it.key() == u"properties"_s) {
                    const QJsonObject more = it.value().toObject();
                    for (auto m = more.begin(); m != more.end(); ++m)
                        properties.insert(m.key(), m.value());
                } else if (it.key() == u"required"_s) {
                    for (const QJsonValue &r : it.value().toArray())
                        required.append(r);
                } else {
                    merged.insert(it.key(), it.value());
                }
            }
        }
        merged.insert(u"properties"_s, properties);
        merged.insert(u"required"_s, required);
        return exampleAt(merged, depth + 1);
    }
    const QString type = firstType(schema);
    if (type == u"object"_s) {
        QJsonObject out;
        const QJsonObject properties = schema.value(u"properties"_s).toObject();
        for (auto it = properties.begin(); it != properties.end(); ++it)
            out.insert(it.key(), exampleAt(it.value().toObject(), depth + 1));
        return out;
    }
    if (type == u"array"_s) {
        QJsonArray out;
        const int count = qMax(1, schema.value(u"minItems"_s).toInt(1));
        const QJsonValue items = schema.value(u"items"_s);
        for (int i = 0; i < count; ++i)
            out.append(exampleAt(items.toObject(), depth + 1));
        return out;
    }
    if (type == u"string"_s)
        return stringExample(schema);
    if (type == u"integer"_s || type == u"number"_s)
        return numberExample(schema, type == u"integer"_s);
    if (type == u"boolean"_s)
        return true;
    if (type == u"null"_s)
        return QJsonValue();
    return u"example"_s; // no type: any value is valid
}

QByteArray compact(const QJsonValue &v)
{
    if (v.isObject())
        return QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact);
    if (v.isArray())
        return QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact);
    // A scalar: as the single element of an array, without the brackets.
    const QByteArray inArray = QJsonDocument(QJsonArray { v }).toJson(QJsonDocument::Compact);
    return inArray.mid(1, inArray.size() - 2);
}

// Whether the conversation's last turn carries tool results: the model answers them in text.
bool endsWithToolResult(Api api, const QJsonObject &request)
{
    const QJsonArray messages = request.value(u"messages"_s).toArray();
    if (messages.isEmpty())
        return false;
    const QJsonObject last = messages.last().toObject();
    if (api != Api::Messages)
        return last.value(u"role"_s).toString() == u"tool"_s;
    for (const QJsonValue &block : last.value(u"content"_s).toArray()) {
        if (block.toObject().value(u"type"_s).toString() == u"tool_result"_s)
            return true;
    }
    return false;
}

// The tool to call: the one tool_choice names, else the first; none when tool_choice says none.
std::optional<QJsonObject> toolToCall(Api api, const QJsonObject &request)
{
    const QJsonArray tools = request.value(u"tools"_s).toArray();
    if (tools.isEmpty())
        return std::nullopt;
    const QJsonValue choice = request.value(u"tool_choice"_s);
    const QString choiceType
        = choice.isString() ? choice.toString() : choice.toObject().value(u"type"_s).toString();
    if (choiceType == u"none"_s)
        return std::nullopt;
    const QString named = api == Api::Messages
        ? choice.toObject().value(u"name"_s).toString()
        : choice.toObject().value(u"function"_s).toObject().value(u"name"_s).toString();
    std::optional<QJsonObject> first;
    for (const QJsonValue &t : tools) {
        const QJsonObject tool = t.toObject();
        // Chat: {type: function, function: {name, parameters}}; messages: {name, input_schema}.
        const QJsonObject function
            = api == Api::Messages ? tool : tool.value(u"function"_s).toObject();
        if (function.value(u"name"_s).toString().isEmpty())
            continue; // a server tool (web search): not the simulator's to call
        if (!first)
            first = function;
        if (function.value(u"name"_s).toString() == named)
            return function;
    }
    return first;
}

std::optional<QJsonObject> requestedSchema(Api api, const QJsonObject &request)
{
    const QJsonObject format
        = request.value(api == Api::Messages ? u"output_format"_s : u"response_format"_s)
              .toObject();
    const QString type = format.value(u"type"_s).toString();
    if (type == u"json_object"_s)
        return QJsonObject { { u"type"_s, u"object"_s } };
    if (type != u"json_schema"_s)
        return std::nullopt;
    return api == Api::Messages
        ? format.value(u"schema"_s).toObject()
        : format.value(u"json_schema"_s).toObject().value(u"schema"_s).toObject();
}

QString callId(Api api, const QByteArray &seed)
{
    const QByteArray hash = QCryptographicHash::hash(seed, QCryptographicHash::Sha256).toHex();
    return (api == Api::Messages ? u"toolu_sim"_s : u"call_sim"_s)
        + QString::fromLatin1(hash.left(16));
}

} // namespace

int Answer::outputTokens() const
{
    if (toolCall)
        return qMax(1, int(toolCall->arguments.size() / 4) + 5);
    return int(words.size());
}

Answer answerFor(Api api, const QJsonObject &request, const QStringList &words, bool malformed)
{
    Answer a;
    if (!endsWithToolResult(api, request)) {
        if (const std::optional<QJsonObject> tool = toolToCall(api, request)) {
            const QJsonObject schema
                = tool->value(api == Api::Messages ? u"input_schema"_s : u"parameters"_s)
                      .toObject();
            QJsonValue arguments = exampleOf(schema);
            if (!arguments.isObject())
                arguments = QJsonObject {}; // a tool's input is an object
            const QString name = tool->value(u"name"_s).toString();
            const QByteArray bytes = compact(arguments);
            if (malformed) {
                // As weak models do: the call described in the text, no tool call.
                a.words = { QString::fromUtf8(R"(<tool_call>{"name":")" + name.toUtf8()
                                              + R"(","arguments":)" + bytes + "}</tool_call>") };
                return a;
            }
            a.toolCall = Answer::ToolCall { callId(api, name.toUtf8() + bytes), name, bytes };
            return a;
        }
    }
    if (const std::optional<QJsonObject> schema = requestedSchema(api, request)) {
        a.words
            = { malformed
                    ? QString::fromUtf8(compact(QJsonObject { { u"answer"_s, words.join(u' ') } }))
                    : QString::fromUtf8(compact(exampleOf(*schema))) };
        return a;
    }
    a.words = words;
    return a;
}

QJsonValue exampleOf(const QJsonObject &schema)
{
    return exampleAt(schema, 0);
}

} // namespace Gateway::Simulated
