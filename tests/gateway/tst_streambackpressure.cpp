#include "gatewayharness.h"
#include "rawhttp.h"
#include "simulatedtime.h"

#include <QElapsedTimer>
#include <QTcpSocket>
#include <QTest>

using namespace Qt::StringLiterals;
using Response = FakeUpstream::Response;

// A streamed answer meets a caller slower than its upstream (STYLE.md "Threads"): the
// gateway stops reading the upstream above its write high mark and resumes below the low one, so
// TCP flow control slows the upstream down instead of the gateway buffering the difference
// (R-SEC-2: slow clients cannot exhaust the gateway). Real sockets end to end; the gateway's time
// is simulated, so the stream idle timeout fires only when the test moves time on (a loaded
// machine that leaves the fake upstream unscheduled for a while cannot end the stream).
class tst_StreamBackpressure : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void slowCallerPausesUpstream_R_SEC_2_R_OBS_1();
};

namespace {

// Far more than loopback's kernel buffers hold between three sockets at their defaults, so an
// upstream nobody reads from is still left with bytes to send.
constexpr int kEvents = 4000;
constexpr int kContentBytes = 4000;
// Qt reads no further ahead than this for the caller: when the test does not read, the bytes stay
// in the kernel and TCP pushes back on the gateway.
constexpr qint64 kCallerReadBuffer = 16 * 1024;

QByteArray event(const QByteArray &delta, const QByteArray &finish)
{
    return "data: "
           "{\"id\":\"chatcmpl-fake\",\"object\":\"chat.completion.chunk\",\"model\":\"up-x\","
           "\"choices\":[{\"index\":0,\"delta\":"
        + delta + ",\"finish_reason\":" + finish + "}]}\n\n";
}

// Events numbered "<i>:" so order can be checked, all sent as fast as the fake can write them.
Response bigStream()
{
    Response r;
    r.headers = { { "Content-Type", "text/event-stream" } };
    const QByteArray filler(kContentBytes, 'x');
    for (int i = 0; i < kEvents; ++i)
        r.events.append(
            { event("{\"content\":\"" + QByteArray::number(i) + ':' + filler + "\"}", "null"), 0 });
    r.events.append({ event("{}", "\"stop\""), 0 });
    r.events.append({ QByteArrayLiteral("data: [DONE]\n\n"), 0 });
    return r;
}

qint64 streamPauses(GatewayHarness &h)
{
    return h.metric("switchboard_stream_pauses_total");
}

// Head and chunked body of one HTTP/1.1 answer; the body is empty when the framing is broken.
QPair<QByteArray, QByteArray> splitChunked(const QByteArray &raw)
{
    const qsizetype headEnd = raw.indexOf("\r\n\r\n");
    if (headEnd < 0)
        return {};
    QByteArray body;
    qsizetype pos = headEnd + 4;
    while (pos < raw.size()) {
        const qsizetype lineEnd = raw.indexOf("\r\n", pos);
        bool ok = false;
        const qsizetype size = raw.mid(pos, lineEnd - pos).toLongLong(&ok, 16);
        if (lineEnd < 0 || !ok || lineEnd + 2 + size + 2 > raw.size())
            return { raw.left(headEnd), {} };
        if (size == 0)
            return { raw.left(headEnd), body };
        body += raw.mid(lineEnd + 2, size);
        pos = lineEnd + 2 + size + 2;
    }
    return { raw.left(headEnd), {} };
}

} // namespace

