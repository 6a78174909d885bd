#include "net/httpserver.h"
#include "rawhttp.h"

#include <QEventLoop>
#include <QPointer>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>
#include <fcntl.h>
#include <malloc.h>
#include <memory>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace Gateway;

// The inbound HTTP/1.1 layer on its own: framing, order, limits and timeouts (R-SEC-2).
class tst_HttpConnection : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void headerNamesAreKeptLowercased_data();
    void headerNamesAreKeptLowercased();
    void pipelinedAnswersKeepRequestOrder();
    void http10ClosesAfterAnswer();
    void chunkedRequestBodyIsJoined();
    void malformedRequestIs400AndClosed_R_SEC_2();
    void http11WithoutOneHostIs400_R_SEC_2_data();
    void http11WithoutOneHostIs400_R_SEC_2();
    void refusedWhileSendingStillGetsTheAnswer_R_SEC_2_data();
    void refusedWhileSendingStillGetsTheAnswer_R_SEC_2();
    void lingeringEndsAfterItsTime_R_SEC_2();
    void lingeringEndsAfterItsBytes_R_SEC_2();
    void idleConnectionIsClosed_R_SEC_2();
    void tricklingClientGets408_R_SEC_2();
    void streamIsChunkedAndEnds();
    void expectContinueIsAnswered();
    void onlyTheHeadersReadAreKept_R_SEC_2();
    void streamWatermarksSignalFilledThenDrained_R_SEC_2();
    void nextStreamOnKeptAliveConnectionFillsAgain_R_SEC_2();
    void connectionsBeyondTheLimitGet503();
    void destroyedWithUnsentBytesTellsItsAnswerer();
    void answerWrittenJustBeforeStopReachesTheCaller_R_RCPT_1();
    void heldCallerConnectionStaysSmall();
};

namespace {

// Heap bytes (glibc's count, chunk headers included) a caller connection may hold while its
// request waits for an answer.
constexpr double kHeldConnectionBytes = 1900;

// Counts the write-buffer marks a connection reports to its answerer.
struct MarksCounted : HttpConnection::Answerer
{
    int filled = 0;
    int drained = 0;
    void callerClosed() override { }
    void writeBufferFilled() override { ++filled; }
    void writeBufferDrained() override { ++drained; }
    void connectionDestroyed() override { ++destroyed; }
    int destroyed = 0;
};

// A server that starts a stream for each request, with `marks` as the connection's answerer, and a
// client that asked for one.
struct StreamingServer
{
    MarksCounted marks; // first: outlives the server and its connections
    HttpServer server;
    QPointer<HttpConnection> connection;
    QTcpSocket client;

    explicit StreamingServer(const ServerLimits &limits)
        : server(limits)
    {
        QObject::connect(&server, &HttpServer::requestReceived, &server,
                         [this](HttpConnection *c, const HttpRequest &) {
                             connection = c;
                             c->setAnswerer(&marks);
                             c->beginStream(200, {}, "text/event-stream");
                         });
    }
    // Listens, connects and asks for the stream; true once the server has the request.
    bool open()
    {
        if (!server.listen(QHostAddress::LocalHost, 0).ok())
            return false;
        client.connectToHost(QHostAddress::LocalHost, server.port());
        if (!client.waitForConnected(5000))
            return false;
        client.write("GET /stream HTTP/1.1\r\nHost: a\r\n\r\n");
        return QTest::qWaitFor([this] { return !connection.isNull(); }, 5000);
    }
};

} // namespace

