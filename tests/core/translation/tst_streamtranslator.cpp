#include "translation/streamevents.h"
#include "translation/streamtranslator.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTest>

using namespace Qt::StringLiterals;
using Translation::StreamTranslator;

// Streams translated event by event (R-XLAT-4): recorded upstream streams of one API turned into
// the other's events, the same however the bytes are cut, and ending as SPEC §2's stream rules say
// (an upstream error or a cut stream gives neither `[DONE]` nor `message_stop`).
class tst_StreamTranslator : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void anthropicStreamAsChatChunks_R_XLAT_4_data();
    void anthropicStreamAsChatChunks_R_XLAT_4();
    void anthropicToolStreamAsChatChunks_R_XLAT_4();
    void chatStreamAsAnthropicEvents_R_XLAT_4_data();
    void chatStreamAsAnthropicEvents_R_XLAT_4();
    void sameOutputHoweverCut_R_XLAT_4_data();
    void sameOutputHoweverCut_R_XLAT_4();
    void anthropicErrorEventEndsTranslation_R_XLAT_4();
    void chatErrorChunkEndsTranslation_R_XLAT_4();
    void errorAsFirstEventGivesNothing_R_XLAT_4();
    void undecodableEventEndsTranslation_R_XLAT_4();
    void cutStreamLeavesRestAndIsIncomplete_R_XLAT_4();
    void keepAlivesDropped_R_XLAT_4();
    void firstOutputWaitsForCompleteEvent_R_XLAT_4();
    void nothingAfterCompletion_R_XLAT_4();
    void usageChunkNeverOverflows_R_XLAT_4();
    void readersAgree_R_XLAT_4_data();
    void readersAgree_R_XLAT_4();
    void eventOnlyQtReadsStillTranslated_R_XLAT_4();
};

namespace {

const QString callerModel = u"caller-model"_s;
constexpr qint64 created = 1700000000;

QByteArray ev(const QByteArray &name, const QByteArray &json)
{
    return "event: " + name + "\ndata: " + json + "\n\n";
}

QByteArray chunk(const QByteArray &json)
{
    return "data: " + json + "\n\n";
}

QJsonObject object(const QByteArray &json)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        qFatal("bad JSON in the test: %s", json.constData());
    return doc.object();
}

// --- Anthropic streams (what the messages API sends) ---

QByteArray messageStart(int inputTokens = 25)
{
    return ev(
        "message_start",
        R"({"type":"message_start","message":{"id":"msg_01","type":"message","role":"assistant","model":"claude-up","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":)"
            + QByteArray::number(inputTokens) + R"(,"output_tokens":1}}})");
}

QByteArray textBlockStart(int index)
{
    return ev("content_block_start",
              R"({"type":"content_block_start","index":)" + QByteArray::number(index)
                  + R"(,"content_block":{"type":"text","text":""}})");
}

QByteArray textDelta(int index, const QByteArray &text)
{
    return ev("content_block_delta",
              R"({"type":"content_block_delta","index":)" + QByteArray::number(index)
                  + R"(,"delta":{"type":"text_delta","text":")" + text + R"("}})");
}

QByteArray toolBlockStart(int index, const QByteArray &id, const QByteArray &name)
{
    return ev("content_block_start",
              R"({"type":"content_block_start","index":)" + QByteArray::number(index)
                  + R"(,"content_block":{"type":"tool_use","id":")" + id + R"(","name":")" + name
                  + R"(","input":{}}})");
}

QByteArray jsonDelta(int index, const QByteArray &partialJsonLiteral)
{
    return ev("content_block_delta",
              R"({"type":"content_block_delta","index":)" + QByteArray::number(index)
                  + R"(,"delta":{"type":"input_json_delta","partial_json":)" + partialJsonLiteral
                  + "}}");
}

QByteArray blockStop(int index)
{
    return ev("content_block_stop",
              R"({"type":"content_block_stop","index":)" + QByteArray::number(index) + "}");
}

QByteArray messageDelta(const QByteArray &stopReason, int outputTokens)
{
    return ev("message_delta",
              R"({"type":"message_delta","delta":{"stop_reason":")" + stopReason
                  + R"(","stop_sequence":null},"usage":{"output_tokens":)"
                  + QByteArray::number(outputTokens) + "}}");
}

QByteArray messageStop()
{
    return ev("message_stop", R"({"type":"message_stop"})");
}

QByteArray ping()
{
    return ev("ping", R"({"type": "ping"})");
}

QByteArray anthropicText()
{
    return messageStart() + textBlockStart(0) + ping() + textDelta(0, "Hello")
        + textDelta(0, " there") + blockStop(0) + messageDelta("end_turn", 12) + messageStop();
}

