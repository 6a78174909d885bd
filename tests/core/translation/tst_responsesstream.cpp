#include "jsoncompare.h"
#include "translation/responses.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTest>
#include <functional>

using namespace Qt::StringLiterals;
using Translation::StreamTranslator;

// The Responses API's stream (R-RESP-4) from recorded chat-completions and Anthropic messages
// streams: its events in order with increasing sequence numbers, the whole response at the end,
// the same however the upstream's bytes are cut, and response.failed (never response.completed)
// after a failure partway.
class tst_ResponsesStream : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void textAnswerEventsInOrder_R_RESP_4();
    void textAnswerItemEvents_R_RESP_4();
    void toolCallsEventsInOrder_R_RESP_4();
    void limitEndsIncomplete_R_RESP_3_data();
    void limitEndsIncomplete_R_RESP_3();
    void refusalIsItsOwnPart_R_RESP_4();
    void textThenRefusalTwoParts_R_RESP_4();
    void toolCallWithoutIdOrIndex_R_RESP_4();
    void upstreamErrorEndsStream_R_RESP_4();
    void failureBeforeAnythingStillFails_R_RESP_4();
    void undecodableEventEndsStream_R_RESP_4();
    void completeOnlyAtDone_R_RESP_4();
    void cutStreamLeavesRest_R_RESP_4();
    void anthropicTextEventsInOrder_R_RESP_4();
    void anthropicToolUseEventsInOrder_R_RESP_4();
    void anthropicErrorEventEndsStream_R_RESP_4();
    void sameOutputHoweverCut_R_RESP_4_data();
    void sameOutputHoweverCut_R_RESP_4();
};

namespace {

Translation::ResponseIdentity identity()
{
    return { u"resp_abc123"_s, u"caller-model"_s, 1700000000 };
}

std::unique_ptr<StreamTranslator> make(bool fromAnthropic)
{
    return fromAnthropic ? Translation::messagesStreamToResponses(identity())
                         : Translation::chatStreamToResponses(identity());
}

// --- OpenAI chat streams ---

QByteArray chunk(const QByteArray &json)
{
    return "data: " + json + "\n\n";
}

QByteArray openAiChunk(const QByteArray &delta, const QByteArray &finish = "null")
{
    return chunk(
        R"({"id":"chatcmpl-abc","object":"chat.completion.chunk","created":1,"model":"gpt-up","system_fingerprint":"fp","choices":[{"index":0,"delta":)"
        + delta + R"(,"logprobs":null,"finish_reason":)" + finish + "}]}");
}

QByteArray openAiUsage(int prompt, int completion, int cached = 0, int reasoning = 0)
{
    return chunk(
        R"({"id":"chatcmpl-abc","object":"chat.completion.chunk","created":1,"model":"gpt-up","choices":[],"usage":{"prompt_tokens":)"
        + QByteArray::number(prompt) + R"(,"completion_tokens":)" + QByteArray::number(completion)
        + R"(,"total_tokens":)" + QByteArray::number(prompt + completion)
        + R"(,"prompt_tokens_details":{"cached_tokens":)" + QByteArray::number(cached)
        + R"(,"audio_tokens":0},"completion_tokens_details":{"reasoning_tokens":)"
        + QByteArray::number(reasoning) + R"(,"audio_tokens":0}}})");
}

const QByteArray roleDelta = R"({"role":"assistant","content":"","refusal":null})";
const QByteArray done = "data: [DONE]\n\n";

QByteArray openAiText()
{
    return openAiChunk(roleDelta) + openAiChunk(R"({"content":"Hello"})") + ": keep-alive\n\n"
        + openAiChunk(R"({"content":" there"})") + openAiChunk("{}", R"("stop")")
        + openAiUsage(9, 2, 4, 1) + done;
}

QByteArray toolStart(int index, const QByteArray &id, const QByteArray &name)
{
    return openAiChunk(R"({"tool_calls":[{"index":)" + QByteArray::number(index) + R"(,"id":")" + id
                       + R"(","type":"function","function":{"name":")" + name
                       + R"(","arguments":""}}]})");
}