namespace {

// A server whose handler answers /slow after 100 ms, /stream as three chunks, and echoes the rest.
struct EchoServer
{
    HttpServer server { ServerLimits() };
    explicit EchoServer(ServerLimits limits = {})
        : server(limits)
    {
        QObject::connect(&server, &HttpServer::requestReceived, &server,
                         [](HttpConnection *c, const HttpRequest &r) { answer(c, r); });
        QVERIFY(server.listen(QHostAddress::LocalHost, 0).ok());
    }
    static void answer(HttpConnection *c, const HttpRequest &r)
    {
        HttpResponse response;
        response.contentType = "text/plain";
        response.body = r.method + ' ' + r.path + ' ' + r.body;
        if (r.path == "/slow") {
            QPointer<HttpConnection> guard(c);
            QTimer::singleShot(100, c, [guard, response] {
                if (guard)
                    guard->respond(response);
            });
        } else if (r.path == "/stream") {
            c->beginStream(200, {}, "text/event-stream");
            c->writeStream("data: 1\n\n");
            c->writeStream("data: 2\n\n");
            c->endStream();
        } else {
            c->respond(response);
        }
    }
    quint16 port() const { return server.port(); }
};

} // namespace

void tst_HttpConnection::headerNamesAreKeptLowercased_data()
{
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<QByteArray>("kept");
    QTest::newRow("usual, any case") << QByteArray("Content-TYPE") << QByteArray("content-type");
    QTest::newRow("usual, lowercase") << QByteArray("authorization") << QByteArray("authorization");
    QTest::newRow("another name") << QByteArray("X-Gateway-Model-Regions")
                                  << QByteArray("x-gateway-model-regions");
    QTest::newRow("a usual name's prefix") << QByteArray("Hos") << QByteArray("hos");
    QTest::newRow("a usual name and more") << QByteArray("Hosts") << QByteArray("hosts");
}

void tst_HttpConnection::headerNamesAreKeptLowercased()
{
    QFETCH(QByteArray, name);
    QFETCH(QByteArray, kept);
    QCOMPARE(lowercaseHeaderName(name), kept);
    HttpServer server { ServerLimits() };
    HttpRequest seen;
    QObject::connect(&server, &HttpServer::requestReceived, &server,
                     [&](HttpConnection *c, const HttpRequest &r) {
                         seen = r;
                         c->respond(HttpResponse {});
                     });
    QVERIFY(server.listen(QHostAddress::LocalHost, 0).ok());
    const QByteArray answer = rawExchange(
        server.port(), "GET / HTTP/1.1\r\nHost: a\r\n" + name + ": v\r\nConnection: close\r\n\r\n");
    QVERIFY2(answer.startsWith("HTTP/1.1 200"), answer.constData());
    QCOMPARE(seen.header(kept), QByteArray("v"));
}

void tst_HttpConnection::pipelinedAnswersKeepRequestOrder()
{
    EchoServer s;
    const QByteArray answer
        = rawExchange(s.port(),
                      "GET /slow HTTP/1.1\r\nHost: a\r\n\r\n"
                      "GET /fast HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n");
    const qsizetype slow = answer.indexOf("GET /slow");
    const qsizetype fast = answer.indexOf("GET /fast");
    QVERIFY2(slow >= 0 && fast > slow, answer.constData());
    QCOMPARE(answer.count("HTTP/1.1 200 OK"), 2);
}

void tst_HttpConnection::http10ClosesAfterAnswer()
{
    EchoServer s;
    const QByteArray answer = rawExchange(s.port(), "GET /fast HTTP/1.0\r\n\r\n");
    QVERIFY(answer.startsWith("HTTP/1.1 200 OK"));
    QVERIFY(answer.contains("Connection: close"));
    QVERIFY(answer.endsWith("GET /fast "));
}

void tst_HttpConnection::chunkedRequestBodyIsJoined()
{
    EchoServer s;
    const QByteArray answer
        = rawExchange(s.port(),
                      "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n"
                      "Connection: close\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n");
    QVERIFY2(answer.endsWith("POST /echo hello world"), answer.constData());
}

void tst_HttpConnection::malformedRequestIs400AndClosed_R_SEC_2()
{
    EchoServer s;
    const QByteArray answer = rawExchange(s.port(), "GARBAGE\x01 / HTTP/9\r\n\r\n");
    QVERIFY2(answer.startsWith("HTTP/1.1 400 "), answer.constData());
    QVERIFY(answer.contains("Connection: close"));
    QVERIFY(answer.contains("\"code\":\"invalid_request\""));
}

