#include "fakeproxy.h"
#include "gatewayharness.h"
#include "rawhttp.h"
#include "testcerts.h"

#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <memory>
#include <vector>

using namespace Qt::StringLiterals;
using Response = FakeUpstream::Response;

// The outbound side seen from a fake upstream: how many calls the gateway keeps open to one host at
// once, what it asks of the upstream (SPEC §3, R-SEC-5), and that a receipt's attempts are exactly
// the requests the upstream received.
class tst_UpstreamTransport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void concurrencyNotCappedAtSixPerHost_SPEC_3();
    void asksForIdentityWithoutCallerHeaders_R_SEC_5_data();
    void asksForIdentityWithoutCallerHeaders_R_SEC_5();
    void attemptsEqualRequestsWhenUpstreamCloses_R_RCPT_1_data();
    void attemptsEqualRequestsWhenUpstreamCloses_R_RCPT_1();
    void streamCutAfterStatusIsOneAttempt_R_REC_8();
    void statusNeedsThreeDigits_R_ERR_1_data();
    void statusNeedsThreeDigits_R_ERR_1();
    void upstreamClosingIdleConnectionsCostsNoAttempt_R_RCPT_1();
    void tlsErrorIsNamedInTheReceipt_R_REC_7();
    void caFileOfTheConnectionIsTrusted();
    void proxiesComeFromTheEnvironment();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::optional<TestCert> m_cert;
};

namespace {

// A caller speaking HTTP/1.1 over its own socket: a client-side QNetworkAccessManager would itself
// hold at most 6 requests per host and hide the gateway's limit.
class RawCaller
{
public:
    RawCaller(quint16 port, const QByteArray &request)
    {
        QObject::connect(&m_socket, &QTcpSocket::connected, &m_socket,
                         [this, request] { m_socket.write(request); });
        QObject::connect(&m_socket, &QTcpSocket::readyRead, &m_socket,
                         [this] { m_got += m_socket.readAll(); });
        QObject::connect(&m_socket, &QTcpSocket::disconnected, &m_socket,
                         [this] { m_closed = true; });
        m_socket.connectToHost(QHostAddress::LocalHost, port);
    }
    bool closed() const { return m_closed; }
    const QByteArray &got() const { return m_got; }

private:
    QTcpSocket m_socket;
    QByteArray m_got;
    bool m_closed = false;
};

QByteArray rawChatRequest(const GatewayHarness &h, const QString &model)
{
    const QByteArray body
        = QJsonDocument(GatewayHarness::chatBody(model)).toJson(QJsonDocument::Compact);
    return "POST /v1/chat/completions HTTP/1.1\r\nHost: " + h.address.toLatin1()
        + "\r\nAuthorization: Bearer " + h.key.toLatin1()
        + "\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: "
        + QByteArray::number(body.size()) + "\r\n\r\n" + body;
}

} // namespace

void tst_UpstreamTransport::concurrencyNotCappedAtSixPerHost_SPEC_3()
{
    // Every answer waits until all callers are in flight at the fake upstream: reaching the count
    // proves the gateway held that many upstream requests open at once to one host and port.
    constexpr int kCallers = 20;
    FakeUpstream upstream;
    QVERIFY(upstream.listen());
    Response held = FakeUpstream::openAiChat(u"up-x"_s);
    held.before = Response::Before::Hold;
    upstream.setDefault(held);
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, upstream.baseUrl());
    h.addDirect(u"test/x"_s, { u"conn-a"_s }, GatewayHarness::fastRecovery(1, 60000, 30000));
    QVERIFY(h.start());
    std::vector<std::unique_ptr<RawCaller>> callers;
    const QByteArray request = rawChatRequest(h, u"test/x"_s);
    for (int i = 0; i < kCallers; ++i)
        callers.push_back(std::make_unique<RawCaller>(portOf(h.address), request));
    QTRY_VERIFY2_WITH_TIMEOUT(upstream.inFlight() == kCallers,
                              qPrintable(u"at most %1 in flight"_s.arg(upstream.maxInFlight())),
                              15000);
    QCOMPARE(upstream.requestCount(), kCallers); // one request each: nothing failed over or retried
    upstream.releaseHeld();
    for (const auto &c : callers) {
        QTRY_VERIFY_WITH_TIMEOUT(c->closed(), 15000);
        QVERIFY2(c->got().startsWith("HTTP/1.1 200 "), c->got().left(200).constData());
        QVERIFY(c->got().contains("\"model\":\"test/x\""));
    }
    QCOMPARE(upstream.maxInFlight(), kCallers);
    QCOMPARE(upstream.requestCount(), kCallers);
    QTRY_COMPARE(h.receiptCount(), qint64(kCallers));
}

