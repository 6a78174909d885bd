#include "gateway/responseedit.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Gateway;

// Model rewriting and usage collection on answers (R-ALIAS-2, R-FALL-*, R-STR-*, R-REC-8).
class tst_SseRewriter : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void rewritesEveryChunk_R_FALL_1_data();
    void rewritesEveryChunk_R_FALL_1();
    void partialEventWaitsForItsEnd();
    void commentsBeforeFirstEventHeldBack_R_DET();
    void errorEventEndsPassThrough_R_DET_data();
    void errorEventEndsPassThrough_R_DET();
    void completeBodyRewrittenOrRejected_R_REC_8_data();
    void completeBodyRewrittenOrRejected_R_REC_8();
    void completeBodyModelSplicedInPlace_data();
    void completeBodyModelSplicedInPlace();
    void contentRefusalRecognised_R_REC_8_data();
    void contentRefusalRecognised_R_REC_8();
};

void tst_SseRewriter::rewritesEveryChunk_R_FALL_1_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("expected");
    QTest::addColumn<qint64>("in");
    QTest::addColumn<qint64>("out");
    QTest::newRow("openai chunk") << QByteArray("data: {\"model\":\"up\",\"x\":1}\n\n")
                                  << QByteArray("data: {\"model\":\"org/m\",\"x\":1}\n\n") << 0LL
                                  << 0LL;
    // Only `model` changes: the provider's key order, spacing and number spelling stay.
    QTest::newRow("openai usage + done")
        << QByteArray("data: {\"model\":\"up\",\"usage\":{\"prompt_tokens\":3,"
                      "\"completion_tokens\":4}}\n\ndata: [DONE]\n\n")
        << QByteArray("data: {\"model\":\"org/m\",\"usage\":{\"prompt_tokens\":3,"
                      "\"completion_tokens\":4}}\n\ndata: [DONE]\n\n")
        << 3LL << 4LL;
    QTest::newRow("openai chunk spelling kept")
        << QByteArray("data: {\"id\": \"c1\", \"model\": \"up\", \"p\": 1.50, \"n\": "
                      "12345678901234567890}\n\n")
        << QByteArray("data: {\"id\": \"c1\", \"model\": \"org/m\", \"p\": 1.50, \"n\": "
                      "12345678901234567890}\n\n")
        << 0LL << 0LL;
    QTest::newRow("anthropic message_start")
        << QByteArray("event: message_start\ndata: "
                      "{\"type\":\"message_start\",\"message\":{\"model\":\"up\",\"usage\":{"
                      "\"input_tokens\":9}}}\n\n")
        << QByteArray("event: message_start\ndata: "
                      "{\"message\":{\"model\":\"org/"
                      "m\",\"usage\":{\"input_tokens\":9}},\"type\":\"message_start\"}\n\n")
        << 9LL << 0LL;
    // Some OpenAI-compatible servers put "error": null in every ordinary chunk (R-DET).
    QTest::newRow("error null is not an error event")
        << QByteArray("data: {\"error\":null,\"model\":\"up\"}\n\n")
        << QByteArray("data: {\"error\":null,\"model\":\"org/m\"}\n\n") << 0LL << 0LL;
    QTest::newRow("crlf kept") << QByteArray("data: {\"model\":\"up\"}\r\n\r\n")
                               << QByteArray("data: {\"model\":\"org/m\"}\r\n\r\n") << 0LL << 0LL;
    QTest::newRow("crlf lines, named event, two events")
        << QByteArray(
               "event: delta\r\ndata: {\"model\":\"up\"}\r\n\r\ndata: {\"model\": \"up\"}\n\n")
        << QByteArray("event: delta\r\ndata: {\"model\":\"org/m\"}\r\n\r\ndata: {\"model\": "
                      "\"org/m\"}\n\n")
        << 0LL << 0LL;
    QTest::newRow("comment after an event untouched")
        << QByteArray("data: {\"model\":\"up\"}\n\n: ping\n\n")
        << QByteArray("data: {\"model\":\"org/m\"}\n\n: ping\n\n") << 0LL << 0LL;
}

void tst_SseRewriter::rewritesEveryChunk_R_FALL_1()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, expected);
    QFETCH(qint64, in);
    QFETCH(qint64, out);
    SseRewriter r(u"org/m"_s);
    QCOMPARE(r.feed(input), expected);
    QCOMPARE(r.usage().inputTokens, in);
    QCOMPARE(r.usage().outputTokens, out);
    QVERIFY(r.takeRest().isEmpty());
    QVERIFY(!r.upstreamError());

    // The same bytes however the network cuts them, a separator included: in two pieces at
    // every position, and one byte at a time.
    for (qsizetype at = 1; at < input.size(); ++at) {
        SseRewriter split(u"org/m"_s);
        QByteArray joined = split.feed(input.left(at));
        joined += split.feed(input.mid(at));
        QCOMPARE(joined, expected);
        QVERIFY(split.takeRest().isEmpty());
    }
    SseRewriter trickle(u"org/m"_s);
    QByteArray trickled;
    for (char c : input)
        trickled += trickle.feed(QByteArray(1, c));
    QCOMPARE(trickled, expected);
    QCOMPARE(trickle.events(), r.events());
}

