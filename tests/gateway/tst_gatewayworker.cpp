#include "gatewayharness.h"
#include "rawhttp.h"

#include <QHostAddress>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTest>

using namespace Qt::StringLiterals;

// What the gateway answers before routing: authentication, Host, limits, JSON, the plain routes
// (R-API-2, R-SEC-2, R-SEC-4, R-OBS-1).
class tst_GatewayWorker : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void unauthenticatedInRouteShape_R_API_2_data();
    void unauthenticatedInRouteShape_R_API_2();
    void apiKeyHeaderAccepted_R_API_1();
    void keyJudgedAtEveryCallOfAConnection_R_API_1();
    void bodyOverLimitIs413_R_SEC_2();
    void headerBlockOverLimitIs431_R_SEC_2();
    void badJsonNamesPosition_R_SEC_2();
    void missingModelIs400_R_SEC_2();
    void nonLoopbackHostIs421_R_SEC_4_data();
    void nonLoopbackHostIs421_R_SEC_4();
    void unknownModelIs404_R_ALIAS_1();
    void callOnAClosingConnectionKeepsItsStatus_R_RCPT_1_data();
    void callOnAClosingConnectionKeepsItsStatus_R_RCPT_1();
    void callerLeavingDuringItsSecondPipelinedCall_R_STR_4();
    void modelsListsWhatTheKeyMayUse_R_DIR_1();
    void healthAndMetrics_R_OBS_1();
    void unknownRouteIs404();
    void refusalsCarryRequestIdNoReceipt_R_DET_data();
    void refusalsCarryRequestIdNoReceipt_R_DET();
};

namespace {

struct Gateway1
{
    FakeUpstream up;
    GatewayHarness h;
    explicit Gateway1(qint64 maxBody = 16 * 1024 * 1024)
    {
        QVERIFY(up.listen());
        h.options.maxBodyBytes = maxBody;
        h.addConnection(u"conn-a"_s, up.baseUrl());
        h.addDirect(u"test/x"_s, { u"conn-a"_s });
        h.addDirect(u"test/y"_s, { u"conn-a"_s });
    }
};

} // namespace

void tst_GatewayWorker::unauthenticatedInRouteShape_R_API_2_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("header");
    QTest::addColumn<bool>("revoke");
    QTest::newRow("openai, no key") << u"/v1/chat/completions"_s << QByteArray() << false;
    QTest::newRow("openai, wrong key")
        << u"/v1/chat/completions"_s << QByteArray("Bearer sb-nope") << false;
    QTest::newRow("anthropic, no key") << u"/v1/messages"_s << QByteArray() << false;
    QTest::newRow("anthropic, revoked key") << u"/v1/messages"_s << QByteArray("KEY") << true;
    QTest::newRow("embeddings, wrong key")
        << u"/v1/embeddings"_s << QByteArray("Bearer x") << false;
}

void tst_GatewayWorker::unauthenticatedInRouteShape_R_API_2()
{
    QFETCH(QString, path);
    QFETCH(QByteArray, header);
    QFETCH(bool, revoke);
    Gateway1 g;
    if (revoke)
        g.h.ws.keys.first().revoked = true;
    QVERIFY(g.h.start());
    QList<QPair<QByteArray, QByteArray>> headers;
    if (header == "KEY")
        headers.append({ QByteArray("Authorization"), "Bearer " + g.h.key.toLatin1() });
    else if (!header.isEmpty())
        headers.append({ QByteArray("Authorization"), header });
    QJsonObject body = GatewayHarness::chatBody(u"test/x"_s);
    body[u"input"_s] = u"x"_s;
    const auto r = g.h.post(path, body, headers, false);
    QCOMPARE(r.status, 401);
    QCOMPARE(r.header("x-should-retry"), QByteArray("false"));
    const QJsonObject o = r.json();
    if (path == u"/v1/messages"_s) {
        QCOMPARE(o.value(u"type"_s).toString(), u"error"_s);
        QCOMPARE(o.value(u"error"_s).toObject().value(u"type"_s).toString(),
                 u"authentication_error"_s);
        QVERIFY(o.value(u"error"_s)
                    .toObject()
                    .value(u"details"_s)
                    .toObject()
                    .contains(u"error_code"_s));
    } else {
        QCOMPARE(o.value(u"error"_s).toObject().value(u"type"_s).toString(),
                 u"authentication_error"_s);
        QVERIFY(o.value(u"error"_s).toObject().contains(u"code"_s));
        QVERIFY(!o.contains(u"type"_s));
    }
    if (revoke)
        QVERIFY(
            o.value(u"error"_s).toObject().value(u"message"_s).toString().contains(u"revoked"_s));
    QCOMPARE(g.up.requestCount(), 0);
}