void tst_UpstreamTransport::asksForIdentityWithoutCallerHeaders_R_SEC_5_data()
{
    QTest::addColumn<int>("dialect");
    QTest::addColumn<bool>("stream");
    QTest::addColumn<QByteArray>("credentialHeader");
    const int openAi = int(Domain::Dialect::OpenAi);
    const int azure = int(Domain::Dialect::AzureOpenAi);
    const int anthropic = int(Domain::Dialect::Anthropic);
    QTest::newRow("openai") << openAi << false << QByteArray("authorization");
    QTest::newRow("openai stream") << openAi << true << QByteArray("authorization");
    QTest::newRow("azure-openai") << azure << false << QByteArray("api-key");
    QTest::newRow("anthropic") << anthropic << false << QByteArray("x-api-key");
    QTest::newRow("anthropic stream") << anthropic << true << QByteArray("x-api-key");
}

void tst_UpstreamTransport::asksForIdentityWithoutCallerHeaders_R_SEC_5()
{
    QFETCH(int, dialect);
    QFETCH(bool, stream);
    QFETCH(QByteArray, credentialHeader);
    const auto kind = Domain::Dialect(dialect);
    const bool anthropic = kind == Domain::Dialect::Anthropic;
    FakeUpstream upstream;
    QVERIFY(upstream.listen());
    if (anthropic)
        upstream.setDefault(stream ? FakeUpstream::anthropicStream(u"up-x"_s, 3)
                                   : FakeUpstream::anthropicMessage(u"up-x"_s));
    else
        upstream.setDefault(stream ? FakeUpstream::openAiStream(u"up-x"_s, 3)
                                   : FakeUpstream::openAiChat(u"up-x"_s));
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, upstream.baseUrl(), kind).apiVersion = u"2024-10-21"_s;
    h.addDirect(u"test/x"_s, { u"conn-a"_s });
    QVERIFY(h.start());
    QJsonObject body = GatewayHarness::chatBody(u"test/x"_s, stream);
    body[u"max_tokens"_s] = 100;
    const QString path = anthropic ? u"/v1/messages"_s : u"/v1/chat/completions"_s;
    const QByteArray callerKey = h.key.toLatin1();
    const auto r = h.post(path, body,
                          { { "x-api-key", callerKey },
                            { "x-gateway-debug", "1" },
                            { "accept-encoding", "gzip, br" } });
    QCOMPARE(r.status, 200);
    QCOMPARE(upstream.requestCount(), 1);
    const FakeUpstream::Received got = upstream.received().at(0);
    int encodings = 0;
    for (const auto &hdr : got.headers) {
        encodings += hdr.first == "accept-encoding" ? 1 : 0;
        QVERIFY2(!hdr.first.startsWith("x-gateway"), hdr.first.constData());
        QVERIFY2(!hdr.second.contains(callerKey), hdr.first.constData());
    }
    QCOMPARE(encodings, 1);
    QCOMPARE(got.header("accept-encoding"), QByteArray("identity"));
    QVERIFY(got.header(credentialHeader).endsWith("upstream-secret-conn-a"));
    QVERIFY(!got.body.contains(callerKey));
}

void tst_UpstreamTransport::initTestCase()
{
    // The gateway's transport reads these once when it starts; only the proxy test sets them.
    for (const char *v : { "http_proxy", "https_proxy", "HTTPS_PROXY", "no_proxy", "NO_PROXY" })
        qunsetenv(v);
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_cert = makeTestCert(m_dir->path(), u"localhost"_s, u"IP:127.0.0.1,DNS:localhost"_s);
}

void tst_UpstreamTransport::attemptsEqualRequestsWhenUpstreamCloses_R_RCPT_1_data()
{
    QTest::addColumn<bool>("stream");
    QTest::newRow("non-streaming") << false;
    QTest::newRow("streaming") << true;
}

