#include "gatewayharness.h"
#include "rawhttp.h"

#include <QTcpSocket>
#include <QTest>

#include <memory>
#include <vector>

using namespace Qt::StringLiterals;
using Response = FakeUpstream::Response;

// The outbound side seen from a fake upstream: how many calls the gateway keeps open to one host at
// once, and what it asks of the upstream (SPEC §3, issue 4 "Outbound", R-SEC-5).
class tst_UpstreamTransport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void concurrencyNotCappedAtSixPerHost_SPEC_3();
    void asksForIdentityWithoutCallerHeaders_R_SEC_5_data();
    void asksForIdentityWithoutCallerHeaders_R_SEC_5();
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
    const QByteArray body =
        QJsonDocument(GatewayHarness::chatBody(model)).toJson(QJsonDocument::Compact);
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
    h.addDirect(u"test/x"_s, {u"conn-a"_s}, GatewayHarness::fastRecovery(1, 60000, 30000));
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
    h.addDirect(u"test/x"_s, {u"conn-a"_s});
    QVERIFY(h.start());
    QJsonObject body = GatewayHarness::chatBody(u"test/x"_s, stream);
    body[u"max_tokens"_s] = 100;
    const QString path = anthropic ? u"/v1/messages"_s : u"/v1/chat/completions"_s;
    const QByteArray callerKey = h.key.toLatin1();
    const auto r = h.post(path, body, {{"x-api-key", callerKey}, {"x-gateway-debug", "1"},
                                       {"accept-encoding", "gzip, br"}});
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

QTEST_MAIN(tst_UpstreamTransport)
#include "tst_upstreamtransport.moc"
