#include "translation/contenttext.h"
#include "translation/fastjson.h"
#include "translation/translation.h"
#include "util/jsonliteral.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;
using Translation::Internal::isSet;
using Translation::Internal::joinedText;
using Translation::Internal::toolArguments;
using Translation::Internal::toolInput;

namespace Translation {
namespace {

// The pieces of the system prompt (each system or developer message, each text part or block) are
// joined by a blank line, in both directions.
constexpr QStringView kSystemSeparator = u"\n\n";
// Tool results are given by the caller piece by piece, as the system is.
constexpr QStringView kToolResultSeparator = u"\n\n";
// An assistant turn's text blocks are pieces of one reply (Anthropic splits at citations).
constexpr QStringView kAssistantSeparator = u"";

void copyIfSet(const QJsonObject &from, QJsonObject &to, const QString &key)
{
    const QJsonValue v = from.value(key);
    if (isSet(v))
        to.insert(key, v);
}

QJsonObject textBlock(const QString &text)
{
    return { { u"type"_s, u"text"_s }, { u"text"_s, text } };
}

// --- chat completions -> messages -------------------------------------------------------------

// Anthropic wants user and assistant turns to alternate: consecutive turns of one role (tool
// results followed by the user's next words, say) become one turn, their blocks in order.
class TurnList
{
public:
    void add(const QString &role, QJsonValue content)
    {
        if (role == m_role) {
            QJsonArray blocks = asBlocks(m_content);
            for (const QJsonValue &b : asBlocks(content))
                blocks.append(b);
            m_content = blocks;
            return;
        }
        flush();
        m_role = role;
        m_content = std::move(content);
    }
    QJsonArray take()
    {
        flush();
        return std::move(m_turns);
    }

private:
    static QJsonArray asBlocks(const QJsonValue &content)
    {
        if (!content.isString())
            return content.toArray();
        if (content.toString().isEmpty())
            return {};
        return { textBlock(content.toString()) };
    }
    void flush()
    {
        if (!m_role.isEmpty())
            m_turns.append(QJsonObject { { u"role"_s, m_role }, { u"content"_s, m_content } });
        m_role.clear();
    }

