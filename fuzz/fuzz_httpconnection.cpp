// Gateway::HttpConnection (llhttp and our request handling, R-SEC-2) over a real loopback TCP
// connection: the caller's bytes arrive in pieces cut where the fuzzer chooses, each piece read
// by the connection before the next is sent, as a slow or hostile client would send them. Requests
// are answered at once (an echo, or a three-event stream for /stream), so pipelining, keep-alive,
// chunked bodies, limits and refusals all run. Checks that whatever comes back is HTTP/1.1 answers.
//
// Input: the bytes, then (from the end) the piece lengths and small limits' choice.

#include "fuzzsupport.h"
#include "net/deadlinewheel.h"
#include "net/httpconnection.h"
#include "net/sendqueue.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QHostAddress>
#include <QPointer>
#include <QTcpServer>
#include <arpa/inet.h>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fuzzer/FuzzedDataProvider.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace Gateway;

namespace {

// Keeps accepted descriptors for HttpConnection's TcpStream, as HttpServer does.
class Acceptor : public QTcpServer
{
public:
    int take()
    {
        const int fd = m_fd;
        m_fd = -1;
        return fd;
    }

protected:
    void incomingConnection(qintptr fd) override { m_fd = int(fd); }

private:
    int m_fd = -1;
};

struct Loopback
{
    QCoreApplication *app = nullptr;
    Acceptor *server = nullptr;
    DeadlineWheel *wheel = nullptr;
    // The server's send queue: written answers go out at the end of a loop turn, which here is
    // the end of each processEvents() (sendAll() below).
    SendQueue *sendQueue = nullptr;
};

Loopback &loopback()
{
    static Loopback l = [] {
        Fuzz::quietQt();
        static int argc = 1;
        static char name[] = "fuzz_httpconnection";
        static char *argv[] = { name, nullptr };
        Loopback made;
        made.app = new QCoreApplication(argc, argv);
        made.server = new Acceptor;
        if (!made.server->listen(QHostAddress::LocalHost, 0))
            std::abort();
        made.wheel = new DeadlineWheel;
        made.sendQueue = new SendQueue;
        return made;
    }();
    return l;
}

int connectClient(quint16 port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr {};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int failed = fd < 0 ? errno : 0;
    if (!failed && ::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
        failed = errno;
        // libFuzzer's -timeout alarm (SIGALRM, no SA_RESTART) can interrupt the handshake: it goes
        // on in the kernel, so wait for it and take its outcome (a CI run aborted here once).
        if (failed == EINTR) {
            pollfd writable { fd, POLLOUT, 0 };
            while (::poll(&writable, 1, 5000) < 0 && errno == EINTR) { }
            socklen_t length = sizeof failed;
            ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &failed, &length);
        }
    }
    if (failed) {
        std::fprintf(stderr, "fuzz_httpconnection: cannot connect to 127.0.0.1:%u: %s\n",
                     unsigned(port), std::strerror(failed));
        std::abort();
    }
    return fd;
}

// What the connection sent back so far, without waiting.
void drain(int fd, QByteArray &into)
{
    char buffer[65536];
    for (;;) {
        const ssize_t n = ::recv(fd, buffer, sizeof buffer, MSG_DONTWAIT);
        if (n <= 0)
            return;
        into.append(buffer, n);
    }
}

void answer(HttpConnection *c, const HttpRequest &r)
{
    if (r.path == "/stream") {
        c->beginStream(200, { { "x-request-id", "req_fuzz" } }, "text/event-stream");
        c->writeStream("data: {\"model\":\"m\"}\n\n");
        c->writeStream(r.body);
        c->endStream();
        return;
    }
    HttpResponse response;
    response.body = r.method + ' ' + r.path + '?' + r.query + ' ' + r.body;
    for (const auto &h : r.headers)
        response.body += '\n' + h.first + ": " + h.second;
    c->respond(response);
}

// Hands each request to answer(), as the server hands it to its handler.
struct Answering : HttpConnection::RequestSink
{
    void takeRequest(HttpConnection *c, const HttpRequest &r) override { answer(c, r); }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Loopback &l = loopback();
    FuzzedDataProvider fdp(data, size);
    ServerLimits limits;
    if (fdp.ConsumeBool()) {
        // Small limits, so that 413 and 431 are reachable with short inputs.
        limits.maxBodyBytes = 64;
        limits.maxHeaderBytes = 256;
    }
    const quint8 pieces = fdp.ConsumeIntegral<quint8>();
    std::vector<size_t> cuts;
    for (int i = 0; i < pieces % 16; ++i)
        cuts.push_back(fdp.ConsumeIntegralInRange<size_t>(1, 128));
    const std::string bytes = fdp.ConsumeRemainingBytesAsString();

    const int client = connectClient(l.server->serverPort());
    if (!l.server->waitForNewConnection(5000))
        std::abort();
    const int accepted = l.server->take();
    if (accepted < 0)
        std::abort();
    QPointer<HttpConnection> connection
        = new HttpConnection(new TcpStream(accepted), limits, l.wheel, l.sendQueue);
    static Answering answering;
    connection->setRequestSink(&answering);

    QByteArray received;
    size_t at = 0;
    auto sendPiece = [&](size_t n) {
        n = std::min(n, bytes.size() - at);
        if (n == 0)
            return;
        if (::send(client, bytes.data() + at, n, MSG_NOSIGNAL) < 0)
            n = bytes.size() - at; // refused and closed: the rest cannot arrive
        at += n;
        // Loopback delivers at once; the connection reads and answers before the next piece.
        if (connection && connection->isOpen()) {
            pollfd readable { accepted, POLLIN, 0 };
            ::poll(&readable, 1, 1000);
        }
        QCoreApplication::processEvents();
        l.sendQueue->sendAll();
        drain(client, received);
    };
    for (size_t cut : cuts)
        sendPiece(cut);
    sendPiece(bytes.size());
    ::shutdown(client, SHUT_WR);
    QElapsedTimer waited;
    waited.start();
    while (connection && connection->isOpen() && waited.elapsed() < 100)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 10);
    QCoreApplication::processEvents();
    l.sendQueue->sendAll();
    drain(client, received);
    ::close(client);
    delete connection.data();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);

    FUZZ_CHECK(received.isEmpty() || received.startsWith("HTTP/1.1 "));
    return 0;
}