void tst_UpstreamTransport::attemptsEqualRequestsWhenUpstreamCloses_R_RCPT_1()
{
    // An upstream that reads each request and closes without answering: every attempt is one
    // request, none is re-sent behind the receipt's back (QNetworkAccessManager did).
    QFETCH(bool, stream);
    FakeUpstream upstream;
    QVERIFY(upstream.listen());
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, upstream.baseUrl());
    h.addDirect(u"test/x"_s, { u"conn-a"_s }, GatewayHarness::fastRecovery(3, 0, 10000));
    QVERIFY(h.start());
    QCOMPARE(h.chat(u"test/x"_s).status, 200); // leaves a kept-alive connection in the pool
    Response dropped
        = stream ? FakeUpstream::openAiStream(u"up-x"_s, 3) : FakeUpstream::openAiChat(u"up-x"_s);
    dropped.before = Response::Before::Drop;
    upstream.setDefault(dropped);
    const auto r = h.chat(u"test/x"_s, {}, stream);
    QCOMPARE(r.status, 503);
    QCOMPARE(r.header("x-gateway-attempts"), QByteArray("3"));
    const auto receipt = h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->attempts.size(), 3);
    for (const Domain::Attempt &a : receipt->attempts)
        QCOMPARE(Domain::toString(a.transportError.failure),
                 Domain::toString(Domain::TransportFailure::DroppedBeforeStatus));
    QCOMPARE(upstream.requestCount(), 1 + 3);
}

void tst_UpstreamTransport::streamCutAfterStatusIsOneAttempt_R_REC_8()
{
    FakeUpstream upstream;
    QVERIFY(upstream.listen());
    Response cut = FakeUpstream::openAiStream(u"up-x"_s, 3);
    cut.after = Response::After::Drop;
    upstream.setDefault(cut);
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, upstream.baseUrl());
    h.addDirect(u"test/x"_s, { u"conn-a"_s }, GatewayHarness::fastRecovery(3, 0, 10000));
    QVERIFY(h.start());
    const auto r = h.chat(u"test/x"_s, {}, true);
    QCOMPARE(r.status, 200);
    QVERIFY(r.body.contains("stream_interrupted"));
    const auto receipt = h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->attempts.size(), 1);
    QCOMPARE(upstream.requestCount(), 1);
}

void tst_UpstreamTransport::statusNeedsThreeDigits_R_ERR_1_data()
{
    QTest::addColumn<QByteArray>("statusLine");
    QTest::newRow("2") << QByteArrayLiteral("HTTP/1.1 2 OK");
    QTest::newRow("0200") << QByteArrayLiteral("HTTP/1.1 0200 OK");
    QTest::newRow("1000") << QByteArrayLiteral("HTTP/1.1 1000 OK");
}

void tst_UpstreamTransport::statusNeedsThreeDigits_R_ERR_1()
{
    // A raw upstream: FakeUpstream writes only well-formed status lines.
    QFETCH(QByteArray, statusLine);
    QTcpServer upstream;
    QVERIFY(upstream.listen(QHostAddress::LocalHost, 0));
    int requests = 0;
    connect(&upstream, &QTcpServer::newConnection, this, [&] {
        QTcpSocket *s = upstream.nextPendingConnection();
        connect(s, &QTcpSocket::readyRead, s, [&requests, s, statusLine] {
            if (!s->readAll().contains("\r\n\r\n"))
                return;
            ++requests;
            s->write(statusLine
                     + "\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}");
        });
    });
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, u"http://127.0.0.1:%1/v1"_s.arg(upstream.serverPort()));
    h.addDirect(u"test/x"_s, { u"conn-a"_s }, GatewayHarness::fastRecovery(3, 0, 10000));
    QVERIFY(h.start());
    const auto r = h.chat(u"test/x"_s);
    QCOMPARE(r.status, 502);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"code"_s).toString(),
             u"upstream_bad_response"_s);
    const auto receipt = h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->attempts.size(), 1); // not retried (R-REC-8)
    QCOMPARE(requests, 1);
    const Domain::Attempt &a = receipt->attempts.at(0);
    QCOMPARE(a.httpStatus, 0); // never taken for a status
    QCOMPARE(Domain::toString(a.errorClass), Domain::toString(Domain::ErrorClass::BadResponse));
    QVERIFY(!a.decision.causes.empty());
    QCOMPARE(Domain::toString(a.decision.causes.front().code),
             Domain::toString(Domain::FactCode::ReplyUndecodable));
}

void tst_UpstreamTransport::upstreamClosingIdleConnectionsCostsNoAttempt_R_RCPT_1()
{
    FakeUpstream upstream;
    QVERIFY(upstream.listen());
    upstream.setCloseIdleAfterMs(100);
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, upstream.baseUrl());
    h.addDirect(u"test/x"_s, { u"conn-a"_s });
    QVERIFY(h.start());
    QCOMPARE(h.chat(u"test/x"_s).status, 200);
    QTRY_COMPARE(upstream.openConnections(), 0); // the upstream closed the idle connection
    const auto r = h.chat(u"test/x"_s);
    QCOMPARE(r.status, 200);
    const auto receipt = h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->attempts.size(), 1);
    QCOMPARE(upstream.requestCount(), 2);
    QCOMPARE(upstream.connectionCount(), 2);
}

