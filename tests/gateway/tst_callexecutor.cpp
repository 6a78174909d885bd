#include "gatewayharness.h"
#include "simulatedtime.h"

#include <QJsonArray>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

using namespace Qt::StringLiterals;
using Domain::ErrorClass;
using Response = FakeUpstream::Response;

// The attempt loop seen from outside: status, body, headers, requests each fake upstream received
// and the receipt rows (R-REC-*, R-STR-*, R-FALL-*, R-REG-*, R-RCPT-*).
class tst_CallExecutor : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void servesWithResolvedModelAndHeaders_R_RCPT_1();
    void upstreamGetsCallerBytesWithModelReplaced_R_API_1();
    void largeBodyKeepsEverythingButTheTopLevelModel_R_API_1();
    void everySpellingOfTheModelKeyIsReplaced_R_API_1();
    void receiptQueuedBeforeTheAnswerLeaves_R_RCPT_1();
    void failsOverOnRetryable_R_REC_7_data();
    void failsOverOnRetryable_R_REC_7();
    void finalErrorsAreNotRetried_R_REC_8_R_RCPT_2_data();
    void finalErrorsAreNotRetried_R_REC_8_R_RCPT_2();
    void singleCandidateRetriesAfterRetryAfter_R_REC_5();
    void retryAfterBeyondDeadlineEndsCall_R_REC_6();
    void cooldownSkipsAcrossCalls_R_REC_2();
    void attemptsOneTurnsRetriesOff_R_REC_1();
    void regionHeaderNarrows_R_REG_6();
    void invalidRegionHeaderRejected_R_REG_6_data();
    void invalidRegionHeaderRejected_R_REG_6();
    void routeConstraintsUnmetExactText_R_REG_5();
    void weightedDistribution_R_PLAN_1();
    void fallbackNamesFallbackModel_R_FALL_1();
    void deprecatedAliasHeaderThenReplacement_R_ALIAS_2();
    void streamPassesThroughWithModelRewritten_R_STR_1();
    void streamCutEndsWithErrorEvent_R_STR_1_data();
    void streamCutEndsWithErrorEvent_R_STR_1();
    void idleStreamEnded_R_STR_2();
    void stalledStreamBeforeFirstEventIs502_R_DET();
    void callerDisconnectAbortsUpstream_R_STR_4();
    void callerHeadersNotForwarded_R_SEC_5();
    void mayHaveBilledKeepsHold_R_BILL_2_data();
    void mayHaveBilledKeepsHold_R_BILL_2();
    void anthropicMessagesDialect_R_API_1();
    void streamErrorEventInterrupts_R_DET_data();
    void streamErrorEventInterrupts_R_DET();
    void streamErrorAsFirstEventIs502_R_DET_data();
    void streamErrorAsFirstEventIs502_R_DET();
    void passedThrough4xxKeepsCodeAsSent_R_DET_data();
    void passedThrough4xxKeepsCodeAsSent_R_DET();
    void commentsOnlyStreamEndsAtDeadline_R_DET();
    void requiredFieldsBeforeDirectives_R_DET();
    void poolSingleDeploymentRetriesSameOffering_R_DET();
};

namespace {

struct TwoUpstreams
{
    FakeUpstream a;
    FakeUpstream b;
    GatewayHarness h;
    TwoUpstreams(int attempts = 3)
    {
        QVERIFY(a.listen());
        QVERIFY(b.listen());
        h.addConnection(u"conn-a"_s, a.baseUrl());
        h.addConnection(u"conn-b"_s, b.baseUrl());
        h.addDirect(u"test/x"_s, { u"conn-a"_s, u"conn-b"_s },
                    GatewayHarness::fastRecovery(attempts));
    }
};

// Two connections of one dialect, test/x offered on both (conn-a first).
struct TwoOfDialect
{
    FakeUpstream a;
    FakeUpstream b;
    GatewayHarness h;
    bool anthropic;
    explicit TwoOfDialect(bool anthropicDialect)
        : anthropic(anthropicDialect)
    {
        QVERIFY(a.listen());
        QVERIFY(b.listen());
        const Domain::Dialect d = anthropic ? Domain::Dialect::Anthropic : Domain::Dialect::OpenAi;
        h.addConnection(u"conn-a"_s, a.baseUrl(), d);
        h.addConnection(u"conn-b"_s, b.baseUrl(), d);
        h.addDirect(u"test/x"_s, { u"conn-a"_s, u"conn-b"_s });
    }
    QString path() const { return anthropic ? u"/v1/messages"_s : u"/v1/chat/completions"_s; }
    QJsonObject body(bool stream = true) const
    {
        QJsonObject b = GatewayHarness::chatBody(u"test/x"_s, stream);
        if (anthropic)
            b[u"max_tokens"_s] = 100;
        return b;
    }
    Response upstreamStream(int words, int delayMs) const
    {
        return anthropic ? FakeUpstream::anthropicStream(u"up-x"_s, words, delayMs)
                         : FakeUpstream::openAiStream(u"up-x"_s, words, delayMs);
    }
    // The provider's own error event (OpenAI `data: {"error":…}`, Anthropic `event: error`).
    QByteArray upstreamErrorEvent() const
    {
        return anthropic ? QByteArrayLiteral(
                   "event: error\ndata: {\"type\":\"error\",\"error\":"
                   "{\"type\":\"overloaded_error\",\"message\":\"Upstream melted\"}}\n\n")
                         : QByteArrayLiteral("data: {\"error\":{\"message\":\"Upstream melted\","
                                             "\"type\":\"overloaded_error\",\"code\":null}}\n\n");
    }
    QString gatewayCode(const QJsonObject &answer) const
    {
        const QJsonObject error = answer.value(u"error"_s).toObject();
        return anthropic ? error.value(u"details"_s).toObject().value(u"error_code"_s).toString()
                         : error.value(u"code"_s).toString();
    }
};

} // namespace

void tst_CallExecutor::servesWithResolvedModelAndHeaders_R_RCPT_1()
{
    TwoUpstreams t;
    QVERIFY(t.h.start());
    const auto r = t.h.chat(u"test/x"_s);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(u"model"_s).toString(), u"test/x"_s);
    QCOMPARE(r.header("x-gateway-attempts"), QByteArray("1"));
    QCOMPARE(r.header("x-gateway-served-by"), QByteArray("conn-a"));
    QVERIFY(r.requestId().startsWith(u"req_"_s));
    QCOMPARE(t.a.requestCount(), 1);
    QCOMPARE(t.b.requestCount(), 0);
    const auto receipt = t.h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->httpStatus, 200);
    QCOMPARE(receipt->modelAsked, u"test/x"_s);
    QCOMPARE(receipt->modelServed, u"test/x"_s);
    QCOMPARE(receipt->servedBy, u"conn-a"_s);
    QCOMPARE(Domain::toString(receipt->statusClass), Domain::toString(Domain::StatusClass::Ok));
    QCOMPARE(receipt->attempts.size(), 1);
    QCOMPARE(receipt->attempts[0].connection, u"conn-a"_s);
    QCOMPARE(receipt->attempts[0].upstreamModel, u"up-x"_s);
    QCOMPARE(receipt->attempts[0].httpStatus, 200);
    QVERIFY(receipt->attempts[0].served);
    QCOMPARE(receipt->usage.inputTokens, 11);
    QCOMPARE(receipt->usage.outputTokens, 7);
    QVERIFY(qAbs(receipt->cost - (11 * 1.0 + 7 * 2.0) / 1e6) < 1e-12);
    QCOMPARE(
        QJsonDocument::fromJson(t.a.received().at(0).body).object().value(u"model"_s).toString(),
        u"up-x"_s);
}

