// An Anthropic messages stream as OpenAI chat.completion.chunk events (R-XLAT-2, R-XLAT-4).

#include "streamevents.h"
#include "streamtranslatorbase.h"
#include "util/bytes.h"
#include "util/jsonliteral.h"

#include <QtNumeric>
#include <limits>
#include <vector>

using namespace Qt::StringLiterals;

namespace Translation {
namespace {

QByteArrayView finishReason(const QString &stopReason)
{
    if (stopReason == u"max_tokens"_s)
        return "\"length\"";
    if (stopReason == u"tool_use"_s)
        return "\"tool_calls\"";
    if (stopReason == u"refusal"_s)
        return "\"content_filter\"";
    return "\"stop\""; // end_turn, stop_sequence, pause_turn and anything newer
}

class MessagesStreamToChat final : public SseEventTranslator
{
public:
    MessagesStreamToChat(const QString &model, qint64 created, bool includeUsage)
        : m_model(model)
        , m_created(created)
        , m_includeUsage(includeUsage)
    {
    }

protected:
    void translateEvent(QByteArray &out, QByteArrayView name, QByteArrayView data) override;

private:
    void start(QByteArray &out, const QString &messageId);
    void blockStart(QByteArray &out, const AnthropicEvent &event);
    void blockDelta(QByteArray &out, const AnthropicEvent &event);
    void finish(QByteArray &out, QByteArrayView reason);
    void stop(QByteArray &out);
    void chunk(QByteArray &out, QByteArrayView delta, QByteArrayView finishReason = "null");
    int toolOfBlock(qint64 block) const;