void tst_StreamBackpressure::slowCallerPausesUpstream_R_SEC_2_R_OBS_1()
{
    FakeUpstream up;
    QVERIFY(up.listen());
    SimulatedTime time;
    GatewayHarness h;
    h.time = &time;
    h.addConnection(u"conn-a"_s, up.baseUrl());
    h.addDirect(u"test/x"_s, { u"conn-a"_s });
    // Paused, the upstream is not idle: a stalled caller must not end the stream at this timeout.
    h.setTimeout(Domain::RecoveryField::StreamIdleTimeoutMs, 300);
    up.setDefault(bigStream());
    QVERIFY(h.start());

    QTcpSocket caller;
    caller.setReadBufferSize(kCallerReadBuffer);
    caller.connectToHost(QHostAddress::LocalHost, portOf(h.address));
    QVERIFY(caller.waitForConnected(5000));
    const QByteArray body
        = QJsonDocument(GatewayHarness::chatBody(u"test/x"_s, true)).toJson(QJsonDocument::Compact);
    caller.write("POST /v1/chat/completions HTTP/1.1\r\nHost: " + h.address.toLatin1()
                 + "\r\nAuthorization: Bearer " + h.key.toLatin1()
                 + "\r\nContent-Type: application/json\r\nContent-Length: "
                 + QByteArray::number(body.size()) + "\r\n\r\n" + body);

    // The caller reads nothing: the gateway's unsent bytes towards it pass the high mark, and the
    // pipe fills up to the upstream. Until it is full the gateway may resume for a moment (the
    // kernel's buffers towards the caller still grow), and a resumed stream's idle timeout runs:
    // simulated time moves on only once the upstream's unsent bytes have stopped moving, which
    // they do only while the gateway stays paused.
    QTRY_VERIFY_WITH_TIMEOUT(streamPauses(h) > 0, 20000);
    qint64 pending = -1;
    int unchanged = 0;
    QElapsedTimer filling;
    filling.start();
    // A second without movement: a starved gateway thread on a loaded host can hold still for
    // half of one while the kernel's buffers are not yet full.
    while (unchanged < 10 && filling.elapsed() < 30000) {
        // Kernel buffers have no "full" event: a full pipe shows as bytes that stop moving, so
        // they are sampled every 100 ms while the loop runs (and the fake upstream writes). A
        // qWaitFor on "moved" here returned before the fake had written and let the loop
        // mistake a stall of the fake's own writes for a full pipe.
        QTest::qWait(100);
        const qint64 now = up.bytesPending();
        unchanged = now == pending && now > 0 ? unchanged + 1 : 0;
        pending = now;
    }
    QVERIFY2(pending > 0, "the upstream sent everything to a caller that read nothing");
    QVERIFY2(unchanged >= 10, "the pipe did not fill within 30 s");
    // Ten idle timeouts pass while the caller reads nothing; the gateway answers /metrics after
    // the timers this fired.
    time.advance(10 * 300);
    QCOMPARE(h.metric("switchboard_calls_in_flight"), 1); // the stream is still on
    // Flow control reached the upstream: it holds what it held.
    QCOMPARE(up.bytesPending(), pending);
    QCOMPARE(up.clientAborts(), 0);

    // Now the caller drains, in pieces no larger than its read buffer.
    QByteArray raw = caller.readAll();
    connect(&caller, &QTcpSocket::readyRead, this, [&] { raw += caller.readAll(); });
    QTRY_VERIFY_WITH_TIMEOUT(
        raw.endsWith("\r\n0\r\n\r\n") || caller.state() != QAbstractSocket::ConnectedState, 60000);
    const auto [head, stream] = splitChunked(raw);
    QVERIFY2(head.startsWith("HTTP/1.1 200"), head.constData());
    QVERIFY(!stream.isEmpty());

    // Every event, in order, then the last chunk and [DONE]; nothing lost, nothing doubled.
    qsizetype pos = 0;
    for (int i = 0; i < kEvents; ++i) {
        const QByteArray mark = "\"content\":\"" + QByteArray::number(i) + ':';
        const qsizetype at = stream.indexOf(mark, pos);
        QVERIFY2(at >= 0,
                 qPrintable(u"event %1 missing or out of order; the stream ends with: %2"_s.arg(
                     QString::number(i), QString::fromUtf8(stream.right(300)))));
        pos = at + mark.size() + kContentBytes;
    }
    QCOMPARE(stream.count("\"content\":\""), kEvents);
    QVERIFY(stream.endsWith("data: [DONE]\n\n"));
    QVERIFY(!stream.contains("stream_interrupted"));

    const qsizetype idAt = head.indexOf("x-request-id: ");
    QVERIFY(idAt >= 0);
    const QString requestId
        = QString::fromLatin1(head.mid(idAt + 14, head.indexOf("\r\n", idAt) - idAt - 14));
    const auto receipt = h.receipt(requestId);
    QVERIFY(receipt);
    QCOMPARE(receipt->attempts.size(), 1);
    QCOMPARE(Domain::toString(receipt->statusClass), Domain::toString(Domain::StatusClass::Ok));
    QVERIFY(streamPauses(h) >= 1);
}

QTEST_MAIN(tst_StreamBackpressure)
#include "tst_streambackpressure.moc"
