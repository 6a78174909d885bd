// Bad caller keys are slowed down per peer address and counted; good keys never wait (R-SEC-2,
// R-API-2).
#include "gateway/auththrottle.h"
#include "gatewayharness.h"
#include "manualclock.h"

#include <QTest>

using namespace Qt::StringLiterals;
using Gateway::AuthThrottle;

class tst_AuthThrottle : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void burstThenRefillOnTheGatewayClock();
    void eachPeerHasItsOwnBucket();
    void trackedPeersStayBounded();
    void burstOfBadKeysThrottledGoodKeyServed_R_SEC_2();
    void throttledAnswerInRouteShape_R_API_2();
};

namespace {

const QHostAddress kLoopback = QHostAddress::LocalHost;

double metric(const QByteArray &text, const QByteArray &name)
{
    for (const QByteArray &line : text.split('\n')) {
        if (line.startsWith(QByteArray(name + ' ')))
            return line.mid(name.size() + 1).toDouble();
    }
    return -1;
}

GatewayHarness::Reply withBadKey(GatewayHarness &h, const QString &path, const QByteArray &header)
{
    const QList<QPair<QByteArray, QByteArray>> headers { { QByteArrayLiteral("Authorization"),
                                                           header } };
    return h.send("POST", path, R"({"model":"test/x","messages":[]})", headers, false);
}

} // namespace

void tst_AuthThrottle::burstThenRefillOnTheGatewayClock()
{
    ManualClock clock;
    AuthThrottle throttle(&clock, 10, 2.0);
    for (int i = 0; i < 10; ++i)
        QVERIFY2(!throttle.recordFailure(kLoopback).throttled, qPrintable(QString::number(i)));
    const AuthThrottle::Verdict eleventh = throttle.recordFailure(kLoopback);
    QVERIFY(eleventh.throttled);
    QCOMPARE(eleventh.retryAfterSeconds, 1); // a token in 0.5 s, said in whole seconds
    // Throttled failures take nothing: hammering does not push the bucket further into debt.
    for (int i = 0; i < 100; ++i)
        QVERIFY(throttle.recordFailure(kLoopback).throttled);
    clock.advance(499);
    QVERIFY(throttle.recordFailure(kLoopback).throttled);
    clock.advance(1);
    QVERIFY(!throttle.recordFailure(kLoopback).throttled); // 2 per second
    QVERIFY(throttle.recordFailure(kLoopback).throttled);
    // Refills up to the burst, never beyond it.
    clock.advance(60000);
    QCOMPARE(throttle.tokens(kLoopback), 10.0);
    for (int i = 0; i < 10; ++i)
        QVERIFY(!throttle.recordFailure(kLoopback).throttled);
    QVERIFY(throttle.recordFailure(kLoopback).throttled);

    AuthThrottle slow(&clock, 1, 0.1);
    QVERIFY(!slow.recordFailure(kLoopback).throttled);
    QCOMPARE(slow.recordFailure(kLoopback).retryAfterSeconds, 10);
    clock.advance(2500);
    QCOMPARE(slow.recordFailure(kLoopback).retryAfterSeconds, 8); // 7.5 s left, rounded up
}

void tst_AuthThrottle::eachPeerHasItsOwnBucket()
{
    ManualClock clock;
    AuthThrottle throttle(&clock, 2, 1.0);
    const QHostAddress other(u"192.0.2.7"_s);
    QVERIFY(!throttle.recordFailure(kLoopback).throttled);
    QVERIFY(!throttle.recordFailure(kLoopback).throttled);
    QVERIFY(throttle.recordFailure(kLoopback).throttled);
    QCOMPARE(throttle.tokens(other), 2.0);
    QVERIFY(!throttle.recordFailure(other).throttled);
    QVERIFY(throttle.recordFailure(kLoopback).throttled);
}

void tst_AuthThrottle::trackedPeersStayBounded()
{
    ManualClock clock;
    AuthThrottle throttle(&clock, 1, 0.01);
    for (quint32 i = 0; i < quint32(AuthThrottle::kMaxTrackedPeers) + 100; ++i)
        throttle.recordFailure(QHostAddress(0x0a000000u + i));
    QVERIFY(throttle.trackedPeers() <= AuthThrottle::kMaxTrackedPeers);
    // Buckets that refilled are forgotten first.
    clock.advance(200000);
    throttle.recordFailure(kLoopback);
    QCOMPARE(throttle.trackedPeers(), 1);
    throttle.recordFailure(QHostAddress(u"192.0.2.1"_s));
    QCOMPARE(throttle.trackedPeers(), 2);
}