void tst_HttpConnection::http11WithoutOneHostIs400_R_SEC_2_data()
{
    // RFC 9112 §3.2: an HTTP/1.1 request has exactly one Host; HTTP/1.0 needs none.
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<int>("status");
    QTest::newRow("1.1 without Host")
        << QByteArray("GET /a HTTP/1.1\r\nConnection: close\r\n\r\n") << 400;
    QTest::newRow("1.1 with two") << QByteArray("GET /a HTTP/1.1\r\nHost: a\r\nhost: b\r\n"
                                                "Connection: close\r\n\r\n")
                                  << 400;
    QTest::newRow("1.1 with one") << QByteArray("GET /a HTTP/1.1\r\nHOST: a\r\n"
                                                "Connection: close\r\n\r\n")
                                  << 200;
    QTest::newRow("1.0 without Host") << QByteArray("GET /a HTTP/1.0\r\n\r\n") << 200;
    QTest::newRow("1.0 with two") << QByteArray("GET /a HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n")
                                  << 400;
}

void tst_HttpConnection::http11WithoutOneHostIs400_R_SEC_2()
{
    QFETCH(QByteArray, request);
    QFETCH(int, status);
    EchoServer s;
    QSignalSpy rejected(&s.server, &HttpServer::requestRejected);
    const QByteArray answer = rawExchange(s.port(), request);
    QVERIFY2(answer.startsWith(QByteArray("HTTP/1.1 " + QByteArray::number(status) + ' ')),
             answer.constData());
    if (status != 400) {
        QCOMPARE(rejected.count(), 0);
        return;
    }
    QVERIFY(answer.contains("Connection: close"));
    QVERIFY2(answer.contains("\"code\":\"invalid_request\"") && answer.contains("Host"),
             answer.constData());
    QCOMPARE(rejected.count(), 1); // counted in /metrics by the gateway (R-DET)
}

