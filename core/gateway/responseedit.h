#pragma once

#include "domain/receipt.h"
#include "translation/responses.h"
#include "translation/streamtranslator.h"
#include "translation/translation.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <optional>

namespace Gateway {

// Token usage in an OpenAI (prompt/completion_tokens) or Anthropic (input/output_tokens) object,
// merged into `usage` (fields present overwrite).
void readUsage(const QJsonObject &usageObject, Domain::Usage &usage);

// body (a JSON object that parsed) with the value of every top-level "model" key replaced by
// `value` (a JSON literal), every other byte as it came; nullopt when no top-level key is spelt
// plainly "model" (e.g. with an escape): then the caller re-serialises instead. modelKeys, when the
// caller knows it (JsonFields::modelKeys), is how many top-level keys decode to "model": the walk
// ends after the last of them instead of at the body's end, and gives nullopt unless every one of
// them was spelt plainly.
std::optional<QByteArray> spliceTopLevelModel(const QByteArray &body, const QByteArray &value,
                                              int modelKeys = -1);

// A complete non-streaming answer with `model` set to the name the caller should see (R-ALIAS-2,
// R-FALL-*). nullopt when the body is not a JSON object (an undecodable 2xx, R-REC-8).
std::optional<QByteArray> rewriteCompleteBody(const QByteArray &body, const QString &model,
                                              Domain::Usage &usage);

// Whether an upstream error body is a content-policy refusal (R-REC-8): OpenAI's
// content_policy_violation / content_filter codes, Anthropic's "content filtering policy".
bool isContentRefusal(int httpStatus, const QByteArray &errorBody);

// A complete 2xx answer as the caller receives it: rewriteCompleteBody(), or the answer translated
// to the caller's API (R-XLAT-1, R-RESP-3). `shown`: the model the caller sees, the call's start
// (a translated chat answer's `created`) and, for a Responses call, the response id.
std::optional<QByteArray> completeAnswer(Domain::ApiTranslation translation, const QByteArray &body,
                                         const Translation::ResponseIdentity &shown,
                                         Domain::Usage &usage);

using StreamError = Translation::StreamError;

// Passes an SSE stream through event by event, rewriting the `model` of every chunk (OpenAI
// top-level `model`, Anthropic message_start `message.model`) and collecting usage on the way.
// Two things are held back, so the caller's status line waits for the first real event (SPEC §2
// step 5, R-DET): comment-only events before the first event (dropped: they are keep-alives for a
// status line the caller has not had yet) and an error event, which ends the pass-through.
// complete() stays false: an upstream speaking the caller's own API ends its stream itself.
class SseRewriter final : public Translation::StreamTranslator
{
public:
    explicit SseRewriter(QString model)
        : m_model(std::move(model))
    {
    }

    // Complete events out of what arrived so far; a partial event waits for its end. Nothing
    // comes out from an error event on (upstreamError() is set).
    QByteArray feed(const QByteArray &data) override;
    // Whatever is left (an unterminated last event) as it came.
    QByteArray takeRest() override;

private:
    bool appendEvent(QByteArray &out, QByteArrayView event);
    QByteArray rewriteData(const QByteArray &json);

    QString m_model;
    QByteArray m_modelLiteral; // m_model as a JSON string, made on first use
    QByteArray m_buffer;
    qsizetype m_scanFrom = 0; // where feed() looks for the end of the event m_buffer starts
    int m_dataEvents = 0; // events with a data line passed on
};

// The stream's editor for one attempt: an SseRewriter when the connection speaks the caller's API,
// else the translator to it (R-XLAT-4). `includeUsage`: a chat caller's
// stream_options.include_usage.
std::unique_ptr<Translation::StreamTranslator>
newStreamEditor(Domain::ApiTranslation translation, const Translation::ResponseIdentity &shown,
                bool includeUsage);

} // namespace Gateway