void tst_SseRewriter::partialEventWaitsForItsEnd()
{
    SseRewriter r(u"org/m"_s);
    QCOMPARE(r.feed("data: {\"model\":"), QByteArray());
    QCOMPARE(r.feed("\"up\"}\n"), QByteArray());
    QCOMPARE(r.feed("\ndata: {\"mo"), QByteArray("data: {\"model\":\"org/m\"}\n\n"));
    QCOMPARE(r.events(), 1);
    QCOMPARE(r.takeRest(), QByteArray("data: {\"mo"));
}

// The caller's status line waits for the first event that is not a comment (SPEC §2 step 5):
// comment-only events before it produce nothing; later ones pass.
void tst_SseRewriter::commentsBeforeFirstEventHeldBack_R_DET()
{
    SseRewriter r(u"org/m"_s);
    QCOMPARE(r.feed(": ping\n\n"), QByteArray());
    QCOMPARE(r.feed(": ping\r\n\r\nevent: keepalive\n\n"), QByteArray());
    QCOMPARE(r.feed("data: {\"model\":\"up\"}\n\n"), QByteArray("data: {\"model\":\"org/m\"}\n\n"));
    QCOMPARE(r.feed(": ping\n\n"), QByteArray(": ping\n\n"));
    QVERIFY(!r.upstreamError());
}

void tst_SseRewriter::errorEventEndsPassThrough_R_DET_data()
{
    QTest::addColumn<QByteArray>("errorEvent");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("message");
    QTest::newRow("openai data: {error}") << QByteArray(
        "data: {\"error\":{\"message\":\"boom\",\"type\":\"server_error\",\"code\":null}}\n\n")
                                          << u"server_error"_s << u"boom"_s;
    QTest::newRow("openai code only")
        << QByteArray("data: {\"error\":{\"message\":\"boom\",\"code\":\"overloaded\"}}\n\n")
        << u"overloaded"_s << u"boom"_s;
    QTest::newRow("anthropic event: error")
        << QByteArray("event: error\ndata: "
                      "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":"
                      "\"Overloaded\"}}\n\n")
        << u"overloaded_error"_s << u"Overloaded"_s;
    QTest::newRow("anthropic event: error, unreadable data")
        << QByteArray("event: error\ndata: oops\n\n") << QString() << QString();
}

// An error event inside a 2xx stream is not passed on; neither is anything after it (R-DET).
void tst_SseRewriter::errorEventEndsPassThrough_R_DET()
{
    QFETCH(QByteArray, errorEvent);
    QFETCH(QString, type);
    QFETCH(QString, message);
    SseRewriter r(u"org/m"_s);
    const QByteArray chunk("data: {\"model\":\"up\"}\n\n");
    QCOMPARE(r.feed(chunk + errorEvent + chunk), QByteArray("data: {\"model\":\"org/m\"}\n\n"));
    QVERIFY(r.upstreamError());
    QCOMPARE(r.upstreamError()->type, type);
    QCOMPARE(r.upstreamError()->message, message);
    QCOMPARE(r.feed(chunk + "data: [DONE]\n\n"), QByteArray());
}

void tst_SseRewriter::completeBodyRewrittenOrRejected_R_REC_8_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<bool>("decodable");
    QTest::newRow("object") << QByteArray(
        R"({"model":"up","usage":{"input_tokens":2,"output_tokens":5}})")
                            << true;
    QTest::newRow("html") << QByteArray("<html>oops</html>") << false;
    QTest::newRow("array") << QByteArray("[1,2]") << false;
    QTest::newRow("truncated") << QByteArray(R"({"model":"up",)") << false;
    QTest::newRow("openai names, integral doubles")
        << QByteArray(R"({"model":"up","usage":{"prompt_tokens":2.0,"completion_tokens":5}})")
        << true;
    // Numbers simdjson does not take (beyond 64 bits, beyond a double) are read the slow way, so
    // such an answer is judged as before: decodable.
    QTest::newRow("integer beyond 64 bits")
        << QByteArray(R"({"model":"up","seed":123456789012345678901234,)"
                      R"("usage":{"input_tokens":2,"output_tokens":5}})")
        << true;
    QTest::newRow("invalid UTF-8") << QByteArray("{\"model\":\"up\",\"x\":\"\xff\"}") << false;
}