namespace {

// A caller on a plain socket, as an SDK is: it writes its whole request before it reads the
// answer, and sees a reset where Qt's socket would report a close. It never closes on its own.
class PlainCaller
{
public:
    explicit PlainCaller(quint16 port)
        : m_fd(::socket(AF_INET, SOCK_STREAM, 0))
    {
        sockaddr_in address {};
        address.sin_family = AF_INET;
        address.sin_port = htons(port);
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        m_connected = ::connect(m_fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0;
        ::fcntl(m_fd, F_SETFL, ::fcntl(m_fd, F_GETFL) | O_NONBLOCK);
    }
    ~PlainCaller() { ::close(m_fd); }
    PlainCaller(const PlainCaller &) = delete;
    PlainCaller &operator=(const PlainCaller &) = delete;

    bool connected() const { return m_connected; }
    bool wasReset() const { return m_reset; }
    qint64 sent() const { return m_sent; }
    const QByteArray &received() const { return m_received; }

    // Sends what the kernel takes now of `data` from `from` on; false once the connection was
    // reset.
    bool send(const QByteArray &data, qsizetype from = 0)
    {
        const ssize_t n
            = ::send(m_fd, data.constData() + from, size_t(data.size() - from), MSG_NOSIGNAL);
        if (n > 0)
            m_sent += n;
        else if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
            m_reset = true;
        return !m_reset;
    }
    // The rest of a request of which sent() bytes went out: true once all of it did.
    bool sendRest(const QByteArray &request)
    {
        return send(request, qsizetype(m_sent)) && m_sent == request.size();
    }
    // Reads what arrived: true once the server closed its sending side, or reset.
    bool receiveToEnd()
    {
        char buffer[16 * 1024];
        for (;;) {
            const ssize_t n = ::recv(m_fd, buffer, sizeof buffer, 0);
            if (n > 0) {
                m_received.append(buffer, qsizetype(n));
                continue;
            }
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
                return false;
            m_reset = m_reset || n < 0;
            return true;
        }
    }

private:
    int m_fd;
    bool m_connected = false;
    bool m_reset = false;
    qint64 m_sent = 0;
    QByteArray m_received;
};

} // namespace

void tst_HttpConnection::refusedWhileSendingStillGetsTheAnswer_R_SEC_2_data()
{
    // The connection refuses the request before it has all arrived (by its Content-Length, or
    // at the limit): the caller still sends the rest, then reads the answer.
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<int>("status");
    constexpr qsizetype kSent = 4 * 1024 * 1024;
    QTest::newRow("413 by Content-Length") << "POST /up HTTP/1.1\r\nHost: a\r\nContent-Length: "
            + QByteArray::number(kSent) + "\r\n\r\n"
            + QByteArray(kSent, 'x') << 413;
    QByteArray chunked = "POST /up HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n";
    for (int i = 0; i < 64; ++i)
        chunked += "10000\r\n" + QByteArray(0x10000, 'x') + "\r\n";
    QTest::newRow("413 chunked") << chunked + "0\r\n\r\n" << 413;
    QTest::newRow("431 header block")
        << "GET / HTTP/1.1\r\nHost: a\r\nX-Big: " + QByteArray(kSent, 'a') + "\r\n\r\n"
        << 431;
}

void tst_HttpConnection::refusedWhileSendingStillGetsTheAnswer_R_SEC_2()
{
    QFETCH(QByteArray, request);
    QFETCH(int, status);
    ServerLimits limits;
    limits.maxBodyBytes = 64 * 1024;
    limits.maxHeaderBytes = 16 * 1024;
    EchoServer s(limits);
    PlainCaller caller(s.port());
    QVERIFY(caller.connected());
    QVERIFY(QTest::qWaitFor([&] { return caller.sendRest(request) || caller.wasReset(); }, 10000));
    QVERIFY2(!caller.wasReset(),
             qPrintable(u"reset after %1 of %2 bytes"_s.arg(caller.sent()).arg(request.size())));
    QVERIFY(QTest::qWaitFor([&] { return caller.receiveToEnd(); }, 10000));
    QVERIFY2(!caller.wasReset(), "reset before the answer was read");
    const QByteArray &got = caller.received();
    QVERIFY2(got.startsWith(QByteArray("HTTP/1.1 " + QByteArray::number(status) + ' ')),
             got.left(200).constData());
    // The whole answer: its body as long as its Content-Length says.
    const qsizetype end = got.indexOf("\r\n\r\n");
    const qsizetype at = got.indexOf("Content-Length: ");
    QVERIFY(at > 0 && at < end);
    QCOMPARE(got.size() - end - 4,
             got.mid(at + 16, got.indexOf("\r\n", at) - at - 16).toLongLong());
    QVERIFY(got.contains("Connection: close"));
}

void tst_HttpConnection::lingeringEndsAfterItsTime_R_SEC_2()
{
    ServerLimits limits;
    limits.maxBodyBytes = 1024;
    limits.lingerMs = 200;
    EchoServer s(limits);
    PlainCaller caller(s.port());
    QVERIFY(caller.connected());
    QVERIFY(caller.send("POST /up HTTP/1.1\r\nHost: a\r\nContent-Length: 100000\r\n\r\n"));
    QTRY_COMPARE_WITH_TIMEOUT(s.server.connectionCount(), 1, 5000);
    // The caller neither sends its body nor closes: the linger's time ends the connection.
    QTRY_COMPARE_WITH_TIMEOUT(s.server.connectionCount(), 0, 5000);
    QVERIFY(caller.receiveToEnd());
    QVERIFY(caller.received().startsWith("HTTP/1.1 413 "));
}

void tst_HttpConnection::lingeringEndsAfterItsBytes_R_SEC_2()
{
    ServerLimits limits;
    limits.maxBodyBytes = 1024;
    limits.lingerMs = 60000; // only the bytes can end it within the test's bound
    limits.lingerBytes = 256 * 1024;
    EchoServer s(limits);
    PlainCaller caller(s.port());
    QVERIFY(caller.connected());
    QVERIFY(caller.send("POST /up HTTP/1.1\r\nHost: a\r\nContent-Length: 100000000\r\n\r\n"));
    // Sends whatever the server drops, until the server resets the connection.
    const QByteArray piece(64 * 1024, 'x');
    QVERIFY(QTest::qWaitFor([&] { return !caller.send(piece); }, 10000));
    QVERIFY2(caller.sent() > limits.lingerBytes, QByteArray::number(caller.sent()).constData());
    QTRY_COMPARE_WITH_TIMEOUT(s.server.connectionCount(), 0, 5000);
}

void tst_HttpConnection::idleConnectionIsClosed_R_SEC_2()
{
    ServerLimits limits;
    limits.idleTimeoutMs = 200;
    EchoServer s(limits);
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, s.port());
    QVERIFY(socket.waitForConnected(2000));
    QSignalSpy closed(&socket, &QTcpSocket::disconnected);
    QVERIFY(closed.wait(5000));
}

