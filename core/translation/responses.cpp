#include "translation/responses.h"

#include "translation/contenttext.h"
#include "translation/fastjson.h"
#include "translation/translation.h"
#include "util/bytes.h"
#include "util/jsonliteral.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

using namespace Qt::StringLiterals;
using Translation::Internal::isSet;
using Translation::Internal::joinedText;

namespace Translation {
namespace {

using Refusal = std::optional<ResponsesRefusal>;

ResponsesRefusal unsupported(const QString &param, const QString &message)
{
    return { u"unsupported_parameter"_s, param, message };
}

ResponsesRefusal invalid(const QString &param, const QString &message)
{
    return { u"invalid_request"_s, param, message };
}

QString indexed(const QString &param, qsizetype i)
{
    return param + u'[' + QString::number(i) + u']';
}

// Fields the Responses API defines that are carried, refused or dropped here; any other field goes
// to the upstream as it came, which judges it as it judges a chat call's.
const QSet<QString> &handledFields()
{
    static const QSet<QString> fields {
        u"model"_s,
        u"input"_s,
        u"instructions"_s,
        u"tools"_s,
        u"tool_choice"_s,
        u"max_output_tokens"_s,
        u"temperature"_s,
        u"top_p"_s,
        u"parallel_tool_calls"_s,
        u"user"_s,
        u"safety_identifier"_s,
        u"reasoning"_s,
        u"text"_s,
        u"stream"_s,
        u"stream_options"_s,
        u"top_logprobs"_s,
        u"previous_response_id"_s,
        u"conversation"_s,
        u"background"_s,
        u"prompt"_s,
        // Dropped: no effect on the answer the caller gets (R-RESP-2: nothing is stored).
        u"store"_s,
        u"metadata"_s,
        u"include"_s,
        u"truncation"_s,
        u"service_tier"_s,
        u"prompt_cache_key"_s,
        u"prompt_cache_retention"_s,
        // Limits calls of built-in tools, which are never carried.
        u"max_tool_calls"_s,
    };
    return fields;
}

// --- R-RESP-2: what a stateless gateway cannot serve; log probabilities -----------------------

Refusal fieldRefused(const QJsonObject &r)
{
    const QString why = u" is not supported: the gateway is stateless and keeps no "_s;
    const QJsonValue previous = r.value(u"previous_response_id"_s);
    if (isSet(previous) && !previous.toString().isEmpty())
        return unsupported(u"previous_response_id"_s,
                           u"previous_response_id"_s + why
                               + u"earlier responses; send the whole conversation in input."_s);
    if (isSet(r.value(u"conversation"_s)))
        return unsupported(u"conversation"_s,
                           u"conversation"_s + why
                               + u"conversations; send the whole conversation in input."_s);
    if (r.value(u"background"_s).toBool())
        return unsupported(u"background"_s,
                           u"background: true"_s + why
                               + u"responses to fetch later; call without background."_s);
    if (isSet(r.value(u"prompt"_s)))
        return unsupported(u"prompt"_s,
                           u"prompt (a stored prompt template)"_s + why
                               + u"prompts; send its text in instructions and input."_s);
    if (r.value(u"top_logprobs"_s).toInt() > 0)
        return unsupported(u"top_logprobs"_s,
                           u"top_logprobs is not supported: the gateway carries no log "
                           u"probabilities."_s);
    return std::nullopt;
}

// --- tools ------------------------------------------------------------------------------------

Refusal toolsToChat(const QJsonValue &tools, QJsonArray &out)
{
    if (!isSet(tools))
        return std::nullopt;
    if (!tools.isArray())
        return invalid(u"tools"_s, u"tools must be an array."_s);
    const QJsonArray list = tools.toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString param = indexed(u"tools"_s, i);
        const QJsonObject tool = list.at(i).toObject();
        if (!list.at(i).isObject())
            return invalid(param, param + u" must be an object."_s);
        const QString type = tool.value(u"type"_s).toString();
        if (type != u"function")
            return unsupported(param + u".type"_s,
                               param + u" is a "_s + type
                                   + u" tool, which the gateway cannot carry: only function tools "
                                     u"are carried (built-in tools run at OpenAI)."_s);
        if (tool.value(u"name"_s).toString().isEmpty())
            return invalid(param + u".name"_s, param + u" is a function tool without a name."_s);
        QJsonObject function;
        for (const QString &key : { u"name"_s, u"description"_s, u"parameters"_s, u"strict"_s }) {
            if (isSet(tool.value(key)))
                function.insert(key, tool.value(key));
        }
        out.append(QJsonObject { { u"type"_s, u"function"_s }, { u"function"_s, function } });
    }
    return std::nullopt;
}

Refusal toolChoiceToChat(const QJsonValue &choice, QJsonValue &out)
{
    const QString mode = choice.toString();
    if (mode == u"auto" || mode == u"none" || mode == u"required") {
        out = mode;
        return std::nullopt;
    }
    const QString type = choice.isObject() ? choice[u"type"_s].toString() : mode;
    if (type == u"function") {
        const QString name = choice[u"name"_s].toString();
        if (name.isEmpty())
            return invalid(u"tool_choice"_s, u"tool_choice names a function without a name."_s);
        out = QJsonObject { { u"type"_s, u"function"_s },
                            { u"function"_s, QJsonObject { { u"name"_s, name } } } };
        return std::nullopt;
    }
    return unsupported(u"tool_choice"_s,
                       u"tool_choice "_s + (type.isEmpty() ? u"of this shape"_s : type)
                           + u" is not supported: only auto, none, required or one named "
                             u"function are carried."_s);
}

// --- text.format and the other settings -------------------------------------------------------

Refusal textToChat(const QJsonValue &text, QJsonObject &out)
{
    const QJsonValue format = text[u"format"_s];
    const QString type = format[u"type"_s].toString();
    if (type == u"json_schema") {
        QJsonObject schema;
        for (const QString &key : { u"name"_s, u"schema"_s, u"strict"_s, u"description"_s }) {
            if (isSet(format[key]))
                schema.insert(key, format[key]);
        }
        out.insert(u"response_format"_s,
                   QJsonObject { { u"type"_s, type }, { u"json_schema"_s, schema } });
    } else if (type == u"json_object") {
        out.insert(u"response_format"_s, QJsonObject { { u"type"_s, type } });
    } else if (isSet(format) && type != u"text") {
        return unsupported(u"text.format"_s,
                           u"text.format of type "_s + type
                               + u" is not supported: only text, json_object and json_schema are "
                                 u"carried."_s);
    }
    // Medium is every model's default.
    const QJsonValue verbosity = text[u"verbosity"_s];
    if (isSet(verbosity) && verbosity.toString() != u"medium")
        out.insert(u"verbosity"_s, verbosity);
    return std::nullopt;
}

void settingsToChat(const QJsonObject &r, QJsonObject &out)
{
    for (const QString &key : { u"temperature"_s, u"top_p"_s, u"parallel_tool_calls"_s }) {
        if (isSet(r.value(key)))
            out.insert(key, r.value(key));
    }
    if (isSet(r.value(u"max_output_tokens"_s)))
        out.insert(u"max_completion_tokens"_s, r.value(u"max_output_tokens"_s));
    const QJsonValue user = r.value(u"user"_s);
    const QJsonValue safety = r.value(u"safety_identifier"_s);
    if (isSet(user))
        out.insert(u"user"_s, user);
    else if (isSet(safety))
        out.insert(u"user"_s, safety);
    const QJsonValue effort = r.value(u"reasoning"_s)[u"effort"_s];
    if (isSet(effort))
        out.insert(u"reasoning_effort"_s, effort);
    if (isSet(r.value(u"stream"_s)))
        out.insert(u"stream"_s, r.value(u"stream"_s));
    // The response.completed event carries the usage, which OpenAI streams only when asked.
    if (r.value(u"stream"_s).toBool())
        out.insert(u"stream_options"_s, QJsonObject { { u"include_usage"_s, true } });
}

// --- input items ------------------------------------------------------------------------------

// A message item's content part as a chat content part: text or image_url.
Refusal partToChat(const QJsonValue &value, const QString &param, QJsonObject &out)
{
    if (!value.isObject())
        return invalid(param, param + u" must be an object."_s);
    const QJsonObject part = value.toObject();
    const QString type = part.value(u"type"_s).toString();
    if (type == u"input_text" || type == u"output_text" || type == u"refusal") {
        const QString key = type == u"refusal" ? u"refusal"_s : u"text"_s;
        out = { { u"type"_s, u"text"_s }, { u"text"_s, part.value(key).toString() } };
        return std::nullopt;
    }
    if (type != u"input_image")
        return unsupported(param + u".type"_s,
                           param + u" is an "_s + type
                               + u" part, which the gateway cannot carry: only input_text, "
                                 u"input_image, output_text and refusal parts are."_s);
    if (isSet(part.value(u"file_id"_s)))
        return unsupported(param + u".file_id"_s,
                           param
                               + u".file_id names an uploaded file, which the gateway (being "
                                 u"stateless) cannot fetch; send the image as image_url."_s);
    const QString url = part.value(u"image_url"_s).toString();
    if (url.isEmpty())
        return invalid(param + u".image_url"_s, param + u" is an input_image without image_url."_s);
    QJsonObject image { { u"url"_s, url } };
    if (isSet(part.value(u"detail"_s)))
        image.insert(u"detail"_s, part.value(u"detail"_s));
    out = { { u"type"_s, u"image_url"_s }, { u"image_url"_s, image } };
    return std::nullopt;
}

// A message item's content as chat content: a string stays a string, parts become chat parts
// (text only but in a user message); an assistant's is its text, as one string.
Refusal contentToChat(const QJsonValue &content, const QString &param, const QString &role,
                      QJsonValue &out)
{
    if (content.isString()) {
        out = content;
        return std::nullopt;
    }
    if (!content.isArray())
        return invalid(param, param + u" must be a string or an array of content parts."_s);
    const QJsonArray parts = content.toArray();
    QJsonArray chatParts;
    for (qsizetype j = 0; j < parts.size(); ++j) {
        const QString partParam = indexed(param, j);
        QJsonObject part;
        if (Refusal refusal = partToChat(parts.at(j), partParam, part))
            return refusal;
        if (role != u"user" && part.value(u"type"_s).toString() != u"text")
            return unsupported(partParam + u".type"_s,
                               partParam + u" is an image: a "_s + role
                                   + u" message is carried as text only."_s);
        chatParts.append(part);
    }
    out = role == u"assistant" ? QJsonValue(joinedText(chatParts, u"")) : QJsonValue(chatParts);
    return std::nullopt;
}

// The chat messages being written: function calls join the assistant message just before them
// (its text, or other calls), as chat completions gives one turn's text and calls together.
class ChatMessages
{
public:
    void add(QJsonObject message, bool assistantTurn = false)
    {
        flush();
        m_pending = std::move(message);
        m_openTurn = assistantTurn;
    }
    void addToolCall(const QJsonObject &call)
    {
        if (!m_openTurn)
            add({ { u"role"_s, u"assistant"_s }, { u"content"_s, QJsonValue() } }, true);
        QJsonArray calls = m_pending.value(u"tool_calls"_s).toArray();
        calls.append(call);
        m_pending.insert(u"tool_calls"_s, calls);
    }
    QJsonArray take()
    {
        flush();
        return std::move(m_messages);
    }

private:
    void flush()
    {
        if (!m_pending.isEmpty())
            m_messages.append(m_pending);
        m_pending = {};
        m_openTurn = false;
    }

