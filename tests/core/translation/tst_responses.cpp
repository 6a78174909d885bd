#include "jsoncompare.h"
#include "translation/responses.h"
#include "translation/translation.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace TranslationTest;

namespace {

// The chat request a Responses request becomes; a failed check when it is refused.
QJsonObject toChat(const QByteArray &responses)
{
    const auto out = Translation::responsesRequestToChat(json(responses));
    if (const auto *refusal = std::get_if<Translation::ResponsesRefusal>(&out)) {
        QTest::qFail(qPrintable(u"refused: "_s + refusal->param + u": "_s + refusal->message),
                     __FILE__, __LINE__);
        return {};
    }
    return std::get<QJsonObject>(out);
}

const Translation::ResponseIdentity kIdentity { u"resp_7f3a"_s, u"demo/chat"_s, 1765000000 };

QJsonObject answerFromChat(const QByteArray &chat, Domain::Usage &usage)
{
    const std::optional<QByteArray> out
        = Translation::chatAnswerToResponses(chat, kIdentity, usage);
    if (!out)
        QTest::qFail("chatAnswerToResponses gave nothing", __FILE__, __LINE__);
    return out ? json(*out) : QJsonObject();
}

QJsonObject answerFromMessages(const QByteArray &messages, Domain::Usage &usage)
{
    const std::optional<QByteArray> out
        = Translation::messagesAnswerToResponses(messages, kIdentity, usage);
    if (!out)
        QTest::qFail("messagesAnswerToResponses gave nothing", __FILE__, __LINE__);
    return out ? json(*out) : QJsonObject();
}

// The Vercel AI SDK's tool (`ai` 6, `@ai-sdk/openai` 3, generateText with tools), as it sends it.
// moc 6.4 reads `//` in a raw string as a comment: a URL stays on its raw string's last line.
constexpr const char *kWeatherTool
    = R"({"type":"function","name":"weather","description":"Get the weather in a city",
          "parameters":{"type":"object","properties":{"city":{"type":"string"}},
            "required":["city"],"additionalProperties":false,
            "$schema":"http://json-schema.org/draft-07/schema#"}})";
constexpr const char *kWeatherFunction
    = R"({"type":"function","function":{"name":"weather","description":"Get the weather in a city",
          "parameters":{"type":"object","properties":{"city":{"type":"string"}},
            "required":["city"],"additionalProperties":false,
            "$schema":"http://json-schema.org/draft-07/schema#"}}})";

QByteArray withTool(const char *request)
{
    return QByteArray(request).replace("WEATHER_TOOL", kWeatherTool);
}

QByteArray withFunction(const char *request)
{
    return QByteArray(request).replace("WEATHER_FUNCTION", kWeatherFunction);
}

} // namespace

// Recorded Responses requests as the openai SDK and the Vercel AI SDK send them, the chat requests
// they become, and chat / messages answers as `response` objects (SPEC §3b).
class tst_Responses : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void openaiSdkStringInput_R_RESP_1();
    void streamAsksForUsage_R_RESP_1();
    void aiSdkToolLoopSecondStep_R_RESP_1();
    void aiSdkNextTurnMergesTextAndCalls_R_RESP_1();
    void toolLoopThroughMessages_R_RESP_1();
    void messageItems_R_RESP_1_data();
    void messageItems_R_RESP_1();
    void functionCallOutputParts_R_RESP_1();
    void toolChoice_R_RESP_1_data();
    void toolChoice_R_RESP_1();
    void textFormat_R_RESP_1_data();
    void textFormat_R_RESP_1();
    void settings_R_RESP_1();
    void unknownFieldsPassThrough_R_RESP_1();
    void droppedFields_R_RESP_2_data();
    void droppedFields_R_RESP_2();
    void refusals_R_RESP_2_data();
    void refusals_R_RESP_2();

    void chatAnswerText_R_RESP_3();
    void chatAnswerToolCalls_R_RESP_3();
    void chatAnswerRefusal_R_RESP_3();
    void chatAnswerIncomplete_R_RESP_3_data();
    void chatAnswerIncomplete_R_RESP_3();
    void chatAnswerCutOnlyLastItem_R_RESP_3();
    void messagesAnswerToolUse_R_RESP_3();
    void messagesAnswerMaxTokens_R_RESP_3();
    void undecodableAnswers_R_RESP_3_data();
    void undecodableAnswers_R_RESP_3();
    void chatAnswerReadEitherWay_R_RESP_3_data();
    void chatAnswerReadEitherWay_R_RESP_3();
    void messagesAnswerReadEitherWay_R_RESP_3_data();
    void messagesAnswerReadEitherWay_R_RESP_3();
    void itemIdsEscaped_R_RESP_3();
};

// --- requests ---------------------------------------------------------------------------------

void tst_Responses::openaiSdkStringInput_R_RESP_1()
{
    // openai 7: client.responses.create({ model, instructions, input, max_output_tokens, ... })
    COMPARE_JSON(toChat(R"({"model":"demo/chat",
                            "instructions":"You are a coding assistant that talks like a pirate.",
                            "input":"Are semicolons optional in JavaScript?",
                            "max_output_tokens":200,"temperature":0.2,"top_p":0.9})"),
                 R"({"model":"demo/chat","messages":[
                       {"role":"system","content":"You are a coding assistant that talks like a pirate."},
                       {"role":"user","content":"Are semicolons optional in JavaScript?"}],
                     "max_completion_tokens":200,"temperature":0.2,"top_p":0.9})");
}

void tst_Responses::streamAsksForUsage_R_RESP_1()
{
    // openai 7: client.responses.create({ ..., stream: true }); the stream's options are its own.
    COMPARE_JSON(toChat(R"({"model":"demo/chat","input":"Hi","stream":true,
                            "stream_options":{"include_obfuscation":false}})"),
                 R"({"model":"demo/chat","messages":[{"role":"user","content":"Hi"}],
                     "stream":true,"stream_options":{"include_usage":true}})");
    COMPARE_JSON(toChat(R"({"model":"demo/chat","input":"Hi","stream":false})"),
                 R"({"model":"demo/chat","messages":[{"role":"user","content":"Hi"}],
                     "stream":false})");
}

void tst_Responses::aiSdkToolLoopSecondStep_R_RESP_1()
{
    // generateText({ model: openai('demo/chat'), tools: { weather }, stopWhen: stepCountIs(5) }):
    // the second step, after the first answered with a function_call only.
    const QByteArray request = withTool(R"({"model":"demo/chat","input":[
        {"role":"system","content":"You answer weather questions."},
        {"role":"user","content":[{"type":"input_text","text":"What is the weather in Paris?"}]},
        {"type":"function_call","call_id":"call_8a1","name":"weather",
         "arguments":"{\"city\":\"Paris\"}"},
        {"type":"function_call_output","call_id":"call_8a1",
         "output":"{\"city\":\"Paris\",\"temperature\":21}"}],
      "tools":[WEATHER_TOOL],"tool_choice":"auto"})");
    COMPARE_JSON(toChat(request), withFunction(R"({"model":"demo/chat","messages":[
        {"role":"system","content":"You answer weather questions."},
        {"role":"user","content":[{"type":"text","text":"What is the weather in Paris?"}]},
        {"role":"assistant","content":null,"tool_calls":[{"id":"call_8a1","type":"function",
          "function":{"name":"weather","arguments":"{\"city\":\"Paris\"}"}}]},
        {"role":"tool","tool_call_id":"call_8a1",
         "content":"{\"city\":\"Paris\",\"temperature\":21}"}],
      "tools":[WEATHER_FUNCTION],"tool_choice":"auto"})"));
}