void tst_HttpConnection::tricklingClientGets408_R_SEC_2()
{
    ServerLimits limits;
    limits.requestTimeoutMs = 200;
    EchoServer s(limits);
    const QByteArray answer = rawExchange(s.port(), "GET /fast HTTP/1.1\r\nHost: a\r\n");
    QVERIFY2(answer.startsWith("HTTP/1.1 408 "), answer.constData());
}

void tst_HttpConnection::streamIsChunkedAndEnds()
{
    EchoServer s;
    const QByteArray answer
        = rawExchange(s.port(), "GET /stream HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n");
    QVERIFY(answer.contains("Transfer-Encoding: chunked"));
    QVERIFY2(answer.endsWith("9\r\ndata: 1\n\n\r\n9\r\ndata: 2\n\n\r\n0\r\n\r\n"),
             answer.constData());
}

void tst_HttpConnection::expectContinueIsAnswered()
{
    EchoServer s;
    const QByteArray answer
        = rawExchange(s.port(),
                      "POST /echo HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\n"
                      "Content-Length: 2\r\nConnection: close\r\n\r\nhi");
    QVERIFY2(answer.startsWith("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK"), answer.constData());
    QVERIFY(answer.endsWith("POST /echo hi"));
}

// The gateway keeps only the caller headers it reads (an SDK sends a dozen more); Expect still
// works, and the headers left out still count against the header limit.
void tst_HttpConnection::onlyTheHeadersReadAreKept_R_SEC_2()
{
    ServerLimits limits;
    limits.maxHeaderBytes = 200;
    HttpServer server { limits };
    server.setKeptHeaders({ QByteArrayLiteral("authorization"), QByteArrayLiteral("host") });
    HttpRequest seen;
    QObject::connect(&server, &HttpServer::requestReceived, &server,
                     [&](HttpConnection *c, const HttpRequest &r) {
                         seen = r;
                         HttpResponse response;
                         response.body = r.body;
                         c->respond(response);
                     });
    QVERIFY(server.listen(QHostAddress::LocalHost, 0).ok());
    const QByteArray answer = rawExchange(
        server.port(),
        "POST /v1/chat/completions HTTP/1.1\r\nHost: a\r\nUser-Agent: OpenAI/Python\r\n"
        "X-Stainless-Lang: python\r\nAUTHORIZATION: Bearer k\r\n"
        "Expect: 100-continue\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi");
    QVERIFY2(answer.startsWith("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK"), answer.constData());
    QVERIFY(answer.endsWith("hi"));
    QCOMPARE(seen.header("authorization"), QByteArray("Bearer k"));
    QCOMPARE(seen.header("host"), QByteArray("a"));
    QCOMPARE(seen.header("expect"), QByteArray("100-continue"));
    QVERIFY(headerValues(seen.headers, "user-agent").isEmpty());
    QVERIFY(headerValues(seen.headers, "x-stainless-lang").isEmpty());
    QCOMPARE(seen.headers.size(), 3);

    // A header with an empty value ends its name like any other.
    const QByteArray emptyFirst = rawExchange(
        server.port(),
        "POST /v1/chat/completions HTTP/1.1\r\nHost: a\r\nX-Empty:\r\nAuthorization: Bearer e\r\n"
        "X-Blank:   \r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi");
    QVERIFY2(emptyFirst.startsWith("HTTP/1.1 200 OK"), emptyFirst.constData());
    QCOMPARE(seen.header("authorization"), QByteArray("Bearer e")); // not "x-emptyauthorization"
    QCOMPARE(seen.headers.size(), 2);

    const QByteArray tooLong
        = rawExchange(server.port(),
                      "GET / HTTP/1.1\r\nHost: a\r\nX-Left-Out: " + QByteArray(250, 'x')
                          + "\r\nConnection: close\r\n\r\n");
    QVERIFY2(tooLong.startsWith("HTTP/1.1 431"), tooLong.constData());
}

