#include "jsoncompare.h"
#include "translation/translation.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace TranslationTest;
using Translation::Api;

Q_DECLARE_METATYPE(Translation::Api)

// Recorded complete answers between Anthropic messages and OpenAI chat completions (SPEC §3a):
// text, tool calls, stop reasons and usage; what is not an answer of the upstream's API.
class tst_TranslationAnswers : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void messagesAnswerToChatText_R_XLAT_2();
    void messagesAnswerToChatToolCalls_R_XLAT_2();
    void messagesAnswerToChatStopReasons_R_XLAT_2_data();
    void messagesAnswerToChatStopReasons_R_XLAT_2();
    void chatAnswerToMessagesText_R_XLAT_2();
    void chatAnswerToMessagesToolCalls_R_XLAT_2();
    void chatAnswerToMessagesRefusal_R_XLAT_2();
    void chatAnswerToMessagesStopReasons_R_XLAT_2_data();
    void chatAnswerToMessagesStopReasons_R_XLAT_2();
    void undecodableAnswers_R_XLAT_1_data();
    void undecodableAnswers_R_XLAT_1();
    void toolInputWrittenAsQtWritesIt_R_XLAT_2_data();
    void toolInputWrittenAsQtWritesIt_R_XLAT_2();
    void toolArgumentsReadAsQtReadsThem_R_XLAT_2_data();
    void toolArgumentsReadAsQtReadsThem_R_XLAT_2();
    void textReadAsQtReadsIt_R_XLAT_2_data();
    void textReadAsQtReadsIt_R_XLAT_2();
};

void tst_TranslationAnswers::messagesAnswerToChatText_R_XLAT_2()
{
    Domain::Usage usage;
    const std::optional<QByteArray> out = Translation::messagesAnswerToChat(
        R"({"id":"msg_01","type":"message","role":"assistant","model":"claude-sonnet-4",
                "content":[{"type":"text","text":"Hello"},{"type":"text","text":" there."}],
                "stop_reason":"end_turn","stop_sequence":null,
                "usage":{"input_tokens":12,"output_tokens":3}})",
        u"smart"_s, 1700000000, usage);
    QVERIFY(out);
    COMPARE_JSON(json(*out), R"({"id":"chatcmpl-01","object":"chat.completion","created":1700000000,
        "model":"smart","choices":[{"index":0,"finish_reason":"stop",
            "message":{"role":"assistant","content":"Hello there."}}],
        "usage":{"prompt_tokens":12,"completion_tokens":3,"total_tokens":15}})");
    QCOMPARE(usage, (Domain::Usage { 12, 3 }));
}

void tst_TranslationAnswers::messagesAnswerToChatToolCalls_R_XLAT_2()
{
    Domain::Usage usage;
    std::optional<QByteArray> out = Translation::messagesAnswerToChat(
        R"({"id":"msg_02","type":"message","role":"assistant","model":"claude",
                "content":[{"type":"text","text":"Checking."},
                  {"type":"tool_use","id":"toolu_1","name":"weather","input":{"city":"Paris"}},
                  {"type":"tool_use","id":"toolu_2","name":"time","input":{}}],
                "stop_reason":"tool_use","usage":{"input_tokens":40,"output_tokens":20}})",
        u"smart"_s, 5, usage);
    QVERIFY(out);
    COMPARE_JSON(json(*out), R"({"id":"chatcmpl-02","object":"chat.completion","created":5,
        "model":"smart","choices":[{"index":0,"finish_reason":"tool_calls",
            "message":{"role":"assistant","content":"Checking.","tool_calls":[
              {"id":"toolu_1","type":"function",
               "function":{"name":"weather","arguments":"{\"city\":\"Paris\"}"}},
              {"id":"toolu_2","type":"function","function":{"name":"time","arguments":"{}"}}]}}],
        "usage":{"prompt_tokens":40,"completion_tokens":20,"total_tokens":60}})");
    QCOMPARE(usage, (Domain::Usage { 40, 20 }));

    // Only tool calls: content is null.
    out = Translation::messagesAnswerToChat(
        R"({"id":"msg_03","type":"message","role":"assistant","content":[
                  {"type":"tool_use","id":"toolu_1","name":"time","input":{}}],
                "stop_reason":"tool_use","usage":{"input_tokens":1,"output_tokens":2}})",
        u"smart"_s, 5, usage);
    QVERIFY(out);
    QCOMPARE(json(*out)[u"choices"_s][0][u"message"_s][u"content"_s], QJsonValue());
}

