#pragma once

#include "domain/receipt.h"

#include <QByteArray>

// What the gateway reads from a provider's JSON object on the hot path, found without building a
// QJsonDocument: simdjson (DESIGN.md "Dependencies") parses and validates the bytes in place, ~10×
// fewer instructions than QJsonDocument::fromJson for an answer or a stream chunk.
namespace Gateway {

struct JsonFields
{
    bool hasModel = false; // a top-level "model" key
    bool error = false; // a top-level "error" that is an object or a non-empty string
    bool messageStart = false; // "type": "message_start" (Anthropic)
    Domain::Usage usage; // from a top-level "usage" object, merged as readUsage() does
};

// The fields of a JSON object; nullopt when simdjson cannot read it (not an object, invalid, or
// something it does not take that QJsonDocument does, such as an integer beyond 64 bits): then the
// caller reads it the slow way, so the answer is judged exactly as before.
std::optional<JsonFields> scanObject(const QByteArray &json, Domain::Usage usage);

} // namespace Gateway