QByteArray anthropicTool()
{
    return messageStart() + toolBlockStart(0, "toolu_01", "get_weather") + jsonDelta(0, R"("")")
        + jsonDelta(0, R"("{\"city\": ")") + jsonDelta(0, R"("Paris\"}")") + blockStop(0)
        + messageDelta("tool_use", 30) + messageStop();
}

QByteArray anthropicTextThenTool()
{
    return messageStart() + textBlockStart(0) + textDelta(0, "Let me look.") + blockStop(0)
        + toolBlockStart(1, "toolu_02", "lookup") + jsonDelta(1, R"("{\"q\":1}")") + blockStop(1)
        + toolBlockStart(2, "toolu_03", "fetch") + jsonDelta(2, R"("{}")") + blockStop(2)
        + messageDelta("tool_use", 40) + messageStop();
}

// --- What a chat caller expects ---

QJsonObject chatChunk(const QByteArray &delta, const QByteArray &finish = "null")
{
    return object(
        R"({"id":"chatcmpl-01","object":"chat.completion.chunk","created":1700000000,"model":"caller-model","choices":[{"index":0,"delta":)"
        + delta + R"(,"finish_reason":)" + finish + "}]}");
}

QJsonObject chatUsage(int prompt, int completion)
{
    return object(
        R"({"id":"chatcmpl-01","object":"chat.completion.chunk","created":1700000000,"model":"caller-model","choices":[],"usage":{"prompt_tokens":)"
        + QByteArray::number(prompt) + R"(,"completion_tokens":)" + QByteArray::number(completion)
        + R"(,"total_tokens":)" + QByteArray::number(prompt + completion) + "}}");
}

const QByteArray roleDelta = R"({"role":"assistant","content":""})";

// --- OpenAI chat streams ---

QByteArray openAiChunk(const QByteArray &delta, const QByteArray &finish = "null")
{
    return chunk(
        R"({"id":"chatcmpl-abc","object":"chat.completion.chunk","created":1,"model":"gpt-up","system_fingerprint":"fp","choices":[{"index":0,"delta":)"
        + delta + R"(,"logprobs":null,"finish_reason":)" + finish + "}]}");
}

QByteArray openAiUsage(int prompt, int completion)
{
    return chunk(
        R"({"id":"chatcmpl-abc","object":"chat.completion.chunk","created":1,"model":"gpt-up","choices":[],"usage":{"prompt_tokens":)"
        + QByteArray::number(prompt) + R"(,"completion_tokens":)" + QByteArray::number(completion)
        + R"(,"total_tokens":)" + QByteArray::number(prompt + completion) + "}}");
}

const QByteArray done = "data: [DONE]\n\n";

QByteArray openAiText()
{
    return openAiChunk(roleDelta) + openAiChunk(R"({"content":"Hello"})")
        + openAiChunk(R"({"content":" there"})") + openAiChunk("{}", R"("stop")")
        + openAiUsage(9, 2) + done;
}

QByteArray openAiTool()
{
    return openAiChunk(
               R"({"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"get_weather","arguments":""}}]})")
        + openAiChunk(R"({"tool_calls":[{"index":0,"function":{"arguments":"{\"ci"}}]})")
        + openAiChunk(R"({"tool_calls":[{"index":0,"function":{"arguments":"ty\":\"Paris\"}"}}]})")
        + openAiChunk("{}", R"("tool_calls")") + openAiUsage(40, 17) + done;
}

QByteArray openAiTwoTools()
{
    return openAiChunk(roleDelta) + openAiChunk(R"({"content":"Two calls."})")
        + openAiChunk(
               R"({"tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"a","arguments":"{\"x\":"}}]})")
        + openAiChunk(R"({"tool_calls":[{"index":0,"function":{"arguments":"1}"}}]})")
        + openAiChunk(
               R"({"tool_calls":[{"index":1,"id":"call_b","type":"function","function":{"name":"b","arguments":""}}]})")
        + openAiChunk(R"({"tool_calls":[{"index":1,"function":{"arguments":"{}"}}]})")
        + openAiChunk("{}", R"("tool_calls")") + openAiUsage(50, 20) + done;
}

QByteArray openAiLength()
{
    return openAiChunk(roleDelta) + openAiChunk(R"({"content":"Cut"})")
        + openAiChunk("{}", R"("length")") + openAiUsage(5, 1) + done;
}

// --- What a messages caller expects ---

QList<QPair<QByteArray, QJsonObject>> anthropicStart(int inputTokens = 0)
{
    return {
        { "message_start",
          object(
              R"({"type":"message_start","message":{"id":"msg_abc","type":"message","role":"assistant","model":"caller-model","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":)"
              + QByteArray::number(inputTokens) + R"(,"output_tokens":0}}})") }
    };
}

QPair<QByteArray, QJsonObject> named(const QByteArray &wire)
{
    // wire: one event as ev() writes it
    const qsizetype nl = wire.indexOf('\n');
    return { wire.sliced(7, nl - 7), object(wire.sliced(nl + 7).chopped(2)) };
}

