#include "fixedrandom.h"
#include "gateway/callexecutor.h"
#include "gateway/requestintake.h"
#include "gatewayharness.h"
#include "routing/cooldownbook.h"
#include "simulatedtime.h"
#include "simulator/simulatortransport.h"

#include <QTest>

using namespace Qt::StringLiterals;
using Response = FakeUpstream::Response;

// CallExecutor, continued: timeouts, deadlines, refused connections, all-cooling plans, preset
// defaults and embeddings, observed from outside (R-REC-6, R-REC-7, R-STR-3, R-ALIAS-3, R-API-1).
class tst_CallExecutorTimeouts : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void streamWithoutStatusLineFailsOver_R_REC_7();
    void refusedConnectionFailsOver_R_REC_7();
    void deadlineEndsWaitingCall_R_REC_6();
    void deadlineEndsStreamWithErrorEvent_R_STR_3();
    void allCoolingAnswers503WithRetryAfter_R_REG_5();
    void presetDefaultsFillMissingFields_R_ALIAS_3();
    void presetDefaultsOnEveryAttempt_R_ALIAS_3();
    void embeddingsRouted_R_API_1();
    void receiptTimesReadTheInjectedClock_R_RCPT_1_data();
    void receiptTimesReadTheInjectedClock_R_RCPT_1();
};

void tst_CallExecutorTimeouts::streamWithoutStatusLineFailsOver_R_REC_7()
{
    FakeUpstream a, b;
    QVERIFY(a.listen() && b.listen());
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, a.baseUrl());
    h.addConnection(u"conn-b"_s, b.baseUrl());
    h.addDirect(u"test/x"_s, { u"conn-a"_s, u"conn-b"_s });
    h.setTimeout(Domain::RecoveryField::StreamStartTimeoutMs, 300);
    Response silent;
    silent.before = Response::Before::Stall;
    a.setDefault(silent);
    b.setDefault(FakeUpstream::openAiStream(u"up-x"_s, 3));
    QVERIFY(h.start());
    const auto s = h.stream(u"/v1/chat/completions"_s, GatewayHarness::chatBody(u"test/x"_s, true));
    QCOMPARE(s.reply.status, 200);
    QCOMPARE(s.reply.header("x-gateway-served-by"), QByteArray("conn-b"));
    QVERIFY(s.reply.body.endsWith("data: [DONE]\n\n"));
    const auto receipt = h.receipt(s.reply.requestId());
    QVERIFY(receipt);
    QCOMPARE(Domain::toString(receipt->attempts[0].errorClass),
             Domain::toString(Domain::ErrorClass::FirstByteTimeout));
    QTRY_COMPARE(a.clientAborts(), 1);
}

void tst_CallExecutorTimeouts::refusedConnectionFailsOver_R_REC_7()
{
    FakeUpstream b;
    QVERIFY(b.listen());
    quint16 closedPort = 0;
    {
        FakeUpstream gone; // bound then released: nothing listens there any more
        QVERIFY(gone.listen());
        closedPort = gone.port();
    }
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, u"http://127.0.0.1:%1/v1"_s.arg(closedPort));
    h.addConnection(u"conn-b"_s, b.baseUrl());
    h.addDirect(u"test/x"_s, { u"conn-a"_s, u"conn-b"_s });
    QVERIFY(h.start());
    const auto r = h.chat(u"test/x"_s);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.header("x-gateway-served-by"), QByteArray("conn-b"));
    const auto receipt = h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->attempts[0].httpStatus, 0);
    QCOMPARE(Domain::toString(receipt->attempts[0].transportError.failure),
             Domain::toString(Domain::TransportFailure::ConnectRefused));
    QCOMPARE(Domain::toString(receipt->attempts[0].errorClass),
             Domain::toString(Domain::ErrorClass::Transport));
}

void tst_CallExecutorTimeouts::deadlineEndsWaitingCall_R_REC_6()
{
    FakeUpstream a;
    QVERIFY(a.listen());
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, a.baseUrl());
    h.addDirect(u"test/x"_s, { u"conn-a"_s }, GatewayHarness::fastRecovery(3, 0, 400));
    Response slow = FakeUpstream::openAiChat(u"up-x"_s);
    slow.delayMs = 5000;
    a.setDefault(slow);
    QVERIFY(h.start());
    const auto r = h.chat(u"test/x"_s);
    QCOMPARE(r.status, 504);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"code"_s).toString(),
             u"deadline_exceeded"_s);
    QCOMPARE(r.header("x-should-retry"), QByteArray("false"));
    QCOMPARE(a.requestCount(), 1);
    QTRY_COMPARE(a.clientAborts(), 1); // the attempt was cancelled at the deadline
    const auto receipt = h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(Domain::toString(receipt->attempts[0].errorClass),
             Domain::toString(Domain::ErrorClass::Deadline));
}

