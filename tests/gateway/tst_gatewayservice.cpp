#include "gatewayharness.h"

#include <QTest>

using namespace Qt::StringLiterals;
using Response = FakeUpstream::Response;

// The service as the studio and the headless app drive it: start, live figures, config swaps,
// drain/re-enable and a graceful stop (R-THR-1, R-UI-11, R-RCPT-1).
class tst_GatewayService : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void startFailsOnBusyPort();
    void statsAndCallFinishedAreReported_R_THR_1();
    void gracefulStopFinishesCallInFlight_R_RCPT_1();
    void stopEndsCallsAfterGrace_R_RCPT_1();
    void applyConfigKeepsCallsOnTheirSnapshot();
    void drainSkipsCandidateUntilReenabled_R_UI_11();
    void simulatorServesOffline_R_CONN_1();
    void everyConcurrentCallHasItsReceipt_R_RCPT_1();
    void rejectedCredentialShowsInHealth_R_REC_8();
};

void tst_GatewayService::startFailsOnBusyPort()
{
    FakeUpstream blocker;
    QVERIFY(blocker.listen());
    GatewayHarness h;
    h.options.port = blocker.port();
    QVERIFY(h.writer()->start());
    Gateway::GatewayService service;
    QSignalSpy failed(&service, &Gateway::GatewayService::failed);
    service.start(h.options, std::make_shared<const Domain::Workspace>(h.ws));
    QVERIFY(failed.wait(5000));
    QVERIFY(failed.at(0).at(0).toString().contains(QString::number(blocker.port())));
    QVERIFY(!service.isRunning());
}

void tst_GatewayService::statsAndCallFinishedAreReported_R_THR_1()
{
    FakeUpstream up;
    QVERIFY(up.listen());
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, up.baseUrl());
    h.addDirect(u"test/x"_s, { u"conn-a"_s });
    QVERIFY(h.start());
    QSignalSpy finished(h.service.get(), &Gateway::GatewayService::callFinished);
    QSignalSpy stats(h.service.get(), &Gateway::GatewayService::statsChanged);
    const auto r = h.chat(u"test/x"_s);
    QCOMPARE(r.status, 200);
    QTRY_COMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(0).toString(), r.requestId());
    QTRY_VERIFY(!stats.isEmpty()
                && stats.last().at(0).value<Gateway::LiveStats>().totals.calls == 1);
    const auto s = stats.last().at(0).value<Gateway::LiveStats>();
    QVERIFY(s.running);
    QCOMPARE(s.address, h.address);
    QCOMPARE(s.totals.attempts, 1);
}

void tst_GatewayService::gracefulStopFinishesCallInFlight_R_RCPT_1()
{
    FakeUpstream up;
    QVERIFY(up.listen());
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, up.baseUrl());
    h.addDirect(u"test/x"_s, { u"conn-a"_s });
    Response slow = FakeUpstream::openAiChat(u"up-x"_s);
    slow.delayMs = 300;
    up.enqueue(slow);
    QVERIFY(h.start());
    QNetworkReply *reply = h.startChat(u"test/x"_s);
    QTRY_COMPARE(up.requestCount(), 1);
    QSignalSpy stopped(h.service.get(), &Gateway::GatewayService::stopped);
    h.service->stop();
    QSignalSpy done(reply, &QNetworkReply::finished);
    QVERIFY(reply->isFinished() || done.wait(5000));
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    QVERIFY(stopped.size() == 1 || stopped.wait(5000));
    const QString id = QString::fromLatin1(reply->rawHeader("x-request-id"));
    const auto receipt = h.receipt(id);
    QVERIFY(receipt);
    QCOMPARE(receipt->httpStatus, 200);
    // No longer accepting.
    QTcpSocket probe;
    probe.connectToHost(QHostAddress::LocalHost, quint16(h.address.section(u':', -1).toUInt()));
    QVERIFY(!probe.waitForConnected(1000));
    reply->deleteLater();
}

