// One time source for the gateway: a stop and start of the gateway in one process keeps
// the meaning of every running cooldown (R-REC-2), and a test moves that time instead of waiting.
#include "gatewayharness.h"
#include "simulatedtime.h"

using namespace Qt::StringLiterals;

class tst_GatewayClock : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cooldownEndsOnTimeAcrossStopAndStart_R_REC_2();
    void retryAfterWaitEndsWhenSimulatedTimeSaysSo_R_REC_5();
};

void tst_GatewayClock::cooldownEndsOnTimeAcrossStopAndStart_R_REC_2()
{
    constexpr int kCooldownMs = 1500;
    FakeUpstream up;
    QVERIFY(up.listen());
    up.setDefault(FakeUpstream::openAiChat(u"up-x"_s));
    up.enqueue(FakeUpstream::openAiError(500, u"server_error"_s, u"boom"_s));
    SimulatedTime time;
    GatewayHarness h;
    h.time = &time;
    h.addConnection(u"conn-a"_s, up.baseUrl());
    // One attempt and a short deadline: a call that finds the deployment cooling cannot wait for
    // it and answers 503 at once, so the answer tells whether the cooldown is still running.
    h.addDirect(u"test/x"_s, { u"conn-a"_s }, GatewayHarness::fastRecovery(1, kCooldownMs, 300));
    QVERIFY(h.start());
    QSignalSpy health(h.service.get(), &Gateway::GatewayService::healthChanged);

    // The first run lasts a while before the failure, so a clock restarted by the next start
    // would be far behind the instants the cooldown book holds.
    time.advance(2000);
    QCOMPARE(h.chat(u"test/x"_s).status, 503);

    QSignalSpy stopped(h.service.get(), &Gateway::GatewayService::stopped);
    h.service->stop();
    QVERIFY(stopped.wait(5000));
    QSignalSpy started(h.service.get(), &Gateway::GatewayService::started);
    h.service->start(h.options, std::make_shared<const Domain::Workspace>(h.ws));
    QVERIFY(started.wait(5000));
    h.address = started.at(0).at(0).toString();

    // Time has not moved since the failure: the whole cooldown is left, to the millisecond.
    QCOMPARE(h.chat(u"test/x"_s).status, 503);
    QTRY_VERIFY(!health.isEmpty()
                && !health.last().at(0).value<QList<Gateway::HealthEntry>>().isEmpty());
    const auto entries = health.last().at(0).value<QList<Gateway::HealthEntry>>();
    QCOMPARE(entries.size(), 1);
    QCOMPARE(entries[0].cooldownRemainingMs, qint64(kCooldownMs));

    // With 301 ms of cooldown left, more than the call's 300 ms deadline, the deployment still
    // cools (a call would wait for less); at the cooldown's end it serves at once.
    time.advance(kCooldownMs - 301);
    QCOMPARE(h.chat(u"test/x"_s).status, 503);
    time.advance(301);
    const GatewayHarness::Reply served = h.chat(u"test/x"_s);
    QCOMPARE(served.status, 200);
    QCOMPARE(up.requestCount(), 2);
}

// The executor's waits are timers on the gateway's time source: a Retry-After of 30 s holds the
// second attempt until the test moves time by 30 s, however long the test takes in real time.
void tst_GatewayClock::retryAfterWaitEndsWhenSimulatedTimeSaysSo_R_REC_5()
{
    FakeUpstream up;
    QVERIFY(up.listen());
    up.setDefault(FakeUpstream::openAiChat(u"up-x"_s));
    FakeUpstream::Response busy
        = FakeUpstream::openAiError(429, u"rate_limit_exceeded"_s, u"slow down"_s);
    busy.headers.append(qMakePair(QByteArray("Retry-After"), QByteArray("30")));
    up.enqueue(busy);
    SimulatedTime time;
    GatewayHarness h;
    h.time = &time;
    h.addConnection(u"conn-a"_s, up.baseUrl());
    h.addDirect(u"test/x"_s, { u"conn-a"_s }, GatewayHarness::fastRecovery(2, 0, 120000));
    QVERIFY(h.start());

    const qint64 callStart = time.nowMs(); // time stands still until the test moves it
    QNetworkReply *reply = h.startChat(u"test/x"_s);
    QTRY_COMPARE(up.requestCount(), 1);
    // The second attempt waits on a timer for the Retry-After instant, which only a move of
    // simulated time can bring, however long the test runs.
    QTRY_VERIFY(time.hasTimerAt(callStart + 30000));
    QCOMPARE(up.requestCount(), 1);
    QVERIFY(!reply->isFinished());
    time.advance(29999); // 1 ms short: the receipt shows the wait did not end here
    time.advance(1);
    QTRY_COMPARE(up.requestCount(), 2);
    QTRY_VERIFY(reply->isFinished());
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    QCOMPARE(reply->rawHeader("x-gateway-attempts"), QByteArray("2"));
    const QString requestId = QString::fromLatin1(reply->rawHeader("x-request-id"));
    reply->deleteLater();
    const std::optional<Domain::Receipt> receipt = h.receipt(requestId);
    QVERIFY(receipt);
    QCOMPARE(receipt->attempts.size(), 2);
    QCOMPARE(receipt->attempts[1].waitMs, qint64(30000));
    // Begun when time reached the Retry-After instant, not at the move that stopped 1 ms short.
    QCOMPARE(receipt->attempts[1].startOffsetMs, qint64(30000));
    QCOMPARE(receipt->latencyMs, qint64(30000));
}

QTEST_MAIN(tst_GatewayClock)
#include "tst_gatewayclock.moc"