// Only `model` is the gateway's to change in the request: the caller's key order, spacing, number
// spelling and fields the gateway does not know reach the provider as the caller wrote them.
void tst_CallExecutor::upstreamGetsCallerBytesWithModelReplaced_R_API_1()
{
    TwoUpstreams t;
    QVERIFY(t.h.start());
    const QByteArray sent = "{ \"temperature\": 0.50, \"model\": \"test/x\", \"messages\": "
                            "[{\"role\": \"user\", \"content\": \"caf\\u00e9\"}], "
                            "\"seed\": 12345678901234567890, \"x_vendor\": {\"b\": 1, \"a\": 2} }";
    const auto r = t.h.send("POST", u"/v1/chat/completions"_s, sent);
    QCOMPARE(r.status, 200);
    QCOMPARE(t.a.requestCount(), 1);
    QByteArray expected = sent;
    expected.replace("\"model\": \"test/x\"", "\"model\": \"up-x\"");
    QCOMPARE(t.a.received().at(0).body, expected);
    QCOMPARE(t.h.receipt(r.requestId())->attempts.at(0).bytesSent, qint64(expected.size()));
}

// A body of many reads (it grows while it arrives) and a "model" key or text inside the messages:
// only the top-level key's value changes, the rest arrives byte for byte.
void tst_CallExecutor::largeBodyKeepsEverythingButTheTopLevelModel_R_API_1()
{
    TwoUpstreams t;
    QVERIFY(t.h.start());
    QByteArray sent = R"({"model":"test/x","messages":[)";
    for (int i = 0; i < 2000; ++i) {
        sent += i == 0 ? "" : ",";
        sent += R"({"role":"user","model":"test/x","content":"say \"model\": \"test/x\" )"
            + QByteArray::number(i) + R"("})";
    }
    sent += R"(],"max_tokens":16})";
    QVERIFY(sent.size() > 128 * 1024);
    const auto r = t.h.send("POST", u"/v1/chat/completions"_s, sent);
    QVERIFY2(r.status == 200, r.body.constData());
    QCOMPARE(t.a.requestCount(), 1);
    QByteArray expected = sent;
    expected.replace(R"({"model":"test/x","messages")", R"({"model":"up-x","messages")");
    QCOMPARE(t.a.received().at(0).body, expected);
}

// "mod\u0065l" is the key "model" too: no spelling of it keeps the caller's model name.
void tst_CallExecutor::everySpellingOfTheModelKeyIsReplaced_R_API_1()
{
    TwoUpstreams t;
    QVERIFY(t.h.start());
    const QByteArray sent
        = R"({"model":"test/x","messages":[{"role":"user","content":"hi"}],"mod\u0065l":"test/x"})";
    const auto r = t.h.send("POST", u"/v1/chat/completions"_s, sent);
    QCOMPARE(r.status, 200);
    QCOMPARE(t.a.requestCount(), 1);
    const QByteArray received = t.a.received().at(0).body;
    QVERIFY2(!received.contains("test/x"), received.constData());
    QCOMPARE(QJsonDocument::fromJson(received).object().value(u"model"_s).toString(), u"up-x"_s);
}

// A caller that has the whole answer finds its receipt: it was queued before the answer's last byte
// went out (README "Durability"), for complete answers, streams and errors alike.
void tst_CallExecutor::receiptQueuedBeforeTheAnswerLeaves_R_RCPT_1()
{
    TwoUpstreams t;
    QVERIFY(t.h.start());
    for (int i = 0; i < 20; ++i) {
        const int kind = i % 3;
        if (kind == 1)
            t.a.enqueue(FakeUpstream::openAiStream(u"up-x"_s, 3, 0));
        const auto r = kind == 0 ? t.h.chat(u"test/x"_s)
            : kind == 1
            ? t.h.stream(u"/v1/chat/completions"_s, GatewayHarness::chatBody(u"test/x"_s, true))
                  .reply
            : t.h.chat(u"no/such-model"_s);
        QCOMPARE(r.status, kind == 2 ? 404 : 200);
        QVERIFY2(t.h.receipt(r.requestId()), qPrintable(u"call %1"_s.arg(i)));
    }
}

void tst_CallExecutor::failsOverOnRetryable_R_REC_7_data()
{
    QTest::addColumn<Response>("failure");
    QTest::addColumn<int>("errorClass");
    QTest::addColumn<bool>("exactlyOnce");
    QTest::newRow("503") << FakeUpstream::openAiError(503, u"unavailable"_s, u"busy"_s)
                         << int(ErrorClass::Overloaded) << true;
    QTest::newRow("429") << FakeUpstream::openAiError(429, u"rate_limit"_s, u"slow down"_s)
                         << int(ErrorClass::RateLimited) << true;
    QTest::newRow("529") << FakeUpstream::openAiError(529, u"overloaded"_s, u"overloaded"_s)
                         << int(ErrorClass::Overloaded) << true;
    QTest::newRow("500") << FakeUpstream::openAiError(500, u"server"_s, u"oops"_s)
                         << int(ErrorClass::ServerError) << true;
    Response drop;
    drop.before = Response::Before::Drop;
    // Qt's HTTP layer re-sends a request whose fresh connection closed before any answer (up to
    // twice, not configurable in 6.4), so the dropping upstream may see it more than once.
    QTest::newRow("drop before answer") << drop << int(ErrorClass::Transport) << false;
}