void tst_CallExecutorTimeouts::deadlineEndsStreamWithErrorEvent_R_STR_3()
{
    FakeUpstream a;
    QVERIFY(a.listen());
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, a.baseUrl());
    // The first event comes after 100 ms, the stream would take 4 s: the 1.5 s deadline ends it.
    h.addDirect(u"test/x"_s, { u"conn-a"_s }, GatewayHarness::fastRecovery(3, 0, 1500));
    a.setDefault(FakeUpstream::openAiStream(u"up-x"_s, 40, 100));
    QVERIFY(h.start());
    const auto s = h.stream(u"/v1/chat/completions"_s, GatewayHarness::chatBody(u"test/x"_s, true));
    QCOMPARE(s.reply.status, 200);
    QVERIFY(s.reply.body.contains("\"w0 \""));
    QVERIFY(!s.reply.body.contains("[DONE]"));
    QVERIFY2(s.reply.body.contains("The deadline passed"), s.reply.body.right(300).constData());
    QVERIFY(s.reply.body.contains("stream_interrupted"));
    QCOMPARE(a.requestCount(), 1);
}

void tst_CallExecutorTimeouts::allCoolingAnswers503WithRetryAfter_R_REG_5()
{
    FakeUpstream a;
    QVERIFY(a.listen());
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, a.baseUrl());
    // Cooldown 60 s > deadline 10 s: the second call cannot wait for it.
    h.addDirect(u"test/x"_s, { u"conn-a"_s }, GatewayHarness::fastRecovery(1, 60000));
    a.setDefault(FakeUpstream::openAiError(503, u"down"_s, u"down"_s));
    QVERIFY(h.start());
    QCOMPARE(h.chat(u"test/x"_s).status, 503);
    const auto r = h.chat(u"test/x"_s);
    QCOMPARE(r.status, 503);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"code"_s).toString(),
             u"no_healthy_route"_s);
    const int retryAfter = r.header("retry-after").toInt();
    QVERIFY2(retryAfter > 50 && retryAfter <= 60, r.header("retry-after").constData());
    QCOMPARE(r.header("x-gateway-attempts"), QByteArray("0"));
    QCOMPARE(a.requestCount(), 1);
}

void tst_CallExecutorTimeouts::presetDefaultsFillMissingFields_R_ALIAS_3()
{
    FakeUpstream a;
    QVERIFY(a.listen());
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, a.baseUrl());
    h.addDirect(u"test/x"_s, { u"conn-a"_s });
    Domain::Alias preset;
    preset.name = u"org/careful"_s;
    preset.target = u"test/x"_s;
    preset.presetDefaults = QJsonObject { { u"temperature"_s, 0.2 }, { u"top_p"_s, 0.5 } };
    h.ws.aliases << preset;
    QVERIFY(h.start());
    QJsonObject body = GatewayHarness::chatBody(u"org/careful"_s);
    body[u"top_p"_s] = 0.9;
    const auto r = h.post(u"/v1/chat/completions"_s, body);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(u"model"_s).toString(), u"test/x"_s);
    const QJsonObject sent = QJsonDocument::fromJson(a.received().at(0).body).object();
    QCOMPARE(sent.value(u"temperature"_s).toDouble(), 0.2);
    QCOMPARE(sent.value(u"top_p"_s).toDouble(), 0.9); // the caller's value wins
    QCOMPARE(sent.value(u"model"_s).toString(), u"up-x"_s);
}

void tst_CallExecutorTimeouts::presetDefaultsOnEveryAttempt_R_ALIAS_3()
{
    // The defaults are added once per call: an attempt after a retryable failure sends them too.
    FakeUpstream a;
    FakeUpstream b;
    QVERIFY(a.listen() && b.listen());
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, a.baseUrl());
    h.addConnection(u"conn-b"_s, b.baseUrl());
    h.addDirect(u"test/x"_s, { u"conn-a"_s, u"conn-b"_s });
    a.setDefault(FakeUpstream::json(503, R"({"error":{"message":"busy"}})"));
    b.setDefault(FakeUpstream::json(503, R"({"error":{"message":"busy"}})"));
    Domain::Alias preset;
    preset.name = u"org/careful"_s;
    preset.target = u"test/x"_s;
    preset.presetDefaults = QJsonObject { { u"temperature"_s, 0.2 } };
    h.ws.aliases << preset;
    QVERIFY(h.start());
    const auto r = h.post(u"/v1/chat/completions"_s, GatewayHarness::chatBody(u"org/careful"_s));
    QCOMPARE(r.status, 503);
    QList<FakeUpstream::Received> sent = a.received() + b.received();
    QCOMPARE(sent.size(), 2);
    QCOMPARE(r.header("x-gateway-attempts"), QByteArray("2"));
    for (const FakeUpstream::Received &request : sent) {
        const QJsonObject o = QJsonDocument::fromJson(request.body).object();
        QCOMPARE(o.value(u"temperature"_s).toDouble(), 0.2);
        QCOMPARE(o.value(u"model"_s).toString(), u"up-x"_s);
    }
}