// Over real sockets on loopback, where every local caller shares one bucket: a burst of bad keys
// is answered 401, then 429 + Retry-After; a good key in between is served at once and takes no
// token; /metrics counts both kinds.
void tst_AuthThrottle::burstOfBadKeysThrottledGoodKeyServed_R_SEC_2()
{
    FakeUpstream up;
    QVERIFY(up.listen());
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, up.baseUrl());
    h.addDirect(u"test/x"_s, { u"conn-a"_s });
    // A refill so slow that the test's own duration cannot add a token (one per 100 s).
    h.options.badKeyBurst = 3;
    h.options.badKeysPerSecond = 0.01;
    QVERIFY(h.start());

    const QString chat = u"/v1/chat/completions"_s;
    for (int i = 0; i < 3; ++i)
        QCOMPARE(withBadKey(h, chat, "Bearer sb-guess-" + QByteArray::number(i)).status, 401);
    // Good keys before and after the bucket ran dry: served, no Retry-After.
    for (int i = 0; i < 3; ++i) {
        const GatewayHarness::Reply good = h.chat(u"test/x"_s);
        QCOMPARE(good.status, 200);
        QVERIFY(!good.hasHeader("retry-after"));
    }
    const GatewayHarness::Reply throttled = withBadKey(h, chat, "Bearer sb-guess-3");
    QCOMPARE(throttled.status, 429);
    const int retryAfter = throttled.header("retry-after").toInt();
    QVERIFY2(retryAfter >= 1 && retryAfter <= 100, throttled.header("retry-after").constData());
    QCOMPARE(throttled.json()["error"_L1]["code"_L1].toString(), u"too_many_bad_keys"_s);
    QCOMPARE(throttled.json()["error"_L1]["type"_L1].toString(), u"rate_limit_error"_s);
    QVERIFY(throttled.requestId().startsWith(u"req_"_s));
    // A missing key counts as a bad one; the good key still passes.
    QCOMPARE(h.send("POST", chat, "{}", {}, false).status, 429);
    QCOMPARE(h.chat(u"test/x"_s).status, 200);
    QCOMPARE(up.requestCount(), 4); // bad keys never reached the upstream
    QCOMPARE(h.receiptCount(), 4); // nor the database

    const GatewayHarness::Reply m = h.send("GET", u"/metrics"_s, {});
    QCOMPARE(m.status, 200);
    QCOMPARE(metric(m.body, "switchboard_bad_keys_total"), 5.0);
    QCOMPARE(metric(m.body, "switchboard_bad_keys_throttled_total"), 2.0);
    QVERIFY2(m.body.contains("switchboard_rejected_total{reason=\"too_many_bad_keys\"} 2"),
             m.body.constData());
    QVERIFY(m.body.contains("switchboard_responses_total{code=\"429\"} 2"));
    QVERIFY(m.body.contains("switchboard_responses_total{code=\"401\"} 3"));
}

void tst_AuthThrottle::throttledAnswerInRouteShape_R_API_2()
{
    GatewayHarness h;
    h.options.badKeyBurst = 1;
    h.options.badKeysPerSecond = 0.01;
    QVERIFY(h.start());
    QCOMPARE(withBadKey(h, u"/v1/messages"_s, "Bearer sb-nope").status, 401);
    const GatewayHarness::Reply r = withBadKey(h, u"/v1/messages"_s, "Bearer sb-nope");
    QCOMPARE(r.status, 429);
    QVERIFY(r.hasHeader("retry-after"));
    QCOMPARE(r.json()["type"_L1].toString(), u"error"_s);
    QCOMPARE(r.json()["error"_L1]["type"_L1].toString(), u"rate_limit_error"_s);
    QCOMPARE(r.header("request-id"), r.header("x-request-id"));
}

QTEST_MAIN(tst_AuthThrottle)
#include "tst_auththrottle.moc"
