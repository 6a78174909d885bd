// Gateway::UpstreamConnection's response parsing (llhttp, R-REC-7/8) against a provider that sends
// any bytes: a real loopback TCP connection, the request written by the connection, then the answer
// in pieces cut where the fuzzer chooses, then the provider closes. Checks the Exchange contract
// of upstreamconnection.h: callbacks in order (connected, started once with a status in 200–599,
// body, then at most one of finished/failed) and nothing after the end.
//
// Input: the answer's bytes, then (from the end) HEAD or POST, and the piece lengths.

#include "fuzzsupport.h"
#include "net/upstreamconnection.h"

#include <QCoreApplication>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUrl>
#include <fuzzer/FuzzedDataProvider.h>

using namespace Gateway;
using namespace Qt::StringLiterals;

namespace {

struct Provider
{
    QCoreApplication *app = nullptr;
    QTcpServer *server = nullptr;
};

Provider &provider()
{
    static Provider p = [] {
        Fuzz::quietQt();
        static int argc = 1;
        static char name[] = "fuzz_upstreamconnection";
        static char *argv[] = { name, nullptr };
        Provider made;
        made.app = new QCoreApplication(argc, argv);
        made.server = new QTcpServer;
        if (!made.server->listen(QHostAddress::LocalHost, 0))
            std::abort();
        return made;
    }();
    return p;
}

struct RecordingExchange : UpstreamConnection::Exchange
{
    QPointer<UpstreamConnection> connection;
    UpstreamRequest request;
    bool connected = false;
    int started = 0;
    bool ended = false;
    QByteArray body;

    void exchangeConnected() override
    {
        FUZZ_CHECK(!connected && !ended);
        connected = true;
        connection->sendRequest(request);
    }
    void exchangeStarted(int status, const HeaderList &) override
    {
        FUZZ_CHECK(connected && !ended && started == 0);
        // 1xx are the connection's own; llhttp 8.1 takes "HTTP/1.1 2 OK" as status 2, which the
        // connection fails as undecodable (R-REC-8) instead of passing it on.
        FUZZ_CHECK(status >= 200 && status <= 599);
        ++started;
    }
    void exchangeBody(const QByteArray &data) override
    {
        FUZZ_CHECK(started == 1 && !ended);
        body += data;
    }
    void exchangeFinished() override
    {
        FUZZ_CHECK(started == 1 && !ended);
        ended = true;
    }
    void exchangeFailed(FailurePhase, const QString &) override
    {
        FUZZ_CHECK(!ended);
        ended = true;
    }
    void exchangeDropped() override { ended = true; }
};

// No pool: a released or closed connection is simply left (a closed one deletes itself).
struct NoPool : UpstreamConnection::Owner
{
    void connectionReleased(UpstreamConnection *) override { }
    void connectionClosed(UpstreamConnection *) override { }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Provider &p = provider();
    FuzzedDataProvider fdp(data, size);
    const bool head = fdp.ConsumeIntegral<quint8>() % 8 == 0;
    const quint8 pieces = fdp.ConsumeIntegral<quint8>();
    std::vector<size_t> cuts;
    for (int i = 0; i < pieces % 16; ++i)
        cuts.push_back(fdp.ConsumeIntegralInRange<size_t>(1, 128));
    const std::string answer = fdp.ConsumeRemainingBytesAsString();

    UpstreamTarget target;
    target.host = u"127.0.0.1"_s;
    target.port = p.server->serverPort();
    target.hostHeader = "127.0.0.1:" + QByteArray::number(target.port);
    RecordingExchange exchange;
    exchange.request.url = QUrl(u"http://127.0.0.1:%1/v1/chat/completions"_s.arg(target.port));
    exchange.request.method = head ? "HEAD" : "POST";
    exchange.request.headers = { { "content-type", "application/json" } };
    exchange.request.body = "{\"model\":\"m\",\"messages\":[]}";
    static NoPool noPool;
    exchange.connection = new UpstreamConnection(target, &noPool);
    exchange.connection->open(&exchange);

    QTcpSocket *upstream = nullptr;
    for (int i = 0; i < 5000 && (!upstream || !exchange.connected) && !exchange.ended; ++i) {
        QCoreApplication::processEvents();
        if (!upstream && p.server->waitForNewConnection(1))
            upstream = p.server->nextPendingConnection();
    }
    FUZZ_CHECK(upstream && exchange.connected);

    size_t at = 0;
    auto sendPiece = [&](size_t n) {
        n = std::min(n, answer.size() - at);
        if (n == 0)
            return;
        upstream->write(answer.data() + at, qint64(n));
        upstream->flush();
        at += n;
        // Loopback delivers at once: the connection parses this piece before the next is sent.
        QCoreApplication::processEvents();
    };
    for (size_t cut : cuts)
        sendPiece(cut);
    sendPiece(answer.size());
    upstream->disconnectFromHost();
    for (int i = 0; i < 20 && !exchange.ended; ++i)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);

    if (exchange.connection) {
        if (exchange.ended)
            exchange.connection->close(); // idle in a pool: closed as the transport would
        else
            exchange.connection->detach();
    }
    delete upstream;
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    FUZZ_CHECK(!exchange.connection);
    return 0;
}
