#include "sessions/classifier.h"

#include "sessions/classifierdom.h"
#include "sessions/textcues.h"

#include <simdjson.h>
#include <string_view>

namespace Sessions {
namespace {

using Domain::ClassifierSignal;
using Element = simdjson::dom::element;

// The thread's parser keeps its buffers for bodies up to this size; a larger body is read by a
// parser of its own, freed after, so one big prompt does not hold memory for good.
constexpr size_t kKeepBytes = 1024 * 1024;

simdjson::dom::parser &threadParser()
{
    thread_local simdjson::dom::parser parser(kKeepBytes);
    return parser;
}

bool hasPadding(const QByteArray &bytes)
{
    // As Gateway::hasScanPadding(): the gateway receives bodies with spare room after them.
    return const_cast<QByteArray &>(bytes).data_ptr().freeSpaceAtEnd()
        >= qsizetype(simdjson::SIMDJSON_PADDING);
}

std::string_view stringOf(Element e)
{
    std::string_view s;
    return e.get_string().get(s) == simdjson::SUCCESS ? s : std::string_view {};
}

qint64 arraySize(Element e)
{
    simdjson::dom::array a;
    return e.get_array().get(a) == simdjson::SUCCESS ? qint64(a.size()) : 0;
}

bool isTextPart(std::string_view type)
{
    return type == "text" || type == "input_text" || type == "output_text";
}

// OpenAI's assistant tool calls and tool results, Anthropic's blocks, the Responses API's items.
bool isToolPart(std::string_view type)
{
    return type == "tool_use" || type == "tool_result" || type.ends_with("_call")
        || type.ends_with("_call_output");
}

// One walk over the body: the counts, and where the last user turn's text is.
struct Walk
{
    Signals out {};
    Element lastUser; // the content of the last user turn
    bool hasLastUser = false;

    qint64 &at(ClassifierSignal s) { return out[size_t(s)]; }

    // The text of a content: a string, or the text parts of an array (other parts have none).
    template<typename OnText> void texts(Element content, OnText &&onText)
    {
        std::string_view s;
        if (content.get_string().get(s) == simdjson::SUCCESS) {
            onText(s);
            return;
        }
        simdjson::dom::array parts;
        if (content.get_array().get(parts) != simdjson::SUCCESS)
            return;
        for (Element part : parts) {
            simdjson::dom::object o;
            if (part.get_object().get(o) != simdjson::SUCCESS)
                continue;
            Element type, text;
            if (o["type"].get(type) != simdjson::SUCCESS)
                continue;
            const std::string_view t = stringOf(type);
            if (isTextPart(t) && o["text"].get(text) == simdjson::SUCCESS)
                onText(stringOf(text));
        }
    }

    void countText(Element content)
    {
        texts(content,
              [this](std::string_view s) { at(ClassifierSignal::TotalChars) += qint64(s.size()); });
    }

    void countToolParts(Element content)
    {
        simdjson::dom::array parts;
        if (content.get_array().get(parts) != simdjson::SUCCESS)
            return;
        for (Element part : parts) {
            Element type;
            if (part["type"].get(type) == simdjson::SUCCESS && isToolPart(stringOf(type)))
                ++at(ClassifierSignal::ToolMessages);
        }
    }

    // A message of chat completions or Anthropic, or an item of the Responses API's input.
    void message(Element m)
    {
        simdjson::dom::object o;
        if (m.get_object().get(o) != simdjson::SUCCESS)
            return;
        ++at(ClassifierSignal::Messages);
        std::string_view role, type;
        Element content;
        bool hasContent = false;
        for (const simdjson::dom::key_value_pair f : o) {
            if (f.key == "role") {
                role = stringOf(f.value);
            } else if (f.key == "type") {
                type = stringOf(f.value);
            } else if (f.key == "content") {
                content = f.value;
                hasContent = true;
            } else if (f.key == "tool_calls" && arraySize(f.value) > 0) {
                ++at(ClassifierSignal::ToolMessages);
            } else if (f.key == "function_call" && f.value.is_object()) {
                ++at(ClassifierSignal::ToolMessages);
            }
        }
        if (role == "tool" || role == "function" || isToolPart(type))
            ++at(ClassifierSignal::ToolMessages);
        if (!hasContent)
            return;
        countText(content);
        countToolParts(content);
        if (role == "user") {
            lastUser = content;
            hasLastUser = true;
        }
    }

    void messages(Element list)
    {
        simdjson::dom::array a;
        if (list.get_array().get(a) != simdjson::SUCCESS)
            return;
        for (Element m : a)
            message(m);
    }