void tst_GatewayService::stopEndsCallsAfterGrace_R_RCPT_1()
{
    FakeUpstream up;
    QVERIFY(up.listen());
    GatewayHarness h;
    h.options.shutdownGraceMs = 200;
    h.addConnection(u"conn-a"_s, up.baseUrl());
    h.addDirect(u"test/x"_s, { u"conn-a"_s });
    Response stall;
    stall.before = Response::Before::Stall;
    up.setDefault(stall);
    QVERIFY(h.start());
    QNetworkReply *reply = h.startChat(u"test/x"_s);
    QTRY_COMPARE(up.requestCount(), 1);
    QSignalSpy stopped(h.service.get(), &Gateway::GatewayService::stopped);
    h.service->stop();
    QVERIFY(stopped.wait(5000));
    QSignalSpy done(reply, &QNetworkReply::finished);
    QVERIFY(reply->isFinished() || done.wait(5000));
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 504);
    QCOMPARE(h.receiptCount(), 1);
    QTRY_COMPARE(up.clientAborts(), 1); // the upstream attempt was cancelled, not left hanging
    reply->deleteLater();
}

void tst_GatewayService::applyConfigKeepsCallsOnTheirSnapshot()
{
    FakeUpstream a, b;
    QVERIFY(a.listen() && b.listen());
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, a.baseUrl());
    h.addConnection(u"conn-b"_s, b.baseUrl());
    h.addDirect(u"test/x"_s, { u"conn-a"_s });
    Response slow = FakeUpstream::openAiChat(u"up-x"_s);
    slow.delayMs = 300;
    a.enqueue(slow);
    QVERIFY(h.start());
    QNetworkReply *first = h.startChat(u"test/x"_s);
    QTRY_COMPARE(a.requestCount(), 1);
    Domain::Workspace next = h.ws;
    next.model(u"test/x"_s)->offerings.first().connection = u"conn-b"_s;
    h.service->applyConfig(std::make_shared<const Domain::Workspace>(next));
    const auto second = h.chat(u"test/x"_s);
    QCOMPARE(second.status, 200);
    QCOMPARE(second.header("x-gateway-served-by"), QByteArray("conn-b"));
    QSignalSpy done(first, &QNetworkReply::finished);
    QVERIFY(first->isFinished() || done.wait(5000));
    QCOMPARE(first->rawHeader("x-gateway-served-by"), QByteArray("conn-a"));
    QCOMPARE(a.requestCount(), 1);
    QCOMPARE(b.requestCount(), 1);
    first->deleteLater();
}

void tst_GatewayService::drainSkipsCandidateUntilReenabled_R_UI_11()
{
    FakeUpstream a, b;
    QVERIFY(a.listen() && b.listen());
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, a.baseUrl());
    h.addConnection(u"conn-b"_s, b.baseUrl());
    h.addDirect(u"test/x"_s, { u"conn-a"_s, u"conn-b"_s });
    QVERIFY(h.start());
    QSignalSpy health(h.service.get(), &Gateway::GatewayService::healthChanged);
    h.service->drain(u"conn-a/up-x"_s);
    QTRY_VERIFY(!health.isEmpty());
    const auto entries = health.last().at(0).value<QList<Gateway::HealthEntry>>();
    QCOMPARE(entries.size(), 1);
    QCOMPARE(entries[0].key, u"conn-a/up-x"_s);
    QCOMPARE(entries[0].model, u"test/x"_s);
    QVERIFY(entries[0].drained);
    QVERIFY(entries[0].lastError.isEmpty()); // drained by hand, nothing failed
    const auto drained = h.chat(u"test/x"_s);
    QCOMPARE(drained.header("x-gateway-served-by"), QByteArray("conn-b"));
    h.service->reenable(u"conn-a/up-x"_s);
    QTRY_VERIFY(health.last().at(0).value<QList<Gateway::HealthEntry>>().isEmpty());
    QCOMPARE(h.chat(u"test/x"_s).header("x-gateway-served-by"), QByteArray("conn-a"));
    QCOMPARE(a.requestCount(), 1);
}