// The AI SDK with providerOptions.openai.store false sends earlier items in full: the first
// step's text and calls, their outputs, the final answer, then the user's next words.
const char *const kAiSdkNextTurn = R"({"model":"demo/chat","input":[
    {"role":"system","content":"You answer weather questions."},
    {"role":"user","content":[{"type":"input_text","text":"What is the weather in Paris and Rome?"}]},
    {"type":"reasoning","id":"rs_1","encrypted_content":"gAAAA","summary":[]},
    {"role":"assistant","content":[{"type":"output_text","text":"Let me check both."}],
     "id":"msg_7f3a_0"},
    {"type":"function_call","call_id":"call_1","name":"weather","arguments":"{\"city\":\"Paris\"}"},
    {"type":"function_call","call_id":"call_2","name":"weather","arguments":"{\"city\":\"Rome\"}"},
    {"type":"function_call_output","call_id":"call_1","output":"{\"temperature\":21}"},
    {"type":"function_call_output","call_id":"call_2","output":"{\"temperature\":25}"},
    {"role":"assistant","content":[{"type":"output_text","text":"Paris 21°C, Rome 25°C."}],
     "id":"msg_8b4c_0"},
    {"role":"user","content":[{"type":"input_text","text":"And in Oslo?"}]}],
  "tools":[WEATHER_TOOL],"tool_choice":"auto","store":false})";

void tst_Responses::aiSdkNextTurnMergesTextAndCalls_R_RESP_1()
{
    COMPARE_JSON(toChat(withTool(kAiSdkNextTurn)), withFunction(R"({"model":"demo/chat","messages":[
        {"role":"system","content":"You answer weather questions."},
        {"role":"user","content":[{"type":"text","text":"What is the weather in Paris and Rome?"}]},
        {"role":"assistant","content":"Let me check both.","tool_calls":[
          {"id":"call_1","type":"function","function":{"name":"weather","arguments":"{\"city\":\"Paris\"}"}},
          {"id":"call_2","type":"function","function":{"name":"weather","arguments":"{\"city\":\"Rome\"}"}}]},
        {"role":"tool","tool_call_id":"call_1","content":"{\"temperature\":21}"},
        {"role":"tool","tool_call_id":"call_2","content":"{\"temperature\":25}"},
        {"role":"assistant","content":"Paris 21°C, Rome 25°C."},
        {"role":"user","content":[{"type":"text","text":"And in Oslo?"}]}],
      "tools":[WEATHER_FUNCTION],"tool_choice":"auto"})"));
}

void tst_Responses::toolLoopThroughMessages_R_RESP_1()
{
    // An anthropic connection: the chat request goes on through chatRequestToMessages(); turns
    // alternate, the tool results answer the calls of the turn before.
    const QJsonObject messages
        = Translation::chatRequestToMessages(toChat(withTool(kAiSdkNextTurn)), 1024);
    COMPARE_JSON(messages, R"({"model":"demo/chat","max_tokens":1024,
      "system":"You answer weather questions.",
      "messages":[
        {"role":"user","content":[{"type":"text","text":"What is the weather in Paris and Rome?"}]},
        {"role":"assistant","content":[{"type":"text","text":"Let me check both."},
          {"type":"tool_use","id":"call_1","name":"weather","input":{"city":"Paris"}},
          {"type":"tool_use","id":"call_2","name":"weather","input":{"city":"Rome"}}]},
        {"role":"user","content":[
          {"type":"tool_result","tool_use_id":"call_1","content":"{\"temperature\":21}"},
          {"type":"tool_result","tool_use_id":"call_2","content":"{\"temperature\":25}"}]},
        {"role":"assistant","content":[{"type":"text","text":"Paris 21°C, Rome 25°C."}]},
        {"role":"user","content":[{"type":"text","text":"And in Oslo?"}]}],
      "tool_choice":{"type":"auto"},
      "tools":[{"name":"weather","description":"Get the weather in a city",
        "input_schema":{"type":"object","properties":{"city":{"type":"string"}},
          "required":["city"],"additionalProperties":false,
          "$schema":"http://json-schema.org/draft-07/schema#"}}]})");
}

void tst_Responses::messageItems_R_RESP_1_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("messages");

    QTest::newRow("developer as system")
        << QByteArray(R"([{"type":"message","role":"developer","content":"Be brief."},
                          {"type":"message","role":"user","content":"Hi"}])")
        << QByteArray(
               R"([{"role":"system","content":"Be brief."},{"role":"user","content":"Hi"}])");
    QTest::newRow("system parts")
        << QByteArray(R"([{"role":"system","content":[{"type":"input_text","text":"A"},
                                                     {"type":"input_text","text":"B"}]}])")
        << QByteArray(R"([{"role":"system","content":[{"type":"text","text":"A"},
                                                      {"type":"text","text":"B"}]}])");
    QTest::newRow("images") << QByteArray(R"([{"role":"user","content":[
               {"type":"input_text","text":"What is in these images?"},
               {"type":"input_image","image_url":"data:image/png;base64,iVBORw0K"},
               {"type":"input_image","detail":"low","image_url":"https://example.com/cat.png"}]}])")
                            << QByteArray(R"([{"role":"user","content":[
               {"type":"text","text":"What is in these images?"},
               {"type":"image_url","image_url":{"url":"data:image/png;base64,iVBORw0K"}},
               {"type":"image_url","image_url":{"detail":"low","url":"https://example.com/cat.png"}}]}])");
    QTest::newRow("assistant parts and refusal")
        << QByteArray(R"([{"type":"message","role":"assistant","id":"msg_1","status":"completed",
               "content":[{"type":"output_text","text":"Part one, ","annotations":[]},
                          {"type":"output_text","text":"part two."},
                          {"type":"refusal","refusal":" No more."}]}])")
        << QByteArray(R"([{"role":"assistant","content":"Part one, part two. No more."}])");
    QTest::newRow("assistant string") << QByteArray(R"([{"role":"assistant","content":"Hello."}])")
                                      << QByteArray(R"([{"role":"assistant","content":"Hello."}])");
    QTest::newRow("calls without text before them")
        << QByteArray(R"([{"role":"user","content":"Time?"},
               {"type":"function_call","call_id":"c1","name":"time","arguments":"{}"}])")
        << QByteArray(R"([{"role":"user","content":"Time?"},
               {"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function",
                 "function":{"name":"time","arguments":"{}"}}]}])");
    QTest::newRow("calls after a user message are a new turn")
        << QByteArray(R"([{"role":"assistant","content":"Hi."},{"role":"user","content":"Time?"},
               {"type":"function_call","call_id":"c1","name":"time"}])")
        << QByteArray(R"([{"role":"assistant","content":"Hi."},{"role":"user","content":"Time?"},
               {"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function",
                 "function":{"name":"time","arguments":"{}"}}]}])");
    QTest::newRow("reasoning dropped") << QByteArray(R"([{"role":"user","content":"Hi"},
               {"type":"reasoning","id":"rs_1","summary":[{"type":"summary_text","text":"..."}]}])")
                                       << QByteArray(R"([{"role":"user","content":"Hi"}])");
}

