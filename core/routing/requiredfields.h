#pragma once

#include "domain/enums.h"

#include <QJsonObject>
#include <QString>
#include <optional>

namespace Routing {

// A required caller field that is missing or of the wrong kind (R-DET): 400 invalid_request
// naming the field, before any attempt (no attempt, no cooldown).
struct FieldError
{
    QString field; // "model", "messages", "max_tokens", "input"
    QString message; // SPEC's fixed English, names the field
};

// `model`, a non-empty string, on every endpoint. Checked first: routing needs it.
std::optional<FieldError> checkModelField(const QJsonObject &body);

// The other required fields of `endpoint`, on the body as the upstream would get it (preset alias
// defaults applied): `messages` a non-empty array on chat completions and messages, `max_tokens`
// an integer >= 1 on messages, `input` a non-empty string or array on embeddings. Checked after
// alias resolution and before directives; nothing else of the body is judged (providers do).
std::optional<FieldError> checkRequiredFields(const QJsonObject &body, Domain::Endpoint endpoint);

} // namespace Routing
