#include "jsoncompare.h"
#include "translation/translation.h"

#include <QTest>

using namespace Qt::StringLiterals;
using Translation::Api;

Q_DECLARE_METATYPE(Translation::Api)

using namespace TranslationTest;

namespace {

// chatRequestToMessages(), held to chatRequestToMessagesBytes() on the same request: the same
// value with the upstream's model, and the same stream flags.
QJsonObject toMessages(const QJsonObject &chat, int defaultMaxTokens)
{
    const QJsonObject slow = Translation::chatRequestToMessages(chat, defaultMaxTokens);
    QJsonObject expected = slow;
    expected[u"model"_s] = u"upstream"_s;
    const std::optional<Translation::RequestBytes> fast
        = Translation::chatRequestToMessagesBytes(compact(chat), u"upstream"_s, defaultMaxTokens);
    if (!fast) {
        QTest::qFail("chatRequestToMessagesBytes gave up", __FILE__, __LINE__);
    } else if (json(fast->body) != expected) {
        QTest::qFail(qPrintable(u"bytes: "_s + QString::fromUtf8(fast->body) + u"\nobject: "_s
                                + QString::fromUtf8(compact(expected))),
                     __FILE__, __LINE__);
    } else if (fast->stream != chat.value(u"stream"_s).toBool()
               || fast->includeUsage
                   != chat.value(u"stream_options"_s)[u"include_usage"_s].toBool()) {
        QTest::qFail("stream flags differ", __FILE__, __LINE__);
    }
    return slow;
}

// messagesRequestToChat(), held to messagesRequestToChatBytes() the same way.
QJsonObject toChat(const QJsonObject &messages)
{
    const QJsonObject slow = Translation::messagesRequestToChat(messages);
    QJsonObject expected = slow;
    expected[u"model"_s] = u"upstream"_s;
    const std::optional<Translation::RequestBytes> fast
        = Translation::messagesRequestToChatBytes(compact(messages), u"upstream"_s);
    if (!fast) {
        QTest::qFail("messagesRequestToChatBytes gave up", __FILE__, __LINE__);
    } else if (json(fast->body) != expected) {
        QTest::qFail(qPrintable(u"bytes: "_s + QString::fromUtf8(fast->body) + u"\nobject: "_s
                                + QString::fromUtf8(compact(expected))),
                     __FILE__, __LINE__);
    } else if (fast->stream != messages.value(u"stream"_s).toBool()) {
        QTest::qFail("stream flag differs", __FILE__, __LINE__);
    }
    return slow;
}

} // namespace

// Recorded requests between OpenAI chat completions and Anthropic messages (SPEC §3a), and the
// fields neither can carry. The answers are in tst_translationanswers.cpp.
class tst_Translation : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void refusesFieldsNotCarried_R_XLAT_3_data();
    void refusesFieldsNotCarried_R_XLAT_3();
    void dropsFieldsWithoutEffect_R_XLAT_6_data();
    void dropsFieldsWithoutEffect_R_XLAT_6();

    void chatToMessagesSimple_R_XLAT_2();
    void chatToMessagesSystemAndDeveloper_R_XLAT_2();
    void chatToMessagesImages_R_XLAT_2();
    void chatToMessagesMergesToolResults_R_XLAT_2();
    void chatToMessagesToolChoice_R_XLAT_2_data();
    void chatToMessagesToolChoice_R_XLAT_2();
    void chatToMessagesMaxTokens_R_XLAT_6_data();
    void chatToMessagesMaxTokens_R_XLAT_6();
    void chatToMessagesStop_R_XLAT_2_data();
    void chatToMessagesStop_R_XLAT_2();
    void chatToMessagesSamplingUserStream_R_XLAT_2();
    void chatToMessagesToChatKeepsToolConversation_R_XLAT_2();

    void messagesToChatSimple_R_XLAT_2();
    void messagesToChatSystemBlocks_R_XLAT_2();
    void messagesToChatImages_R_XLAT_2();
    void messagesToChatSplitsToolResults_R_XLAT_2();
    void messagesToChatToolChoice_R_XLAT_2_data();
    void messagesToChatToolChoice_R_XLAT_2();
    void messagesToChatStopUserStream_R_XLAT_6();

    void requestBytesAsObjects_R_XLAT_2_data();
    void requestBytesAsObjects_R_XLAT_2();
};

