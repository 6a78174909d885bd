#include "simulator/simulatoranswer.h"
#include "simulator/simulatortransport.h"
#include "upstreamrecorder.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Gateway;

// The simulator answers in kind: a tool call whose arguments fit the tool's schema, then text once
// the tool's result comes back; JSON valid against a requested schema; whole or streamed, in both
// APIs (R-CONN-1: the built-in provider answers as a provider would).
class tst_SimulatorAnswers : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void exampleFitsTheSchema_data();
    void exampleFitsTheSchema();
    void toolsGetAToolCall_R_CONN_1_data();
    void toolsGetAToolCall_R_CONN_1();
    void toolResultGetsText_R_CONN_1_data();
    void toolResultGetsText_R_CONN_1();
    void namedToolIsCalledAndNoneIsRespected_R_CONN_1();
    void jsonSchemaGetsValidJson_R_CONN_1_data();
    void jsonSchemaGetsValidJson_R_CONN_1();
};

namespace {

QJsonObject jsonOf(const QByteArray &bytes)
{
    return QJsonDocument::fromJson(bytes).object();
}

const QJsonObject kWeatherSchema = jsonOf(R"({"type":"object","properties":{
    "city":{"type":"string","minLength":3},
    "days":{"type":"integer","minimum":2,"maximum":7},
    "unit":{"type":"string","enum":["celsius","fahrenheit"]}},
    "required":["city","days"],"additionalProperties":false})");

QJsonObject chatRequest(bool stream)
{
    return QJsonObject {
        { u"model"_s, u"m"_s },
        { u"stream"_s, stream },
        { u"messages"_s,
          QJsonArray { QJsonObject { { u"role"_s, u"user"_s }, { u"content"_s, u"Lyon?"_s } } } },
        { u"tools"_s,
          QJsonArray { QJsonObject { { u"type"_s, u"function"_s },
                                     { u"function"_s,
                                       QJsonObject { { u"name"_s, u"weather"_s },
                                                     { u"parameters"_s, kWeatherSchema } } } } } }
    };
}

QJsonObject messagesRequest(bool stream)
{
    return QJsonObject {
        { u"model"_s, u"m"_s },
        { u"stream"_s, stream },
        { u"max_tokens"_s, 100 },
        { u"messages"_s,
          QJsonArray { QJsonObject { { u"role"_s, u"user"_s }, { u"content"_s, u"Lyon?"_s } } } },
        { u"tools"_s,
          QJsonArray {
              QJsonObject { { u"name"_s, u"weather"_s }, { u"input_schema"_s, kWeatherSchema } } } }
    };
}

// The body the simulator "sim" answers `request` on `path` with.
QByteArray answer(const QString &path, const QJsonObject &request)
{
    SimulatorTransport t(1);
    Domain::Connection sim;
    sim.name = u"sim"_s;
    sim.kind = Domain::Dialect::Simulator;
    sim.simulator.latencyMs = 0;
    sim.simulator.tokensPerSecond = 0;
    t.setConnections({ sim });
    UpstreamRequest r;
    r.connection = u"sim"_s;
    r.url = QUrl(u"simulator://sim/v1"_s + path);
    r.stream = request.value(u"stream"_s).toBool();
    r.body = QJsonDocument(request).toJson(QJsonDocument::Compact);
    UpstreamRecorder recorder;
    recorder.attach(t.send(r));
    if (!QTest::qWaitFor([&] { return recorder.done(); }, 5000) || recorder.status != 200)
        return {};
    return recorder.body;
}

QList<QJsonObject> dataLines(const QByteArray &sse)
{
    QList<QJsonObject> out;
    for (const QByteArray &line : sse.split('\n')) {
        if (line.startsWith("data: {"))
            out << jsonOf(line.mid(6));
    }
    return out;
}

// What a client would make of an answer: the tool called and its arguments, the text, the stop.
struct Parsed
{
    QString tool;
    QString callId;
    QByteArray arguments;
    QString text;
    QString stop;
};

