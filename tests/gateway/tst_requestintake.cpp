#include "gateway/requestintake.h"
#include "routing/aliasresolver.h"
#include "routing/requiredfields.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Gateway;
using Domain::Endpoint;

// What the intake reads of a caller's body (R-DET, R-BILL-1): simdjson's reading (the hot path)
// against QJsonDocument's (the reference), and the required fields once preset defaults apply.
class tst_RequestIntake : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sessionSignalsAreMeasuredOnTheIntakeParse();
    void fastReadingEqualsTheDocument_R_DET_data();
    void fastReadingEqualsTheDocument_R_DET();
    void mayNotCarryIsJudgedOnTheDocument_R_XLAT_3_data();
    void mayNotCarryIsJudgedOnTheDocument_R_XLAT_3();
    void responseFormatIsJudgedOnTheFastPath_R_XLAT_3();
    void bodiesOnlyTheDocumentTakesStillServe_R_DET_data();
    void bodiesOnlyTheDocumentTakesStillServe_R_DET();
    void badJsonIsNamedAsBefore_R_SEC_2();
    void modelKeysAreCounted_R_API_1_data();
    void modelKeysAreCounted_R_API_1();
    void paddingIsRoomAfterTheLastByte_R_DET();
    void presetDefaultsJudgedAsTheDocument_R_DET_data();
    void presetDefaultsJudgedAsTheDocument_R_DET();
};

namespace {

HttpRequest call(const QByteArray &body)
{
    HttpRequest r;
    r.method = "POST";
    r.path = "/v1/chat/completions";
    r.body = body;
    return r;
}

Domain::Key key()
{
    Domain::Key k;
    k.id = u"key_1"_s;
    k.project = u"proj_1"_s;
    return k;
}

} // namespace

void tst_RequestIntake::fastReadingEqualsTheDocument_R_DET_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::newRow("usual chat") << QByteArray(
        R"({"model":"demo/chat","messages":[{"role":"user","content":"hi"}],"max_tokens":64})");
    QTest::newRow("every field") << QByteArray(
        R"({"model":"a/b","stream":true,"tools":[{"type":"function"},{"name":"f"}],)"
        R"("response_format":{"type":"json_schema"},"max_completion_tokens":9,)"
        R"("messages":[{"role":"user","content":[{"type":"text"},{"type":"image_url"}]}]})");
    QTest::newRow("repeated keys: the last one") << QByteArray(
        R"({"model":"first","stream":true,"max_tokens":5,"model":"last","stream":false,"max_tokens":"x"})");
    QTest::newRow("nested repeated type")
        << QByteArray(R"({"model":"m","response_format":{"type":"text","type":"json_object"}})");
    QTest::newRow("escaped key and value")
        << QByteArray(R"({"mod\u0065l":"caf\u00e9 \"x\"","messages":[]})");
    QTest::newRow("numbers as QJsonValue::toInteger reads them")
        << QByteArray(R"({"model":"m","max_tokens":1e2,"max_completion_tokens":7})");
    QTest::newRow("fraction: max_completion_tokens instead")
        << QByteArray(R"({"model":"m","max_tokens":1.5,"max_completion_tokens":7})");
    QTest::newRow("beyond 64 bits")
        << QByteArray(R"({"model":"m","max_tokens":18446744073709551615})");
    QTest::newRow("negative and huge")
        << QByteArray(R"({"model":"m","max_tokens":-3,"max_completion_tokens":1e300})");
    QTest::newRow("wrong kinds everywhere") << QByteArray(
        R"({"model":7,"stream":"yes","tools":{},"response_format":"json","messages":"hi","input":0})");
    QTest::newRow("empty model, empty input") << QByteArray(R"({"model":"","input":""})");
    QTest::newRow("input array") << QByteArray(R"({"model":"e","input":["a"]})");
    QTest::newRow("tools of other kinds")
        << QByteArray(R"({"model":"m","tools":[1,"web_search",null]})");
    QTest::newRow("vision in a later message") << QByteArray(
        R"({"model":"m","messages":[{"content":"x"},5,{"content":[{"type":"image_url"}]}]})");
}

