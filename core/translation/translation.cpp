#include "translation/translation.h"

#include "translation/contenttext.h"
#include "translation/fastjson.h"
#include "util/jsonliteral.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;
using Translation::Internal::isSet;
using Translation::Internal::joinedText;
using Translation::Internal::toolArguments;
using Translation::Internal::toolInput;

namespace Translation {
namespace {

// --- R-XLAT-3: what the other API cannot carry ------------------------------------------------

// A content part of a chat message that has no messages counterpart: its type ("messages" for a
// part without one, which cannot be carried either).
QString chatPartNotCarried(const QJsonArray &chatMessages)
{
    for (const QJsonValue &m : chatMessages) {
        for (const QJsonValue &p : m[u"content"_s].toArray()) {
            const QString type = p[u"type"_s].toString();
            if (type != u"text" && type != u"image_url" && type != u"refusal")
                return type.isEmpty() ? u"messages"_s : type;
        }
    }
    return {};
}

QString chatFieldNotCarried(const QJsonObject &r)
{
    if (r.value(u"n"_s).toInt(1) > 1)
        return u"n"_s;
    if (r.value(u"logprobs"_s).toBool())
        return u"logprobs"_s;
    if (r.value(u"top_logprobs"_s).toInt() > 0)
        return u"top_logprobs"_s;
    if (!r.value(u"logit_bias"_s).toObject().isEmpty())
        return u"logit_bias"_s;
    const QString format = r.value(u"response_format"_s)[u"type"_s].toString();
    if (format == u"json_schema" || format == u"json_object")
        return u"response_format"_s;
    for (const QString &penalty : { u"frequency_penalty"_s, u"presence_penalty"_s }) {
        if (r.value(penalty).toDouble() != 0)
            return penalty;
    }
    if (isSet(r.value(u"audio"_s)))
        return u"audio"_s;
    for (const QJsonValue &modality : r.value(u"modalities"_s).toArray()) {
        if (modality.toString() != u"text")
            return u"modalities"_s;
    }
    // Legacy function calling and the built-in web search change what the model answers.
    if (!r.value(u"functions"_s).toArray().isEmpty())
        return u"functions"_s;
    if (isSet(r.value(u"web_search_options"_s)))
        return u"web_search_options"_s;
    // The counterpart of Anthropic's thinking, which is refused the other way too.
    if (isSet(r.value(u"reasoning_effort"_s)))
        return u"reasoning_effort"_s;
    for (const QJsonValue &tool : r.value(u"tools"_s).toArray()) {
        if (tool[u"type"_s].toString(u"function"_s) != u"function")
            return u"tools"_s;
    }
    // A choice among the tools other than one named function ("allowed_tools", "custom").
    const QJsonValue choice = r.value(u"tool_choice"_s);
    if (choice.isObject() && choice[u"type"_s].toString() != u"function")
        return u"tool_choice"_s;
    return chatPartNotCarried(r.value(u"messages"_s).toArray());
}

// A block of a messages request that has no chat counterpart: its type. Thinking blocks of
// earlier turns are dropped (Anthropic itself ignores them in earlier turns).
QString messagesBlockNotCarried(const QJsonArray &messages)
{
    for (const QJsonValue &m : messages) {
        for (const QJsonValue &b : m[u"content"_s].toArray()) {
            const QString type = b[u"type"_s].toString();
            if (type == u"text" || type == u"tool_use" || type == u"thinking"
                || type == u"redacted_thinking")
                continue;
            if (type == u"image") {
                const QString source = b[u"source"_s][u"type"_s].toString();
                if (source != u"base64" && source != u"url")
                    return type;
            } else if (type == u"tool_result") {
                // A chat tool message holds text only.
                for (const QJsonValue &part : b[u"content"_s].toArray()) {
                    if (part[u"type"_s].toString() != u"text")
                        return type;
                }
            } else {
                return type.isEmpty() ? u"messages"_s : type; // a block without a type
            }
        }
    }
    return {};
}

QString messagesFieldNotCarried(const QJsonObject &r)
{
    if (isSet(r.value(u"top_k"_s)))
        return u"top_k"_s;
    const QJsonValue thinking = r.value(u"thinking"_s);
    if (isSet(thinking) && thinking[u"type"_s].toString() != u"disabled")
        return u"thinking"_s;
    // Server tools (web search, code execution, ...) run at Anthropic; a client tool has no
    // type or "custom".
    for (const QJsonValue &tool : r.value(u"tools"_s).toArray()) {
        if (tool[u"type"_s].toString(u"custom"_s) != u"custom")
            return u"tools"_s;
    }
    if (!r.value(u"mcp_servers"_s).toArray().isEmpty())
        return u"mcp_servers"_s;
    return messagesBlockNotCarried(r.value(u"messages"_s).toArray());
}

// --- answers ----------------------------------------------------------------------------------

std::optional<QJsonObject> answerObject(const QByteArray &answer)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(answer, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return std::nullopt;
    return doc.object();
}

QString finishReason(const QString &stopReason)
{
    if (stopReason == u"max_tokens")
        return u"length"_s;
    if (stopReason == u"tool_use")
        return u"tool_calls"_s;
    if (stopReason == u"refusal")
        return u"content_filter"_s;
    return u"stop"_s; // end_turn, stop_sequence, pause_turn and anything new
}

QString stopReason(const QString &finishReason)
{
    if (finishReason == u"length")
        return u"max_tokens"_s;
    if (finishReason == u"tool_calls" || finishReason == u"function_call")
        return u"tool_use"_s;
    if (finishReason == u"content_filter")
        return u"refusal"_s;
    return u"end_turn"_s;
}

// The answer's id in the caller's API, as the stream translators write it: msg_X <-> chatcmpl-X.
QString answerId(const QJsonValue &id, QStringView fromPrefix, const QString &toPrefix)
{
    const QString s = id.toString();
    return toPrefix + (s.startsWith(fromPrefix) ? QStringView(s).sliced(fromPrefix.size()) : s);
}

} // namespace

QString fieldNotCarried(Api from, const QJsonObject &request)
{
    return from == Api::Chat ? chatFieldNotCarried(request) : messagesFieldNotCarried(request);
}

namespace {

std::optional<QByteArray> messagesAnswerToChatQt(const QByteArray &answer, const QString &model,
                                                 qint64 created, Domain::Usage &usage)
{
    const std::optional<QJsonObject> a = answerObject(answer);
    if (!a || a->value(u"type"_s).toString() != u"message")
        return std::nullopt;

    const QJsonArray content = a->value(u"content"_s).toArray();
    QJsonArray calls;
    for (const QJsonValue &v : content) {
        const QJsonObject block = v.toObject();
        if (block.value(u"type"_s).toString() != u"tool_use")
            continue;
        const QJsonObject function { { u"name"_s, block.value(u"name"_s) },
                                     { u"arguments"_s, toolArguments(block.value(u"input"_s)) } };
        calls.append(QJsonObject { { u"id"_s, block.value(u"id"_s) },
                                   { u"type"_s, u"function"_s },
                                   { u"function"_s, function } });
    }
    // Text blocks are pieces of one reply (Anthropic splits at citations): joined as they are.
    const QString text = joinedText(content, u"");
    QJsonObject message { { u"role"_s, u"assistant"_s },
                          { u"content"_s,
                            text.isEmpty() && !calls.isEmpty() ? QJsonValue() : text } };
    if (!calls.isEmpty())
        message.insert(u"tool_calls"_s, calls);

    const QJsonObject u = a->value(u"usage"_s).toObject();
    usage.inputTokens = u.value(u"input_tokens"_s).toInteger();
    usage.outputTokens = u.value(u"output_tokens"_s).toInteger();

    const QJsonObject choice { { u"index"_s, 0 },
                               { u"message"_s, message },
                               { u"finish_reason"_s,
                                 finishReason(a->value(u"stop_reason"_s).toString()) } };
    const QJsonObject chat {
        { u"id"_s, answerId(a->value(u"id"_s), u"msg_", u"chatcmpl-"_s) },
        { u"object"_s, u"chat.completion"_s },
        { u"created"_s, created },
        { u"model"_s, model },
        { u"choices"_s, QJsonArray { choice } },
        { u"usage"_s,
          QJsonObject { { u"prompt_tokens"_s, usage.inputTokens },
                        { u"completion_tokens"_s, usage.outputTokens },
                        { u"total_tokens"_s, usage.inputTokens + usage.outputTokens } } },
    };
    return QJsonDocument(chat).toJson(QJsonDocument::Compact);
}

std::optional<QByteArray> chatAnswerToMessagesQt(const QByteArray &answer, const QString &model,
                                                 Domain::Usage &usage)
{
    const std::optional<QJsonObject> a = answerObject(answer);
    if (!a)
        return std::nullopt;
    const QJsonArray choices = a->value(u"choices"_s).toArray();
    if (choices.isEmpty())
        return std::nullopt;
    const QJsonObject choice = choices.first().toObject();
    const QJsonObject message = choice.value(u"message"_s).toObject();

    QJsonArray content;
    // A refusal comes as its own field, content null: its text is the answer's text.
    QString text = message.value(u"content"_s).toString();
    const bool refused = text.isEmpty() && isSet(message.value(u"refusal"_s));
    if (refused)
        text = message.value(u"refusal"_s).toString();
    if (!text.isEmpty())
        content.append(QJsonObject { { u"type"_s, u"text"_s }, { u"text"_s, text } });
    for (const QJsonValue &v : message.value(u"tool_calls"_s).toArray()) {
        const QJsonObject function = v[u"function"_s].toObject();
        content.append(QJsonObject { { u"type"_s, u"tool_use"_s },
                                     { u"id"_s, v[u"id"_s] },
                                     { u"name"_s, function.value(u"name"_s) },
                                     { u"input"_s, toolInput(function.value(u"arguments"_s)) } });
    }

    const QJsonObject u = a->value(u"usage"_s).toObject();
    usage.inputTokens = u.value(u"prompt_tokens"_s).toInteger();
    usage.outputTokens = u.value(u"completion_tokens"_s).toInteger();

    const QString finish = choice.value(u"finish_reason"_s).toString();
    const QJsonObject messages {
        { u"id"_s, answerId(a->value(u"id"_s), u"chatcmpl-", u"msg_"_s) },
        { u"type"_s, u"message"_s },
        { u"role"_s, u"assistant"_s },
        { u"model"_s, model },
        { u"content"_s, content },
        { u"stop_reason"_s, refused ? u"refusal"_s : stopReason(finish) },
        { u"stop_sequence"_s, QJsonValue() },
        { u"usage"_s,
          QJsonObject { { u"input_tokens"_s, usage.inputTokens },
                        { u"output_tokens"_s, usage.outputTokens } } },
    };
    return QJsonDocument(messages).toJson(QJsonDocument::Compact);
}

// --- the same answers read by simdjson and written directly ----------------------------------
// Each gives what the Qt version above gives, or nullopt to leave the answer to it (whatever
// simdjson cannot read or appendAsQt() cannot write, and answers not of the API).

using Internal::appendMember;
using Internal::Element;
using Internal::field;
using Internal::stringOf;

void appendString(QByteArray &out, std::string_view s)
{
    Util::appendJsonStringUtf8(out, s);
}

void appendAnswerId(QByteArray &out, std::string_view id, std::string_view fromPrefix,
                    std::string_view toPrefix)
{
    if (id.starts_with(fromPrefix))
        id.remove_prefix(fromPrefix.size());
    std::string s;
    s.reserve(toPrefix.size() + id.size());
    s.append(toPrefix).append(id);
    appendString(out, s);
}

std::string_view finishReasonOf(std::string_view stopReason)
{
    if (stopReason == "max_tokens")
        return "length";
    if (stopReason == "tool_use")
        return "tool_calls";
    if (stopReason == "refusal")
        return "content_filter";
    return "stop";
}

std::string_view stopReasonOf(std::string_view finishReason)
{
    if (finishReason == "length")
        return "max_tokens";
    if (finishReason == "tool_calls" || finishReason == "function_call")
        return "tool_use";
    if (finishReason == "content_filter")
        return "refusal";
    return "end_turn";
}

std::optional<QByteArray> messagesAnswerToChatFast(const QByteArray &answer, const QString &model,
                                                   qint64 created, Domain::Usage &usage)
{
    const std::optional<Element> a = Internal::fastObject(Internal::documentParser(), answer);
    if (!a || stringOf(field(*a, "type")) != "message")
        return std::nullopt;

    std::string text;
    QByteArray calls;
    simdjson::dom::array content;
    if (const std::optional<Element> c = field(*a, "content");
        c && c->get_array().get(content) == simdjson::SUCCESS) {
        for (const Element block : content) {
            const std::string_view type = stringOf(field(block, "type"));
            if (type == "text") {
                text.append(stringOf(field(block, "text")));
            } else if (type == "tool_use") {
                calls += calls.isEmpty() ? R"([{"type":"function")" : R"(,{"type":"function")";
                if (const std::optional<Element> id = field(block, "id")) {
                    calls += ',';
                    if (!appendMember(calls, "id", id))
                        return std::nullopt;
                }
                calls += R"(,"function":{)";
                if (const std::optional<Element> name = field(block, "name")) {
                    if (!appendMember(calls, "name", name))
                        return std::nullopt;
                    calls += ',';
                }
                // toolArguments(): an input that is not an object is given as {}.
                QByteArray arguments = "{}";
                const std::optional<Element> input = field(block, "input");
                if (input && input->is_object()) {
                    arguments.clear();
                    if (!Internal::appendAsQt(arguments, *input))
                        return std::nullopt;
                }
                calls += R"("arguments":)";
                appendString(calls, std::string_view(arguments.constData(), arguments.size()));
                calls += "}}";
            }
        }
    }

    const std::optional<Element> u = field(*a, "usage");
    const qint64 input = Internal::integerOf(field(u, "input_tokens"));
    const qint64 output = Internal::integerOf(field(u, "output_tokens"));

    QByteArray out;
    out.reserve(qsizetype(text.size()) + calls.size() + model.size() + 320);
    out += R"({"id":)";
    appendAnswerId(out, stringOf(field(*a, "id")), "msg_", "chatcmpl-");
    out += R"(,"object":"chat.completion","created":)";
    out += QByteArray::number(created);
    out += R"(,"model":)";
    Util::appendJsonString(out, model);
    out += R"(,"choices":[{"index":0,"message":{"role":"assistant","content":)";
    if (text.empty() && !calls.isEmpty())
        out += "null";
    else
        appendString(out, text);
    if (!calls.isEmpty()) {
        out += R"(,"tool_calls":)";
        out += calls;
        out += ']';
    }
    out += R"(},"finish_reason":)";
    appendString(out, finishReasonOf(stringOf(field(*a, "stop_reason"))));
    out += R"(}],"usage":{"prompt_tokens":)";
    out += QByteArray::number(input);
    out += R"(,"completion_tokens":)";
    out += QByteArray::number(output);
    out += R"(,"total_tokens":)";
    out += QByteArray::number(input + output);
    out += "}}";
    usage.inputTokens = input;
    usage.outputTokens = output;
    return out;
}

std::optional<QByteArray> chatAnswerToMessagesFast(const QByteArray &answer, const QString &model,
                                                   Domain::Usage &usage)
{
    const std::optional<Element> a = Internal::fastObject(Internal::documentParser(), answer);
    const std::optional<Element> choice = Internal::firstChoice(a);
    if (!choice)
        return std::nullopt;
    const std::optional<Element> message = field(choice, "message");

    // A refusal comes as its own field, content null: its text is the answer's text.
    std::string_view text = stringOf(field(message, "content"));
    const std::optional<Element> refusal = field(message, "refusal");
    const bool refused = text.empty() && Internal::isSet(refusal);
    if (refused)
        text = stringOf(refusal);

    QByteArray content = "[";
    if (!text.empty()) {
        content += R"({"type":"text","text":)";
        appendString(content, text);
        content += '}';
    }
    simdjson::dom::array toolCalls;
    if (const std::optional<Element> t = field(message, "tool_calls");
        t && t->get_array().get(toolCalls) == simdjson::SUCCESS) {
        for (const Element call : toolCalls) {
            const std::optional<Element> function = field(call, "function");
            if (content.size() > 1)
                content += ',';
            content += R"({"type":"tool_use")";
            if (const std::optional<Element> id = field(call, "id")) {
                content += ',';
                if (!appendMember(content, "id", id))
                    return std::nullopt;
            }
            if (const std::optional<Element> name = field(function, "name")) {
                content += ',';
                if (!appendMember(content, "name", name))
                    return std::nullopt;
            }
            // toolInput(): arguments that are not a JSON object are given as {}.
            content += R"(,"input":)";
            std::optional<Element> input;
            if (!Internal::innerObject(stringOf(field(function, "arguments")), input))
                return std::nullopt;
            if (!input)
                content += "{}";
            else if (!Internal::appendAsQt(content, *input))
                return std::nullopt;
            content += '}';
        }
    }
    content += ']';

    const std::optional<Element> u = field(*a, "usage");
    const qint64 input = Internal::integerOf(field(u, "prompt_tokens"));
    const qint64 output = Internal::integerOf(field(u, "completion_tokens"));

    QByteArray out;
    out.reserve(content.size() + model.size() + 256);
    out += R"({"id":)";
    appendAnswerId(out, stringOf(field(*a, "id")), "chatcmpl-", "msg_");
    out += R"(,"type":"message","role":"assistant","model":)";
    Util::appendJsonString(out, model);
    out += R"(,"content":)";
    out += content;
    out += R"(,"stop_reason":)";
    appendString(out, refused ? "refusal" : stopReasonOf(stringOf(field(choice, "finish_reason"))));
    out += R"(,"stop_sequence":null,"usage":{"input_tokens":)";
    out += QByteArray::number(input);
    out += R"(,"output_tokens":)";
    out += QByteArray::number(output);
    out += "}}";
    usage.inputTokens = input;
    usage.outputTokens = output;
    return out;
}

} // namespace

std::optional<QByteArray> messagesAnswerToChat(const QByteArray &answer, const QString &model,
                                               qint64 created, Domain::Usage &usage)
{
    if (std::optional<QByteArray> fast = messagesAnswerToChatFast(answer, model, created, usage))
        return fast;
    return messagesAnswerToChatQt(answer, model, created, usage);
}

std::optional<QByteArray> chatAnswerToMessages(const QByteArray &answer, const QString &model,
                                               Domain::Usage &usage)
{
    if (std::optional<QByteArray> fast = chatAnswerToMessagesFast(answer, model, usage))
        return fast;
    return chatAnswerToMessagesQt(answer, model, usage);
}

} // namespace Translation
