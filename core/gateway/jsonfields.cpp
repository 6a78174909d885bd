#include "gateway/jsonfields.h"

#include "sessions/classifierdom.h"

#include <algorithm>
#include <cmath>
#include <simdjson.h>
#include <string_view>

namespace Gateway {
namespace {

using Element = simdjson::dom::element;
using State = Routing::RequiredFields::State;

static_assert(kScanPaddingBytes >= qsizetype(simdjson::SIMDJSON_PADDING));

simdjson::dom::parser &threadParser()
{
    // One parser per thread keeps its buffers from one document to the next; the request and the
    // answer of a call are never read at the same time.
    thread_local simdjson::dom::parser parser(kScanMaxBytes);
    return parser;
}

// In place when the array has the padding the parser reads past the end; else it copies first.
simdjson::simdjson_result<Element> parse(const QByteArray &json)
{
    return threadParser().parse(json.constData(), size_t(json.size()), !hasScanPadding(json));
}

// A JSON number as a double, as QJsonValue::toDouble() has it.
std::optional<double> numberOf(std::optional<Element> v)
{
    if (!v)
        return std::nullopt;
    if (int64_t i; v->get_int64().get(i) == simdjson::SUCCESS)
        return double(i);
    if (uint64_t u; v->get_uint64().get(u) == simdjson::SUCCESS)
        return double(u);
    if (double d; v->get_double().get(d) == simdjson::SUCCESS)
        return d;
    return std::nullopt;
}

// QJsonValue::toInteger(fallback): an integer that fits in 64 bits, or a number with an integral
// value in [-2^63, 2^63).
qint64 integerOf(std::optional<Element> v, qint64 fallback = 0)
{
    if (int64_t i; v && v->get_int64().get(i) == simdjson::SUCCESS)
        return i;
    const std::optional<double> d = numberOf(v);
    if (!d || *d < -9223372036854775808.0 || *d >= 9223372036854775808.0 || std::trunc(*d) != *d)
        return fallback;
    return qint64(*d);
}

// readUsage() over simdjson: fields present overwrite, OpenAI's then Anthropic's names.
void readUsage(simdjson::dom::object usage, Domain::Usage &out)
{
    Element v;
    if (usage["prompt_tokens"].get(v) == simdjson::SUCCESS)
        out.inputTokens = integerOf(v);
    if (usage["completion_tokens"].get(v) == simdjson::SUCCESS)
        out.outputTokens = integerOf(v);
    if (usage["input_tokens"].get(v) == simdjson::SUCCESS)
        out.inputTokens = integerOf(v);
    if (usage["output_tokens"].get(v) == simdjson::SUCCESS)
        out.outputTokens = integerOf(v);
}

// The value of `key` in an object, the last one when the key repeats (as QJsonObject keeps it).
std::optional<Element> field(Element object, std::string_view key)
{
    simdjson::dom::object o;
    if (object.get_object().get(o) != simdjson::SUCCESS)
        return std::nullopt;
    std::optional<Element> found;
    for (const simdjson::dom::key_value_pair member : o) {
        if (member.key == key)
            found = member.value;
    }
    return found;
}

std::string_view stringOf(std::optional<Element> v)
{
    std::string_view text;
    if (v && v->get_string().get(text) == simdjson::SUCCESS)
        return text;
    return {};
}

QString qStringOf(std::string_view utf8)
{
    return QString::fromUtf8(utf8.data(), qsizetype(utf8.size()));
}

std::optional<simdjson::dom::array> arrayOf(std::optional<Element> v)
{
    simdjson::dom::array a;
    if (v && v->get_array().get(a) == simdjson::SUCCESS)
        return a;
    return std::nullopt;
}

State stateOf(std::optional<Element> v, bool valid)
{
    return !v ? State::Absent : valid ? State::Valid : State::Invalid;
}

} // namespace

bool hasScanPadding(const QByteArray &bytes)
{
    // capacity() also counts room before the first byte (an array after remove(0, n) has some);
    // fromRawData() has none. The data pointer is only read here.
    return const_cast<QByteArray &>(bytes).data_ptr().freeSpaceAtEnd() >= kScanPaddingBytes;
}

bool isVisionPartType(std::string_view type)
{
    return type == "image_url" || type == "image" || type == "input_image";
}

Routing::RequestSummary::ResponseFormat responseFormatNamed(std::string_view type)
{
    using Format = Routing::RequestSummary::ResponseFormat;
    if (type == "json_schema")
        return Format::JsonSchema;
    if (type == "json_object")
        return Format::JsonObject;
    if (type == "text")
        return Format::Text;
    return Format::None;
}

std::optional<JsonFields> scanObject(const QByteArray &json, Domain::Usage usage)
{
    simdjson::dom::object object;
    if (parse(json).get(object) != simdjson::SUCCESS)
        return std::nullopt;
    // One walk over the keys; of a repeated one the first counts, as object[key] would find.
    JsonFields fields;
    bool errorSeen = false, typeSeen = false, usageSeen = false;
    for (const simdjson::dom::key_value_pair field : object) {
        const std::string_view key = field.key;
        if (key == "model") {
            ++fields.modelKeys;
        } else if (key == "error" && !errorSeen) {
            errorSeen = true;
            std::string_view text;
            fields.error = field.value.is_object()
                || (field.value.get_string().get(text) == simdjson::SUCCESS && !text.empty());
        } else if (key == "type" && !typeSeen) {
            typeSeen = true;
            std::string_view type;
            fields.messageStart = field.value.get_string().get(type) == simdjson::SUCCESS
                && type == "message_start";
        } else if (key == "usage" && !usageSeen) {
            usageSeen = true;
            if (simdjson::dom::object u; field.value.get_object().get(u) == simdjson::SUCCESS)
                readUsage(u, usage);
        }
    }
    fields.usage = usage;
    return fields;
}

std::optional<BodySummary> scanRequest(const QByteArray &bytes, int *modelKeys,
                                       Domain::Endpoint endpoint,
                                       std::optional<Sessions::Signals> *signals)
{
    const bool chat = endpoint == Domain::Endpoint::ChatCompletions;
    const bool messagesApi = endpoint == Domain::Endpoint::Messages;
    simdjson::dom::object body;
    if (parse(bytes).get(body) != simdjson::SUCCESS)
        return std::nullopt;
    if (signals)
        signals->emplace(Sessions::measure(body, endpoint));
    int models = 0;
    std::optional<Element> model, stream, tools, responseFormat, messages, maxTokens,
        maxCompletionTokens, input;
    const std::pair<std::string_view, std::optional<Element> *> wanted[] = {
        { "model", &model },
        { "stream", &stream },
        { "tools", &tools },
        { "response_format", &responseFormat },
        { "messages", &messages },
        { "max_tokens", &maxTokens },
        { "max_completion_tokens", &maxCompletionTokens },
        { "input", &input },
    };
    // Top-level fields Translation::fieldNotCarried() judges besides response_format and tools.
    static constexpr std::string_view kChatMayNotCarry[] = { "n",
                                                             "logprobs",
                                                             "top_logprobs",
                                                             "logit_bias",
                                                             "frequency_penalty",
                                                             "presence_penalty",
                                                             "audio",
                                                             "modalities",
                                                             "functions",
                                                             "web_search_options",
                                                             "reasoning_effort" };
    static constexpr std::string_view kMessagesMayNotCarry[]
        = { "top_k", "thinking", "mcp_servers" };
    const auto listed = [](const auto &list, std::string_view key) {
        return std::find(std::begin(list), std::end(list), key) != std::end(list);
    };
    for (const simdjson::dom::key_value_pair member : body) {
        for (const auto &[key, into] : wanted) {
            if (member.key == key)
                *into = member.value; // the last of a repeated key, as QJsonObject keeps
        }
        models += member.key == "model";
        if ((chat && listed(kChatMayNotCarry, member.key))
            || (chat && member.key == "tool_choice" && member.value.is_object())
            || (messagesApi && listed(kMessagesMayNotCarry, member.key)))
            return std::nullopt;
    }
    if (modelKeys)
        *modelKeys = models;
    BodySummary s;
    s.model = qStringOf(stringOf(model));
    bool flag = false;
    s.stream = stream && stream->get_bool().get(flag) == simdjson::SUCCESS && flag;
    const std::optional<simdjson::dom::array> toolList = arrayOf(tools);
    s.usesTools = toolList && toolList->size() > 0;
    if (toolList) {
        for (const Element t : *toolList) {
            const std::optional<Element> typeField = field(t, "type");
            const std::string_view type = stringOf(typeField);
            // Only a function tool (chat) or a client tool (messages) crosses over.
            if ((chat && typeField && type != "function")
                || (messagesApi && typeField && type != "custom"))
                return std::nullopt;
            if (type.starts_with("web_search")) {
                s.webSearchToolVersion = qStringOf(type);
                break;
            }
        }
    }
    if (responseFormat)
        s.responseFormat = responseFormatNamed(stringOf(field(*responseFormat, "type")));
    using Format = Routing::RequestSummary::ResponseFormat;
    if (chat && (s.responseFormat == Format::JsonObject || s.responseFormat == Format::JsonSchema))
        s.notCarried = QStringLiteral("response_format");
    const std::optional<simdjson::dom::array> messageList = arrayOf(messages);
    if (messageList) {
        for (const Element m : *messageList) {
            const std::optional<simdjson::dom::array> parts = arrayOf(field(m, "content"));
            if (!parts)
                continue;
            for (const Element part : *parts) {
                const std::string_view type = stringOf(field(part, "type"));
                s.vision = s.vision || isVisionPartType(type);
                if ((chat && type != "text" && type != "image_url" && type != "refusal")
                    || (messagesApi && type != "text" && type != "tool_use"))
                    return std::nullopt; // judged by fieldNotCarried()
            }
        }
    }
    s.maxOutputTokens = integerOf(maxTokens, integerOf(maxCompletionTokens));
    Routing::RequiredFields &f = s.requiredFields;
    f.messages = stateOf(messages, messageList && messageList->size() > 0);
    const std::optional<double> tokens = numberOf(maxTokens);
    f.maxTokens = stateOf(maxTokens, tokens && *tokens >= 1 && std::floor(*tokens) == *tokens);
    const std::optional<simdjson::dom::array> inputList = arrayOf(input);
    f.input = stateOf(input, !stringOf(input).empty() || (inputList && inputList->size() > 0));
    return s;
}

} // namespace Gateway