    QJsonArray m_messages;
    QJsonObject m_pending;
    bool m_openTurn = false;
};

Refusal messageItem(const QJsonObject &item, const QString &param, ChatMessages &out)
{
    QString role = item.value(u"role"_s).toString();
    if (role != u"user" && role != u"assistant" && role != u"system" && role != u"developer")
        return invalid(param + u".role"_s,
                       param + u".role must be user, assistant, system or developer."_s);
    if (role == u"developer")
        role = u"system"_s;
    QJsonValue content;
    if (Refusal refusal
        = contentToChat(item.value(u"content"_s), param + u".content"_s, role, content))
        return refusal;
    out.add({ { u"role"_s, role }, { u"content"_s, content } }, role == u"assistant");
    return std::nullopt;
}

Refusal functionCallItem(const QJsonObject &item, const QString &param, ChatMessages &out)
{
    for (const QString &key : { u"call_id"_s, u"name"_s }) {
        if (item.value(key).toString().isEmpty())
            return invalid(param + u'.' + key,
                           param + u" is a function_call without "_s + key + u'.');
    }
    const QJsonValue arguments = item.value(u"arguments"_s);
    if (isSet(arguments) && !arguments.isString())
        return invalid(param + u".arguments"_s,
                       param + u".arguments must be a string (the arguments as JSON)."_s);
    const QJsonObject function { { u"name"_s, item.value(u"name"_s) },
                                 { u"arguments"_s, arguments.toString(u"{}"_s) } };
    out.addToolCall({ { u"id"_s, item.value(u"call_id"_s) },
                      { u"type"_s, u"function"_s },
                      { u"function"_s, function } });
    return std::nullopt;
}

// A tool's output: a string, or input_text parts joined (a chat tool message holds text only).
Refusal functionCallOutputItem(const QJsonObject &item, const QString &param, ChatMessages &out)
{
    if (item.value(u"call_id"_s).toString().isEmpty())
        return invalid(param + u".call_id"_s,
                       param + u" is a function_call_output without call_id."_s);
    const QJsonValue output = item.value(u"output"_s);
    QString text = output.toString();
    if (output.isArray()) {
        const QJsonArray parts = output.toArray();
        for (qsizetype j = 0; j < parts.size(); ++j) {
            const QString type = parts.at(j)[u"type"_s].toString();
            if (type != u"input_text" && type != u"output_text")
                return unsupported(indexed(param + u".output"_s, j) + u".type"_s,
                                   indexed(param + u".output"_s, j) + u" is an "_s + type
                                       + u" part: a tool's output is carried as text only."_s);
            text += parts.at(j)[u"text"_s].toString();
        }
    } else if (!output.isString()) {
        return invalid(param + u".output"_s,
                       param + u".output must be a string or an array of input_text parts."_s);
    }
    out.add({ { u"role"_s, u"tool"_s },
              { u"tool_call_id"_s, item.value(u"call_id"_s) },
              { u"content"_s, text } });
    return std::nullopt;
}

Refusal itemToChat(const QJsonValue &value, const QString &param, ChatMessages &out)
{
    if (!value.isObject())
        return invalid(param, param + u" must be an object."_s);
    const QJsonObject item = value.toObject();
    const QJsonValue type = item.value(u"type"_s);
    if (type.toString() == u"message" || (!isSet(type) && item.contains(u"role"_s)))
        return messageItem(item, param, out);
    if (type.toString() == u"function_call")
        return functionCallItem(item, param, out);
    if (type.toString() == u"function_call_output")
        return functionCallOutputItem(item, param, out);
    // Reasoning of earlier turns: a chat upstream takes none (Anthropic ignores it there too).
    if (type.toString() == u"reasoning")
        return std::nullopt;
    if (!isSet(type))
        return invalid(param + u".type"_s, param + u" has neither a type nor a role."_s);
    if (type.toString() == u"item_reference")
        return unsupported(param + u".type"_s,
                           param
                               + u" is an item_reference: the gateway is stateless and keeps no "
                                 u"items to refer to; send the item itself (the AI SDK does "
                                 u"with providerOptions.openai.store = false)."_s);
    return unsupported(param + u".type"_s,
                       param + u" is a "_s + type.toString()
                           + u" item, which the gateway cannot carry: only message, "
                             u"function_call, function_call_output and reasoning items are."_s);
}

// `instructions`, then `input`, as chat messages.
Refusal inputToChat(const QJsonObject &r, QJsonArray &messages)
{
    ChatMessages out;
    const QString instructions = r.value(u"instructions"_s).toString();
    if (!instructions.isEmpty())
        out.add({ { u"role"_s, u"system"_s }, { u"content"_s, instructions } });
    const QJsonValue input = r.value(u"input"_s);
    if (input.isString()) {
        out.add({ { u"role"_s, u"user"_s }, { u"content"_s, input } });
    } else if (input.isArray()) {
        const QJsonArray items = input.toArray();
        for (qsizetype i = 0; i < items.size(); ++i) {
            if (Refusal refusal = itemToChat(items.at(i), indexed(u"input"_s, i), out))
                return refusal;
        }
    } else if (isSet(input)) {
        return invalid(u"input"_s, u"input must be a string or an array of items."_s);
    }
    messages = out.take();
    return std::nullopt;
}

} // namespace

std::variant<QJsonObject, ResponsesRefusal> responsesRequestToChat(const QJsonObject &responses)
{
    if (Refusal refusal = fieldRefused(responses))
        return *refusal;
    QJsonObject out;
    for (auto it = responses.begin(); it != responses.end(); ++it) {
        if (!handledFields().contains(it.key()))
            out.insert(it.key(), it.value());
    }
    out.insert(u"model"_s, responses.value(u"model"_s));

    QJsonArray tools;
    if (Refusal refusal = toolsToChat(responses.value(u"tools"_s), tools))
        return *refusal;
    if (!tools.isEmpty())
        out.insert(u"tools"_s, tools);
    if (isSet(responses.value(u"tool_choice"_s))) {
        QJsonValue choice;
        if (Refusal refusal = toolChoiceToChat(responses.value(u"tool_choice"_s), choice))
            return *refusal;
        out.insert(u"tool_choice"_s, choice);
    }
    if (Refusal refusal = textToChat(responses.value(u"text"_s), out))
        return *refusal;

    QJsonArray messages;
    if (Refusal refusal = inputToChat(responses, messages))
        return *refusal;
    out.insert(u"messages"_s, messages);
    settingsToChat(responses, out);
    return out;
}

} // namespace Translation