    QJsonArray m_turns;
    QString m_role;
    QJsonValue m_content;
};

// An image_url part: a data URL becomes a base64 source, anything else a url source.
QJsonObject imageBlock(const QJsonObject &part)
{
    const QJsonValue imageUrl = part.value(u"image_url"_s);
    const QString url = imageUrl.isString() ? imageUrl.toString() : imageUrl[u"url"_s].toString();
    QJsonObject source;
    if (url.startsWith(u"data:")) {
        const qsizetype comma = url.indexOf(u',');
        const qsizetype semicolon = url.indexOf(u';');
        const qsizetype typeEnd = semicolon >= 0 && semicolon < comma ? semicolon : comma;
        source = { { u"type"_s, u"base64"_s },
                   { u"media_type"_s, url.mid(5, typeEnd - 5) },
                   { u"data"_s, url.mid(comma + 1) } };
    } else {
        source = { { u"type"_s, u"url"_s }, { u"url"_s, url } };
    }
    return { { u"type"_s, u"image"_s }, { u"source"_s, source } };
}

// A user turn's content: a string stays a string; parts become blocks (empty texts left out,
// Anthropic refuses them).
QJsonValue userContent(const QJsonValue &content)
{
    if (!content.isArray())
        return content.toString();
    QJsonArray blocks;
    for (const QJsonValue &v : content.toArray()) {
        const QJsonObject part = v.toObject();
        const QString type = part.value(u"type"_s).toString();
        if (type == u"text" && !part.value(u"text"_s).toString().isEmpty())
            blocks.append(textBlock(part.value(u"text"_s).toString()));
        else if (type == u"image_url")
            blocks.append(imageBlock(part));
    }
    return blocks;
}

// An assistant turn: its text, then a tool_use block for each tool call.
QJsonArray assistantBlocks(const QJsonObject &message)
{
    QJsonArray blocks;
    const QJsonValue content = message.value(u"content"_s);
    if (content.isString() && !content.toString().isEmpty())
        blocks.append(textBlock(content.toString()));
    for (const QJsonValue &v : content.toArray()) {
        const QJsonObject part = v.toObject();
        const QString text
            = part.value(part.value(u"type"_s).toString() == u"refusal" ? u"refusal"_s : u"text"_s)
                  .toString();
        if (!text.isEmpty())
            blocks.append(textBlock(text));
    }
    for (const QJsonValue &v : message.value(u"tool_calls"_s).toArray()) {
        const QJsonObject call = v.toObject();
        const QJsonObject function = call.value(u"function"_s).toObject();
        blocks.append(QJsonObject { { u"type"_s, u"tool_use"_s },
                                    { u"id"_s, call.value(u"id"_s) },
                                    { u"name"_s, function.value(u"name"_s) },
                                    { u"input"_s, toolInput(function.value(u"arguments"_s)) } });
    }
    return blocks;
}

QJsonObject toolResultBlock(const QJsonObject &message)
{
    QJsonObject block { { u"type"_s, u"tool_result"_s },
                        { u"tool_use_id"_s, message.value(u"tool_call_id"_s) } };
    const QString text = joinedText(message.value(u"content"_s), kToolResultSeparator);
    if (!text.isEmpty())
        block.insert(u"content"_s, text);
    return block;
}

// Writes `system` and `messages`.
void chatMessagesToMessages(const QJsonArray &chatMessages, QJsonObject &out)
{
    QString system;
    TurnList turns;
    for (const QJsonValue &v : chatMessages) {
        const QJsonObject message = v.toObject();
        const QString role = message.value(u"role"_s).toString();
        if (role == u"system" || role == u"developer") {
            const QString text = joinedText(message.value(u"content"_s), kSystemSeparator);
            if (text.isEmpty())
                continue;
            if (!system.isEmpty())
                system += kSystemSeparator;
            system += text;
        } else if (role == u"user") {
            turns.add(role, userContent(message.value(u"content"_s)));
        } else if (role == u"assistant") {
            QJsonArray blocks = assistantBlocks(message);
            if (!blocks.isEmpty())
                turns.add(role, std::move(blocks));
        } else if (role == u"tool") {
            turns.add(u"user"_s, QJsonArray { toolResultBlock(message) });
        }
    }
    if (!system.isEmpty())
        out.insert(u"system"_s, system);
    out.insert(u"messages"_s, turns.take());
}

QJsonArray chatToolsToMessages(const QJsonArray &tools)
{
    QJsonArray out;
    for (const QJsonValue &v : tools) {
        const QJsonObject function = v[u"function"_s].toObject();
        QJsonObject tool { { u"name"_s, function.value(u"name"_s) } };
        copyIfSet(function, tool, u"description"_s);
        const QJsonValue parameters = function.value(u"parameters"_s);
        tool.insert(u"input_schema"_s,
                    isSet(parameters) ? parameters : QJsonObject { { u"type"_s, u"object"_s } });
        out.append(tool);
    }
    return out;
}

// tool_choice, with parallel_tool_calls: false as disable_parallel_tool_use (not on "none").
QJsonObject chatToolChoiceToMessages(const QJsonValue &choice, bool parallel)
{
    QString type = u"auto"_s;
    QJsonObject out;
    if (choice.isObject()) {
        type = u"tool"_s;
        out.insert(u"name"_s, choice[u"function"_s][u"name"_s]);
    } else if (choice.toString() == u"none") {
        type = u"none"_s;
    } else if (choice.toString() == u"required") {
        type = u"any"_s;
    }
    out.insert(u"type"_s, type);
    if (!parallel && type != u"none")
        out.insert(u"disable_parallel_tool_use"_s, true);
    return out;
}

// --- messages -> chat completions -------------------------------------------------------------

QJsonObject imagePart(const QJsonObject &block)
{
    const QJsonObject source = block.value(u"source"_s).toObject();
    const QString url = source.value(u"type"_s).toString() == u"base64"
        ? u"data:"_s + source.value(u"media_type"_s).toString() + u";base64,"_s
            + source.value(u"data"_s).toString()
        : source.value(u"url"_s).toString();
    return { { u"type"_s, u"image_url"_s }, { u"image_url"_s, QJsonObject { { u"url"_s, url } } } };
}

// A user turn: its tool results as tool messages first (they answer the previous assistant
// turn's calls), then the rest as one user message (a string stays a string).
void userTurnToChat(const QJsonValue &content, QJsonArray &out)
{
    if (!content.isArray()) {
        out.append(QJsonObject { { u"role"_s, u"user"_s }, { u"content"_s, content } });
        return;
    }
    QJsonArray parts;
    for (const QJsonValue &v : content.toArray()) {
        const QJsonObject block = v.toObject();
        const QString type = block.value(u"type"_s).toString();
        if (type == u"tool_result") {
            out.append(QJsonObject {
                { u"role"_s, u"tool"_s },
                { u"tool_call_id"_s, block.value(u"tool_use_id"_s) },
                { u"content"_s, joinedText(block.value(u"content"_s), kToolResultSeparator) } });
        } else if (type == u"text") {
            parts.append(textBlock(block.value(u"text"_s).toString()));
        } else if (type == u"image") {
            parts.append(imagePart(block));
        }
    }
    if (!parts.isEmpty())
        out.append(QJsonObject { { u"role"_s, u"user"_s }, { u"content"_s, parts } });
}

QJsonObject assistantTurnToChat(const QJsonValue &content)
{
    if (!content.isArray())
        return { { u"role"_s, u"assistant"_s }, { u"content"_s, content } };
    QJsonArray calls;
    for (const QJsonValue &v : content.toArray()) {
        const QJsonObject block = v.toObject();
        if (block.value(u"type"_s).toString() != u"tool_use")
            continue;
        const QJsonObject function { { u"name"_s, block.value(u"name"_s) },
                                     { u"arguments"_s, toolArguments(block.value(u"input"_s)) } };
        calls.append(QJsonObject { { u"id"_s, block.value(u"id"_s) },
                                   { u"type"_s, u"function"_s },
                                   { u"function"_s, function } });
    }
    const QString text = joinedText(content, kAssistantSeparator);
    QJsonObject message { { u"role"_s, u"assistant"_s },
                          { u"content"_s,
                            text.isEmpty() && !calls.isEmpty() ? QJsonValue() : text } };
    if (!calls.isEmpty())
        message.insert(u"tool_calls"_s, calls);
    return message;
}

QJsonArray messagesToolsToChat(const QJsonArray &tools)
{
    QJsonArray out;
    for (const QJsonValue &v : tools) {
        const QJsonObject tool = v.toObject();
        QJsonObject function { { u"name"_s, tool.value(u"name"_s) } };
        copyIfSet(tool, function, u"description"_s);
        function.insert(u"parameters"_s, tool.value(u"input_schema"_s));
        out.append(QJsonObject { { u"type"_s, u"function"_s }, { u"function"_s, function } });
    }
    return out;
}

QJsonValue messagesToolChoiceToChat(const QJsonObject &choice)
{
    const QString type = choice.value(u"type"_s).toString();
    if (type == u"any")
        return u"required"_s;
    if (type == u"none")
        return u"none"_s;
    if (type == u"tool")
        return QJsonObject { { u"type"_s, u"function"_s },
                             { u"function"_s,
                               QJsonObject { { u"name"_s, choice.value(u"name"_s) } } } };
    return u"auto"_s;
}

} // namespace

QJsonObject chatRequestToMessages(const QJsonObject &chat, int defaultMaxTokens)
{
    QJsonObject out { { u"model"_s, chat.value(u"model"_s) } };
    chatMessagesToMessages(chat.value(u"messages"_s).toArray(), out);

    // R-XLAT-6: max_completion_tokens counts as max_tokens; with both, max_tokens, as the holds
    // count it (R-BILL-1).
    QJsonValue maxTokens = chat.value(u"max_tokens"_s);
    if (!isSet(maxTokens))
        maxTokens = chat.value(u"max_completion_tokens"_s);
    out.insert(u"max_tokens"_s, isSet(maxTokens) ? maxTokens : QJsonValue(defaultMaxTokens));

    const QJsonValue stop = chat.value(u"stop"_s);
    if (stop.isString())
        out.insert(u"stop_sequences"_s, QJsonArray { stop });
    else if (!stop.toArray().isEmpty())
        out.insert(u"stop_sequences"_s, stop);
    copyIfSet(chat, out, u"temperature"_s);
    copyIfSet(chat, out, u"top_p"_s);
    copyIfSet(chat, out, u"stream"_s);

    const QJsonArray tools = chat.value(u"tools"_s).toArray();
    if (!tools.isEmpty()) {
        out.insert(u"tools"_s, chatToolsToMessages(tools));
        const QJsonValue choice = chat.value(u"tool_choice"_s);
        const bool parallel = chat.value(u"parallel_tool_calls"_s).toBool(true);
        if (isSet(choice) || !parallel)
            out.insert(u"tool_choice"_s, chatToolChoiceToMessages(choice, parallel));
    }

    const QString user = chat.value(u"user"_s).toString();
    if (!user.isEmpty())
        out.insert(u"metadata"_s, QJsonObject { { u"user_id"_s, user } });
    return out;
}

QJsonObject messagesRequestToChat(const QJsonObject &messages)
{
    QJsonArray chatMessages;
    const QString system = joinedText(messages.value(u"system"_s), kSystemSeparator);
    if (!system.isEmpty())
        chatMessages.append(QJsonObject { { u"role"_s, u"system"_s }, { u"content"_s, system } });
    for (const QJsonValue &v : messages.value(u"messages"_s).toArray()) {
        const QJsonObject message = v.toObject();
        const QJsonValue content = message.value(u"content"_s);
        if (message.value(u"role"_s).toString() == u"assistant")
            chatMessages.append(assistantTurnToChat(content));
        else
            userTurnToChat(content, chatMessages);
    }

    QJsonObject out { { u"model"_s, messages.value(u"model"_s) }, { u"messages"_s, chatMessages } };
    copyIfSet(messages, out, u"max_tokens"_s);
    const QJsonArray stop = messages.value(u"stop_sequences"_s).toArray();
    if (!stop.isEmpty())
        out.insert(u"stop"_s, stop);
    copyIfSet(messages, out, u"temperature"_s);
    copyIfSet(messages, out, u"top_p"_s);
    copyIfSet(messages, out, u"stream"_s);
    // The caller's message_delta carries the output tokens, which OpenAI sends only when asked.
    if (messages.value(u"stream"_s).toBool())
        out.insert(u"stream_options"_s, QJsonObject { { u"include_usage"_s, true } });

    const QJsonArray tools = messages.value(u"tools"_s).toArray();
    if (!tools.isEmpty()) {
        out.insert(u"tools"_s, messagesToolsToChat(tools));
        const QJsonObject choice = messages.value(u"tool_choice"_s).toObject();
        if (!choice.isEmpty())
            out.insert(u"tool_choice"_s, messagesToolChoiceToChat(choice));
        if (choice.value(u"disable_parallel_tool_use"_s).toBool())
            out.insert(u"parallel_tool_calls"_s, false);
    }

    const QString user = messages.value(u"metadata"_s)[u"user_id"_s].toString();
    if (!user.isEmpty())
        out.insert(u"user"_s, user);
    return out;
}

} // namespace Translation