void tst_Translation::refusesFieldsNotCarried_R_XLAT_3_data()
{
    QTest::addColumn<Api>("from");
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<QString>("field");

    const auto chat = [](const char *name, const char *request, const QString &field) {
        QTest::newRow(name) << Api::Chat << QByteArray(request) << field;
    };
    chat("n 2", R"({"model":"m","messages":[],"n":2})", u"n"_s);
    chat("logprobs", R"({"model":"m","messages":[],"logprobs":true})", u"logprobs"_s);
    chat("top_logprobs", R"({"model":"m","messages":[],"top_logprobs":3})", u"top_logprobs"_s);
    chat("logit_bias", R"({"model":"m","messages":[],"logit_bias":{"50256":-100}})",
         u"logit_bias"_s);
    chat("json_schema",
         R"({"model":"m","messages":[],"response_format":{"type":"json_schema",
             "json_schema":{"name":"x","schema":{"type":"object"}}}})",
         u"response_format"_s);
    chat("json_object", R"({"model":"m","messages":[],"response_format":{"type":"json_object"}})",
         u"response_format"_s);
    chat("frequency_penalty", R"({"model":"m","messages":[],"frequency_penalty":0.5})",
         u"frequency_penalty"_s);
    chat("presence_penalty", R"({"model":"m","messages":[],"presence_penalty":-0.5})",
         u"presence_penalty"_s);
    chat("audio", R"({"model":"m","messages":[],"audio":{"voice":"alloy","format":"wav"}})",
         u"audio"_s);
    chat("modalities audio", R"({"model":"m","messages":[],"modalities":["text","audio"]})",
         u"modalities"_s);
    chat("functions", R"({"model":"m","messages":[],"functions":[{"name":"f","parameters":{}}]})",
         u"functions"_s);
    chat("web_search_options", R"({"model":"m","messages":[],"web_search_options":{}})",
         u"web_search_options"_s);
    chat("reasoning_effort", R"({"model":"m","messages":[],"reasoning_effort":"high"})",
         u"reasoning_effort"_s);
    chat("custom tool", R"({"model":"m","messages":[],"tools":[{"type":"custom","name":"x"}]})",
         u"tools"_s);
    chat("allowed_tools choice",
         R"({"model":"m","messages":[],"tools":[{"type":"function","function":{"name":"f"}}],
             "tool_choice":{"type":"allowed_tools","allowed_tools":{"mode":"required",
             "tools":[{"type":"function","function":{"name":"f"}}]}}})",
         u"tool_choice"_s);
    chat("input_audio part",
         R"({"model":"m","messages":[{"role":"user","content":[{"type":"input_audio",
             "input_audio":{"data":"AAA","format":"wav"}}]}]})",
         u"input_audio"_s);
    chat("file part",
         R"({"model":"m","messages":[{"role":"user","content":[{"type":"file",
             "file":{"file_id":"f1"}}]}]})",
         u"file"_s);

    const auto messages = [](const char *name, const char *request, const QString &field) {
        QTest::newRow(name) << Api::Messages << QByteArray(request) << field;
    };
    messages("top_k", R"({"model":"m","max_tokens":10,"messages":[],"top_k":5})", u"top_k"_s);
    messages("thinking",
             R"({"model":"m","max_tokens":10,"messages":[],
                 "thinking":{"type":"enabled","budget_tokens":1024}})",
             u"thinking"_s);
    messages("server tool",
             R"({"model":"m","max_tokens":10,"messages":[],
                 "tools":[{"type":"web_search_20250305","name":"web_search"}]})",
             u"tools"_s);
    messages("mcp_servers",
             R"({"model":"m","max_tokens":10,"messages":[],
                 "mcp_servers":[{"type":"url","url":"https://mcp.example","name":"x"}]})",
             u"mcp_servers"_s);
    messages("document block",
             R"({"model":"m","max_tokens":10,"messages":[{"role":"user","content":[
                 {"type":"document","source":{"type":"base64","media_type":"application/pdf",
                  "data":"JVBE"}}]}]})",
             u"document"_s);
    messages("a block without a type before a document",
             R"({"model":"m","max_tokens":10,"messages":[{"role":"user","content":[
                 {"text":"x"},{"type":"document"}]}]})",
             u"messages"_s);
    chat("a part without a type before an audio part",
         R"({"model":"m","messages":[{"role":"user","content":[{"text":"x"},
             {"type":"input_audio"}]}]})",
         u"messages"_s);
    messages("image from the files API",
             R"({"model":"m","max_tokens":10,"messages":[{"role":"user","content":[
                 {"type":"image","source":{"type":"file","file_id":"file_1"}}]}]})",
             u"image"_s);
    messages("image in a tool result",
             R"({"model":"m","max_tokens":10,"messages":[{"role":"user","content":[
                 {"type":"tool_result","tool_use_id":"t1","content":[
                  {"type":"image","source":{"type":"url","url":"https://x/y.png"}}]}]}]})",
             u"tool_result"_s);
}

void tst_Translation::refusesFieldsNotCarried_R_XLAT_3()
{
    QFETCH(Api, from);
    QFETCH(QByteArray, request);
    QFETCH(QString, field);
    QCOMPARE(Translation::fieldNotCarried(from, json(request)), field);
}

