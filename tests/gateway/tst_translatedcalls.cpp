#include "config/receiptjson.h"
#include "gatewayharness.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;
using Domain::ApiTranslation;
using Response = FakeUpstream::Response;

// Calls served through the other API, end to end over real sockets (SPEC §3a): a chat caller
// reaching an Anthropic-dialect upstream and a messages caller an OpenAI-dialect one, whole and
// streamed, with tools, failover across dialects, fields not carried, upstream errors, cut streams,
// receipts and /metrics (R-XLAT-1..6).
class tst_TranslatedCalls : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void chatCallerServedByAnthropic_R_XLAT_1_R_XLAT_2_R_XLAT_5_data();
    void chatCallerServedByAnthropic_R_XLAT_1_R_XLAT_2_R_XLAT_5();
    void chatStreamFromAnthropicStream_R_XLAT_4_data();
    void chatStreamFromAnthropicStream_R_XLAT_4();
    void messagesCallerServedByOpenAi_R_XLAT_1_R_XLAT_5();
    void messagesStreamFromOpenAiStream_R_XLAT_4_R_XLAT_6();
    void toolsBothWaysAndToolResultsMerged_R_XLAT_2();
    void poolFailsOverAcrossDialects_R_XLAT_1_R_XLAT_5_data();
    void poolFailsOverAcrossDialects_R_XLAT_1_R_XLAT_5();
    void fieldNotCarriedMakesCannotServe_R_XLAT_3_data();
    void fieldNotCarriedMakesCannotServe_R_XLAT_3();
    void anthropicErrorReachesChatCallerInOpenAiShape_R_XLAT_1();
    void openAiRateLimitReachesMessagesCallerInAnthropicShape_R_XLAT_1();
    void translatedStreamCutOrErrorIsInterrupted_R_XLAT_4_data();
    void translatedStreamCutOrErrorIsInterrupted_R_XLAT_4();
    void metricsCountTranslatedAttempts_R_XLAT_5();
    void streamedToolCallsBothWays_R_XLAT_2_R_XLAT_4();
    void errorEventFirstIs502InCallersShape_R_XLAT_4_data();
    void errorEventFirstIs502InCallersShape_R_XLAT_4();
    void keepAlivesOnlyThenCutIs502_R_XLAT_4();
    void messagesFieldNotCarriedTowardsOpenAi_R_XLAT_3_data();
    void messagesFieldNotCarriedTowardsOpenAi_R_XLAT_3();
    void presetDefaultsAreTranslatedOrRefused_R_XLAT_3_data();
    void presetDefaultsAreTranslatedOrRefused_R_XLAT_3();
    void messagesCallerServedByAzureOpenAi_R_XLAT_1();
    void callerLeavingTranslatedStreamAbortsUpstream_R_XLAT_4();
    void fallbackModelOfTheOtherApi_R_XLAT_1_R_XLAT_5();
    void undecodableTranslatedAnswerIs502_R_XLAT_1();
    void simulatorStreamCutTranslated_R_XLAT_4();
    void translatedEventsFlowAsTheyArrive_R_XLAT_4_data();
    void translatedEventsFlowAsTheyArrive_R_XLAT_4();
    void pingsKeepATranslatedStreamAlive_R_XLAT_4();
    void fieldsWithoutEffectDropped_R_XLAT_6_data();
    void fieldsWithoutEffectDropped_R_XLAT_6();
    void openAiOnlySimulatorServesMessagesCalls_R_XLAT_1_data();
    void openAiOnlySimulatorServesMessagesCalls_R_XLAT_1();
    void anthropicOnlySimulatorServesChatCalls_R_XLAT_1_data();
    void anthropicOnlySimulatorServesChatCalls_R_XLAT_1();
};

namespace {

QJsonObject jsonOf(const QByteArray &bytes)
{
    return QJsonDocument::fromJson(bytes).object();
}

QJsonObject sentBody(const FakeUpstream &f, int i)
{
    return jsonOf(f.received().at(i).body);
}

QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

// The JSON of every `data:` line of an SSE body (not [DONE]), in order.
QList<QJsonObject> sseData(const QByteArray &body)
{
    QList<QJsonObject> out;
    for (const QByteArray &line : body.split('\n')) {
        if (line.startsWith("data: ") && line != "data: [DONE]")
            out << jsonOf(line.mid(6));
    }
    return out;
}

// The `event:` names of an SSE body, in order.
QStringList sseEventNames(const QByteArray &body)
{
    QStringList out;
    for (const QByteArray &line : body.split('\n')) {
        if (line.startsWith("event: "))
            out << QString::fromUtf8(line.mid(7));
    }
    return out;
}

QByteArray anthropicEvent(const QByteArray &name, const QJsonObject &o)
{
    return "event: " + name + "\ndata: " + compact(o) + "\n\n";
}

// An Anthropic stream as the API sends it: a text block of `words` deltas, the stop reason and
// the usage (13 in, `words` out) in message_delta, message_stop.
Response fullAnthropicStream(int words, int delayMs = 0)
{
    Response r;
    r.headers = { { "Content-Type", "text/event-stream" } };
    const QJsonObject message {
        { u"id"_s, u"msg_s1"_s },
        { u"type"_s, u"message"_s },
        { u"role"_s, u"assistant"_s },
        { u"model"_s, u"up-sonnet"_s },
        { u"content"_s, QJsonArray {} },
        { u"stop_reason"_s, QJsonValue() },
        { u"usage"_s, QJsonObject { { u"input_tokens"_s, 13 }, { u"output_tokens"_s, 1 } } }
    };
    r.events.append(
        { anthropicEvent("message_start",
                         { { u"type"_s, u"message_start"_s }, { u"message"_s, message } }),
          delayMs });
    r.events.append(
        { anthropicEvent("content_block_start",
                         { { u"type"_s, u"content_block_start"_s },
                           { u"index"_s, 0 },
                           { u"content_block"_s,
                             QJsonObject { { u"type"_s, u"text"_s }, { u"text"_s, u""_s } } } }),
          delayMs });
    r.events.append({ "event: ping\ndata: {\"type\":\"ping\"}\n\n", delayMs });
    for (int i = 0; i < words; ++i) {
        r.events.append({ anthropicEvent("content_block_delta",
                                         { { u"type"_s, u"content_block_delta"_s },
                                           { u"index"_s, 0 },
                                           { u"delta"_s,
                                             QJsonObject { { u"type"_s, u"text_delta"_s },
                                                           { u"text"_s, u"w%1 "_s.arg(i) } } } }),
                          delayMs });
    }
    r.events.append({ anthropicEvent("content_block_stop",
                                     { { u"type"_s, u"content_block_stop"_s }, { u"index"_s, 0 } }),
                      delayMs });
    r.events.append(
        { anthropicEvent("message_delta",
                         { { u"type"_s, u"message_delta"_s },
                           { u"delta"_s,
                             QJsonObject { { u"stop_reason"_s, u"end_turn"_s },
                                           { u"stop_sequence"_s, QJsonValue() } } },
                           { u"usage"_s, QJsonObject { { u"output_tokens"_s, words } } } }),
          delayMs });
    r.events.append(
        { anthropicEvent("message_stop", { { u"type"_s, u"message_stop"_s } }), delayMs });
    return r;
}

QJsonObject messagesBody(const QString &model, bool stream = false)
{
    QJsonObject b = GatewayHarness::chatBody(model, stream);
    b[u"max_tokens"_s] = 100;
    return b;
}

// One Anthropic-dialect upstream serving anthropic/sonnet as up-sonnet.
struct AnthropicOnly
{
    FakeUpstream a;
    GatewayHarness h;
    AnthropicOnly(Domain::Recovery recovery = GatewayHarness::fastRecovery())
    {
        QVERIFY(a.listen());
        h.addConnection(u"claude"_s, a.baseUrl(), Domain::Dialect::Anthropic);
        h.addDirect(u"anthropic/sonnet"_s, { u"claude"_s }, recovery);
    }
};

// One OpenAI-dialect upstream serving openai/gpt as up-gpt.
struct OpenAiOnly
{
    FakeUpstream o;
    GatewayHarness h;
    OpenAiOnly(Domain::Recovery recovery = GatewayHarness::fastRecovery())
    {
        QVERIFY(o.listen());
        h.addConnection(u"gpt"_s, o.baseUrl(), Domain::Dialect::OpenAi);
        h.addDirect(u"openai/gpt"_s, { u"gpt"_s }, recovery);
    }
};

} // namespace

void tst_TranslatedCalls::chatCallerServedByAnthropic_R_XLAT_1_R_XLAT_2_R_XLAT_5_data()
{
    QTest::addColumn<int>("modelMaxOutput"); // 0: the model's default
    QTest::addColumn<QString>("callerField"); // "": none sent
    QTest::addColumn<int>("callerValue");
    QTest::addColumn<int>("expected");
    QTest::newRow("none sent, default setting") << 0 << QString() << 0 << 4096;
    QTest::newRow("none sent, model says 777") << 777 << QString() << 0 << 777;
    QTest::newRow("max_tokens sent") << 777 << u"max_tokens"_s << 50 << 50;
    QTest::newRow("max_completion_tokens sent") << 777 << u"max_completion_tokens"_s << 60 << 60;
}

