#pragma once

#include "simulator/simulatorbodies.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>
#include <optional>

namespace Gateway::Simulated {

// What the simulator answers a request with, in kind: a request offering tools gets a call of one
// of them (the one tool_choice names, else the first) whose arguments are valid for the tool's
// schema, until the conversation ends with that call's result, which gets a text answer; a
// request for a JSON schema (chat's response_format, Anthropic's output_format) gets JSON valid
// against it; anything else gets `words`.
struct Answer
{
    struct ToolCall
    {
        QString id;
        QString name;
        QByteArray arguments; // compact JSON
    };
    QStringList words; // the text, a piece per word (one piece for JSON)
    std::optional<ToolCall> toolCall;
    int outputTokens() const;
};

// `malformed`: the answer a caller's code cannot use instead (SimulatorSettings::malformedRate): a
// tool call written as text in the content, JSON that ignores the schema.
Answer answerFor(Api api, const QJsonObject &request, const QStringList &words,
                 bool malformed = false);

// A value valid against `schema` (JSON Schema's type, properties, required, items, minItems,
// enum, const, anyOf/oneOf/allOf, minimum, minLength, format), the same for the same schema: the
// first enum value, the required properties (and the others), one item per array.
QJsonValue exampleOf(const QJsonObject &schema);

} // namespace Gateway::Simulated
