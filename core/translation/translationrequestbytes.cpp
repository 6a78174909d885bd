#include "translation/contenttext.h"
#include "translation/fastjson.h"
#include "translation/translation.h"
#include "util/jsonliteral.h"

using namespace Qt::StringLiterals;
using Translation::Internal::isSet;

namespace Translation {
namespace {

// --- chat completions -> messages over simdjson, written straight into bytes -------------------
// Each step gives what its QJsonObject counterpart in translationrequest.cpp gives, or false to
// leave the request to it.

using Internal::Element;
using Internal::field;
using Internal::stringOf;

void appendString(QByteArray &out, std::string_view s)
{
    Util::appendJsonStringUtf8(out, s);
}

void appendTextBlock(QByteArray &out, std::string_view text)
{
    out += R"({"type":"text","text":)";
    appendString(out, text);
    out += '}';
}

// `,"key":` then v as Qt writes it; nothing when v is absent.
bool appendMember(QByteArray &out, std::string_view key, std::optional<Element> v)
{
    if (!v)
        return true;
    out += ',';
    return Internal::appendMember(out, key, v);
}

bool appendMemberIfSet(QByteArray &out, std::string_view key, std::optional<Element> v)
{
    return !Internal::isSet(v) || appendMember(out, key, v);
}

std::optional<simdjson::dom::array> arrayOf(std::optional<Element> v)
{
    simdjson::dom::array a;
    if (v && v->get_array().get(a) == simdjson::SUCCESS)
        return a;
    return std::nullopt;
}

std::string joinedTextOf(std::optional<Element> content, std::string_view separator)
{
    std::string_view s;
    if (content && content->get_string().get(s) == simdjson::SUCCESS)
        return std::string(s);
    std::string out;
    const std::optional<simdjson::dom::array> parts = arrayOf(content);
    if (!parts)
        return out;
    bool first = true;
    for (const Element part : *parts) {
        if (stringOf(field(part, "type")) != "text")
            continue;
        if (!first)
            out.append(separator);
        out.append(stringOf(field(part, "text")));
        first = false;
    }
    return out;
}

// A turn's content: a string, or blocks written one after the other with commas.
struct FastContent
{
    bool isString = false;
    std::string text;
    QByteArray blocks;

    QByteArray asBlocks() const
    {
        if (!isString)
            return blocks;
        QByteArray out;
        if (!text.empty())
            appendTextBlock(out, text);
        return out;
    }
};

class FastTurnList
{
public:
    void add(std::string_view role, FastContent content)
    {
        if (m_open && role == m_role) {
            QByteArray blocks = m_content.asBlocks();
            const QByteArray more = content.asBlocks();
            if (!blocks.isEmpty() && !more.isEmpty())
                blocks += ',';
            blocks += more;
            m_content = { false, {}, std::move(blocks) };
            return;
        }
        flush();
        m_open = true;
        m_role = role;
        m_content = std::move(content);
    }
    void writeTo(QByteArray &out)
    {
        flush();
        out += '[';
        out += m_turns;
        out += ']';
    }

private:
    void flush()
    {
        if (!m_open)
            return;
        if (!m_turns.isEmpty())
            m_turns += ',';
        m_turns += R"({"role":)";
        appendString(m_turns, m_role);
        m_turns += R"(,"content":)";
        if (m_content.isString) {
            appendString(m_turns, m_content.text);
        } else {
            m_turns += '[';
            m_turns += m_content.blocks;
            m_turns += ']';
        }
        m_turns += '}';
        m_open = false;
    }