void tst_TranslationAnswers::messagesAnswerToChatStopReasons_R_XLAT_2_data()
{
    QTest::addColumn<QString>("stopReason");
    QTest::addColumn<QString>("finishReason");
    QTest::newRow("end_turn") << u"end_turn"_s << u"stop"_s;
    QTest::newRow("stop_sequence") << u"stop_sequence"_s << u"stop"_s;
    QTest::newRow("max_tokens") << u"max_tokens"_s << u"length"_s;
    QTest::newRow("tool_use") << u"tool_use"_s << u"tool_calls"_s;
    QTest::newRow("refusal") << u"refusal"_s << u"content_filter"_s;
    QTest::newRow("pause_turn") << u"pause_turn"_s << u"stop"_s;
}

void tst_TranslationAnswers::messagesAnswerToChatStopReasons_R_XLAT_2()
{
    QFETCH(QString, stopReason);
    QFETCH(QString, finishReason);
    Domain::Usage usage;
    const std::optional<QByteArray> out = Translation::messagesAnswerToChat(
        R"({"id":"m","type":"message","role":"assistant","content":[{"type":"text","text":"x"}],
                "stop_reason":")"
            + stopReason.toUtf8() + R"(","usage":{"input_tokens":1,"output_tokens":1}})",
        u"smart"_s, 1, usage);
    QVERIFY(out);
    QCOMPARE(json(*out)[u"choices"_s][0][u"finish_reason"_s].toString(), finishReason);
}

void tst_TranslationAnswers::chatAnswerToMessagesText_R_XLAT_2()
{
    Domain::Usage usage;
    const std::optional<QByteArray> out = Translation::chatAnswerToMessages(
        R"({"id":"chatcmpl-9","object":"chat.completion","created":1700000000,
                "model":"gpt-4o-2024-08-06","choices":[{"index":0,"logprobs":null,
                  "message":{"role":"assistant","content":"Hello there.","refusal":null},
                  "finish_reason":"stop"}],
                "usage":{"prompt_tokens":12,"completion_tokens":3,"total_tokens":15,
                         "prompt_tokens_details":{"cached_tokens":0}}})",
        u"smart"_s, usage);
    QVERIFY(out);
    COMPARE_JSON(json(*out), R"({"id":"msg_9","type":"message","role":"assistant",
        "model":"smart","content":[{"type":"text","text":"Hello there."}],
        "stop_reason":"end_turn","stop_sequence":null,
        "usage":{"input_tokens":12,"output_tokens":3}})");
    QCOMPARE(usage, (Domain::Usage { 12, 3 }));
}

void tst_TranslationAnswers::chatAnswerToMessagesToolCalls_R_XLAT_2()
{
    Domain::Usage usage;
    const std::optional<QByteArray> out = Translation::chatAnswerToMessages(
        R"({"id":"chatcmpl-10","object":"chat.completion","choices":[{"index":0,
                  "message":{"role":"assistant","content":null,"tool_calls":[
                    {"id":"call_1","type":"function",
                     "function":{"name":"weather","arguments":"{\"city\":\"Paris\"}"}},
                    {"id":"call_2","type":"function",
                     "function":{"name":"weather","arguments":"{\"city\":"}}]},
                  "finish_reason":"tool_calls"}],
                "usage":{"prompt_tokens":40,"completion_tokens":20,"total_tokens":60}})",
        u"smart"_s, usage);
    QVERIFY(out);
    COMPARE_JSON(json(*out), R"({"id":"msg_10","type":"message","role":"assistant",
        "model":"smart","content":[
          {"type":"tool_use","id":"call_1","name":"weather","input":{"city":"Paris"}},
          {"type":"tool_use","id":"call_2","name":"weather","input":{}}],
        "stop_reason":"tool_use","stop_sequence":null,
        "usage":{"input_tokens":40,"output_tokens":20}})");
    QCOMPARE(usage, (Domain::Usage { 40, 20 }));
}

void tst_TranslationAnswers::chatAnswerToMessagesRefusal_R_XLAT_2()
{
    Domain::Usage usage;
    const std::optional<QByteArray> out = Translation::chatAnswerToMessages(
        R"({"id":"c","choices":[{"index":0,"finish_reason":"stop",
                  "message":{"role":"assistant","content":null,"refusal":"I can't help."}}],
                "usage":{"prompt_tokens":5,"completion_tokens":4,"total_tokens":9}})",
        u"smart"_s, usage);
    QVERIFY(out);
    COMPARE_JSON(json(*out), R"({"id":"msg_c","type":"message","role":"assistant","model":"smart",
        "content":[{"type":"text","text":"I can't help."}],"stop_reason":"refusal",
        "stop_sequence":null,"usage":{"input_tokens":5,"output_tokens":4}})");
}