void tst_Translation::dropsFieldsWithoutEffect_R_XLAT_6_data()
{
    QTest::addColumn<Api>("from");
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<QString>("dropped");

    const auto chat = [](const char *name, const char *request, const QString &field) {
        QTest::newRow(name) << Api::Chat << QByteArray(request) << field;
    };
    chat("n 1", R"({"model":"m","messages":[],"n":1})", u"n"_s);
    chat("logprobs false", R"({"model":"m","messages":[],"logprobs":false})", u"logprobs"_s);
    chat("logit_bias empty", R"({"model":"m","messages":[],"logit_bias":{}})", u"logit_bias"_s);
    chat("response_format text", R"({"model":"m","messages":[],"response_format":{"type":"text"}})",
         u"response_format"_s);
    chat("frequency_penalty 0", R"({"model":"m","messages":[],"frequency_penalty":0})",
         u"frequency_penalty"_s);
    chat("presence_penalty 0", R"({"model":"m","messages":[],"presence_penalty":0.0})",
         u"presence_penalty"_s);
    chat("seed", R"({"model":"m","messages":[],"seed":7})", u"seed"_s);
    chat("store", R"({"model":"m","messages":[],"store":true})", u"store"_s);
    chat("service_tier", R"({"model":"m","messages":[],"service_tier":"auto"})", u"service_tier"_s);
    chat("metadata", R"({"model":"m","messages":[],"metadata":{"team":"a"}})", u"metadata"_s);
    chat("modalities text", R"({"model":"m","messages":[],"modalities":["text"]})",
         u"modalities"_s);
    chat("stream_options",
         R"({"model":"m","messages":[],"stream":true,"stream_options":{"include_usage":true}})",
         u"stream_options"_s);
    chat("parallel_tool_calls without tools",
         R"({"model":"m","messages":[],"parallel_tool_calls":false})", u"parallel_tool_calls"_s);
    chat("tool_choice without tools", R"({"model":"m","messages":[],"tool_choice":"required"})",
         u"tool_choice"_s);
    chat("top_logprobs 0", R"({"model":"m","messages":[],"top_logprobs":0})", u"top_logprobs"_s);
    chat("audio null", R"({"model":"m","messages":[],"audio":null})", u"audio"_s);
    chat("prediction",
         R"({"model":"m","messages":[],"prediction":{"type":"content","content":"x"}})",
         u"prediction"_s);
    chat("detail of an image",
         R"({"model":"m","messages":[{"role":"user","content":[{"type":"image_url",
             "image_url":{"url":"https://x/y.png","detail":"low"}}]}]})",
         u"detail"_s);
    chat("strict of a function",
         R"({"model":"m","messages":[],"tools":[{"type":"function",
             "function":{"name":"f","strict":true}}]})",
         u"strict"_s);
    chat("name of a message",
         R"({"model":"m","messages":[{"role":"user","name":"ann","content":"Hi"}]})", u"name"_s);

    const auto messages = [](const char *name, const char *request, const QString &field) {
        QTest::newRow(name) << Api::Messages << QByteArray(request) << field;
    };
    messages("cache_control",
             R"({"model":"m","max_tokens":10,
                 "system":[{"type":"text","text":"S","cache_control":{"type":"ephemeral"}}],
                 "tools":[{"name":"t","input_schema":{"type":"object"},
                           "cache_control":{"type":"ephemeral"}}],
                 "messages":[{"role":"user","content":[{"type":"text","text":"Hi",
                              "cache_control":{"type":"ephemeral","ttl":"1h"}}]}]})",
             u"cache_control"_s);
    messages("is_error of a tool result",
             R"({"model":"m","max_tokens":10,"messages":[{"role":"user","content":[
                 {"type":"tool_result","tool_use_id":"t1","is_error":true,"content":"down"}]}]})",
             u"is_error"_s);
    messages("thinking disabled",
             R"({"model":"m","max_tokens":10,"messages":[],"thinking":{"type":"disabled"}})",
             u"thinking"_s);
    messages("top_k null", R"({"model":"m","max_tokens":10,"messages":[],"top_k":null})",
             u"top_k"_s);
    messages("service_tier", R"({"model":"m","max_tokens":10,"messages":[],"service_tier":"auto"})",
             u"service_tier"_s);
    messages("metadata beyond user_id",
             R"({"model":"m","max_tokens":10,"messages":[],"metadata":{"trace":"x"}})",
             u"metadata"_s);
    messages("thinking blocks of earlier turns",
             R"({"model":"m","max_tokens":10,"messages":[
                 {"role":"user","content":"Hi"},
                 {"role":"assistant","content":[{"type":"thinking","thinking":"hm","signature":"s"},
                   {"type":"redacted_thinking","data":"xyz"},{"type":"text","text":"Hello"}]}]})",
             u"thinking"_s);
}

