// An OpenAI chat-completions stream as Anthropic messages events (R-XLAT-2, R-XLAT-4).

#include "streamevents.h"
#include "streamtranslatorbase.h"
#include "util/bytes.h"
#include "util/jsonliteral.h"

#include <algorithm>
#include <vector>

using namespace Qt::StringLiterals;

namespace Translation {
namespace {

QByteArrayView stopReason(const QString &finishReason)
{
    if (finishReason == u"length"_s)
        return "\"max_tokens\"";
    if (finishReason == u"tool_calls"_s || finishReason == u"function_call"_s)
        return "\"tool_use\"";
    if (finishReason == u"content_filter"_s)
        return "\"refusal\"";
    return "\"end_turn\"";
}

class ChatStreamToMessages final : public SseEventTranslator
{
public:
    explicit ChatStreamToMessages(const QString &model)
        : m_model(model)
    {
    }

protected:
    void translateEvent(QByteArray &out, QByteArrayView name, QByteArrayView data) override;

private:
    struct ToolCall
    {
        qint64 index; // the chat tool call's index
        int block; // its content block
    };

    void start(QByteArray &out, const QString &chunkId);
    void choice(QByteArray &out, const ChatChoice &choice);
    void text(QByteArray &out, const QString &text);
    void toolCall(QByteArray &out, const ChatToolFragment &call);
    void closeBlock(QByteArray &out);
    void done(QByteArray &out);
    void event(QByteArray &out, QByteArrayView name, QByteArrayView json);

