#include "streamevents.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <simdjson.h>
#include <string_view>

using namespace Qt::StringLiterals;

namespace Translation {

void UsageFields::mergeInto(Domain::Usage &usage) const
{
    if (promptTokens)
        usage.inputTokens = *promptTokens;
    if (completionTokens)
        usage.outputTokens = *completionTokens;
    if (inputTokens)
        usage.inputTokens = *inputTokens;
    if (outputTokens)
        usage.outputTokens = *outputTokens;
}

StreamError ErrorFields::toStreamError() const
{
    if (!isObject)
        return { {}, string };
    return { type.isEmpty() ? code : type, message };
}

namespace {

// Events larger than this (a whole tool input in one delta) are read by Qt rather than growing the
// thread's parser buffers for good.
constexpr size_t kFastMaxBytes = 64 * 1024;

// --- simdjson ---

using Element = simdjson::dom::element;
using simdjson::SUCCESS;

simdjson::dom::parser &threadParser()
{
    thread_local simdjson::dom::parser parser(kFastMaxBytes);
    return parser;
}

QString text(Element v)
{
    std::string_view s;
    if (v.get_string().get(s) != SUCCESS)
        return {};
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

// QJsonValue::toInteger(): an integer, or a double that is one exactly, else the default.
qint64 integer(Element v, qint64 defaultValue)
{
    if (int64_t i; v.get_int64().get(i) == SUCCESS)
        return i;
    if (double d; v.get_double().get(d) == SUCCESS && d >= -9223372036854775808.0
        && d < 9223372036854775808.0 && double(qint64(d)) == d)
        return qint64(d);
    return defaultValue;
}

UsageFields usageFields(Element v)
{
    UsageFields u;
    simdjson::dom::object o;
    if (v.get_object().get(o) != SUCCESS)
        return u;
    for (const simdjson::dom::key_value_pair member : o) {
        if (member.key == "prompt_tokens")
            u.promptTokens = integer(member.value, 0);
        else if (member.key == "completion_tokens")
            u.completionTokens = integer(member.value, 0);
        else if (member.key == "input_tokens")
            u.inputTokens = integer(member.value, 0);
        else if (member.key == "output_tokens")
            u.outputTokens = integer(member.value, 0);
    }
    return u;
}

ErrorFields errorFields(Element v)
{
    ErrorFields e;
    simdjson::dom::object o;
    if (v.get_object().get(o) != SUCCESS) {
        e.string = text(v);
        return e;
    }
    e.isObject = true;
    for (const simdjson::dom::key_value_pair member : o) {
        if (member.key == "code")
            e.code = text(member.value);
        else if (member.key == "type")
            e.type = text(member.value);
        else if (member.key == "message")
            e.message = text(member.value);
    }
    return e;
}

// Calls f(key, value) for each member of v when it is an object; the last of a repeated key wins
// because each assignment replaces the one before.
template<typename F> void members(Element v, F f)
{
    simdjson::dom::object o;
    if (v.get_object().get(o) != SUCCESS)
        return;
    for (const simdjson::dom::key_value_pair member : o)
        f(member.key, member.value);
}

void fastBlock(Element v, AnthropicEvent &e)
{
    e.blockType = e.blockText = e.toolId = e.toolName = e.toolInput = QString();
    members(v, [&](std::string_view key, Element value) {
        if (key == "type") {
            e.blockType = text(value);
        } else if (key == "text") {
            e.blockText = text(value);
        } else if (key == "id") {
            e.toolId = text(value);
        } else if (key == "name") {
            e.toolName = text(value);
        } else if (key == "input") {
            simdjson::dom::object input;
            const bool filled = value.get_object().get(input) == SUCCESS && input.size() > 0;
            e.toolInput = filled ? QString::fromStdString(simdjson::minify(value)) : QString();
        }
    });
}

void fastDelta(Element v, AnthropicEvent &e)
{
    e.deltaType = e.deltaText = e.partialJson = e.stopReason = QString();
    members(v, [&](std::string_view key, Element value) {
        if (key == "type")
            e.deltaType = text(value);
        else if (key == "text")
            e.deltaText = text(value);
        else if (key == "partial_json")
            e.partialJson = text(value);
        else if (key == "stop_reason")
            e.stopReason = text(value);
    });
}

void fastMessage(Element v, AnthropicEvent &e)
{
    e.messageId = QString();
    e.messageUsage = {};
    members(v, [&](std::string_view key, Element value) {
        if (key == "id")
            e.messageId = text(value);
        else if (key == "usage")
            e.messageUsage = usageFields(value);
    });
}

std::optional<Element> fastRoot(QByteArrayView data)
{
    // Empty: no document, and a view of nothing may hold no pointer to give the parser.
    if (data.isEmpty() || size_t(data.size()) > kFastMaxBytes)
        return std::nullopt;
    Element root;
    if (threadParser().parse(data.data(), size_t(data.size())).get(root) != SUCCESS
        || !root.is_object())
        return std::nullopt;
    return root;
}

ChatToolFragment fastToolFragment(Element v)
{
    ChatToolFragment t;
    members(v, [&](std::string_view key, Element value) {
        if (key == "index") {
            t.index = integer(value, -1);
        } else if (key == "id") {
            t.id = text(value);
        } else if (key == "function") {
            t.name = t.arguments = QString();
            members(value, [&](std::string_view fkey, Element fvalue) {
                if (fkey == "name")
                    t.name = text(fvalue);
                else if (fkey == "arguments")
                    t.arguments = text(fvalue);
            });
        }
    });
    return t;
}

// The choice, or nullopt when its index is not 0.
std::optional<ChatChoice> fastChoice(Element v)
{
    ChatChoice c;
    qint64 index = 0;
    members(v, [&](std::string_view key, Element value) {
        if (key == "index") {
            index = integer(value, 0);
        } else if (key == "finish_reason") {
            c.finishReason = text(value);
        } else if (key == "delta") {
            c.content = c.refusal = QString();
            c.toolCalls.clear();
            members(value, [&](std::string_view dkey, Element dvalue) {
                if (dkey == "content") {
                    c.content = text(dvalue);
                } else if (dkey == "refusal") {
                    c.refusal = text(dvalue);
                } else if (dkey == "tool_calls") {
                    c.toolCalls.clear();
                    simdjson::dom::array calls;
                    if (dvalue.get_array().get(calls) == SUCCESS) {
                        for (const Element call : calls)
                            c.toolCalls << fastToolFragment(call);
                    }
                }
            });
        }
    });
    if (index != 0)
        return std::nullopt;
    return c;
}

// --- QJsonDocument ---

std::optional<QJsonObject> qtRoot(QByteArrayView data)
{
    QJsonParseError error;
    const QJsonDocument doc
        = QJsonDocument::fromJson(QByteArray::fromRawData(data.data(), data.size()), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return std::nullopt;
    return doc.object();
}

UsageFields usageFields(const QJsonValue &v)
{
    const QJsonObject o = v.toObject();
    UsageFields u;
    auto field = [&o](const QString &key) -> std::optional<qint64> {
        const auto it = o.constFind(key);
        return it == o.constEnd() ? std::nullopt : std::optional<qint64>(it->toInteger(0));
    };
    u.promptTokens = field(u"prompt_tokens"_s);
    u.completionTokens = field(u"completion_tokens"_s);
    u.inputTokens = field(u"input_tokens"_s);
    u.outputTokens = field(u"output_tokens"_s);
    return u;
}

ErrorFields errorFields(const QJsonValue &v)
{
    ErrorFields e;
    if (!v.isObject()) {
        e.string = v.toString();
        return e;
    }
    const QJsonObject o = v.toObject();
    e.isObject = true;
    e.code = o.value(u"code"_s).toString();
    e.type = o.value(u"type"_s).toString();
    e.message = o.value(u"message"_s).toString();
    return e;
}

} // namespace

std::optional<AnthropicEvent> readAnthropicEventFast(QByteArrayView data)
{
    const std::optional<Element> root = fastRoot(data);
    if (!root)
        return std::nullopt;
    AnthropicEvent e;
    members(*root, [&](std::string_view key, Element value) {
        if (key == "type")
            e.type = text(value);
        else if (key == "error")
            e.error = errorFields(value);
        else if (key == "message")
            fastMessage(value, e);
        else if (key == "usage")
            e.usage = usageFields(value);
        else if (key == "index")
            e.index = integer(value, -1);
        else if (key == "content_block")
            fastBlock(value, e);
        else if (key == "delta")
            fastDelta(value, e);
    });
    return e;
}

std::optional<AnthropicEvent> readAnthropicEventQt(QByteArrayView data)
{
    const std::optional<QJsonObject> root = qtRoot(data);
    if (!root)
        return std::nullopt;
    AnthropicEvent e;
    e.type = root->value(u"type"_s).toString();
    if (root->contains(u"error"_s))
        e.error = errorFields(root->value(u"error"_s));
    const QJsonObject message = root->value(u"message"_s).toObject();
    e.messageId = message.value(u"id"_s).toString();
    e.messageUsage = usageFields(message.value(u"usage"_s));
    e.usage = usageFields(root->value(u"usage"_s));
    e.index = root->value(u"index"_s).toInteger(-1);
    const QJsonObject block = root->value(u"content_block"_s).toObject();
    e.blockType = block.value(u"type"_s).toString();
    e.blockText = block.value(u"text"_s).toString();
    e.toolId = block.value(u"id"_s).toString();
    e.toolName = block.value(u"name"_s).toString();
    const QJsonObject input = block.value(u"input"_s).toObject();
    if (!input.isEmpty())
        e.toolInput = QString::fromUtf8(QJsonDocument(input).toJson(QJsonDocument::Compact));
    const QJsonObject delta = root->value(u"delta"_s).toObject();
    e.deltaType = delta.value(u"type"_s).toString();
    e.deltaText = delta.value(u"text"_s).toString();
    e.partialJson = delta.value(u"partial_json"_s).toString();
    e.stopReason = delta.value(u"stop_reason"_s).toString();
    return e;
}

std::optional<ChatChunk> readChatChunkFast(QByteArrayView data)
{
    const std::optional<Element> root = fastRoot(data);
    if (!root)
        return std::nullopt;
    ChatChunk c;
    members(*root, [&](std::string_view key, Element value) {
        if (key == "error") {
            c.error = errorFields(value);
        } else if (key == "id") {
            c.id = text(value);
        } else if (key == "usage") {
            c.hasUsage = value.is_object();
            c.usage = usageFields(value);
        } else if (key == "choices") {
            c.choices.clear();
            simdjson::dom::array choices;
            c.hasChoices = value.get_array().get(choices) == SUCCESS && choices.size() > 0;
            if (!c.hasChoices)
                return;
            for (const Element choice : choices) {
                if (std::optional<ChatChoice> zero = fastChoice(choice))
                    c.choices << *zero;
            }
        }
    });
    return c;
}

std::optional<ChatChunk> readChatChunkQt(QByteArrayView data)
{
    const std::optional<QJsonObject> root = qtRoot(data);
    if (!root)
        return std::nullopt;
    ChatChunk c;
    if (root->contains(u"error"_s))
        c.error = errorFields(root->value(u"error"_s));
    c.id = root->value(u"id"_s).toString();
    const QJsonValue usage = root->value(u"usage"_s);
    c.hasUsage = usage.isObject();
    c.usage = usageFields(usage);
    const QJsonArray choices = root->value(u"choices"_s).toArray();
    c.hasChoices = !choices.isEmpty();
    for (const QJsonValue &v : choices) {
        const QJsonObject choice = v.toObject();
        if (choice.value(u"index"_s).toInteger(0) != 0)
            continue;
        ChatChoice zero;
        zero.finishReason = choice.value(u"finish_reason"_s).toString();
        const QJsonObject delta = choice.value(u"delta"_s).toObject();
        zero.content = delta.value(u"content"_s).toString();
        zero.refusal = delta.value(u"refusal"_s).toString();
        for (const QJsonValue &call : delta.value(u"tool_calls"_s).toArray()) {
            const QJsonObject o = call.toObject();
            const QJsonObject function = o.value(u"function"_s).toObject();
            zero.toolCalls << ChatToolFragment { o.value(u"index"_s).toInteger(-1),
                                                 o.value(u"id"_s).toString(),
                                                 function.value(u"name"_s).toString(),
                                                 function.value(u"arguments"_s).toString() };
        }
        c.choices << zero;
    }
    return c;
}

bool readAnthropicEvent(QByteArrayView data, AnthropicEvent &event)
{
    std::optional<AnthropicEvent> e = readAnthropicEventFast(data);
    if (!e)
        e = readAnthropicEventQt(data);
    if (e)
        event = std::move(*e);
    return e.has_value();
}

bool readChatChunk(QByteArrayView data, ChatChunk &chunk)
{
    std::optional<ChatChunk> c = readChatChunkFast(data);
    if (!c)
        c = readChatChunkQt(data);
    if (c)
        chunk = std::move(*c);
    return c.has_value();
}

} // namespace Translation