    QString m_model;
    qint64 m_created;
    bool m_includeUsage;
    QByteArray m_head; // `data: {"id":…,"model":…,"choices":` shared by every chunk
    bool m_finished = false;
    std::vector<qint64> m_toolBlocks; // the Anthropic block index of each tool call, in order
};

void MessagesStreamToChat::translateEvent(QByteArray &out, QByteArrayView name, QByteArrayView data)
{
    AnthropicEvent event;
    if (!readAnthropicEvent(data, event)) {
        m_error = name == "error" ? StreamError {} : undecodableEvent();
        return;
    }
    const QString type = event.type.isEmpty() ? QString::fromUtf8(name) : event.type;
    if (name == "error" || type == u"error"_s || event.error.isObject) {
        m_error = event.error.toStreamError();
        return;
    }
    if (type == u"message_start"_s) {
        event.messageUsage.mergeInto(m_usage);
        start(out, event.messageId);
    } else if (type == u"content_block_start"_s) {
        start(out, {});
        blockStart(out, event);
    } else if (type == u"content_block_delta"_s) {
        start(out, {});
        blockDelta(out, event);
    } else if (type == u"message_delta"_s) {
        event.usage.mergeInto(m_usage);
        start(out, {});
        finish(out, finishReason(event.stopReason));
    } else if (type == u"message_stop"_s) {
        start(out, {});
        stop(out);
    }
    // ping, content_block_stop and event types this translation does not know: nothing.
}

// The first chunk (the role), once: at message_start, or before whatever came without one.
void MessagesStreamToChat::start(QByteArray &out, const QString &messageId)
{
    if (!m_head.isEmpty())
        return;
    QString id = messageId.startsWith(u"msg_"_s) ? messageId.sliced(4) : messageId;
    if (id.isEmpty())
        id = u"translated"_s;
    Util::appendAll(m_head, "data: {\"id\":");
    Util::appendJsonString(m_head, QString(u"chatcmpl-"_s + id));
    Util::appendAll(m_head,
                    ",\"object\":\"chat.completion.chunk\",\"created\":", Util::Decimal(m_created),
                    ",\"model\":");
    Util::appendJsonString(m_head, m_model);
    Util::appendAll(m_head, ",\"choices\":");
    chunk(out, "{\"role\":\"assistant\",\"content\":\"\"}");
}

void MessagesStreamToChat::blockStart(QByteArray &out, const AnthropicEvent &event)
{
    if (event.blockType == u"text"_s) {
        if (event.blockText.isEmpty())
            return;
        QByteArray delta = "{\"content\":";
        Util::appendJsonString(delta, event.blockText);
        Util::appendByte(delta, '}');
        chunk(out, delta);
        return;
    }
    if (event.blockType != u"tool_use"_s)
        return; // thinking and server tool blocks have no chat counterpart
    if (event.index >= 0 && toolOfBlock(event.index) >= 0)
        return; // a block started twice: the first start stands
    m_toolBlocks.push_back(event.index);
    QByteArray delta;
    Util::appendAll(delta,
                    "{\"tool_calls\":[{\"index\":", Util::Decimal(qint64(m_toolBlocks.size() - 1)),
                    ",\"id\":");
    Util::appendJsonString(delta, event.toolId);
    Util::appendAll(delta, ",\"type\":\"function\",\"function\":{\"name\":");
    Util::appendJsonString(delta, event.toolName);
    Util::appendAll(delta, ",\"arguments\":");
    // Anthropic starts a streamed tool_use with an empty input and sends it as input_json_delta.
    Util::appendJsonString(delta, event.toolInput);
    Util::appendAll(delta, "}}]}");
    chunk(out, delta);
}

void MessagesStreamToChat::blockDelta(QByteArray &out, const AnthropicEvent &event)
{
    if (event.deltaType == u"text_delta"_s) {
        if (event.deltaText.isEmpty())
            return;
        QByteArray delta = "{\"content\":";
        Util::appendJsonString(delta, event.deltaText);
        Util::appendByte(delta, '}');
        chunk(out, delta);
    } else if (event.deltaType == u"input_json_delta"_s) {
        const int tool = toolOfBlock(event.index);
        if (tool < 0 || event.partialJson.isEmpty())
            return;
        QByteArray delta;
        Util::appendAll(delta, "{\"tool_calls\":[{\"index\":", Util::Decimal(tool),
                        ",\"function\":{\"arguments\":");
        Util::appendJsonString(delta, event.partialJson);
        Util::appendAll(delta, "}}]}");
        chunk(out, delta);
    }
    // thinking, signature and citations deltas: nothing a chat caller reads.
}

void MessagesStreamToChat::finish(QByteArray &out, QByteArrayView reason)
{
    if (m_finished)
        return;
    m_finished = true;
    chunk(out, "{}", reason);
}

void MessagesStreamToChat::stop(QByteArray &out)
{
    finish(out, "\"stop\""); // a stream without message_delta still ends with a finish_reason
    if (m_includeUsage) {
        const qint64 in = m_usage.inputTokens;
        const qint64 outTokens = m_usage.outputTokens;
        qint64 total = 0;
        if (qAddOverflow(in, outTokens, &total)) // only an upstream's nonsense gets here
            total
                = in > 0 ? std::numeric_limits<qint64>::max() : std::numeric_limits<qint64>::min();
        Util::appendAll(out, m_head, "[],\"usage\":{\"prompt_tokens\":", Util::Decimal(in),
                        ",\"completion_tokens\":", Util::Decimal(outTokens),
                        ",\"total_tokens\":", Util::Decimal(total), "}}\n\n");
        ++m_events;
    }
    Util::appendAll(out, "data: [DONE]\n\n");
    ++m_events;
    m_complete = true;
}

void MessagesStreamToChat::chunk(QByteArray &out, QByteArrayView delta, QByteArrayView reason)
{
    Util::appendAll(out, m_head, "[{\"index\":0,\"delta\":", delta, ",\"finish_reason\":", reason,
                    "}]}\n\n");
    ++m_events;
}

int MessagesStreamToChat::toolOfBlock(qint64 block) const
{
    // From the last: deltas without an index belong to the last tool block without one.
    for (size_t i = m_toolBlocks.size(); i-- > 0;) {
        if (m_toolBlocks[i] == block)
            return int(i);
    }
    return -1;
}

} // namespace

std::unique_ptr<StreamTranslator> messagesStreamToChat(const QString &model, qint64 created,
                                                       bool includeUsage)
{
    return std::make_unique<MessagesStreamToChat>(model, created, includeUsage);
}

} // namespace Translation