void tst_HttpConnection::streamWatermarksSignalFilledThenDrained_R_SEC_2()
{
    ServerLimits limits;
    limits.writeHighMarkBytes = 64 * 1024;
    limits.writeLowMarkBytes = 16 * 1024;
    StreamingServer s(limits);
    QVERIFY(s.open());
    QPointer<HttpConnection> &connection = s.connection;
    QTcpSocket &client = s.client;
    const int &filled = s.marks.filled;
    const int &drained = s.marks.drained;

    // Written within one turn of the event loop, nothing has gone out yet: all of it is unsent.
    const QByteArray piece(8 * 1024, 'x');
    for (int i = 0; i < 7; ++i)
        connection->writeStream(piece);
    QCOMPARE(filled, 0); // 56 KiB plus framing: under the high mark
    connection->writeStream(piece);
    connection->writeStream(piece);
    QCOMPARE(filled, 1);
    for (int i = 0; i < 8; ++i)
        connection->writeStream(piece);
    QCOMPARE(filled, 1); // once per crossing, not per write
    QCOMPARE(drained, 0);

    QByteArray got;
    QObject::connect(&client, &QTcpSocket::readyRead, &client, [&] { got += client.readAll(); });
    QTRY_COMPARE(drained, 1);
    QCOMPARE(filled, 1);

    // Crossing again after the drain is a new fill.
    for (int i = 0; i < 9; ++i)
        connection->writeStream(piece);
    QCOMPARE(filled, 2);
    connection->endStream();
    QTRY_VERIFY(got.endsWith("\r\n0\r\n\r\n"));
    QTRY_COMPARE(drained, 2);
    QCOMPARE(got.count(piece), 26);
}

void tst_HttpConnection::destroyedWithUnsentBytesTellsItsAnswerer()
{
    // The executor and the send queue hold plain pointers to a connection and its socket: one
    // destroyed (at shutdown) after an answer was written in this turn, before the turn's flush,
    // is forgotten by both (under the sanitizers a use after free would fail this test).
    StreamingServer s { ServerLimits() };
    QVERIFY(s.open());
    QTRY_VERIFY(s.client.bytesAvailable() > 0); // the stream's head went out

    s.connection->writeStream("data: unsent\n\n"); // queued for the end of this turn
    delete s.connection.data();
    QCOMPARE(s.marks.destroyed, 1);
    QCOMPARE(s.server.connectionCount(), 0);
    // The turn's flush runs without the socket, and the caller sees the connection close.
    QTRY_COMPARE(s.client.state(), QAbstractSocket::UnconnectedState);
    QVERIFY(!s.client.readAll().contains("unsent"));
}