void tst_Responses::messageItems_R_RESP_1()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, messages);
    const QJsonObject chat = toChat(R"({"model":"m","input":)" + input + '}');
    COMPARE_JSON(chat, R"({"model":"m","messages":)" + messages + '}');
}

void tst_Responses::functionCallOutputParts_R_RESP_1()
{
    COMPARE_JSON(toChat(R"({"model":"m","input":[
                   {"type":"function_call","call_id":"c1","name":"f","arguments":"{}"},
                   {"type":"function_call_output","call_id":"c1",
                    "output":[{"type":"input_text","text":"first"},
                              {"type":"input_text","text":"\nsecond"}]}]})"),
                 R"({"model":"m","messages":[
                   {"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function",
                     "function":{"name":"f","arguments":"{}"}}]},
                   {"role":"tool","tool_call_id":"c1","content":"first\nsecond"}]})");
}

void tst_Responses::toolChoice_R_RESP_1_data()
{
    QTest::addColumn<QByteArray>("choice");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("auto") << QByteArray(R"("auto")") << QByteArray(R"("auto")");
    QTest::newRow("none") << QByteArray(R"("none")") << QByteArray(R"("none")");
    QTest::newRow("required") << QByteArray(R"("required")") << QByteArray(R"("required")");
    QTest::newRow("one function") << QByteArray(R"({"type":"function","name":"weather"})")
                                  << QByteArray(
                                         R"({"type":"function","function":{"name":"weather"}})");
}

void tst_Responses::toolChoice_R_RESP_1()
{
    QFETCH(QByteArray, choice);
    QFETCH(QByteArray, expected);
    const QJsonObject chat = toChat(withTool(R"({"model":"m","input":"Hi","tools":[WEATHER_TOOL],
                                                  "tool_choice":)")
                                    + choice + '}');
    COMPARE_JSON(chat,
                 withFunction(R"({"model":"m","messages":[{"role":"user","content":"Hi"}],
                                        "tools":[WEATHER_FUNCTION],"tool_choice":)")
                     + expected + '}');
}

void tst_Responses::textFormat_R_RESP_1_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("fields"); // what the chat request gets

    // openai 7: client.responses.parse({ ..., text: { format: zodTextFormat(Event, 'event') } })
    QTest::newRow("json_schema, openai SDK")
        << QByteArray(R"({"format":{"type":"json_schema","name":"event","strict":true,
               "schema":{"type":"object","properties":{"name":{"type":"string"},
                 "date":{"type":"string"},"participants":{"type":"array","items":{"type":"string"}}},
                 "required":["name","date","participants"],"additionalProperties":false}}})")
        << QByteArray(R"("response_format":{"type":"json_schema","json_schema":{"name":"event",
               "strict":true,"schema":{"type":"object","properties":{"name":{"type":"string"},
                 "date":{"type":"string"},"participants":{"type":"array","items":{"type":"string"}}},
                 "required":["name","date","participants"],"additionalProperties":false}}})");
    // ai 6: generateObject({ model: openai('demo/chat'), schema, schemaDescription })
    QTest::newRow("json_schema, AI SDK")
        << QByteArray(R"({"format":{"type":"json_schema","strict":false,"name":"response",
               "description":"A recipe","schema":{"type":"object",
                 "properties":{"title":{"type":"string"}},"required":["title"]}}})")
        << QByteArray(R"("response_format":{"type":"json_schema","json_schema":{"name":"response",
               "strict":false,"description":"A recipe","schema":{"type":"object",
                 "properties":{"title":{"type":"string"}},"required":["title"]}}})");
    QTest::newRow("json_object") << QByteArray(R"({"format":{"type":"json_object"}})")
                                 << QByteArray(R"("response_format":{"type":"json_object"})");
    QTest::newRow("verbosity low") << QByteArray(R"({"format":{"type":"text"},"verbosity":"low"})")
                                   << QByteArray(R"("verbosity":"low")");
}

void tst_Responses::textFormat_R_RESP_1()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, fields);
    COMPARE_JSON(toChat(R"({"model":"m","input":"Alice and Bob go to a fair on Friday.","text":)"
                        + text + '}'),
                 R"({"model":"m","messages":[{"role":"user",
                     "content":"Alice and Bob go to a fair on Friday."}],)"
                     + fields + '}');
}

void tst_Responses::settings_R_RESP_1()
{
    COMPARE_JSON(toChat(R"({"model":"m","input":"Hi","parallel_tool_calls":false,"user":"u-1",
                            "safety_identifier":"s-1","reasoning":{"effort":"low",
                            "summary":"auto"},"max_output_tokens":null,"temperature":null})"),
                 R"({"model":"m","messages":[{"role":"user","content":"Hi"}],
                     "parallel_tool_calls":false,"user":"u-1","reasoning_effort":"low"})");
    COMPARE_JSON(toChat(R"({"model":"m","input":"Hi","safety_identifier":"s-1"})"),
                 R"({"model":"m","messages":[{"role":"user","content":"Hi"}],"user":"s-1"})");
}

void tst_Responses::unknownFieldsPassThrough_R_RESP_1()
{
    // The upstream judges fields the Responses API does not define, as it does a chat call's.
    COMPARE_JSON(toChat(R"({"model":"m","input":"Hi","seed":7,"frequency_penalty":0.5})"),
                 R"({"model":"m","messages":[{"role":"user","content":"Hi"}],"seed":7,
                     "frequency_penalty":0.5})");
}