void tst_CallExecutor::failsOverOnRetryable_R_REC_7()
{
    QFETCH(Response, failure);
    QFETCH(int, errorClass);
    QFETCH(bool, exactlyOnce);
    TwoUpstreams t;
    t.a.setDefault(failure);
    QVERIFY(t.h.start());
    const auto r = t.h.chat(u"test/x"_s);
    QCOMPARE(r.status, 200);
    if (exactlyOnce)
        QCOMPARE(t.a.requestCount(), 1);
    else
        QVERIFY(t.a.requestCount() >= 1);
    QCOMPARE(t.b.requestCount(), 1);
    QCOMPARE(r.header("x-gateway-attempts"), QByteArray("2"));
    QCOMPARE(r.header("x-gateway-served-by"), QByteArray("conn-b"));
    QVERIFY(!r.hasHeader("ib-fallback-model")); // failover inside a model is not a fallback
    const auto receipt = t.h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->attempts.size(), 2);
    QCOMPARE(int(receipt->attempts[0].errorClass), errorClass);
    QVERIFY(receipt->attempts[0].retryable);
    QVERIFY(!receipt->attempts[0].served);
    QVERIFY(receipt->attempts[1].served);
    QCOMPARE(Domain::toString(receipt->statusClass),
             Domain::toString(Domain::StatusClass::RetriedOk));
}

void tst_CallExecutor::finalErrorsAreNotRetried_R_REC_8_R_RCPT_2_data()
{
    QTest::addColumn<Response>("failure");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("code");
    QTest::newRow("400 invalid") << FakeUpstream::openAiError(400, u"bad_param"_s, u"bad"_s) << 400
                                 << QString();
    QTest::newRow("401 upstream auth") << FakeUpstream::openAiError(401, u"invalid_key"_s, u"no"_s)
                                       << 502 << u"upstream_auth_failed"_s;
    QTest::newRow("refusal") << FakeUpstream::openAiError(400, u"content_policy_violation"_s,
                                                          u"refused"_s)
                             << 400 << u"content_policy_violation"_s;
    QTest::newRow("undecodable 200")
        << FakeUpstream::json(200, "<html>not json</html>") << 502 << u"upstream_bad_response"_s;
    Response truncated = FakeUpstream::json(200, R"({"id":"x","model":"m","choi)");
    truncated.events = { { R"({"id":"x","mo)", 0 } };
    truncated.after = Response::After::Drop;
    QTest::newRow("stopped after start") << truncated << 502 << u"upstream_bad_response"_s;
}

void tst_CallExecutor::finalErrorsAreNotRetried_R_REC_8_R_RCPT_2()
{
    QFETCH(Response, failure);
    QFETCH(int, status);
    QFETCH(QString, code);
    TwoUpstreams t;
    t.a.enqueue(failure);
    QVERIFY(t.h.start());
    const auto r = t.h.chat(u"test/x"_s);
    QCOMPARE(r.status, status);
    QCOMPARE(t.a.requestCount(), 1);
    QCOMPARE(t.b.requestCount(), 0);
    QCOMPARE(r.header("x-should-retry"), QByteArray("false"));
    QCOMPARE(r.header("x-gateway-attempts"), QByteArray("1"));
    if (!code.isEmpty())
        QCOMPARE(r.json().value(u"error"_s).toObject().value(u"code"_s).toString(), code);
    const auto receipt = t.h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->httpStatus, status);
    QCOMPARE(receipt->attempts.size(), 1);
    QVERIFY(!receipt->attempts[0].retryable);
    QCOMPARE(Domain::toString(receipt->statusClass), Domain::toString(Domain::StatusClass::Failed));
}

void tst_CallExecutor::singleCandidateRetriesAfterRetryAfter_R_REC_5()
{
    FakeUpstream a;
    QVERIFY(a.listen());
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, a.baseUrl());
    h.addDirect(u"test/x"_s, { u"conn-a"_s }, GatewayHarness::fastRecovery(3, 0));
    a.enqueue(FakeUpstream::json(429, R"({"error":{"message":"slow","type":"rate","code":"rate"}})",
                                 { { "retry-after-ms", "150" } }));
    QVERIFY(h.start());
    const auto r = h.chat(u"test/x"_s);
    QCOMPARE(r.status, 200);
    QCOMPARE(a.requestCount(), 2);
    const auto receipt = h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->attempts.size(), 2);
    QCOMPARE(receipt->attempts[0].httpStatus, 429);
    QCOMPARE(Domain::toString(receipt->attempts[1].waitReason),
             Domain::toString(Domain::WaitReason::RetryAfter));
    QCOMPARE(receipt->attempts[1].waitMs, 150);
    QVERIFY(receipt->attempts[1].startOffsetMs >= 150);
}

void tst_CallExecutor::retryAfterBeyondDeadlineEndsCall_R_REC_6()
{
    FakeUpstream a;
    QVERIFY(a.listen());
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, a.baseUrl());
    h.addDirect(u"test/x"_s, { u"conn-a"_s }, GatewayHarness::fastRecovery(3, 0, 2000));
    a.enqueue(FakeUpstream::json(429, R"({"error":{"message":"slow","type":"rate","code":"rate"}})",
                                 { { "retry-after", "30" } }));
    QVERIFY(h.start());
    const auto r = h.chat(u"test/x"_s);
    QCOMPARE(r.status, 429);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"code"_s).toString(),
             u"upstream_rate_limited"_s);
    QCOMPARE(r.header("retry-after"), QByteArray("30"));
    QCOMPARE(r.header("x-should-retry"), QByteArray("false"));
    QCOMPARE(a.requestCount(), 1);
}

void tst_CallExecutor::cooldownSkipsAcrossCalls_R_REC_2()
{
    TwoUpstreams t;
    t.a.enqueue(FakeUpstream::openAiError(503, u"unavailable"_s, u"busy"_s));
    QVERIFY(t.h.start());
    QCOMPARE(t.h.chat(u"test/x"_s).status, 200);
    const auto second = t.h.chat(u"test/x"_s);
    QCOMPARE(second.status, 200);
    QCOMPARE(t.a.requestCount(), 1); // still cooling down: skipped
    QCOMPARE(t.b.requestCount(), 2);
    const auto receipt = t.h.receipt(second.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->attempts.size(), 1);
    QCOMPARE(receipt->skips.size(), 1);
    QCOMPARE(receipt->skips[0].connection, u"conn-a"_s);
    QCOMPARE(Domain::toString(receipt->skips[0].reason),
             Domain::toString(Domain::SkipReason::CoolingDown));
}

void tst_CallExecutor::attemptsOneTurnsRetriesOff_R_REC_1()
{
    TwoUpstreams t(1);
    t.a.enqueue(FakeUpstream::openAiError(503, u"unavailable"_s, u"busy"_s));
    QVERIFY(t.h.start());
    const auto r = t.h.chat(u"test/x"_s);
    QCOMPARE(r.status, 503);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"code"_s).toString(),
             u"no_healthy_route"_s);
    QCOMPARE(t.a.requestCount(), 1);
    QCOMPARE(t.b.requestCount(), 0);
    QCOMPARE(r.header("x-gateway-served-by"), QByteArray("conn-a")); // last upstream reached
}

