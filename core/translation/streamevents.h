#pragma once

#include "streamtranslator.h"

#include <QByteArrayView>
#include <QList>
#include <QString>
#include <optional>

// The fields the stream translators read from one upstream event, read by simdjson (a few hundred
// instructions for the usual event instead of QJsonDocument's thousands) or, when simdjson cannot
// read the bytes (invalid, something only Qt takes, or large), by QJsonDocument: Qt decides what is
// JSON. Both readers give what QJsonObject would give: a repeated key's last value, a number as
// QJsonValue::toInteger() has it, "" for a string that is not one.
namespace Translation {

// The usage fields present in a usage object.
struct UsageFields
{
    std::optional<qint64> promptTokens, completionTokens, inputTokens, outputTokens;

    // Merged into `usage` as Gateway::readUsage() does: fields present overwrite.
    void mergeInto(Domain::Usage &usage) const;
    bool operator==(const UsageFields &) const = default;
};

// A top-level "error": an object, or a non-empty string, makes the event an error event.
struct ErrorFields
{
    bool isObject = false;
    QString string; // when it is a string
    QString code, type, message; // when it is an object

    bool present() const { return isObject || !string.isEmpty(); }
    // The type (the code when it names none) and the message, as Domain::upstreamErrorFrom reads.
    StreamError toStreamError() const;
    bool operator==(const ErrorFields &) const = default;
};

struct AnthropicEvent
{
    QString type;
    ErrorFields error;
    QString messageId; // message.id
    UsageFields messageUsage; // message.usage (message_start)
    UsageFields usage; // usage (message_delta)
    qint64 index = -1;
    QString blockType, blockText, toolId, toolName; // content_block
    QString toolInput; // content_block.input as compact JSON, "" when not a non-empty object
    QString deltaType, deltaText, partialJson, stopReason; // delta

    bool operator==(const AnthropicEvent &) const = default;
};

struct ChatToolFragment
{
    qint64 index = -1;
    QString id, name, arguments;

    bool operator==(const ChatToolFragment &) const = default;
};

struct ChatChoice
{
    QString content, refusal, finishReason;
    QList<ChatToolFragment> toolCalls;

    bool operator==(const ChatChoice &) const = default;
};

struct ChatChunk
{
    ErrorFields error;
    QString id;
    bool hasUsage = false; // "usage" is an object
    UsageFields usage;
    bool hasChoices = false; // "choices" is a non-empty array
    QList<ChatChoice> choices; // those with index 0 (n > 1 is never asked for, R-XLAT-3)

    bool operator==(const ChatChunk &) const = default;
};

// False when the data is not a JSON object.
bool readAnthropicEvent(QByteArrayView data, AnthropicEvent &event);
bool readChatChunk(QByteArrayView data, ChatChunk &chunk);

// The two readers on their own, for the fuzz target that holds them to the same answers: nullopt
// when that reader cannot read the bytes.
std::optional<AnthropicEvent> readAnthropicEventFast(QByteArrayView data);
std::optional<AnthropicEvent> readAnthropicEventQt(QByteArrayView data);
std::optional<ChatChunk> readChatChunkFast(QByteArrayView data);
std::optional<ChatChunk> readChatChunkQt(QByteArrayView data);

} // namespace Translation