void tst_UpstreamTransport::tlsErrorIsNamedInTheReceipt_R_REC_7()
{
    if (!m_cert)
        QSKIP("openssl is not installed (scripts/setup installs it)");
    FakeUpstream upstream;
    QVERIFY(upstream.listenTls(m_cert->server));
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, upstream.baseUrl()); // self-signed, and no CA file
    h.addDirect(u"test/x"_s, { u"conn-a"_s }, GatewayHarness::fastRecovery(2, 0, 10000));
    QVERIFY(h.start());
    const auto r = h.chat(u"test/x"_s);
    QCOMPARE(r.status, 503);
    const auto receipt = h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->attempts.size(), 2); // a TLS failure is retried (R-REC-7)
    const Domain::TransportError error = receipt->attempts.at(0).transportError;
    QCOMPARE(Domain::toString(error.failure), Domain::toString(Domain::TransportFailure::Tls));
    QVERIFY2(error.detail.contains(u"self-signed"_s), qPrintable(error.detail)); // TLS's words
    QCOMPARE(upstream.requestCount(), 0);
}

void tst_UpstreamTransport::caFileOfTheConnectionIsTrusted()
{
    if (!m_cert)
        QSKIP("openssl is not installed (scripts/setup installs it)");
    FakeUpstream upstream;
    QVERIFY(upstream.listenTls(m_cert->server));
    GatewayHarness h;
    h.addConnection(u"conn-a"_s, upstream.baseUrl()).caFile = m_cert->certFile;
    h.addDirect(u"test/x"_s, { u"conn-a"_s });
    QVERIFY(h.start());
    for (int i = 0; i < 2; ++i) {
        const auto r = h.chat(u"test/x"_s);
        QCOMPARE(r.status, 200);
        QVERIFY(r.body.contains("\"model\":\"test/x\""));
    }
    QCOMPARE(upstream.requestCount(), 2);
    QCOMPARE(upstream.connectionCount(), 1);
}

void tst_UpstreamTransport::proxiesComeFromTheEnvironment()
{
    if (!m_cert)
        QSKIP("openssl is not installed (scripts/setup installs it)");
    FakeUpstream plain;
    QVERIFY(plain.listen());
    FakeUpstream secure;
    QVERIFY(secure.listenTls(m_cert->server));
    FakeUpstream bypassed;
    QVERIFY(bypassed.listen());
    FakeProxy proxy;
    QVERIFY(proxy.listen());
    qputenv("https_proxy", proxy.url().toLatin1());
    qputenv("http_proxy", proxy.url().toLatin1());
    qputenv("no_proxy", "localhost");
    GatewayHarness h;
    h.addConnection(u"plain"_s, plain.baseUrl());
    h.addConnection(u"secure"_s, secure.baseUrl()).caFile = m_cert->certFile;
    h.addConnection(u"bypassed"_s, u"http://localhost:%1/v1"_s.arg(bypassed.port()));
    h.addDirect(u"test/plain"_s, { u"plain"_s });
    h.addDirect(u"test/secure"_s, { u"secure"_s });
    h.addDirect(u"test/bypassed"_s, { u"bypassed"_s });
    const bool started = h.start();
    for (const char *v : { "https_proxy", "http_proxy", "no_proxy" })
        qunsetenv(v); // read once, when the gateway started
    QVERIFY(started);
    QCOMPARE(h.chat(u"test/plain"_s).status, 200);
    QCOMPARE(h.chat(u"test/secure"_s).status, 200);
    QCOMPARE(h.chat(u"test/bypassed"_s).status, 200);
    QCOMPARE(proxy.connectionCount(), 2);
    QCOMPARE(proxy.firstLines().at(0),
             "POST " + plain.baseUrl().toLatin1() + "/chat/completions HTTP/1.1");
    QCOMPARE(proxy.firstLines().at(1),
             u"CONNECT 127.0.0.1:%1 HTTP/1.1"_s.arg(secure.port()).toLatin1());
    QCOMPARE(plain.requestCount(), 1);
    QCOMPARE(secure.requestCount(), 1);
    QCOMPARE(bypassed.requestCount(), 1);
}

QTEST_MAIN(tst_UpstreamTransport)
#include "tst_upstreamtransport.moc"