void tst_GatewayWorker::apiKeyHeaderAccepted_R_API_1()
{
    Gateway1 g;
    QVERIFY(g.h.start());
    const auto r = g.h.post(u"/v1/chat/completions"_s, GatewayHarness::chatBody(u"test/x"_s),
                            { { "x-api-key", g.h.key.toLatin1() } }, false);
    QCOMPARE(r.status, 200);
}

void tst_GatewayWorker::keyJudgedAtEveryCallOfAConnection_R_API_1()
{
    // A connection remembers the hash of the key it presented last (a keep-alive caller sends the
    // same one every time): another key on the same connection, or the same key once revoked, is
    // still judged as such.
    Gateway1 g;
    QVERIFY(g.h.start());
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, portOf(g.h.address));
    QVERIFY(socket.waitForConnected(5000));
    const QByteArray body = QJsonDocument(GatewayHarness::chatBody(u"test/x"_s)).toJson();
    auto call = [&](const QByteArray &authorization) -> int {
        socket.write("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     "Content-Type: application/json\r\nAuthorization: "
                     + authorization + "\r\nContent-Length: " + QByteArray::number(body.size())
                     + "\r\n\r\n" + body);
        QByteArray answer;
        qsizetype headEnd = -1;
        qint64 length = -1;
        while (headEnd < 0 || answer.size() < headEnd + 4 + length) {
            // The fake upstream answers on this thread: wait in its event loop, not in a socket.
            if (!QTest::qWaitFor([&] { return socket.bytesAvailable() > 0; }, 5000))
                return -1;
            answer += socket.readAll();
            headEnd = answer.indexOf("\r\n\r\n");
            if (headEnd >= 0 && length < 0) {
                const qsizetype at = answer.toLower().indexOf("content-length: ");
                length = answer.mid(at + 16, answer.indexOf("\r\n", at) - at - 16).toLongLong();
            }
        }
        return answer.mid(9, 3).toInt();
    };
    const QByteArray valid = "Bearer " + g.h.key.toLatin1();
    QCOMPARE(call(valid), 200);
    QCOMPARE(call("Bearer sk-not-a-key"), 401);
    QCOMPARE(call(valid), 200);
    QCOMPARE(call(valid), 200);
    Domain::Workspace revoked = g.h.ws;
    revoked.keys.first().revoked = true;
    g.h.service->applyConfig(std::make_shared<const Domain::Workspace>(revoked));
    // The new snapshot reaches the gateway's thread in a moment; calls until then are served.
    int served = 3;
    int status = 200;
    for (int i = 0; i < 100 && status == 200; ++i) {
        status = call(valid); // runs the event loop until the answer is in
        if (status == 200)
            ++served;
    }
    QCOMPARE(status, 401);
    QCOMPARE(socket.state(), QAbstractSocket::ConnectedState); // all on one connection
    QCOMPARE(g.up.requestCount(), served);
}

void tst_GatewayWorker::bodyOverLimitIs413_R_SEC_2()
{
    Gateway1 g(1024);
    QVERIFY(g.h.start());
    QJsonObject body = GatewayHarness::chatBody(u"test/x"_s);
    body[u"padding"_s] = QString(2048, u'x');
    const auto r = g.h.post(u"/v1/chat/completions"_s, body);
    QCOMPARE(r.status, 413);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"type"_s).toString(),
             u"request_too_large"_s);
    QCOMPARE(g.up.requestCount(), 0);
    // Just under the limit is fine.
    QCOMPARE(g.h.chat(u"test/x"_s).status, 200);
}