void tst_Translation::dropsFieldsWithoutEffect_R_XLAT_6()
{
    QFETCH(Api, from);
    QFETCH(QByteArray, request);
    QFETCH(QString, dropped);
    const QJsonObject r = json(request);
    QCOMPARE(Translation::fieldNotCarried(from, r), QString());
    const QJsonObject translated = from == Api::Chat ? toMessages(r, 100) : toChat(r);
    const QByteArray key = QByteArray('"' + dropped.toUtf8() + '"');
    QVERIFY2(!compact(translated).contains(key), compact(translated).constData());
}

void tst_Translation::chatToMessagesSimple_R_XLAT_2()
{
    COMPARE_JSON(
        toMessages(json(R"({"model":"gpt-4o","messages":[{"role":"user","content":"Hi"}]})"), 4096),
        R"({"model":"gpt-4o","max_tokens":4096,
                     "messages":[{"role":"user","content":"Hi"}]})");
}

void tst_Translation::chatToMessagesSystemAndDeveloper_R_XLAT_2()
{
    const QJsonObject chat = json(R"({"model":"m","messages":[
        {"role":"system","content":"Be brief."},
        {"role":"developer","content":[{"type":"text","text":"Answer in French."},
                                       {"type":"text","text":"Use metric units."}]},
        {"role":"user","content":"How far is Lyon?"},
        {"role":"system","content":""}]})");
    COMPARE_JSON(toMessages(chat, 4096),
                 R"({"model":"m","max_tokens":4096,
                     "system":"Be brief.\n\nAnswer in French.\n\nUse metric units.",
                     "messages":[{"role":"user","content":"How far is Lyon?"}]})");
}

void tst_Translation::chatToMessagesImages_R_XLAT_2()
{
    const QJsonObject chat = json(R"({"model":"m","messages":[{"role":"user","content":[
        {"type":"text","text":"Compare these."},
        {"type":"image_url","image_url":{"url":"data:image/png;base64,iVBORw0KGgo="}},
        {"type":"image_url","image_url":{"url":"https://example.com/cat.jpg","detail":"high"}}
    ]}]})");
    COMPARE_JSON(toMessages(chat, 4096),
                 R"({"model":"m","max_tokens":4096,"messages":[{"role":"user","content":[
                     {"type":"text","text":"Compare these."},
                     {"type":"image","source":{"type":"base64","media_type":"image/png",
                                               "data":"iVBORw0KGgo="}},
                     {"type":"image","source":{"type":"url",
                                               "url":"https://example.com/cat.jpg"}}]}]})");
}

// Anthropic wants turns to alternate: the two tool results and the user's next words are one turn.
void tst_Translation::chatToMessagesMergesToolResults_R_XLAT_2()
{
    const QJsonObject chat = json(R"({"model":"m","messages":[
        {"role":"user","content":"Weather in Paris and Rome?"},
        {"role":"assistant","content":null,"tool_calls":[
            {"id":"call_1","type":"function",
             "function":{"name":"weather","arguments":"{\"city\":\"Paris\"}"}},
            {"id":"call_2","type":"function",
             "function":{"name":"weather","arguments":"{\"city\":\"Ro"}}]},
        {"role":"tool","tool_call_id":"call_1","content":"18 C"},
        {"role":"tool","tool_call_id":"call_2","content":[{"type":"text","text":"21 C"}]},
        {"role":"user","content":"And in Oslo?"},
        {"role":"assistant","content":"Let me look.","tool_calls":[
            {"id":"call_3","type":"function",
             "function":{"name":"weather","arguments":"{\"city\":\"Oslo\"}"}}]},
        {"role":"tool","tool_call_id":"call_3","content":"4 C"}]})");
    COMPARE_JSON(toMessages(chat, 4096),
                 R"({"model":"m","max_tokens":4096,"messages":[
        {"role":"user","content":"Weather in Paris and Rome?"},
        {"role":"assistant","content":[
            {"type":"tool_use","id":"call_1","name":"weather","input":{"city":"Paris"}},
            {"type":"tool_use","id":"call_2","name":"weather","input":{}}]},
        {"role":"user","content":[
            {"type":"tool_result","tool_use_id":"call_1","content":"18 C"},
            {"type":"tool_result","tool_use_id":"call_2","content":"21 C"},
            {"type":"text","text":"And in Oslo?"}]},
        {"role":"assistant","content":[
            {"type":"text","text":"Let me look."},
            {"type":"tool_use","id":"call_3","name":"weather","input":{"city":"Oslo"}}]},
        {"role":"user","content":[
            {"type":"tool_result","tool_use_id":"call_3","content":"4 C"}]}]})");
}