void tst_Responses::droppedFields_R_RESP_2_data()
{
    QTest::addColumn<QByteArray>("fields");
    const auto row
        = [](const char *name, const char *fields) { QTest::newRow(name) << QByteArray(fields); };
    row("store", R"("store":true)");
    row("metadata", R"("metadata":{"team":"a"})");
    row("include", R"("include":["reasoning.encrypted_content","message.output_text.logprobs"])");
    row("truncation", R"("truncation":"auto")");
    row("service_tier", R"("service_tier":"flex")");
    row("prompt_cache_key", R"("prompt_cache_key":"k-1")");
    row("prompt_cache_retention", R"("prompt_cache_retention":"24h")");
    row("max_tool_calls", R"("max_tool_calls":3)");
    row("stream_options", R"("stream_options":{"include_obfuscation":false})");
    row("background false", R"("background":false)");
    row("previous_response_id null", R"("previous_response_id":null)");
    row("previous_response_id empty", R"("previous_response_id":"")");
    row("conversation null", R"("conversation":null)");
    row("prompt null", R"("prompt":null)");
    row("top_logprobs 0", R"("top_logprobs":0)");
    row("text.format text", R"("text":{"format":{"type":"text"}})");
    row("text.verbosity medium", R"("text":{"verbosity":"medium"})");
    row("reasoning without effort", R"("reasoning":{"summary":"auto"})");
    row("empty tools", R"("tools":[])");
}

void tst_Responses::droppedFields_R_RESP_2()
{
    QFETCH(QByteArray, fields);
    COMPARE_JSON(toChat(R"({"model":"m","input":"Hi",)" + fields + '}'),
                 R"({"model":"m","messages":[{"role":"user","content":"Hi"}]})");
}

void tst_Responses::refusals_R_RESP_2_data()
{
    QTest::addColumn<QByteArray>("fields");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("param");
    QTest::addColumn<QString>("says"); // a word the message must hold

    const QString unsupported = u"unsupported_parameter"_s;
    const QString invalid = u"invalid_request"_s;
    const auto row = [](const char *name, const char *fields, const QString &code,
                        const QString &param, const QString &says) {
        QTest::newRow(name) << QByteArray(fields) << code << param << says;
    };
    row("previous_response_id", R"("input":"Hi","previous_response_id":"resp_abc")", unsupported,
        u"previous_response_id"_s, u"stateless"_s);
    row("conversation id", R"("input":"Hi","conversation":"conv_123")", unsupported,
        u"conversation"_s, u"stateless"_s);
    row("conversation object", R"("input":"Hi","conversation":{"id":"conv_123"})", unsupported,
        u"conversation"_s, u"stateless"_s);
    row("background", R"("input":"Hi","background":true)", unsupported, u"background"_s,
        u"stateless"_s);
    row("prompt", R"("prompt":{"id":"pmpt_123","version":"2","variables":{"city":"Paris"}})",
        unsupported, u"prompt"_s, u"stateless"_s);
    row("top_logprobs", R"("input":"Hi","top_logprobs":5)", unsupported, u"top_logprobs"_s,
        u"log probabilities"_s);
    row("web_search_preview tool",
        R"("input":"Hi","tools":[{"type":"function","name":"f"},{"type":"web_search_preview"}])",
        unsupported, u"tools[1].type"_s, u"web_search_preview"_s);
    row("file_search tool",
        R"("input":"Hi","tools":[{"type":"file_search","vector_store_ids":["vs_1"]}])", unsupported,
        u"tools[0].type"_s, u"only function tools"_s);
    row("mcp tool",
        R"("input":"Hi","tools":[{"type":"mcp","server_label":"x","server_url":"https://x"}])",
        unsupported, u"tools[0].type"_s, u"mcp"_s);
    row("tools not an array", R"("input":"Hi","tools":{"type":"function"})", invalid, u"tools"_s,
        u"array"_s);
    row("function tool without name", R"("input":"Hi","tools":[{"type":"function"}])", invalid,
        u"tools[0].name"_s, u"name"_s);
    row("tool_choice allowed_tools",
        R"("input":"Hi","tool_choice":{"type":"allowed_tools","mode":"auto","tools":[]})",
        unsupported, u"tool_choice"_s, u"allowed_tools"_s);
    row("tool_choice hosted", R"("input":"Hi","tool_choice":{"type":"web_search_preview"})",
        unsupported, u"tool_choice"_s, u"web_search_preview"_s);
    row("tool_choice unknown string", R"("input":"Hi","tool_choice":"any")", unsupported,
        u"tool_choice"_s, u"any"_s);
    row("tool_choice function without name", R"("input":"Hi","tool_choice":{"type":"function"})",
        invalid, u"tool_choice"_s, u"name"_s);
    row("text.format grammar", R"("input":"Hi","text":{"format":{"type":"grammar"}})", unsupported,
        u"text.format"_s, u"grammar"_s);
    row("item_reference",
        R"("input":[{"role":"user","content":"Hi"},{"type":"item_reference","id":"msg_1"}])",
        unsupported, u"input[1].type"_s, u"stateless"_s);
    row("web_search_call item",
        R"("input":[{"type":"web_search_call","id":"ws_1","status":"completed"}])", unsupported,
        u"input[0].type"_s, u"web_search_call"_s);
    row("input_file part",
        R"("input":[{"role":"user","content":[{"type":"input_text","text":"Sum up"},
            {"type":"input_file","filename":"a.pdf","file_data":"data:application/pdf;base64,JVBE"}]}])",
        unsupported, u"input[0].content[1].type"_s, u"input_file"_s);
    row("input_audio part",
        R"("input":[{"role":"user","content":[{"type":"input_audio",
            "input_audio":{"data":"UklG","format":"wav"}}]}])",
        unsupported, u"input[0].content[0].type"_s, u"input_audio"_s);
    row("image by file_id",
        R"("input":[{"role":"user","content":[{"type":"input_image","file_id":"file-abc"}]}])",
        unsupported, u"input[0].content[0].file_id"_s, u"stateless"_s);
    row("image in a system message",
        R"("input":[{"role":"system","content":[{"type":"input_image","image_url":"https://x/y.png"}]}])",
        unsupported, u"input[0].content[0].type"_s, u"text only"_s);
    row("image in a tool output",
        R"("input":[{"type":"function_call_output","call_id":"c1",
            "output":[{"type":"input_image","image_url":"https://x/y.png"}]}])",
        unsupported, u"input[0].output[0].type"_s, u"text only"_s);
    row("input a number", R"("input":42)", invalid, u"input"_s, u"string"_s);
    row("item not an object", R"("input":["Hi"])", invalid, u"input[0]"_s, u"object"_s);
    row("item without type or role", R"("input":[{"content":"Hi"}])", invalid, u"input[0].type"_s,
        u"neither"_s);
    row("tool role", R"("input":[{"role":"tool","content":"Hi"}])", invalid, u"input[0].role"_s,
        u"developer"_s);
    row("content a number", R"("input":[{"role":"user","content":3}])", invalid,
        u"input[0].content"_s, u"content parts"_s);
    row("part not an object", R"("input":[{"role":"user","content":["Hi"]}])", invalid,
        u"input[0].content[0]"_s, u"object"_s);
    row("image without url", R"("input":[{"role":"user","content":[{"type":"input_image"}]}])",
        invalid, u"input[0].content[0].image_url"_s, u"image_url"_s);
    row("function_call without call_id",
        R"("input":[{"type":"function_call","name":"f","arguments":"{}"}])", invalid,
        u"input[0].call_id"_s, u"call_id"_s);
    row("function_call without name",
        R"("input":[{"type":"function_call","call_id":"c1","arguments":"{}"}])", invalid,
        u"input[0].name"_s, u"name"_s);
    row("function_call arguments an object",
        R"("input":[{"type":"function_call","call_id":"c1","name":"f","arguments":{}}])", invalid,
        u"input[0].arguments"_s, u"string"_s);
    row("function_call_output without call_id",
        R"("input":[{"type":"function_call_output","output":"ok"}])", invalid,
        u"input[0].call_id"_s, u"call_id"_s);
    row("function_call_output output an object",
        R"("input":[{"type":"function_call_output","call_id":"c1","output":{"ok":true}}])", invalid,
        u"input[0].output"_s, u"string"_s);
}