void tst_GatewayWorker::headerBlockOverLimitIs431_R_SEC_2()
{
    Gateway1 g;
    QVERIFY(g.h.start());
    const QByteArray big(70 * 1024, 'a');
    const QByteArray answer
        = rawExchange(portOf(g.h.address),
                      "GET /v1/models HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + big + "\r\n\r\n");
    QVERIFY2(answer.startsWith("HTTP/1.1 431 "), answer.left(80).constData());
    QVERIFY(answer.contains("Connection: close"));
}

void tst_GatewayWorker::badJsonNamesPosition_R_SEC_2()
{
    Gateway1 g;
    QVERIFY(g.h.start());
    const auto r
        = g.h.send("POST", u"/v1/chat/completions"_s, R"({"model": "test/x",, "messages": []})");
    QCOMPARE(r.status, 400);
    const QJsonObject error = r.json().value(u"error"_s).toObject();
    QCOMPARE(error.value(u"code"_s).toString(), u"invalid_request"_s);
    QVERIFY2(error.value(u"message"_s).toString().contains(u"at position 20"_s),
             qPrintable(error.value(u"message"_s).toString()));
    QCOMPARE(g.up.requestCount(), 0);
    const auto receipt = g.h.receipt(r.requestId()); // the call is on record too (R-RCPT-1)
    QVERIFY(receipt);
    QCOMPARE(receipt->httpStatus, 400);
    QCOMPARE(receipt->errorCode, u"invalid_request"_s);
    QCOMPARE(receipt->keyId, g.h.ws.keys.first().id);
}

void tst_GatewayWorker::missingModelIs400_R_SEC_2()
{
    Gateway1 g;
    QVERIFY(g.h.start());
    const auto r = g.h.send("POST", u"/v1/messages"_s, R"({"messages": []})");
    QCOMPARE(r.status, 400);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"type"_s).toString(),
             u"invalid_request_error"_s);
}

void tst_GatewayWorker::nonLoopbackHostIs421_R_SEC_4_data()
{
    QTest::addColumn<QByteArray>("host");
    QTest::addColumn<int>("status");
    QTest::newRow("rebinding name") << QByteArray("evil.example:8640") << 421;
    QTest::newRow("lan address") << QByteArray("192.168.1.20") << 421;
    QTest::newRow("localhost") << QByteArray("localhost:8640") << 200;
    QTest::newRow("127.0.0.1") << QByteArray("127.0.0.1:8640") << 200;
    QTest::newRow("[::1]") << QByteArray("[::1]:8640") << 200;
    QTest::newRow("127.0.0.1 without port") << QByteArray("127.0.0.1") << 200;
    QTest::newRow("loopback address as a prefix") << QByteArray("127.0.0.1.evil.example") << 421;
    QTest::newRow("localhost as a prefix") << QByteArray("localhost.evil.example:8640") << 421;
    QTest::newRow("localhostx") << QByteArray("localhostx:8640") << 421;
}

void tst_GatewayWorker::nonLoopbackHostIs421_R_SEC_4()
{
    QFETCH(QByteArray, host);
    QFETCH(int, status);
    Gateway1 g;
    QVERIFY(g.h.start());
    const QByteArray answer
        = rawExchange(portOf(g.h.address),
                      "GET /v1/models HTTP/1.1\r\nHost: " + host + "\r\nAuthorization: Bearer "
                          + g.h.key.toLatin1() + "\r\nConnection: close\r\n\r\n");
    QVERIFY2(answer.startsWith(QByteArray("HTTP/1.1 " + QByteArray::number(status) + ' ')),
             answer.left(80).constData());
}

void tst_GatewayWorker::unknownModelIs404_R_ALIAS_1()
{
    Gateway1 g;
    QVERIFY(g.h.start());
    const auto r = g.h.chat(u"test/nope"_s);
    QCOMPARE(r.status, 404);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"code"_s).toString(),
             u"model_not_found"_s);
    // Every answer names its call: "req_" and 24 hex digits.
    QVERIFY2(QRegularExpression(u"^req_[0-9a-f]{24}$"_s).match(r.requestId()).hasMatch(),
             qPrintable(r.requestId()));
    QCOMPARE(r.header("x-gateway-attempts"), QByteArray("0"));
    QVERIFY(!r.hasHeader("x-gateway-served-by"));
    const auto receipt = g.h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->httpStatus, 404);
    QCOMPARE(receipt->attempts.size(), 0);
}

void tst_GatewayWorker::callOnAClosingConnectionKeepsItsStatus_R_RCPT_1_data()
{
    QTest::addColumn<QByteArray>("version");
    QTest::addColumn<QByteArray>("connection");
    QTest::newRow("Connection: close") << QByteArray("1.1") << QByteArray("close");
    QTest::newRow("HTTP/1.0") << QByteArray("1.0") << QByteArray();
}

