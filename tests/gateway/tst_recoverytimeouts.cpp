#include "config/workspacejson.h"
#include "gatewayharness.h"

#include <QTest>

using namespace Qt::StringLiterals;
using Response = FakeUpstream::Response;

// The upstream timeouts are recovery settings (R-REC-9): the workspace file's defaults, or a
// model's Override, reach every attempt over real sockets; a pool call uses the requested model's.
class tst_RecoveryTimeouts : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void streamIdleTimeoutFromWorkspaceFile_R_REC_9_data();
    void streamIdleTimeoutFromWorkspaceFile_R_REC_9();
    void streamStartTimeoutFromWorkspaceFile_R_REC_9();
};

namespace {

// Writes the harness's workspace as a file with `defaults` as its "recoveryDefaults" and reads it
// back the way `switchboard-gateway import` does: what the gateway runs on comes from the file.
bool throughFile(GatewayHarness &h, const QJsonObject &defaults)
{
    QJsonObject root = Config::workspaceToJson(h.ws);
    root.remove(u"recoveryDefaults"_s);
    if (!defaults.isEmpty())
        root.insert(u"recoveryDefaults"_s, defaults);
    const Config::ImportResult imported
        = Config::importWorkspace(QJsonDocument(root).toJson(), &h.ws);
    if (!imported.workspace)
        return false;
    h.ws = *imported.workspace;
    return true;
}

Response stalledStream()
{
    Response stall = FakeUpstream::openAiStream(u"up-x"_s, 5, 0);
    stall.events = stall.events.mid(0, 2);
    stall.after = Response::After::Stall;
    return stall;
}

} // namespace

void tst_RecoveryTimeouts::streamIdleTimeoutFromWorkspaceFile_R_REC_9_data()
{
    QTest::addColumn<int>("defaultIdleMs"); // 0: the file has no recoveryDefaults (SPEC's 30 s)
    QTest::addColumn<int>("overrideIdleMs"); // 0: the called model is on Default
    QTest::addColumn<bool>("pool"); // call a pool whose one deployment serves
    QTest::addColumn<QString>("expected");

    QTest::newRow("workspace default") << 1000 << 0 << false << u"1000"_s;
    QTest::newRow("model override beats the default") << 0 << 1200 << false << u"1200"_s;
    QTest::newRow("pool call uses the pool model's setting") << 1500 << 1100 << true << u"1100"_s;
    QTest::newRow("pool on Default uses the workspace's") << 1300 << 0 << true << u"1300"_s;
}

void tst_RecoveryTimeouts::streamIdleTimeoutFromWorkspaceFile_R_REC_9()
{
    QFETCH(int, defaultIdleMs);
    QFETCH(int, overrideIdleMs);
    QFETCH(bool, pool);
    QFETCH(QString, expected);

    FakeUpstream a;
    QVERIFY(a.listen());
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, a.baseUrl());
    Domain::Recovery called; // Default
    if (overrideIdleMs > 0) {
        called = GatewayHarness::fastRecovery();
        called.override.streamIdleTimeoutMs = overrideIdleMs;
    }
    if (pool) {
        // The deployment's own settings must not apply to a call of the pool.
        Domain::Recovery own = GatewayHarness::fastRecovery();
        own.override.streamIdleTimeoutMs = 1700;
        h.addDirect(u"test/x"_s, { u"conn-a"_s }, own);
        h.addPool(u"test/pool"_s, { { u"test/x"_s, 1 } }, called);
    } else {
        h.addDirect(u"test/x"_s, { u"conn-a"_s }, called);
    }
    QJsonObject defaults;
    if (defaultIdleMs > 0)
        defaults.insert(u"streamIdleTimeoutMs"_s, defaultIdleMs);
    QVERIFY(throughFile(h, defaults));
    a.enqueue(stalledStream());
    QVERIFY(h.start());

    const auto s = h.stream(u"/v1/chat/completions"_s,
                            GatewayHarness::chatBody(pool ? u"test/pool"_s : u"test/x"_s, true));
    QCOMPARE(s.reply.status, 200);
    QVERIFY(s.reply.body.contains("stream_interrupted"));
    QVERIFY(!s.reply.body.contains("[DONE]"));
    const auto receipt = h.receipt(s.reply.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->attempts.size(), 1);
    QCOMPARE(Domain::toString(receipt->attempts[0].errorClass),
             Domain::toString(Domain::ErrorClass::StoppedAnswering));
    // The kind, and the timeout that applied as its detail (ms).
    QCOMPARE(receipt->attempts[0].transportError,
             (Domain::TransportError { Domain::TransportFailure::StreamIdle, expected }));
}

void tst_RecoveryTimeouts::streamStartTimeoutFromWorkspaceFile_R_REC_9()
{
    FakeUpstream a, b;
    QVERIFY(a.listen() && b.listen());
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, a.baseUrl());
    h.addConnection(u"conn-b"_s, b.baseUrl());
    h.addDirect(u"test/x"_s, { u"conn-a"_s, u"conn-b"_s }, Domain::Recovery {});
    QVERIFY(throughFile(h,
                        QJsonObject { { u"streamStartTimeoutMs"_s, 1000 },
                                      { u"backoffFirstMs"_s, 10 },
                                      { u"backoffMaxMs"_s, 20 } }));
    QCOMPARE(h.ws.recoveryDefaults.streamStartTimeoutMs, 1000);
    Response silent;
    silent.before = Response::Before::Stall;
    a.setDefault(silent);
    b.setDefault(FakeUpstream::openAiStream(u"up-x"_s, 3));
    QVERIFY(h.start());

    const auto s = h.stream(u"/v1/chat/completions"_s, GatewayHarness::chatBody(u"test/x"_s, true));
    QCOMPARE(s.reply.status, 200);
    QCOMPARE(s.reply.header("x-gateway-served-by"), QByteArray("conn-b"));
    const auto receipt = h.receipt(s.reply.requestId());
    QVERIFY(receipt);
    QCOMPARE(Domain::toString(receipt->attempts[0].errorClass),
             Domain::toString(Domain::ErrorClass::FirstByteTimeout));
    QCOMPARE(receipt->attempts[0].transportError,
             (Domain::TransportError { Domain::TransportFailure::FirstByteTimeout, u"1000"_s }));
}

QTEST_MAIN(tst_RecoveryTimeouts)
#include "tst_recoverytimeouts.moc"