void tst_RequestIntake::mayNotCarryIsJudgedOnTheDocument_R_XLAT_3_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<Endpoint>("endpoint");
    QTest::addColumn<QString>("notCarried");
    QTest::newRow("n: 2") << QByteArray(R"({"model":"m","n":2})") << Endpoint::ChatCompletions
                          << u"n"_s;
    QTest::newRow("n: 1 has no effect")
        << QByteArray(R"({"model":"m","n":1})") << Endpoint::ChatCompletions << QString();
    QTest::newRow("a web search tool")
        << QByteArray(R"({"model":"m","tools":[{"type":"web_search_preview"}]})")
        << Endpoint::ChatCompletions << u"tools"_s;
    QTest::newRow("an audio part")
        << QByteArray(R"({"model":"m","messages":[{"content":[{"type":"input_audio"}]}]})")
        << Endpoint::ChatCompletions << u"input_audio"_s;
    QTest::newRow("top_k") << QByteArray(R"({"model":"m","top_k":5})") << Endpoint::Messages
                           << u"top_k"_s;
    QTest::newRow("a tool result with text")
        << QByteArray(R"({"model":"m","messages":[{"role":"user","content":[)"
                      R"({"type":"tool_result","tool_use_id":"t","content":"ok"}]}]})")
        << Endpoint::Messages << QString();
    QTest::newRow("a document block") << QByteArray(
        R"({"model":"m","messages":[{"role":"user","content":[{"type":"document"}]}]})")
                                      << Endpoint::Messages << u"document"_s;
}

void tst_RequestIntake::mayNotCarryIsJudgedOnTheDocument_R_XLAT_3()
{
    QFETCH(QByteArray, body);
    QFETCH(Endpoint, endpoint);
    QFETCH(QString, notCarried);
    QVERIFY(!scanRequest(body, nullptr, endpoint)); // the translation module judges these
    HttpRequest r = call(body);
    const auto parsed = parseCall(r, endpoint, key());
    QVERIFY(std::holds_alternative<CallInput>(parsed));
    QCOMPARE(std::get<CallInput>(parsed).summary.notCarried, notCarried);
}

void tst_RequestIntake::responseFormatIsJudgedOnTheFastPath_R_XLAT_3()
{
    const QByteArray body = R"({"model":"m","response_format":{"type":"json_object"}})";
    const std::optional<BodySummary> fast = scanRequest(body);
    QVERIFY(fast);
    QCOMPARE(fast->notCarried, u"response_format"_s);
    // The same body on the messages endpoint has nothing the chat API could not carry.
    QCOMPARE(scanRequest(body, nullptr, Endpoint::Messages)->notCarried, QString());
}

void tst_RequestIntake::fastReadingEqualsTheDocument_R_DET()
{
    QFETCH(QByteArray, body);
    const std::optional<BodySummary> fast = scanRequest(body);
    QVERIFY2(fast, "simdjson reads this body");
    const auto reference = summariseBody(body);
    QVERIFY(std::holds_alternative<BodySummary>(reference));
    const BodySummary &slow = std::get<BodySummary>(reference);
    QCOMPARE(fast->model, slow.model);
    QCOMPARE(fast->stream, slow.stream);
    QCOMPARE(fast->usesTools, slow.usesTools);
    QCOMPARE(fast->webSearchToolVersion, slow.webSearchToolVersion);
    QCOMPARE(int(fast->responseFormat), int(slow.responseFormat));
    QCOMPARE(fast->vision, slow.vision);
    QCOMPARE(fast->maxOutputTokens, slow.maxOutputTokens);
    QCOMPARE(int(fast->requiredFields.messages), int(slow.requiredFields.messages));
    QCOMPARE(int(fast->requiredFields.maxTokens), int(slow.requiredFields.maxTokens));
    QCOMPARE(int(fast->requiredFields.input), int(slow.requiredFields.input));
    QVERIFY(*fast == slow);
}

void tst_RequestIntake::bodiesOnlyTheDocumentTakesStillServe_R_DET_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<qint64>("maxOutputTokens");
    QTest::newRow("a number ending in a point")
        << QByteArray(R"({"model":"m","messages":[{"role":"user","content":"x"}],"max_tokens":3.})")
        << qint64(3);
    QTest::newRow("a control character in a string")
        << QByteArray("{\"model\":\"m\",\"messages\":[{\"content\":\"a\x01\"}],\"max_tokens\":4}")
        << qint64(4);
    QTest::newRow("a lone surrogate")
        << QByteArray(R"({"model":"m","messages":[{"content":"\ud800"}],"max_tokens":5})")
        << qint64(5);
    QTest::newRow("larger than the fast reader's buffers")
        << QByteArray(R"({"model":"m","messages":[{"content":")" + QByteArray(kScanMaxBytes, 'x')
                      + R"("}],"max_tokens":6})")
        << qint64(6);
}