    // A system prompt or the Responses API's instructions: one message, its text counted.
    void system(Element content)
    {
        ++at(ClassifierSignal::Messages);
        countText(content);
    }

    // Responses' "input": a string is the one user turn; an array holds messages and items.
    void input(Element value)
    {
        if (value.is_string()) {
            ++at(ClassifierSignal::Messages);
            countText(value);
            lastUser = value;
            hasLastUser = true;
            return;
        }
        messages(value);
    }

    void jsonFormat(Element format)
    {
        Element type;
        if (format["type"].get(type) != simdjson::SUCCESS)
            return;
        const std::string_view t = stringOf(type);
        if (t == "json_object" || t == "json_schema")
            at(ClassifierSignal::JsonFormat) = 1;
    }

    void field(std::string_view key, Element value, Domain::Endpoint endpoint)
    {
        using Domain::Endpoint;
        if (key == "tools" || (key == "functions" && endpoint == Endpoint::ChatCompletions)) {
            at(ClassifierSignal::Tools) += arraySize(value);
        } else if (key == "messages" && endpoint != Endpoint::Responses) {
            messages(value);
        } else if (key == "system" && endpoint == Endpoint::Messages
                   && (value.is_string() || value.is_array())) {
            system(value);
        } else if (key == "response_format" && endpoint == Endpoint::ChatCompletions) {
            jsonFormat(value);
        } else if (key == "output_format" && endpoint == Endpoint::Messages) {
            jsonFormat(value);
        } else if (endpoint == Endpoint::Responses) {
            Element format;
            if (key == "input")
                input(value);
            else if (key == "instructions" && value.is_string())
                system(value);
            else if (key == "text" && value["format"].get(format) == simdjson::SUCCESS)
                jsonFormat(format);
        }
    }

    void scanLastUser()
    {
        if (!hasLastUser)
            return;
        qint64 chars = 0; // the whole turn's size first: the scan reads its head and its tail
        texts(lastUser, [&chars](std::string_view s) { chars += qint64(s.size()); });
        TextCues cues(chars);
        texts(lastUser, [&cues](std::string_view s) { cues.scan(s); });
        at(ClassifierSignal::UserChars) = chars;
        at(ClassifierSignal::CodeFences) = cues.codeFences;
        at(ClassifierSignal::CodeMarkers) = cues.codeMarkers;
        at(ClassifierSignal::CodeWords) = cues.codeWords;
        at(ClassifierSignal::SummaryCue) = cues.summaryCue;
        at(ClassifierSignal::ExtractionCue) = cues.extractionCue;
        at(ClassifierSignal::ReasoningCue) = cues.reasoningCue;
        at(ClassifierSignal::Digits) = cues.digits;
        at(ClassifierSignal::Questions) = cues.questions;
    }
};

} // namespace

Signals measure(simdjson::dom::object body, Domain::Endpoint endpoint)
{
    if (endpoint == Domain::Endpoint::Embeddings)
        return {};
    Walk walk;
    for (const simdjson::dom::key_value_pair f : body)
        walk.field(f.key, f.value, endpoint);
    walk.scanLastUser();
    return walk.out;
}

Signals measure(const QByteArray &body, Domain::Endpoint endpoint)
{
    if (endpoint == Domain::Endpoint::Embeddings || body.isEmpty())
        return {};
    const bool copy = !hasPadding(body);
    simdjson::dom::object object;
    if (size_t(body.size()) <= kKeepBytes) {
        if (threadParser().parse(body.constData(), size_t(body.size()), copy).get(object)
            != simdjson::SUCCESS)
            return {};
        return measure(object, endpoint);
    }
    simdjson::dom::parser parser;
    if (parser.parse(body.constData(), size_t(body.size()), copy).get(object) != simdjson::SUCCESS)
        return {};
    return measure(object, endpoint);
}

Domain::Classification applyRules(const Signals &measured,
                                  const QList<Domain::ClassifierRule> &rules)
{
    using Op = Domain::ClassifierCondition::Op;
    Domain::Classification c;
    c.signals = measured;
    for (qsizetype i = 0; i < rules.size(); ++i) {
        bool holds = true;
        for (const Domain::ClassifierCondition &cond : rules.at(i).conditions) {
            const size_t k = size_t(cond.signal);
            const qint64 v = k < measured.size() ? measured[k] : 0;
            if (cond.op == Op::AtLeast ? v < cond.value : v > cond.value) {
                holds = false;
                break;
            }
        }
        if (holds) {
            c.taskClass = rules.at(i).taskClass;
            c.rule = int(i);
            return c;
        }
    }
    return c;
}

} // namespace Sessions
