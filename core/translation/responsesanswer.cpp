#include "translation/contenttext.h"
#include "translation/fastjson.h"
#include "translation/responses.h"
#include "translation/translation.h"
#include "util/bytes.h"
#include "util/jsonliteral.h"

#include <QJsonArray>
#include <QJsonDocument>

// R-RESP-3: a whole chat-completions (or messages) answer as a Responses `response` object; the
// request side is responses.cpp.
using namespace Qt::StringLiterals;
using Translation::Internal::isSet;
using Translation::Internal::joinedText;

namespace Translation {
namespace {

// --- answers ----------------------------------------------------------------------------------

QString incompleteReason(const QString &finishReason)
{
    if (finishReason == u"length")
        return u"max_output_tokens"_s;
    if (finishReason == u"content_filter")
        return u"content_filter"_s;
    return {};
}

// R-RESP-3: the message item (text and refusal parts), then a function_call item per tool call.
// Ids and statuses as the stream translator writes them: msg_/fc_<response id's suffix>_<index>;
// a length stop or a content filter cuts the last item only, which is "incomplete".
QJsonArray outputItems(const QJsonObject &message, const QString &suffix, bool incomplete)
{
    QJsonArray output;
    const auto itemId = [&](QStringView prefix) -> QString {
        return prefix + suffix + u'_' + QString::number(output.size());
    };
    QJsonArray content;
    const QString text = joinedText(message.value(u"content"_s), u"");
    if (!text.isEmpty())
        content.append(QJsonObject { { u"type"_s, u"output_text"_s },
                                     { u"text"_s, text },
                                     { u"annotations"_s, QJsonArray() },
                                     { u"logprobs"_s, QJsonArray() } });
    const QString refusal = message.value(u"refusal"_s).toString();
    if (!refusal.isEmpty())
        content.append(QJsonObject { { u"type"_s, u"refusal"_s }, { u"refusal"_s, refusal } });
    if (!content.isEmpty())
        output.append(QJsonObject { { u"type"_s, u"message"_s },
                                    { u"id"_s, itemId(u"msg_") },
                                    { u"status"_s, u"completed"_s },
                                    { u"role"_s, u"assistant"_s },
                                    { u"content"_s, content } });
    for (const QJsonValue &call : message.value(u"tool_calls"_s).toArray()) {
        const QJsonObject function = call[u"function"_s].toObject();
        output.append(QJsonObject { { u"type"_s, u"function_call"_s },
                                    { u"id"_s, itemId(u"fc_") },
                                    { u"call_id"_s, call[u"id"_s] },
                                    { u"name"_s, function.value(u"name"_s) },
                                    { u"arguments"_s, function.value(u"arguments"_s) },
                                    { u"status"_s, u"completed"_s } });
    }
    if (incomplete && !output.isEmpty()) {
        QJsonObject last = output.last().toObject();
        last.insert(u"status"_s, u"incomplete"_s);
        output.replace(output.size() - 1, last);
    }
    return output;
}

QJsonObject responsesUsage(const QJsonObject &u, Domain::Usage &usage)
{
    usage.inputTokens = u.value(u"prompt_tokens"_s).toInteger();
    usage.outputTokens = u.value(u"completion_tokens"_s).toInteger();
    const qint64 cached = u.value(u"prompt_tokens_details"_s)[u"cached_tokens"_s].toInteger();
    const qint64 reasoning
        = u.value(u"completion_tokens_details"_s)[u"reasoning_tokens"_s].toInteger();
    return { { u"input_tokens"_s, usage.inputTokens },
             { u"input_tokens_details"_s, QJsonObject { { u"cached_tokens"_s, cached } } },
             { u"output_tokens"_s, usage.outputTokens },
             { u"output_tokens_details"_s, QJsonObject { { u"reasoning_tokens"_s, reasoning } } },
             { u"total_tokens"_s, usage.inputTokens + usage.outputTokens } };
}

std::optional<QByteArray> chatAnswerToResponsesQt(const QByteArray &chatAnswer,
                                                  const ResponseIdentity &identity,
                                                  Domain::Usage &usage)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(chatAnswer, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return std::nullopt;
    const QJsonObject answer = doc.object();
    const QJsonArray choices = answer.value(u"choices"_s).toArray();
    if (choices.isEmpty())
        return std::nullopt;
    const QJsonObject choice = choices.first().toObject();

    const QString reason = incompleteReason(choice.value(u"finish_reason"_s).toString());
    const QString status = reason.isEmpty() ? u"completed"_s : u"incomplete"_s;
    const QString suffix = identity.id.startsWith(u"resp_") ? identity.id.sliced(5) : identity.id;
    const QJsonObject response {
        { u"id"_s, identity.id },
        { u"object"_s, u"response"_s },
        { u"created_at"_s, identity.createdAt },
        { u"status"_s, status },
        { u"error"_s, QJsonValue() },
        { u"incomplete_details"_s,
          reason.isEmpty() ? QJsonValue() : QJsonObject { { u"reason"_s, reason } } },
        { u"model"_s, identity.model },
        { u"output"_s,
          outputItems(choice.value(u"message"_s).toObject(), suffix, !reason.isEmpty()) },
        { u"usage"_s, responsesUsage(answer.value(u"usage"_s).toObject(), usage) },
    };
    return QJsonDocument(response).toJson(QJsonDocument::Compact);
}

// --- the same answer read by simdjson and written directly ------------------------------------
// What chatAnswerToResponsesQt() gives, or nullopt to leave the answer to it (whatever simdjson
// cannot read or appendAsQt() cannot write, and answers that are not chat completions).

using Internal::Element;
using Internal::field;
using Internal::stringOf;
using Util::appendAll;
using Util::Decimal;

// joinedText() of a message's content: a string, or the text parts' text joined.
std::string_view fastText(std::optional<Element> content, std::string &joined)
{
    simdjson::dom::array parts;
    if (!content || content->get_array().get(parts) != simdjson::SUCCESS)
        return stringOf(content);
    for (const Element part : parts) {
        if (stringOf(field(part, "type")) == "text")
            joined.append(stringOf(field(part, "text")));
    }
    return joined;
}

// The output items as outputItems() gives them; `suffix` is the response id's suffix, escaped.
bool appendFastOutput(QByteArray &out, std::optional<Element> message, QByteArrayView suffix,
                      bool incomplete)
{
    std::string joined;
    const std::string_view text = fastText(field(message, "content"), joined);
    const std::string_view refusal = stringOf(field(message, "refusal"));
    simdjson::dom::array calls;
    const std::optional<Element> toolCalls = field(message, "tool_calls");
    const size_t callCount
        = toolCalls && toolCalls->get_array().get(calls) == simdjson::SUCCESS ? calls.size() : 0;
    qsizetype index = 0;
    // `"id":…,"status":…` of the next item; a length stop or a content filter cuts the last only.
    const auto appendIdAndStatus = [&](QByteArrayView prefix, bool last) {
        appendAll(out, R"("id":")", prefix, suffix, "_", Decimal(index++),
                  last && incomplete ? R"(","status":"incomplete")" : R"(","status":"completed")");
    };