void tst_TranslationAnswers::chatAnswerToMessagesStopReasons_R_XLAT_2_data()
{
    QTest::addColumn<QByteArray>("finishReason");
    QTest::addColumn<QString>("stopReason");
    QTest::newRow("stop") << QByteArray(R"("stop")") << u"end_turn"_s;
    QTest::newRow("length") << QByteArray(R"("length")") << u"max_tokens"_s;
    QTest::newRow("tool_calls") << QByteArray(R"("tool_calls")") << u"tool_use"_s;
    QTest::newRow("function_call") << QByteArray(R"("function_call")") << u"tool_use"_s;
    QTest::newRow("content_filter") << QByteArray(R"("content_filter")") << u"refusal"_s;
    QTest::newRow("null") << QByteArray("null") << u"end_turn"_s;
}

void tst_TranslationAnswers::chatAnswerToMessagesStopReasons_R_XLAT_2()
{
    QFETCH(QByteArray, finishReason);
    QFETCH(QString, stopReason);
    Domain::Usage usage;
    const std::optional<QByteArray> out = Translation::chatAnswerToMessages(
        R"({"id":"c","choices":[{"index":0,"message":{"role":"assistant","content":"x"},
                "finish_reason":)"
            + finishReason + "}]}",
        u"smart"_s, usage);
    QVERIFY(out);
    QCOMPARE(json(*out)[u"stop_reason"_s].toString(), stopReason);
}

void tst_TranslationAnswers::undecodableAnswers_R_XLAT_1_data()
{
    QTest::addColumn<Api>("from");
    QTest::addColumn<QByteArray>("answer");
    QTest::newRow("messages: empty") << Api::Messages << QByteArray();
    QTest::newRow("messages: html") << Api::Messages << QByteArray("<html>502</html>");
    QTest::newRow("messages: array") << Api::Messages << QByteArray("[]");
    QTest::newRow("messages: cut short")
        << Api::Messages << QByteArray(R"({"id":"m","type":"message","content":[)");
    QTest::newRow("messages: error object")
        << Api::Messages
        << QByteArray(R"({"type":"error","error":{"type":"api_error","message":"x"}})");
    QTest::newRow("messages: a chat answer")
        << Api::Messages << QByteArray(R"({"id":"c","object":"chat.completion","choices":[]})");
    QTest::newRow("messages: invalid UTF-8")
        << Api::Messages << QByteArray("{\"type\":\"message\",\"content\":\"a\xff\"}");
    QTest::newRow("chat: empty") << Api::Chat << QByteArray();
    QTest::newRow("chat: invalid UTF-8")
        << Api::Chat << QByteArray("{\"choices\":[{\"message\":{\"content\":\"a\xff\"}}]}");
    QTest::newRow("chat: html") << Api::Chat << QByteArray("<html>502</html>");
    QTest::newRow("chat: no choices") << Api::Chat << QByteArray(R"({"id":"c"})");
    QTest::newRow("chat: empty choices") << Api::Chat << QByteArray(R"({"id":"c","choices":[]})");
    QTest::newRow("chat: a messages answer")
        << Api::Chat << QByteArray(R"({"id":"m","type":"message","content":[]})");
}

// The answer is read in the upstream's API: anything else is undecodable (R-REC-8).
void tst_TranslationAnswers::undecodableAnswers_R_XLAT_1()
{
    QFETCH(Api, from);
    QFETCH(QByteArray, answer);
    Domain::Usage usage;
    if (from == Api::Messages)
        QVERIFY(!Translation::messagesAnswerToChat(answer, u"smart"_s, 1, usage));
    else
        QVERIFY(!Translation::chatAnswerToMessages(answer, u"smart"_s, usage));
}

void tst_TranslationAnswers::toolInputWrittenAsQtWritesIt_R_XLAT_2_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::newRow("keys out of order") << QByteArray(R"({"unit":"c","city":"Paris","a":1})");
    QTest::newRow("nested") << QByteArray(R"({"b":[true,null,{"z":-1,"y":[]}],"a":{}})");
    QTest::newRow("escapes") << QByteArray(R"({"s":"\"é\\\n\t\u0001\/ 😀"})");
    QTest::newRow("repeated key") << QByteArray(R"({"k":1,"k":2})");
    QTest::newRow("non-ASCII keys") << QByteArray(R"({"é":1,"z":2,"😀":3,"ｚ":4})");
    QTest::newRow("numbers") << QByteArray(R"({"a":1.0,"b":-0,"c":1e2,"d":0.1,"e":-0.0})");
    QTest::newRow("beyond 64 bits")
        << QByteArray(R"({"a":18446744073709551616,"b":9223372036854775808})");
    QTest::newRow("not an object") << QByteArray(R"([1,2])");
}