// Mixed-model sessions: a key in a session mode has its body's signals measured on the parse the
// intake makes anyway, the same as measuring the bytes; otherwise nothing is measured.
void tst_RequestIntake::sessionSignalsAreMeasuredOnTheIntakeParse()
{
    const QByteArray chat = R"({"model":"m","tools":[{"type":"function","function":{"name":"f"}}],)"
                            R"("messages":[{"role":"user","content":"Why? ```x = f(1);```"}]})";
    const QByteArray messages = R"({"model":"m","max_tokens":5,"system":"s","messages":)"
                                R"([{"role":"user","content":"Summarise this: 12 + 30 = ?"}]})";
    for (const auto &[body, endpoint] : { std::pair { chat, Endpoint::ChatCompletions },
                                          std::pair { messages, Endpoint::Messages } }) {
        const auto measured = parseCall(call(body), endpoint, key(), true);
        QVERIFY(std::holds_alternative<CallInput>(measured));
        const CallInput &in = std::get<CallInput>(measured);
        QVERIFY(in.signals);
        QVERIFY(*in.signals == Sessions::measure(body, endpoint));
        QVERIFY(in.signals->at(size_t(Domain::ClassifierSignal::Messages)) > 0);
        const auto plain = parseCall(call(body), endpoint, key());
        QVERIFY(!std::get<CallInput>(plain).signals);
    }
    // A Responses body is measured as the caller sent it, not as the chat body it becomes.
    const QByteArray responsesBody = R"({"model":"m","instructions":"be brief","input":"hi?"})";
    HttpRequest responses = call(responsesBody);
    responses.path = "/v1/responses";
    const auto r = parseCall(responses, Endpoint::Responses, key(), true);
    QVERIFY(std::get<CallInput>(r).signals);
    QVERIFY(*std::get<CallInput>(r).signals
            == Sessions::measure(responsesBody, Endpoint::Responses));
    QCOMPARE(std::get<CallInput>(r).signals->at(size_t(Domain::ClassifierSignal::Messages)), 2);
}

void tst_RequestIntake::bodiesOnlyTheDocumentTakesStillServe_R_DET()
{
    QFETCH(QByteArray, body);
    QFETCH(qint64, maxOutputTokens);
    QVERIFY(!scanRequest(body));
    const auto parsed = parseCall(call(body), Endpoint::ChatCompletions, key());
    QVERIFY(std::holds_alternative<CallInput>(parsed));
    const CallInput &in = std::get<CallInput>(parsed);
    QCOMPARE(in.summary.model, u"m"_s);
    QCOMPARE(in.summary.maxOutputTokens, maxOutputTokens);
    QCOMPARE(in.bodyBytes, body);
    QVERIFY(in.summary.requiredFields);
    QVERIFY(!Routing::checkRequiredFields(*in.summary.requiredFields, Endpoint::Messages));
}

void tst_RequestIntake::modelKeysAreCounted_R_API_1_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("modelKeys");
    QTest::newRow("one") << QByteArray(R"({"model":"m","messages":[{"model":"n"}]})") << 1;
    QTest::newRow("repeated") << QByteArray(R"({"model":"a","model":"m"})") << 2;
    QTest::newRow("escaped") << QByteArray(R"({"model":"a","mod\u0065l":"m"})") << 2;
    // Read by Qt, which cannot count a repeated key: the splice then looks at every key.
    QTest::newRow("only the document reads it")
        << QByteArray(R"({"model":"m","max_tokens":3.})") << -1;
}

// The upstream body's splice stops at the last "model" key the intake counted (dialect.h).
void tst_RequestIntake::modelKeysAreCounted_R_API_1()
{
    QFETCH(QByteArray, body);
    QFETCH(int, modelKeys);
    const auto parsed = parseCall(call(body), Endpoint::ChatCompletions, key());
    QVERIFY(std::holds_alternative<CallInput>(parsed));
    QCOMPARE(std::get<CallInput>(parsed).modelKeys, modelKeys);
}