// --- Reading what came out ---

// The chat caller's events: each exactly "data: <JSON object>\n\n", the last maybe "data: [DONE]".
// Returns a problem with the framing, "" when there is none.
QString readChat(const QByteArray &out, QList<QJsonObject> &events, bool &sawDone)
{
    sawDone = false;
    qsizetype pos = 0;
    while (pos < out.size()) {
        const qsizetype end = out.indexOf("\n\n", pos);
        if (end < 0)
            return u"unterminated event at %1"_s.arg(pos);
        const QByteArray event = out.sliced(pos, end - pos);
        pos = end + 2;
        if (sawDone)
            return u"an event after [DONE]"_s;
        if (!event.startsWith("data: ") || event.contains('\n') || event.contains('\r'))
            return u"not a single data line: "_s + QString::fromUtf8(event);
        const QByteArray data = event.sliced(6);
        if (data == "[DONE]") {
            sawDone = true;
            continue;
        }
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(data, &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject())
            return u"not a JSON object: "_s + QString::fromUtf8(data);
        events << doc.object();
    }
    return {};
}

// The messages caller's events: each exactly "event: <type>\ndata: <JSON object>\n\n".
QString readMessages(const QByteArray &out, QList<QPair<QByteArray, QJsonObject>> &events)
{
    qsizetype pos = 0;
    while (pos < out.size()) {
        const qsizetype end = out.indexOf("\n\n", pos);
        if (end < 0)
            return u"unterminated event at %1"_s.arg(pos);
        const QByteArray event = out.sliced(pos, end - pos);
        pos = end + 2;
        const QList<QByteArray> lines = event.split('\n');
        if (lines.size() != 2 || !lines[0].startsWith("event: ") || !lines[1].startsWith("data: ")
            || event.contains('\r'))
            return u"not an event line and a data line: "_s + QString::fromUtf8(event);
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(lines[1].sliced(6), &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject())
            return u"not a JSON object: "_s + QString::fromUtf8(lines[1]);
        const QByteArray name = lines[0].sliced(7);
        if (doc.object().value(u"type"_s).toString() != QString::fromUtf8(name))
            return u"event name differs from its type: "_s + QString::fromUtf8(event);
        events.append({ name, doc.object() });
    }
    return {};
}

QByteArray feedPieces(StreamTranslator &t, const QByteArray &stream, const QList<int> &cuts)
{
    QByteArray out;
    qsizetype at = 0;
    for (int cut : cuts) {
        out += t.feed(stream.mid(at, cut));
        at += cut;
    }
    out += t.feed(stream.mid(at));
    return out;
}

std::unique_ptr<StreamTranslator> make(bool fromAnthropic, bool includeUsage = true)
{
    return fromAnthropic ? Translation::messagesStreamToChat(callerModel, created, includeUsage)
                         : Translation::chatStreamToMessages(callerModel);
}

} // namespace

using ChatEvents = QList<QJsonObject>;
using MessageEvents = QList<QPair<QByteArray, QJsonObject>>;

void tst_StreamTranslator::anthropicStreamAsChatChunks_R_XLAT_4_data()
{
    QTest::addColumn<QByteArray>("stream");
    QTest::addColumn<bool>("includeUsage");
    QTest::addColumn<ChatEvents>("expected");
    QTest::addColumn<int>("outputTokens");

    for (const bool usage : { false, true }) {
        const char *suffix = usage ? " with usage" : "";
        ChatEvents text { chatChunk(roleDelta), chatChunk(R"({"content":"Hello"})"),
                          chatChunk(R"({"content":" there"})"), chatChunk("{}", R"("stop")") };
        if (usage)
            text << chatUsage(25, 12);
        QTest::addRow("text%s", suffix) << anthropicText() << usage << text << 12;

        ChatEvents length { chatChunk(roleDelta), chatChunk(R"({"content":"Cut"})"),
                            chatChunk("{}", R"("length")") };
        if (usage)
            length << chatUsage(25, 4);
        QTest::addRow("max_tokens%s", suffix) << messageStart() + textBlockStart(0)
                + textDelta(0, "Cut") + blockStop(0) + messageDelta("max_tokens", 4) + messageStop()
                                              << usage << length << 4;

        ChatEvents refusal { chatChunk(roleDelta), chatChunk("{}", R"("content_filter")") };
        if (usage)
            refusal << chatUsage(25, 0);
        QTest::addRow("refusal%s", suffix)
            << messageStart() + messageDelta("refusal", 0) + messageStop() << usage << refusal << 0;

        ChatEvents stopSequence { chatChunk(roleDelta), chatChunk(R"({"content":"a"})"),
                                  chatChunk("{}", R"("stop")") };
        if (usage)
            stopSequence << chatUsage(25, 1);
        QTest::addRow("stop_sequence%s", suffix)
            << messageStart() + textBlockStart(0) + textDelta(0, "a") + blockStop(0)
                + messageDelta("stop_sequence", 1) + messageStop()
            << usage << stopSequence << 1;
    }
}