// R-XLAT-1/2/5: a chat call to a model offered only on an Anthropic connection is sent to
// /v1/messages with Anthropic's headers and body (system, stop_sequences, max_tokens), and
// answered as a chat.completion; the receipt's attempt says chat_to_messages.
void tst_TranslatedCalls::chatCallerServedByAnthropic_R_XLAT_1_R_XLAT_2_R_XLAT_5()
{
    QFETCH(int, modelMaxOutput);
    QFETCH(QString, callerField);
    QFETCH(int, callerValue);
    QFETCH(int, expected);
    AnthropicOnly t;
    if (modelMaxOutput > 0)
        t.h.ws.models.last().maxOutputTokens = modelMaxOutput;
    t.a.enqueue(FakeUpstream::anthropicMessage(u"up-sonnet"_s, u"bonjour"_s));
    QVERIFY(t.h.start());
    QJsonObject body {
        { u"model"_s, u"anthropic/sonnet"_s },
        { u"messages"_s,
          QJsonArray { QJsonObject { { u"role"_s, u"system"_s }, { u"content"_s, u"Be brief."_s } },
                       QJsonObject { { u"role"_s, u"user"_s }, { u"content"_s, u"hi"_s } } } },
        { u"stop"_s, u"END"_s },
        { u"temperature"_s, 0.5 },
    };
    if (!callerField.isEmpty())
        body[callerField] = callerValue;
    const auto r = t.h.post(
        u"/v1/chat/completions"_s, body,
        { { "x-caller-secret", "do-not-forward" }, { "anthropic-version", "1999-01-01" } });
    QCOMPARE(r.status, 200);
    const QJsonObject answer = r.json();
    QCOMPARE(answer.value(u"object"_s).toString(), u"chat.completion"_s);
    QCOMPARE(answer.value(u"model"_s).toString(), u"anthropic/sonnet"_s);
    const QJsonObject choice = answer[u"choices"_s][0].toObject();
    QCOMPARE(choice[u"message"_s][u"role"_s].toString(), u"assistant"_s);
    QCOMPARE(choice[u"message"_s][u"content"_s].toString(), u"bonjour"_s);
    QCOMPARE(choice[u"finish_reason"_s].toString(), u"stop"_s);
    QCOMPARE(answer[u"usage"_s][u"prompt_tokens"_s].toInt(), 13);
    QCOMPARE(answer[u"usage"_s][u"completion_tokens"_s].toInt(), 5);
    QCOMPARE(answer[u"usage"_s][u"total_tokens"_s].toInt(), 18);
    QVERIFY(r.header("content-type").startsWith("application/json"));

    QCOMPARE(t.a.requestCount(), 1);
    const FakeUpstream::Received got = t.a.received().at(0);
    QCOMPARE(got.target, QByteArray("/v1/messages"));
    QCOMPARE(got.header("x-api-key"), QByteArray("upstream-secret-claude"));
    QVERIFY(!got.header("anthropic-version").isEmpty());
    QVERIFY(got.header("anthropic-version") != "1999-01-01"); // the caller's is not forwarded
    QVERIFY(got.header("x-caller-secret").isEmpty());
    QVERIFY(got.header("authorization").isEmpty());
    const QJsonObject sent = jsonOf(got.body);
    QCOMPARE(sent.value(u"model"_s).toString(), u"up-sonnet"_s);
    QCOMPARE(sent.value(u"max_tokens"_s).toInt(), expected);
    QVERIFY(!sent.contains(u"max_completion_tokens"_s));
    QCOMPARE(sent.value(u"system"_s).toString(), u"Be brief."_s);
    QCOMPARE(sent.value(u"stop_sequences"_s).toArray(), QJsonArray { u"END"_s });
    QVERIFY(!sent.contains(u"stop"_s));
    QCOMPARE(sent.value(u"temperature"_s).toDouble(), 0.5);
    const QJsonArray messages = sent.value(u"messages"_s).toArray();
    QCOMPARE(messages.size(), 1);
    QCOMPARE(messages[0][u"role"_s].toString(), u"user"_s);
    QCOMPARE(messages[0][u"content"_s].toString(), u"hi"_s);

    const auto receipt = t.h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->attempts.size(), 1);
    QCOMPARE(Domain::toString(receipt->attempts[0].translation),
             Domain::toString(ApiTranslation::ChatToMessages));
    QCOMPARE(receipt->usage.inputTokens, 13);
    QCOMPARE(receipt->usage.outputTokens, 5);
    const QJsonObject exported = Config::receiptToJson(*receipt);
    QCOMPARE(exported[u"attempts"_s][0][u"translation"_s].toString(), u"chat_to_messages"_s);
}

void tst_TranslatedCalls::chatStreamFromAnthropicStream_R_XLAT_4_data()
{
    QTest::addColumn<bool>("includeUsage");
    QTest::newRow("without include_usage") << false;
    QTest::newRow("with include_usage") << true;
}

// R-XLAT-4: an Anthropic stream reaches a chat caller as chat.completion.chunk events: the text as
// delta.content, a finish_reason chunk, a usage chunk only when asked, then [DONE]; the receipt
// has the upstream's usage.
void tst_TranslatedCalls::chatStreamFromAnthropicStream_R_XLAT_4()
{
    QFETCH(bool, includeUsage);
    AnthropicOnly t;
    constexpr int kWords = 4;
    t.a.enqueue(fullAnthropicStream(kWords, 5));
    QVERIFY(t.h.start());
    QJsonObject body = GatewayHarness::chatBody(u"anthropic/sonnet"_s, true);
    if (includeUsage)
        body[u"stream_options"_s] = QJsonObject { { u"include_usage"_s, true } };
    const auto s = t.h.stream(u"/v1/chat/completions"_s, body);
    QCOMPARE(s.reply.status, 200);
    QVERIFY(s.reply.header("content-type").startsWith("text/event-stream"));
    const QByteArray &out = s.reply.body;
    QVERIFY2(out.endsWith("data: [DONE]\n\n"), out.constData());
    QVERIFY2(sseEventNames(out).isEmpty(), out.constData()); // OpenAI streams name no events
    QVERIFY(!out.contains("ping"));
    const QList<QJsonObject> chunks = sseData(out);
    QVERIFY(!chunks.isEmpty());
    QString text;
    QStringList finishReasons;
    int usageChunks = 0;
    for (const QJsonObject &c : chunks) {
        QCOMPARE(c.value(u"object"_s).toString(), u"chat.completion.chunk"_s);
        QCOMPARE(c.value(u"model"_s).toString(), u"anthropic/sonnet"_s);
        QVERIFY(!c.value(u"id"_s).toString().isEmpty());
        const QJsonArray choices = c.value(u"choices"_s).toArray();
        if (c.contains(u"usage"_s) && !c.value(u"usage"_s).isNull()) {
            ++usageChunks;
            QVERIFY(choices.isEmpty());
            QCOMPARE(c[u"usage"_s][u"prompt_tokens"_s].toInt(), 13);
            QCOMPARE(c[u"usage"_s][u"completion_tokens"_s].toInt(), kWords);
            QCOMPARE(c[u"usage"_s][u"total_tokens"_s].toInt(), 13 + kWords);
            continue;
        }
        QCOMPARE(choices.size(), 1);
        text += choices[0][u"delta"_s][u"content"_s].toString();
        if (!choices[0][u"finish_reason"_s].isNull())
            finishReasons << choices[0][u"finish_reason"_s].toString();
    }
    QCOMPARE(text, u"w0 w1 w2 w3 "_s);
    QCOMPARE(finishReasons, QStringList { u"stop"_s });
    QCOMPARE(usageChunks, includeUsage ? 1 : 0);
    // Every chunk of the call shares the first one's id.
    for (const QJsonObject &c : chunks)
        QCOMPARE(c.value(u"id"_s), chunks.first().value(u"id"_s));

    const auto receipt = t.h.receipt(s.reply.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->httpStatus, 200);
    QVERIFY(receipt->errorCode.isEmpty());
    QCOMPARE(receipt->usage.inputTokens, 13);
    QCOMPARE(receipt->usage.outputTokens, kWords);
    QCOMPARE(receipt->attempts.size(), 1);
    QCOMPARE(Domain::toString(receipt->attempts[0].translation),
             Domain::toString(ApiTranslation::ChatToMessages));
    QVERIFY(jsonOf(t.a.received().at(0).body).value(u"stream"_s).toBool());
    QVERIFY(!jsonOf(t.a.received().at(0).body).contains(u"stream_options"_s));
}

// R-XLAT-1/5: a messages call to a model offered only on an OpenAI connection goes to
// /v1/chat/completions and is answered as an Anthropic message.
void tst_TranslatedCalls::messagesCallerServedByOpenAi_R_XLAT_1_R_XLAT_5()
{
    OpenAiOnly t;
    t.o.enqueue(FakeUpstream::openAiChat(u"up-gpt"_s, u"hello there"_s));
    QVERIFY(t.h.start());
    QJsonObject body = messagesBody(u"openai/gpt"_s);
    body[u"system"_s] = u"Be brief."_s;
    body[u"stop_sequences"_s] = QJsonArray { u"END"_s };
    const auto r = t.h.post(u"/v1/messages"_s, body, { { "x-caller-secret", "no" } });
    QCOMPARE(r.status, 200);
    const QJsonObject answer = r.json();
    QCOMPARE(answer.value(u"type"_s).toString(), u"message"_s);
    QCOMPARE(answer.value(u"role"_s).toString(), u"assistant"_s);
    QCOMPARE(answer.value(u"model"_s).toString(), u"openai/gpt"_s);
    QCOMPARE(answer[u"content"_s][0][u"type"_s].toString(), u"text"_s);
    QCOMPARE(answer[u"content"_s][0][u"text"_s].toString(), u"hello there"_s);
    QCOMPARE(answer.value(u"stop_reason"_s).toString(), u"end_turn"_s);
    QCOMPARE(answer[u"usage"_s][u"input_tokens"_s].toInt(), 11);
    QCOMPARE(answer[u"usage"_s][u"output_tokens"_s].toInt(), 7);
    QCOMPARE(r.header("request-id"), r.header("x-request-id"));

    const FakeUpstream::Received got = t.o.received().at(0);
    QCOMPARE(got.target, QByteArray("/v1/chat/completions"));
    QCOMPARE(got.header("authorization"), QByteArray("Bearer upstream-secret-gpt"));
    QVERIFY(got.header("x-api-key").isEmpty());
    QVERIFY(got.header("x-caller-secret").isEmpty());
    const QJsonObject sent = jsonOf(got.body);
    QCOMPARE(sent.value(u"model"_s).toString(), u"up-gpt"_s);
    QCOMPARE(sent.value(u"max_tokens"_s).toInt(), 100);
    QCOMPARE(sent.value(u"stop"_s).toArray(), QJsonArray { u"END"_s });
    const QJsonArray messages = sent.value(u"messages"_s).toArray();
    QCOMPARE(messages.size(), 2);
    QCOMPARE(messages[0][u"role"_s].toString(), u"system"_s);
    QCOMPARE(messages[0][u"content"_s].toString(), u"Be brief."_s);
    QCOMPARE(messages[1][u"role"_s].toString(), u"user"_s);

    const auto receipt = t.h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->attempts.size(), 1);
    QCOMPARE(Domain::toString(receipt->attempts[0].translation),
             Domain::toString(ApiTranslation::MessagesToChat));
    QCOMPARE(Config::receiptToJson(*receipt)[u"attempts"_s][0][u"translation"_s].toString(),
             u"messages_to_chat"_s);
    QCOMPARE(receipt->usage.inputTokens, 11);
    QCOMPARE(receipt->usage.outputTokens, 7);
}