void tst_GatewayService::simulatorServesOffline_R_CONN_1()
{
    GatewayHarness h;
    Domain::Connection &flaky = h.addConnection(u"sim-flaky"_s, {}, Domain::Dialect::Simulator);
    flaky.simulator.latencyMs = 5;
    flaky.simulator.failureRate = 1.0;
    flaky.simulator.failureKinds = { Domain::SimulatedFailure::Unavailable };
    Domain::Connection &ok = h.addConnection(u"sim-ok"_s, {}, Domain::Dialect::Simulator);
    ok.simulator.latencyMs = 5;
    ok.simulator.tokensPerSecond = 1000;
    h.addDirect(u"sim/chat"_s, { u"sim-flaky"_s, u"sim-ok"_s });
    QVERIFY(h.start());
    const auto r = h.chat(u"sim/chat"_s);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.header("x-gateway-attempts"), QByteArray("2"));
    QCOMPARE(r.header("x-gateway-served-by"), QByteArray("sim-ok"));
    QCOMPARE(r.json().value(u"model"_s).toString(), u"sim/chat"_s);
    QVERIFY(r.json().value(u"usage"_s).toObject().value(u"completion_tokens"_s).toInt() > 0);
    const auto s
        = h.stream(u"/v1/chat/completions"_s, GatewayHarness::chatBody(u"sim/chat"_s, true));
    QCOMPARE(s.reply.status, 200);
    QVERIFY(s.reply.body.endsWith("data: [DONE]\n\n"));
    QJsonObject messages = GatewayHarness::chatBody(u"sim/chat"_s, true);
    messages[u"max_tokens"_s] = 4;
    const auto m = h.stream(u"/v1/messages"_s, messages);
    QCOMPARE(m.reply.status, 200);
    QVERIFY(m.reply.body.contains("event: message_stop"));
    QVERIFY(m.reply.body.contains("\"model\":\"sim/chat\""));
    const auto receipt = h.receipt(m.reply.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->usage.outputTokens, 4);
}

void tst_GatewayService::everyConcurrentCallHasItsReceipt_R_RCPT_1()
{
    FakeUpstream up;
    QVERIFY(up.listen());
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, up.baseUrl());
    h.addDirect(u"test/x"_s, { u"conn-a"_s });
    Response slowish = FakeUpstream::openAiChat(u"up-x"_s);
    slowish.delayMs = 50;
    up.setDefault(slowish);
    QVERIFY(h.start());
    QList<QNetworkReply *> replies;
    for (int i = 0; i < 120; ++i)
        replies << h.startChat(u"test/x"_s);
    QTRY_VERIFY_WITH_TIMEOUT(std::all_of(replies.cbegin(), replies.cend(),
                                         [](QNetworkReply *r) { return r->isFinished(); }),
                             20000);
    QSet<QString> ids;
    for (QNetworkReply *r : std::as_const(replies)) {
        QCOMPARE(r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
        ids.insert(QString::fromLatin1(r->rawHeader("x-request-id")));
        r->deleteLater();
    }
    QCOMPARE(ids.size(), 120);
    QSignalSpy stopped(h.service.get(), &Gateway::GatewayService::stopped);
    h.service->stop();
    QVERIFY(stopped.wait(5000));
    QCOMPARE(h.receiptCount(), 120);
    QCOMPARE(up.requestCount(), 120);
}

void tst_GatewayService::rejectedCredentialShowsInHealth_R_REC_8()
{
    FakeUpstream up;
    QVERIFY(up.listen());
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, up.baseUrl());
    h.addDirect(u"test/x"_s, { u"conn-a"_s });
    up.setDefault(FakeUpstream::openAiError(401, u"invalid_api_key"_s, u"bad key"_s));
    QVERIFY(h.start());
    QSignalSpy health(h.service.get(), &Gateway::GatewayService::healthChanged);
    QCOMPARE(h.chat(u"test/x"_s).status, 502);
    QTRY_VERIFY(!health.isEmpty()
                && !health.last().at(0).value<QList<Gateway::HealthEntry>>().isEmpty());
    const auto entry = health.last().at(0).value<QList<Gateway::HealthEntry>>().first();
    QCOMPARE(entry.key, u"conn-a/up-x"_s);
    QCOMPARE(entry.lastError, u"credential rejected"_s);
    QVERIFY(entry.cooldownRemainingMs > 0);
    QVERIFY(!entry.drained);
}

QTEST_MAIN(tst_GatewayService)
#include "tst_gatewayservice.moc"