void tst_HttpConnection::nextStreamOnKeptAliveConnectionFillsAgain_R_SEC_2()
{
    // A stream that ends while the caller is behind leaves no "full" state to the next answer on
    // the same connection: its first write over the high mark is a new fill (its upstream pauses).
    ServerLimits limits;
    limits.writeHighMarkBytes = 64 * 1024;
    limits.writeLowMarkBytes = 16 * 1024;
    MarksCounted marks; // outlives the server and its connections
    HttpServer server(limits);
    QPointer<HttpConnection> connection;
    int requests = 0;
    const int &filled = marks.filled;
    QObject::connect(&server, &HttpServer::requestReceived, &server,
                     [&](HttpConnection *c, const HttpRequest &) {
                         c->setAnswerer(&marks);
                         connection = c;
                         ++requests;
                         c->beginStream(200, {}, "text/event-stream");
                     });
    QVERIFY(server.listen(QHostAddress::LocalHost, 0).ok());
    QTcpSocket client;
    client.setReadBufferSize(1024); // the caller reads (almost) nothing
    client.connectToHost(QHostAddress::LocalHost, server.port());
    QVERIFY(client.waitForConnected(5000));
    client.write("GET /a HTTP/1.1\r\nHost: a\r\n\r\nGET /b HTTP/1.1\r\nHost: a\r\n\r\n");
    QTRY_COMPARE(requests, 1);
    // 16 MiB: more than loopback's kernel buffers hold, so it stays unsent in the gateway.
    const QByteArray piece(8 * 1024, 'x');
    for (int i = 0; i < 2048; ++i)
        connection->writeStream(piece);
    QCOMPARE(filled, 1);
    connection->endStream();
    QTRY_COMPARE(requests, 2);
    for (int i = 0; i < 9; ++i)
        connection->writeStream(piece);
    QCOMPARE(filled, 2);
    connection->endStream();
}

// Beyond the limit of open caller connections a request is answered 503 with Retry-After and the
// connection closed; once a connection goes, a new one is served again.
void tst_HttpConnection::connectionsBeyondTheLimitGet503()
{
    ServerLimits limits;
    limits.maxConnections = 2;
    EchoServer echo(limits);
    QList<int> rejected;
    QObject::connect(&echo.server, &HttpServer::requestRejected, &echo.server,
                     [&](int status, const QString &) { rejected << status; });
    auto held = std::make_unique<QTcpSocket>();
    QTcpSocket other;
    for (QTcpSocket *s : { held.get(), &other }) {
        s->connectToHost(QHostAddress::LocalHost, echo.server.port());
        QVERIFY(s->waitForConnected(5000));
    }
    QTRY_COMPARE(echo.server.connectionCount(), 2);

    const QByteArray refused
        = rawExchange(echo.server.port(), "GET /x HTTP/1.1\r\nHost: a\r\n\r\n");
    QVERIFY2(refused.startsWith("HTTP/1.1 503 "), refused.constData());
    QVERIFY(refused.contains("\r\nretry-after: 1\r\n"));
    QVERIFY(refused.contains("\r\nConnection: close\r\n"));
    QVERIFY(refused.contains("too_many_connections"));
    QCOMPARE(rejected, QList<int> { 503 });

    held.reset(); // one goes: the next caller is served
    QTRY_COMPARE(echo.server.connectionCount(), 1);
    const QByteArray served = rawExchange(
        echo.server.port(), "GET /x HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n");
    QVERIFY2(served.startsWith("HTTP/1.1 200 "), served.constData());
}