QByteArray toolArguments(int index, const QByteArray &literal)
{
    return openAiChunk(R"({"tool_calls":[{"index":)" + QByteArray::number(index)
                       + R"(,"function":{"arguments":)" + literal + "}}]}");
}

// Text, then two parallel tool calls with their arguments in pieces.
QByteArray openAiTools()
{
    return openAiChunk(roleDelta) + openAiChunk(R"({"content":"Checking."})")
        + toolStart(0, "call_1", "get_weather") + toolArguments(0, R"("{\"ci")")
        + toolArguments(0, R"("ty\":\"Pa")") + toolArguments(0, R"("ris\"}")")
        + toolStart(1, "call_2", "get_time") + toolArguments(1, R"("{\"tz\":")")
        + toolArguments(1, R"("\"CET\"}")") + openAiChunk("{}", R"("tool_calls")")
        + openAiUsage(40, 17) + done;
}

QByteArray openAiCutBy(const QByteArray &finishReason)
{
    return openAiChunk(roleDelta) + openAiChunk(R"({"content":"A long ans"})")
        + openAiChunk("{}", '"' + finishReason + '"') + openAiUsage(5, 3) + done;
}

QByteArray openAiRefusal()
{
    return openAiChunk(roleDelta) + openAiChunk(R"({"refusal":"I can't"})")
        + openAiChunk(R"({"refusal":" help."})") + openAiChunk("{}", R"("stop")")
        + openAiUsage(6, 3) + done;
}

QByteArray openAiErrorMidway()
{
    return openAiChunk(roleDelta) + openAiChunk(R"({"content":"Half"})")
        + chunk(
               R"({"error":{"message":"The server had an error","type":"server_error","code":null}})")
        + openAiChunk(R"({"content":" more"})") + done;
}

// --- Anthropic streams ---

QByteArray ev(const QByteArray &name, const QByteArray &json)
{
    return "event: " + name + "\ndata: " + json + "\n\n";
}

QByteArray messageStart()
{
    return ev(
        "message_start",
        R"({"type":"message_start","message":{"id":"msg_01","type":"message","role":"assistant","model":"claude-up","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":25,"output_tokens":1}}})");
}

QByteArray blockStart(int index, const QByteArray &block)
{
    return ev("content_block_start",
              R"({"type":"content_block_start","index":)" + QByteArray::number(index)
                  + R"(,"content_block":)" + block + "}");
}

QByteArray blockDelta(int index, const QByteArray &delta)
{
    return ev("content_block_delta",
              R"({"type":"content_block_delta","index":)" + QByteArray::number(index)
                  + R"(,"delta":)" + delta + "}");
}

QByteArray blockStop(int index)
{
    return ev("content_block_stop",
              R"({"type":"content_block_stop","index":)" + QByteArray::number(index) + "}");
}

QByteArray messageEnd(const QByteArray &stopReason, int outputTokens)
{
    return ev("message_delta",
              R"({"type":"message_delta","delta":{"stop_reason":")" + stopReason
                  + R"(","stop_sequence":null},"usage":{"output_tokens":)"
                  + QByteArray::number(outputTokens) + "}}")
        + ev("message_stop", R"({"type":"message_stop"})");
}

QByteArray anthropicText()
{
    return messageStart() + blockStart(0, R"({"type":"text","text":""})")
        + ev("ping", R"({"type": "ping"})")
        + blockDelta(0, R"({"type":"text_delta","text":"Hello"})")
        + blockDelta(0, R"({"type":"text_delta","text":" there"})") + blockStop(0)
        + messageEnd("end_turn", 12);
}

QByteArray anthropicToolUse()
{
    return messageStart() + blockStart(0, R"({"type":"text","text":""})")
        + blockDelta(0, R"({"type":"text_delta","text":"Let me look."})") + blockStop(0)
        + blockStart(1, R"({"type":"tool_use","id":"toolu_01","name":"get_weather","input":{}})")
        + blockDelta(1, R"({"type":"input_json_delta","partial_json":""})")
        + blockDelta(1, R"({"type":"input_json_delta","partial_json":"{\"city\": "})")
        + blockDelta(1, R"({"type":"input_json_delta","partial_json":"\"Paris\"}"})") + blockStop(1)
        + messageEnd("tool_use", 30);
}

