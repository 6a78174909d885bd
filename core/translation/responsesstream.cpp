// An OpenAI chat-completions stream as the Responses API's events (R-RESP-4), and an Anthropic
// messages stream as the same through messagesStreamToChat().

#include "responses.h"
#include "streamevents.h"
#include "streamtranslatorbase.h"
#include "util/bytes.h"
#include "util/jsonliteral.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtNumeric>
#include <algorithm>
#include <limits>
#include <vector>

using namespace Qt::StringLiterals;

namespace Translation {
namespace {

// One content part of a message item: output_text, or a refusal (structured outputs).
struct Part
{
    bool refusal = false;
    QString text;
};

// One output item. The whole text and arguments are kept: response.completed (and
// response.failed) carry every item in full.
struct Item
{
    bool isCall = false;
    QByteArray id; // JSON literal: "msg_<suffix>_<n>" or "fc_<suffix>_<n>"
    QByteArrayView status = "in_progress";
    std::vector<Part> parts; // a message's; the last one is open while the item is
    qint64 chatIndex = -1; // a function call's index in the chat stream
    QString callId, name, arguments;
};

qint64 saturatedSum(qint64 a, qint64 b)
{
    qint64 sum = 0;
    if (qAddOverflow(a, b, &sum)) // only an upstream's nonsense gets here
        return a > 0 ? std::numeric_limits<qint64>::max() : std::numeric_limits<qint64>::min();
    return sum;
}

class ChatStreamToResponses final : public SseEventTranslator
{
public:
    explicit ChatStreamToResponses(const ResponseIdentity &identity)
        : m_identity(identity)
        , m_suffix(identity.id.startsWith(u"resp_"_s) ? identity.id.sliced(5) : identity.id)
    {
    }

    QByteArray failureEvent(const QString &code, const QString &message) override;

protected:
    void translateEvent(QByteArray &out, QByteArrayView name, QByteArrayView data) override;

private:
    void start(QByteArray &out);
    void choice(QByteArray &out, const ChatChoice &choice);
    void content(QByteArray &out, const QString &delta, bool refusal);
    void toolCall(QByteArray &out, const ChatToolFragment &call);
    void openItem(QByteArray &out, Item item);
    void closePart(QByteArray &out);
    void closeItem(QByteArray &out, QByteArrayView status);
    void done(QByteArray &out);
    void readUsageDetails(QByteArrayView data);

    void begin(QByteArray &out, QByteArrayView type);
    void end(QByteArray &out) { Util::appendAll(out, "}\n\n"); }
    void appendItemRef(QByteArray &out, const Item &item) const;
    void appendResponse(QByteArray &out, QByteArrayView status, QByteArrayView error,
                        QByteArrayView incompleteReason, bool failed) const;
    void appendUsage(QByteArray &out) const;
    static void appendItem(QByteArray &out, const Item &item, QByteArrayView status);
    static void appendPart(QByteArray &out, const Part &part);