// A stop that ends the gateway thread right after the last answer was written, in the same turn
// of its event loop: the answer must already be in the kernel when the server goes away. The
// caller is a plain blocking socket, so nothing of Qt's reads for it while the server is deleted.
void tst_HttpConnection::answerWrittenJustBeforeStopReachesTheCaller_R_RCPT_1()
{
    auto server = std::make_unique<HttpServer>(ServerLimits {});
    QVERIFY(server->listen(QHostAddress::LocalHost, 0).ok());
    QEventLoop loop;
    QObject::connect(server.get(), &HttpServer::requestReceived, server.get(),
                     [&](HttpConnection *c, const HttpRequest &) {
                         HttpResponse response;
                         response.contentType = "text/plain";
                         response.body = "the answer";
                         c->respond(response);
                         server->closeAll(); // as GatewayWorker::finishStop does
                         loop.quit(); // the thread's loop ends after this turn, as at a stop
                     });
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    QVERIFY(fd >= 0);
    sockaddr_in to {};
    to.sin_family = AF_INET;
    to.sin_port = htons(server->port());
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    QCOMPARE(::connect(fd, reinterpret_cast<sockaddr *>(&to), sizeof to), 0);
    const QByteArray request = "GET /x HTTP/1.1\r\nHost: a\r\n\r\n";
    QCOMPARE(::send(fd, request.constData(), size_t(request.size()), 0), ssize_t(request.size()));
    QTimer::singleShot(5000, &loop, &QEventLoop::quit); // a guard, not a wait
    loop.exec();
    server.reset(); // the thread's objects go with it, before any further turn
    timeval timeout { 5, 0 };
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    QByteArray got;
    char buf[4096];
    for (ssize_t n; (n = ::recv(fd, buf, sizeof buf, 0)) > 0;)
        got.append(buf, n);
    ::close(fd);
    QVERIFY2(got.startsWith("HTTP/1.1 200 OK"), got.constData());
    QVERIFY(got.endsWith("the answer"));
}

// What a caller connection holds while its request is being answered (thousands may wait on a slow
// upstream at once): its objects, and of the request only the headers read and their block. No
// signal connections per connection, no copy of the server's limits, no peer address text.
void tst_HttpConnection::heldCallerConnectionStaysSmall()
{
    HttpServer server { ServerLimits() };
    server.setKeptHeaders({ "host", "authorization", "x-api-key", "x-gateway-model-regions" });
    std::vector<HttpConnection *> held; // answered at the end
    held.reserve(512);
    QObject::connect(&server, &HttpServer::requestReceived, &server,
                     [&held](HttpConnection *c, const HttpRequest &) { held.push_back(c); });
    QVERIFY(server.listen(QHostAddress::LocalHost, 0).ok());
    // What an SDK sends: a dozen headers, of which the gateway reads two.
    const QByteArray body = R"({"model":"m","messages":[{"role":"user","content":"hi"}]})";
    const QByteArray request = "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                               "Authorization: Bearer sk-0123456789abcdef0123456789abcdef\r\n"
                               "Content-Type: application/json\r\nAccept: application/json\r\n"
                               "User-Agent: OpenAI/Python 1.40.0\r\nX-Stainless-Lang: python\r\n"
                               "X-Stainless-Package-Version: 1.40.0\r\nX-Stainless-OS: Linux\r\n"
                               "X-Stainless-Arch: x64\r\nX-Stainless-Runtime: CPython\r\n"
                               "X-Stainless-Retry-Count: 0\r\nContent-Length: "
        + QByteArray::number(body.size()) + "\r\n\r\n" + body;
    std::vector<int> callers;
    const auto open = [&](int count) {
        for (int i = 0; i < count; ++i) {
            const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
            sockaddr_in to {};
            to.sin_family = AF_INET;
            to.sin_port = htons(server.port());
            to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            if (fd < 0 || ::connect(fd, reinterpret_cast<sockaddr *>(&to), sizeof to) != 0
                || ::send(fd, request.constData(), size_t(request.size()), MSG_NOSIGNAL)
                    != request.size())
                return false;
            callers.push_back(fd);
        }
        const size_t expected = callers.size();
        return QTest::qWaitFor([&] { return held.size() == expected; }, 10000);
    };
    // The server's own tables grow with the first connections; the rest are what is measured.
    constexpr int kWarm = 32, kMeasured = 256;
    QVERIFY(open(kWarm));
    const size_t before = mallinfo2().uordblks;
    QVERIFY(open(kMeasured));
    const double perConnection = double(mallinfo2().uordblks - before) / kMeasured;
    for (HttpConnection *c : held)
        c->respond({});
    for (const int fd : callers)
        ::close(fd);
    qInfo("heap per held caller connection: %.0f bytes", perConnection);
    QVERIFY2(perConnection <= kHeldConnectionBytes, qPrintable(QString::number(perConnection)));
}

QTEST_MAIN(tst_HttpConnection)
#include "tst_httpconnection.moc"
