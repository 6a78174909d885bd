// One time source for the gateway: a stop and start of the gateway in one process keeps the
// meaning of every running cooldown (issue 10, R-REC-2).
#include "gatewayharness.h"

#include <QElapsedTimer>

using namespace Qt::StringLiterals;

class tst_GatewayClock : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cooldownEndsOnTimeAcrossStopAndStart_R_REC_2();
};

void tst_GatewayClock::cooldownEndsOnTimeAcrossStopAndStart_R_REC_2()
{
    constexpr int kCooldownMs = 1500;
    FakeUpstream up;
    QVERIFY(up.listen());
    up.setDefault(FakeUpstream::openAiChat(u"up-x"_s));
    up.enqueue(FakeUpstream::openAiError(500, u"server_error"_s, u"boom"_s));
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, up.baseUrl());
    // One attempt and a short deadline: a call that finds the deployment cooling cannot wait for
    // it and answers 503 at once, so the answer tells whether the cooldown is still running.
    h.addDirect(u"test/x"_s, { u"conn-a"_s }, GatewayHarness::fastRecovery(1, kCooldownMs, 300));
    QVERIFY(h.start());

    // The first run lasts a while before the failure, so a clock restarted by the next start
    // would be far behind the instants the cooldown book holds.
    QTest::qWait(2000);
    QCOMPARE(h.chat(u"test/x"_s).status, 503);
    QElapsedTimer sinceFailure;
    sinceFailure.start();

    QSignalSpy stopped(h.service.get(), &Gateway::GatewayService::stopped);
    h.service->stop();
    QVERIFY(stopped.wait(5000));
    QSignalSpy started(h.service.get(), &Gateway::GatewayService::started);
    QSignalSpy health(h.service.get(), &Gateway::GatewayService::healthChanged);
    h.service->start(h.options, std::make_shared<const Domain::Workspace>(h.ws));
    QVERIFY(started.wait(5000));
    h.address = started.at(0).at(0).toString();

    // Still cooling right after the restart, and never for longer than the cooldown itself (a
    // clock restarted at 0 shows about 3,500 ms left here). Health is published at about 10 Hz, so
    // the figure may be a little stale; the bound does not depend on when it was taken.
    QCOMPARE(h.chat(u"test/x"_s).status, 503);
    QTRY_VERIFY(!health.isEmpty());
    const auto entries = health.last().at(0).value<QList<Gateway::HealthEntry>>();
    QCOMPARE(entries.size(), 1);
    QVERIFY2(entries[0].cooldownRemainingMs <= kCooldownMs,
             qPrintable(u"%1 ms left"_s.arg(entries[0].cooldownRemainingMs)));

    // Once the cooldown's time has passed, the deployment serves again.
    QTest::qWait(int(qMax<qint64>(0, kCooldownMs - sinceFailure.elapsed())) + 200);
    const GatewayHarness::Reply served = h.chat(u"test/x"_s);
    QCOMPARE(served.status, 200);
    QCOMPARE(up.requestCount(), 2);
}

QTEST_MAIN(tst_GatewayClock)
#include "tst_gatewayclock.moc"