namespace {

void addRegionPool(GatewayHarness &h, FakeUpstream &us, FakeUpstream &eu)
{
    h.addConnection(u"conn-us"_s, us.baseUrl(), Domain::Dialect::OpenAi, u"us-east-1"_s);
    h.addConnection(u"conn-eu"_s, eu.baseUrl(), Domain::Dialect::OpenAi, u"eu-west-1"_s);
    h.addDirect(u"test/us"_s, { u"conn-us"_s });
    h.addDirect(u"test/eu"_s, { u"conn-eu"_s });
    h.addPool(u"test/pool"_s, { { u"test/us"_s, 1 }, { u"test/eu"_s, 1 } });
}

} // namespace

void tst_CallExecutor::regionHeaderNarrows_R_REG_6()
{
    FakeUpstream us, eu;
    QVERIFY(us.listen() && eu.listen());
    GatewayHarness h;
    addRegionPool(h, us, eu);
    QVERIFY(h.start());
    for (int i = 0; i < 6; ++i) {
        const auto r
            = h.chat(u"test/pool"_s, { { "x-gateway-model-regions", " eu-west-1 , ap-south-1" } });
        QCOMPARE(r.status, 200);
        QCOMPARE(r.header("x-gateway-served-by"), QByteArray("conn-eu"));
        QCOMPARE(r.json().value(u"model"_s).toString(), u"test/pool"_s);
    }
    QCOMPARE(us.requestCount(), 0);
    QCOMPARE(eu.requestCount(), 6);
}

void tst_CallExecutor::invalidRegionHeaderRejected_R_REG_6_data()
{
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<QString>("message");
    QTest::newRow("dot") << QByteArray("eu.west.1")
                         << u"x-gateway-model-regions: invalid region name \"eu.west.1\""_s;
    QTest::newRow("empty element")
        << QByteArray("eu-west-1,,us-east-1") << u"x-gateway-model-regions: empty element"_s;
    QByteArray many;
    for (int i = 0; i < 33; ++i)
        many += (i ? "," : "") + QByteArray("r") + QByteArray::number(i);
    QTest::newRow("33 names") << many << u"x-gateway-model-regions: more than 32 names"_s;
    const QByteArray longName(65, 'a');
    QTest::newRow("65 chars") << longName
                              << u"x-gateway-model-regions: invalid region name \"%1\""_s.arg(
                                     QString::fromLatin1(longName));
}

void tst_CallExecutor::invalidRegionHeaderRejected_R_REG_6()
{
    QFETCH(QByteArray, value);
    QFETCH(QString, message);
    FakeUpstream us, eu;
    QVERIFY(us.listen() && eu.listen());
    GatewayHarness h;
    addRegionPool(h, us, eu);
    QVERIFY(h.start());
    const auto r = h.chat(u"test/pool"_s, { { "x-gateway-model-regions", value } });
    QCOMPARE(r.status, 400);
    const QJsonObject error = r.json().value(u"error"_s).toObject();
    QCOMPARE(error.value(u"code"_s).toString(), u"invalid_region_header"_s);
    QCOMPARE(error.value(u"message"_s).toString(), message);
    QCOMPARE(r.header("x-gateway-attempts"), QByteArray("0"));
    QCOMPARE(us.requestCount() + eu.requestCount(), 0);
    const auto receipt = h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->errorCode, u"invalid_region_header"_s);
}

void tst_CallExecutor::routeConstraintsUnmetExactText_R_REG_5()
{
    FakeUpstream us, eu;
    QVERIFY(us.listen() && eu.listen());
    GatewayHarness h;
    addRegionPool(h, us, eu);
    QVERIFY(h.start());
    const auto r = h.chat(u"test/pool"_s, { { "x-gateway-model-regions", "ap-south-1" } });
    QCOMPARE(r.status, 400);
    const QJsonObject error = r.json().value(u"error"_s).toObject();
    QCOMPARE(error.value(u"code"_s).toString(), u"route_constraints_unmet"_s);
    QCOMPARE(error.value(u"message"_s).toString(),
             u"No authorized deployment meets the route constraints."_s);
    QCOMPARE(us.requestCount() + eu.requestCount(), 0);
}

void tst_CallExecutor::weightedDistribution_R_PLAN_1()
{
    FakeUpstream a, b;
    QVERIFY(a.listen() && b.listen());
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, a.baseUrl());
    h.addConnection(u"conn-b"_s, b.baseUrl());
    h.addDirect(u"test/a"_s, { u"conn-a"_s });
    h.addDirect(u"test/b"_s, { u"conn-b"_s });
    h.addPool(u"test/pool"_s, { { u"test/a"_s, 3 }, { u"test/b"_s, 1 } });
    QVERIFY(h.start());
    const int calls = 200;
    for (int i = 0; i < calls; ++i)
        QCOMPARE(h.chat(u"test/pool"_s).status, 200);
    // Weight 3 vs 1: 150 expected; seed 42 is fixed, tolerance ±25 (≈ 4 standard deviations).
    QVERIFY2(qAbs(a.requestCount() - 150) <= 25, qPrintable(QString::number(a.requestCount())));
    QCOMPARE(a.requestCount() + b.requestCount(), calls);
}

void tst_CallExecutor::fallbackNamesFallbackModel_R_FALL_1()
{
    FakeUpstream a, b;
    QVERIFY(a.listen() && b.listen());
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, a.baseUrl());
    h.addConnection(u"conn-b"_s, b.baseUrl());
    h.addDirect(u"test/main"_s, { u"conn-a"_s }, GatewayHarness::fastRecovery(3, 60000));
    h.addDirect(u"test/backup"_s, { u"conn-b"_s });
    h.ws.directives.allowModelFallback = true;
    h.ws.directives.fallbackModels = QStringList { u"test/backup"_s };
    a.setDefault(FakeUpstream::openAiError(503, u"unavailable"_s, u"down"_s));
    QVERIFY(h.start());
    const auto r = h.chat(u"test/main"_s);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.header("ib-fallback-model"), QByteArray("test/backup"));
    QCOMPARE(r.json().value(u"model"_s).toString(), u"test/backup"_s);
    QCOMPARE(b.requestCount(), 1);
    const auto receipt = h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->fallbackModel, u"test/backup"_s);
    QCOMPARE(receipt->modelServed, u"test/backup"_s);
    QCOMPARE(Domain::toString(receipt->statusClass),
             Domain::toString(Domain::StatusClass::FellBack));
    QVERIFY(receipt->attempts.last().fallback);
    QVERIFY(!receipt->attempts.first().fallback);
}