// A tool_use input becomes the arguments string QJsonDocument would write, byte for byte, whichever
// reader read the answer.
void tst_TranslationAnswers::toolInputWrittenAsQtWritesIt_R_XLAT_2()
{
    QFETCH(QByteArray, input);
    Domain::Usage usage;
    const std::optional<QByteArray> out = Translation::messagesAnswerToChat(
        R"({"id":"msg_1","type":"message","content":[{"type":"tool_use","id":"t","name":"f","input":)"
            + input + "}]}",
        u"smart"_s, 1, usage);
    QVERIFY(out);
    const QJsonObject call
        = json(*out)[u"choices"_s][0][u"message"_s][u"tool_calls"_s][0].toObject();
    QCOMPARE(call[u"function"_s][u"arguments"_s].toString(),
             QString::fromUtf8(compact(QJsonDocument::fromJson(input).object())));
    QCOMPARE(call[u"id"_s].toString(), u"t"_s);
}

void tst_TranslationAnswers::toolArgumentsReadAsQtReadsThem_R_XLAT_2_data()
{
    QTest::addColumn<QByteArray>("arguments"); // as a JSON string
    QTest::newRow("keys out of order") << QByteArray(R"("{\"unit\":\"c\",\"city\":\"Paris\"}")");
    QTest::newRow("repeated key") << QByteArray(R"("{\"k\":1,\"k\":2}")");
    QTest::newRow("numbers") << QByteArray(R"("{\"a\":1.5,\"b\":-0,\"c\":1e400}")");
    QTest::newRow("beyond 64 bits") << QByteArray(R"("{\"a\":18446744073709551616}")");
    QTest::newRow("cut short") << QByteArray(R"("{\"a\":")");
    QTest::newRow("empty") << QByteArray(R"("")");
    QTest::newRow("an array") << QByteArray(R"("[1]")");
    QTest::newRow("not a string") << QByteArray(R"({"a":1})");
    QTest::newRow("null") << QByteArray("null");
}

// A tool call's arguments become the tool_use input Qt reads in them ({} when it reads no object).
void tst_TranslationAnswers::toolArgumentsReadAsQtReadsThem_R_XLAT_2()
{
    QFETCH(QByteArray, arguments);
    Domain::Usage usage;
    const QByteArray answer = R"({"id":"c","choices":[{"message":{"tool_calls":[{"id":"call_1",)"
                              R"("function":{"name":"f","arguments":)"
        + arguments + "}}]}}]}";
    const std::optional<QByteArray> out
        = Translation::chatAnswerToMessages(answer, u"smart"_s, usage);
    QVERIFY(out);
    const QJsonValue args = json(
        answer)[u"choices"_s][0][u"message"_s][u"tool_calls"_s][0][u"function"_s][u"arguments"_s];
    const QJsonObject expected = QJsonDocument::fromJson(args.toString().toUtf8()).object();
    const QJsonObject block = json(*out)[u"content"_s][0].toObject();
    QCOMPARE(block[u"input"_s].toObject(), expected);
    QCOMPARE(block[u"id"_s].toString(), u"call_1"_s);
    QCOMPARE(block[u"name"_s].toString(), u"f"_s);
}

void tst_TranslationAnswers::textReadAsQtReadsIt_R_XLAT_2_data()
{
    QTest::addColumn<QByteArray>("text"); // as JSON
    QTest::addColumn<QString>("expected");
    QTest::newRow("escapes") << QByteArray(R"("a\"b\\c\nd\u0000é😀")")
                             << u"a\"b\\c\nd"_s + QChar(0) + u"é😀"_s;
    QTest::newRow("not a string") << QByteArray("42") << QString();
}

// The text of an answer reaches the caller as Qt reads it, both ways.
void tst_TranslationAnswers::textReadAsQtReadsIt_R_XLAT_2()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, expected);
    Domain::Usage usage;
    std::optional<QByteArray> out = Translation::messagesAnswerToChat(
        R"({"type":"message","usage":{"input_tokens":2},"content":[{"type":"text","text":)" + text
            + "}]}",
        u"smart"_s, 1, usage);
    QVERIFY(out);
    QCOMPARE(json(*out)[u"choices"_s][0][u"message"_s][u"content"_s].toString(), expected);
    QCOMPARE(usage, (Domain::Usage { 2, 0 }));
    out = Translation::chatAnswerToMessages(R"({"choices":[{"message":{"content":)" + text
                                                + R"(}}],"usage":{"completion_tokens":3}})",
                                            u"smart"_s, usage);
    QVERIFY(out);
    QCOMPARE(json(*out)[u"content"_s][0][u"text"_s].toString(), expected);
    QCOMPARE(usage, (Domain::Usage { 0, 3 }));
}

QTEST_GUILESS_MAIN(tst_TranslationAnswers)
#include "tst_translationanswers.moc"