void tst_StreamTranslator::anthropicStreamAsChatChunks_R_XLAT_4()
{
    QFETCH(QByteArray, stream);
    QFETCH(bool, includeUsage);
    QFETCH(ChatEvents, expected);
    QFETCH(int, outputTokens);

    auto t = make(true, includeUsage);
    const QByteArray out = t->feed(stream);
    ChatEvents events;
    bool sawDone = false;
    QCOMPARE(readChat(out, events, sawDone), QString());
    QCOMPARE(events, expected);
    QVERIFY(sawDone);
    QVERIFY(out.endsWith("}\n\ndata: [DONE]\n\n"));
    QVERIFY(t->complete());
    QVERIFY(!t->upstreamError());
    QCOMPARE(t->events(), expected.size() + 1);
    QCOMPARE(t->usage(), (Domain::Usage { 25, outputTokens }));
    QVERIFY(t->takeRest().isEmpty());
}

void tst_StreamTranslator::anthropicToolStreamAsChatChunks_R_XLAT_4()
{
    // tool_use blocks become tool_calls counted from 0 whatever their block index; the first
    // (empty) input_json_delta gives nothing.
    {
        auto t = make(true, true);
        ChatEvents events;
        bool sawDone = false;
        QCOMPARE(readChat(t->feed(anthropicTool()), events, sawDone), QString());
        const ChatEvents expected {
            chatChunk(roleDelta),
            chatChunk(
                R"({"tool_calls":[{"index":0,"id":"toolu_01","type":"function","function":{"name":"get_weather","arguments":""}}]})"),
            chatChunk(R"({"tool_calls":[{"index":0,"function":{"arguments":"{\"city\": "}}]})"),
            chatChunk(R"({"tool_calls":[{"index":0,"function":{"arguments":"Paris\"}"}}]})"),
            chatChunk("{}", R"("tool_calls")"),
            chatUsage(25, 30),
        };
        QCOMPARE(events, expected);
        QVERIFY(sawDone);
        QVERIFY(t->complete());
    }
    {
        auto t = make(true, false);
        ChatEvents events;
        bool sawDone = false;
        QCOMPARE(readChat(t->feed(anthropicTextThenTool()), events, sawDone), QString());
        const ChatEvents expected {
            chatChunk(roleDelta),
            chatChunk(R"({"content":"Let me look."})"),
            chatChunk(
                R"({"tool_calls":[{"index":0,"id":"toolu_02","type":"function","function":{"name":"lookup","arguments":""}}]})"),
            chatChunk(R"({"tool_calls":[{"index":0,"function":{"arguments":"{\"q\":1}"}}]})"),
            chatChunk(
                R"({"tool_calls":[{"index":1,"id":"toolu_03","type":"function","function":{"name":"fetch","arguments":""}}]})"),
            chatChunk(R"({"tool_calls":[{"index":1,"function":{"arguments":"{}"}}]})"),
            chatChunk("{}", R"("tool_calls")"),
        };
        QCOMPARE(events, expected);
        QVERIFY(sawDone);
        QCOMPARE(t->usage(), (Domain::Usage { 25, 40 }));
    }
    {
        // Blocks without an index: each tool_use start is a new call, its deltas follow it.
        auto t = make(true, false);
        const QByteArray stream = messageStart() + toolBlockStart(0, "toolu_a", "a")
            + jsonDelta(0, R"("1")") + toolBlockStart(0, "toolu_b", "b") + jsonDelta(0, R"("2")")
            + messageDelta("tool_use", 5) + messageStop();
        ChatEvents events;
        bool sawDone = false;
        QCOMPARE(readChat(t->feed(QByteArray(stream).replace("\"index\":0,", "")), events, sawDone),
                 QString());
        const ChatEvents expected {
            chatChunk(roleDelta),
            chatChunk(
                R"({"tool_calls":[{"index":0,"id":"toolu_a","type":"function","function":{"name":"a","arguments":""}}]})"),
            chatChunk(R"({"tool_calls":[{"index":0,"function":{"arguments":"1"}}]})"),
            chatChunk(
                R"({"tool_calls":[{"index":1,"id":"toolu_b","type":"function","function":{"name":"b","arguments":""}}]})"),
            chatChunk(R"({"tool_calls":[{"index":1,"function":{"arguments":"2"}}]})"),
            chatChunk("{}", R"("tool_calls")"),
        };
        QCOMPARE(events, expected);
    }
}

