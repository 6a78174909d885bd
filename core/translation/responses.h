#pragma once

#include "domain/receipt.h"
#include "translation/streamtranslator.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <memory>
#include <optional>
#include <variant>

// OpenAI's Responses API as a third caller API (SPEC §3b, R-RESP-*): a Responses request becomes a
// chat-completions request (which translation.h turns into a messages request for an Anthropic
// connection); the chat answer, whole or event by event, becomes a `response` object or the
// Responses stream events. Pure functions, no network; docs/translation.md has the table.
namespace Translation {

// Why a Responses request cannot be served at all: answered 400 before routing. `code` is
// "unsupported_parameter" (R-RESP-2: stateful parameters; a field no connection can carry, such as
// a built-in tool) or "invalid_request" (a malformed input item); `param` names the field as the
// caller wrote it ("previous_response_id", "tools[1].type", "input[2].type").
struct ResponsesRefusal
{
    QString code;
    QString param;
    QString message;
};

// R-RESP-1..3: the chat-completions request that serves a Responses request: `instructions` and
// system/developer items as a first system message, `input` (a string, or message /
// function_call / function_call_output items) as messages, function tools and tool_choice,
// max_output_tokens as max_tokens, temperature, top_p, text.format as response_format,
// parallel_tool_calls, user (else safety_identifier), reasoning.effort as reasoning_effort; a
// streamed one asks for stream_options.include_usage. Fields with no effect on the answer (store,
// metadata, include, truncation, service_tier, prompt_cache_key, the caller's stream_options) and
// reasoning items are dropped; fields the Responses API does not define go on as they came, and
// `model` is kept as it came.
std::variant<QJsonObject, ResponsesRefusal> responsesRequestToChat(const QJsonObject &responses);

// What a Responses answer says of its call besides the upstream's answer.
struct ResponseIdentity
{
    QString id; // "resp_…", from the gateway's request id
    QString model; // the name the caller sees (SPEC §2)
    qint64 createdAt = 0; // seconds since the epoch
};

// R-RESP-3: a complete 2xx chat-completions answer as a `response` object: `output` items
// (`message` with `output_text` parts, or a `refusal` part; one `function_call` per tool call),
// `usage` (input/output/total tokens), `status` "completed", or "incomplete" with
// incomplete_details.reason "max_output_tokens" (finish_reason length) or "content_filter". Item
// ids are "msg_"/"fc_" + the response id without "resp_" + "_" + the item's index in `output`,
// as the stream translators write them.
// nullopt when the answer is not a chat-completions JSON object (an undecodable 2xx, R-REC-8).
std::optional<QByteArray> chatAnswerToResponses(const QByteArray &chatAnswer,
                                                const ResponseIdentity &identity,
                                                Domain::Usage &usage);
// The same from an Anthropic messages answer (through messagesAnswerToChat()).
std::optional<QByteArray> messagesAnswerToResponses(const QByteArray &messagesAnswer,
                                                    const ResponseIdentity &identity,
                                                    Domain::Usage &usage);

// R-RESP-4: an OpenAI chat stream (asked with stream_options.include_usage) as Responses events,
// each `event: <type>` + `data: {…"type","sequence_number"…}` with sequence_number counting up
// from 0: response.created, response.in_progress, then per output item output_item.added,
// content_part.added, output_text.delta… / function_call_arguments.delta…, their .done events,
// content_part.done, output_item.done, and at the upstream's `[DONE]` response.completed (or
// response.incomplete with incomplete_details) carrying the whole response object. No `[DONE]`
// follows: the Responses stream ends with its last event.
std::unique_ptr<StreamTranslator> chatStreamToResponses(const ResponseIdentity &identity);
// The same from an Anthropic messages stream (through messagesStreamToChat()).
std::unique_ptr<StreamTranslator> messagesStreamToResponses(const ResponseIdentity &identity);

} // namespace Translation