void tst_Responses::refusals_R_RESP_2()
{
    QFETCH(QByteArray, fields);
    QFETCH(QString, code);
    QFETCH(QString, param);
    QFETCH(QString, says);
    const auto out = Translation::responsesRequestToChat(json(R"({"model":"m",)" + fields + '}'));
    const auto *refusal = std::get_if<Translation::ResponsesRefusal>(&out);
    QVERIFY2(refusal, "not refused");
    QCOMPARE(refusal->code, code);
    QCOMPARE(refusal->param, param);
    QVERIFY2(refusal->message.contains(says), qPrintable(refusal->message));
    // The message names the field as the caller wrote it.
    QVERIFY2(refusal->message.contains(param.section(u'.', 0, 0)), qPrintable(refusal->message));
}

// --- answers ----------------------------------------------------------------------------------

void tst_Responses::chatAnswerText_R_RESP_3()
{
    Domain::Usage usage;
    const QJsonObject response = answerFromChat(
        R"({"id":"chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG","object":"chat.completion",
            "created":1741570283,"model":"gpt-4o-2024-08-06","choices":[{"index":0,
              "message":{"role":"assistant","content":"Arr, semicolons be optional, matey.",
                "refusal":null,"annotations":[]},"logprobs":null,"finish_reason":"stop"}],
            "usage":{"prompt_tokens":1117,"completion_tokens":46,"total_tokens":1163,
              "prompt_tokens_details":{"cached_tokens":1024,"audio_tokens":0},
              "completion_tokens_details":{"reasoning_tokens":12,"audio_tokens":0,
                "accepted_prediction_tokens":0,"rejected_prediction_tokens":0}},
            "service_tier":"default","system_fingerprint":"fp_fc9f1d7035"})",
        usage);
    COMPARE_JSON(response, R"({"id":"resp_7f3a","object":"response","created_at":1765000000,
        "status":"completed","error":null,"incomplete_details":null,"model":"demo/chat",
        "output":[{"type":"message","id":"msg_7f3a_0","status":"completed","role":"assistant",
          "content":[{"type":"output_text","text":"Arr, semicolons be optional, matey.",
            "annotations":[],"logprobs":[]}]}],
        "usage":{"input_tokens":1117,"input_tokens_details":{"cached_tokens":1024},
          "output_tokens":46,"output_tokens_details":{"reasoning_tokens":12},
          "total_tokens":1163}})");
    QCOMPARE(usage, (Domain::Usage { 1117, 46 }));
}

void tst_Responses::chatAnswerToolCalls_R_RESP_3()
{
    Domain::Usage usage;
    const QJsonObject response = answerFromChat(
        R"({"id":"chatcmpl-2","object":"chat.completion","created":1,"model":"gpt-4.1",
            "choices":[{"index":0,"message":{"role":"assistant","content":null,"refusal":null,
              "tool_calls":[
                {"id":"call_1","type":"function",
                 "function":{"name":"weather","arguments":"{\"city\":\"Paris\"}"}},
                {"id":"call_2","type":"function",
                 "function":{"name":"weather","arguments":"{\"city\":\"Rome\"}"}}]},
              "finish_reason":"tool_calls"}],
            "usage":{"prompt_tokens":80,"completion_tokens":40,"total_tokens":120}})",
        usage);
    COMPARE_JSON(response, R"({"id":"resp_7f3a","object":"response","created_at":1765000000,
        "status":"completed","error":null,"incomplete_details":null,"model":"demo/chat",
        "output":[
          {"type":"function_call","id":"fc_7f3a_0","call_id":"call_1","name":"weather",
           "arguments":"{\"city\":\"Paris\"}","status":"completed"},
          {"type":"function_call","id":"fc_7f3a_1","call_id":"call_2","name":"weather",
           "arguments":"{\"city\":\"Rome\"}","status":"completed"}],
        "usage":{"input_tokens":80,"input_tokens_details":{"cached_tokens":0},
          "output_tokens":40,"output_tokens_details":{"reasoning_tokens":0},
          "total_tokens":120}})");
}

void tst_Responses::chatAnswerRefusal_R_RESP_3()
{
    Domain::Usage usage;
    const QJsonObject response = answerFromChat(
        R"({"id":"chatcmpl-3","object":"chat.completion","created":1,"model":"gpt-4o",
            "choices":[{"index":0,"message":{"role":"assistant","content":null,
              "refusal":"I'm sorry, I cannot help with that."},"finish_reason":"stop"}],
            "usage":{"prompt_tokens":20,"completion_tokens":9,"total_tokens":29}})",
        usage);
    COMPARE_JSON(response, R"({"id":"resp_7f3a","object":"response","created_at":1765000000,
        "status":"completed","error":null,"incomplete_details":null,"model":"demo/chat",
        "output":[{"type":"message","id":"msg_7f3a_0","status":"completed","role":"assistant",
          "content":[{"type":"refusal","refusal":"I'm sorry, I cannot help with that."}]}],
        "usage":{"input_tokens":20,"input_tokens_details":{"cached_tokens":0},
          "output_tokens":9,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":29}})");
}

void tst_Responses::chatAnswerIncomplete_R_RESP_3_data()
{
    QTest::addColumn<QString>("finishReason");
    QTest::addColumn<QString>("reason");
    QTest::newRow("length") << u"length"_s << u"max_output_tokens"_s;
    QTest::newRow("content_filter") << u"content_filter"_s << u"content_filter"_s;
}

void tst_Responses::chatAnswerIncomplete_R_RESP_3()
{
    QFETCH(QString, finishReason);
    QFETCH(QString, reason);
    Domain::Usage usage;
    const QJsonObject response = answerFromChat(
        R"({"id":"chatcmpl-4","object":"chat.completion","created":1,"model":"gpt-4o",
            "choices":[{"index":0,"message":{"role":"assistant","content":"Once upon a time"},
              "finish_reason":")"
            + finishReason.toUtf8() + R"("}],
            "usage":{"prompt_tokens":10,"completion_tokens":4,"total_tokens":14}})",
        usage);
    COMPARE_JSON(response,
                 R"({"id":"resp_7f3a","object":"response","created_at":1765000000,
        "status":"incomplete","error":null,"incomplete_details":{"reason":")"
                     + reason.toUtf8() + R"("},"model":"demo/chat",
        "output":[{"type":"message","id":"msg_7f3a_0","status":"incomplete","role":"assistant",
          "content":[{"type":"output_text","text":"Once upon a time","annotations":[],
            "logprobs":[]}]}],
        "usage":{"input_tokens":10,"input_tokens_details":{"cached_tokens":0},
          "output_tokens":4,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":14}})");
}