Parsed parse(bool messagesApi, bool stream, const QByteArray &body)
{
    Parsed p;
    if (!stream && messagesApi) {
        const QJsonObject o = jsonOf(body);
        for (const QJsonValue &b : o[u"content"_s].toArray()) {
            if (b[u"type"_s] == u"tool_use"_s) {
                p.tool = b[u"name"_s].toString();
                p.callId = b[u"id"_s].toString();
                p.arguments
                    = QJsonDocument(b[u"input"_s].toObject()).toJson(QJsonDocument::Compact);
            } else {
                p.text += b[u"text"_s].toString();
            }
        }
        p.stop = o[u"stop_reason"_s].toString();
    } else if (!stream) {
        const QJsonObject message = jsonOf(body)[u"choices"_s][0][u"message"_s].toObject();
        const QJsonObject call = message[u"tool_calls"_s][0].toObject();
        p.tool = call[u"function"_s][u"name"_s].toString();
        p.callId = call[u"id"_s].toString();
        p.arguments = call[u"function"_s][u"arguments"_s].toString().toUtf8();
        p.text = message[u"content"_s].toString();
        p.stop = jsonOf(body)[u"choices"_s][0][u"finish_reason"_s].toString();
    } else if (messagesApi) {
        for (const QJsonObject &e : dataLines(body)) {
            const QString type = e[u"type"_s].toString();
            if (type == u"content_block_start"_s
                && e[u"content_block"_s][u"type"_s] == u"tool_use"_s) {
                p.tool = e[u"content_block"_s][u"name"_s].toString();
                p.callId = e[u"content_block"_s][u"id"_s].toString();
            } else if (type == u"content_block_delta"_s) {
                p.arguments += e[u"delta"_s][u"partial_json"_s].toString().toUtf8();
                p.text += e[u"delta"_s][u"text"_s].toString();
            } else if (type == u"message_delta"_s) {
                p.stop = e[u"delta"_s][u"stop_reason"_s].toString();
            }
        }
    } else {
        for (const QJsonObject &e : dataLines(body)) {
            const QJsonObject choice = e[u"choices"_s][0].toObject();
            const QJsonObject call = choice[u"delta"_s][u"tool_calls"_s][0].toObject();
            if (!call.isEmpty()) {
                if (call.contains(u"id"_s)) {
                    p.callId = call[u"id"_s].toString();
                    p.tool = call[u"function"_s][u"name"_s].toString();
                }
                p.arguments += call[u"function"_s][u"arguments"_s].toString().toUtf8();
            }
            p.text += choice[u"delta"_s][u"content"_s].toString();
            if (!choice[u"finish_reason"_s].toString().isEmpty())
                p.stop = choice[u"finish_reason"_s].toString();
        }
    }
    return p;
}

} // namespace

void tst_SimulatorAnswers::exampleFitsTheSchema_data()
{
    QTest::addColumn<QByteArray>("schema");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("object with bounds and enum")
        << QJsonDocument(kWeatherSchema).toJson(QJsonDocument::Compact)
        << QByteArray(R"({"city":"example","days":2,"unit":"celsius"})");
    QTest::newRow("nullable string")
        << QByteArray(R"({"type":["null","string"],"maxLength":3})") << QByteArray(R"("exa")");
    QTest::newRow("array of two") << QByteArray(
        R"({"type":"array","minItems":2,"items":{"type":"boolean"}})")
                                  << QByteArray("[true,true]");
    QTest::newRow("anyOf skips null")
        << QByteArray(R"({"anyOf":[{"type":"null"},{"type":"number","exclusiveMaximum":0.5}]})")
        << QByteArray("0");
    QTest::newRow("const") << QByteArray(R"({"const":"fixed"})") << QByteArray(R"("fixed")");
    QTest::newRow("allOf merges") << QByteArray(
        R"({"allOf":[{"type":"object","properties":{"a":{"type":"integer"}}},
                                   {"properties":{"b":{"type":"string","format":"date"}}}]})")
                                  << QByteArray(R"({"a":1,"b":"2026-01-01"})");
    QTest::newRow("formats") << QByteArray(
        R"({"type":"object","properties":{"e":{"type":"string","format":"email"}}})")
                             << QByteArray(R"({"e":"someone@example.com"})");
}