QByteArray anthropicErrorMidway()
{
    return messageStart() + blockStart(0, R"({"type":"text","text":""})")
        + blockDelta(0, R"({"type":"text_delta","text":"Half"})")
        + ev("error",
             R"({"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}})")
        + blockDelta(0, R"({"type":"text_delta","text":" more"})") + messageEnd("end_turn", 3);
}

// --- Reading what came out ---

struct Event
{
    QByteArray type;
    QJsonObject data;
};

// The caller's events: each `event: <type>\ndata: <object>\n\n`, the type named in both, the
// sequence numbers 0, 1, 2, … from `firstSequence`.
QList<Event> events(const QByteArray &out, int firstSequence = 0)
{
    QList<Event> list;
    qsizetype pos = 0;
    while (pos < out.size()) {
        const qsizetype end = out.indexOf("\n\n", pos);
        if (end < 0) {
            qWarning("an event without its blank line");
            return {};
        }
        const QList<QByteArray> lines = out.sliced(pos, end - pos).split('\n');
        pos = end + 2;
        if (lines.size() != 2 || !lines[0].startsWith("event: ")
            || !lines[1].startsWith("data: ")) {
            qWarning("not an event: %s", lines.join('|').constData());
            return {};
        }
        Event event { lines[0].sliced(7), TranslationTest::json(lines[1].sliced(6)) };
        if (event.data.value(u"type"_s).toString().toUtf8() != event.type
            || event.data.value(u"sequence_number"_s).toInteger(-1)
                != firstSequence + list.size()) {
            qWarning("type or sequence number wrong: %s", lines[1].constData());
            return {};
        }
        list << event;
    }
    return list;
}

QList<QByteArray> types(const QList<Event> &list)
{
    QList<QByteArray> t;
    for (const Event &e : list)
        t << e.type;
    return t;
}

QJsonObject lastResponse(const QList<Event> &list)
{
    return list.isEmpty() ? QJsonObject() : list.last().data.value(u"response"_s).toObject();
}

const QList<QByteArray> textEvents {
    "response.output_item.added", "response.content_part.added", "response.output_text.delta",
    "response.output_text.delta", "response.output_text.done",   "response.content_part.done",
    "response.output_item.done",
};

const QList<QByteArray> head { "response.created", "response.in_progress" };

} // namespace

void tst_ResponsesStream::textAnswerEventsInOrder_R_RESP_4()
{
    auto t = make(false);
    const QList<Event> out = events(t->feed(openAiText()));
    QCOMPARE(types(out), head + textEvents + QList<QByteArray> { "response.completed" });
    QVERIFY(t->complete());
    QVERIFY(!t->upstreamError());
    QCOMPARE(t->events(), int(out.size()));
    QCOMPARE(t->usage().inputTokens, qint64(9));
    QCOMPARE(t->usage().outputTokens, qint64(2));
    COMPARE_JSON(out[0].data.value(u"response"_s).toObject(),
                 R"({"id":"resp_abc123","object":"response","created_at":1700000000,
                     "status":"in_progress","error":null,"incomplete_details":null,
                     "model":"caller-model","output":[],"usage":null})");
    COMPARE_JSON(
        lastResponse(out),
        R"({"id":"resp_abc123","object":"response","created_at":1700000000,"status":"completed",
            "error":null,"incomplete_details":null,"model":"caller-model",
            "output":[{"id":"msg_abc123_0","type":"message","status":"completed",
                       "role":"assistant","content":[{"type":"output_text","text":"Hello there",
                       "annotations":[],"logprobs":[]}]}],
            "usage":{"input_tokens":9,"input_tokens_details":{"cached_tokens":4},
                     "output_tokens":2,"output_tokens_details":{"reasoning_tokens":1},
                     "total_tokens":11}})");
}

