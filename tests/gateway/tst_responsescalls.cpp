#include "config/receiptjson.h"
#include "gatewayharness.h"

#include <QJsonArray>
#include <QTest>

using namespace Qt::StringLiterals;
using Domain::ApiTranslation;
using Response = FakeUpstream::Response;

// POST /v1/responses and POST /v1/messages/count_tokens end to end over real sockets (SPEC §3b):
// a Responses caller served by an OpenAI-dialect and an Anthropic-dialect upstream, whole and
// streamed, refusals, cut streams, receipts and /metrics (R-RESP-1..5).
class tst_ResponsesCalls : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void servedByEitherDialect_R_RESP_1_R_RESP_3_data();
    void servedByEitherDialect_R_RESP_1_R_RESP_3();
    void toolLoopOverTwoTurns_R_RESP_3();
    void streamedByEitherDialect_R_RESP_4_data();
    void streamedByEitherDialect_R_RESP_4();
    void cutStreamEndsWithResponseFailed_R_RESP_4_data();
    void cutStreamEndsWithResponseFailed_R_RESP_4();
    void statefulParametersRefused_R_RESP_2_data();
    void statefulParametersRefused_R_RESP_2();
    void jsonSchemaNotCarriedTowardsAnthropic_R_RESP_3();
    void maxOutputTokensEndsIncomplete_R_RESP_3();
    void countTokensRelayedFromAnthropic_R_RESP_5();
    void countTokensWithoutAnthropicCandidate_R_RESP_5();
    void countTokensOnTheSimulator_R_RESP_5();
    void metricsKnowTheEndpoint_R_RESP_1();
};

namespace {

QJsonObject jsonOf(const QByteArray &bytes)
{
    return QJsonDocument::fromJson(bytes).object();
}

QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

struct SseEvent
{
    QString name;
    QJsonObject data;
};

// Every event of an SSE body: its `event:` name and its data as JSON.
QList<SseEvent> sseEvents(const QByteArray &body)
{
    QList<SseEvent> out;
    for (const QByteArray &block : body.split('\n')) {
        if (block.startsWith("event: "))
            out.append({ QString::fromUtf8(block.mid(7)), {} });
        else if (block.startsWith("data: ") && !out.isEmpty())
            out.last().data = jsonOf(block.mid(6));
    }
    return out;
}

QJsonObject responsesBody(const QString &model, bool stream = false)
{
    QJsonObject b { { u"model"_s, model },
                    { u"instructions"_s, u"Be brief."_s },
                    { u"input"_s, u"Hello"_s } };
    if (stream)
        b[u"stream"_s] = true;
    return b;
}

// openai/gpt on an OpenAI-dialect upstream (as up-gpt), anthropic/sonnet on an Anthropic one (as
// up-sonnet).
struct BothDialects
{
    FakeUpstream o;
    FakeUpstream a;
    GatewayHarness h;
    BothDialects()
    {
        QVERIFY(o.listen());
        QVERIFY(a.listen());
        h.addConnection(u"gpt"_s, o.baseUrl(), Domain::Dialect::OpenAi);
        h.addConnection(u"claude"_s, a.baseUrl(), Domain::Dialect::Anthropic);
        h.addDirect(u"openai/gpt"_s, { u"gpt"_s });
        h.addDirect(u"anthropic/sonnet"_s, { u"claude"_s });
    }
    FakeUpstream &upstreamOf(const QString &model) { return model.startsWith(u"openai") ? o : a; }
};

} // namespace

void tst_ResponsesCalls::servedByEitherDialect_R_RESP_1_R_RESP_3_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QByteArray>("upstreamPath");
    QTest::addColumn<QString>("translation");
    QTest::newRow("openai") << u"openai/gpt"_s << QByteArray("/v1/chat/completions")
                            << u"responses_to_chat"_s;
    QTest::newRow("anthropic") << u"anthropic/sonnet"_s << QByteArray("/v1/messages")
                               << u"responses_to_messages"_s;
}

