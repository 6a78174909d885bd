#include "jsonfields.h"

#include <cmath>
#include <simdjson.h>
#include <string_view>

namespace Gateway {
namespace {

// QJsonValue::toInteger(): an integer, or a double with an integral value in range; else 0.
qint64 toInteger(simdjson::dom::element value)
{
    if (int64_t i; value.get_int64().get(i) == simdjson::SUCCESS)
        return i;
    if (double d; value.get_double().get(d) == simdjson::SUCCESS) {
        if (std::trunc(d) == d && d >= -9007199254740992.0 && d <= 9007199254740992.0)
            return qint64(d);
    }
    return 0;
}

// readUsage() over simdjson: fields present overwrite, OpenAI's then Anthropic's names.
void readUsage(simdjson::dom::object usage, Domain::Usage &out)
{
    simdjson::dom::element v;
    if (usage["prompt_tokens"].get(v) == simdjson::SUCCESS)
        out.inputTokens = toInteger(v);
    if (usage["completion_tokens"].get(v) == simdjson::SUCCESS)
        out.outputTokens = toInteger(v);
    if (usage["input_tokens"].get(v) == simdjson::SUCCESS)
        out.inputTokens = toInteger(v);
    if (usage["output_tokens"].get(v) == simdjson::SUCCESS)
        out.outputTokens = toInteger(v);
}

} // namespace

std::optional<JsonFields> scanObject(const QByteArray &json, Domain::Usage usage)
{
    // One parser per thread keeps its buffers from one document to the next, sized for documents
    // up to 1 MiB (about 13 × that in memory); a larger answer (many embeddings) is read the slow
    // way instead of growing the buffers for good.
    thread_local simdjson::dom::parser parser(1024 * 1024);
    simdjson::dom::object object;
    if (parser.parse(json.constData(), size_t(json.size())).get(object) != simdjson::SUCCESS)
        return std::nullopt;
    JsonFields fields;
    simdjson::dom::element v;
    fields.hasModel = object["model"].get(v) == simdjson::SUCCESS;
    if (object["error"].get(v) == simdjson::SUCCESS) {
        std::string_view text;
        fields.error
            = v.is_object() || (v.get_string().get(text) == simdjson::SUCCESS && !text.empty());
    }
    std::string_view type;
    fields.messageStart
        = object["type"].get_string().get(type) == simdjson::SUCCESS && type == "message_start";
    if (simdjson::dom::object u; object["usage"].get_object().get(u) == simdjson::SUCCESS)
        readUsage(u, usage);
    fields.usage = usage;
    return fields;
}

} // namespace Gateway