    ResponseIdentity m_identity;
    QString m_suffix;
    bool m_started = false;
    std::vector<Item> m_items; // the output index is the position
    int m_open = -1; // the open item, -1 when none
    QString m_lastToolId;
    QString m_finishReason;
    qint64 m_cachedTokens = 0;
    qint64 m_reasoningTokens = 0;
};

void ChatStreamToResponses::translateEvent(QByteArray &out, QByteArrayView, QByteArrayView data)
{
    if (data == "[DONE]") {
        start(out);
        done(out);
        return;
    }
    if (data.isEmpty())
        return;
    ChatChunk chunk;
    if (!readChatChunk(data, chunk)) {
        m_error = undecodableEvent();
        return;
    }
    if (chunk.error.present()) {
        m_error = chunk.error.toStreamError();
        return;
    }
    if (chunk.hasUsage) {
        chunk.usage.mergeInto(m_usage);
        readUsageDetails(data);
    }
    // Azure's first chunk (prompt filter results, no choices) gives nothing to start on.
    if (!chunk.hasChoices && !chunk.hasUsage)
        return;
    start(out);
    for (const ChatChoice &c : std::as_const(chunk.choices))
        choice(out, c);
}

// response.created and response.in_progress, once.
void ChatStreamToResponses::start(QByteArray &out)
{
    if (m_started)
        return;
    m_started = true;
    for (QByteArrayView type :
         { QByteArrayView("response.created"), QByteArrayView("response.in_progress") }) {
        begin(out, type);
        appendResponse(out, "in_progress", "null", {}, false);
        end(out);
    }
}

void ChatStreamToResponses::choice(QByteArray &out, const ChatChoice &choice)
{
    // Text before a refusal, as the complete answer's message item has its parts.
    if (!choice.content.isEmpty())
        content(out, choice.content, false);
    if (!choice.refusal.isEmpty())
        content(out, choice.refusal, true);
    for (const ChatToolFragment &call : choice.toolCalls)
        toolCall(out, call);
    if (!choice.finishReason.isEmpty())
        m_finishReason = choice.finishReason;
}

// A text or refusal delta goes to the open message item, in a part of its kind.
void ChatStreamToResponses::content(QByteArray &out, const QString &delta, bool refusal)
{
    if (m_open < 0 || m_items[m_open].isCall) {
        closeItem(out, "completed");
        Item item;
        Util::appendJsonString(
            item.id, QString(u"msg_"_s + m_suffix + u'_' + QString::number(m_items.size())));
        openItem(out, std::move(item));
    }
    Item &item = m_items[m_open];
    if (item.parts.empty() || item.parts.back().refusal != refusal) {
        closePart(out);
        item.parts.push_back({ refusal, {} });
        begin(out, "response.content_part.added");
        appendItemRef(out, item);
        Util::appendAll(out, ",\"content_index\":", Util::Decimal(qint64(item.parts.size() - 1)),
                        ",\"part\":");
        appendPart(out, item.parts.back());
        end(out);
    }
    item.parts.back().text += delta;
    begin(out, refusal ? "response.refusal.delta" : "response.output_text.delta");
    appendItemRef(out, item);
    Util::appendAll(out, ",\"content_index\":", Util::Decimal(qint64(item.parts.size() - 1)),
                    ",\"delta\":");
    Util::appendJsonString(out, delta);
    if (!refusal)
        Util::appendAll(out, ",\"logprobs\":[]");
    end(out);
}

// A tool call's first fragment (id and name) adds its function_call item; its argument fragments
// are function_call_arguments.delta on it. A fragment without an index belongs to the call its id
// names, else to the last call.
void ChatStreamToResponses::toolCall(QByteArray &out, const ChatToolFragment &call)
{
    qint64 index = call.index;
    if (index < 0) {
        qint64 last = -1;
        for (const Item &item : m_items)
            last = item.isCall ? item.chatIndex : last;
        index = last < 0 || (!call.id.isEmpty() && call.id != m_lastToolId) ? last + 1 : last;
    }
    auto found = std::find_if(m_items.begin(), m_items.end(), [index](const Item &item) {
        return item.isCall && item.chatIndex == index;
    });
    if (found == m_items.end()) {
        closeItem(out, "completed");
        Item item;
        item.isCall = true;
        item.chatIndex = index;
        const QString n = QString::number(m_items.size());
        Util::appendJsonString(item.id, QString(u"fc_"_s + m_suffix + u'_' + n));
        // A server that sends no id still gets one: the caller's function_call_output names it.
        item.callId = call.id.isEmpty() ? u"call_"_s + m_suffix + u'_' + n : call.id;
        item.name = call.name;
        m_lastToolId = item.callId;
        openItem(out, std::move(item));
        found = m_items.end() - 1;
    } else if (found->name.isEmpty()) {
        found->name = call.name;
    }
    if (call.arguments.isEmpty())
        return;
    found->arguments += call.arguments;
    // A fragment of a call already done (a server interleaving its calls) only reaches the
    // response object: the item's events are over.
    if (found - m_items.begin() != m_open)
        return;
    begin(out, "response.function_call_arguments.delta");
    appendItemRef(out, *found);
    Util::appendAll(out, ",\"delta\":");
    Util::appendJsonString(out, call.arguments);
    end(out);
}

void ChatStreamToResponses::openItem(QByteArray &out, Item item)
{
    m_open = int(m_items.size());
    m_items.push_back(std::move(item));
    begin(out, "response.output_item.added");
    Util::appendAll(out, ",\"output_index\":", Util::Decimal(m_open), ",\"item\":");
    appendItem(out, m_items.back(), "in_progress");
    end(out);
}

// The open message's last part: its text (or refusal) done, then the part done.
void ChatStreamToResponses::closePart(QByteArray &out)
{
    const Item &item = m_items[m_open];
    if (item.parts.empty())
        return;
    const Part &part = item.parts.back();
    const Util::Decimal contentIndex(qint64(item.parts.size() - 1));
    begin(out, part.refusal ? "response.refusal.done" : "response.output_text.done");
    appendItemRef(out, item);
    Util::appendAll(out, ",\"content_index\":", contentIndex,
                    part.refusal ? ",\"refusal\":" : ",\"text\":");
    Util::appendJsonString(out, part.text);
    if (!part.refusal)
        Util::appendAll(out, ",\"logprobs\":[]");
    end(out);
    begin(out, "response.content_part.done");
    appendItemRef(out, item);
    Util::appendAll(out, ",\"content_index\":", contentIndex, ",\"part\":");
    appendPart(out, part);
    end(out);
}

void ChatStreamToResponses::closeItem(QByteArray &out, QByteArrayView status)
{
    if (m_open < 0)
        return;
    Item &item = m_items[m_open];
    if (item.isCall) {
        begin(out, "response.function_call_arguments.done");
        appendItemRef(out, item);
        Util::appendAll(out, ",\"name\":");
        Util::appendJsonString(out, item.name);
        Util::appendAll(out, ",\"arguments\":");
        Util::appendJsonString(out, item.arguments);
        end(out);
    } else {
        closePart(out);
    }
    item.status = status;
    begin(out, "response.output_item.done");
    Util::appendAll(out, ",\"output_index\":", Util::Decimal(m_open), ",\"item\":");
    appendItem(out, item, status);
    end(out);
    m_open = -1;
}

// The upstream's [DONE]: the open item done, then the whole response. An answer cut by the token
// limit or a content filter is "incomplete", as is the item it cut.
void ChatStreamToResponses::done(QByteArray &out)
{
    QByteArrayView reason;
    if (m_finishReason == u"length"_s)
        reason = "max_output_tokens";
    else if (m_finishReason == u"content_filter"_s)
        reason = "content_filter";
    closeItem(out, reason.isEmpty() ? "completed" : "incomplete");
    begin(out, reason.isEmpty() ? "response.completed" : "response.incomplete");
    appendResponse(out, reason.isEmpty() ? "completed" : "incomplete", "null", reason, false);
    end(out);
    m_complete = true;
}

// The usage details Domain::Usage has no room for, from the one chunk that carries them.
void ChatStreamToResponses::readUsageDetails(QByteArrayView data)
{
    if (!data.contains("_tokens_details"))
        return;
    const QJsonObject usage
        = QJsonDocument::fromJson(data.toByteArray()).object().value(u"usage"_s).toObject();
    const QJsonValue cached
        = usage.value(u"prompt_tokens_details"_s).toObject().value(u"cached_tokens"_s);
    if (cached.isDouble())
        m_cachedTokens = cached.toInteger();
    const QJsonValue reasoning
        = usage.value(u"completion_tokens_details"_s).toObject().value(u"reasoning_tokens"_s);
    if (reasoning.isDouble())
        m_reasoningTokens = reasoning.toInteger();
}

QByteArray ChatStreamToResponses::failureEvent(const QString &code, const QString &message)
{
    QByteArray out;
    QByteArray error = "{\"code\":";
    Util::appendJsonString(error, code);
    Util::appendAll(error, ",\"message\":");
    Util::appendJsonString(error, message);
    Util::appendByte(error, '}');
    begin(out, "response.failed");
    appendResponse(out, "failed", error, {}, true);
    end(out);
    return out;
}

// `event: <type>` and the data's object up to its sequence number; end() closes it.
void ChatStreamToResponses::begin(QByteArray &out, QByteArrayView type)
{
    Util::appendAll(out, "event: ", type, "\ndata: {\"type\":\"", type,
                    "\",\"sequence_number\":", Util::Decimal(m_events));
    ++m_events;
}

void ChatStreamToResponses::appendItemRef(QByteArray &out, const Item &item) const
{
    Util::appendAll(out, ",\"item_id\":", item.id,
                    ",\"output_index\":", Util::Decimal(qint64(&item - m_items.data())));
}

// "response":{…} with every item so far; after a failure the open one is "incomplete".
void ChatStreamToResponses::appendResponse(QByteArray &out, QByteArrayView status,
                                           QByteArrayView error, QByteArrayView incompleteReason,
                                           bool failed) const
{
    Util::appendAll(out, ",\"response\":{\"id\":");
    Util::appendJsonString(out, m_identity.id);
    Util::appendAll(out,
                    ",\"object\":\"response\",\"created_at\":", Util::Decimal(m_identity.createdAt),
                    ",\"status\":\"", status, "\",\"error\":", error, ",\"incomplete_details\":");
    if (incompleteReason.isEmpty())
        Util::appendAll(out, "null");
    else
        Util::appendAll(out, "{\"reason\":\"", incompleteReason, "\"}");
    Util::appendAll(out, ",\"model\":");
    Util::appendJsonString(out, m_identity.model);
    Util::appendAll(out, ",\"output\":[");
    for (size_t i = 0; i < m_items.size(); ++i) {
        if (i > 0)
            Util::appendByte(out, ',');
        const bool open = int(i) == m_open;
        appendItem(out, m_items[i], open && failed ? "incomplete" : m_items[i].status);
    }
    Util::appendAll(out, "],\"usage\":");
    if (status == "completed" || status == "incomplete")
        appendUsage(out);
    else
        Util::appendAll(out, "null");
    Util::appendByte(out, '}');
}

void ChatStreamToResponses::appendUsage(QByteArray &out) const
{
    Util::appendAll(out, "{\"input_tokens\":", Util::Decimal(m_usage.inputTokens),
                    ",\"input_tokens_details\":{\"cached_tokens\":", Util::Decimal(m_cachedTokens),
                    "},\"output_tokens\":", Util::Decimal(m_usage.outputTokens),
                    ",\"output_tokens_details\":{\"reasoning_tokens\":",
                    Util::Decimal(m_reasoningTokens), "},\"total_tokens\":",
                    Util::Decimal(saturatedSum(m_usage.inputTokens, m_usage.outputTokens)), "}");
}

void ChatStreamToResponses::appendItem(QByteArray &out, const Item &item, QByteArrayView status)
{
    Util::appendAll(out, "{\"id\":", item.id);
    if (item.isCall) {
        Util::appendAll(out, ",\"type\":\"function_call\",\"status\":\"", status,
                        "\",\"call_id\":");
        Util::appendJsonString(out, item.callId);
        Util::appendAll(out, ",\"name\":");
        Util::appendJsonString(out, item.name);
        Util::appendAll(out, ",\"arguments\":");
        Util::appendJsonString(out, item.arguments);
        Util::appendByte(out, '}');
        return;
    }
    Util::appendAll(out, ",\"type\":\"message\",\"status\":\"", status,
                    "\",\"role\":\"assistant\",\"content\":[");
    for (size_t i = 0; i < item.parts.size(); ++i) {
        if (i > 0)
            Util::appendByte(out, ',');
        appendPart(out, item.parts[i]);
    }
    Util::appendAll(out, "]}");
}

void ChatStreamToResponses::appendPart(QByteArray &out, const Part &part)
{
    if (part.refusal) {
        Util::appendAll(out, "{\"type\":\"refusal\",\"refusal\":");
        Util::appendJsonString(out, part.text);
        Util::appendByte(out, '}');
        return;
    }
    Util::appendAll(out, "{\"type\":\"output_text\",\"text\":");
    Util::appendJsonString(out, part.text);
    Util::appendAll(out, ",\"annotations\":[],\"logprobs\":[]}");
}

// The messages stream as chat chunks (with the usage chunk), those as Responses events. The
// messages translator's usage is the call's: it has the input tokens from message_start on,
// where the chat one learns them only from the usage chunk at the end.
class MessagesStreamToResponses final : public StreamTranslator
{
public:
    explicit MessagesStreamToResponses(const ResponseIdentity &identity)
        : m_toChat(messagesStreamToChat(identity.model, identity.createdAt, true))
        , m_toResponses(chatStreamToResponses(identity))
    {
    }