    appendAll(out, "[");
    if (!text.empty() || !refusal.empty()) {
        appendAll(out, R"({"type":"message",)");
        appendIdAndStatus("msg_", callCount == 0);
        appendAll(out, R"(,"role":"assistant","content":[)");
        if (!text.empty()) {
            appendAll(out, R"({"type":"output_text","text":)");
            Util::appendJsonStringUtf8(out, text);
            appendAll(out, R"(,"annotations":[],"logprobs":[]})");
        }
        if (!refusal.empty()) {
            appendAll(out, text.empty() ? "" : ",", R"({"type":"refusal","refusal":)");
            Util::appendJsonStringUtf8(out, refusal);
            appendAll(out, "}");
        }
        appendAll(out, "]}");
    }
    // Walked only when read: a default dom::array has no document behind it.
    if (callCount > 0) {
        size_t i = 0;
        for (const Element call : calls) {
            const std::optional<Element> function = field(call, "function");
            appendAll(out, index == 0 ? "" : ",", R"({"type":"function_call",)");
            appendIdAndStatus("fc_", ++i == callCount);
            for (const auto &[key, value] :
                 { std::pair { "call_id", field(call, "id") },
                   std::pair { "name", field(function, "name") },
                   std::pair { "arguments", field(function, "arguments") } }) {
                if (!value)
                    continue;
                appendAll(out, ",");
                if (!Internal::appendMember(out, key, value))
                    return false;
            }
            appendAll(out, "}");
        }
    }
    appendAll(out, "]");
    return true;
}

void appendFastUsage(QByteArray &out, std::optional<Element> u, Domain::Usage &usage)
{
    using Internal::integerOf;
    usage.inputTokens = integerOf(field(u, "prompt_tokens"));
    usage.outputTokens = integerOf(field(u, "completion_tokens"));
    const qint64 cached = integerOf(field(field(u, "prompt_tokens_details"), "cached_tokens"));
    const qint64 reasoning
        = integerOf(field(field(u, "completion_tokens_details"), "reasoning_tokens"));
    appendAll(out, R"({"input_tokens":)", Decimal(usage.inputTokens),
              R"(,"input_tokens_details":{"cached_tokens":)", Decimal(cached),
              R"(},"output_tokens":)", Decimal(usage.outputTokens),
              R"(,"output_tokens_details":{"reasoning_tokens":)", Decimal(reasoning),
              R"(},"total_tokens":)", Decimal(usage.inputTokens + usage.outputTokens), "}");
}

std::optional<QByteArray> chatAnswerToResponsesFast(const QByteArray &chatAnswer,
                                                    const ResponseIdentity &identity,
                                                    Domain::Usage &usage)
{
    const std::optional<Element> a = Internal::fastObject(Internal::documentParser(), chatAnswer);
    const std::optional<Element> choice = Internal::firstChoice(a);
    if (!choice)
        return std::nullopt;
    const std::string_view finish = stringOf(field(choice, "finish_reason"));
    const QByteArrayView reason = finish == "length" ? "max_output_tokens"
        : finish == "content_filter"                 ? "content_filter"
                                                     : "";

    QByteArray out;
    out.reserve(chatAnswer.size() + 512);
    appendAll(out, R"({"id":)");
    const qsizetype idStart = out.size();
    Util::appendJsonString(out, identity.id);
    // The item ids' suffix: the id just written, without its quotes and a leading "resp_".
    const qsizetype prefix = identity.id.startsWith(u"resp_") ? 6 : 1;
    const QByteArray suffix = out.sliced(idStart + prefix, out.size() - idStart - prefix - 1);
    appendAll(out, R"(,"object":"response","created_at":)", Decimal(identity.createdAt));
    if (reason.isEmpty())
        appendAll(out, R"(,"status":"completed","error":null,"incomplete_details":null)");
    else
        appendAll(out, R"(,"status":"incomplete","error":null,"incomplete_details":{"reason":")",
                  reason, R"("})");
    appendAll(out, R"(,"model":)");
    Util::appendJsonString(out, identity.model);
    appendAll(out, R"(,"output":)");
    if (!appendFastOutput(out, field(choice, "message"), suffix, !reason.isEmpty()))
        return std::nullopt;
    appendAll(out, R"(,"usage":)");
    appendFastUsage(out, field(*a, "usage"), usage);
    appendAll(out, "}");
    return out;
}

} // namespace

std::optional<QByteArray> chatAnswerToResponses(const QByteArray &chatAnswer,
                                                const ResponseIdentity &identity,
                                                Domain::Usage &usage)
{
    if (std::optional<QByteArray> fast = chatAnswerToResponsesFast(chatAnswer, identity, usage))
        return fast;
    return chatAnswerToResponsesQt(chatAnswer, identity, usage);
}

std::optional<QByteArray> messagesAnswerToResponses(const QByteArray &messagesAnswer,
                                                    const ResponseIdentity &identity,
                                                    Domain::Usage &usage)
{
    const std::optional<QByteArray> chat
        = messagesAnswerToChat(messagesAnswer, identity.model, identity.createdAt, usage);
    if (!chat)
        return std::nullopt;
    return chatAnswerToResponses(*chat, identity, usage);
}

} // namespace Translation
