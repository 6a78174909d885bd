// Gateway overhead benchmark (not a test): wrk against a fast in-process fake upstream, directly and
// through the gateway, in one run; prints throughput, added latency, the gateway's CPU per call,
// calls held in flight and the receipt write rate.
// Usage: bench_gateway [seconds per run, default 5]
#include "fakeupstream.h"

#include "config/keys.h"
#include "gateway/gatewayservice.h"
#include "store/receiptwriter.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextStream>

#include <sys/resource.h>

using namespace Qt::StringLiterals;

namespace {

struct WrkResult
{
    double rps = 0;
    double p50Ms = 0;
    double p99Ms = 0;
    qint64 requests = 0;
    qint64 errors = 0;
    double cpuMs = 0; // this process (upstream, gateway, writer), user + system, during the run
};

// User + system CPU of the whole bench process; wrk is a child process and is not counted here.
double processCpuMs()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    const auto ms = [](const timeval &t) {
        return double(t.tv_sec) * 1e3 + double(t.tv_usec) / 1e3;
    };
    return ms(u.ru_utime) + ms(u.ru_stime);
}

double cpuUsPerCall(const WrkResult &r)
{
    return r.requests > 0 ? r.cpuMs * 1000.0 / double(r.requests) : 0;
}

double toMs(const QString &value)
{
    static const QRegularExpression re(uR"(([\d.]+)(us|ms|s))"_s);
    const auto m = re.match(value);
    if (!m.hasMatch())
        return -1;
    const double v = m.captured(1).toDouble();
    const QString unit = m.captured(2);
    return unit == u"us"_s ? v / 1000.0 : unit == u"s"_s ? v * 1000.0 : v;
}

WrkResult parseWrk(const QString &text)
{
    WrkResult r;
    const auto grab = [&](const QString &pattern) {
        const auto m = QRegularExpression(pattern).match(text);
        return m.hasMatch() ? m.captured(1) : QString();
    };
    r.rps = grab(uR"(Requests/sec:\s+([\d.]+))"_s).toDouble();
    r.p50Ms = toMs(grab(uR"(\n\s+50%\s+(\S+))"_s));
    r.p99Ms = toMs(grab(uR"(\n\s+99%\s+(\S+))"_s));
    r.requests = grab(uR"((\d+) requests in)"_s).toLongLong();
    r.errors = grab(uR"(Non-2xx or 3xx responses: (\d+))"_s).toLongLong()
               + grab(uR"(Socket errors: connect (\d+))"_s).toLongLong();
    return r;
}

QString writeScript(const QTemporaryDir &dir, const QString &name, const QByteArray &body,
                    const QString &key)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write("wrk.method = \"POST\"\nwrk.body = '" + body + "'\n"
            "wrk.headers[\"Content-Type\"] = \"application/json\"\n"
            "wrk.headers[\"Authorization\"] = \"Bearer " + key.toLatin1() + "\"\n");
    return path;
}

// Runs wrk while this thread's event loop keeps serving the fake upstream.
WrkResult runWrk(const QString &url, const QString &script, int connections, int seconds)
{
    QProcess wrk;
    const int threads = qMin(2, connections);
    wrk.start(u"wrk"_s, {u"-t%1"_s.arg(threads), u"-c%1"_s.arg(connections), u"-d%1s"_s.arg(seconds),
                         u"--timeout"_s, u"10s"_s, u"--latency"_s, u"-s"_s, script, url});
    QEventLoop loop;
    QObject::connect(&wrk, &QProcess::finished, &loop, &QEventLoop::quit);
    QObject::connect(&wrk, &QProcess::errorOccurred, &loop, &QEventLoop::quit);
    const double cpuBefore = processCpuMs();
    loop.exec();
    const double cpuMs = processCpuMs() - cpuBefore;
    WrkResult result = parseWrk(QString::fromUtf8(wrk.readAllStandardOutput()));
    result.cpuMs = cpuMs;
    return result;
}

QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}

Domain::Workspace benchWorkspace(const QString &upstreamBase, Config::NewKey &key)
{
    Domain::Workspace ws;
    ws.projects << Domain::Project{u"default"_s, u"Default"_s, {}};
    Domain::Connection c;
    c.name = u"fake"_s;
    c.baseUrl = upstreamBase;
    ws.connections << c;
    Domain::Model m;
    m.name = u"bench/x"_s;
    m.offerings << Domain::Offering{u"fake"_s, u"up-x"_s, {}, {}, true, {}};
    ws.models << m;
    key = Config::makeKey(u"default"_s, u"bench"_s, QDateTime::currentDateTimeUtc());
    ws.keys << key.key;
    return ws;
}

void row(const QString &name, const WrkResult &direct, const WrkResult &gw)
{
    out() << qSetFieldWidth(28) << Qt::left << name << qSetFieldWidth(0)
          << u"direct %1 req/s p50 %2 ms p99 %3 ms | gateway %4 req/s p50 %5 ms p99 %6 ms | "
             "throughput ratio %7, added p50 %8 ms, added p99 %9 ms"_s
                 .arg(direct.rps, 0, 'f', 0).arg(direct.p50Ms, 0, 'f', 2).arg(direct.p99Ms, 0, 'f', 2)
                 .arg(gw.rps, 0, 'f', 0).arg(gw.p50Ms, 0, 'f', 2).arg(gw.p99Ms, 0, 'f', 2)
                 .arg(direct.rps > 0 ? gw.rps / direct.rps : 0, 0, 'f', 2)
                 .arg(gw.p50Ms - direct.p50Ms, 0, 'f', 2).arg(gw.p99Ms - direct.p99Ms, 0, 'f', 2)
          << (gw.errors ? u" (gateway errors: %1)"_s.arg(gw.errors) : QString()) << Qt::endl;
    // The direct run prices the fake upstream per call; the gateway run pays it once per call too.
    const double total = cpuUsPerCall(gw), upstream = cpuUsPerCall(direct);
    out() << u"  gateway CPU %1 us/call (gateway run %2 us/call = %3 ms CPU / %4 calls; "
             "upstream alone %5 us/call = %6 ms CPU / %7 calls)"_s
                 .arg(total - upstream, 0, 'f', 0).arg(total, 0, 'f', 0).arg(gw.cpuMs, 0, 'f', 0)
                 .arg(gw.requests).arg(upstream, 0, 'f', 0).arg(direct.cpuMs, 0, 'f', 0)
                 .arg(direct.requests)
          << Qt::endl;
}

