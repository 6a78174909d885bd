#pragma once

#include "domain/receipt.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <optional>

// Between OpenAI's chat completions and Anthropic's messages (SPEC §3a, R-XLAT-*): pure functions,
// bytes and JSON in, bytes and JSON out, no network. docs/translation.md has the table, field by
// field. The gateway uses them when a candidate's connection speaks the other API.
namespace Translation {

// The API a request or an answer is written in.
enum class Api {
    Chat, // OpenAI chat completions (also Azure OpenAI)
    Messages, // Anthropic messages
};

// R-XLAT-3: the first field of a request written in `from` that the other API cannot carry
// ("n", "logprobs", "logit_bias", "response_format", "frequency_penalty", "presence_penalty";
// "top_k", "thinking"), "" when everything in it can be carried or dropped without effect.
QString fieldNotCarried(Api from, const QJsonObject &request);

// R-XLAT-2, R-XLAT-6: a chat-completions request as a messages request. A request naming no
// max_tokens (nor max_completion_tokens) gets `defaultMaxTokens` (the model's max output tokens).
// `model` is kept as it came: the executor sets the upstream's. Expects fieldNotCarried() == "".
QJsonObject chatRequestToMessages(const QJsonObject &chat, int defaultMaxTokens);
// The same on the caller's bytes, written straight into bytes with `model` set to `upstreamModel`
// (what the executor sends): nullopt when only the version above can say (bytes simdjson cannot
// read, a key only Qt can order). `stream` and `includeUsage` are the caller's "stream" and
// stream_options.include_usage as QJsonValue::toBool() reads them.
struct RequestBytes
{
    QByteArray body;
    bool stream = false;
    bool includeUsage = false;
};
std::optional<RequestBytes> chatRequestToMessagesBytes(const QByteArray &chat,
                                                       const QString &upstreamModel,
                                                       int defaultMaxTokens);
// A messages request as a chat-completions request; a streamed one asks for
// stream_options.include_usage, so the caller's message_delta can carry the real output tokens.
QJsonObject messagesRequestToChat(const QJsonObject &messages);
// The same on the caller's bytes, as chatRequestToMessagesBytes() is (includeUsage stays false).
std::optional<RequestBytes> messagesRequestToChatBytes(const QByteArray &messages,
                                                       const QString &upstreamModel);

// A complete 2xx answer of the upstream's API in the caller's: `model` is the name the caller sees
// (SPEC §2), usage is read on the way. nullopt when the answer is not a JSON object of that API
// (an undecodable 2xx, R-REC-8). `created`: seconds since the epoch for a chat answer's "created".
std::optional<QByteArray> messagesAnswerToChat(const QByteArray &answer, const QString &model,
                                               qint64 created, Domain::Usage &usage);
std::optional<QByteArray> chatAnswerToMessages(const QByteArray &answer, const QString &model,
                                               Domain::Usage &usage);

} // namespace Translation