void tst_SimulatorAnswers::exampleFitsTheSchema()
{
    QFETCH(QByteArray, schema);
    QFETCH(QByteArray, expected);
    const QJsonValue value
        = Simulated::exampleOf(jsonOf("{\"s\":" + schema + "}")[u"s"_s].toObject());
    const QJsonValue want = QJsonDocument::fromJson("[" + expected + "]").array().first();
    QCOMPARE(value, want);
}

void tst_SimulatorAnswers::toolsGetAToolCall_R_CONN_1_data()
{
    QTest::addColumn<bool>("messagesApi");
    QTest::addColumn<bool>("stream");
    QTest::newRow("chat") << false << false;
    QTest::newRow("chat stream") << false << true;
    QTest::newRow("messages") << true << false;
    QTest::newRow("messages stream") << true << true;
}

// A request offering a tool is answered with a call of it: arguments that parse as JSON and fit
// the tool's schema (required keys, bounds, enum), the API's stop reason for a tool call.
void tst_SimulatorAnswers::toolsGetAToolCall_R_CONN_1()
{
    QFETCH(bool, messagesApi);
    QFETCH(bool, stream);
    const QByteArray body = messagesApi ? answer(u"/messages"_s, messagesRequest(stream))
                                        : answer(u"/chat/completions"_s, chatRequest(stream));
    const Parsed p = parse(messagesApi, stream, body);
    QCOMPARE(p.tool, u"weather"_s);
    QVERIFY(p.callId.startsWith(messagesApi ? u"toolu_"_s : u"call_"_s));
    QJsonParseError error;
    const QJsonObject arguments = QJsonDocument::fromJson(p.arguments, &error).object();
    QVERIFY2(error.error == QJsonParseError::NoError, p.arguments.constData());
    QVERIFY(arguments[u"city"_s].toString().size() >= 3);
    QVERIFY(arguments[u"days"_s].isDouble());
    QVERIFY(arguments[u"days"_s].toInt() >= 2 && arguments[u"days"_s].toInt() <= 7);
    QCOMPARE(arguments[u"unit"_s].toString(), u"celsius"_s);
    QVERIFY(p.text.trimmed().isEmpty());
    QCOMPARE(p.stop, messagesApi ? u"tool_use"_s : u"tool_calls"_s);
}

void tst_SimulatorAnswers::toolResultGetsText_R_CONN_1_data()
{
    toolsGetAToolCall_R_CONN_1_data();
}

// Once the tool's result comes back, the answer is text: an SDK's tool loop ends.
void tst_SimulatorAnswers::toolResultGetsText_R_CONN_1()
{
    QFETCH(bool, messagesApi);
    QFETCH(bool, stream);
    QJsonObject request = messagesApi ? messagesRequest(stream) : chatRequest(stream);
    QJsonArray messages = request[u"messages"_s].toArray();
    if (messagesApi) {
        messages << QJsonObject { { u"role"_s, u"assistant"_s },
                                  { u"content"_s,
                                    QJsonArray {
                                        QJsonObject { { u"type"_s, u"tool_use"_s },
                                                      { u"id"_s, u"toolu_1"_s },
                                                      { u"name"_s, u"weather"_s },
                                                      { u"input"_s, QJsonObject {} } } } } }
                 << QJsonObject { { u"role"_s, u"user"_s },
                                  { u"content"_s,
                                    QJsonArray { QJsonObject { { u"type"_s, u"tool_result"_s },
                                                               { u"tool_use_id"_s, u"toolu_1"_s },
                                                               { u"content"_s, u"sunny"_s } } } } };
    } else {
        messages << QJsonObject { { u"role"_s, u"assistant"_s },
                                  { u"tool_calls"_s,
                                    QJsonArray { QJsonObject {
                                        { u"id"_s, u"call_1"_s },
                                        { u"type"_s, u"function"_s },
                                        { u"function"_s,
                                          QJsonObject { { u"name"_s, u"weather"_s },
                                                        { u"arguments"_s, u"{}"_s } } } } } } }
                 << QJsonObject { { u"role"_s, u"tool"_s },
                                  { u"tool_call_id"_s, u"call_1"_s },
                                  { u"content"_s, u"sunny"_s } };
    }
    request[u"messages"_s] = messages;
    const QByteArray body = answer(messagesApi ? u"/messages"_s : u"/chat/completions"_s, request);
    const Parsed p = parse(messagesApi, stream, body);
    QVERIFY(p.tool.isEmpty());
    QVERIFY2(p.text.contains(u"[sim]"_s), body.constData());
    QCOMPARE(p.stop, messagesApi ? u"end_turn"_s : u"stop"_s);
}