// R-RESP-1/3: a Responses call is sent as chat completions or messages, and the answer comes
// back as a `response` object whose id is the request id's; the receipt says endpoint responses
// and which way the attempt was translated.
void tst_ResponsesCalls::servedByEitherDialect_R_RESP_1_R_RESP_3()
{
    QFETCH(QString, model);
    QFETCH(QByteArray, upstreamPath);
    QFETCH(QString, translation);
    BothDialects t;
    t.o.enqueue(FakeUpstream::openAiChat(u"up-gpt"_s, u"bonjour"_s));
    t.a.enqueue(FakeUpstream::anthropicMessage(u"up-sonnet"_s, u"bonjour"_s));
    QVERIFY(t.h.start());
    QJsonObject body = responsesBody(model);
    body[u"store"_s] = true; // accepted, nothing stored
    body[u"metadata"_s] = QJsonObject { { u"team"_s, u"x"_s } };
    const auto r = t.h.post(u"/v1/responses"_s, body);
    QCOMPARE(r.status, 200);
    const QJsonObject answer = r.json();
    QCOMPARE(answer[u"object"_s].toString(), u"response"_s);
    QCOMPARE(answer[u"id"_s].toString(), u"resp_"_s + r.requestId().mid(4));
    QCOMPARE(answer[u"model"_s].toString(), model);
    QCOMPARE(answer[u"status"_s].toString(), u"completed"_s);
    const QJsonArray output = answer[u"output"_s].toArray();
    QCOMPARE(output.size(), 1);
    QCOMPARE(output[0][u"type"_s].toString(), u"message"_s);
    QCOMPARE(output[0][u"content"_s][0][u"type"_s].toString(), u"output_text"_s);
    QCOMPARE(output[0][u"content"_s][0][u"text"_s].toString(), u"bonjour"_s);
    QVERIFY(answer[u"usage"_s][u"input_tokens"_s].toInt() > 0);
    QCOMPARE(answer[u"usage"_s][u"total_tokens"_s].toInt(),
             answer[u"usage"_s][u"input_tokens"_s].toInt()
                 + answer[u"usage"_s][u"output_tokens"_s].toInt());

    FakeUpstream &up = t.upstreamOf(model);
    QCOMPARE(up.requestCount(), 1);
    QCOMPARE(up.received().at(0).target, upstreamPath);
    const QJsonObject sent = jsonOf(up.received().at(0).body);
    QVERIFY(!sent.contains(u"input"_s));
    QVERIFY(!sent.contains(u"store"_s));
    QVERIFY(!sent.contains(u"metadata"_s));
    if (translation == u"responses_to_messages"_s) {
        QCOMPARE(sent[u"system"_s].toString(), u"Be brief."_s);
        QCOMPARE(sent[u"messages"_s][0][u"content"_s].toString(), u"Hello"_s);
    } else {
        QCOMPARE(sent[u"messages"_s][0][u"role"_s].toString(), u"system"_s);
        QCOMPARE(sent[u"messages"_s][1][u"content"_s].toString(), u"Hello"_s);
    }

    const auto receipt = t.h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(Domain::toString(receipt->endpoint), u"responses"_s);
    QCOMPARE(receipt->attempts.size(), 1);
    QCOMPARE(Domain::toString(receipt->attempts[0].translation), translation);
    QCOMPARE(receipt->usage.inputTokens, answer[u"usage"_s][u"input_tokens"_s].toInt());
    const QJsonObject exported = Config::receiptToJson(*receipt);
    QCOMPARE(exported[u"endpoint"_s].toString(), u"responses"_s);
    QCOMPARE(exported[u"attempts"_s][0][u"translation"_s].toString(), translation);
}