void tst_CallExecutor::deprecatedAliasHeaderThenReplacement_R_ALIAS_2()
{
    for (const QDate today : { QDate(2026, 11, 29), QDate(2026, 12, 1) }) {
        FakeUpstream a;
        QVERIFY(a.listen());
        GatewayHarness h;
        h.today = today; // through GatewayService::setToday
        h.addConnection(u"conn-a"_s, a.baseUrl());
        h.addDirect(u"test/old"_s, { u"conn-a"_s });
        h.addDirect(u"test/new"_s, { u"conn-a"_s });
        Domain::Alias alias;
        alias.name = u"org/fast"_s;
        alias.target = u"test/old"_s;
        alias.deprecationDate = QDate(2026, 12, 1);
        alias.replacement = u"test/new"_s;
        h.ws.aliases << alias;
        QVERIFY(h.start());
        const auto r = h.chat(u"org/fast"_s);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.header("ib-alias-deprecated"),
                 QByteArray("date=2026-12-01; replacement=test/new"));
        const QString expected = today < alias.deprecationDate ? u"test/old"_s : u"test/new"_s;
        QCOMPARE(r.json().value(u"model"_s).toString(), expected);
        QCOMPARE(
            QJsonDocument::fromJson(a.received().at(0).body).object().value(u"model"_s).toString(),
            u"up-"_s + expected.section(u'/', 1));
        const auto receipt = h.receipt(r.requestId());
        QVERIFY(receipt);
        QCOMPARE(receipt->alias, u"org/fast"_s);
        QCOMPARE(receipt->modelResolved, expected);
    }
}

void tst_CallExecutor::streamPassesThroughWithModelRewritten_R_STR_1()
{
    TwoUpstreams t;
    t.a.enqueue(FakeUpstream::openAiStream(u"up-x"_s, 5, 30));
    QVERIFY(t.h.start());
    const auto s
        = t.h.stream(u"/v1/chat/completions"_s, GatewayHarness::chatBody(u"test/x"_s, true));
    QCOMPARE(s.reply.status, 200);
    QVERIFY(s.reads.size() > 1); // arrived incrementally, not as one body
    QVERIFY(s.reply.body.endsWith("data: [DONE]\n\n"));
    QCOMPARE(s.reply.body.count("\"model\":\"test/x\""), 6);
    QVERIFY(!s.reply.body.contains("up-x"));
    const auto receipt = t.h.receipt(s.reply.requestId());
    QVERIFY(receipt);
    QVERIFY(receipt->stream);
    QVERIFY(receipt->firstByteMs >= 0);
    QCOMPARE(receipt->httpStatus, 200);
}

void tst_CallExecutor::streamCutEndsWithErrorEvent_R_STR_1_data()
{
    QTest::addColumn<bool>("anthropic");
    QTest::newRow("openai") << false;
    QTest::newRow("anthropic") << true;
}

void tst_CallExecutor::streamCutEndsWithErrorEvent_R_STR_1()
{
    QFETCH(bool, anthropic);
    FakeUpstream a, b;
    QVERIFY(a.listen() && b.listen());
    GatewayHarness h;
    const Domain::Dialect dialect
        = anthropic ? Domain::Dialect::Anthropic : Domain::Dialect::OpenAi;
    h.addConnection(u"conn-a"_s, a.baseUrl(), dialect);
    h.addConnection(u"conn-b"_s, b.baseUrl(), dialect);
    h.addDirect(u"test/x"_s, { u"conn-a"_s, u"conn-b"_s });
    Response cut = anthropic ? FakeUpstream::anthropicStream(u"up-x"_s, 6, 20)
                             : FakeUpstream::openAiStream(u"up-x"_s, 6, 20);
    cut.events = cut.events.mid(0, 3);
    cut.after = Response::After::Drop;
    a.enqueue(cut);
    QVERIFY(h.start());
    const QString path = anthropic ? u"/v1/messages"_s : u"/v1/chat/completions"_s;
    QJsonObject body = GatewayHarness::chatBody(u"test/x"_s, true);
    if (anthropic)
        body[u"max_tokens"_s] = 100; // required on /v1/messages (R-DET)
    const auto s = h.stream(path, body);
    QCOMPARE(s.reply.status, 200);
    QVERIFY(!s.reply.body.contains("[DONE]"));
    QVERIFY2(s.reply.body.contains("stream_interrupted"), s.reply.body.constData());
    if (anthropic)
        QVERIFY(s.reply.body.contains(
            "event: error\ndata: {\"error\":{\"details\":{\"error_code\":\"stream_interrupted\"}"));
    else
        QVERIFY(s.reply.body.contains("data: {\"error\":{"));
    QCOMPARE(a.requestCount(), 1);
    QCOMPARE(b.requestCount(), 0); // once started, never moves (R-STR-1)
    const auto receipt = h.receipt(s.reply.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->errorCode, u"stream_interrupted"_s);
    QCOMPARE(receipt->attempts.size(), 1);
}

void tst_CallExecutor::idleStreamEnded_R_STR_2()
{
    TwoUpstreams t;
    t.h.setTimeout(Domain::RecoveryField::StreamIdleTimeoutMs, 300);
    Response stall = FakeUpstream::openAiStream(u"up-x"_s, 5, 0);
    stall.events = stall.events.mid(0, 2);
    stall.after = Response::After::Stall;
    t.a.enqueue(stall);
    QVERIFY(t.h.start());
    const auto s
        = t.h.stream(u"/v1/chat/completions"_s, GatewayHarness::chatBody(u"test/x"_s, true));
    QCOMPARE(s.reply.status, 200);
    QVERIFY(s.reply.body.contains("stream_interrupted"));
    QVERIFY(!s.reply.body.contains("[DONE]"));
    QCOMPARE(t.b.requestCount(), 0);
    const auto receipt = t.h.receipt(s.reply.requestId());
    QVERIFY(receipt);
    QCOMPARE(Domain::toString(receipt->attempts[0].errorClass),
             Domain::toString(ErrorClass::StoppedAnswering));
}

void tst_CallExecutor::stalledStreamBeforeFirstEventIs502_R_DET()
{
    TwoUpstreams t;
    t.h.setTimeout(Domain::RecoveryField::StreamIdleTimeoutMs, 300);
    Response stall = FakeUpstream::openAiStream(u"up-x"_s, 1, 0);
    stall.events.clear();
    stall.events.append({ QByteArray(": keep-alive comment without end"), 0 });
    stall.after = Response::After::Stall;
    t.a.enqueue(stall);
    QVERIFY(t.h.start());
    const auto r = t.h.chat(u"test/x"_s, {}, true);
    QCOMPARE(r.status, 502);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"code"_s).toString(),
             u"upstream_bad_response"_s);
    QCOMPARE(t.b.requestCount(), 0); // the upstream had started: not retried
}

void tst_CallExecutor::callerDisconnectAbortsUpstream_R_STR_4()
{
    TwoUpstreams t;
    t.a.enqueue(FakeUpstream::openAiStream(u"up-x"_s, 50, 100));
    QVERIFY(t.h.start());
    const auto s
        = t.h.stream(u"/v1/chat/completions"_s, GatewayHarness::chatBody(u"test/x"_s, true), 1);
    QTRY_COMPARE(t.a.clientAborts(), 1);
    QCOMPARE(t.b.requestCount(), 0);
    QTRY_COMPARE(t.h.receiptCount(), 1);
}

