#pragma once

#include "domain/receipt.h"

#include <QByteArray>
#include <QString>
#include <memory>
#include <optional>

namespace Translation {

// Where the SSE event starting at `from` ends: at the earliest blank line, "\n\n" or "\r\n\r\n"
// (which starts one byte before its first '\n'). `scan` is where to go on looking, moved along
// so that each byte is looked at once however the stream is cut; cut < 0 while the event is not
// complete.
struct EventEnd
{
    qsizetype cut = -1;
    qsizetype separatorLength = 0;
};
EventEnd findEventEnd(const char *bytes, qsizetype size, qsizetype from, qsizetype &scan);

// An error event inside a 2xx stream (OpenAI `data: {"error":…}`, Anthropic `event: error`): the
// upstream's error type and message, empty when it sent none.
struct StreamError
{
    QString type;
    QString message;
};

// Turns one API's SSE stream into the other's, event by event as the bytes arrive (R-XLAT-4): a
// translated event comes out as soon as the upstream event it rests on is complete; nothing of the
// whole answer is buffered. Keep-alives (comments, Anthropic `ping`) are dropped. An upstream
// error event ends the translation: neither it nor anything after it comes out, and the caller's
// ending (`[DONE]`, `message_stop`) is never given; the executor writes the caller's error event.
class StreamTranslator
{
public:
    virtual ~StreamTranslator() = default;
    // Complete translated events out of what arrived so far; a partial upstream event waits.
    virtual QByteArray feed(const QByteArray &data) = 0;
    // The unterminated rest of the upstream's bytes, as it came (non-empty: the stream was cut).
    virtual QByteArray takeRest() = 0;
    // The upstream's own ending arrived (`message_stop`, `data: [DONE]`) and the caller's was
    // given out by feed(): false at the upstream's end means the stream was cut short.
    bool complete() const { return m_complete; }
    const Domain::Usage &usage() const { return m_usage; }
    int events() const { return m_events; } // translated events given out
    const std::optional<StreamError> &upstreamError() const { return m_error; }
    // The event that ends the caller's stream after a failure partway (R-STR-1, R-RESP-4) in the
    // caller's API; empty when the route's error event serves (errorshape.h streamErrorEvent()).
    virtual QByteArray failureEvent(const QString &code, const QString &message)
    {
        Q_UNUSED(code);
        Q_UNUSED(message);
        return {};
    }

protected:
    bool m_complete = false;
    Domain::Usage m_usage;
    int m_events = 0;
    std::optional<StreamError> m_error;
};

// An Anthropic messages stream as OpenAI chat.completion.chunk events for a chat caller: text
// deltas as delta.content, tool_use blocks as delta.tool_calls[i] (id and name first, then
// function.arguments from input_json_delta), the stop reason as finish_reason, a usage chunk
// (choices: []) before `data: [DONE]` when `includeUsage` (the caller's
// stream_options.include_usage). `model` is what the caller sees; `created` (seconds since the
// epoch) goes into every chunk.
std::unique_ptr<StreamTranslator> messagesStreamToChat(const QString &model, qint64 created,
                                                       bool includeUsage);
// An OpenAI chat stream (asked with stream_options.include_usage) as Anthropic events for a
// messages caller: message_start, content_block_start/delta/stop for text and each tool call
// (input_json_delta), message_delta with the stop reason and the output tokens, message_stop.
std::unique_ptr<StreamTranslator> chatStreamToMessages(const QString &model);

} // namespace Translation