void tst_ResponsesStream::textAnswerItemEvents_R_RESP_4()
{
    const QList<Event> out = events(make(false)->feed(openAiText()));
    QCOMPARE(out.size(), 10);
    COMPARE_JSON(out[2].data,
                 R"({"type":"response.output_item.added","sequence_number":2,"output_index":0,
                     "item":{"id":"msg_abc123_0","type":"message","status":"in_progress",
                             "role":"assistant","content":[]}})");
    COMPARE_JSON(out[3].data,
                 R"({"type":"response.content_part.added","sequence_number":3,
                     "item_id":"msg_abc123_0","output_index":0,"content_index":0,
                     "part":{"type":"output_text","text":"","annotations":[],"logprobs":[]}})");
    COMPARE_JSON(out[5].data,
                 R"({"type":"response.output_text.delta","sequence_number":5,
                     "item_id":"msg_abc123_0","output_index":0,"content_index":0,
                     "delta":" there","logprobs":[]})");
    COMPARE_JSON(out[6].data,
                 R"({"type":"response.output_text.done","sequence_number":6,
                     "item_id":"msg_abc123_0","output_index":0,"content_index":0,
                     "text":"Hello there","logprobs":[]})");
    COMPARE_JSON(out[7].data,
                 R"({"type":"response.content_part.done","sequence_number":7,
                     "item_id":"msg_abc123_0","output_index":0,"content_index":0,
                     "part":{"type":"output_text","text":"Hello there","annotations":[],
                             "logprobs":[]}})");
    COMPARE_JSON(out[8].data,
                 R"({"type":"response.output_item.done","sequence_number":8,"output_index":0,
                     "item":{"id":"msg_abc123_0","type":"message","status":"completed",
                             "role":"assistant","content":[{"type":"output_text",
                             "text":"Hello there","annotations":[],"logprobs":[]}]}})");
}

void tst_ResponsesStream::toolCallsEventsInOrder_R_RESP_4()
{
    auto t = make(false);
    const QList<Event> out = events(t->feed(openAiTools()));
    const QList<QByteArray> call { "response.output_item.added",
                                   "response.function_call_arguments.delta" };
    const QList<QByteArray> callDone { "response.function_call_arguments.done",
                                       "response.output_item.done" };
    QCOMPARE(types(out),
             (head
              + QList<QByteArray> { "response.output_item.added", "response.content_part.added",
                                    "response.output_text.delta", "response.output_text.done",
                                    "response.content_part.done", "response.output_item.done" }
              + call
              + QList<QByteArray> { "response.function_call_arguments.delta",
                                    "response.function_call_arguments.delta" }
              + callDone + call + QList<QByteArray> { "response.function_call_arguments.delta" }
              + callDone + QList<QByteArray> { "response.completed" }));
    QVERIFY(t->complete());
    COMPARE_JSON(out[8].data,
                 R"({"type":"response.output_item.added","sequence_number":8,"output_index":1,
                     "item":{"id":"fc_abc123_1","type":"function_call","status":"in_progress",
                             "call_id":"call_1","name":"get_weather","arguments":""}})");
    COMPARE_JSON(out[9].data,
                 R"({"type":"response.function_call_arguments.delta","sequence_number":9,
                     "item_id":"fc_abc123_1","output_index":1,"delta":"{\"ci"})");
    COMPARE_JSON(out[12].data,
                 R"({"type":"response.function_call_arguments.done","sequence_number":12,
                     "item_id":"fc_abc123_1","output_index":1,"name":"get_weather",
                     "arguments":"{\"city\":\"Paris\"}"})");
    const QJsonObject response = lastResponse(out);
    QCOMPARE(response.value(u"status"_s).toString(), u"completed"_s);
    COMPARE_JSON((QJsonObject { { u"output"_s, response.value(u"output"_s) } }),
                 R"({"output":[
            {"id":"msg_abc123_0","type":"message","status":"completed","role":"assistant",
             "content":[{"type":"output_text","text":"Checking.","annotations":[],"logprobs":[]}]},
            {"id":"fc_abc123_1","type":"function_call","status":"completed","call_id":"call_1",
             "name":"get_weather","arguments":"{\"city\":\"Paris\"}"},
            {"id":"fc_abc123_2","type":"function_call","status":"completed","call_id":"call_2",
             "name":"get_time","arguments":"{\"tz\":\"CET\"}"}]})");
    COMPARE_JSON(response.value(u"usage"_s).toObject(),
                 R"({"input_tokens":40,"input_tokens_details":{"cached_tokens":0},
                     "output_tokens":17,"output_tokens_details":{"reasoning_tokens":0},
                     "total_tokens":57})");
}