// R-RESP-3: a function tool, its call and its output over two turns, as an SDK's tool loop sends
// them, reach an Anthropic upstream as tool_use and tool_result; its tool_use answer comes back
// as a function_call item with the call id.
void tst_ResponsesCalls::toolLoopOverTwoTurns_R_RESP_3()
{
    BothDialects t;
    const QJsonObject toolUse {
        { u"id"_s, u"msg_1"_s },
        { u"type"_s, u"message"_s },
        { u"role"_s, u"assistant"_s },
        { u"model"_s, u"up-sonnet"_s },
        { u"content"_s,
          QJsonArray { QJsonObject { { u"type"_s, u"tool_use"_s },
                                     { u"id"_s, u"toolu_2"_s },
                                     { u"name"_s, u"weather"_s },
                                     { u"input"_s, QJsonObject { { u"city"_s, u"Lyon"_s } } } } } },
        { u"stop_reason"_s, u"tool_use"_s },
        { u"usage"_s, QJsonObject { { u"input_tokens"_s, 30 }, { u"output_tokens"_s, 7 } } }
    };
    t.a.enqueue(FakeUpstream::json(200, compact(toolUse)));
    for (Domain::Offering &o : t.h.ws.models.last().offerings)
        o.capabilities.tools = true;
    QVERIFY(t.h.start());
    const QJsonObject tool {
        { u"type"_s, u"function"_s },
        { u"name"_s, u"weather"_s },
        { u"parameters"_s,
          QJsonObject {
              { u"type"_s, u"object"_s },
              { u"properties"_s,
                QJsonObject { { u"city"_s, QJsonObject { { u"type"_s, u"string"_s } } } } } } }
    };
    const QJsonObject body { { u"model"_s, u"anthropic/sonnet"_s },
                             { u"tools"_s, QJsonArray { tool } },
                             { u"tool_choice"_s, u"auto"_s },
                             { u"input"_s,
                               QJsonArray {
                                   QJsonObject { { u"role"_s, u"user"_s },
                                                 { u"content"_s,
                                                   QJsonArray { QJsonObject {
                                                       { u"type"_s, u"input_text"_s },
                                                       { u"text"_s, u"Paris, then Lyon"_s } } } } },
                                   QJsonObject { { u"type"_s, u"function_call"_s },
                                                 { u"call_id"_s, u"call_1"_s },
                                                 { u"name"_s, u"weather"_s },
                                                 { u"arguments"_s, u"{\"city\":\"Paris\"}"_s } },
                                   QJsonObject { { u"type"_s, u"function_call_output"_s },
                                                 { u"call_id"_s, u"call_1"_s },
                                                 { u"output"_s, u"sunny"_s } } } } };
    const auto r = t.h.post(u"/v1/responses"_s, body);
    QVERIFY2(r.status == 200, r.body.constData());
    const QJsonObject sent = jsonOf(t.a.received().at(0).body);
    QCOMPARE(sent[u"tools"_s][0][u"name"_s].toString(), u"weather"_s);
    QCOMPARE(sent[u"tools"_s][0][u"input_schema"_s][u"type"_s].toString(), u"object"_s);
    const QJsonArray messages = sent[u"messages"_s].toArray();
    QCOMPARE(messages.size(), 3);
    QCOMPARE(messages[1][u"role"_s].toString(), u"assistant"_s);
    QCOMPARE(messages[1][u"content"_s][0][u"type"_s].toString(), u"tool_use"_s);
    QCOMPARE(messages[1][u"content"_s][0][u"id"_s].toString(), u"call_1"_s);
    QCOMPARE(messages[2][u"role"_s].toString(), u"user"_s);
    QCOMPARE(messages[2][u"content"_s][0][u"type"_s].toString(), u"tool_result"_s);
    QCOMPARE(messages[2][u"content"_s][0][u"tool_use_id"_s].toString(), u"call_1"_s);

    const QJsonArray output = r.json()[u"output"_s].toArray();
    QCOMPARE(output.size(), 1);
    QCOMPARE(output[0][u"type"_s].toString(), u"function_call"_s);
    QCOMPARE(output[0][u"call_id"_s].toString(), u"toolu_2"_s);
    QCOMPARE(output[0][u"name"_s].toString(), u"weather"_s);
    QCOMPARE(jsonOf(output[0][u"arguments"_s].toString().toUtf8())[u"city"_s].toString(),
             u"Lyon"_s);
}

void tst_ResponsesCalls::streamedByEitherDialect_R_RESP_4_data()
{
    QTest::addColumn<QString>("model");
    QTest::newRow("openai") << u"openai/gpt"_s;
    QTest::newRow("anthropic") << u"anthropic/sonnet"_s;
}