void tst_StreamTranslator::chatStreamAsAnthropicEvents_R_XLAT_4_data()
{
    QTest::addColumn<QByteArray>("stream");
    QTest::addColumn<MessageEvents>("expected");
    QTest::addColumn<int>("inputTokens");
    QTest::addColumn<int>("outputTokens");

    auto messageDeltaOut = [](const QByteArray &stop, int in, int outTokens) {
        return named(ev("message_delta",
                        R"({"type":"message_delta","delta":{"stop_reason":")" + stop
                            + R"(","stop_sequence":null},"usage":{"input_tokens":)"
                            + QByteArray::number(in) + R"(,"output_tokens":)"
                            + QByteArray::number(outTokens) + "}}"));
    };
    const auto stopOut = named(messageStop());

    QTest::newRow("text") << openAiText()
                          << (anthropicStart()
                              + MessageEvents { named(textBlockStart(0)),
                                                named(textDelta(0, "Hello")),
                                                named(textDelta(0, " there")), named(blockStop(0)),
                                                messageDeltaOut("end_turn", 9, 2), stopOut })
                          << 9 << 2;
    QTest::newRow("tool call in fragments")
        << openAiTool()
        << (anthropicStart()
            + MessageEvents { named(toolBlockStart(0, "call_1", "get_weather")),
                              named(jsonDelta(0, R"("{\"ci")")),
                              named(jsonDelta(0, R"("ty\":\"Paris\"}")")), named(blockStop(0)),
                              messageDeltaOut("tool_use", 40, 17), stopOut })
        << 40 << 17;
    QTest::newRow("text and two tool calls")
        << openAiTwoTools()
        << (anthropicStart()
            + MessageEvents { named(textBlockStart(0)), named(textDelta(0, "Two calls.")),
                              named(blockStop(0)), named(toolBlockStart(1, "call_a", "a")),
                              named(jsonDelta(1, R"("{\"x\":")")), named(jsonDelta(1, R"("1}")")),
                              named(blockStop(1)), named(toolBlockStart(2, "call_b", "b")),
                              named(jsonDelta(2, R"("{}")")), named(blockStop(2)),
                              messageDeltaOut("tool_use", 50, 20), stopOut })
        << 50 << 20;
    QTest::newRow("length") << openAiLength()
                            << (anthropicStart()
                                + MessageEvents { named(textBlockStart(0)),
                                                  named(textDelta(0, "Cut")), named(blockStop(0)),
                                                  messageDeltaOut("max_tokens", 5, 1), stopOut })
                            << 5 << 1;
    // The simulator's shape: usage on the finish chunk itself, content_filter as a refusal.
    QTest::newRow("usage on the finish chunk")
        << openAiChunk(roleDelta) + openAiChunk(R"({"content":"No."})")
            + chunk(
                R"({"id":"chatcmpl-abc","model":"m","choices":[{"index":0,"delta":{},"finish_reason":"content_filter"}],"usage":{"prompt_tokens":3,"completion_tokens":1,"total_tokens":4}})")
            + done
        << (anthropicStart()
            + MessageEvents { named(textBlockStart(0)), named(textDelta(0, "No.")),
                              named(blockStop(0)), messageDeltaOut("refusal", 3, 1), stopOut })
        << 3 << 1;
}

void tst_StreamTranslator::chatStreamAsAnthropicEvents_R_XLAT_4()
{
    QFETCH(QByteArray, stream);
    QFETCH(MessageEvents, expected);
    QFETCH(int, inputTokens);
    QFETCH(int, outputTokens);

    auto t = make(false);
    const QByteArray out = t->feed(stream);
    MessageEvents events;
    QCOMPARE(readMessages(out, events), QString());
    QCOMPARE(events.size(), expected.size());
    for (qsizetype i = 0; i < events.size(); ++i) {
        QCOMPARE(events[i].first, expected[i].first);
        QCOMPARE(events[i].second, expected[i].second);
    }
    QVERIFY(out.endsWith("event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"));
    QVERIFY(t->complete());
    QVERIFY(!t->upstreamError());
    QCOMPARE(t->events(), expected.size());
    QCOMPARE(t->usage(), (Domain::Usage { inputTokens, outputTokens }));
    QVERIFY(t->takeRest().isEmpty());
}

void tst_StreamTranslator::sameOutputHoweverCut_R_XLAT_4_data()
{
    QTest::addColumn<bool>("fromAnthropic");
    QTest::addColumn<QByteArray>("stream");

    const QList<QPair<const char *, QByteArray>> anthropic {
        { "anthropic text", anthropicText() },
        { "anthropic tool", anthropicTool() },
        { "anthropic text then tools", anthropicTextThenTool() },
        { "anthropic cut", anthropicText().chopped(10) },
        { "anthropic error",
          messageStart() + textDelta(0, "x")
              + ev("error", R"({"type":"error","error":{"type":"overloaded_error","message":"O"}})")
              + messageStop() },
    };
    const QList<QPair<const char *, QByteArray>> openAi {
        { "chat text", openAiText() },
        { "chat tool", openAiTool() },
        { "chat two tools", openAiTwoTools() },
        { "chat length", openAiLength() },
        { "chat cut", openAiTwoTools().chopped(9) },
    };
    for (const auto &[name, stream] : anthropic) {
        QTest::addRow("%s", name) << true << stream;
        QTest::addRow("%s crlf", name) << true << QByteArray(stream).replace("\n", "\r\n");
    }
    for (const auto &[name, stream] : openAi) {
        QTest::addRow("%s", name) << false << stream;
        QTest::addRow("%s crlf", name) << false << QByteArray(stream).replace("\n", "\r\n");
    }
}

void tst_StreamTranslator::sameOutputHoweverCut_R_XLAT_4()
{
    QFETCH(bool, fromAnthropic);
    QFETCH(QByteArray, stream);

    auto whole = make(fromAnthropic);
    const QByteArray wholeOut = whole->feed(stream);
    const QByteArray wholeRest = whole->takeRest();
    QVERIFY(!wholeOut.isEmpty());
    QVERIFY(!wholeOut.contains('\r'));

    QList<QList<int>> splits;
    splits << QList<int>(stream.size(), 1); // byte by byte
    QRandomGenerator random(38);
    for (int i = 0; i < 50; ++i) {
        QList<int> cuts;
        for (int total = 0; total < stream.size();) {
            cuts << random.bounded(1, 40);
            total += cuts.last();
        }
        splits << cuts;
    }
    for (const QList<int> &cuts : std::as_const(splits)) {
        auto t = make(fromAnthropic);
        QCOMPARE(feedPieces(*t, stream, cuts), wholeOut);
        QCOMPARE(t->events(), whole->events());
        QCOMPARE(t->complete(), whole->complete());
        QCOMPARE(t->usage(), whole->usage());
        QCOMPARE(t->upstreamError().has_value(), whole->upstreamError().has_value());
        QCOMPARE(t->takeRest(), wholeRest);
    }
}

void tst_StreamTranslator::anthropicErrorEventEndsTranslation_R_XLAT_4()
{
    auto t = make(true);
    QByteArray out = t->feed(messageStart() + textBlockStart(0) + textDelta(0, "Hi"));
    out += t->feed(
        ev("error",
           R"({"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}})")
        + textDelta(0, "more"));
    out += t->feed(messageDelta("end_turn", 2) + messageStop());
    ChatEvents events;
    bool sawDone = false;
    QCOMPARE(readChat(out, events, sawDone), QString());
    QCOMPARE(events, (ChatEvents { chatChunk(roleDelta), chatChunk(R"({"content":"Hi"})") }));
    QVERIFY(!sawDone);
    QVERIFY(!t->complete());
    QCOMPARE(t->events(), 2);
    QVERIFY(t->upstreamError());
    QCOMPARE(t->upstreamError()->type, u"overloaded_error"_s);
    QCOMPARE(t->upstreamError()->message, u"Overloaded"_s);
}

void tst_StreamTranslator::chatErrorChunkEndsTranslation_R_XLAT_4()
{
    auto t = make(false);
    QByteArray out = t->feed(openAiChunk(roleDelta) + openAiChunk(R"({"content":"Hi"})"));
    out += t->feed(
        chunk(
            R"({"error":{"message":"The server had an error","type":"server_error","code":null}})")
        + openAiChunk(R"({"content":"more"})") + done);
    MessageEvents events;
    QCOMPARE(readMessages(out, events), QString());
    QCOMPARE(events.size(), 3);
    QCOMPARE(events[0].first, "message_start");
    QCOMPARE(events[2].second, named(textDelta(0, "Hi")).second);
    QVERIFY(!out.contains("message_stop"));
    QVERIFY(!out.contains("message_delta"));
    QVERIFY(!t->complete());
    QCOMPARE(t->events(), 3);
    QVERIFY(t->upstreamError());
    QCOMPARE(t->upstreamError()->type, u"server_error"_s);
    QCOMPARE(t->upstreamError()->message, u"The server had an error"_s);
    // "error": null is an ordinary chunk.
    auto ok = make(false);
    QVERIFY(!ok->feed(openAiChunk(R"({"content":"a"})").replace("\"id\"", "\"error\":null,\"id\""))
                 .isEmpty());
    QVERIFY(!ok->upstreamError());
}

void tst_StreamTranslator::errorAsFirstEventGivesNothing_R_XLAT_4()
{
    // Nothing has reached the caller: the executor answers with a plain HTTP error (SPEC §2).
    auto a = make(true);
    QCOMPARE(a->feed(": keep-alive\n\n"
                     + ev("error", R"({"type":"error","error":{"type":"api_error","message":"x"}})")
                     + messageStart()),
             QByteArray());
    QCOMPARE(a->events(), 0);
    QCOMPARE(a->upstreamError()->type, u"api_error"_s);

    auto c = make(false);
    QCOMPARE(c->feed(chunk(R"({"error":"busy"})") + openAiText()), QByteArray());
    QCOMPARE(c->events(), 0);
    QCOMPARE(c->upstreamError()->message, u"busy"_s);
}

void tst_StreamTranslator::undecodableEventEndsTranslation_R_XLAT_4()
{
    // Nothing of it can be carried: ending beats silently dropping part of the answer.
    auto a = make(true);
    const QByteArray out
        = a->feed(messageStart() + "event: content_block_delta\ndata: {oops\n\n" + messageStop());
    QCOMPARE(a->events(), 1);
    QVERIFY(a->upstreamError());
    QVERIFY(!a->complete());
    QVERIFY(!out.contains("[DONE]"));

    auto unreadableError = make(true);
    QCOMPARE(unreadableError->feed("event: error\ndata: not json\n\n"), QByteArray());
    QVERIFY(unreadableError->upstreamError());

    auto c = make(false);
    QVERIFY(!c->feed(openAiChunk(roleDelta) + "data: [1,2]\n\n" + done).contains("message_stop"));
    QVERIFY(c->upstreamError());
    QVERIFY(!c->complete());
}

void tst_StreamTranslator::cutStreamLeavesRestAndIsIncomplete_R_XLAT_4()
{
    {
        const QByteArray stream = anthropicText();
        const QByteArray cutAt = stream.left(stream.indexOf("event: message_delta") + 30);
        auto t = make(true);
        const QByteArray out = t->feed(cutAt);
        QVERIFY(!out.contains("finish_reason\":\"stop"));
        QVERIFY(!out.contains("[DONE]"));
        QVERIFY(!t->complete());
        QCOMPARE(t->takeRest(), QByteArray("event: message_delta\ndata: {\"t"));
        QVERIFY(t->takeRest().isEmpty());
    }
    {
        const QByteArray stream = openAiTool();
        const QByteArray cutAt = stream.chopped(5); // inside "data: [DONE]\n\n"
        auto t = make(false);
        const QByteArray out = t->feed(cutAt);
        QVERIFY(!out.contains("message_stop"));
        QVERIFY(!out.contains("message_delta"));
        QVERIFY(!t->complete());
        QCOMPARE(t->takeRest(), QByteArray("data: [DO"));
    }
}

void tst_StreamTranslator::keepAlivesDropped_R_XLAT_4()
{
    // Only keep-alives: nothing out, so the caller's status line keeps waiting.
    auto a = make(true);
    QCOMPARE(a->feed(": ping\n\n" + ping() + ":\r\n\r\n" + ping()), QByteArray());
    QCOMPARE(a->events(), 0);
    QVERIFY(!a->upstreamError());

    auto c = make(false);
    QCOMPARE(c->feed(": keep-alive\n\n: OPENROUTER PROCESSING\n\n"), QByteArray());
    QCOMPARE(c->events(), 0);

    // Between events they change nothing.
    auto plain = make(true);
    auto noisy = make(true);
    const QByteArray withPings
        = QByteArray(anthropicText())
              .replace("event: content_block_delta",
                       QByteArray(": x\n\n" + ping() + "event: content_block_delta"));
    QCOMPARE(noisy->feed(": hi\n\n" + withPings), plain->feed(anthropicText()));

    auto chatPlain = make(false);
    auto chatNoisy = make(false);
    QCOMPARE(chatNoisy->feed(QByteArray(openAiText()).replace("data: ", ": keep-alive\n\ndata: ")),
             chatPlain->feed(openAiText()));
    QCOMPARE(chatNoisy->events(), chatPlain->events());
}

void tst_StreamTranslator::firstOutputWaitsForCompleteEvent_R_XLAT_4()
{
    auto a = make(true);
    const QByteArray start = messageStart();
    QCOMPARE(a->feed(start.chopped(1)), QByteArray());
    QCOMPARE(a->events(), 0);
    const QByteArray first = a->feed(start.right(1));
    QCOMPARE(a->events(), 1);
    ChatEvents events;
    bool sawDone = false;
    QCOMPARE(readChat(first, events, sawDone), QString());
    QCOMPARE(events, ChatEvents { chatChunk(roleDelta) });

    // Azure's prompt-filter chunk (no choices, no usage) starts nothing.
    auto c = make(false);
    QCOMPARE(
        c->feed(chunk(
            R"({"choices":[],"created":0,"id":"","model":"","object":"","prompt_filter_results":[]})")),
        QByteArray());
    QCOMPARE(c->events(), 0);
    MessageEvents messageEvents;
    QCOMPARE(readMessages(c->feed(openAiChunk(roleDelta)), messageEvents), QString());
    QCOMPARE(messageEvents, anthropicStart());
}

void tst_StreamTranslator::nothingAfterCompletion_R_XLAT_4()
{
    auto a = make(true);
    QVERIFY(a->feed(anthropicText() + "event: content_block_delta\ndata: {")
                .endsWith("data: [DONE]\n\n"));
    QVERIFY(a->complete());
    const int events = a->events();
    QCOMPARE(a->feed(textDelta(0, "late") + messageStop()), QByteArray());
    QCOMPARE(a->events(), events);
    QVERIFY(a->takeRest().isEmpty());

    auto c = make(false);
    QVERIFY(c->feed(openAiText()).endsWith("data: {\"type\":\"message_stop\"}\n\n"));
    QCOMPARE(c->feed(openAiText()), QByteArray());
    QVERIFY(c->complete());
}

void tst_StreamTranslator::usageChunkNeverOverflows_R_XLAT_4()
{
    auto t = make(true, true);
    const QByteArray out = t->feed(messageStart() + messageDelta("end_turn", 1) + messageStop());
    QVERIFY(out.contains(R"("total_tokens":26})"));
    auto huge = make(true, true);
    const QByteArray hugeOut
        = huge->feed(QByteArray(messageStart())
                         .replace("\"input_tokens\":25", "\"input_tokens\":9223372036854775807")
                     + messageDelta("end_turn", 1) + messageStop());
    QVERIFY2(hugeOut.contains(R"("total_tokens":9223372036854775807})"), hugeOut.constData());
}

void tst_StreamTranslator::readersAgree_R_XLAT_4_data()
{
    QTest::addColumn<QByteArray>("data");
    // What QJsonObject gives: the last of a repeated key, toInteger() of a number, "" for a
    // string that is not one.
    QTest::newRow("anthropic delta") << QByteArray(
        R"({"type":"content_block_delta","index":3,"delta":{"type":"text_delta","text":"h\u00e9\n"}})");
    QTest::newRow("repeated keys") << QByteArray(
        R"({"type":"x","type":"message_delta","delta":{"stop_reason":"a"},"delta":{"stop_reason":"max_tokens"},"usage":{"output_tokens":1},"usage":{"input_tokens":2}})");
    QTest::newRow("integral double, fraction, exponent") << QByteArray(
        R"({"index":2.0,"usage":{"output_tokens":3.5,"input_tokens":1e2},"message":{"id":7,"usage":{"input_tokens":-0}}})");
    QTest::newRow("escaped key") << QByteArray(
        R"({"t\u0079pe":"ping","error":{"code":"c","type":null,"message":"m"}})");
    QTest::newRow("chat chunk") << QByteArray(
        R"({"id":"c","choices":[{"index":1,"delta":{"content":"no"}},{"delta":{"content":"yes","tool_calls":[{"index":0,"id":"i","function":{"name":"n","arguments":"{"}},{"function":7}]},"finish_reason":"stop"}],"usage":{"prompt_tokens":4}})");
    QTest::newRow("chat repeated choices") << QByteArray(
        R"({"choices":[{"index":0,"delta":{"content":"a"}}],"choices":[],"usage":null,"error":""})");
    QTest::newRow("error string") << QByteArray(R"({"error":"busy","choices":"x"})");
    QTest::newRow("tool input") << QByteArray(
        R"({"content_block":{"type":"tool_use","id":"t","name":"n","input":{"a":[1,"b",null]}}})");
}

void tst_StreamTranslator::readersAgree_R_XLAT_4()
{
    QFETCH(QByteArray, data);
    const std::optional<Translation::AnthropicEvent> fastEvent
        = Translation::readAnthropicEventFast(data);
    const std::optional<Translation::AnthropicEvent> qtEvent
        = Translation::readAnthropicEventQt(data);
    QVERIFY(fastEvent);
    QVERIFY(qtEvent);
    QCOMPARE(fastEvent->toolInput.isEmpty(), qtEvent->toolInput.isEmpty());
    QVERIFY(*fastEvent == *qtEvent);
    const std::optional<Translation::ChatChunk> fastChunk = Translation::readChatChunkFast(data);
    const std::optional<Translation::ChatChunk> qtChunk = Translation::readChatChunkQt(data);
    QVERIFY(fastChunk);
    QVERIFY(qtChunk);
    QVERIFY(*fastChunk == *qtChunk);
}

void tst_StreamTranslator::eventOnlyQtReadsStillTranslated_R_XLAT_4()
{
    // simdjson refuses a lone surrogate escape that QJsonDocument takes: Qt decides what is JSON.
    const QByteArray lone
        = R"({"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a\ud800"}})";
    QVERIFY(!Translation::readAnthropicEventFast(lone));
    QVERIFY(Translation::readAnthropicEventQt(lone));
    auto t = make(true);
    const QByteArray out = t->feed(messageStart() + ev("content_block_delta", lone));
    QVERIFY(!t->upstreamError());
    QCOMPARE(t->events(), 2);
    ChatEvents events;
    bool sawDone = false;
    QCOMPARE(readChat(out, events, sawDone), QString());
}

QTEST_GUILESS_MAIN(tst_StreamTranslator)
#include "tst_streamtranslator.moc"