void tst_ResponsesStream::limitEndsIncomplete_R_RESP_3_data()
{
    QTest::addColumn<QByteArray>("finishReason");
    QTest::addColumn<QString>("reason");
    QTest::newRow("length") << QByteArray("length") << u"max_output_tokens"_s;
    QTest::newRow("content filter") << QByteArray("content_filter") << u"content_filter"_s;
}

void tst_ResponsesStream::limitEndsIncomplete_R_RESP_3()
{
    QFETCH(QByteArray, finishReason);
    QFETCH(QString, reason);
    auto t = make(false);
    const QList<Event> out = events(t->feed(openAiCutBy(finishReason)));
    QCOMPARE(out.size(), 9);
    QCOMPARE(out.last().type, QByteArray("response.incomplete"));
    QVERIFY(!types(out).contains("response.completed"));
    QVERIFY(t->complete());
    const QJsonObject response = lastResponse(out);
    QCOMPARE(response.value(u"status"_s).toString(), u"incomplete"_s);
    QCOMPARE(response.value(u"incomplete_details"_s).toObject(),
             QJsonObject({ { u"reason"_s, reason } }));
    const QJsonObject item = response.value(u"output"_s).toArray().at(0).toObject();
    QCOMPARE(item.value(u"status"_s).toString(), u"incomplete"_s);
    QCOMPARE(out[out.size() - 2].data.value(u"item"_s).toObject(), item);
    QCOMPARE(response.value(u"usage"_s).toObject().value(u"total_tokens"_s).toInteger(), qint64(8));
}

void tst_ResponsesStream::refusalIsItsOwnPart_R_RESP_4()
{
    const QList<Event> out = events(make(false)->feed(openAiRefusal()));
    QCOMPARE(types(out),
             (head
              + QList<QByteArray> { "response.output_item.added", "response.content_part.added",
                                    "response.refusal.delta", "response.refusal.delta",
                                    "response.refusal.done", "response.content_part.done",
                                    "response.output_item.done", "response.completed" }));
    COMPARE_JSON(out[3].data,
                 R"({"type":"response.content_part.added","sequence_number":3,
                     "item_id":"msg_abc123_0","output_index":0,"content_index":0,
                     "part":{"type":"refusal","refusal":""}})");
    COMPARE_JSON(out[6].data,
                 R"({"type":"response.refusal.done","sequence_number":6,"item_id":"msg_abc123_0",
                     "output_index":0,"content_index":0,"refusal":"I can't help."})");
    QCOMPARE(lastResponse(out).value(u"output"_s).toArray().at(0).toObject().value(u"content"_s),
             QJsonArray({ QJsonObject { { u"type"_s, u"refusal"_s },
                                        { u"refusal"_s, u"I can't help."_s } } }));
}