void tst_CallExecutor::callerHeadersNotForwarded_R_SEC_5()
{
    TwoUpstreams t;
    QVERIFY(t.h.start());
    const auto r
        = t.h.chat(u"test/x"_s, { { "x-gateway-debug", "1" }, { "x-api-key", "caller-secret" } });
    QCOMPARE(r.status, 200);
    const FakeUpstream::Received got = t.a.received().at(0);
    QCOMPARE(got.header("authorization"), QByteArray("Bearer upstream-secret-conn-a"));
    QVERIFY(got.header("x-api-key").isEmpty());
    QCOMPARE(got.header("accept-encoding"), QByteArray("identity"));
    for (const auto &hdr : got.headers) {
        QVERIFY2(!hdr.first.startsWith("x-gateway"), hdr.first.constData());
        QVERIFY(!hdr.second.contains(t.h.key.toLatin1()));
    }
    QVERIFY(!got.body.contains(t.h.key.toLatin1()));
}

void tst_CallExecutor::mayHaveBilledKeepsHold_R_BILL_2_data()
{
    QTest::addColumn<Response>("first");
    QTest::addColumn<bool>("refused"); // conn-a points at a closed port instead
    QTest::addColumn<bool>("stream");
    QTest::addColumn<bool>("holdKept");
    QTest::addColumn<bool>("failedOver");
    QTest::addColumn<QString>("code"); // the call's error code; empty: served by conn-b
    Response afterFirst = FakeUpstream::openAiStream(u"up-x"_s, 6, 10);
    afterFirst.events = afterFirst.events.mid(0, 2);
    afterFirst.after = Response::After::Drop;
    Response beforeFirst = FakeUpstream::openAiStream(u"up-x"_s, 6, 10);
    beforeFirst.events = { { QByteArrayLiteral("data: {\"id\":\"chatcmpl-fa"), 0 } };
    beforeFirst.after = Response::After::Drop;
    const Response undecodable = FakeUpstream::json(200, "<html>not json</html>");
    const Response busy = FakeUpstream::openAiError(503, u"unavailable"_s, u"busy"_s);
    const QString bad = u"upstream_bad_response"_s;
    QTest::newRow("200 stream died after first event")
        << afterFirst << false << true << true << false << u"stream_interrupted"_s;
    QTest::newRow("200 stream died before first event")
        << beforeFirst << false << true << true << false << bad;
    QTest::newRow("200 undecodable body") << undecodable << false << false << true << false << bad;
    QTest::newRow("503 before any answer") << busy << false << false << false << true << QString();
    QTest::newRow("connection refused")
        << Response {} << true << false << false << true << QString();
}

void tst_CallExecutor::mayHaveBilledKeepsHold_R_BILL_2()
{
    QFETCH(Response, first);
    QFETCH(bool, refused);
    QFETCH(bool, stream);
    QFETCH(bool, holdKept);
    QFETCH(bool, failedOver);
    QFETCH(QString, code);
    FakeUpstream a, b;
    QVERIFY(a.listen() && b.listen());
    QString closedUrl;
    {
        QTcpServer probe; // a port that was free a moment ago and now refuses connections
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        closedUrl = u"http://127.0.0.1:%1/v1"_s.arg(probe.serverPort());
    }
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, refused ? closedUrl : a.baseUrl());
    h.addConnection(u"conn-b"_s, b.baseUrl());
    h.addDirect(u"test/x"_s, { u"conn-a"_s, u"conn-b"_s });
    a.enqueue(first);
    b.setDefault(stream ? FakeUpstream::openAiStream(u"up-x"_s, 2)
                        : FakeUpstream::openAiChat(u"up-x"_s));
    QVERIFY(h.start());
    QJsonObject body = GatewayHarness::chatBody(u"test/x"_s, stream);
    body[u"max_tokens"_s] = 1000;
    const auto r = h.post(u"/v1/chat/completions"_s, body);
    QCOMPARE(b.requestCount(), failedOver ? 1 : 0);
    const auto receipt = h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->errorCode, code);
    QVERIFY(!r.body.contains("[DONE]") || code.isEmpty());
    QCOMPARE(receipt->attempts.size(), failedOver ? 2 : 1);
    const Domain::Attempt &attempt = receipt->attempts.at(0);
    QVERIFY(!attempt.served);
    QVERIFY2(attempt.holdAmount > 0, qPrintable(QString::number(attempt.holdAmount)));
    QCOMPARE(attempt.holdKept, holdKept);
    if (failedOver) {
        QCOMPARE(r.status, 200);
        QVERIFY(receipt->attempts.at(1).served);
        QVERIFY(!receipt->attempts.at(1).holdKept); // its usage is known: released
    }
    QVERIFY(receipt->holdTotal >= attempt.holdAmount);
}

void tst_CallExecutor::anthropicMessagesDialect_R_API_1()
{
    FakeUpstream a;
    QVERIFY(a.listen());
    GatewayHarness h;
    h.addConnection(u"claude"_s, a.baseUrl(), Domain::Dialect::Anthropic);
    h.addDirect(u"anthropic/sonnet"_s, { u"claude"_s });
    a.enqueue(FakeUpstream::anthropicMessage(u"up-sonnet"_s));
    QVERIFY(h.start());
    QJsonObject body = GatewayHarness::chatBody(u"anthropic/sonnet"_s);
    body[u"max_tokens"_s] = 100;
    const auto r = h.post(u"/v1/messages"_s, body);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(u"model"_s).toString(), u"anthropic/sonnet"_s);
    QCOMPARE(r.header("request-id"), r.header("x-request-id"));
    const FakeUpstream::Received got = a.received().at(0);
    QCOMPARE(got.target, QByteArray("/v1/messages"));
    QCOMPARE(got.header("x-api-key"), QByteArray("upstream-secret-claude"));
    QVERIFY(!got.header("anthropic-version").isEmpty());
    // The OpenAI endpoint reaches it through translation (R-XLAT-1).
    a.enqueue(FakeUpstream::anthropicMessage(u"up-sonnet"_s, u"translated"_s));
    const auto openai = h.chat(u"anthropic/sonnet"_s);
    QCOMPARE(openai.status, 200);
    QCOMPARE(openai.json().value(u"object"_s).toString(), u"chat.completion"_s);
    QCOMPARE(openai.json()[u"choices"_s][0][u"message"_s][u"content"_s].toString(),
             u"translated"_s);
    QCOMPARE(a.requestCount(), 2);
    QCOMPARE(a.received().at(1).target, QByteArray("/v1/messages"));
}