void tst_CallExecutorTimeouts::embeddingsRouted_R_API_1()
{
    FakeUpstream a;
    QVERIFY(a.listen());
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, a.baseUrl());
    h.addDirect(u"test/embed"_s, { u"conn-a"_s }).modality = Domain::Modality::Embedding;
    h.addDirect(u"test/chat"_s, { u"conn-a"_s });
    a.setDefault(FakeUpstream::openAiEmbedding(u"up-embed"_s));
    QVERIFY(h.start());
    const QJsonObject body { { u"model"_s, u"test/embed"_s }, { u"input"_s, u"hello"_s } };
    const auto r = h.post(u"/v1/embeddings"_s, body);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(u"model"_s).toString(), u"test/embed"_s);
    QCOMPARE(a.received().at(0).target, QByteArray("/v1/embeddings"));
    // A chat model cannot serve embeddings (R-PLAN-4 cannot_serve): nothing is sent.
    const auto wrong
        = h.post(u"/v1/embeddings"_s,
                 QJsonObject { { u"model"_s, u"test/chat"_s }, { u"input"_s, u"x"_s } });
    QCOMPARE(wrong.status, 400);
    QCOMPARE(a.requestCount(), 1);
}

void tst_CallExecutorTimeouts::receiptTimesReadTheInjectedClock_R_RCPT_1_data()
{
    QTest::addColumn<Domain::CallKind>("kind");
    QTest::newRow("a caller's call") << Domain::CallKind::Call;
    QTest::newRow("a probe, without a caller's connection") << Domain::CallKind::Probe;
}

void tst_CallExecutorTimeouts::receiptTimesReadTheInjectedClock_R_RCPT_1()
{
    // One time source: the receipt's latency and offsets read the clock the router's
    // deadline reads, so on simulated time they show exactly how far the test moved it.
    // The input's kind (a probe runner's call) is the receipt's.
    QFETCH(Domain::CallKind, kind);
    GatewayHarness h;
    Domain::Connection &c = h.addConnection(u"sim"_s, {}, Domain::Dialect::Simulator);
    c.simulator.latencyMs = 200; // simulated too: the answer comes when the test moves time
    h.addDirect(u"test/x"_s, { u"sim"_s });
    h.setTimeout(Domain::RecoveryField::ConnectTimeoutMs, 60000); // not passed by the move
    const auto ws = std::make_shared<const Domain::Workspace>(h.ws);
    Gateway::HttpRequest request;
    request.method = "POST";
    request.path = "/v1/chat/completions";
    request.body
        = QJsonDocument(GatewayHarness::chatBody(u"test/x"_s)).toJson(QJsonDocument::Compact);
    auto parsed = Gateway::parseCall(request, Domain::Endpoint::ChatCompletions, ws->keys.first());
    QVERIFY(std::holds_alternative<Gateway::CallInput>(parsed));
    Gateway::CallInput input = std::get<Gateway::CallInput>(std::move(parsed));
    input.snapshot = ws;
    input.kind = kind;

    SimulatedTime clock;
    FixedRandom random;
    Routing::CooldownBook cooldowns;
    Gateway::DeadlineWheel wheel(&clock);
    Gateway::SimulatorTransport simulator(1, &wheel);
    struct Owner : Gateway::CallOwner
    {
        std::optional<Domain::Receipt> receipt;
        void callFinished(Gateway::CallExecutor *, Domain::CallRecord &&r,
                          const Routing::RouterStats &) override
        {
            receipt = r.toReceipt();
        }
        void callStreamPaused() override { }
    } owner;
    const Gateway::CallEnvironment env { &cooldowns, &clock,     &clock, &random,
                                         nullptr,    &simulator, &owner };
    auto executor = std::make_unique<Gateway::CallExecutor>(env, std::move(input), nullptr);
    std::optional<Domain::Receipt> &receipt = owner.receipt;
    executor->start();
    clock.advance(5000);
    QTRY_VERIFY(receipt);
    QCOMPARE(receipt->httpStatus, 200);
    QCOMPARE(Domain::toString(receipt->kind), Domain::toString(kind));
    QCOMPARE(receipt->latencyMs, qint64(5000));
    QCOMPARE(receipt->attempts.size(), 1);
    QCOMPARE(receipt->attempts[0].startOffsetMs, qint64(0));
    QCOMPARE(receipt->attempts[0].latencyMs, qint64(5000));
}

QTEST_MAIN(tst_CallExecutorTimeouts)
#include "tst_callexecutortimeouts.moc"