// R-XLAT-4/6: an OpenAI stream reaches a messages caller as Anthropic events ending with
// message_stop, the output tokens in message_delta; the upstream was asked for include_usage.
void tst_TranslatedCalls::messagesStreamFromOpenAiStream_R_XLAT_4_R_XLAT_6()
{
    OpenAiOnly t;
    constexpr int kWords = 3;
    t.o.enqueue(fullOpenAiStream(kWords, 5));
    QVERIFY(t.h.start());
    const auto s = t.h.stream(u"/v1/messages"_s, messagesBody(u"openai/gpt"_s, true));
    QCOMPARE(s.reply.status, 200);
    QVERIFY(s.reply.header("content-type").startsWith("text/event-stream"));
    const QByteArray &out = s.reply.body;
    QVERIFY2(!out.contains("[DONE]"), out.constData());
    const QStringList names = sseEventNames(out);
    QVERIFY2(!names.isEmpty(), out.constData());
    QCOMPARE(names.first(), u"message_start"_s);
    QCOMPARE(names.last(), u"message_stop"_s);
    QCOMPARE(names.count(u"message_stop"_s), 1);
    QVERIFY(names.contains(u"content_block_start"_s));
    QVERIFY(names.contains(u"content_block_stop"_s));
    QVERIFY(names.contains(u"message_delta"_s));
    QString text;
    int outputTokens = -1;
    QString stopReason;
    for (const QJsonObject &e : sseData(out)) {
        const QString type = e.value(u"type"_s).toString();
        if (type == u"message_start")
            QCOMPARE(e[u"message"_s][u"model"_s].toString(), u"openai/gpt"_s);
        if (type == u"content_block_delta")
            text += e[u"delta"_s][u"text"_s].toString();
        if (type == u"message_delta") {
            outputTokens = e[u"usage"_s][u"output_tokens"_s].toInt(-1);
            stopReason = e[u"delta"_s][u"stop_reason"_s].toString();
        }
    }
    QCOMPARE(text, u"w0 w1 w2 "_s);
    QCOMPARE(outputTokens, kWords);
    QCOMPARE(stopReason, u"end_turn"_s);

    const QJsonObject sent = sentBody(t.o, 0);
    QCOMPARE(t.o.received().at(0).target, QByteArray("/v1/chat/completions"));
    QVERIFY(sent.value(u"stream"_s).toBool());
    QCOMPARE(sent[u"stream_options"_s][u"include_usage"_s].toBool(), true);

    const auto receipt = t.h.receipt(s.reply.requestId());
    QVERIFY(receipt);
    QVERIFY(receipt->errorCode.isEmpty());
    QCOMPARE(receipt->attempts.size(), 1);
    QCOMPARE(Domain::toString(receipt->attempts[0].translation),
             Domain::toString(ApiTranslation::MessagesToChat));
    QCOMPARE(receipt->usage.inputTokens, 11);
    QCOMPARE(receipt->usage.outputTokens, kWords);
}

// R-XLAT-2: tools and tool_choice go as Anthropic's, a tool_use answer comes back as tool_calls
// (arguments a JSON string, finish_reason tool_calls), and the next turn's two tool messages
// arrive as one user turn with two tool_result blocks.
void tst_TranslatedCalls::toolsBothWaysAndToolResultsMerged_R_XLAT_2()
{
    AnthropicOnly t;
    t.h.ws.models.last().offerings.first().capabilities.tools = true;
    const QJsonObject toolUse {
        { u"id"_s, u"msg_t1"_s },
        { u"type"_s, u"message"_s },
        { u"role"_s, u"assistant"_s },
        { u"model"_s, u"up-sonnet"_s },
        { u"content"_s,
          QJsonArray {
              QJsonObject { { u"type"_s, u"tool_use"_s },
                            { u"id"_s, u"toolu_1"_s },
                            { u"name"_s, u"get_weather"_s },
                            { u"input"_s, QJsonObject { { u"city"_s, u"Paris"_s } } } } } },
        { u"stop_reason"_s, u"tool_use"_s },
        { u"usage"_s, QJsonObject { { u"input_tokens"_s, 20 }, { u"output_tokens"_s, 9 } } }
    };
    t.a.enqueue(FakeUpstream::json(200, compact(toolUse)));
    t.a.enqueue(FakeUpstream::anthropicMessage(u"up-sonnet"_s, u"Sunny in both."_s));
    QVERIFY(t.h.start());
    const QJsonObject parameters {
        { u"type"_s, u"object"_s },
        { u"properties"_s,
          QJsonObject { { u"city"_s, QJsonObject { { u"type"_s, u"string"_s } } } } },
        { u"required"_s, QJsonArray { u"city"_s } }
    };
    const QJsonArray tools { QJsonObject {
        { u"type"_s, u"function"_s },
        { u"function"_s,
          QJsonObject { { u"name"_s, u"get_weather"_s },
                        { u"description"_s, u"The weather in a city."_s },
                        { u"parameters"_s, parameters } } } } };
    const QJsonObject user { { u"role"_s, u"user"_s },
                             { u"content"_s, u"Weather in Paris and Oslo?"_s } };
    QJsonObject body { { u"model"_s, u"anthropic/sonnet"_s },
                       { u"messages"_s, QJsonArray { user } },
                       { u"tools"_s, tools },
                       { u"tool_choice"_s, u"required"_s } };
    const auto r = t.h.post(u"/v1/chat/completions"_s, body);
    QCOMPARE(r.status, 200);
    const QJsonObject sent = sentBody(t.a, 0);
    QCOMPARE(sent[u"tools"_s][0][u"name"_s].toString(), u"get_weather"_s);
    QCOMPARE(sent[u"tools"_s][0][u"description"_s].toString(), u"The weather in a city."_s);
    QCOMPARE(sent[u"tools"_s][0][u"input_schema"_s].toObject(), parameters);
    QCOMPARE(sent[u"tool_choice"_s].toObject(), (QJsonObject { { u"type"_s, u"any"_s } }));
    const QJsonObject choice = r.json()[u"choices"_s][0].toObject();
    QCOMPARE(choice[u"finish_reason"_s].toString(), u"tool_calls"_s);
    const QJsonObject call = choice[u"message"_s][u"tool_calls"_s][0].toObject();
    QCOMPARE(call[u"id"_s].toString(), u"toolu_1"_s);
    QCOMPARE(call[u"type"_s].toString(), u"function"_s);
    QCOMPARE(call[u"function"_s][u"name"_s].toString(), u"get_weather"_s);
    QVERIFY(call[u"function"_s][u"arguments"_s].isString());
    QCOMPARE(jsonOf(call[u"function"_s][u"arguments"_s].toString().toUtf8()),
             (QJsonObject { { u"city"_s, u"Paris"_s } }));

    // The second turn: two calls, two results.
    const auto toolCall = [](const QString &id, const QString &city) {
        return QJsonObject { { u"id"_s, id },
                             { u"type"_s, u"function"_s },
                             { u"function"_s,
                               QJsonObject {
                                   { u"name"_s, u"get_weather"_s },
                                   { u"arguments"_s, u"{\"city\":\"%1\"}"_s.arg(city) } } } };
    };
    const QJsonObject assistant { { u"role"_s, u"assistant"_s },
                                  { u"content"_s, QJsonValue() },
                                  { u"tool_calls"_s,
                                    QJsonArray { toolCall(u"toolu_1"_s, u"Paris"_s),
                                                 toolCall(u"toolu_2"_s, u"Oslo"_s) } } };
    const auto result = [](const QString &id, const QString &text) {
        return QJsonObject { { u"role"_s, u"tool"_s },
                             { u"tool_call_id"_s, id },
                             { u"content"_s, text } };
    };
    body[u"messages"_s] = QJsonArray { user, assistant, result(u"toolu_1"_s, u"18C sunny"_s),
                                       result(u"toolu_2"_s, u"9C sunny"_s) };
    body[u"tool_choice"_s] = u"auto"_s;
    const auto second = t.h.post(u"/v1/chat/completions"_s, body);
    QCOMPARE(second.status, 200);
    QCOMPARE(second.json()[u"choices"_s][0][u"message"_s][u"content"_s].toString(),
             u"Sunny in both."_s);
    const QJsonObject sent2 = sentBody(t.a, 1);
    QCOMPARE(sent2[u"tool_choice"_s].toObject(), (QJsonObject { { u"type"_s, u"auto"_s } }));
    const QJsonArray turns = sent2[u"messages"_s].toArray();
    QCOMPARE(turns.size(), 3);
    QCOMPARE(turns[1][u"role"_s].toString(), u"assistant"_s);
    const QJsonArray uses = turns[1][u"content"_s].toArray();
    QCOMPARE(uses.size(), 2);
    QCOMPARE(uses[0][u"type"_s].toString(), u"tool_use"_s);
    QCOMPARE(uses[1][u"id"_s].toString(), u"toolu_2"_s);
    QCOMPARE(uses[1][u"input"_s].toObject(), (QJsonObject { { u"city"_s, u"Oslo"_s } }));
    QCOMPARE(turns[2][u"role"_s].toString(), u"user"_s);
    const QJsonArray results = turns[2][u"content"_s].toArray();
    QCOMPARE(results.size(), 2);
    QCOMPARE(results[0][u"type"_s].toString(), u"tool_result"_s);
    QCOMPARE(results[0][u"tool_use_id"_s].toString(), u"toolu_1"_s);
    QCOMPARE(results[0][u"content"_s].toString(), u"18C sunny"_s);
    QCOMPARE(results[1][u"type"_s].toString(), u"tool_result"_s);
    QCOMPARE(results[1][u"tool_use_id"_s].toString(), u"toolu_2"_s);
    QCOMPARE(results[1][u"content"_s].toString(), u"9C sunny"_s);
}

void tst_TranslatedCalls::poolFailsOverAcrossDialects_R_XLAT_1_R_XLAT_5_data()
{
    QTest::addColumn<bool>("chatCaller");
    QTest::newRow("chat caller, anthropic down, openai up") << true;
    QTest::newRow("messages caller, openai down, anthropic up") << false;
}