void tst_Responses::chatAnswerCutOnlyLastItem_R_RESP_3()
{
    // The limit cut the call's arguments: the text before it is whole, as the stream says.
    Domain::Usage usage;
    const QJsonObject response = answerFromChat(
        R"({"id":"chatcmpl-5","object":"chat.completion","created":1,"model":"gpt-4o",
            "choices":[{"index":0,"message":{"role":"assistant","content":"Checking.",
              "tool_calls":[{"id":"call_1","type":"function",
                "function":{"name":"weather","arguments":"{\"ci"}}]},
              "finish_reason":"length"}],
            "usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}})",
        usage);
    COMPARE_JSON(response, R"({"id":"resp_7f3a","object":"response","created_at":1765000000,
        "status":"incomplete","error":null,"incomplete_details":{"reason":"max_output_tokens"},
        "model":"demo/chat",
        "output":[
          {"type":"message","id":"msg_7f3a_0","status":"completed","role":"assistant",
           "content":[{"type":"output_text","text":"Checking.","annotations":[],"logprobs":[]}]},
          {"type":"function_call","id":"fc_7f3a_1","call_id":"call_1","name":"weather",
           "arguments":"{\"ci","status":"incomplete"}],
        "usage":{"input_tokens":10,"input_tokens_details":{"cached_tokens":0},
          "output_tokens":5,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":15}})");
}

void tst_Responses::messagesAnswerToolUse_R_RESP_3()
{
    Domain::Usage usage;
    const QJsonObject response = answerFromMessages(
        R"({"id":"msg_01Aq9w938a90dw8q","type":"message","role":"assistant",
            "model":"claude-sonnet-4-5","content":[
              {"type":"text","text":"I'll check the weather in Paris."},
              {"type":"tool_use","id":"toolu_01A09q90qw90lq917835lq9","name":"weather",
               "input":{"city":"Paris"}}],
            "stop_reason":"tool_use","stop_sequence":null,
            "usage":{"input_tokens":472,"output_tokens":89}})",
        usage);
    COMPARE_JSON(response, R"({"id":"resp_7f3a","object":"response","created_at":1765000000,
        "status":"completed","error":null,"incomplete_details":null,"model":"demo/chat",
        "output":[
          {"type":"message","id":"msg_7f3a_0","status":"completed","role":"assistant",
           "content":[{"type":"output_text","text":"I'll check the weather in Paris.",
             "annotations":[],"logprobs":[]}]},
          {"type":"function_call","id":"fc_7f3a_1","call_id":"toolu_01A09q90qw90lq917835lq9",
           "name":"weather","arguments":"{\"city\":\"Paris\"}","status":"completed"}],
        "usage":{"input_tokens":472,"input_tokens_details":{"cached_tokens":0},
          "output_tokens":89,"output_tokens_details":{"reasoning_tokens":0},
          "total_tokens":561}})");
    QCOMPARE(usage, (Domain::Usage { 472, 89 }));
}

void tst_Responses::messagesAnswerMaxTokens_R_RESP_3()
{
    Domain::Usage usage;
    const QJsonObject response = answerFromMessages(
        R"({"id":"msg_02","type":"message","role":"assistant","model":"claude-haiku-4-5",
            "content":[{"type":"text","text":"Once upon a time, in a"}],
            "stop_reason":"max_tokens","stop_sequence":null,
            "usage":{"input_tokens":12,"output_tokens":8}})",
        usage);
    COMPARE_JSON(response, R"({"id":"resp_7f3a","object":"response","created_at":1765000000,
        "status":"incomplete","error":null,"incomplete_details":{"reason":"max_output_tokens"},
        "model":"demo/chat",
        "output":[{"type":"message","id":"msg_7f3a_0","status":"incomplete","role":"assistant",
          "content":[{"type":"output_text","text":"Once upon a time, in a","annotations":[],
            "logprobs":[]}]}],
        "usage":{"input_tokens":12,"input_tokens_details":{"cached_tokens":0},
          "output_tokens":8,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":20}})");
    QCOMPARE(usage, (Domain::Usage { 12, 8 }));
}

void tst_Responses::undecodableAnswers_R_RESP_3_data()
{
    QTest::addColumn<bool>("messages"); // the upstream's API: messages, else chat
    QTest::addColumn<QByteArray>("answer");
    QTest::newRow("chat: not JSON") << false << QByteArray("<html>Bad gateway</html>");
    QTest::newRow("chat: an array") << false << QByteArray("[]");
    QTest::newRow("chat: no choices") << false << QByteArray(R"({"id":"x","object":"list"})");
    QTest::newRow("chat: empty choices") << false << QByteArray(R"({"choices":[]})");
    QTest::newRow("messages: not JSON") << true << QByteArray("");
    QTest::newRow("messages: a chat answer")
        << true << QByteArray(R"({"choices":[{"message":{"content":"x"}}]})");
}

void tst_Responses::undecodableAnswers_R_RESP_3()
{
    QFETCH(bool, messages);
    QFETCH(QByteArray, answer);
    Domain::Usage usage;
    const std::optional<QByteArray> out = messages
        ? Translation::messagesAnswerToResponses(answer, kIdentity, usage)
        : Translation::chatAnswerToResponses(answer, kIdentity, usage);
    QVERIFY(!out);
}

// The answer with a first member simdjson refuses (a lone surrogate) and Qt reads: the same answer,
// served by the QJsonDocument reader.
QByteArray onlyQtReads(const QByteArray &answer)
{
    QByteArray out = answer;
    return out.insert(out.indexOf('{') + 1, R"("x-qt-only":"\ud800",)");
}

// The response with the envelope every row shares and `parts` (output; status,
// incomplete_details and usage where not the default) from the row.
QJsonObject withEnvelope(const QByteArray &parts)
{
    QJsonObject expected = json(parts);
    expected.insert(u"id"_s, u"resp_7f3a"_s);
    expected.insert(u"object"_s, u"response"_s);
    expected.insert(u"created_at"_s, 1765000000);
    expected.insert(u"error"_s, QJsonValue());
    expected.insert(u"model"_s, u"demo/chat"_s);
    if (!expected.contains(u"status"_s))
        expected.insert(u"status"_s, u"completed"_s);
    if (!expected.contains(u"incomplete_details"_s))
        expected.insert(u"incomplete_details"_s, QJsonValue());
    if (!expected.contains(u"usage"_s))
        expected.insert(u"usage"_s, json(R"({"input_tokens":0,"input_tokens_details":{
            "cached_tokens":0},"output_tokens":0,"output_tokens_details":{"reasoning_tokens":0},
            "total_tokens":0})"));
    return expected;
}