void tst_Translation::chatToMessagesToolChoice_R_XLAT_2_data()
{
    QTest::addColumn<QByteArray>("fields");
    QTest::addColumn<QByteArray>("expected"); // the messages request's tool_choice, {} for none

    QTest::newRow("absent") << QByteArray() << QByteArray("{}");
    QTest::newRow("auto") << QByteArray(R"(,"tool_choice":"auto")")
                          << QByteArray(R"({"tool_choice":{"type":"auto"}})");
    QTest::newRow("none") << QByteArray(R"(,"tool_choice":"none")")
                          << QByteArray(R"({"tool_choice":{"type":"none"}})");
    QTest::newRow("required") << QByteArray(R"(,"tool_choice":"required")")
                              << QByteArray(R"({"tool_choice":{"type":"any"}})");
    QTest::newRow("named") << QByteArray(
        R"(,"tool_choice":{"type":"function","function":{"name":"weather"}})")
                           << QByteArray(R"({"tool_choice":{"type":"tool","name":"weather"}})");
    QTest::newRow("not parallel")
        << QByteArray(R"(,"parallel_tool_calls":false)")
        << QByteArray(R"({"tool_choice":{"type":"auto","disable_parallel_tool_use":true}})");
    QTest::newRow("required, not parallel")
        << QByteArray(R"(,"tool_choice":"required","parallel_tool_calls":false)")
        << QByteArray(R"({"tool_choice":{"type":"any","disable_parallel_tool_use":true}})");
    QTest::newRow("none, not parallel")
        << QByteArray(R"(,"tool_choice":"none","parallel_tool_calls":false)")
        << QByteArray(R"({"tool_choice":{"type":"none"}})");
    QTest::newRow("parallel") << QByteArray(R"(,"parallel_tool_calls":true)") << QByteArray("{}");
}

void tst_Translation::chatToMessagesToolChoice_R_XLAT_2()
{
    QFETCH(QByteArray, fields);
    QFETCH(QByteArray, expected);
    const QJsonObject chat = json(R"({"model":"m","messages":[{"role":"user","content":"Hi"}],
        "tools":[{"type":"function","function":{"name":"weather","description":"Weather now",
                  "parameters":{"type":"object","properties":{"city":{"type":"string"}}},
                  "strict":true}},
                 {"type":"function","function":{"name":"time"}}])"
                                  + fields + '}');
    QJsonObject want = json(R"({"model":"m","max_tokens":4096,
        "messages":[{"role":"user","content":"Hi"}],
        "tools":[{"name":"weather","description":"Weather now",
                  "input_schema":{"type":"object","properties":{"city":{"type":"string"}}}},
                 {"name":"time","input_schema":{"type":"object"}}]})");
    const QJsonObject choice = json(expected);
    if (!choice.isEmpty())
        want.insert(u"tool_choice"_s, choice.value(u"tool_choice"_s));
    COMPARE_JSON(toMessages(chat, 4096), compact(want));
}

void tst_Translation::chatToMessagesMaxTokens_R_XLAT_6_data()
{
    QTest::addColumn<QByteArray>("fields");
    QTest::addColumn<int>("maxTokens");
    QTest::newRow("none: the model's max output tokens") << QByteArray() << 8192;
    QTest::newRow("null") << QByteArray(R"(,"max_tokens":null)") << 8192;
    QTest::newRow("max_tokens") << QByteArray(R"(,"max_tokens":300)") << 300;
    QTest::newRow("max_completion_tokens") << QByteArray(R"(,"max_completion_tokens":200)") << 200;
    QTest::newRow("both") << QByteArray(R"(,"max_tokens":300,"max_completion_tokens":200)")
                          << 300; // max_tokens, as the holds count it
}

void tst_Translation::chatToMessagesMaxTokens_R_XLAT_6()
{
    QFETCH(QByteArray, fields);
    QFETCH(int, maxTokens);
    const QJsonObject out = toMessages(json(R"({"model":"m","messages":[])" + fields + '}'), 8192);
    QCOMPARE(out.value(u"max_tokens"_s).toInt(), maxTokens);
}

void tst_Translation::chatToMessagesStop_R_XLAT_2_data()
{
    QTest::addColumn<QByteArray>("stop");
    QTest::addColumn<QByteArray>("expected"); // {} for no stop_sequences
    QTest::newRow("string") << QByteArray(R"("END")")
                            << QByteArray(R"({"stop_sequences":["END"]})");
    QTest::newRow("array") << QByteArray(R"(["END","\n\n"])")
                           << QByteArray(R"({"stop_sequences":["END","\n\n"]})");
    QTest::newRow("empty array") << QByteArray("[]") << QByteArray("{}");
    QTest::newRow("null") << QByteArray("null") << QByteArray("{}");
}

void tst_Translation::chatToMessagesStop_R_XLAT_2()
{
    QFETCH(QByteArray, stop);
    QFETCH(QByteArray, expected);
    const QJsonObject out
        = toMessages(json(R"({"model":"m","messages":[],"stop":)" + stop + '}'), 10);
    QCOMPARE(out.value(u"stop_sequences"_s), json(expected).value(u"stop_sequences"_s));
}