// R-XLAT-1/5: a pool whose first deployment is on a connection of the other API answering 503
// fails over to its deployment of the caller's API; the receipt has both attempts, the first one
// translated.
void tst_TranslatedCalls::poolFailsOverAcrossDialects_R_XLAT_1_R_XLAT_5()
{
    QFETCH(bool, chatCaller);
    FakeUpstream anth, oai;
    QVERIFY(anth.listen() && oai.listen());
    GatewayHarness h;
    h.addConnection(u"claude"_s, anth.baseUrl(), Domain::Dialect::Anthropic);
    h.addConnection(u"gpt"_s, oai.baseUrl(), Domain::Dialect::OpenAi);
    h.addDirect(u"anthropic/sonnet"_s, { u"claude"_s });
    h.addDirect(u"openai/gpt"_s, { u"gpt"_s });
    // Weights that make the translated deployment the first chosen with the harness's seed.
    const QString down = chatCaller ? u"anthropic/sonnet"_s : u"openai/gpt"_s;
    const QString up = chatCaller ? u"openai/gpt"_s : u"anthropic/sonnet"_s;
    h.addPool(u"team/mixed"_s, { { down, 10000 }, { up, 1 } });
    // A chat call without max_tokens gets the serving deployment's max output tokens.
    h.ws.models[0].maxOutputTokens = 1234;
    h.ws.models.last().maxOutputTokens = 999;
    if (chatCaller) {
        anth.setDefault(FakeUpstream::json(
            503, R"({"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}})"));
        oai.setDefault(FakeUpstream::openAiChat(u"up-gpt"_s, u"served"_s));
    } else {
        oai.setDefault(FakeUpstream::openAiError(503, u"busy"_s, u"busy"_s));
        anth.setDefault(FakeUpstream::anthropicMessage(u"up-sonnet"_s, u"served"_s));
    }
    QVERIFY(h.start());
    const auto r = chatCaller ? h.chat(u"team/mixed"_s)
                              : h.post(u"/v1/messages"_s, messagesBody(u"team/mixed"_s));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.header("x-gateway-attempts"), QByteArray("2"));
    QCOMPARE(r.header("x-gateway-served-by"),
             chatCaller ? QByteArray("gpt") : QByteArray("claude"));
    if (chatCaller) {
        QCOMPARE(r.json().value(u"object"_s).toString(), u"chat.completion"_s);
        QCOMPARE(r.json()[u"choices"_s][0][u"message"_s][u"content"_s].toString(), u"served"_s);
    } else {
        QCOMPARE(r.json().value(u"type"_s).toString(), u"message"_s);
        QCOMPARE(r.json()[u"content"_s][0][u"text"_s].toString(), u"served"_s);
    }
    QCOMPARE(anth.requestCount(), 1);
    QCOMPARE(anth.received().at(0).target, QByteArray("/v1/messages"));
    QCOMPARE(sentBody(anth, 0).value(u"max_tokens"_s).toInt(), chatCaller ? 1234 : 100);
    QCOMPARE(oai.requestCount(), 1);
    QCOMPARE(oai.received().at(0).target, QByteArray("/v1/chat/completions"));
    const auto receipt = h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->attempts.size(), 2);
    QCOMPARE(receipt->attempts[0].connection, chatCaller ? u"claude"_s : u"gpt"_s);
    QCOMPARE(receipt->attempts[0].httpStatus, 503);
    QVERIFY(!receipt->attempts[0].served);
    QCOMPARE(receipt->attempts[1].connection, chatCaller ? u"gpt"_s : u"claude"_s);
    QVERIFY(receipt->attempts[1].served);
    const QJsonArray exported = Config::receiptToJson(*receipt)[u"attempts"_s].toArray();
    QCOMPARE(exported[0][u"translation"_s].toString(),
             chatCaller ? u"chat_to_messages"_s : u"messages_to_chat"_s);
    QCOMPARE(exported[1][u"translation"_s].toString(), u"none"_s);
}

void tst_TranslatedCalls::fieldNotCarriedMakesCannotServe_R_XLAT_3_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<bool>("withOpenAiOffering");
    QTest::newRow("n: 2, anthropic only") << u"n"_s << QJsonValue(2) << false;
    QTest::newRow("logit_bias, anthropic only")
        << u"logit_bias"_s << QJsonValue(QJsonObject { { u"50256"_s, -100 } }) << false;
    QTest::newRow("n: 2, openai second") << u"n"_s << QJsonValue(2) << true;
    QTest::newRow("logit_bias, openai second")
        << u"logit_bias"_s << QJsonValue(QJsonObject { { u"50256"_s, -100 } }) << true;
}

// R-XLAT-3: a field the other API cannot carry makes the translated candidate cannot_serve with
// a fact naming it: 400 route_constraints_unmet when nothing else is left, nothing sent; with an
// OpenAI offering behind it, the call goes there.
void tst_TranslatedCalls::fieldNotCarriedMakesCannotServe_R_XLAT_3()
{
    QFETCH(QString, field);
    QFETCH(QJsonValue, value);
    QFETCH(bool, withOpenAiOffering);
    FakeUpstream anth, oai;
    QVERIFY(anth.listen() && oai.listen());
    GatewayHarness h;
    h.addConnection(u"claude"_s, anth.baseUrl(), Domain::Dialect::Anthropic);
    h.addConnection(u"gpt"_s, oai.baseUrl(), Domain::Dialect::OpenAi);
    QStringList offerings { u"claude"_s };
    if (withOpenAiOffering)
        offerings << u"gpt"_s;
    h.addDirect(u"team/x"_s, offerings);
    anth.setDefault(FakeUpstream::anthropicMessage(u"up-x"_s));
    oai.setDefault(FakeUpstream::openAiChat(u"up-x"_s));
    QVERIFY(h.start());
    // A call without the field first: translation keeps the offerings' order (R-XLAT-6), and
    // the route it leaves in the route cache must not serve the call with the field.
    QCOMPARE(h.chat(u"team/x"_s).status, 200);
    QCOMPARE(anth.requestCount(), 1);
    QJsonObject body = GatewayHarness::chatBody(u"team/x"_s);
    body[field] = value;
    const auto r = h.post(u"/v1/chat/completions"_s, body);
    QCOMPARE(anth.requestCount(), 1);
    if (withOpenAiOffering) {
        QCOMPARE(r.status, 200);
        QCOMPARE(oai.requestCount(), 1);
        QCOMPARE(jsonOf(oai.received().at(0).body).value(field), value); // sent as it came
    } else {
        QCOMPARE(r.status, 400);
        QCOMPARE(r.json()[u"error"_s][u"code"_s].toString(), u"route_constraints_unmet"_s);
        QCOMPARE(oai.requestCount(), 0);
    }
    const auto receipt = h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->skips.size(), 1);
    const Domain::Skip &skip = receipt->skips[0];
    QCOMPARE(skip.connection, u"claude"_s);
    QCOMPARE(Domain::toString(skip.reason), Domain::toString(Domain::SkipReason::CannotServe));
    QCOMPARE(int(skip.detail.code), int(Domain::FactCode::FieldNotCarried));
    QCOMPARE(skip.detail.name(0), field);
    const QJsonObject exported = Config::receiptToJson(*receipt);
    QVERIFY2(compact(exported).contains("field_not_carried"), compact(exported).constData());
    // Nor does the refusal stay with the route of the calls without the field.
    QCOMPARE(h.chat(u"team/x"_s).status, 200);
    QCOMPARE(anth.requestCount(), 2);
}

// R-XLAT-1: an Anthropic 400 reaches a chat caller in OpenAI's error shape, message as sent.
void tst_TranslatedCalls::anthropicErrorReachesChatCallerInOpenAiShape_R_XLAT_1()
{
    AnthropicOnly t;
    t.a.enqueue(FakeUpstream::json(
        400, R"({"type":"error","error":{"type":"invalid_request_error","message":"bad"}})"));
    QVERIFY(t.h.start());
    const auto r = t.h.chat(u"anthropic/sonnet"_s);
    QCOMPARE(r.status, 400);
    const QJsonObject answer = r.json();
    QVERIFY2(!answer.contains(u"type"_s), r.body.constData()); // not Anthropic's envelope
    const QJsonObject error = answer.value(u"error"_s).toObject();
    QCOMPARE(error.value(u"message"_s).toString(), u"bad"_s);
    QCOMPARE(error.value(u"type"_s).toString(), u"invalid_request_error"_s);
    QVERIFY(error.contains(u"code"_s));
    QCOMPARE(t.a.requestCount(), 1);
    const auto receipt = t.h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->attempts.size(), 1);
    QCOMPARE(Domain::toString(receipt->attempts[0].translation),
             Domain::toString(ApiTranslation::ChatToMessages));
}

// R-XLAT-1: an OpenAI 429 reaches a messages caller in Anthropic's error shape, with retry-after.
void tst_TranslatedCalls::openAiRateLimitReachesMessagesCallerInAnthropicShape_R_XLAT_1()
{
    OpenAiOnly t(GatewayHarness::fastRecovery(1));
    Response limited = FakeUpstream::openAiError(429, u"rate_limit_exceeded"_s, u"Slow down"_s);
    limited.headers.append({ QByteArray("retry-after"), QByteArray("7") });
    t.o.enqueue(limited);
    QVERIFY(t.h.start());
    const auto r = t.h.post(u"/v1/messages"_s, messagesBody(u"openai/gpt"_s));
    QCOMPARE(r.status, 429);
    QCOMPARE(r.header("retry-after"), QByteArray("7"));
    const QJsonObject answer = r.json();
    QCOMPARE(answer.value(u"type"_s).toString(), u"error"_s);
    const QJsonObject error = answer.value(u"error"_s).toObject();
    QCOMPARE(error.value(u"type"_s).toString(), u"rate_limit_error"_s);
    QVERIFY2(!error.value(u"message"_s).toString().isEmpty(), r.body.constData());
    QCOMPARE(t.o.requestCount(), 1);
}

void tst_TranslatedCalls::translatedStreamCutOrErrorIsInterrupted_R_XLAT_4_data()
{
    QTest::addColumn<bool>("chatCaller"); // else a messages caller of an OpenAI connection
    QTest::addColumn<QString>("how"); // cut, error, no-ending
    QTest::newRow("chat caller, cut") << true << u"cut"_s;
    QTest::newRow("chat caller, error event") << true << u"error"_s;
    QTest::newRow("chat caller, ends without message_stop") << true << u"no-ending"_s;
    QTest::newRow("messages caller, cut") << false << u"cut"_s;
    QTest::newRow("messages caller, error event") << false << u"error"_s;
    QTest::newRow("messages caller, ends without [DONE]") << false << u"no-ending"_s;
}

