#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <optional>

namespace Probes {

// Whether `value` is valid against `schema`, for the subset of JSON Schema that tool and
// structured-output schemas use: type (a name or an array of names; integer is a number without a
// fraction; nullable as ["string", "null"]), properties, required, additionalProperties (false or a
// schema), items (a schema or a tuple), minItems, maxItems, enum, const, minimum, maximum,
// exclusiveMinimum, exclusiveMaximum (a number, or draft 4's boolean), minLength, maxLength (in
// code points), pattern (unanchored; an invalid pattern is ignored), anyOf, oneOf, allOf, boolean
// schemas, and $ref to a JSON pointer inside `schema` ("#/$defs/…", "#/definitions/…", "#").
// Other keywords (format, description, …) are ignored. Returns the first violation as its path and
// reason, "$.days: 9 is above the maximum 7"; nullopt when the value is valid.
std::optional<QString> validate(const QJsonValue &value, const QJsonObject &schema);

} // namespace Probes