    QByteArray m_turns;
    bool m_open = false;
    std::string_view m_role;
    FastContent m_content;
};

bool appendImageBlock(QByteArray &out, Element part)
{
    const std::optional<Element> imageUrl = field(part, "image_url");
    std::string_view url;
    if (!imageUrl || imageUrl->get_string().get(url) != simdjson::SUCCESS)
        url = stringOf(field(imageUrl, "url"));
    out += R"({"type":"image","source":{"type":)";
    if (url.starts_with("data:")) {
        const size_t comma = url.find(',');
        if (comma == std::string_view::npos)
            return false;
        const size_t semicolon = url.find(';');
        const size_t typeEnd = semicolon < comma ? semicolon : comma;
        out += R"("base64","media_type":)";
        appendString(out, url.substr(5, typeEnd - 5));
        out += R"(,"data":)";
        appendString(out, url.substr(comma + 1));
    } else {
        out += R"("url","url":)";
        appendString(out, url);
    }
    out += "}}";
    return true;
}

bool userContentOf(std::optional<Element> content, FastContent &out)
{
    const std::optional<simdjson::dom::array> parts = arrayOf(content);
    if (!parts) {
        out.isString = true;
        out.text = stringOf(content);
        return true;
    }
    for (const Element part : *parts) {
        const std::string_view type = stringOf(field(part, "type"));
        const qsizetype before = out.blocks.size();
        if (before > 0)
            out.blocks += ',';
        if (type == "text" && !stringOf(field(part, "text")).empty()) {
            appendTextBlock(out.blocks, stringOf(field(part, "text")));
        } else if (type == "image_url") {
            if (!appendImageBlock(out.blocks, part))
                return false;
        } else {
            out.blocks.truncate(before);
        }
    }
    return true;
}

// toolInput(): the arguments Qt reads as an object, else {}.
bool appendToolInput(QByteArray &out, std::optional<Element> arguments)
{
    std::optional<Element> input;
    if (!Internal::innerObject(stringOf(arguments), input))
        return false;
    if (!input) {
        out += "{}";
        return true;
    }
    return Internal::appendAsQt(out, *input);
}

bool assistantBlocksOf(Element message, FastContent &out)
{
    QByteArray &blocks = out.blocks;
    auto separate = [&blocks] {
        if (!blocks.isEmpty())
            blocks += ',';
    };
    const std::optional<Element> content = field(message, "content");
    std::string_view text;
    if (content && content->get_string().get(text) == simdjson::SUCCESS && !text.empty())
        appendTextBlock(blocks, text);
    if (const std::optional<simdjson::dom::array> parts = arrayOf(content)) {
        for (const Element part : *parts) {
            const bool refusal = stringOf(field(part, "type")) == "refusal";
            const std::string_view partText = stringOf(field(part, refusal ? "refusal" : "text"));
            if (!partText.empty()) {
                separate();
                appendTextBlock(blocks, partText);
            }
        }
    }
    if (const std::optional<simdjson::dom::array> calls = arrayOf(field(message, "tool_calls"))) {
        for (const Element call : *calls) {
            const std::optional<Element> function = field(call, "function");
            separate();
            blocks += R"({"type":"tool_use")";
            if (!appendMember(blocks, "id", field(call, "id"))
                || !appendMember(blocks, "name", field(function, "name")))
                return false;
            blocks += R"(,"input":)";
            if (!appendToolInput(blocks, field(function, "arguments")))
                return false;
            blocks += '}';
        }
    }
    return true;
}

bool appendToolResultBlock(QByteArray &out, Element message)
{
    out += R"({"type":"tool_result")";
    if (!appendMember(out, "tool_use_id", field(message, "tool_call_id")))
        return false;
    const std::string text = joinedTextOf(field(message, "content"), "\n\n");
    if (!text.empty()) {
        out += R"(,"content":)";
        appendString(out, text);
    }
    out += '}';
    return true;
}

bool appendChatMessagesAsMessages(QByteArray &out, std::optional<Element> chatMessages)
{
    std::string system;
    FastTurnList turns;
    if (const std::optional<simdjson::dom::array> list = arrayOf(chatMessages)) {
        for (const Element message : *list) {
            const std::string_view role = stringOf(field(message, "role"));
            if (role == "system" || role == "developer") {
                const std::string text = joinedTextOf(field(message, "content"), "\n\n");
                if (text.empty())
                    continue;
                if (!system.empty())
                    system += "\n\n";
                system += text;
            } else if (role == "user") {
                FastContent content;
                if (!userContentOf(field(message, "content"), content))
                    return false;
                turns.add("user", std::move(content));
            } else if (role == "assistant") {
                FastContent content;
                if (!assistantBlocksOf(message, content))
                    return false;
                if (!content.blocks.isEmpty())
                    turns.add("assistant", std::move(content));
            } else if (role == "tool") {
                FastContent content;
                if (!appendToolResultBlock(content.blocks, message))
                    return false;
                turns.add("user", std::move(content));
            }
        }
    }
    if (!system.empty()) {
        out += R"(,"system":)";
        appendString(out, system);
    }
    out += R"(,"messages":)";
    turns.writeTo(out);
    return true;
}

bool appendChatToolsAsMessages(QByteArray &out, simdjson::dom::array tools)
{
    out += R"(,"tools":[)";
    bool first = true;
    for (const Element tool : tools) {
        if (!first)
            out += ',';
        first = false;
        const std::optional<Element> function = field(tool, "function");
        // The members' leading commas: input_schema is always there, so it goes first.
        out += R"({"input_schema":)";
        const std::optional<Element> parameters = field(function, "parameters");
        if (Internal::isSet(parameters)) {
            if (!Internal::appendAsQt(out, *parameters))
                return false;
        } else {
            out += R"({"type":"object"})";
        }
        if (!appendMember(out, "name", field(function, "name"))
            || !appendMemberIfSet(out, "description", field(function, "description")))
            return false;
        out += '}';
    }
    out += ']';
    return true;
}

bool appendChatToolChoiceAsMessages(QByteArray &out, std::optional<Element> choice, bool parallel)
{
    std::string_view type = "auto";
    if (choice && choice->is_object())
        type = "tool";
    else if (stringOf(choice) == "none")
        type = "none";
    else if (stringOf(choice) == "required")
        type = "any";
    out += R"(,"tool_choice":{"type":)";
    appendString(out, type);
    if (type == "tool" && !appendMember(out, "name", field(field(choice, "function"), "name")))
        return false;
    if (!parallel && type != "none")
        out += R"(,"disable_parallel_tool_use":true)";
    out += '}';
    return true;
}

bool boolOf(std::optional<Element> v, bool defaultValue)
{
    bool b;
    if (v && v->get_bool().get(b) == simdjson::SUCCESS)
        return b;
    return defaultValue;
}

std::optional<RequestBytes> fastChatRequestToMessages(const QByteArray &bytes,
                                                      const QString &upstreamModel,
                                                      int defaultMaxTokens)
{
    const std::optional<Element> chat = Internal::fastObject(Internal::documentParser(), bytes);
    if (!chat)
        return std::nullopt;
    RequestBytes r;
    QByteArray &out = r.body;
    out.reserve(bytes.size() + 256);
    out += R"({"model":)";
    Util::appendJsonString(out, upstreamModel);
    if (!appendChatMessagesAsMessages(out, field(*chat, "messages")))
        return std::nullopt;

    // R-XLAT-6: max_completion_tokens counts as max_tokens; with both, max_tokens, as the holds
    // count it (R-BILL-1).
    std::optional<Element> maxTokens = field(*chat, "max_tokens");
    if (!Internal::isSet(maxTokens))
        maxTokens = field(*chat, "max_completion_tokens");
    if (Internal::isSet(maxTokens)) {
        if (!appendMember(out, "max_tokens", maxTokens))
            return std::nullopt;
    } else {
        out += R"(,"max_tokens":)";
        out += QByteArray::number(defaultMaxTokens);
    }

    const std::optional<Element> stop = field(*chat, "stop");
    std::string_view stopText;
    if (stop && stop->get_string().get(stopText) == simdjson::SUCCESS) {
        out += R"(,"stop_sequences":[)";
        appendString(out, stopText);
        out += ']';
    } else if (const std::optional<simdjson::dom::array> stops = arrayOf(stop);
               stops && stops->size() > 0) {
        if (!appendMember(out, "stop_sequences", stop))
            return std::nullopt;
    }
    if (!appendMemberIfSet(out, "temperature", field(*chat, "temperature"))
        || !appendMemberIfSet(out, "top_p", field(*chat, "top_p")))
        return std::nullopt;
    const std::optional<Element> stream = field(*chat, "stream");
    if (!appendMemberIfSet(out, "stream", stream))
        return std::nullopt;

    const std::optional<simdjson::dom::array> tools = arrayOf(field(*chat, "tools"));
    if (tools && tools->size() > 0) {
        if (!appendChatToolsAsMessages(out, *tools))
            return std::nullopt;
        const std::optional<Element> choice = field(*chat, "tool_choice");
        const bool parallel = boolOf(field(*chat, "parallel_tool_calls"), true);
        if ((Internal::isSet(choice) || !parallel)
            && !appendChatToolChoiceAsMessages(out, choice, parallel))
            return std::nullopt;
    }

    const std::string_view user = stringOf(field(*chat, "user"));
    if (!user.empty()) {
        out += R"(,"metadata":{"user_id":)";
        appendString(out, user);
        out += '}';
    }
    out += '}';
    r.stream = boolOf(stream, false);
    r.includeUsage = boolOf(field(field(*chat, "stream_options"), "include_usage"), false);
    return r;
}

// --- messages -> chat completions over simdjson ------------------------------------------------

// toolArguments(): the input as compact JSON, {} when it is not an object.
bool appendToolArguments(QByteArray &out, std::optional<Element> input)
{
    QByteArray arguments = "{}";
    if (input && input->is_object()) {
        arguments.clear();
        if (!Internal::appendAsQt(arguments, *input))
            return false;
    }
    appendString(out, std::string_view(arguments.constData(), size_t(arguments.size())));
    return true;
}

void appendImagePart(QByteArray &out, Element block)
{
    const std::optional<Element> source = field(block, "source");
    out += R"({"type":"image_url","image_url":{"url":)";
    if (stringOf(field(source, "type")) == "base64") {
        std::string url = "data:";
        url.append(stringOf(field(source, "media_type")));
        url.append(";base64,");
        url.append(stringOf(field(source, "data")));
        appendString(out, url);
    } else {
        appendString(out, stringOf(field(source, "url")));
    }
    out += "}}";
}

bool appendUserTurnAsChat(QByteArray &out, std::optional<Element> content)
{
    const std::optional<simdjson::dom::array> blocks = arrayOf(content);
    if (!blocks) {
        out += R"(,{"role":"user")";
        if (!appendMember(out, "content", content))
            return false;
        out += '}';
        return true;
    }
    QByteArray parts;
    for (const Element block : *blocks) {
        const std::string_view type = stringOf(field(block, "type"));
        if (type == "tool_result") {
            out += R"(,{"role":"tool")";
            if (!appendMember(out, "tool_call_id", field(block, "tool_use_id")))
                return false;
            out += R"(,"content":)";
            appendString(out, joinedTextOf(field(block, "content"), "\n\n"));
            out += '}';
        } else if (type == "text") {
            if (!parts.isEmpty())
                parts += ',';
            appendTextBlock(parts, stringOf(field(block, "text")));
        } else if (type == "image") {
            if (!parts.isEmpty())
                parts += ',';
            appendImagePart(parts, block);
        }
    }
    if (!parts.isEmpty()) {
        out += R"(,{"role":"user","content":[)";
        out += parts;
        out += "]}";
    }
    return true;
}

bool appendAssistantTurnAsChat(QByteArray &out, std::optional<Element> content)
{
    out += R"(,{"role":"assistant")";
    const std::optional<simdjson::dom::array> blocks = arrayOf(content);
    if (!blocks) {
        if (!appendMember(out, "content", content))
            return false;
        out += '}';
        return true;
    }
    QByteArray calls;
    for (const Element block : *blocks) {
        if (stringOf(field(block, "type")) != "tool_use")
            continue;
        calls += calls.isEmpty() ? R"([{"type":"function")" : R"(,{"type":"function")";
        if (!appendMember(calls, "id", field(block, "id")))
            return false;
        calls += R"(,"function":{"arguments":)";
        if (!appendToolArguments(calls, field(block, "input"))
            || !appendMember(calls, "name", field(block, "name")))
            return false;
        calls += "}}";
    }
    const std::string text = joinedTextOf(content, "");
    out += R"(,"content":)";
    if (text.empty() && !calls.isEmpty())
        out += "null";
    else
        appendString(out, text);
    if (!calls.isEmpty()) {
        out += R"(,"tool_calls":)";
        out += calls;
        out += ']';
    }
    out += '}';
    return true;
}

bool appendMessagesToolsAsChat(QByteArray &out, simdjson::dom::array tools)
{
    out += R"(,"tools":[)";
    bool first = true;
    for (const Element tool : tools) {
        if (!first)
            out += ',';
        first = false;
        out += R"({"type":"function","function":{)";
        const qsizetype start = out.size();
        if (!Internal::appendMember(out, "name", field(tool, "name")))
            return false;
        const bool named = out.size() > start;
        const std::optional<Element> description = field(tool, "description");
        const std::optional<Element> schema = field(tool, "input_schema");
        if (Internal::isSet(description)) {
            if (named)
                out += ',';
            if (!Internal::appendMember(out, "description", description))
                return false;
        }
        if (schema) {
            if (out.size() > start)
                out += ',';
            if (!Internal::appendMember(out, "parameters", schema))
                return false;
        }
        out += "}}";
    }
    out += ']';
    return true;
}

bool appendMessagesToolChoiceAsChat(QByteArray &out, Element choice)
{
    const std::string_view type = stringOf(field(choice, "type"));
    out += R"(,"tool_choice":)";
    if (type == "any") {
        out += R"("required")";
    } else if (type == "none") {
        out += R"("none")";
    } else if (type == "tool") {
        out += R"({"type":"function","function":{)";
        if (!Internal::appendMember(out, "name", field(choice, "name")))
            return false;
        out += "}}";
    } else {
        out += R"("auto")";
    }
    return true;
}

std::optional<RequestBytes> fastMessagesRequestToChat(const QByteArray &bytes,
                                                      const QString &upstreamModel)
{
    const std::optional<Element> request = Internal::fastObject(Internal::documentParser(), bytes);
    if (!request)
        return std::nullopt;
    RequestBytes r;
    QByteArray &out = r.body;
    out.reserve(bytes.size() + 256);
    out += R"({"model":)";
    Util::appendJsonString(out, upstreamModel);
    out += R"(,"messages":[)";
    const qsizetype listStart = out.size();
    const std::string system = joinedTextOf(field(*request, "system"), "\n\n");
    if (!system.empty()) {
        out += R"(,{"role":"system","content":)";
        appendString(out, system);
        out += '}';
    }
    if (const std::optional<simdjson::dom::array> list = arrayOf(field(*request, "messages"))) {
        for (const Element message : *list) {
            const std::optional<Element> content = field(message, "content");
            const bool ok = stringOf(field(message, "role")) == "assistant"
                ? appendAssistantTurnAsChat(out, content)
                : appendUserTurnAsChat(out, content);
            if (!ok)
                return std::nullopt;
        }
    }
    // Each turn was written with a leading comma: the first one's goes.
    if (out.size() > listStart)
        out.remove(listStart, 1);
    out += ']';

    if (!appendMemberIfSet(out, "max_tokens", field(*request, "max_tokens")))
        return std::nullopt;
    const std::optional<Element> stop = field(*request, "stop_sequences");
    if (const std::optional<simdjson::dom::array> stops = arrayOf(stop);
        stops && stops->size() > 0 && !appendMember(out, "stop", stop))
        return std::nullopt;
    if (!appendMemberIfSet(out, "temperature", field(*request, "temperature"))
        || !appendMemberIfSet(out, "top_p", field(*request, "top_p")))
        return std::nullopt;
    const std::optional<Element> stream = field(*request, "stream");
    if (!appendMemberIfSet(out, "stream", stream))
        return std::nullopt;
    r.stream = boolOf(stream, false);
    // The caller's message_delta carries the output tokens, which OpenAI sends only when asked.
    if (r.stream)
        out += R"(,"stream_options":{"include_usage":true})";

    const std::optional<simdjson::dom::array> tools = arrayOf(field(*request, "tools"));
    if (tools && tools->size() > 0) {
        if (!appendMessagesToolsAsChat(out, *tools))
            return std::nullopt;
        const std::optional<Element> choice = field(*request, "tool_choice");
        simdjson::dom::object choiceObject;
        if (choice && choice->get_object().get(choiceObject) == simdjson::SUCCESS
            && choiceObject.size() > 0) {
            if (!appendMessagesToolChoiceAsChat(out, *choice))
                return std::nullopt;
        }
        if (boolOf(field(choice, "disable_parallel_tool_use"), false))
            out += R"(,"parallel_tool_calls":false)";
    }

    const std::string_view user = stringOf(field(field(*request, "metadata"), "user_id"));
    if (!user.empty()) {
        out += R"(,"user":)";
        appendString(out, user);
    }
    out += '}';
    return r;
}

} // namespace

std::optional<RequestBytes> messagesRequestToChatBytes(const QByteArray &messages,
                                                       const QString &upstreamModel)
{
    return fastMessagesRequestToChat(messages, upstreamModel);
}

std::optional<RequestBytes> chatRequestToMessagesBytes(const QByteArray &chat,
                                                       const QString &upstreamModel,
                                                       int defaultMaxTokens)
{
    return fastChatRequestToMessages(chat, upstreamModel, defaultMaxTokens);
}

} // namespace Translation