void tst_SseRewriter::completeBodyRewrittenOrRejected_R_REC_8()
{
    QFETCH(QByteArray, body);
    QFETCH(bool, decodable);
    Domain::Usage usage;
    const auto out = rewriteCompleteBody(body, u"org/m"_s, usage);
    QCOMPARE(out.has_value(), decodable);
    if (decodable) {
        QCOMPARE(QJsonDocument::fromJson(*out).object().value(u"model"_s).toString(), u"org/m"_s);
        QCOMPARE(usage.inputTokens, 2);
        QCOMPARE(usage.outputTokens, 5);
    }
}

// Only the top-level model value changes; the rest stays as the provider spelt it.
void tst_SseRewriter::completeBodyModelSplicedInPlace_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("plain") << QByteArray(R"({"id":"x","model":"up","n":1})") << u"org/m"_s
                           << QByteArray(R"({"id":"x","model":"org/m","n":1})");
    QTest::newRow("spaces, order, nested model kept")
        << QByteArray("{ \"z\" : {\"model\":\"inner\"}, \"model\" :\n \"up\" , \"big\": "
                      "12345678901234567890 }")
        << u"org/m"_s
        << QByteArray("{ \"z\" : {\"model\":\"inner\"}, \"model\" :\n \"org/m\" , \"big\": "
                      "12345678901234567890 }");
    QTest::newRow("escapes in strings before it")
        << QByteArray(R"({"a":"q\"}{","model":null})") << u"a\"b\\c\u00e9"_s
        << QByteArray("{\"a\":\"q\\\"}{\",\"model\":\"a\\\"b\\\\c\xc3\xa9\"}");
    QTest::newRow("control character") << QByteArray(R"({"model":"up"})") << u"a\nb\u0001"_s
                                       << QByteArray(R"({"model":"a\nb\u0001"})");
    QTest::newRow("no model key") << QByteArray(R"({"id":"x"})") << u"org/m"_s
                                  << QByteArray(R"({"id":"x"})");
    QTest::newRow("escaped key: re-serialised")
        << QByteArray(R"({"mod\u0065l":"up","a":1})") << u"org/m"_s
        << QByteArray(R"({"a":1,"model":"org/m"})");
    // A fuzz_completebody case: the escaped duplicate must not keep the upstream's name.
    QTest::newRow("plain and escaped model keys: re-serialised")
        << QByteArray(R"({"model":"up","a":1,"mod\u0065l":"up2"})") << u"org/m"_s
        << QByteArray(R"({"a":1,"model":"org/m"})");
    // The splice counts the model keys simdjson found: it stops after the last one, not before.
    QTest::newRow("two plain model keys: both replaced in place")
        << QByteArray(R"({"model":"a","x":[1,{"model":"in"}],"model":"b","y":2})") << u"org/m"_s
        << QByteArray(R"({"model":"org/m","x":[1,{"model":"in"}],"model":"org/m","y":2})");
    QTest::newRow("another key with an escape: kept as spelt")
        << QByteArray(R"({"n\u0061me":1,"model":"up","d\u0061ta":[2]})") << u"org/m"_s
        << QByteArray(R"({"n\u0061me":1,"model":"org/m","d\u0061ta":[2]})");
}

void tst_SseRewriter::completeBodyModelSplicedInPlace()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, model);
    QFETCH(QByteArray, expected);
    Domain::Usage usage;
    const auto out = rewriteCompleteBody(body, model, usage);
    QVERIFY(out.has_value());
    QCOMPARE(*out, expected);
    QVERIFY(!QJsonDocument::fromJson(*out).isNull());
}

void tst_SseRewriter::contentRefusalRecognised_R_REC_8_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<bool>("refusal");
    QTest::newRow("openai policy code")
        << 400 << QByteArray(R"({"error":{"code":"content_policy_violation"}})") << true;
    QTest::newRow("azure content_filter")
        << 400 << QByteArray(R"({"error":{"code":"content_filter"}})") << true;
    QTest::newRow("anthropic message")
        << 400
        << QByteArray(
               R"({"type":"error","error":{"type":"invalid_request_error","message":"Output blocked by content filtering policy"}})")
        << true;
    // Read by the one upstream-error parser, so a bare string error is a message here too.
    QTest::newRow("bare string message")
        << 403 << QByteArray(R"({"error":"Request blocked by content management policy"})") << true;
    QTest::newRow("plain 400") << 400 << QByteArray(R"({"error":{"code":"bad_param"}})") << false;
    QTest::newRow("5xx never") << 500 << QByteArray(R"({"error":{"code":"content_filter"}})")
                               << false;
}

void tst_SseRewriter::contentRefusalRecognised_R_REC_8()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(bool, refusal);
    QCOMPARE(isContentRefusal(status, body), refusal);
}

QTEST_MAIN(tst_SseRewriter)
#include "tst_sserewriter.moc"
