#include "probes/probegrade.h"

#include "probes/jsonschema.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace Probes {
namespace {

QByteArray truncated(const QByteArray &bytes)
{
    if (bytes.size() <= kMaxOutputBytes)
        return bytes;
    qsizetype cut = kMaxOutputBytes;
    while (cut > 0 && (uchar(bytes.at(cut)) & 0xC0) == 0x80) // not inside a UTF-8 sequence
        --cut;
    return bytes.left(cut);
}

ProbeGrade failed(const QString &reason, const QByteArray &output)
{
    return ProbeGrade { false, reason, truncated(output) };
}

// One JSON text as JSON.parse() or json.loads() reads it: any value, surrounded by whitespace only.
std::optional<QJsonValue> parseJsonText(const QByteArray &text)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson('[' + text + ']', &error);
    if (error.error != QJsonParseError::NoError || doc.array().size() != 1)
        return std::nullopt;
    return doc.array().first();
}

QString quoted(const QString &name)
{
    return u"\""_s + name + u"\""_s;
}

// Content that writes the call out instead of making it: JSON, or text naming one of the tools.
bool looksLikeCall(const QString &content, const QStringList &tools)
{
    if (content.contains(u'{'))
        return true;
    return std::any_of(tools.begin(), tools.end(),
                       [&](const QString &t) { return content.contains(t); });
}

ProbeGrade gradeNoToolCall(const ProbeTask &task, const QJsonObject &message)
{
    const QString content = message.value(u"content"_s).toString();
    if (content.trimmed().isEmpty())
        return failed(u"no tool_calls entry and no content"_s, {});
    if (looksLikeCall(content, toolNames(task.request))) {
        return failed(u"no tool_calls entry: the call was written as plain text in content"_s,
                      content.toUtf8());
    }
    return failed(u"no tool_calls entry: the model answered in text"_s, content.toUtf8());
}

// Arguments as a caller receives them: a string of JSON (anything else shown as compact JSON).
QByteArray argumentsText(const QJsonValue &arguments)
{
    if (arguments.isString())
        return arguments.toString().toUtf8();
    const QByteArray inArray
        = QJsonDocument(QJsonArray { arguments }).toJson(QJsonDocument::Compact);
    return inArray.mid(1, inArray.size() - 2);
}

std::optional<QString> argumentsViolation(const QJsonObject &request, const QJsonObject &function)
{
    const QString name = function.value(u"name"_s).toString();
    const QString of = u"the arguments of "_s + name;
    const QJsonValue arguments = function.value(u"arguments"_s);
    if (!arguments.isString())
        return of + u" are not a string of JSON"_s;
    const std::optional<QJsonValue> parsed = parseJsonText(arguments.toString().toUtf8());
    if (!parsed)
        return of + u" are not JSON"_s;
    if (!parsed->isObject())
        return of + u" are not a JSON object"_s;
    if (std::optional<QString> v
        = validate(*parsed, toolParameters(request, name).value_or(QJsonObject {})))
        return of + u" do not match its schema: "_s + *v;
    return std::nullopt;
}

ProbeGrade gradeToolCalls(const ProbeTask &task, const QJsonObject &message)
{
    const QJsonArray calls = message.value(u"tool_calls"_s).toArray();
    if (calls.isEmpty())
        return gradeNoToolCall(task, message);
    QByteArray output;
    QList<QJsonObject> functions;
    for (const QJsonValue &call : calls) {
        const QJsonObject function = call.toObject().value(u"function"_s).toObject();
        output += function.value(u"name"_s).toString().toUtf8() + '('
            + argumentsText(function.value(u"arguments"_s)) + ")\n";
        functions.append(function);
    }
    output.chop(1);
    const QStringList tools = toolNames(task.request);
    QStringList called;
    for (const QJsonObject &function : std::as_const(functions)) {
        const QString name = function.value(u"name"_s).toString();
        if (!tools.contains(name)) {
            return failed(u"the tool call names "_s + quoted(name)
                              + u", which is not one of the request's tools"_s,
                          output);
        }
        called.append(name);
    }
    if (!called.contains(task.expectedTool)) {
        return failed(u"called "_s + quoted(called.first()) + u", not the expected "_s
                          + quoted(task.expectedTool),
                      output);
    }
    for (const QJsonObject &function : std::as_const(functions)) {
        if (std::optional<QString> v = argumentsViolation(task.request, function))
            return failed(*v, output);
    }
    return ProbeGrade { true, {}, truncated(output) };
}

ProbeGrade gradeStructured(const ProbeTask &task, const QJsonObject &message,
                           const QString &finishReason)
{
    const QString content = message.value(u"content"_s).toString();
    const QByteArray output = content.toUtf8();
    if (content.trimmed().isEmpty()) {
        if (!message.value(u"tool_calls"_s).toArray().isEmpty())
            return failed(u"empty content: the model called a tool instead"_s, {});
        return failed(u"empty content"_s, {});
    }
    const std::optional<QJsonValue> value = parseJsonText(output);
    if (!value) {
        if (finishReason == u"length"_s)
            return failed(u"the content is not JSON: cut at max_tokens"_s, output);
        return failed(u"the content is not JSON"_s, output);
    }
    const std::optional<QJsonObject> schema = responseSchema(task.request);
    if (!schema)
        return failed(u"the task sends no json_schema response format"_s, output);
    if (std::optional<QString> v = validate(*value, *schema))
        return failed(u"the content does not match the schema: "_s + *v, output);
    return ProbeGrade { true, {}, truncated(output) };
}

} // namespace

ProbeGrade grade(const ProbeTask &task, const QByteArray &chatCompletionAnswer)
{
    const QJsonDocument doc = QJsonDocument::fromJson(chatCompletionAnswer);
    const QJsonObject choice = doc.object().value(u"choices"_s).toArray().at(0).toObject();
    const QJsonValue message = choice.value(u"message"_s);
    if (!message.isObject())
        return failed(u"not a chat completion"_s, chatCompletionAnswer);
    const QString refusal = message.toObject().value(u"refusal"_s).toString();
    if (!refusal.trimmed().isEmpty())
        return failed(u"the model refused: "_s + refusal.simplified().left(200), refusal.toUtf8());
    if (task.kind == TaskKind::Tools)
        return gradeToolCalls(task, message.toObject());
    return gradeStructured(task, message.toObject(), choice.value(u"finish_reason"_s).toString());
}

} // namespace Probes