void tst_ResponsesStream::textThenRefusalTwoParts_R_RESP_4()
{
    const QList<Event> out = events(make(false)->feed(
        openAiChunk(R"({"content":"Well."})") + openAiChunk(R"({"refusal":"No."})") + done));
    QCOMPARE(types(out),
             (head
              + QList<QByteArray> { "response.output_item.added", "response.content_part.added",
                                    "response.output_text.delta", "response.output_text.done",
                                    "response.content_part.done", "response.content_part.added",
                                    "response.refusal.delta", "response.refusal.done",
                                    "response.content_part.done", "response.output_item.done",
                                    "response.completed" }));
    QCOMPARE(out[8].data.value(u"content_index"_s).toInteger(), qint64(1));
    COMPARE_JSON(out[11].data.value(u"item"_s).toObject(),
                 R"({"id":"msg_abc123_0","type":"message","status":"completed",
                     "role":"assistant","content":[
                     {"type":"output_text","text":"Well.","annotations":[],"logprobs":[]},
                     {"type":"refusal","refusal":"No."}]})");
}

// Some OpenAI-compatible servers send a tool call without an id or an index: the call still gets
// a call_id (the caller's function_call_output names it) and its fragments stay together.
void tst_ResponsesStream::toolCallWithoutIdOrIndex_R_RESP_4()
{
    const QList<Event> out = events(make(false)->feed(
        openAiChunk(R"({"tool_calls":[{"function":{"name":"f","arguments":"{\"a\""}}]})")
        + openAiChunk(R"({"tool_calls":[{"function":{"arguments":":1}"}}]})")
        + openAiChunk("{}", R"("tool_calls")") + done));
    COMPARE_JSON(lastResponse(out).value(u"output"_s).toArray().at(0).toObject(),
                 R"({"id":"fc_abc123_0","type":"function_call","status":"completed",
                     "call_id":"call_abc123_0","name":"f","arguments":"{\"a\":1}"})");
}

// §2's stream rules: nothing of the error or after it, no response.completed; the executor ends
// the stream with response.failed, numbered after the last event given out.
void tst_ResponsesStream::upstreamErrorEndsStream_R_RESP_4()
{
    auto t = make(false);
    const QList<Event> out = events(t->feed(openAiErrorMidway()));
    QCOMPARE(types(out),
             (head
              + QList<QByteArray> { "response.output_item.added", "response.content_part.added",
                                    "response.output_text.delta" }));
    QVERIFY(t->upstreamError());
    QCOMPARE(t->upstreamError()->type, u"server_error"_s);
    QCOMPARE(t->upstreamError()->message, u"The server had an error"_s);
    QVERIFY(!t->complete());
    QVERIFY(t->feed(openAiChunk(R"({"content":"late"})") + done).isEmpty());

    const QList<Event> failed
        = events(t->failureEvent(u"stream_interrupted"_s, u"The upstream stopped answering."_s), 5);
    QCOMPARE(types(failed), QList<QByteArray> { "response.failed" });
    QCOMPARE(t->events(), 6);
    COMPARE_JSON(failed[0].data.value(u"response"_s).toObject(),
                 R"({"id":"resp_abc123","object":"response","created_at":1700000000,
                     "status":"failed","error":{"code":"stream_interrupted",
                     "message":"The upstream stopped answering."},"incomplete_details":null,
                     "model":"caller-model",
                     "output":[{"id":"msg_abc123_0","type":"message","status":"incomplete",
                                "role":"assistant","content":[{"type":"output_text",
                                "text":"Half","annotations":[],"logprobs":[]}]}],
                     "usage":null})");
}

void tst_ResponsesStream::failureBeforeAnythingStillFails_R_RESP_4()
{
    auto t = make(false);
    QVERIFY(t->feed(openAiChunk(roleDelta).chopped(3)).isEmpty());
    const QList<Event> failed = events(t->failureEvent(u"stream_interrupted"_s, u"Cut."_s));
    QCOMPARE(types(failed), QList<QByteArray> { "response.failed" });
    QCOMPARE(lastResponse(failed).value(u"output"_s).toArray(), QJsonArray());
}