// R-XLAT-4: a translated stream cut short, ended without its ending, or carrying an upstream error
// event ends with the caller's own error event (stream_interrupted), never [DONE]/message_stop.
void tst_TranslatedCalls::translatedStreamCutOrErrorIsInterrupted_R_XLAT_4()
{
    QFETCH(bool, chatCaller);
    QFETCH(QString, how);
    FakeUpstream up, spare;
    QVERIFY(up.listen() && spare.listen());
    GatewayHarness h;
    const Domain::Dialect dialect
        = chatCaller ? Domain::Dialect::Anthropic : Domain::Dialect::OpenAi;
    h.addConnection(u"up"_s, up.baseUrl(), dialect);
    h.addConnection(u"spare"_s, spare.baseUrl(), dialect);
    h.addDirect(u"team/x"_s, { u"up"_s, u"spare"_s });
    Response r = chatCaller ? fullAnthropicStream(5, 10) : fullOpenAiStream(5, 10);
    if (how == u"cut") {
        r.events = r.events.mid(0, 4);
        // Half an event, then the connection drops.
        r.events.append({ chatCaller ? QByteArray("event: content_block_delta\ndata: {\"type\"")
                                     : QByteArray("data: {\"id\":\"chatcmpl-fake\",\"obj"),
                          10 });
        r.after = Response::After::Drop;
    } else if (how == u"error") {
        r.events = r.events.mid(0, 4);
        r.events.append(
            { chatCaller ? QByteArray("event: error\ndata: {\"type\":\"error\",\"error\":"
                                      "{\"type\":\"overloaded_error\",\"message\":\"Melted\"}}\n\n")
                         : QByteArray("data: {\"error\":{\"message\":\"Melted\","
                                      "\"type\":\"server_error\",\"code\":null}}\n\n"),
              10 });
        r.events.append(r.events.at(2)); // nothing after the error reaches the caller
    } else {
        r.events.removeLast(); // message_stop / [DONE]; the chunked body still ends cleanly
    }
    up.enqueue(r);
    QVERIFY(h.start());
    const QString path = chatCaller ? u"/v1/chat/completions"_s : u"/v1/messages"_s;
    const QJsonObject body = chatCaller ? GatewayHarness::chatBody(u"team/x"_s, true)
                                        : messagesBody(u"team/x"_s, true);
    const auto s = h.stream(path, body);
    const QByteArray &out = s.reply.body;
    QCOMPARE(s.reply.status, 200);
    QVERIFY2(out.contains("stream_interrupted"), out.constData());
    QVERIFY2(!out.contains("[DONE]"), out.constData());
    QVERIFY2(!out.contains("message_stop"), out.constData());
    if (chatCaller) {
        QVERIFY2(sseEventNames(out).isEmpty(), out.constData()); // OpenAI names no events
        const QList<QJsonObject> data = sseData(out);
        QVERIFY(data.size() >= 2); // something translated, then the error
        QCOMPARE(data.constLast()[u"error"_s][u"code"_s].toString(), u"stream_interrupted"_s);
        for (qsizetype i = 0; i + 1 < data.size(); ++i)
            QCOMPARE(data[i].value(u"object"_s).toString(), u"chat.completion.chunk"_s);
    } else {
        const QStringList names = sseEventNames(out);
        QVERIFY2(names.size() >= 2, out.constData());
        QCOMPARE(names.first(), u"message_start"_s);
        QCOMPARE(names.constLast(), u"error"_s);
        QCOMPARE(names.count(u"error"_s), 1);
        const QJsonObject error = sseData(out).constLast();
        QCOMPARE(error.value(u"type"_s).toString(), u"error"_s);
        QCOMPARE(error[u"error"_s][u"details"_s][u"error_code"_s].toString(),
                 u"stream_interrupted"_s);
    }
    if (how == u"error")
        QVERIFY2(out.contains("Melted"), out.constData());
    QVERIFY(out.endsWith("\n\n"));
    QCOMPARE(up.requestCount(), 1);
    QCOMPARE(spare.requestCount(), 0); // once started, never moves
    const auto receipt = h.receipt(s.reply.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->errorCode, u"stream_interrupted"_s);
    QCOMPARE(receipt->attempts.size(), 1);
    QVERIFY(!receipt->attempts[0].served);
    QCOMPARE(Domain::toString(receipt->attempts[0].translation),
             Domain::toString(chatCaller ? ApiTranslation::ChatToMessages
                                         : ApiTranslation::MessagesToChat));
}

// R-XLAT-5: /metrics counts translated attempts by direction, a failed one too.
void tst_TranslatedCalls::metricsCountTranslatedAttempts_R_XLAT_5()
{
    FakeUpstream anth, oai;
    QVERIFY(anth.listen() && oai.listen());
    GatewayHarness h;
    h.addConnection(u"claude"_s, anth.baseUrl(), Domain::Dialect::Anthropic);
    h.addConnection(u"gpt"_s, oai.baseUrl(), Domain::Dialect::OpenAi);
    h.addDirect(u"anthropic/sonnet"_s, { u"claude"_s }, GatewayHarness::fastRecovery(1));
    h.addDirect(u"openai/gpt"_s, { u"gpt"_s });
    anth.setDefault(FakeUpstream::anthropicMessage(u"up-sonnet"_s));
    oai.setDefault(FakeUpstream::openAiChat(u"up-gpt"_s));
    QVERIFY(h.start());
    const QByteArray chatToMessages
        = "switchboard_translated_attempts_total{direction=\"chat_to_messages\"}";
    const QByteArray messagesToChat
        = "switchboard_translated_attempts_total{direction=\"messages_to_chat\"}";
    QCOMPARE(labelledMetric(h, chatToMessages), 0);
    QCOMPARE(labelledMetric(h, messagesToChat), 0);
    QCOMPARE(h.chat(u"anthropic/sonnet"_s).status, 200); // translated
    QCOMPARE(h.chat(u"anthropic/sonnet"_s).status, 200); // translated
    QCOMPARE(h.chat(u"openai/gpt"_s).status, 200); // not
    QCOMPARE(h.post(u"/v1/messages"_s, messagesBody(u"anthropic/sonnet"_s)).status, 200); // not
    QCOMPARE(h.post(u"/v1/messages"_s, messagesBody(u"openai/gpt"_s)).status, 200); // translated
    anth.enqueue(FakeUpstream::json(
        500, R"({"type":"error","error":{"type":"api_error","message":"oops"}})"));
    QVERIFY(h.chat(u"anthropic/sonnet"_s).status >= 500); // translated, failed
    QCOMPARE(labelledMetric(h, chatToMessages), 3);
    QCOMPARE(labelledMetric(h, messagesToChat), 1);
}