    QByteArray feed(const QByteArray &data) override
    {
        const QByteArray chat = m_toChat->feed(data);
        QByteArray out = chat.isEmpty() ? QByteArray() : m_toResponses->feed(chat);
        mirror();
        return out;
    }
    QByteArray takeRest() override { return m_toChat->takeRest(); }
    QByteArray failureEvent(const QString &code, const QString &message) override
    {
        QByteArray out = m_toResponses->failureEvent(code, message);
        mirror();
        return out;
    }

private:
    void mirror()
    {
        m_complete = m_toResponses->complete();
        m_usage = m_toChat->usage();
        m_events = m_toResponses->events();
        if (!m_error)
            m_error = m_toChat->upstreamError() ? m_toChat->upstreamError()
                                                : m_toResponses->upstreamError();
    }

    std::unique_ptr<StreamTranslator> m_toChat;
    std::unique_ptr<StreamTranslator> m_toResponses;
};

} // namespace

std::unique_ptr<StreamTranslator> chatStreamToResponses(const ResponseIdentity &identity)
{
    return std::make_unique<ChatStreamToResponses>(identity);
}

std::unique_ptr<StreamTranslator> messagesStreamToResponses(const ResponseIdentity &identity)
{
    return std::make_unique<MessagesStreamToResponses>(identity);
}

} // namespace Translation