// R-RESP-4: a streamed Responses call gets the Responses events in order, sequence numbers
// counting up from 0, the text in output_text deltas, and response.completed with the whole
// response and its usage; no [DONE]. The upstream was asked for usage.
void tst_ResponsesCalls::streamedByEitherDialect_R_RESP_4()
{
    QFETCH(QString, model);
    BothDialects t;
    constexpr int kWords = 3;
    t.o.enqueue(fullOpenAiStream(kWords));
    t.a.enqueue(FakeUpstream::anthropicStream(u"up-sonnet"_s, kWords));
    QVERIFY(t.h.start());
    const auto s = t.h.stream(u"/v1/responses"_s, responsesBody(model, true));
    QCOMPARE(s.reply.status, 200);
    QVERIFY(s.reply.header("content-type").startsWith("text/event-stream"));
    const QByteArray &out = s.reply.body;
    QVERIFY2(!out.contains("[DONE]"), out.constData());
    const QList<SseEvent> events = sseEvents(out);
    QVERIFY2(events.size() >= 8, out.constData());
    QStringList names;
    QString text;
    for (qsizetype i = 0; i < events.size(); ++i) {
        names << events[i].name;
        QCOMPARE(events[i].data[u"type"_s].toString(), events[i].name);
        QCOMPARE(events[i].data[u"sequence_number"_s].toInt(-1), int(i));
        if (events[i].name == u"response.output_text.delta"_s)
            text += events[i].data[u"delta"_s].toString();
    }
    QCOMPARE(names.first(), u"response.created"_s);
    QCOMPARE(names.at(1), u"response.in_progress"_s);
    QCOMPARE(names.at(2), u"response.output_item.added"_s);
    QCOMPARE(names.at(3), u"response.content_part.added"_s);
    QCOMPARE(names.count(u"response.output_text.delta"_s), kWords);
    const qsizetype done = names.indexOf(u"response.output_text.done"_s);
    QVERIFY(done > 3);
    QCOMPARE(names.mid(done),
             QStringList({ u"response.output_text.done"_s, u"response.content_part.done"_s,
                           u"response.output_item.done"_s, u"response.completed"_s }));
    const QJsonObject completed = events.last().data[u"response"_s].toObject();
    QCOMPARE(completed[u"status"_s].toString(), u"completed"_s);
    QCOMPARE(completed[u"model"_s].toString(), model);
    QCOMPARE(completed[u"output"_s][0][u"content"_s][0][u"text"_s].toString(), text);
    QCOMPARE(completed[u"usage"_s][u"output_tokens"_s].toInt(), kWords);
    QVERIFY(completed[u"usage"_s][u"input_tokens"_s].toInt() > 0);

    if (model.startsWith(u"openai"_s)) {
        const QJsonObject sent = jsonOf(t.o.received().at(0).body);
        QVERIFY(sent[u"stream"_s].toBool());
        QVERIFY(sent[u"stream_options"_s][u"include_usage"_s].toBool());
    }
    const auto receipt = t.h.receipt(s.reply.requestId());
    QVERIFY(receipt);
    QVERIFY(receipt->stream);
    QCOMPARE(receipt->usage.outputTokens, kWords);
    QVERIFY(receipt->errorCode.isEmpty());
}

void tst_ResponsesCalls::cutStreamEndsWithResponseFailed_R_RESP_4_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<bool>("errorEvent"); // else the connection is cut
    QTest::newRow("openai cut") << u"openai/gpt"_s << false;
    QTest::newRow("openai error event") << u"openai/gpt"_s << true;
    QTest::newRow("anthropic cut") << u"anthropic/sonnet"_s << false;
    QTest::newRow("anthropic error event") << u"anthropic/sonnet"_s << true;
}

// R-RESP-4: a stream that fails after its first event ends with response.failed carrying
// stream_interrupted, never response.completed; the receipt says so.
void tst_ResponsesCalls::cutStreamEndsWithResponseFailed_R_RESP_4()
{
    QFETCH(QString, model);
    QFETCH(bool, errorEvent);
    BothDialects t;
    const bool openAi = model.startsWith(u"openai"_s);
    Response r = openAi ? FakeUpstream::openAiStream(u"up-gpt"_s, 4)
                        : FakeUpstream::anthropicStream(u"up-sonnet"_s, 4);
    r.events = r.events.mid(0, openAi ? 2 : 4); // the first text has gone out
    if (errorEvent) {
        r.events.append(
            { openAi ? QByteArray("data: {\"error\":{\"message\":\"overloaded\",\"type\":"
                                  "\"server_error\"}}\n\n")
                     : QByteArray("event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":"
                                  "\"overloaded_error\",\"message\":\"overloaded\"}}\n\n"),
              0 });
    } else {
        r.after = Response::After::Drop;
    }
    t.upstreamOf(model).enqueue(r);
    QVERIFY(t.h.start());
    const auto s = t.h.stream(u"/v1/responses"_s, responsesBody(model, true));
    QCOMPARE(s.reply.status, 200);
    const QList<SseEvent> events = sseEvents(s.reply.body);
    QVERIFY2(!events.isEmpty(), s.reply.body.constData());
    QCOMPARE(events.first().name, u"response.created"_s);
    QCOMPARE(events.last().name, u"response.failed"_s);
    for (qsizetype i = 0; i < events.size(); ++i) {
        QVERIFY(events[i].name != u"response.completed"_s);
        QCOMPARE(events[i].data[u"sequence_number"_s].toInt(-1), int(i));
    }
    const QJsonObject failed = events.last().data[u"response"_s].toObject();
    QCOMPARE(failed[u"status"_s].toString(), u"failed"_s);
    QCOMPARE(failed[u"error"_s][u"code"_s].toString(), u"stream_interrupted"_s);
    QVERIFY(!s.reply.body.contains("[DONE]"));
    const auto receipt = t.h.receipt(s.reply.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->errorCode, u"stream_interrupted"_s);
    QCOMPARE(receipt->attempts.size(), 1); // a stream that started is not retried
}

