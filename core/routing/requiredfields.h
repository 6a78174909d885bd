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

// `model`, a non-empty string, on every endpoint: the refusal when it is not. Checked first, by the
// gateway's intake: routing needs it.
FieldError missingModelField();

// The top-level fields checkRequiredFields judges, each as absent, of the required kind or not:
// what the router keeps of a caller's body, so that no document travels with the call.
struct RequiredFields
{
    enum class State : quint8 { Absent, Valid, Invalid };
    State messages = State::Absent; // a non-empty array
    State maxTokens = State::Absent; // an integer >= 1
    State input = State::Absent; // a non-empty string or array

    bool operator==(const RequiredFields &) const = default;
};

RequiredFields requiredFieldsOf(const QJsonObject &body);
// The fields once an alias's preset defaults are added as Routing::applyPresetDefaults adds them:
// a default fills an absent field only; on chat completions a `system` default always leaves a
// non-empty `messages` array.
RequiredFields withPresetDefaults(RequiredFields fields, const QJsonObject &defaults,
                                  Domain::Endpoint endpoint);

// The other required fields of `endpoint`, on the body as the upstream would get it (preset alias
// defaults applied): `messages` a non-empty array on chat completions and messages, `max_tokens`
// an integer >= 1 on messages, `input` a non-empty string or array on embeddings. Checked after
// alias resolution and before directives; nothing else of the body is judged (providers do).
std::optional<FieldError> checkRequiredFields(const RequiredFields &fields,
                                              Domain::Endpoint endpoint);

} // namespace Routing