void tst_ResponsesStream::undecodableEventEndsStream_R_RESP_4()
{
    auto t = make(false);
    const QList<Event> out
        = events(t->feed(openAiChunk(roleDelta) + chunk("{not json") + openAiText()));
    QCOMPARE(types(out), head);
    QVERIFY(t->upstreamError());
    QCOMPARE(t->upstreamError()->type, u"invalid_response"_s);
    QVERIFY(!t->complete());
}

void tst_ResponsesStream::completeOnlyAtDone_R_RESP_4()
{
    for (bool fromAnthropic : { false, true }) {
        const QByteArray stream = fromAnthropic ? anthropicText() : openAiText();
        const QByteArray last = fromAnthropic ? QByteArray("event: message_stop\n") : done;
        const qsizetype ending = stream.lastIndexOf(last);
        QVERIFY(ending > 0);
        auto t = make(fromAnthropic);
        const QByteArray before = t->feed(stream.first(ending));
        QVERIFY(!t->complete());
        QVERIFY(!before.contains("response.completed"));
        const QByteArray after = t->feed(stream.sliced(ending));
        QVERIFY(t->complete());
        QCOMPARE(types(events(before + after)).last(), QByteArray("response.completed"));
        QVERIFY(!after.contains("[DONE]"));
        QVERIFY(t->feed(openAiText()).isEmpty()); // nothing after the ending
        QVERIFY(t->takeRest().isEmpty());
    }
}

void tst_ResponsesStream::cutStreamLeavesRest_R_RESP_4()
{
    const QByteArray stream = openAiText();
    auto t = make(false);
    const QByteArray out = t->feed(stream.first(stream.size() - 5));
    QVERIFY(!t->complete());
    QCOMPARE(t->takeRest(), QByteArray("data: [DO"));
    QVERIFY(!out.contains("response.completed"));
}

void tst_ResponsesStream::anthropicTextEventsInOrder_R_RESP_4()
{
    auto t = make(true);
    const QList<Event> out = events(t->feed(anthropicText()));
    QCOMPARE(types(out), head + textEvents + QList<QByteArray> { "response.completed" });
    QVERIFY(t->complete());
    QCOMPARE(t->events(), int(out.size()));
    QCOMPARE(t->usage().inputTokens, qint64(25));
    QCOMPARE(t->usage().outputTokens, qint64(12));
    COMPARE_JSON(
        lastResponse(out),
        R"({"id":"resp_abc123","object":"response","created_at":1700000000,"status":"completed",
            "error":null,"incomplete_details":null,"model":"caller-model",
            "output":[{"id":"msg_abc123_0","type":"message","status":"completed",
                       "role":"assistant","content":[{"type":"output_text","text":"Hello there",
                       "annotations":[],"logprobs":[]}]}],
            "usage":{"input_tokens":25,"input_tokens_details":{"cached_tokens":0},
                     "output_tokens":12,"output_tokens_details":{"reasoning_tokens":0},
                     "total_tokens":37}})");
}

void tst_ResponsesStream::anthropicToolUseEventsInOrder_R_RESP_4()
{
    auto t = make(true);
    // The input tokens are known from message_start on, before the stream ends.
    const QByteArray stream = anthropicToolUse();
    QByteArray all = t->feed(stream.first(messageStart().size()));
    QCOMPARE(t->usage().inputTokens, qint64(25));
    all += t->feed(stream.sliced(messageStart().size()));
    const QList<Event> out = events(all);
    QCOMPARE(types(out),
             (head
              + QList<QByteArray> {
                  "response.output_item.added", "response.content_part.added",
                  "response.output_text.delta", "response.output_text.done",
                  "response.content_part.done", "response.output_item.done",
                  "response.output_item.added", "response.function_call_arguments.delta",
                  "response.function_call_arguments.delta", "response.function_call_arguments.done",
                  "response.output_item.done", "response.completed" }));
    QVERIFY(t->complete());
    const QJsonObject response = lastResponse(out);
    COMPARE_JSON((QJsonObject { { u"output"_s, response.value(u"output"_s) } }),
                 R"({"output":[
            {"id":"msg_abc123_0","type":"message","status":"completed","role":"assistant",
             "content":[{"type":"output_text","text":"Let me look.","annotations":[],
                         "logprobs":[]}]},
            {"id":"fc_abc123_1","type":"function_call","status":"completed","call_id":"toolu_01",
             "name":"get_weather","arguments":"{\"city\": \"Paris\"}"}]})");
    QCOMPARE(response.value(u"usage"_s).toObject().value(u"input_tokens"_s).toInteger(),
             qint64(25));
    QCOMPARE(response.value(u"usage"_s).toObject().value(u"output_tokens"_s).toInteger(),
             qint64(30));
}