void tst_Translation::chatToMessagesSamplingUserStream_R_XLAT_2()
{
    const QJsonObject chat = json(R"({"model":"m","messages":[{"role":"user","content":"Hi"}],
        "temperature":0.2,"top_p":0.9,"user":"user-42","stream":true,
        "stream_options":{"include_usage":true},"max_tokens":50})");
    COMPARE_JSON(toMessages(chat, 4096),
                 R"({"model":"m","messages":[{"role":"user","content":"Hi"}],"max_tokens":50,
                     "temperature":0.2,"top_p":0.9,"metadata":{"user_id":"user-42"},
                     "stream":true})");
}

// There and back: a tool conversation comes back as it was.
void tst_Translation::chatToMessagesToChatKeepsToolConversation_R_XLAT_2()
{
    const QJsonObject chat = json(R"({"model":"m","max_tokens":100,"messages":[
        {"role":"system","content":"Be brief."},
        {"role":"user","content":"Weather in Paris?"},
        {"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function",
            "function":{"name":"weather","arguments":"{\"city\":\"Paris\"}"}}]},
        {"role":"tool","tool_call_id":"call_1","content":"18 C"}],
        "tools":[{"type":"function","function":{"name":"weather",
                  "parameters":{"type":"object"}}}],
        "tool_choice":"required","parallel_tool_calls":false,"user":"u1"})");
    COMPARE_JSON(toChat(toMessages(chat, 1)), compact(chat));
}

void tst_Translation::messagesToChatSimple_R_XLAT_2()
{
    COMPARE_JSON(toChat(json(R"({"model":"claude","max_tokens":1024,
                     "system":"Be brief.","messages":[{"role":"user","content":"Hi"},
                     {"role":"assistant","content":"Hello."},
                     {"role":"user","content":[{"type":"text","text":"Bye"}]}]})")),
                 R"({"model":"claude","max_tokens":1024,"messages":[
                     {"role":"system","content":"Be brief."},
                     {"role":"user","content":"Hi"},
                     {"role":"assistant","content":"Hello."},
                     {"role":"user","content":[{"type":"text","text":"Bye"}]}]})");
}

void tst_Translation::messagesToChatSystemBlocks_R_XLAT_2()
{
    COMPARE_JSON(toChat(json(R"({"model":"m","max_tokens":10,
                     "system":[{"type":"text","text":"Be brief."},
                               {"type":"text","text":"Answer in French.",
                                "cache_control":{"type":"ephemeral"}}],
                     "messages":[{"role":"user","content":"Hi"}]})")),
                 R"({"model":"m","max_tokens":10,"messages":[
                     {"role":"system","content":"Be brief.\n\nAnswer in French."},
                     {"role":"user","content":"Hi"}]})");
}

void tst_Translation::messagesToChatImages_R_XLAT_2()
{
    COMPARE_JSON(toChat(json(R"({"model":"m","max_tokens":10,
                     "messages":[{"role":"user","content":[
                     {"type":"image","source":{"type":"base64","media_type":"image/jpeg",
                                               "data":"/9j/4AAQ"}},
                     {"type":"image","source":{"type":"url","url":"https://example.com/a.png"}},
                     {"type":"text","text":"Same cat?"}]}]})")),
                 R"({"model":"m","max_tokens":10,"messages":[{"role":"user","content":[
                     {"type":"image_url","image_url":{"url":"data:image/jpeg;base64,/9j/4AAQ"}},
                     {"type":"image_url","image_url":{"url":"https://example.com/a.png"}},
                     {"type":"text","text":"Same cat?"}]}]})");
}

// Tool results become tool messages, placed before the rest of their user turn.
void tst_Translation::messagesToChatSplitsToolResults_R_XLAT_2()
{
    const QJsonObject messages = json(R"({"model":"m","max_tokens":10,"messages":[
        {"role":"user","content":"Weather in Paris and Rome?"},
        {"role":"assistant","content":[
            {"type":"text","text":"Checking "},{"type":"text","text":"both."},
            {"type":"tool_use","id":"toolu_1","name":"weather","input":{"city":"Paris"}},
            {"type":"tool_use","id":"toolu_2","name":"weather","input":{"city":"Rome"}}]},
        {"role":"user","content":[
            {"type":"text","text":"Here:"},
            {"type":"tool_result","tool_use_id":"toolu_1","content":"18 C"},
            {"type":"tool_result","tool_use_id":"toolu_2","is_error":true,
             "content":[{"type":"text","text":"Service down."},{"type":"text","text":"Retry."}]}]},
        {"role":"assistant","content":[
            {"type":"tool_use","id":"toolu_3","name":"time","input":{}}]},
        {"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_3"}]}]})");
    COMPARE_JSON(toChat(messages),
                 R"({"model":"m","max_tokens":10,"messages":[
        {"role":"user","content":"Weather in Paris and Rome?"},
        {"role":"assistant","content":"Checking both.","tool_calls":[
            {"id":"toolu_1","type":"function",
             "function":{"name":"weather","arguments":"{\"city\":\"Paris\"}"}},
            {"id":"toolu_2","type":"function",
             "function":{"name":"weather","arguments":"{\"city\":\"Rome\"}"}}]},
        {"role":"tool","tool_call_id":"toolu_1","content":"18 C"},
        {"role":"tool","tool_call_id":"toolu_2","content":"Service down.\n\nRetry."},
        {"role":"user","content":[{"type":"text","text":"Here:"}]},
        {"role":"assistant","content":null,"tool_calls":[
            {"id":"toolu_3","type":"function","function":{"name":"time","arguments":"{}"}}]},
        {"role":"tool","tool_call_id":"toolu_3","content":""}]})");
}