// tool_choice naming a tool calls that one; "none" gets text.
void tst_SimulatorAnswers::namedToolIsCalledAndNoneIsRespected_R_CONN_1()
{
    QJsonObject request = chatRequest(false);
    QJsonArray tools = request[u"tools"_s].toArray();
    tools.append(QJsonObject {
        { u"type"_s, u"function"_s },
        { u"function"_s,
          QJsonObject {
              { u"name"_s, u"clock"_s },
              { u"parameters"_s,
                jsonOf(R"({"type":"object","properties":{"zone":{"type":"string"}}})") } } } });
    request[u"tools"_s] = tools;
    request[u"tool_choice"_s]
        = QJsonObject { { u"type"_s, u"function"_s },
                        { u"function"_s, QJsonObject { { u"name"_s, u"clock"_s } } } };
    Parsed p = parse(false, false, answer(u"/chat/completions"_s, request));
    QCOMPARE(p.tool, u"clock"_s);
    QCOMPARE(p.arguments, QByteArray(R"({"zone":"example"})"));
    request[u"tool_choice"_s] = u"none"_s;
    p = parse(false, false, answer(u"/chat/completions"_s, request));
    QVERIFY(p.tool.isEmpty());
    QVERIFY(!p.text.isEmpty());
}

void tst_SimulatorAnswers::jsonSchemaGetsValidJson_R_CONN_1_data()
{
    toolsGetAToolCall_R_CONN_1_data();
}

// A JSON schema format (chat's response_format, Anthropic's output_format) gets JSON valid
// against it as the answer's text.
void tst_SimulatorAnswers::jsonSchemaGetsValidJson_R_CONN_1()
{
    QFETCH(bool, messagesApi);
    QFETCH(bool, stream);
    QJsonObject request = messagesApi ? messagesRequest(stream) : chatRequest(stream);
    request.remove(u"tools"_s);
    if (messagesApi) {
        request[u"output_format"_s]
            = QJsonObject { { u"type"_s, u"json_schema"_s }, { u"schema"_s, kWeatherSchema } };
    } else {
        request[u"response_format"_s] = QJsonObject {
            { u"type"_s, u"json_schema"_s },
            { u"json_schema"_s,
              QJsonObject { { u"name"_s, u"forecast"_s }, { u"schema"_s, kWeatherSchema } } }
        };
    }
    const Parsed p = parse(messagesApi, stream,
                           answer(messagesApi ? u"/messages"_s : u"/chat/completions"_s, request));
    QJsonParseError error;
    const QJsonObject o = QJsonDocument::fromJson(p.text.toUtf8(), &error).object();
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(p.text));
    QCOMPARE(o[u"days"_s].toInt(), 2);
    QCOMPARE(o[u"unit"_s].toString(), u"celsius"_s);
}

QTEST_MAIN(tst_SimulatorAnswers)
#include "tst_simulatoranswers.moc"