void tst_CallExecutor::streamErrorEventInterrupts_R_DET_data()
{
    QTest::addColumn<bool>("anthropic");
    QTest::newRow("openai data: {error}") << false;
    QTest::newRow("anthropic event: error") << true;
}

// An error event inside a 200 stream after some chunks is a failure partway (R-DET): the caller
// gets the gateway's stream_interrupted quoting the upstream's message, no [DONE] and nothing the
// upstream sent after its error; the receipt records a failed attempt, stopped answering after it
// had started, with the upstream's error type and message.
void tst_CallExecutor::streamErrorEventInterrupts_R_DET()
{
    QFETCH(bool, anthropic);
    TwoOfDialect t(anthropic);
    Response r = t.upstreamStream(4, 30);
    QList<FakeUpstream::Event> events = r.events.mid(0, 2);
    events.append({ t.upstreamErrorEvent(), 30 });
    events.append(r.events.mid(2)); // what a provider may still send: more chunks, the end
    r.events = events;
    t.a.enqueue(r);
    QVERIFY(t.h.start());
    const auto s = t.h.stream(t.path(), t.body());
    QCOMPARE(s.reply.status, 200);
    QVERIFY(s.reads.size() > 1); // the first chunks arrived before the error
    QVERIFY2(s.reply.body.contains("stream_interrupted"), s.reply.body.constData());
    QVERIFY(s.reply.body.contains("Upstream melted"));
    QVERIFY(!s.reply.body.contains("overloaded_error")); // not the upstream's event as it came
    QVERIFY(!s.reply.body.contains("[DONE]"));
    QVERIFY(!s.reply.body.contains("message_stop"));
    QVERIFY(!s.reply.body.contains("w2 "));
    QCOMPARE(t.a.requestCount(), 1);
    QCOMPARE(t.b.requestCount(), 0);
    const auto receipt = t.h.receipt(s.reply.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->errorCode, u"stream_interrupted"_s);
    QCOMPARE(Domain::toString(receipt->statusClass), Domain::toString(Domain::StatusClass::Failed));
    QCOMPARE(receipt->attempts.size(), 1);
    const Domain::Attempt &attempt = receipt->attempts.at(0);
    QVERIFY(!attempt.served);
    QCOMPARE(Domain::toString(attempt.errorClass), Domain::toString(ErrorClass::StoppedAnswering));
    // An error event, with the upstream's own words.
    QCOMPARE(Domain::toString(attempt.transportError.failure),
             Domain::toString(Domain::TransportFailure::ErrorEvent));
    QVERIFY2(attempt.transportError.detail.contains(u"overloaded_error"_s),
             qPrintable(attempt.transportError.detail));
    QVERIFY(attempt.transportError.detail.contains(u"Upstream melted"_s));
}

void tst_CallExecutor::streamErrorAsFirstEventIs502_R_DET_data()
{
    QTest::addColumn<bool>("anthropic");
    QTest::newRow("openai") << false;
    QTest::newRow("anthropic") << true;
}

// As the stream's first event (a comment before it does not count), nothing has reached the
// caller: 502 upstream_bad_response quoting the upstream, not retried (it had started) (R-DET).
void tst_CallExecutor::streamErrorAsFirstEventIs502_R_DET()
{
    QFETCH(bool, anthropic);
    TwoOfDialect t(anthropic);
    Response r = t.upstreamStream(3, 20);
    r.events.prepend({ t.upstreamErrorEvent(), 20 });
    r.events.prepend({ QByteArrayLiteral(": warming up\n\n"), 0 });
    t.a.enqueue(r);
    QVERIFY(t.h.start());
    const auto answer = t.h.post(t.path(), t.body());
    QCOMPARE(answer.status, 502);
    QCOMPARE(t.gatewayCode(answer.json()), u"upstream_bad_response"_s);
    const QString message
        = answer.json().value(u"error"_s).toObject().value(u"message"_s).toString();
    QVERIFY2(message.contains(u"Upstream melted"_s), qPrintable(message));
    QCOMPARE(answer.header("x-should-retry"), QByteArray("false"));
    QCOMPARE(t.a.requestCount(), 1);
    QCOMPARE(t.b.requestCount(), 0);
    const auto receipt = t.h.receipt(answer.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->attempts.size(), 1);
    QCOMPARE(Domain::toString(receipt->attempts.at(0).errorClass),
             Domain::toString(ErrorClass::StoppedAnswering));
    QCOMPARE(Domain::toString(receipt->attempts.at(0).transportError.failure),
             Domain::toString(Domain::TransportFailure::ErrorEvent));
    QVERIFY(receipt->attempts.at(0).transportError.detail.contains(u"overloaded_error"_s));
}

void tst_CallExecutor::passedThrough4xxKeepsCodeAsSent_R_DET_data()
{
    QTest::addColumn<bool>("anthropic");
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("upstreamBody");
    QTest::addColumn<QString>("type"); // error.type the caller sees
    QTest::addColumn<QJsonValue>("code"); // error.code / error.details.error_code
    QTest::newRow("openai 410 code null")
        << false << 410
        << QByteArray(
               R"({"error":{"message":"This model is gone","type":"invalid_request_error","code":null}})")
        << u"invalid_request_error"_s << QJsonValue();
    QTest::newRow("openai code left out, type kept")
        << false << 400
        << QByteArray(R"({"error":{"message":"This model is gone","type":"odd_type"}})")
        << u"odd_type"_s << QJsonValue();
    QTest::newRow("openai code kept")
        << false << 422
        << QByteArray(
               R"({"error":{"message":"This model is gone","type":"t","code":"model_gone"}})")
        << u"t"_s << QJsonValue(u"model_gone"_s);
    QTest::newRow("anthropic 404: type follows the status, no code")
        << true << 404
        << QByteArray(
               R"({"type":"error","error":{"type":"odd_error","message":"This model is gone"}})")
        << u"not_found_error"_s << QJsonValue();
}

// An upstream 4xx passed through keeps code, type and message as sent; a code left out or null
// stays null, never an invented "invalid_request_error" (R-DET). The receipt still names a code.
void tst_CallExecutor::passedThrough4xxKeepsCodeAsSent_R_DET()
{
    QFETCH(bool, anthropic);
    QFETCH(int, status);
    QFETCH(QByteArray, upstreamBody);
    QFETCH(QString, type);
    QFETCH(QJsonValue, code);
    TwoOfDialect t(anthropic);
    t.a.enqueue(FakeUpstream::json(status, upstreamBody));
    QVERIFY(t.h.start());
    const auto r = t.h.post(t.path(), t.body(false));
    QCOMPARE(r.status, status);
    const QJsonObject error = r.json().value(u"error"_s).toObject();
    QCOMPARE(error.value(u"type"_s).toString(), type);
    QCOMPARE(error.value(u"message"_s).toString(), u"This model is gone"_s);
    const QJsonValue got = anthropic ? error.value(u"details"_s).toObject().value(u"error_code"_s)
                                     : error.value(u"code"_s);
    QCOMPARE(got, code);
    if (!anthropic)
        QVERIFY(error.contains(u"code"_s)); // present, as null
    QCOMPARE(t.b.requestCount(), 0);
    const auto receipt = t.h.receipt(r.requestId());
    QVERIFY(receipt);
    QVERIFY(!receipt->errorCode.isEmpty());
    QCOMPARE(Domain::toString(receipt->statusClass), Domain::toString(Domain::StatusClass::Failed));
}