void tst_ResponsesCalls::statefulParametersRefused_R_RESP_2_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<QString>("code");
    QTest::newRow("previous_response_id")
        << u"previous_response_id"_s << QJsonValue(u"resp_123"_s) << u"unsupported_parameter"_s;
    QTest::newRow("conversation") << u"conversation"_s << QJsonValue(u"conv_1"_s)
                                  << u"unsupported_parameter"_s;
    QTest::newRow("background") << u"background"_s << QJsonValue(true)
                                << u"unsupported_parameter"_s;
    QTest::newRow("built-in tool")
        << u"tools"_s
        << QJsonValue(QJsonArray { QJsonObject { { u"type"_s, u"web_search_preview"_s } } })
        << u"unsupported_parameter"_s;
    QTest::newRow("no input") << u"input"_s << QJsonValue(QJsonArray {}) << u"invalid_request"_s;
}

// R-RESP-2: what would need state the gateway does not keep (or that no connection can carry) is
// answered 400 in the OpenAI shape, naming the field, before any upstream is asked; receipted.
void tst_ResponsesCalls::statefulParametersRefused_R_RESP_2()
{
    QFETCH(QString, field);
    QFETCH(QJsonValue, value);
    QFETCH(QString, code);
    BothDialects t;
    QVERIFY(t.h.start());
    QJsonObject body = responsesBody(u"openai/gpt"_s);
    body[field] = value;
    const auto r = t.h.post(u"/v1/responses"_s, body);
    QCOMPARE(r.status, 400);
    const QJsonObject error = r.json()[u"error"_s].toObject();
    QCOMPARE(error[u"code"_s].toString(), code);
    QCOMPARE(error[u"type"_s].toString(), u"invalid_request_error"_s);
    QVERIFY2(error[u"message"_s].toString().contains(field),
             qPrintable(error[u"message"_s].toString()));
    QCOMPARE(t.o.requestCount(), 0);
    QCOMPARE(r.header("x-should-retry"), QByteArray("false"));
    const auto receipt = t.h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(Domain::toString(receipt->endpoint), u"responses"_s);
    QCOMPARE(receipt->errorCode, code);
}

// R-RESP-3 with R-XLAT-3: a json_schema text format is carried towards chat completions and
// makes an Anthropic candidate cannot_serve, so a model offered only there refuses the call.
void tst_ResponsesCalls::jsonSchemaNotCarriedTowardsAnthropic_R_RESP_3()
{
    BothDialects t;
    for (Domain::Offering &o : t.h.ws.models.first().offerings)
        o.capabilities.structuredOutput = true;
    for (Domain::Offering &o : t.h.ws.models.last().offerings)
        o.capabilities.structuredOutput = true;
    t.o.enqueue(FakeUpstream::openAiChat(u"up-gpt"_s, u"{\"city\":\"Lyon\"}"_s));
    QVERIFY(t.h.start());
    const QJsonObject format {
        { u"type"_s, u"json_schema"_s },
        { u"name"_s, u"place"_s },
        { u"schema"_s,
          QJsonObject {
              { u"type"_s, u"object"_s },
              { u"properties"_s,
                QJsonObject { { u"city"_s, QJsonObject { { u"type"_s, u"string"_s } } } } } } }
    };
    QJsonObject body = responsesBody(u"openai/gpt"_s);
    body[u"text"_s] = QJsonObject { { u"format"_s, format } };
    const auto ok = t.h.post(u"/v1/responses"_s, body);
    QCOMPARE(ok.status, 200);
    const QJsonObject sent = jsonOf(t.o.received().at(0).body);
    QCOMPARE(sent[u"response_format"_s][u"type"_s].toString(), u"json_schema"_s);
    QCOMPARE(sent[u"response_format"_s][u"json_schema"_s][u"name"_s].toString(), u"place"_s);

    body[u"model"_s] = u"anthropic/sonnet"_s;
    const auto refused = t.h.post(u"/v1/responses"_s, body);
    QCOMPARE(refused.status, 400);
    QCOMPARE(refused.json()[u"error"_s][u"code"_s].toString(), u"route_constraints_unmet"_s);
    QCOMPARE(t.a.requestCount(), 0);
    const auto receipt = t.h.receipt(refused.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->skips.size(), 1);
    QCOMPARE(Domain::toString(receipt->skips[0].reason), u"cannot_serve"_s);
}