void tst_Translation::messagesToChatToolChoice_R_XLAT_2_data()
{
    QTest::addColumn<QByteArray>("choice");
    QTest::addColumn<QByteArray>("expected"); // the chat request's fields, {} for none

    QTest::newRow("absent") << QByteArray("null") << QByteArray("{}");
    QTest::newRow("auto") << QByteArray(R"({"type":"auto"})")
                          << QByteArray(R"({"tool_choice":"auto"})");
    QTest::newRow("any") << QByteArray(R"({"type":"any"})")
                         << QByteArray(R"({"tool_choice":"required"})");
    QTest::newRow("none") << QByteArray(R"({"type":"none"})")
                          << QByteArray(R"({"tool_choice":"none"})");
    QTest::newRow("tool") << QByteArray(R"({"type":"tool","name":"weather"})")
                          << QByteArray(R"({"tool_choice":{"type":"function",
                                            "function":{"name":"weather"}}})");
    QTest::newRow("not parallel")
        << QByteArray(R"({"type":"any","disable_parallel_tool_use":true})")
        << QByteArray(R"({"tool_choice":"required","parallel_tool_calls":false})");
}

void tst_Translation::messagesToChatToolChoice_R_XLAT_2()
{
    QFETCH(QByteArray, choice);
    QFETCH(QByteArray, expected);
    const QJsonObject messages = json(R"({"model":"m","max_tokens":10,"messages":[],
        "tools":[{"name":"weather","description":"Weather now",
                  "input_schema":{"type":"object","properties":{"city":{"type":"string"}}},
                  "cache_control":{"type":"ephemeral"}}],"tool_choice":)"
                                      + choice + '}');
    QJsonObject want = json(R"({"model":"m","max_tokens":10,"messages":[],
        "tools":[{"type":"function","function":{"name":"weather","description":"Weather now",
                  "parameters":{"type":"object","properties":{"city":{"type":"string"}}}}}]})");
    const QJsonObject fields = json(expected);
    for (auto it = fields.begin(); it != fields.end(); ++it)
        want.insert(it.key(), it.value());
    COMPARE_JSON(toChat(messages), compact(want));
}

void tst_Translation::messagesToChatStopUserStream_R_XLAT_6()
{
    COMPARE_JSON(toChat(json(R"({"model":"m","max_tokens":10,
                     "messages":[],"stop_sequences":["END"],"temperature":0.5,"top_p":0.8,
                     "metadata":{"user_id":"user-42"},"stream":true})")),
                 R"({"model":"m","max_tokens":10,"messages":[],"stop":["END"],
                     "temperature":0.5,"top_p":0.8,"user":"user-42","stream":true,
                     "stream_options":{"include_usage":true}})");
    COMPARE_JSON(toChat(json(R"({"model":"m","max_tokens":10,"messages":[],"stream":false})")),
                 R"({"model":"m","max_tokens":10,"messages":[],"stream":false})");
}