// R-XLAT-2/4: streamed tool calls both ways: Anthropic tool_use with input_json_delta pieces as
// chat delta.tool_calls (id and name first, then the arguments), finish_reason tool_calls; OpenAI
// tool_call chunks as tool_use blocks with input_json_delta, stop_reason tool_use.
void tst_TranslatedCalls::streamedToolCallsBothWays_R_XLAT_2_R_XLAT_4()
{
    FakeUpstream anth, oai;
    QVERIFY(anth.listen() && oai.listen());
    GatewayHarness h;
    h.addConnection(u"claude"_s, anth.baseUrl(), Domain::Dialect::Anthropic);
    h.addConnection(u"gpt"_s, oai.baseUrl(), Domain::Dialect::OpenAi);
    h.addDirect(u"anthropic/sonnet"_s, { u"claude"_s });
    h.addDirect(u"openai/gpt"_s, { u"gpt"_s });
    for (Domain::Model &m : h.ws.models)
        m.offerings.first().capabilities.tools = true;
    Response a;
    a.headers = { { "Content-Type", "text/event-stream" } };
    const QJsonObject message {
        { u"id"_s, u"msg_t"_s },
        { u"type"_s, u"message"_s },
        { u"role"_s, u"assistant"_s },
        { u"model"_s, u"up-sonnet"_s },
        { u"content"_s, QJsonArray {} },
        { u"usage"_s, QJsonObject { { u"input_tokens"_s, 30 }, { u"output_tokens"_s, 1 } } }
    };
    a.events.append(
        { anthropicEvent("message_start",
                         { { u"type"_s, u"message_start"_s }, { u"message"_s, message } }),
          5 });
    a.events.append({ anthropicEvent("content_block_start",
                                     { { u"type"_s, u"content_block_start"_s },
                                       { u"index"_s, 0 },
                                       { u"content_block"_s,
                                         QJsonObject { { u"type"_s, u"tool_use"_s },
                                                       { u"id"_s, u"toolu_9"_s },
                                                       { u"name"_s, u"get_weather"_s },
                                                       { u"input"_s, QJsonObject {} } } } }),
                      5 });
    for (const QString &piece : { u"{\"ci"_s, u"ty\": \"Pa"_s, u"ris\"}"_s }) {
        a.events.append({ anthropicEvent("content_block_delta",
                                         { { u"type"_s, u"content_block_delta"_s },
                                           { u"index"_s, 0 },
                                           { u"delta"_s,
                                             QJsonObject { { u"type"_s, u"input_json_delta"_s },
                                                           { u"partial_json"_s, piece } } } }),
                          5 });
    }
    a.events.append({ anthropicEvent("content_block_stop",
                                     { { u"type"_s, u"content_block_stop"_s }, { u"index"_s, 0 } }),
                      5 });
    a.events.append(
        { anthropicEvent("message_delta",
                         { { u"type"_s, u"message_delta"_s },
                           { u"delta"_s, QJsonObject { { u"stop_reason"_s, u"tool_use"_s } } },
                           { u"usage"_s, QJsonObject { { u"output_tokens"_s, 12 } } } }),
          5 });
    a.events.append({ anthropicEvent("message_stop", { { u"type"_s, u"message_stop"_s } }), 5 });
    anth.enqueue(a);

    const auto openAiChunk = [](const QJsonObject &delta, const QJsonValue &finish) {
        const QJsonObject o { { u"id"_s, u"chatcmpl-t"_s },
                              { u"object"_s, u"chat.completion.chunk"_s },
                              { u"model"_s, u"up-gpt"_s },
                              { u"choices"_s,
                                QJsonArray { QJsonObject { { u"index"_s, 0 },
                                                           { u"delta"_s, delta },
                                                           { u"finish_reason"_s, finish } } } } };
        return FakeUpstream::Event { "data: " + compact(o) + "\n\n", 5 };
    };
    const auto callDelta = [](const QJsonObject &call) {
        return QJsonObject { { u"tool_calls"_s, QJsonArray { call } } };
    };
    Response o;
    o.headers = { { "Content-Type", "text/event-stream" } };
    o.events.append(openAiChunk(
        QJsonObject { { u"role"_s, u"assistant"_s }, { u"content"_s, QJsonValue() } }, {}));
    o.events.append(openAiChunk(callDelta({ { u"index"_s, 0 },
                                            { u"id"_s, u"call_7"_s },
                                            { u"type"_s, u"function"_s },
                                            { u"function"_s,
                                              QJsonObject { { u"name"_s, u"get_weather"_s },
                                                            { u"arguments"_s, u""_s } } } }),
                                {}));
    for (const QString &piece : { u"{\"city\""_s, u":\"Oslo\"}"_s }) {
        o.events.append(
            openAiChunk(callDelta({ { u"index"_s, 0 },
                                    { u"function"_s, QJsonObject { { u"arguments"_s, piece } } } }),
                        {}));
    }
    o.events.append(openAiChunk(QJsonObject {}, u"tool_calls"_s));
    const QJsonObject usage { { u"id"_s, u"chatcmpl-t"_s },
                              { u"object"_s, u"chat.completion.chunk"_s },
                              { u"model"_s, u"up-gpt"_s },
                              { u"choices"_s, QJsonArray {} },
                              { u"usage"_s,
                                QJsonObject { { u"prompt_tokens"_s, 40 },
                                              { u"completion_tokens"_s, 15 },
                                              { u"total_tokens"_s, 55 } } } };
    o.events.append({ "data: " + compact(usage) + "\n\n", 5 });
    o.events.append({ "data: [DONE]\n\n", 5 });
    oai.enqueue(o);
    QVERIFY(h.start());

    const QJsonArray chatTools { QJsonObject {
        { u"type"_s, u"function"_s },
        { u"function"_s,
          QJsonObject { { u"name"_s, u"get_weather"_s },
                        { u"parameters"_s, QJsonObject { { u"type"_s, u"object"_s } } } } } } };
    QJsonObject chatBody = GatewayHarness::chatBody(u"anthropic/sonnet"_s, true);
    chatBody[u"tools"_s] = chatTools;
    const auto c = h.stream(u"/v1/chat/completions"_s, chatBody);
    QCOMPARE(c.reply.status, 200);
    QVERIFY2(c.reply.body.endsWith("data: [DONE]\n\n"), c.reply.body.constData());
    QString id, name, arguments, finish;
    for (const QJsonObject &chunk : sseData(c.reply.body)) {
        const QJsonObject choice = chunk[u"choices"_s][0].toObject();
        for (const QJsonValue &call : choice[u"delta"_s][u"tool_calls"_s].toArray()) {
            QCOMPARE(call[u"index"_s].toInt(-1), 0);
            if (call.toObject().contains(u"id"_s))
                id = call[u"id"_s].toString();
            name += call[u"function"_s][u"name"_s].toString();
            arguments += call[u"function"_s][u"arguments"_s].toString();
        }
        if (choice[u"finish_reason"_s].isString())
            finish = choice[u"finish_reason"_s].toString();
    }
    QCOMPARE(id, u"toolu_9"_s);
    QCOMPARE(name, u"get_weather"_s);
    QCOMPARE(jsonOf(arguments.toUtf8()), (QJsonObject { { u"city"_s, u"Paris"_s } }));
    QCOMPARE(finish, u"tool_calls"_s);

    QJsonObject messagesRequest = messagesBody(u"openai/gpt"_s, true);
    messagesRequest[u"tools"_s] = QJsonArray { QJsonObject {
        { u"name"_s, u"get_weather"_s },
        { u"input_schema"_s, QJsonObject { { u"type"_s, u"object"_s } } } } };
    const auto m = h.stream(u"/v1/messages"_s, messagesRequest);
    QCOMPARE(m.reply.status, 200);
    QCOMPARE(sseEventNames(m.reply.body).constLast(), u"message_stop"_s);
    QJsonObject block;
    QString json, stopReason;
    int outputTokens = -1;
    for (const QJsonObject &e : sseData(m.reply.body)) {
        const QString type = e.value(u"type"_s).toString();
        if (type == u"content_block_start")
            block = e.value(u"content_block"_s).toObject();
        if (type == u"content_block_delta") {
            QCOMPARE(e[u"delta"_s][u"type"_s].toString(), u"input_json_delta"_s);
            json += e[u"delta"_s][u"partial_json"_s].toString();
        }
        if (type == u"message_delta") {
            stopReason = e[u"delta"_s][u"stop_reason"_s].toString();
            outputTokens = e[u"usage"_s][u"output_tokens"_s].toInt(-1);
        }
    }
    QCOMPARE(block.value(u"type"_s).toString(), u"tool_use"_s);
    QCOMPARE(block.value(u"id"_s).toString(), u"call_7"_s);
    QCOMPARE(block.value(u"name"_s).toString(), u"get_weather"_s);
    QCOMPARE(jsonOf(json.toUtf8()), (QJsonObject { { u"city"_s, u"Oslo"_s } }));
    QCOMPARE(stopReason, u"tool_use"_s);
    QCOMPARE(outputTokens, 15);
    const QJsonObject sentTools = sentBody(oai, 0);
    QCOMPARE(sentTools[u"tools"_s][0][u"function"_s][u"name"_s].toString(), u"get_weather"_s);
}

void tst_TranslatedCalls::errorEventFirstIs502InCallersShape_R_XLAT_4_data()
{
    QTest::addColumn<bool>("chatCaller");
    QTest::newRow("chat caller, anthropic error event") << true;
    QTest::newRow("messages caller, openai error event") << false;
}

// R-XLAT-4 with R-DET: an upstream error event before anything translated reached the caller is a
// 502 upstream_bad_response in the caller's shape quoting the upstream's message.
void tst_TranslatedCalls::errorEventFirstIs502InCallersShape_R_XLAT_4()
{
    QFETCH(bool, chatCaller);
    FakeUpstream up;
    QVERIFY(up.listen());
    GatewayHarness h;
    h.addConnection(u"up"_s, up.baseUrl(),
                    chatCaller ? Domain::Dialect::Anthropic : Domain::Dialect::OpenAi);
    h.addDirect(u"team/x"_s, { u"up"_s });
    Response r;
    r.headers = { { "Content-Type", "text/event-stream" } };
    r.events.append({ ": warming up\n\n", 0 });
    r.events.append(
        { chatCaller ? QByteArray("event: error\ndata: {\"type\":\"error\",\"error\":"
                                  "{\"type\":\"overloaded_error\",\"message\":\"Melted\"}}\n\n")
                     : QByteArray("data: {\"error\":{\"message\":\"Melted\","
                                  "\"type\":\"server_error\",\"code\":null}}\n\n"),
          10 });
    up.enqueue(r);
    QVERIFY(h.start());
    const auto answer = chatCaller
        ? h.post(u"/v1/chat/completions"_s, GatewayHarness::chatBody(u"team/x"_s, true))
        : h.post(u"/v1/messages"_s, messagesBody(u"team/x"_s, true));
    QCOMPARE(answer.status, 502);
    const QJsonObject error = answer.json().value(u"error"_s).toObject();
    QVERIFY2(error.value(u"message"_s).toString().contains(u"Melted"_s), answer.body.constData());
    if (chatCaller) {
        QCOMPARE(error.value(u"code"_s).toString(), u"upstream_bad_response"_s);
    } else {
        QCOMPARE(answer.json().value(u"type"_s).toString(), u"error"_s);
        QCOMPARE(error[u"details"_s][u"error_code"_s].toString(), u"upstream_bad_response"_s);
    }
}

// R-XLAT-4: keep-alives are no translated event, so the caller's status line still waits when the
// stream is cut after them: a 502 in the caller's shape, not a 200 with an interrupted stream; as
// for any 2xx cut short, the call does not move on (R-REC-8).
void tst_TranslatedCalls::keepAlivesOnlyThenCutIs502_R_XLAT_4()
{
    FakeUpstream up, spare;
    QVERIFY(up.listen() && spare.listen());
    GatewayHarness h;
    h.addConnection(u"up"_s, up.baseUrl(), Domain::Dialect::Anthropic);
    h.addConnection(u"spare"_s, spare.baseUrl(), Domain::Dialect::Anthropic);
    h.addDirect(u"team/x"_s, { u"up"_s, u"spare"_s });
    Response cut;
    cut.headers = { { "Content-Type", "text/event-stream" } };
    cut.events.append({ "event: ping\ndata: {\"type\":\"ping\"}\n\n", 5 });
    cut.events.append({ ": still here\n\n", 5 });
    cut.after = Response::After::Drop;
    up.enqueue(cut);
    QVERIFY(h.start());
    const auto r = h.post(u"/v1/chat/completions"_s, GatewayHarness::chatBody(u"team/x"_s, true));
    QCOMPARE(r.status, 502);
    QVERIFY2(r.json().value(u"error"_s).toObject().contains(u"code"_s), r.body.constData());
    QVERIFY(!r.body.contains("ping"));
    QCOMPARE(up.requestCount(), 1);
    QCOMPARE(spare.requestCount(), 0);
    const auto receipt = h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->httpStatus, 502);
    QCOMPARE(Domain::toString(receipt->attempts.at(0).translation),
             Domain::toString(ApiTranslation::ChatToMessages));
}

void tst_TranslatedCalls::messagesFieldNotCarriedTowardsOpenAi_R_XLAT_3_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QJsonValue>("value");
    QTest::newRow("top_k") << u"top_k"_s << QJsonValue(5);
    QTest::newRow("thinking") << u"thinking"_s
                              << QJsonValue(QJsonObject { { u"type"_s, u"enabled"_s },
                                                          { u"budget_tokens"_s, 1024 } });
}

// R-XLAT-3 the other way: top_k or thinking on a messages call to an OpenAI-only model.
void tst_TranslatedCalls::messagesFieldNotCarriedTowardsOpenAi_R_XLAT_3()
{
    QFETCH(QString, field);
    QFETCH(QJsonValue, value);
    OpenAiOnly t;
    QVERIFY(t.h.start());
    QJsonObject body = messagesBody(u"openai/gpt"_s);
    body[field] = value;
    const auto r = t.h.post(u"/v1/messages"_s, body);
    QCOMPARE(r.status, 400);
    QCOMPARE(r.json().value(u"type"_s).toString(), u"error"_s);
    QCOMPARE(r.json()[u"error"_s][u"details"_s][u"error_code"_s].toString(),
             u"route_constraints_unmet"_s);
    QCOMPARE(t.o.requestCount(), 0);
    const auto receipt = t.h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->skips.size(), 1);
    QCOMPARE(int(receipt->skips[0].detail.code), int(Domain::FactCode::FieldNotCarried));
    QCOMPARE(receipt->skips[0].detail.name(0), field);
}