struct Scenario
{
    FakeUpstream &up;
    Store::ReceiptWriter &writer;
    qint64 &receipts;
    int &maxInFlight;
    QString directUrl, gatewayUrl, chatScript, streamScript;
    int seconds;
};

void nonStreaming(Scenario &s)
{
    s.up.setDefault(FakeUpstream::openAiChat(u"up-x"_s));
    for (int c : {1, 16, 128}) {
        const WrkResult direct = runWrk(s.directUrl, s.chatScript, c, s.seconds);
        s.receipts = 0;
        QElapsedTimer t;
        t.start();
        const WrkResult gw = runWrk(s.gatewayUrl, s.chatScript, c, s.seconds);
        s.writer.flush();
        QCoreApplication::processEvents();
        row(u"non-streaming c=%1"_s.arg(c), direct, gw);
        out() << "  receipts written: " << s.receipts << " in " << t.elapsed() << " ms = "
              << qRound64(double(s.receipts) * 1000.0 / double(qMax<qint64>(1, t.elapsed())))
              << " receipts/s" << Qt::endl;
    }
}

void streaming(Scenario &s)
{
    s.up.setDefault(FakeUpstream::openAiStream(u"up-x"_s, 16, 0));
    const WrkResult direct = runWrk(s.directUrl, s.streamScript, 16, s.seconds);
    const WrkResult gw = runWrk(s.gatewayUrl, s.streamScript, 16, s.seconds);
    row(u"streaming (18 events) c=16"_s, direct, gw);
}

void heldInFlight(Scenario &s)
{
    FakeUpstream::Response slow = FakeUpstream::openAiChat(u"up-x"_s);
    slow.delayMs = 500;
    s.up.setDefault(slow);
    s.maxInFlight = 0;
    const WrkResult direct = runWrk(s.directUrl, s.chatScript, 1000, s.seconds);
    const WrkResult held = runWrk(s.gatewayUrl, s.chatScript, 1000, s.seconds);
    row(u"500 ms upstream c=1000"_s, direct, held);
    out() << "  max calls in flight seen by the gateway: " << s.maxInFlight
          << " (ideal: 1000 callers / 0.5 s = 2000 req/s)" << Qt::endl;
}

void measure(Scenario &s)
{
    out() << "bench_gateway: " << s.seconds << " s per run, "
          << QDateTime::currentDateTimeUtc().toString(Qt::ISODate) << Qt::endl;
    nonStreaming(s);
    streaming(s);
    heldInFlight(s);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const int seconds = argc > 1 ? QByteArray(argv[1]).toInt() : 5;
    QTemporaryDir dir;
    FakeUpstream up;
    up.setRecording(false);
    if (!up.listen())
        return 1;
    Config::NewKey key;
    const Domain::Workspace ws = benchWorkspace(up.baseUrl(), key);
    Store::ReceiptWriter writer(dir.filePath(u"bench.sqlite"_s));
    if (!writer.start())
        return 1;
    qint64 receipts = 0;
    QObject::connect(&writer, &Store::ReceiptWriter::receiptsWritten, &app,
                     [&](const QList<Store::ReceiptRow> &rows) { receipts += rows.size(); });
    Gateway::GatewayService gateway;
    gateway.setReceiptWriter(&writer);
    int maxInFlight = 0;
    QObject::connect(&gateway, &Gateway::GatewayService::statsChanged, &app,
                     [&](const Gateway::LiveStats &s) { maxInFlight = qMax(maxInFlight, s.inFlight); });
    Gateway::GatewayOptions options;
    options.port = 0;
    QSignalSpy started(&gateway, &Gateway::GatewayService::started);
    gateway.start(options, std::make_shared<const Domain::Workspace>(ws));
    if (!started.wait(5000))
        return 1;
    const QString gatewayUrl = u"http://%1/v1/chat/completions"_s.arg(started.at(0).at(0).toString());
    const QString directUrl = up.baseUrl() + u"/chat/completions"_s;
    const QByteArray chat = R"({"model":"bench/x","messages":[{"role":"user","content":"hi"}]})";
    const QByteArray stream = R"({"model":"bench/x","stream":true,"messages":[{"role":"user","content":"hi"}]})";
    const QString chatScript = writeScript(dir, u"chat.lua"_s, chat, key.secret);
    const QString streamScript = writeScript(dir, u"stream.lua"_s, stream, key.secret);

    Scenario run{up, writer, receipts, maxInFlight, directUrl, gatewayUrl, chatScript,
                 streamScript, seconds};
    measure(run);
    QSignalSpy stopped(&gateway, &Gateway::GatewayService::stopped);
    gateway.stop();
    stopped.wait(15000);
    writer.stop();
    return 0;
}
