#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace Gateway::Simulated {

enum class Api { Chat, Messages, Embeddings, CountTokens };

// Which API a simulator URL path asks for ("…/messages", "…/messages/count_tokens",
// "…/embeddings", else chat completions).
Api apiForPath(const QString &path);

struct Answer;

// Plausible provider bodies with usage, in the shape of the API (OpenAI or Anthropic): the text,
// JSON or tool call of `answer` (simulatoranswer.h).
QByteArray completeBody(Api api, const QString &model, const Answer &answer, int inputTokens);
// base64: each vector as base64 of little-endian float32, as OpenAI answers encoding_format
// "base64" (the official SDKs ask for it by default and decode it).
QByteArray embeddingBody(const QString &model, int inputs, int inputTokens, bool base64 = false);
// SSE events (each ends with a blank line), including the terminator ([DONE] / message_stop).
QList<QByteArray> streamEvents(Api api, const QString &model, const Answer &answer,
                               int inputTokens);
QByteArray errorBody(Api api, int status, const QString &type, const QString &message);
QStringList answerWords(const QString &connection, int count);

} // namespace Gateway::Simulated