void tst_TranslatedCalls::presetDefaultsAreTranslatedOrRefused_R_XLAT_3_data()
{
    QTest::addColumn<QJsonObject>("defaults");
    QTest::addColumn<QString>("notCarried"); // "": served
    QTest::newRow("temperature and stop: carried")
        << QJsonObject { { u"temperature"_s, 0.2 }, { u"stop"_s, u"END"_s } } << QString();
    QTest::newRow("presence_penalty 0.5: refused")
        << QJsonObject { { u"presence_penalty"_s, 0.5 } } << u"presence_penalty"_s;
    QTest::newRow("n 2: refused") << QJsonObject { { u"n"_s, 2 } } << u"n"_s;
}

// R-XLAT-3 with R-ALIAS-3: an alias's preset defaults are part of the request the connection
// gets, so they are translated with it, and one the other API cannot carry refuses the translated
// candidate like the caller's own field would: never silently dropped.
void tst_TranslatedCalls::presetDefaultsAreTranslatedOrRefused_R_XLAT_3()
{
    QFETCH(QJsonObject, defaults);
    QFETCH(QString, notCarried);
    AnthropicOnly t;
    Domain::Alias preset;
    preset.name = u"org/careful"_s;
    preset.target = u"anthropic/sonnet"_s;
    preset.presetDefaults = defaults;
    t.h.ws.aliases << preset;
    t.a.setDefault(FakeUpstream::anthropicMessage(u"up-sonnet"_s));
    QVERIFY(t.h.start());
    const auto r = t.h.chat(u"org/careful"_s);
    if (notCarried.isEmpty()) {
        QCOMPARE(r.status, 200);
        const QJsonObject sent = sentBody(t.a, 0);
        QCOMPARE(sent.value(u"temperature"_s).toDouble(), 0.2);
        QCOMPARE(sent.value(u"stop_sequences"_s).toArray(), QJsonArray { u"END"_s });
        QVERIFY(!sent.contains(u"stop"_s));
        return;
    }
    // The defaults are judged as the upstream would get them, not only the caller's body.
    QVERIFY2(
        r.status == 400,
        qPrintable(u"%1 %2, the upstream got %3"_s.arg(r.status).arg(
            QString::fromUtf8(r.body),
            t.a.requestCount() ? QString::fromUtf8(t.a.received().at(0).body) : u"nothing"_s)));
    QCOMPARE(r.json()[u"error"_s][u"code"_s].toString(), u"route_constraints_unmet"_s);
    QCOMPARE(t.a.requestCount(), 0);
    const auto receipt = t.h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->skips.size(), 1);
    QCOMPARE(receipt->skips[0].detail.name(0), notCarried);
}

// R-XLAT-1: an azure-openai connection serves a messages call too: its deployment URL with the
// api-version, its api-key header, a chat body.
void tst_TranslatedCalls::messagesCallerServedByAzureOpenAi_R_XLAT_1()
{
    FakeUpstream az;
    QVERIFY(az.listen());
    GatewayHarness h;
    Domain::Connection &c
        = h.addConnection(u"azure"_s, az.baseUrl().chopped(3), Domain::Dialect::AzureOpenAi);
    c.apiVersion = u"2024-10-21"_s;
    h.addDirect(u"azure/gpt"_s, { u"azure"_s });
    az.enqueue(FakeUpstream::openAiChat(u"up-gpt"_s, u"from azure"_s));
    az.enqueue(fullOpenAiStream(2));
    QVERIFY(h.start());
    const auto r = h.post(u"/v1/messages"_s, messagesBody(u"azure/gpt"_s));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json()[u"content"_s][0][u"text"_s].toString(), u"from azure"_s);
    const FakeUpstream::Received got = az.received().at(0);
    QCOMPARE(got.target,
             QByteArray("/openai/deployments/up-gpt/chat/completions?api-version=2024-10-21"));
    QCOMPARE(got.header("api-key"), QByteArray("upstream-secret-azure"));
    QVERIFY(got.header("x-api-key").isEmpty());
    QVERIFY(jsonOf(got.body).value(u"messages"_s).isArray());
    const auto s = h.stream(u"/v1/messages"_s, messagesBody(u"azure/gpt"_s, true));
    QCOMPARE(s.reply.status, 200);
    QCOMPARE(sseEventNames(s.reply.body).constLast(), u"message_stop"_s);
    QCOMPARE(jsonOf(az.received().at(1).body)[u"stream_options"_s][u"include_usage"_s].toBool(),
             true);
}

// R-XLAT-4 with R-STR-4: a caller hanging up on a translated stream aborts the upstream call.
void tst_TranslatedCalls::callerLeavingTranslatedStreamAbortsUpstream_R_XLAT_4()
{
    FakeUpstream up, spare;
    QVERIFY(up.listen() && spare.listen());
    GatewayHarness h;
    h.addConnection(u"up"_s, up.baseUrl(), Domain::Dialect::Anthropic);
    h.addConnection(u"spare"_s, spare.baseUrl(), Domain::Dialect::Anthropic);
    h.addDirect(u"team/x"_s, { u"up"_s, u"spare"_s });
    up.enqueue(fullAnthropicStream(50, 100));
    QVERIFY(h.start());
    h.stream(u"/v1/chat/completions"_s, GatewayHarness::chatBody(u"team/x"_s, true), 1);
    QTRY_COMPARE(up.clientAborts(), 1);
    QCOMPARE(spare.requestCount(), 0);
    QTRY_COMPARE(h.receiptCount(), 1);
}

// R-XLAT-1/5 with R-FALL-1: a fallback model offered only on an Anthropic connection serves a
// chat call whose model is down, translated; the model the caller sees is the fallback's.
void tst_TranslatedCalls::fallbackModelOfTheOtherApi_R_XLAT_1_R_XLAT_5()
{
    FakeUpstream oai, anth;
    QVERIFY(oai.listen() && anth.listen());
    GatewayHarness h;
    h.addConnection(u"gpt"_s, oai.baseUrl(), Domain::Dialect::OpenAi);
    h.addConnection(u"claude"_s, anth.baseUrl(), Domain::Dialect::Anthropic);
    h.addDirect(u"openai/gpt"_s, { u"gpt"_s });
    h.addDirect(u"anthropic/sonnet"_s, { u"claude"_s });
    h.ws.models.last().maxOutputTokens = 2048;
    h.ws.directives.allowModelFallback = true;
    h.ws.directives.fallbackModels = QStringList { u"anthropic/sonnet"_s };
    oai.setDefault(FakeUpstream::openAiError(503, u"unavailable"_s, u"down"_s));
    anth.setDefault(FakeUpstream::anthropicMessage(u"up-sonnet"_s, u"fallback speaking"_s));
    QVERIFY(h.start());
    const auto r = h.chat(u"openai/gpt"_s);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.header("ib-fallback-model"), QByteArray("anthropic/sonnet"));
    QCOMPARE(r.json().value(u"object"_s).toString(), u"chat.completion"_s);
    QCOMPARE(r.json().value(u"model"_s).toString(), u"anthropic/sonnet"_s);
    QCOMPARE(r.json()[u"choices"_s][0][u"message"_s][u"content"_s].toString(),
             u"fallback speaking"_s);
    QCOMPARE(anth.requestCount(), 1);
    QCOMPARE(sentBody(anth, 0).value(u"max_tokens"_s).toInt(), 2048);
    const auto receipt = h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->modelServed, u"anthropic/sonnet"_s);
    QVERIFY(receipt->attempts.last().fallback);
    QCOMPARE(Domain::toString(receipt->attempts.first().translation),
             Domain::toString(ApiTranslation::None));
    QCOMPARE(Domain::toString(receipt->attempts.last().translation),
             Domain::toString(ApiTranslation::ChatToMessages));
    // What the receipt says was sent is what the upstream got: the translated body.
    QCOMPARE(receipt->attempts.last().bytesSent, qint64(anth.received().at(0).body.size()));
}

// R-XLAT-1 with R-REC-8: a 2xx answer that is not a message of the upstream's API is undecodable:
// 502 upstream_bad_response in the caller's shape.
void tst_TranslatedCalls::undecodableTranslatedAnswerIs502_R_XLAT_1()
{
    AnthropicOnly t;
    t.a.enqueue(FakeUpstream::json(200, R"({"choices":[]})"));
    QVERIFY(t.h.start());
    const auto r = t.h.chat(u"anthropic/sonnet"_s);
    QCOMPARE(r.status, 502);
    QCOMPARE(r.json()[u"error"_s][u"code"_s].toString(), u"upstream_bad_response"_s);
    const auto receipt = t.h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(Domain::toString(receipt->attempts.at(0).errorClass),
             Domain::toString(Domain::ErrorClass::BadResponse));
}

// R-XLAT-4: the simulator answering in Anthropic's API and cutting its stream: the chat caller
// gets stream_interrupted, no [DONE].
void tst_TranslatedCalls::simulatorStreamCutTranslated_R_XLAT_4()
{
    GatewayHarness h;
    Domain::Connection &sim = h.addConnection(u"sim-claude"_s, {}, Domain::Dialect::Simulator);
    sim.simulator.latencyMs = 2;
    sim.simulator.tokensPerSecond = 10000;
    sim.simulator.api = Domain::SimulatorApi::Anthropic;
    sim.simulator.failureRate = 1.0;
    sim.simulator.failureKinds = { Domain::SimulatedFailure::StreamCut };
    sim.simulator.cutAfterEvents = 3;
    h.addDirect(u"sim/claude"_s, { u"sim-claude"_s });
    QVERIFY(h.start());
    const auto s
        = h.stream(u"/v1/chat/completions"_s, GatewayHarness::chatBody(u"sim/claude"_s, true));
    QCOMPARE(s.reply.status, 200);
    QVERIFY2(s.reply.body.contains("stream_interrupted"), s.reply.body.constData());
    QVERIFY(!s.reply.body.contains("[DONE]"));
    QVERIFY(sseEventNames(s.reply.body).isEmpty());
    const auto receipt = h.receipt(s.reply.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->errorCode, u"stream_interrupted"_s);
    QCOMPARE(Domain::toString(receipt->attempts.at(0).translation),
             Domain::toString(ApiTranslation::ChatToMessages));
}