// The connection closes after the answer (the caller asked for it): the receipt still says what
// the caller got. Closing the socket right after the answer's last write once reported the call
// as caller_closed (499) to the receipt while the caller had its 200.
void tst_GatewayWorker::callOnAClosingConnectionKeepsItsStatus_R_RCPT_1()
{
    QFETCH(QByteArray, version);
    QFETCH(QByteArray, connection);
    Gateway1 g;
    QVERIFY(g.h.start());
    const QByteArray body = R"({"model":"test/x","messages":[{"role":"user","content":"hi"}]})";
    QByteArray request = "POST /v1/chat/completions HTTP/" + version
        + "\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + g.h.key.toLatin1()
        + "\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size())
        + "\r\n";
    if (!connection.isEmpty())
        request += "Connection: " + connection + "\r\n";
    const QByteArray answer = rawExchange(portOf(g.h.address), request + "\r\n" + body);
    QVERIFY2(answer.startsWith("HTTP/1.1 200 "), answer.left(80).constData());
    const qsizetype at = answer.indexOf("x-request-id: ");
    QVERIFY(at > 0);
    const QString id = QString::fromLatin1(answer.mid(at + 14, 28));
    const auto receipt = g.h.receipt(id);
    QVERIFY2(receipt, qPrintable(id));
    QCOMPARE(receipt->httpStatus, 200);
    QCOMPARE(receipt->attempts.size(), 1);
}

void tst_GatewayWorker::callerLeavingDuringItsSecondPipelinedCall_R_STR_4()
{
    // Two calls pipelined on one connection: the second one's executor answers for the connection
    // while the first one's is still being deleted, and must hear that the caller left.
    Gateway1 g;
    g.up.enqueue(FakeUpstream::openAiChat(u"up-x"_s));
    FakeUpstream::Response held = FakeUpstream::openAiChat(u"up-x"_s);
    held.before = FakeUpstream::Response::Before::Hold;
    g.up.enqueue(held);
    QVERIFY(g.h.start());
    QSignalSpy finished(g.h.service.get(), &Gateway::GatewayService::callFinished);
    const QByteArray body = R"({"model":"test/x","messages":[{"role":"user","content":"hi"}]})";
    const QByteArray request = "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                               "Authorization: Bearer "
        + g.h.key.toLatin1() + "\r\nContent-Type: application/json\r\nContent-Length: "
        + QByteArray::number(body.size()) + "\r\n\r\n" + body;
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, portOf(g.h.address));
    QVERIFY(socket.waitForConnected(5000));
    socket.write(request + request);
    QByteArray answers;
    QVERIFY(QTest::qWaitFor(
        [&] {
            answers += socket.readAll();
            return answers.contains("\"up-x\"") || answers.contains("\"test/x\"");
        },
        5000));
    QTRY_COMPARE(g.up.requestCount(), 2); // the second call waits at the upstream
    QTRY_COMPARE(finished.size(), 1);
    socket.abort();
    QTRY_COMPARE(finished.size(), 2);
    QTRY_COMPARE(g.up.clientAborts(), 1); // its attempt was cancelled at once
    const auto second = g.h.receipt(finished.at(1).at(0).toString());
    QVERIFY(second);
    QCOMPARE(second->errorCode, u"caller_closed"_s);
    QCOMPARE(second->httpStatus, 499);
}

void tst_GatewayWorker::modelsListsWhatTheKeyMayUse_R_DIR_1()
{
    Gateway1 g;
    g.h.ws.keys.first().directives.allowedModels = QStringList { u"test/y"_s };
    QVERIFY(g.h.start());
    const auto r = g.h.send("GET", u"/v1/models"_s, {});
    QCOMPARE(r.status, 200);
    QStringList ids;
    for (const QJsonValue &v : r.json().value(u"data"_s).toArray())
        ids << v.toObject().value(u"id"_s).toString();
    QCOMPARE(ids, QStringList { u"test/y"_s });
    QCOMPARE(g.h.chat(u"test/x"_s).status, 403);
}

void tst_GatewayWorker::healthAndMetrics_R_OBS_1()
{
    Gateway1 g;
    g.h.ws.models.first().recovery = GatewayHarness::fastRecovery(3, 50);
    g.up.enqueue(FakeUpstream::openAiError(503, u"busy"_s, u"busy"_s));
    QVERIFY(g.h.start());
    QCOMPARE(g.h.send("GET", u"/healthz"_s, {}, {}, false).status, 200);
    QCOMPARE(g.h.chat(u"test/x"_s).status, 200); // one retry on the same offering after backoff
    const auto m = g.h.send("GET", u"/metrics"_s, {});
    QCOMPARE(m.status, 200);
    QVERIFY(m.header("content-type").startsWith("text/plain"));
    QVERIFY2(m.body.contains("switchboard_calls_total{status_class=\"retried_ok\"} 1"),
             m.body.constData());
    QVERIFY(m.body.contains("switchboard_attempts_total{connection=\"conn-a\"} 2"));
    QVERIFY(m.body.contains("switchboard_call_duration_seconds_count 1"));
    QVERIFY(m.body.contains("switchboard_cooldowns_active "));
    QCOMPARE(g.h.send("GET", u"/metrics"_s, {}, {}, false).status, 401);
}