// R-RESP-3: an answer ended by the token limit is status incomplete, reason max_output_tokens;
// max_output_tokens reaches the upstream as max_completion_tokens.
void tst_ResponsesCalls::maxOutputTokensEndsIncomplete_R_RESP_3()
{
    BothDialects t;
    QJsonObject chat = jsonOf(FakeUpstream::openAiChat(u"up-gpt"_s, u"Hel"_s).body);
    QJsonArray choices = chat[u"choices"_s].toArray();
    QJsonObject choice = choices[0].toObject();
    choice[u"finish_reason"_s] = u"length"_s;
    choices[0] = choice;
    chat[u"choices"_s] = choices;
    t.o.enqueue(FakeUpstream::json(200, compact(chat)));
    QVERIFY(t.h.start());
    QJsonObject body = responsesBody(u"openai/gpt"_s);
    body[u"max_output_tokens"_s] = 1;
    const auto r = t.h.post(u"/v1/responses"_s, body);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json()[u"status"_s].toString(), u"incomplete"_s);
    QCOMPARE(r.json()[u"incomplete_details"_s][u"reason"_s].toString(), u"max_output_tokens"_s);
    QCOMPARE(jsonOf(t.o.received().at(0).body)[u"max_completion_tokens"_s].toInt(), 1);
}

// R-RESP-5: count_tokens goes to the model's Anthropic candidate at /v1/messages/count_tokens
// with the upstream model and the connection's credential, and its answer is relayed; no
// receipt, one request, counted in /metrics.
void tst_ResponsesCalls::countTokensRelayedFromAnthropic_R_RESP_5()
{
    FakeUpstream o;
    FakeUpstream a;
    QVERIFY(o.listen());
    QVERIFY(a.listen());
    GatewayHarness h;
    h.addConnection(u"gpt"_s, o.baseUrl(), Domain::Dialect::OpenAi);
    h.addConnection(u"claude"_s, a.baseUrl(), Domain::Dialect::Anthropic);
    h.addDirect(u"mixed/model"_s, { u"gpt"_s, u"claude"_s }); // the OpenAI one first
    a.enqueue(FakeUpstream::json(200, "{\"input_tokens\":42}"));
    QVERIFY(h.start());
    const QJsonObject body {
        { u"model"_s, u"mixed/model"_s },
        { u"system"_s, u"Be brief."_s },
        { u"messages"_s,
          QJsonArray { QJsonObject { { u"role"_s, u"user"_s }, { u"content"_s, u"Hi"_s } } } }
    };
    const auto r = h.post(u"/v1/messages/count_tokens"_s, body);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json()[u"input_tokens"_s].toInt(), 42);
    QCOMPARE(r.header("x-gateway-served-by"), QByteArray("claude"));
    QCOMPARE(o.requestCount(), 0);
    QCOMPARE(a.requestCount(), 1);
    const FakeUpstream::Received got = a.received().at(0);
    QCOMPARE(got.target, QByteArray("/v1/messages/count_tokens"));
    QCOMPARE(got.header("x-api-key"), QByteArray("upstream-secret-claude"));
    QVERIFY(got.header("authorization").isEmpty());
    QCOMPARE(jsonOf(got.body)[u"model"_s].toString(), u"up-model"_s);
    QCOMPARE(jsonOf(got.body)[u"system"_s].toString(), u"Be brief."_s);
    QVERIFY(!h.receipt(r.requestId()));
    QCOMPARE(labelledMetric(h, "switchboard_token_counts_total{code=\"200\"}"), 1);

    // An upstream's refusal comes back as it was sent, in Anthropic's shape.
    a.enqueue(
        FakeUpstream::json(400,
                           "{\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\","
                           "\"message\":\"messages: too short\"}}"));
    const auto bad = h.post(u"/v1/messages/count_tokens"_s, body);
    QCOMPARE(bad.status, 400);
    QCOMPARE(bad.json()[u"error"_s][u"message"_s].toString(), u"messages: too short"_s);
}