// The fast reader reads a little past the body's last byte when the array says it has room there
// (simdjson is not built with AddressSanitizer, so only this check guards it): room before the
// first byte, which an array has after remove(0, n), is not room after the last.
void tst_RequestIntake::paddingIsRoomAfterTheLastByte_R_DET()
{
    const QByteArray json = R"({"model":"m","messages":[{"role":"user","content":"hi"}]})";
    QByteArray shifted = QByteArray(256, ' ') + json;
    shifted.squeeze();
    shifted.remove(0, 256);
    QCOMPARE(shifted, json);
    QVERIFY(shifted.capacity() - shifted.size() >= kScanPaddingBytes); // the room before it
    QVERIFY(!hasScanPadding(shifted));
    QVERIFY(!hasScanPadding(QByteArray::fromRawData(json.constData(), json.size())));
    QByteArray roomy = json;
    roomy.reserve(json.size() + kScanPaddingBytes);
    QVERIFY(hasScanPadding(roomy));
    for (const QByteArray &body : { shifted, roomy }) {
        int modelKeys = -1;
        const std::optional<BodySummary> read = scanRequest(body, &modelKeys);
        QVERIFY(read);
        QCOMPARE(read->model, u"m"_s);
        QCOMPARE(modelKeys, 1);
    }
}

void tst_RequestIntake::badJsonIsNamedAsBefore_R_SEC_2()
{
    const auto parsed = parseCall(call(R"({"model": "m",)"), Endpoint::ChatCompletions, key());
    const IntakeError *error = std::get_if<IntakeError>(&parsed);
    QVERIFY(error);
    QCOMPARE(error->status, 400);
    QCOMPARE(error->code, u"invalid_request"_s);
    QVERIFY2(error->message.startsWith(u"The body is not valid JSON: "_s)
                 && error->message.endsWith(u" at position 14."_s),
             qPrintable(error->message));
    const auto array = parseCall(call("[1]"), Endpoint::ChatCompletions, key());
    QCOMPARE(std::get<IntakeError>(array).message, u"The body must be a JSON object."_s);
    const auto noModel = parseCall(call(R"({"model":""})"), Endpoint::ChatCompletions, key());
    QCOMPARE(std::get<IntakeError>(noModel).message, Routing::missingModelField().message);
}

void tst_RequestIntake::presetDefaultsJudgedAsTheDocument_R_DET_data()
{
    QTest::addColumn<QJsonObject>("body");
    QTest::addColumn<QJsonObject>("defaults");
    const QJsonArray one { QJsonObject { { u"role"_s, u"user"_s }, { u"content"_s, u"x"_s } } };
    const QList<QJsonObject> bodies {
        {},
        { { u"messages"_s, one } },
        { { u"messages"_s, QJsonArray() } },
        { { u"messages"_s, u"hi"_s } },
        { { u"messages"_s, one }, { u"max_tokens"_s, 0 } },
        { { u"messages"_s, one }, { u"max_tokens"_s, 12 } },
        { { u"input"_s, u""_s } },
        { { u"input"_s, QJsonArray { u"a"_s } } },
    };
    const QList<QJsonObject> defaults {
        {},
        { { u"max_tokens"_s, 256 } },
        { { u"max_tokens"_s, 0.5 } },
        { { u"system"_s, u"Be brief."_s } },
        { { u"messages"_s, one } },
        { { u"messages"_s, QJsonArray() }, { u"system"_s, u"s"_s } },
        { { u"input"_s, u"default text"_s } },
    };
    for (qsizetype b = 0; b < bodies.size(); ++b) {
        for (qsizetype d = 0; d < defaults.size(); ++d)
            QTest::addRow("body %lld, defaults %lld", b, d) << bodies[b] << defaults[d];
    }
}

void tst_RequestIntake::presetDefaultsJudgedAsTheDocument_R_DET()
{
    QFETCH(QJsonObject, body);
    QFETCH(QJsonObject, defaults);
    for (const Endpoint endpoint :
         { Endpoint::ChatCompletions, Endpoint::Messages, Endpoint::Embeddings }) {
        const auto fromDocument = Routing::checkRequiredFields(
            Routing::requiredFieldsOf(Routing::applyPresetDefaults(body, defaults, endpoint)),
            endpoint);
        const auto fromFields = Routing::checkRequiredFields(
            Routing::withPresetDefaults(Routing::requiredFieldsOf(body), defaults, endpoint),
            endpoint);
        QCOMPARE(fromFields.has_value(), fromDocument.has_value());
        if (fromDocument)
            QCOMPARE(fromFields->message, fromDocument->message);
    }
}

QTEST_MAIN(tst_RequestIntake)
#include "tst_requestintake.moc"