    QString m_model;
    bool m_started = false;
    int m_blocks = 0; // content blocks started
    int m_open = -1; // the open block, -1 when none
    bool m_openIsText = false;
    std::vector<ToolCall> m_tools;
    QString m_lastToolId;
    QByteArrayView m_stopReason = "\"end_turn\"";
    bool m_inputKnown = false; // a usage chunk named the prompt tokens
};

void ChatStreamToMessages::translateEvent(QByteArray &out, QByteArrayView, QByteArrayView data)
{
    if (data == "[DONE]") {
        start(out, {});
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
    // An error chunk carries an error object (or message); "error": null is an ordinary chunk.
    if (chunk.error.present()) {
        m_error = chunk.error.toStreamError();
        return;
    }
    if (chunk.hasUsage) {
        chunk.usage.mergeInto(m_usage);
        m_inputKnown = m_inputKnown || chunk.usage.promptTokens.has_value();
    }
    // Azure's first chunk (prompt filter results, no choices, empty id) gives nothing to start on.
    if (!chunk.hasChoices && !chunk.hasUsage)
        return;
    start(out, chunk.id);
    for (const ChatChoice &c : std::as_const(chunk.choices))
        choice(out, c);
}

// message_start, once. The prompt tokens come in the usage chunk at the end: message_start says 0
// unless a chunk before it told them, message_delta carries them.
void ChatStreamToMessages::start(QByteArray &out, const QString &chunkId)
{
    if (m_started)
        return;
    m_started = true;
    QString id = chunkId.startsWith(u"chatcmpl-"_s) ? chunkId.sliced(9) : chunkId;
    if (id.isEmpty())
        id = u"translated"_s;
    QByteArray json = "{\"type\":\"message_start\",\"message\":{\"id\":";
    Util::appendJsonString(json, QString(u"msg_"_s + id));
    Util::appendAll(json, ",\"type\":\"message\",\"role\":\"assistant\",\"model\":");
    Util::appendJsonString(json, m_model);
    Util::appendAll(json,
                    ",\"content\":[],\"stop_reason\":null,\"stop_sequence\":null,\"usage\":{"
                    "\"input_tokens\":",
                    Util::Decimal(m_usage.inputTokens), ",\"output_tokens\":0}}}");
    event(out, "message_start", json);
}

void ChatStreamToMessages::choice(QByteArray &out, const ChatChoice &choice)
{
    // A refusal (structured outputs) is text the caller reads.
    if (!choice.refusal.isEmpty())
        text(out, choice.refusal);
    if (!choice.content.isEmpty())
        text(out, choice.content);
    for (const ChatToolFragment &call : choice.toolCalls)
        toolCall(out, call);
    if (!choice.finishReason.isEmpty())
        m_stopReason = stopReason(choice.finishReason);
}

void ChatStreamToMessages::text(QByteArray &out, const QString &text)
{
    if (m_open < 0 || !m_openIsText) {
        closeBlock(out);
        m_open = m_blocks++;
        m_openIsText = true;
        QByteArray json;
        Util::appendAll(json, "{\"type\":\"content_block_start\",\"index\":", Util::Decimal(m_open),
                        ",\"content_block\":{\"type\":\"text\",\"text\":\"\"}}");
        event(out, "content_block_start", json);
    }
    QByteArray json;
    Util::appendAll(json, "{\"type\":\"content_block_delta\",\"index\":", Util::Decimal(m_open),
                    ",\"delta\":{\"type\":\"text_delta\",\"text\":");
    Util::appendJsonString(json, text);
    Util::appendAll(json, "}}");
    event(out, "content_block_delta", json);
}

// A tool call's first fragment (id and name) starts its tool_use block; its argument fragments
// are input_json_delta on that block. A fragment without an index belongs to the call its id
// names, else to the last call.
void ChatStreamToMessages::toolCall(QByteArray &out, const ChatToolFragment &call)
{
    const QString &id = call.id;
    qint64 index = call.index;
    if (index < 0) {
        const qint64 last = m_tools.empty() ? -1 : m_tools.back().index;
        index = last < 0 || (!id.isEmpty() && id != m_lastToolId) ? last + 1 : last;
    }
    auto found = std::find_if(m_tools.begin(), m_tools.end(),
                              [index](const ToolCall &t) { return t.index == index; });
    int block = found == m_tools.end() ? -1 : found->block;
    if (block < 0) {
        closeBlock(out);
        block = m_open = m_blocks++;
        m_openIsText = false;
        m_tools.push_back({ index, block });
        // A server that sends no id still gets one: the caller's tool_result must name it.
        m_lastToolId = id.isEmpty() ? u"toolu_translated_"_s + QString::number(index) : id;
        QByteArray json;
        Util::appendAll(json, "{\"type\":\"content_block_start\",\"index\":", Util::Decimal(block),
                        ",\"content_block\":{\"type\":\"tool_use\",\"id\":");
        Util::appendJsonString(json, m_lastToolId);
        Util::appendAll(json, ",\"name\":");
        Util::appendJsonString(json, call.name);
        Util::appendAll(json, ",\"input\":{}}}");
        event(out, "content_block_start", json);
    }
    if (call.arguments.isEmpty())
        return;
    QByteArray json;
    Util::appendAll(json, "{\"type\":\"content_block_delta\",\"index\":", Util::Decimal(block),
                    ",\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":");
    Util::appendJsonString(json, call.arguments);
    Util::appendAll(json, "}}");
    event(out, "content_block_delta", json);
}

void ChatStreamToMessages::closeBlock(QByteArray &out)
{
    if (m_open < 0)
        return;
    QByteArray json;
    Util::appendAll(json, "{\"type\":\"content_block_stop\",\"index\":", Util::Decimal(m_open),
                    "}");
    event(out, "content_block_stop", json);
    m_open = -1;
}

void ChatStreamToMessages::done(QByteArray &out)
{
    closeBlock(out);
    QByteArray json;
    Util::appendAll(json, "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":", m_stopReason,
                    ",\"stop_sequence\":null},\"usage\":{");
    if (m_inputKnown)
        Util::appendAll(json, "\"input_tokens\":", Util::Decimal(m_usage.inputTokens), ",");
    Util::appendAll(json, "\"output_tokens\":", Util::Decimal(m_usage.outputTokens), "}}");
    event(out, "message_delta", json);
    event(out, "message_stop", "{\"type\":\"message_stop\"}");
    m_complete = true;
}

void ChatStreamToMessages::event(QByteArray &out, QByteArrayView name, QByteArrayView json)
{
    Util::appendAll(out, "event: ", name, "\ndata: ", json, "\n\n");
    ++m_events;
}

} // namespace

std::unique_ptr<StreamTranslator> chatStreamToMessages(const QString &model)
{
    return std::make_unique<ChatStreamToMessages>(model);
}

} // namespace Translation