// R-RESP-5: a model with no candidate that speaks messages answers 400 route_constraints_unmet
// in Anthropic's shape; an unknown model 404.
void tst_ResponsesCalls::countTokensWithoutAnthropicCandidate_R_RESP_5()
{
    BothDialects t;
    QVERIFY(t.h.start());
    const QJsonObject body {
        { u"model"_s, u"openai/gpt"_s },
        { u"messages"_s,
          QJsonArray { QJsonObject { { u"role"_s, u"user"_s }, { u"content"_s, u"Hi"_s } } } }
    };
    const auto r = t.h.post(u"/v1/messages/count_tokens"_s, body);
    QCOMPARE(r.status, 400);
    QCOMPARE(r.json()[u"type"_s].toString(), u"error"_s);
    QCOMPARE(r.json()[u"error"_s][u"details"_s][u"error_code"_s].toString(),
             u"route_constraints_unmet"_s);
    QCOMPARE(t.o.requestCount(), 0);
    QJsonObject unknown = body;
    unknown[u"model"_s] = u"nobody/none"_s;
    QCOMPARE(t.h.post(u"/v1/messages/count_tokens"_s, unknown).status, 404);
    const auto notJson = t.h.send("POST", u"/v1/messages/count_tokens"_s, "{nope");
    QCOMPARE(notJson.status, 400);
    QCOMPARE(labelledMetric(t.h, "switchboard_token_counts_total{code=\"400\"}"), 2);
}

// R-RESP-5: the simulator counts tokens as it reports them in its answers.
void tst_ResponsesCalls::countTokensOnTheSimulator_R_RESP_5()
{
    GatewayHarness h;
    Domain::Connection &sim
        = h.addConnection(u"sim"_s, u"simulator://sim"_s, Domain::Dialect::Simulator);
    sim.simulator.latencyMs = 0;
    h.addDirect(u"sim/model"_s, { u"sim"_s });
    QVERIFY(h.start());
    const QJsonObject body {
        { u"model"_s, u"sim/model"_s },
        { u"messages"_s,
          QJsonArray { QJsonObject { { u"role"_s, u"user"_s }, { u"content"_s, u"Hi there"_s } } } }
    };
    const auto r = h.post(u"/v1/messages/count_tokens"_s, body);
    QCOMPARE(r.status, 200);
    QVERIFY(r.json()[u"input_tokens"_s].toInt() > 0);
    QCOMPARE(r.header("x-gateway-served-by"), QByteArray("sim"));
}

// R-RESP-1: /metrics counts calls by endpoint and Responses attempts by direction.
void tst_ResponsesCalls::metricsKnowTheEndpoint_R_RESP_1()
{
    BothDialects t;
    t.o.enqueue(FakeUpstream::openAiChat(u"up-gpt"_s));
    t.a.enqueue(FakeUpstream::anthropicMessage(u"up-sonnet"_s));
    QVERIFY(t.h.start());
    QCOMPARE(t.h.post(u"/v1/responses"_s, responsesBody(u"openai/gpt"_s)).status, 200);
    QCOMPARE(t.h.post(u"/v1/responses"_s, responsesBody(u"anthropic/sonnet"_s)).status, 200);
    QCOMPARE(labelledMetric(t.h, "switchboard_calls_by_endpoint_total{endpoint=\"responses\"}"), 2);
    QCOMPARE(labelledMetric(
                 t.h, "switchboard_translated_attempts_total{direction=\"responses_to_chat\"}"),
             1);
    QCOMPARE(labelledMetric(
                 t.h, "switchboard_translated_attempts_total{direction=\"responses_to_messages\"}"),
             1);
}

QTEST_MAIN(tst_ResponsesCalls)
#include "tst_responsescalls.moc"