// Both readers of an answer give `expected`, and the same usage. For a chat answer `fast` says
// whether simdjson reads it: the direct writer starts with "id", QJsonDocument sorts the keys.
// (A messages answer Qt reads still becomes chat bytes simdjson reads.)
void checkReadEitherWay(bool messages, const QByteArray &answer, const QByteArray &expected,
                        const Domain::Usage &expectedUsage, bool fast)
{
    const auto translate = [&](const QByteArray &a, Domain::Usage &usage) {
        return messages ? Translation::messagesAnswerToResponses(a, kIdentity, usage)
                        : Translation::chatAnswerToResponses(a, kIdentity, usage);
    };
    Domain::Usage usage;
    const std::optional<QByteArray> out = translate(answer, usage);
    Domain::Usage qtUsage;
    const std::optional<QByteArray> qtOut = translate(onlyQtReads(answer), qtUsage);
    QVERIFY(out && qtOut);
    if (!messages) {
        QCOMPARE(out->startsWith(R"({"id":)"), fast);
        QVERIFY(qtOut->startsWith(R"({"created_at":)"));
    }
    QVERIFY2(json(*out) == withEnvelope(expected), out->constData());
    QVERIFY2(json(*qtOut) == withEnvelope(expected), qtOut->constData());
    QCOMPARE(usage, expectedUsage);
    QCOMPARE(qtUsage, expectedUsage);
}

void tst_Responses::chatAnswerReadEitherWay_R_RESP_3_data()
{
    QTest::addColumn<QByteArray>("answer");
    QTest::addColumn<QByteArray>("expected"); // what withEnvelope() completes
    QTest::addColumn<Domain::Usage>("usage");
    QTest::addColumn<bool>("fast");

    QTest::newRow("unicode and escapes in text")
        << QByteArray(R"({"choices":[{"message":{"content":"a\"b\\c\nd\u0000\u001f\té😀\u2028/\/"},
            "finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":4}})")
        << QByteArray(R"({"output":[{"type":"message","id":"msg_7f3a_0","status":"completed",
            "role":"assistant","content":[{"type":"output_text",
            "text":"a\"b\\c\nd\u0000\u001f\té😀\u2028//","annotations":[],"logprobs":[]}]}],
            "usage":{"input_tokens":3,"input_tokens_details":{"cached_tokens":0},
            "output_tokens":4,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":7}})")
        << Domain::Usage { 3, 4 } << true;
    QTest::newRow("unicode and escapes in arguments")
        << QByteArray(R"({"choices":[{"message":{"content":null,"tool_calls":[{"id":"call_é",
            "type":"function","function":{"name":"météo😀",
            "arguments":"{\"city\":\"Zürich \\\"old\\\"\\n😀\",\"z\":1,\"a\":[]}"}}]},
            "finish_reason":"tool_calls"}]})")
        << QByteArray(R"({"output":[{"type":"function_call","id":"fc_7f3a_0","call_id":"call_é",
            "name":"météo😀","arguments":"{\"city\":\"Zürich \\\"old\\\"\\n😀\",\"z\":1,\"a\":[]}",
            "status":"completed"}]})")
        << Domain::Usage {} << true;
    // What the message's fields hold is carried as Qt holds it: an id or name of another type,
    // arguments that are not a string, a call without a function.
    QTest::newRow("calls of other shapes") << QByteArray(R"({"choices":[{"message":{"tool_calls":[
            {"id":7,"function":{"name":null,"arguments":{"b":[1.5,-0.0,1e2],"a":{"y":true,"x":null}}}},
            {"function":"f"},"not an object",{"id":"c3","function":{"arguments":""}}]}}]})")
                                           << QByteArray(R"({"output":[
            {"type":"function_call","id":"fc_7f3a_0","call_id":7,"name":null,
             "arguments":{"a":{"x":null,"y":true},"b":[1.5,0,100]},"status":"completed"},
            {"type":"function_call","id":"fc_7f3a_1","status":"completed"},
            {"type":"function_call","id":"fc_7f3a_2","status":"completed"},
            {"type":"function_call","id":"fc_7f3a_3","call_id":"c3","arguments":"",
             "status":"completed"}]})") << Domain::Usage {}
                                           << true;
    QTest::newRow("text parts joined, refusal, calls cut by length")
        << QByteArray(R"({"choices":[{"finish_reason":"length","message":{"content":[
              {"type":"text","text":"one "},{"type":"image_url","text":"no"},"x",
              {"type":"text","text":"two"},{"type":"text"}],
            "refusal":"but no","tool_calls":[{"id":"a","function":{"name":"f","arguments":"{}"}},
              {"id":"b","function":{"name":"g","arguments":"{\"q"}}]}}]})")
        << QByteArray(R"({"status":"incomplete","incomplete_details":{"reason":"max_output_tokens"},
            "output":[{"type":"message","id":"msg_7f3a_0","status":"completed","role":"assistant",
              "content":[{"type":"output_text","text":"one two","annotations":[],"logprobs":[]},
                {"type":"refusal","refusal":"but no"}]},
            {"type":"function_call","id":"fc_7f3a_1","call_id":"a","name":"f","arguments":"{}",
             "status":"completed"},
            {"type":"function_call","id":"fc_7f3a_2","call_id":"b","name":"g","arguments":"{\"q",
             "status":"incomplete"}]})")
        << Domain::Usage {} << true;
    QTest::newRow("several choices: the first")
        << QByteArray(R"({"choices":[{"message":{"content":"first"},"finish_reason":"stop"},
            {"message":{"content":"second"},"finish_reason":"length"}],
            "choices":[{"message":{"content":"last key wins"},"finish_reason":"content_filter"}]})")
        << QByteArray(R"({"status":"incomplete","incomplete_details":{"reason":"content_filter"},
            "output":[{"type":"message","id":"msg_7f3a_0","status":"incomplete",
              "role":"assistant","content":[{"type":"output_text","text":"last key wins",
              "annotations":[],"logprobs":[]}]}]})")
        << Domain::Usage {} << true;
    QTest::newRow("null content, no message, first choice not an object")
        << QByteArray(R"({"choices":[null,{"message":{"content":"not this"}}]})")
        << QByteArray(R"({"output":[]})") << Domain::Usage {} << true;
    QTest::newRow("empty text and null content")
        << QByteArray(R"({"choices":[{"message":{"content":"","refusal":null}}],"usage":null})")
        << QByteArray(R"({"output":[]})") << Domain::Usage {} << true;
    // QJsonValue::toInteger(): an integral double counts, a fraction or a string does not.
    QTest::newRow("usage as floats and large numbers")
        << QByteArray(R"({"choices":[{"message":{"content":"x"}}],"usage":{
            "prompt_tokens":1.2e3,"completion_tokens":9007199254740993,
            "prompt_tokens_details":{"cached_tokens":2.5},
            "completion_tokens_details":{"reasoning_tokens":"7"}}})")
        << QByteArray(R"({"output":[{"type":"message","id":"msg_7f3a_0","status":"completed",
            "role":"assistant","content":[{"type":"output_text","text":"x","annotations":[],
            "logprobs":[]}]}],
            "usage":{"input_tokens":1200,"input_tokens_details":{"cached_tokens":0},
            "output_tokens":9007199254740993,"output_tokens_details":{"reasoning_tokens":0},
            "total_tokens":9007199254742193}})")
        << Domain::Usage { 1200, 9007199254740993 } << true;
    QTest::newRow("usage beyond 64 bits")
        << QByteArray(R"({"choices":[{"message":{"content":"x"}}],"usage":{
            "prompt_tokens":18446744073709551615,"completion_tokens":-2,
            "prompt_tokens_details":{"cached_tokens":9223372036854775807}}})")
        << QByteArray(R"({"output":[{"type":"message","id":"msg_7f3a_0","status":"completed",
            "role":"assistant","content":[{"type":"output_text","text":"x","annotations":[],
            "logprobs":[]}]}],
            "usage":{"input_tokens":0,"input_tokens_details":{"cached_tokens":9223372036854775807},
            "output_tokens":-2,"output_tokens_details":{"reasoning_tokens":0},
            "total_tokens":-2}})")
        << Domain::Usage { 0, -2 } << true;
    // What only Qt reads is read by Qt, as before: numbers beyond 64 bits, lone surrogates.
    QTest::newRow("a number only Qt reads")
        << QByteArray(R"({"choices":[{"message":{"content":"x"}}],"usage":{
            "prompt_tokens":5,"completion_tokens":18446744073709551616}})")
        << QByteArray(R"({"output":[{"type":"message","id":"msg_7f3a_0","status":"completed",
            "role":"assistant","content":[{"type":"output_text","text":"x","annotations":[],
            "logprobs":[]}]}],
            "usage":{"input_tokens":5,"input_tokens_details":{"cached_tokens":0},
            "output_tokens":0,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":5}})")
        << Domain::Usage { 5, 0 } << false;
    QTest::newRow("a lone surrogate only Qt reads")
        << QByteArray(R"({"choices":[{"message":{"content":[{"type":"text","text":"a\ud83d"},
            {"type":"text","text":"\ude00b\udc00"}]}}]})")
        << QByteArray(R"({"output":[{"type":"message","id":"msg_7f3a_0","status":"completed",
            "role":"assistant","content":[{"type":"output_text","text":"a😀b\udc00",
            "annotations":[],"logprobs":[]}]}]})")
        << Domain::Usage {} << false;
    // A key only Qt orders (repeated in arguments written as an object).
    QTest::newRow("arguments only Qt writes")
        << QByteArray(R"({"choices":[{"message":{"tool_calls":[{"id":"c",
            "function":{"name":"f","arguments":{"k":1,"k":2}}}]}}]})")
        << QByteArray(R"({"output":[{"type":"function_call","id":"fc_7f3a_0","call_id":"c",
            "name":"f","arguments":{"k":2},"status":"completed"}]})")
        << Domain::Usage {} << false;
}

