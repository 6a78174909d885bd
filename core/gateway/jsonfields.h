#pragma once

#include "domain/receipt.h"
#include "routing/requestsummary.h"
#include "sessions/classifier.h"

#include <QByteArray>
#include <optional>
#include <string_view>

// What the gateway reads from JSON on the hot path, found without building a QJsonDocument:
// simdjson (DESIGN.md "Dependencies") parses and validates the bytes in place, ~10× fewer
// instructions than QJsonDocument::fromJson. Both readers give nullopt where simdjson cannot read
// the bytes (invalid, not an object, something only QJsonDocument takes such as "1." or an integer
// beyond 64 bits, or a document over kScanMaxBytes): the caller then reads them with Qt, so nothing
// is judged differently.
namespace Gateway {

// The thread's one simdjson parser keeps buffers for documents up to this size (about 13 × that in
// memory); a larger one (images inline, many embeddings) is read by Qt rather than growing them
// for good.
inline constexpr qsizetype kScanMaxBytes = 1024 * 1024;

// Spare capacity after the bytes that lets the parser read them where they are: without it, it
// copies them into a buffer of its own first (simdjson's SIMDJSON_PADDING). A caller's body is
// received into a buffer that has it (HttpConnection).
inline constexpr qsizetype kScanPaddingBytes = 64;

// The array's block has kScanPaddingBytes after its last byte: the readers below use the bytes in
// place (a read past the block would be out of bounds).
bool hasScanPadding(const QByteArray &bytes);

// What the gateway reads from a provider's answer or stream chunk.
struct JsonFields
{
    int modelKeys = 0; // top-level keys that decode to "model" (a repeated key counts each time)
    bool error = false; // a top-level "error" that is an object or a non-empty string
    bool messageStart = false; // "type": "message_start" (Anthropic)
    Domain::Usage usage; // from a top-level "usage" object, merged as readUsage() does
};

std::optional<JsonFields> scanObject(const QByteArray &json, Domain::Usage usage);

// What routing and the attempts read of a caller's body (R-DET, R-BILL-1, the planner's needs).
// Values as QJsonObject has them: a repeated key's last value, numbers as QJsonValue reads them.
struct BodySummary
{
    QString model; // empty unless a non-empty string
    bool stream = false; // "stream": true
    bool usesTools = false;
    QString webSearchToolVersion;
    Routing::RequestSummary::ResponseFormat responseFormat
        = Routing::RequestSummary::ResponseFormat::None;
    bool vision = false;
    qint64 maxOutputTokens = 0; // max_tokens, else max_completion_tokens, as QJsonValue::toInteger
    Routing::RequiredFields requiredFields;
    // Translation::fieldNotCarried() of the body in its endpoint's API (R-XLAT-3).
    QString notCarried;

    bool operator==(const BodySummary &) const = default;
};

// simdjson never takes a body QJsonDocument refuses, and reads the same summary for `endpoint`. A
// body that the other API might not carry (n, logprobs, a server tool, a part or block other than
// text and images; for messages also images and tool results) is left to summariseBody(), which
// asks the translation module.
// (fuzz_requestintake checks both against summariseBody in requestintake.h). modelKeys, when
// given, is set to the number of top-level keys that decode to "model" (a repeated key counts each
// time): what spliceTopLevelModel needs to stop at the last one.
// signals, when given, gets the body's mixed-model session signals (Sessions::measure) while the
// parse is at hand, whenever the bytes parse (even when the summary is then left to Qt).
std::optional<BodySummary> scanRequest(const QByteArray &body, int *modelKeys = nullptr,
                                       Domain::Endpoint endpoint
                                       = Domain::Endpoint::ChatCompletions,
                                       std::optional<Sessions::Signals> *signals = nullptr);

// The two string values the summary classifies, shared with the QJsonDocument reading.
bool isVisionPartType(std::string_view type);
Routing::RequestSummary::ResponseFormat responseFormatNamed(std::string_view type);

} // namespace Gateway