void tst_GatewayWorker::unknownRouteIs404()
{
    Gateway1 g;
    QVERIFY(g.h.start());
    QCOMPARE(g.h.send("GET", u"/v2/whatever"_s, {}).status, 404);
    QCOMPARE(g.h.send("GET", u"/v1/chat/completions"_s, {}).status, 405);
}

void tst_GatewayWorker::refusalsCarryRequestIdNoReceipt_R_DET_data()
{
    QTest::addColumn<QByteArray>("request"); // raw; every one asks to close after its answer
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("reason"); // the /metrics label
    QTest::addColumn<bool>("anthropic"); // request-id too on /v1/messages

    const QByteArray body = R"({"model":"test/x","messages":[{"role":"user","content":"hi"}]})";
    const QByteArray length = "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    QTest::newRow("401 no key") << "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + length + "Connection: close\r\n\r\n" + body
                                << 401 << QByteArray("authentication_error") << false;
    QTest::newRow("401 on /v1/messages") << "POST /v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + length + "Connection: close\r\n\r\n" + body
                                         << 401 << QByteArray("authentication_error") << true;
    QTest::newRow("421 not a loopback Host")
        << "POST /v1/chat/completions HTTP/1.1\r\nHost: evil.example\r\n" + length
            + "Connection: close\r\n\r\n" + body
        << 421 << QByteArray("misdirected_request") << false;
    QTest::newRow("400 HTTP/1.1 without Host, not 421")
        << QByteArray("GET /v1/models HTTP/1.1\r\nConnection: close\r\n\r\n") << 400
        << QByteArray("invalid_request") << false;
    QTest::newRow("413 body over the limit")
        << QByteArray("POST /v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                      "Content-Length: 4096\r\n\r\n")
        << 413 << QByteArray("request_too_large") << true;
    QTest::newRow("431 header block over the limit")
        << "GET /v1/models HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + QByteArray(70 * 1024, 'a')
            + "\r\n\r\n"
        << 431 << QByteArray("request_header_fields_too_large") << false;
    QTest::newRow("408 request never completes")
        << QByteArray("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                      "Content-Length: 100\r\n\r\n{")
        << 408 << QByteArray("request_timeout") << false;
}

// Answers refused before a call exists carry an id the caller can quote and say no attempt was
// made, write no receipt (a flood of bad keys must not fill the database) and are counted in
// /metrics by reason (R-DET).
void tst_GatewayWorker::refusalsCarryRequestIdNoReceipt_R_DET()
{
    QFETCH(QByteArray, request);
    QFETCH(int, status);
    QFETCH(QByteArray, reason);
    QFETCH(bool, anthropic);
    Gateway1 g(1024);
    g.h.options.requestTimeoutMs = 300;
    QVERIFY(g.h.start());
    const QByteArray answer = rawExchange(portOf(g.h.address), request);
    QVERIFY2(answer.startsWith(QByteArray("HTTP/1.1 " + QByteArray::number(status) + ' ')),
             answer.left(80).constData());
    const QByteArray head = answer.left(answer.indexOf("\r\n\r\n") + 2);
    const auto value = [&](const QByteArray &name) {
        const qsizetype at = head.indexOf(QByteArray("\r\n" + name + ": "));
        if (at < 0)
            return QByteArray();
        const qsizetype start = at + name.size() + 4;
        return head.mid(start, head.indexOf("\r\n", start) - start);
    };
    const QByteArray id = value("x-request-id");
    QVERIFY2(id.startsWith("req_"), head.constData());
    QCOMPARE(value("request-id"), anthropic ? id : QByteArray());
    QCOMPARE(value("x-gateway-attempts"), QByteArray("0")); // no attempt was made (R-DET)
    QCOMPARE(g.h.receiptCount(), 0);
    QVERIFY(!g.h.receipt(QString::fromLatin1(id)));
    const auto metrics = g.h.send("GET", u"/metrics"_s, {});
    QVERIFY2(metrics.body.contains(
                 QByteArray("switchboard_rejected_total{reason=\"" + reason + "\"} 1")),
             metrics.body.constData());
    QCOMPARE(g.up.requestCount(), 0);
}

QTEST_MAIN(tst_GatewayWorker)
#include "tst_gatewayworker.moc"