// R-RESP-3: the direct writer over simdjson gives what the QJsonDocument reader gives.
void tst_Responses::chatAnswerReadEitherWay_R_RESP_3()
{
    QFETCH(QByteArray, answer);
    QFETCH(QByteArray, expected);
    QFETCH(Domain::Usage, usage);
    QFETCH(bool, fast);
    checkReadEitherWay(false, answer, expected, usage, fast);
}

void tst_Responses::messagesAnswerReadEitherWay_R_RESP_3_data()
{
    QTest::addColumn<QByteArray>("answer");
    QTest::addColumn<QByteArray>("expected");
    QTest::addColumn<Domain::Usage>("usage");
    QTest::newRow("unicode and escapes, text and tool input")
        << QByteArray(R"({"id":"msg_1","type":"message","content":[
              {"type":"text","text":"é\"\\\n😀"},{"type":"text","text":"\u0001"},
              {"type":"tool_use","id":"toolu_é","name":"f😀",
               "input":{"s":"\"é\\\n\t\u0001\/ 😀","b":[1.0,-0],"a":{}}}],
            "stop_reason":"max_tokens","usage":{"input_tokens":12,"output_tokens":3.0}})")
        << QByteArray(R"({"status":"incomplete","incomplete_details":{"reason":"max_output_tokens"},
            "output":[{"type":"message","id":"msg_7f3a_0","status":"completed",
              "role":"assistant","content":[{"type":"output_text","text":"é\"\\\n😀\u0001",
              "annotations":[],"logprobs":[]}]},
            {"type":"function_call","id":"fc_7f3a_1","call_id":"toolu_é","name":"f😀",
             "arguments":"{\"a\":{},\"b\":[1,0],\"s\":\"\\\"é\\\\\\n\\t\\u0001/ 😀\"}",
             "status":"incomplete"}],
            "usage":{"input_tokens":12,"input_tokens_details":{"cached_tokens":0},
            "output_tokens":3,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":15}})")
        << Domain::Usage { 12, 3 };
    QTest::newRow("no content, no usage")
        << QByteArray(R"({"type":"message","content":null,"stop_reason":"end_turn"})")
        << QByteArray(R"({"output":[]})") << Domain::Usage {};
}

// R-RESP-3: a messages answer reaches the same response whichever reader read it.
void tst_Responses::messagesAnswerReadEitherWay_R_RESP_3()
{
    QFETCH(QByteArray, answer);
    QFETCH(QByteArray, expected);
    QFETCH(Domain::Usage, usage);
    checkReadEitherWay(true, answer, expected, usage, true);
}

// R-RESP-3: a response id that needs escaping is escaped in the item ids too, either way.
void tst_Responses::itemIdsEscaped_R_RESP_3()
{
    const Translation::ResponseIdentity identity { u"resp_é\"\\😀"_s, u"m\"é"_s, 1 };
    const QByteArray answer
        = R"({"choices":[{"message":{"content":"x","tool_calls":[{"id":"c"}]}}]})";
    for (const QByteArray &a : { answer, onlyQtReads(answer) }) {
        Domain::Usage usage;
        const std::optional<QByteArray> out
            = Translation::chatAnswerToResponses(a, identity, usage);
        QVERIFY(out);
        const QJsonObject response = json(*out);
        QCOMPARE(response[u"id"_s].toString(), identity.id);
        QCOMPARE(response[u"model"_s].toString(), identity.model);
        QCOMPARE(response[u"output"_s][0][u"id"_s].toString(), u"msg_é\"\\😀_0"_s);
        QCOMPARE(response[u"output"_s][1][u"id"_s].toString(), u"fc_é\"\\😀_1"_s);
    }
}

QTEST_GUILESS_MAIN(tst_Responses)
#include "tst_responses.moc"
