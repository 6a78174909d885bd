// Slowloris: a caller that trickles its request, one byte at a time, is answered 408 and closed
// once the request-arrival timeout has passed since its first byte, however steadily bytes keep
// coming (R-SEC-2).
#include "gatewayharness.h"
#include "rawhttp.h"

#include <QTcpSocket>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;

class tst_SlowClients : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void tricklingClientTimedOut_R_SEC_2_data();
    void tricklingClientTimedOut_R_SEC_2();
};

void tst_SlowClients::tricklingClientTimedOut_R_SEC_2_data()
{
    QTest::addColumn<QByteArray>("sentAtOnce");
    QTest::addColumn<QByteArray>("trickled");
    const QByteArray body(400, ' ');
    const QByteArray head = "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                            "Content-Type: application/json\r\nContent-Length: 400\r\n"
                            "X-Padding: "
        + QByteArray(400, 'p') + "\r\n\r\n";
    QTest::newRow("head trickled") << QByteArray() << head + body;
    QTest::newRow("body trickled") << head << body;
}

void tst_SlowClients::tricklingClientTimedOut_R_SEC_2()
{
    QFETCH(QByteArray, sentAtOnce);
    QFETCH(QByteArray, trickled);
    GatewayHarness h;
    h.options.requestTimeoutMs = 400;
    h.options.idleTimeoutMs = 60000;
    QVERIFY(h.start());

    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, portOf(h.address));
    QVERIFY(socket.waitForConnected(5000));
    QByteArray got;
    connect(&socket, &QTcpSocket::readyRead, &socket, [&] { got += socket.readAll(); });
    socket.write(sentAtOnce);
    // One byte every 20 ms: never idle long, yet the whole request would take 16 s or more.
    qsizetype sent = 0;
    QTimer trickle;
    trickle.setInterval(20);
    connect(&trickle, &QTimer::timeout, &socket, [&] {
        if (sent < trickled.size() && socket.state() == QAbstractSocket::ConnectedState)
            socket.write(trickled.mid(sent++, 1));
    });
    trickle.start();
    QSignalSpy closed(&socket, &QTcpSocket::disconnected);
    QVERIFY(closed.wait(15000));
    trickle.stop();
    got += socket.readAll();
    QVERIFY2(sent < trickled.size(), "the request arrived whole before the gateway gave up");
    QVERIFY2(got.startsWith("HTTP/1.1 408 "), got.left(80).constData());
    QVERIFY(got.contains("request_timeout"));
    QCOMPARE(h.receiptCount(), 0);
    const auto metrics = h.send("GET", u"/metrics"_s, {});
    QVERIFY2(metrics.body.contains("switchboard_rejected_total{reason=\"request_timeout\"} 1"),
             metrics.body.constData());
}

QTEST_MAIN(tst_SlowClients)
#include "tst_slowclients.moc"