void tst_Translation::requestBytesAsObjects_R_XLAT_2_data()
{
    QTest::addColumn<Api>("from");
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<bool>("mayGiveUp"); // only the QJsonObject path can say

    QTest::newRow("chat: repeated keys")
        << Api::Chat
        << QByteArray(R"({"model":"a","model":"b","temperature":1,"temperature":0.7,"messages":[
              {"role":"user","role":"system","content":"s"},{"role":"user","content":"hi"}]})")
        << false;
    QTest::newRow("chat: numbers")
        << Api::Chat << QByteArray(R"({"messages":[],"temperature":-0,"top_p":1.0,"max_tokens":1e2,
              "stop":["a"],"tools":[{"function":{"name":"f","parameters":{"type":"object",
              "properties":{"n":{"maximum":18446744073709551615,"minimum":-0.0,"x":1e300}}}}}]})")
        << false;
    QTest::newRow("chat: escapes and non-ASCII")
        << Api::Chat
        << QByteArray(R"({"messages":[{"role":"system","content":[{"type":"text","text":"\u00e9\n"},
              {"type":"text","text":""},{"type":"text","text":"😀\t\"\\"}]},
              {"role":"user","content":[{"type":"text","text":"a\u0000b"},
              {"type":"image_url","image_url":"data:image/png;base64,QUJD"},
              {"type":"image_url","image_url":{"url":"https://x/é.png"}}]}],"user":"ü"})")
        << false;
    QTest::newRow("chat: odd shapes")
        << Api::Chat
        << QByteArray(R"({"messages":[1,{"role":"user"},{"role":"assistant","content":null},
              {"role":"assistant","content":[{"type":"refusal","refusal":"no"},{"text":"t"}],
               "tool_calls":[{"function":{"arguments":"[1]"}},{"id":null,"function":7},
               {"id":"c","function":{"name":"f","arguments":"{\"b\":1,\"a\":{\"d\":[],\"c\":null}}"}}]},
              {"role":"tool","content":"r"},{"role":"tool","tool_call_id":"c","content":[]},
              {"role":"user","content":""},{"role":"user","content":[]}],
              "tools":[{"function":{"name":"f","description":null}},{}],"tool_choice":{"x":1},
              "parallel_tool_calls":false,"stream":true,"stream_options":{"include_usage":true}})")
        << false;
    QTest::newRow("chat: a non-ASCII key in tool arguments")
        << Api::Chat << QByteArray(R"({"messages":[{"role":"assistant","tool_calls":[{"id":"c",
              "function":{"name":"f","arguments":"{\"é\":1,\"z\":2}"}}]}]})")
        << true;
    QTest::newRow("chat: invalid UTF-8")
        << Api::Chat << QByteArray("{\"messages\":[{\"role\":\"user\",\"content\":\"a\xff\"}]}")
        << true;
    QTest::newRow("messages: repeated keys and numbers")
        << Api::Messages
        << QByteArray(R"({"model":"a","max_tokens":10,"max_tokens":2.0,"temperature":0.25,
              "stop_sequences":["x"],"messages":[{"role":"user","content":"hi","content":"ho"}]})")
        << false;
    QTest::newRow("messages: odd shapes")
        << Api::Messages
        << QByteArray(
               R"({"system":[{"type":"text","text":"a"},{"type":"image"},{"type":"text","text":"b"}],
              "messages":[1,{"role":"user"},{"role":"assistant"},{"role":"assistant","content":null},
              {"role":"assistant","content":[{"type":"text","text":""},{"type":"tool_use","input":[1]},
               {"type":"tool_use","id":"t","name":"f","input":{"z":1.5,"a":[true,{"y":null,"x":"é"}]}}]},
              {"role":"user","content":[{"type":"tool_result","content":[{"type":"text","text":"1"},
               {"type":"text","text":"2"}]},{"type":"tool_result","tool_use_id":"t"},
               {"type":"text","text":""},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"QQ=="}},
               {"type":"image","source":{"type":"url","url":"https://x/y.png"}},{"type":"image"}]}],
              "tools":[{"name":"f","input_schema":null},{"description":"d"},{}],
              "tool_choice":{"type":"tool","disable_parallel_tool_use":true},
              "metadata":{"user_id":"u"},"stream":true})")
        << false;
    QTest::newRow("messages: tool choices")
        << Api::Messages
        << QByteArray(R"({"messages":[],"tools":[{"name":"f"}],"tool_choice":{"type":"any"}})")
        << false;
    QTest::newRow("messages: invalid UTF-8")
        << Api::Messages << QByteArray("{\"messages\":[{\"role\":\"user\",\"content\":\"a\xff\"}]}")
        << true;
}

// The requests read from bytes and written straight into bytes are the QJsonObject path's, value
// for value; where they give up, the executor takes that path.
void tst_Translation::requestBytesAsObjects_R_XLAT_2()
{
    QFETCH(Api, from);
    QFETCH(QByteArray, request);
    QFETCH(bool, mayGiveUp);
    const QJsonObject object = QJsonDocument::fromJson(request).object();
    QJsonObject expected = from == Api::Chat ? Translation::chatRequestToMessages(object, 64)
                                             : Translation::messagesRequestToChat(object);
    expected[u"model"_s] = u"upstream"_s;
    const std::optional<Translation::RequestBytes> fast = from == Api::Chat
        ? Translation::chatRequestToMessagesBytes(request, u"upstream"_s, 64)
        : Translation::messagesRequestToChatBytes(request, u"upstream"_s);
    if (mayGiveUp && !fast)
        return;
    QVERIFY(fast);
    COMPARE_JSON(json(fast->body), compact(expected));
    QCOMPARE(fast->stream, object.value(u"stream"_s).toBool());
    if (from == Api::Chat)
        QCOMPARE(fast->includeUsage,
                 object.value(u"stream_options"_s)[u"include_usage"_s].toBool());
}

QTEST_GUILESS_MAIN(tst_Translation)
#include "tst_translation.moc"