void tst_TranslatedCalls::translatedEventsFlowAsTheyArrive_R_XLAT_4_data()
{
    QTest::addColumn<bool>("chatCaller");
    QTest::newRow("anthropic stream to a chat caller") << true;
    QTest::newRow("openai stream to a messages caller") << false;
}

// R-XLAT-4: no buffering of the whole answer: with the upstream's events 80 ms apart, the caller
// reads its translated events in as many pieces, the first long before the last.
void tst_TranslatedCalls::translatedEventsFlowAsTheyArrive_R_XLAT_4()
{
    QFETCH(bool, chatCaller);
    FakeUpstream up;
    QVERIFY(up.listen());
    GatewayHarness h;
    h.addConnection(u"up"_s, up.baseUrl(),
                    chatCaller ? Domain::Dialect::Anthropic : Domain::Dialect::OpenAi);
    h.addDirect(u"team/x"_s, { u"up"_s });
    up.enqueue(chatCaller ? fullAnthropicStream(5, 80) : fullOpenAiStream(5, 80));
    QVERIFY(h.start());
    const auto s = chatCaller
        ? h.stream(u"/v1/chat/completions"_s, GatewayHarness::chatBody(u"team/x"_s, true))
        : h.stream(u"/v1/messages"_s, messagesBody(u"team/x"_s, true));
    QCOMPARE(s.reply.status, 200);
    QVERIFY2(s.reads.size() >= 5, qPrintable(QString::number(s.reads.size())));
    QVERIFY(!s.reads.first().contains(chatCaller ? "[DONE]" : "message_stop"));
}

// R-XLAT-4 with R-STR-2: Anthropic's pings give the chat caller nothing, yet they are the
// upstream's bytes: a stream pinging while it thinks longer than the idle timeout is not idle.
void tst_TranslatedCalls::pingsKeepATranslatedStreamAlive_R_XLAT_4()
{
    AnthropicOnly t;
    t.h.setTimeout(Domain::RecoveryField::StreamIdleTimeoutMs, 400);
    Response r = fullAnthropicStream(2, 10);
    for (int i = 0; i < 6; ++i)
        r.events.insert(2, { "event: ping\ndata: {\"type\":\"ping\"}\n\n", 150 });
    t.a.enqueue(r);
    QVERIFY(t.h.start());
    const auto s = t.h.stream(u"/v1/chat/completions"_s,
                              GatewayHarness::chatBody(u"anthropic/sonnet"_s, true));
    QCOMPARE(s.reply.status, 200);
    QVERIFY2(s.reply.body.endsWith("data: [DONE]\n\n"), s.reply.body.constData());
    QVERIFY(!s.reply.body.contains("ping"));
}

void tst_TranslatedCalls::fieldsWithoutEffectDropped_R_XLAT_6_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QJsonValue>("value");
    QTest::newRow("n: 1") << u"n"_s << QJsonValue(1);
    QTest::newRow("logprobs: false") << u"logprobs"_s << QJsonValue(false);
    QTest::newRow("frequency_penalty: 0") << u"frequency_penalty"_s << QJsonValue(0);
    QTest::newRow("seed") << u"seed"_s << QJsonValue(42);
    QTest::newRow("store") << u"store"_s << QJsonValue(true);
    QTest::newRow("service_tier") << u"service_tier"_s << QJsonValue(u"auto"_s);
}

// R-XLAT-6: fields that change nothing the caller receives are dropped, the call is served.
void tst_TranslatedCalls::fieldsWithoutEffectDropped_R_XLAT_6()
{
    QFETCH(QString, field);
    QFETCH(QJsonValue, value);
    AnthropicOnly t;
    t.a.enqueue(FakeUpstream::anthropicMessage(u"up-sonnet"_s));
    QVERIFY(t.h.start());
    QJsonObject body = GatewayHarness::chatBody(u"anthropic/sonnet"_s);
    body[field] = value;
    const auto r = t.h.post(u"/v1/chat/completions"_s, body);
    QCOMPARE(r.status, 200);
    QCOMPARE(t.a.requestCount(), 1);
    QVERIFY(!sentBody(t.a, 0).contains(field));
}

void tst_TranslatedCalls::openAiOnlySimulatorServesMessagesCalls_R_XLAT_1_data()
{
    QTest::addColumn<bool>("stream");
    QTest::newRow("whole") << false;
    QTest::newRow("streamed") << true;
}

// R-XLAT-1: the simulator set to answer only in OpenAI's API serves a messages call by translation.
void tst_TranslatedCalls::openAiOnlySimulatorServesMessagesCalls_R_XLAT_1()
{
    QFETCH(bool, stream);
    GatewayHarness h;
    Domain::Connection &sim = h.addConnection(u"sim-gpt"_s, {}, Domain::Dialect::Simulator);
    sim.simulator.latencyMs = 2;
    sim.simulator.tokensPerSecond = 10000;
    sim.simulator.api = Domain::SimulatorApi::OpenAi;
    h.addDirect(u"sim/gpt"_s, { u"sim-gpt"_s });
    QVERIFY(h.start());
    QString requestId;
    if (stream) {
        const auto s = h.stream(u"/v1/messages"_s, messagesBody(u"sim/gpt"_s, true));
        QCOMPARE(s.reply.status, 200);
        const QStringList names = sseEventNames(s.reply.body);
        QVERIFY2(!names.isEmpty(), s.reply.body.constData());
        QCOMPARE(names.first(), u"message_start"_s);
        QCOMPARE(names.constLast(), u"message_stop"_s);
        int outputTokens = -1;
        for (const QJsonObject &e : sseData(s.reply.body)) {
            if (e.value(u"type"_s).toString() == u"message_delta")
                outputTokens = e[u"usage"_s][u"output_tokens"_s].toInt(-1);
        }
        QVERIFY2(outputTokens > 0, s.reply.body.constData());
        requestId = s.reply.requestId();
    } else {
        const auto r = h.post(u"/v1/messages"_s, messagesBody(u"sim/gpt"_s));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json().value(u"type"_s).toString(), u"message"_s);
        QCOMPARE(r.json().value(u"model"_s).toString(), u"sim/gpt"_s);
        QVERIFY(!r.json()[u"content"_s][0][u"text"_s].toString().isEmpty());
        QVERIFY(r.json()[u"usage"_s][u"output_tokens"_s].toInt() > 0);
        requestId = r.requestId();
    }
    const auto receipt = h.receipt(requestId);
    QVERIFY(receipt);
    QVERIFY(receipt->errorCode.isEmpty());
    QCOMPARE(Domain::toString(receipt->attempts.at(0).translation),
             Domain::toString(ApiTranslation::MessagesToChat));
    QVERIFY(receipt->usage.outputTokens > 0);
}

void tst_TranslatedCalls::anthropicOnlySimulatorServesChatCalls_R_XLAT_1_data()
{
    QTest::addColumn<bool>("stream");
    QTest::newRow("whole") << false;
    QTest::newRow("streamed") << true;
}

// R-XLAT-1: the built-in simulator set to answer only in Anthropic's API serves a chat call by
// translation, whole and streamed, with a well-formed chat answer.
void tst_TranslatedCalls::anthropicOnlySimulatorServesChatCalls_R_XLAT_1()
{
    QFETCH(bool, stream);
    GatewayHarness h;
    Domain::Connection &sim = h.addConnection(u"sim-claude"_s, {}, Domain::Dialect::Simulator);
    sim.simulator.latencyMs = 2;
    sim.simulator.tokensPerSecond = 10000;
    sim.simulator.api = Domain::SimulatorApi::Anthropic;
    h.addDirect(u"sim/claude"_s, { u"sim-claude"_s });
    QVERIFY(h.start());
    QString requestId;
    if (stream) {
        QJsonObject body = GatewayHarness::chatBody(u"sim/claude"_s, true);
        body[u"stream_options"_s] = QJsonObject { { u"include_usage"_s, true } };
        const auto s = h.stream(u"/v1/chat/completions"_s, body);
        QCOMPARE(s.reply.status, 200);
        const QByteArray &out = s.reply.body;
        QVERIFY2(out.endsWith("data: [DONE]\n\n"), out.constData());
        QVERIFY2(sseEventNames(out).isEmpty(), out.constData());
        QString text;
        int finishes = 0;
        int usageChunks = 0;
        for (const QJsonObject &c : sseData(out)) {
            QCOMPARE(c.value(u"object"_s).toString(), u"chat.completion.chunk"_s);
            QCOMPARE(c.value(u"model"_s).toString(), u"sim/claude"_s);
            const QJsonArray choices = c.value(u"choices"_s).toArray();
            if (choices.isEmpty()) {
                ++usageChunks;
                QVERIFY(c[u"usage"_s][u"completion_tokens"_s].toInt() > 0);
                continue;
            }
            text += choices[0][u"delta"_s][u"content"_s].toString();
            if (!choices[0][u"finish_reason"_s].isNull())
                ++finishes;
        }
        QVERIFY(!text.isEmpty());
        QCOMPARE(finishes, 1);
        QCOMPARE(usageChunks, 1);
        requestId = s.reply.requestId();
    } else {
        const auto r = h.chat(u"sim/claude"_s);
        QCOMPARE(r.status, 200);
        const QJsonObject answer = r.json();
        QCOMPARE(answer.value(u"object"_s).toString(), u"chat.completion"_s);
        QCOMPARE(answer.value(u"model"_s).toString(), u"sim/claude"_s);
        QVERIFY(answer.value(u"id"_s).toString().startsWith(u"chatcmpl-"_s));
        QVERIFY(!answer[u"choices"_s][0][u"message"_s][u"content"_s].toString().isEmpty());
        QVERIFY(!answer[u"choices"_s][0][u"finish_reason"_s].toString().isEmpty());
        QVERIFY(answer[u"usage"_s][u"prompt_tokens"_s].toInt() > 0);
        QCOMPARE(answer[u"usage"_s][u"total_tokens"_s].toInt(),
                 answer[u"usage"_s][u"prompt_tokens"_s].toInt()
                     + answer[u"usage"_s][u"completion_tokens"_s].toInt());
        requestId = r.requestId();
    }
    const auto receipt = h.receipt(requestId);
    QVERIFY(receipt);
    QVERIFY(receipt->errorCode.isEmpty());
    QCOMPARE(receipt->attempts.size(), 1);
    QCOMPARE(Domain::toString(receipt->attempts[0].translation),
             Domain::toString(ApiTranslation::ChatToMessages));
    QVERIFY(receipt->usage.outputTokens > 0);
}

QTEST_MAIN(tst_TranslatedCalls)
#include "tst_translatedcalls.moc"