// The status line waits for the first complete event that is not an error event; comments are not
// one, yet they restart the stream idle timeout, so a comments-only stream ends at the deadline:
// 504 deadline_exceeded, not a 200 (SPEC §2 step 5, R-DET). On simulated time: the test writes each
// comment and moves time itself.
void tst_CallExecutor::commentsOnlyStreamEndsAtDeadline_R_DET()
{
    QTcpServer a;
    QVERIFY(a.listen(QHostAddress::LocalHost, 0));
    QTcpSocket *upstream = nullptr;
    QByteArray asked;
    connect(&a, &QTcpServer::newConnection, this, [&] {
        upstream = a.nextPendingConnection();
        connect(upstream, &QTcpSocket::readyRead, upstream, [&] { asked += upstream->readAll(); });
    });
    FakeUpstream b;
    QVERIFY(b.listen());
    SimulatedTime time;
    GatewayHarness h;
    h.time = &time;
    h.addConnection(u"conn-a"_s, u"http://127.0.0.1:%1/v1"_s.arg(a.serverPort()));
    h.addConnection(u"conn-b"_s, b.baseUrl());
    h.addDirect(u"test/x"_s, { u"conn-a"_s, u"conn-b"_s },
                GatewayHarness::fastRecovery(3, 60000, 1500));
    h.setTimeout(Domain::RecoveryField::StreamIdleTimeoutMs, 600);
    QVERIFY(h.start());
    QNetworkReply *reply = h.startChat(u"test/x"_s, true);
    QTRY_VERIFY(upstream && asked.contains("\r\n\r\n"));
    // Each write is flushed to the kernel, then /metrics is asked: the gateway answers it only
    // after it read what was on its sockets before, so the bytes arrived at this simulated time.
    const auto send = [&](const QByteArray &bytes) {
        upstream->write(bytes);
        upstream->flush();
        return h.metric("switchboard_calls_in_flight");
    };
    QCOMPARE(send("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                  "Transfer-Encoding: chunked\r\n\r\n"),
             1);
    // A comment every 500 ms, well inside the 600 ms idle timeout.
    for (int i = 0; i < 2; ++i) {
        time.advance(500);
        QCOMPARE(send("8\r\n: ping\n\n\r\n"), 1);
    }
    time.advance(499);
    QCOMPARE(h.metric("switchboard_calls_in_flight"), 1); // 1 ms before the deadline
    time.advance(1);
    QTRY_VERIFY(reply->isFinished());
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 504);
    const QJsonObject error
        = QJsonDocument::fromJson(reply->readAll()).object().value(u"error"_s).toObject();
    QCOMPARE(error.value(u"code"_s).toString(), u"deadline_exceeded"_s);
    const auto receipt = h.receipt(QString::fromLatin1(reply->rawHeader("x-request-id")));
    reply->deleteLater();
    QVERIFY(receipt);
    QCOMPARE(receipt->latencyMs, qint64(1500)); // at the deadline, on the gateway's clock
    QCOMPARE(receipt->attempts.size(), 1);
    QCOMPARE(Domain::toString(receipt->attempts[0].errorClass),
             Domain::toString(ErrorClass::Deadline));
    QCOMPARE(b.requestCount(), 0);
}

// Required fields are checked after alias resolution and before directives (R-DET): a model the
// directives do not allow, sent with empty messages, is 400 naming the field, not 403; no attempt.
void tst_CallExecutor::requiredFieldsBeforeDirectives_R_DET()
{
    TwoUpstreams t;
    t.h.addConnection(u"claude"_s, t.a.baseUrl(), Domain::Dialect::Anthropic);
    t.h.addDirect(u"anthropic/sonnet"_s, { u"claude"_s });
    t.h.ws.directives.allowedModels = QStringList { u"anthropic/*"_s };
    QVERIFY(t.h.start());
    QJsonObject empty = GatewayHarness::chatBody(u"test/x"_s);
    empty[u"messages"_s] = QJsonArray();
    const auto r = t.h.post(u"/v1/chat/completions"_s, empty);
    QCOMPARE(r.status, 400);
    const QJsonObject error = r.json().value(u"error"_s).toObject();
    QCOMPARE(error.value(u"code"_s).toString(), u"invalid_request"_s);
    QVERIFY2(error.value(u"message"_s).toString().contains(u"\"messages\""_s),
             qPrintable(error.value(u"message"_s).toString()));
    QCOMPARE(r.header("x-gateway-attempts"), QByteArray("0"));
    // With messages the directives decide: 403.
    QCOMPARE(t.h.chat(u"test/x"_s).status, 403);
    // /v1/messages needs max_tokens.
    const auto m = t.h.post(u"/v1/messages"_s, GatewayHarness::chatBody(u"anthropic/sonnet"_s));
    QCOMPARE(m.status, 400);
    QVERIFY(m.json()
                .value(u"error"_s)
                .toObject()
                .value(u"message"_s)
                .toString()
                .contains(u"\"max_tokens\""_s));
    QCOMPARE(t.a.requestCount(), 0);
    const auto receipt = t.h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->attempts.size(), 0);
    QCOMPARE(Domain::toString(receipt->errorClass), Domain::toString(ErrorClass::InvalidRequest));
}

// A pool whose single deployment has two offerings: the candidate is the first offering, and its
// retries go back to that same offering, never to the deployment model's second one (R-DET).
void tst_CallExecutor::poolSingleDeploymentRetriesSameOffering_R_DET()
{
    FakeUpstream a, b;
    QVERIFY(a.listen() && b.listen());
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, a.baseUrl());
    h.addConnection(u"conn-b"_s, b.baseUrl());
    h.addDirect(u"test/two"_s, { u"conn-a"_s, u"conn-b"_s });
    h.addPool(u"test/pool"_s, { { u"test/two"_s, 1 } }, GatewayHarness::fastRecovery(3, 50));
    a.enqueue(FakeUpstream::openAiError(503, u"busy"_s, u"busy"_s));
    QVERIFY(h.start());
    const auto r = h.chat(u"test/pool"_s);
    QCOMPARE(r.status, 200);
    QCOMPARE(a.requestCount(), 2);
    QCOMPARE(b.requestCount(), 0);
}

QTEST_MAIN(tst_CallExecutor)
#include "tst_callexecutor.moc"