void tst_ResponsesStream::anthropicErrorEventEndsStream_R_RESP_4()
{
    auto t = make(true);
    const QList<Event> out = events(t->feed(anthropicErrorMidway()));
    QCOMPARE(types(out),
             (head
              + QList<QByteArray> { "response.output_item.added", "response.content_part.added",
                                    "response.output_text.delta" }));
    QVERIFY(t->upstreamError());
    QCOMPARE(t->upstreamError()->type, u"overloaded_error"_s);
    QCOMPARE(t->upstreamError()->message, u"Overloaded"_s);
    QVERIFY(!t->complete());
    QCOMPARE(t->usage().inputTokens, qint64(25));
    const QList<Event> failed
        = events(t->failureEvent(u"stream_interrupted"_s, u"Overloaded"_s), 5);
    QCOMPARE(types(failed), QList<QByteArray> { "response.failed" });
    QCOMPARE(t->events(), 6);
    QCOMPARE(lastResponse(failed).value(u"status"_s).toString(), u"failed"_s);
}

void tst_ResponsesStream::sameOutputHoweverCut_R_RESP_4_data()
{
    QTest::addColumn<bool>("fromAnthropic");
    QTest::addColumn<QByteArray>("stream");
    QTest::newRow("chat text") << false << openAiText();
    QTest::newRow("chat tools") << false << openAiTools();
    QTest::newRow("chat length") << false << openAiCutBy("length");
    QTest::newRow("chat refusal") << false << openAiRefusal();
    QTest::newRow("chat error") << false << openAiErrorMidway();
    QTest::newRow("chat crlf") << false << openAiTools().replace("\n", "\r\n");
    QTest::newRow("messages text") << true << anthropicText();
    QTest::newRow("messages tool_use") << true << anthropicToolUse();
    QTest::newRow("messages error") << true << anthropicErrorMidway();
}

void tst_ResponsesStream::sameOutputHoweverCut_R_RESP_4()
{
    QFETCH(bool, fromAnthropic);
    QFETCH(QByteArray, stream);

    auto whole = make(fromAnthropic);
    const QByteArray wholeOut = whole->feed(stream);
    QVERIFY(!events(wholeOut).isEmpty());

    QRandomGenerator random(39);
    for (int split = 0; split < 200; ++split) {
        auto t = make(fromAnthropic);
        QByteArray out;
        for (qsizetype at = 0; at < stream.size();) {
            // The first split goes byte by byte.
            const qsizetype n = split == 0 ? 1 : random.bounded(1, 48);
            out += t->feed(stream.mid(at, n));
            at += n;
        }
        QCOMPARE(out, wholeOut);
        QCOMPARE(t->events(), whole->events());
        QCOMPARE(t->complete(), whole->complete());
        QCOMPARE(t->usage(), whole->usage());
        QCOMPARE(t->upstreamError().has_value(), whole->upstreamError().has_value());
        QCOMPARE(t->takeRest(), QByteArray());
    }
}

QTEST_GUILESS_MAIN(tst_ResponsesStream)
#include "tst_responsesstream.moc"
