// Gateway overhead benchmark (not a test): wrk against a fast in-process fake upstream, directly,
// through nginx (plain reverse proxy, bench/nginxpeer.*) and through the gateway, in one run;
// prints throughput, latency, CPU per call of nginx and of the gateway, the ratios gateway / nginx,
// calls held in flight, the receipt write rate and, per non-streaming scenario, the CPU per call
// of wrk, the fake upstream and the proxy and how busy the proxy's event loop thread was.
// Usage: bench_gateway [seconds per run, default 5] [--no-nginx] [--no-held] [--no-writer]
//        bench_gateway [seconds] --strict-receipts (the default against strict receipts)
//        bench_gateway --calls N [--stream] [--connections C] [--delay-ms D] [--sdk-headers]
//            [--translated] (the upstream speaks Anthropic's messages API: every call and its
//            answer are translated, R-XLAT-1) [--responses] (the calls are POST /v1/responses,
//            R-RESP-1: served through chat completions, or messages with --translated)
//            [--rate-limits] (the key has requests and tokens per minute limits no call reaches,
//            R-BILL-4) [--budget] (the key has a daily budget no call reaches, R-BILL-3)
//            [--sessions shadow|suggest] (the key's calls are classified and given a cheaper
//            model, docs/sessions.md)
//            (N calls through the gateway on C keep-alive connections, default 1, each sending its
//            next call when its answer is complete; non-streaming or streams of 18 events; the
//            upstream answers after D ms, default 0; --sdk-headers: with the headers OpenAI's
//            Python SDK sends; --strict-receipts: the gateway answers only once a call's receipt
//            is committed, so each commit carries one receipt; then exit: for callgrind, see
//            README)
#include "benchworkspace.h"
#include "config/keys.h"
#include "fakeupstream.h"
#include "gateway/gatewayservice.h"
#include "nginxpeer.h"
#include "store/receiptwriter.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QLoggingCategory>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTextStream>
#include <algorithm>
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
    double gatewayThreadsMs = 0; // the gateway's own threads (its loop and the receipt writer)
    double writerThreadMs = 0; // of which the receipt writer
    double loopSystemMs = 0; // the gateway loop thread's system (kernel) time
    double writerSystemMs = 0; // the receipt writer's
    double upstreamMs = 0; // this process's main thread: the fake upstream (and the bench's loop)
    double wrkMs = 0; // wrk itself, user + system
    Bench::SchedMs loop; // the proxy's event loop (gateway thread, nginx worker): on a CPU, waiting
    double idlePercent = 0; // of the machine's CPU time, none of its threads ran (/proc/stat)
};

// The machine's CPU time from the first line of /proc/stat, in ticks: all of it, and idle (idle +
// iowait).
struct MachineTicks
{
    qint64 total = 0;
    qint64 idle = 0;
};

MachineTicks machineTicks()
{
    QFile f(u"/proc/stat"_s);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QList<QByteArray> fields = f.readLine().simplified().split(' ');
    MachineTicks t;
    for (qsizetype i = 1; i < fields.size() && i <= 8; ++i) // user … steal
        t.total += fields.at(i).toLongLong();
    t.idle = fields.value(4).toLongLong() + fields.value(5).toLongLong();
    return t;
}

// User + system CPU in ms of this process (RUSAGE_SELF) or of its reaped children
// (RUSAGE_CHILDREN: wrk, once QProcess has waited for it).
double rusageCpuMs(int who)
{
    rusage u {};
    getrusage(who, &u);
    const auto ms
        = [](const timeval &t) { return double(t.tv_sec) * 1e3 + double(t.tv_usec) / 1e3; };
    return ms(u.ru_utime) + ms(u.ru_stime);
}

// The whole bench process; wrk is a child process and is not counted here.
double processCpuMs()
{
    return rusageCpuMs(RUSAGE_SELF);
}

// The gateway's own threads, named by GatewayService and ReceiptWriter: user + system CPU in ms
// from /proc/self/task/*/stat (clock ticks, 10 ms here: fine over runs of seconds). What nginx's
// figure is too: its worker's own CPU, without the upstream's.
constexpr const char *kGatewayThreads[] = { "gateway", "sb.store.writer" };

struct ThreadsCpu
{
    double allMs = 0;
    double writerMs = 0;
    double loopSystemMs = 0;
    double writerSystemMs = 0;
    Bench::SchedMs loopSched; // the loop thread's time on a CPU and waiting for one
};

ThreadsCpu gatewayThreadsCpuMs()
{
    ThreadsCpu cpu;
    const QDir tasks(u"/proc/self/task"_s);
    for (const QString &tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const std::optional<Bench::ProcStat> stat
            = Bench::readProcStat(tasks.filePath(tid + u"/stat"_s));
        if (!stat
            || std::none_of(std::begin(kGatewayThreads), std::end(kGatewayThreads),
                            [&stat](const char *name) { return stat->comm == name; }))
            continue;
        const double used = stat->userMs + stat->systemMs;
        cpu.allMs += used;
        if (stat->comm == kGatewayThreads[1]) {
            cpu.writerMs += used;
            cpu.writerSystemMs += stat->systemMs;
        } else {
            cpu.loopSystemMs += stat->systemMs;
            cpu.loopSched = Bench::readSchedStat(tasks.filePath(tid + u"/schedstat"_s));
        }
    }
    return cpu;
}

// The main thread, which serves the fake upstream.
double upstreamThreadCpuMs()
{
    const std::optional<Bench::ProcStat> stat
        = Bench::readProcStat(u"/proc/self/task/%1/stat"_s.arg(QCoreApplication::applicationPid()));
    return stat ? stat->userMs + stat->systemMs : 0;
}

// ms of CPU over a run, per call of that run, in µs.
double usPerCall(const WrkResult &run, double ms)
{
    return run.requests > 0 ? ms * 1000.0 / double(run.requests) : 0;
}

double cpuUsPerCall(const WrkResult &r)
{
    return usPerCall(r, r.cpuMs);
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
    f.write("wrk.method = \"POST\"\nwrk.body = '" + body
            + "'\n"
              "wrk.headers[\"Content-Type\"] = \"application/json\"\n"
              "wrk.headers[\"Authorization\"] = \"Bearer "
            + key.toLatin1() + "\"\n");
    return path;
}

// Runs wrk while this thread's event loop keeps serving the fake upstream. cpuMs and loopSched,
// when given, measure the target's CPU (default: this process) and its event loop's scheduling
// (default: the gateway's loop thread).
WrkResult runWrk(const QString &url, const QString &script, int connections, int seconds,
                 const std::function<double()> &cpuMs = {},
                 const std::function<Bench::SchedMs()> &loopSched = {})
{
    const auto cpu = cpuMs ? cpuMs : std::function<double()>(&processCpuMs);
    QProcess wrk;
    const int threads = qMin(2, connections);
    wrk.start(u"wrk"_s,
              { u"-t%1"_s.arg(threads), u"-c%1"_s.arg(connections), u"-d%1s"_s.arg(seconds),
                u"--timeout"_s, u"10s"_s, u"--latency"_s, u"-s"_s, script, url });
    QEventLoop loop;
    QObject::connect(&wrk, &QProcess::finished, &loop, &QEventLoop::quit);
    QObject::connect(&wrk, &QProcess::errorOccurred, &loop, &QEventLoop::quit);
    const double cpuBefore = cpu();
    const ThreadsCpu threadsBefore = gatewayThreadsCpuMs();
    const double upstreamBefore = upstreamThreadCpuMs();
    const double childrenBefore = rusageCpuMs(RUSAGE_CHILDREN);
    const Bench::SchedMs schedBefore = loopSched ? loopSched() : threadsBefore.loopSched;
    const MachineTicks ticksBefore = machineTicks();
    loop.exec();
    wrk.waitForFinished(); // reaped: its CPU is in RUSAGE_CHILDREN
    const double used = cpu() - cpuBefore;
    const ThreadsCpu threadsAfter = gatewayThreadsCpuMs();
    WrkResult result = parseWrk(QString::fromUtf8(wrk.readAllStandardOutput()));
    result.cpuMs = used;
    result.gatewayThreadsMs = threadsAfter.allMs - threadsBefore.allMs;
    result.writerThreadMs = threadsAfter.writerMs - threadsBefore.writerMs;
    result.loopSystemMs = threadsAfter.loopSystemMs - threadsBefore.loopSystemMs;
    result.writerSystemMs = threadsAfter.writerSystemMs - threadsBefore.writerSystemMs;
    result.upstreamMs = upstreamThreadCpuMs() - upstreamBefore;
    result.wrkMs = rusageCpuMs(RUSAGE_CHILDREN) - childrenBefore;
    const Bench::SchedMs schedAfter = loopSched ? loopSched() : threadsAfter.loopSched;
    result.loop = { schedAfter.runMs - schedBefore.runMs, schedAfter.waitMs - schedBefore.waitMs };
    const MachineTicks ticksAfter = machineTicks();
    if (ticksAfter.total > ticksBefore.total) {
        result.idlePercent = 100.0 * double(ticksAfter.idle - ticksBefore.idle)
            / double(ticksAfter.total - ticksBefore.total);
    }
    return result;
}

QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}

// The gateway's threads per call: like nginx's figure, what the proxy itself spends.
double gatewayUsPerCall(const WrkResult &gw)
{
    return usPerCall(gw, gw.gatewayThreadsMs);
}

// The figure of earlier runs: the whole process per call minus the direct run's, which prices the
// fake upstream per call. It also counts what the upstream spends more per call at the gateway's
// lower rate (fewer requests per wake-up), so it overstates the gateway.
double processMinusDirectUsPerCall(const WrkResult &direct, const WrkResult &gw)
{
    return cpuUsPerCall(gw) - cpuUsPerCall(direct);
}

QString f(double v, int decimals = 0)
{
    return QString::number(v, 'f', decimals);
}

QString ratio(double a, double b)
{
    return b > 0 ? f(a / b, 2) : u"—"_s;
}

void tableHead()
{
    out() << Qt::endl
          << "| scenario | direct req/s | nginx req/s | gateway req/s | gateway / nginx req/s | "
             "p50 ms direct / nginx / gateway | p99 ms direct / nginx / gateway | added p50 ms "
             "nginx / gateway (ratio) | CPU us/call nginx / gateway (ratio) | errors nginx / "
             "gateway |"
          << Qt::endl
          << "| --- | ---: | ---: | ---: | ---: | --- | --- | --- | --- | --- |" << Qt::endl;
}

void row(const QString &name, const WrkResult &direct, const WrkResult &nginx, const WrkResult &gw)
{
    const double addedN = nginx.p50Ms - direct.p50Ms, addedG = gw.p50Ms - direct.p50Ms;
    const double cpuN = cpuUsPerCall(nginx), cpuG = gatewayUsPerCall(gw);
    out() << "| " << name << " | " << f(direct.rps) << " | " << f(nginx.rps) << " | " << f(gw.rps)
          << " | " << ratio(gw.rps, nginx.rps) << " | " << f(direct.p50Ms, 2) << " / "
          << f(nginx.p50Ms, 2) << " / " << f(gw.p50Ms, 2) << " | " << f(direct.p99Ms, 2) << " / "
          << f(nginx.p99Ms, 2) << " / " << f(gw.p99Ms, 2) << " | " << f(addedN, 2) << " / "
          << f(addedG, 2) << " (" << ratio(addedG, addedN) << ") | " << f(cpuN) << " / " << f(cpuG)
          << " (" << ratio(cpuG, cpuN) << ") | " << nginx.errors << " / " << gw.errors << " |"
          << Qt::endl;
}

struct Scenario
{
    FakeUpstream &up;
    Store::ReceiptWriter &writer;
    qint64 &receipts;
    int &maxInFlight;
    QString directUrl, nginxUrl, gatewayUrl, chatScript, streamScript;
    std::function<double()> nginxCpuMs;
    std::function<Bench::SchedMs()> nginxSched;
    int seconds;
    bool held = true;
    QStringList notes;
};

WrkResult runNginx(Scenario &s, const QString &script, int connections)
{
    if (s.nginxUrl.isEmpty())
        return {};
    return runWrk(s.nginxUrl, script, connections, s.seconds, s.nginxCpuMs, s.nginxSched);
}

// Where the machine's CPU goes per call for each target: wrk, the fake upstream's thread, the
// proxy. At 16 and 128 connections the two cores are saturated, so throughput follows the sum.
QString machineShare(const QString &name, const WrkResult &direct, const WrkResult &nginx,
                     const WrkResult &gw)
{
    const auto part = [](const WrkResult &r, double proxyMs) {
        const double wrk = usPerCall(r, r.wrkMs), up = usPerCall(r, r.upstreamMs),
                     proxy = usPerCall(r, proxyMs);
        return u"wrk %1 + upstream %2 + proxy %3 = %4"_s.arg(f(wrk), f(up), f(proxy),
                                                             f(wrk + up + proxy));
    };
    // A loop that is never idle (on a CPU or waiting for one) is what limits throughput; its
    // share of a CPU then sets the rate together with its CPU per call.
    const auto loop = [](const WrkResult &r) {
        const double runMs = r.loop.runMs, waitMs = r.loop.waitMs, all = runMs + waitMs;
        const double wallMs = r.rps > 0 ? double(r.requests) * 1000.0 / r.rps : 0;
        if (all <= 0 || wallMs <= 0)
            return u"—"_s;
        return u"%1 % on a CPU, %2 % waiting for one, %3 us/call"_s.arg(
            f(100 * runMs / wallMs), f(100 * waitMs / wallMs), f(usPerCall(r, runMs)));
    };
    // A CPU left idle while the loop waits for one is throughput lost to where the scheduler put
    // the threads, not to the proxy's cost (bench/README.md, "the CPU the scheduler left idle").
    return u"%1, CPU us/call by process: direct %2; nginx %3; gateway %4. Event loop thread: "
           "nginx %5; gateway %6. Machine idle: nginx %7 %, gateway %8 %"_s.arg(
               name, part(direct, 0), part(nginx, nginx.cpuMs), part(gw, gw.gatewayThreadsMs),
               loop(nginx), loop(gw), f(nginx.idlePercent), f(gw.idlePercent));
}

void nonStreaming(Scenario &s)
{
    s.up.setDefault(FakeUpstream::openAiChat(u"up-x"_s));
    for (int c : { 1, 16, 128 }) {
        const WrkResult direct = runWrk(s.directUrl, s.chatScript, c, s.seconds);
        const WrkResult nginx = runNginx(s, s.chatScript, c);
        s.receipts = 0;
        QElapsedTimer t;
        t.start();
        const WrkResult gw = runWrk(s.gatewayUrl, s.chatScript, c, s.seconds);
        s.writer.flush();
        QCoreApplication::processEvents();
        row(u"non-streaming, %1 connection%2"_s.arg(c).arg(c > 1 ? u"s"_s : QString()), direct,
            nginx, gw);
        s.notes << u"non-streaming c=%1: gateway threads %9 us/call (%10 ms CPU, writer %12 "
                   u"us/call; in the kernel: loop thread %13, writer %14 us/call); process %2 "
                   "us/call (%3 ms CPU / %4 calls), upstream alone %5 us/call, process minus "
                   "direct %11 us/call; receipts written %6 in %7 ms = %8/s"_s.arg(c)
                       .arg(f(cpuUsPerCall(gw)))
                       .arg(f(gw.cpuMs))
                       .arg(gw.requests)
                       .arg(f(cpuUsPerCall(direct)))
                       .arg(s.receipts)
                       .arg(t.elapsed())
                       .arg(qRound64(double(s.receipts) * 1000.0
                                     / double(qMax<qint64>(1, t.elapsed()))))
                       .arg(f(gatewayUsPerCall(gw)))
                       .arg(f(gw.gatewayThreadsMs))
                       .arg(f(processMinusDirectUsPerCall(direct, gw)))
                       .arg(f(usPerCall(gw, gw.writerThreadMs)))
                       .arg(f(usPerCall(gw, gw.loopSystemMs)))
                       .arg(f(usPerCall(gw, gw.writerSystemMs)));
        s.notes << machineShare(u"non-streaming c=%1"_s.arg(c), direct, nginx, gw);
    }
}

void streaming(Scenario &s)
{
    s.up.setDefault(FakeUpstream::openAiStream(u"up-x"_s, 16, 0));
    const WrkResult direct = runWrk(s.directUrl, s.streamScript, 16, s.seconds);
    const WrkResult nginx = runNginx(s, s.streamScript, 16);
    const WrkResult gw = runWrk(s.gatewayUrl, s.streamScript, 16, s.seconds);
    row(u"streaming (18 events), 16 connections"_s, direct, nginx, gw);
    s.notes << u"streaming c=16: gateway threads %5 us/call (%6 ms CPU); process %1 us/call (%2 ms "
               "CPU / %3 calls), upstream alone %4 us/call, process minus direct %7 us/call"_s
                   .arg(f(cpuUsPerCall(gw)))
                   .arg(f(gw.cpuMs))
                   .arg(gw.requests)
                   .arg(f(cpuUsPerCall(direct)))
                   .arg(f(gatewayUsPerCall(gw)))
                   .arg(f(gw.gatewayThreadsMs))
                   .arg(f(processMinusDirectUsPerCall(direct, gw)));
}

void heldInFlight(Scenario &s)
{
    FakeUpstream::Response slow = FakeUpstream::openAiChat(u"up-x"_s);
    slow.delayMs = 500;
    s.up.setDefault(slow);
    s.maxInFlight = 0;
    const WrkResult direct = runWrk(s.directUrl, s.chatScript, 1000, s.seconds);
    const WrkResult nginx = runNginx(s, s.chatScript, 1000);
    const WrkResult held = runWrk(s.gatewayUrl, s.chatScript, 1000, s.seconds);
    row(u"500 ms upstream, 1,000 connections"_s, direct, nginx, held);
    s.notes << u"500 ms upstream c=1000: max calls in flight seen by the gateway %1 (ideal: 1000 "
               "callers / 0.5 s = 2000 req/s)"_s.arg(s.maxInFlight);
}

void measure(Scenario &s)
{
    out() << "bench_gateway: " << s.seconds << " s per run, "
          << QDateTime::currentDateTimeUtc().toString(Qt::ISODate) << Qt::endl;
    tableHead();
    nonStreaming(s);
    streaming(s);
    if (s.held)
        heldInFlight(s);
    out() << Qt::endl;
    for (const QString &n : std::as_const(s.notes))
        out() << "- " << n << Qt::endl;
}

// A chat body of about `kb` KB: a conversation of user and assistant turns, as an agent or a chat
// with history sends (the model name first, as the SDKs write it). `kb` 0: one short message.
QByteArray chatBody(int kb, bool stream)
{
    QByteArray body = R"({"model":"bench/x",)";
    if (stream)
        body += R"("stream":true,)";
    body += R"("messages":[)";
    const QByteArray turn
        = QByteArray("Tell me more about the routing of calls across deployments. ")
              .repeated(8); // 480 bytes
    if (kb <= 0) {
        body += R"({"role":"user","content":"hi"})";
    } else {
        for (int i = 0; body.size() < qsizetype(kb) * 1024; ++i) {
            if (i > 0)
                body += ',';
            body += i % 2 == 0 ? R"({"role":"user","content":")"
                               : R"({"role":"assistant","content":")";
            body += turn;
            body += R"("})";
        }
    }
    body += "]}";
    return body;
}

// N sequential calls on one keep-alive connection; the event loop keeps serving the fake upstream.
// `connections` keep-alive connections, each sending its next call when its answer is complete,
// until n calls are done in all.
int runCalls(const QString &gatewayHostPort, const QByteArray &path, const QByteArray &body,
             const QString &secret, int n, int connections, bool sdkHeaders)
{
    // What openai-python 1.x sends besides the essentials (its X-Stainless-* headers).
    const QByteArray sdk = sdkHeaders
        ? QByteArrayLiteral("Accept: application/json\r\nAccept-Encoding: gzip, deflate\r\n"
                            "User-Agent: OpenAI/Python 1.55.0\r\nX-Stainless-Lang: python\r\n"
                            "X-Stainless-Package-Version: 1.55.0\r\nX-Stainless-OS: Linux\r\n"
                            "X-Stainless-Arch: x64\r\nX-Stainless-Runtime: CPython\r\n"
                            "X-Stainless-Runtime-Version: 3.11.2\r\nX-Stainless-Async: false\r\n"
                            "X-Stainless-Retry-Count: 0\r\nConnection: keep-alive\r\n")
        : QByteArray();
    const QByteArray request = "POST " + path + " HTTP/1.1\r\nHost: " + gatewayHostPort.toLatin1()
        + "\r\n"
          "Content-Type: application/json\r\nAuthorization: Bearer "
        + secret.toLatin1() + "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n"
        + sdk + "\r\n" + body;
    int sent = 0, done = 0, ok = 0;
    QEventLoop loop;
    struct Client
    {
        QTcpSocket socket;
        QByteArray buffer;
        qint64 expected = -1, headEnd = -1;
    };
    std::vector<std::unique_ptr<Client>> clients;
    const auto sendNext = [&](Client &c) {
        if (sent < n) {
            ++sent;
            c.socket.write(request);
        }
    };
    const QString host = gatewayHostPort.section(u':', 0, -2);
    const auto port = quint16(gatewayHostPort.section(u':', -1).toUInt());
    for (int i = 0; i < qMax(1, connections); ++i) {
        clients.push_back(std::make_unique<Client>());
        Client &c = *clients.back();
        QObject::connect(&c.socket, &QTcpSocket::connected, &loop, [&] { sendNext(c); });
        QObject::connect(&c.socket, &QTcpSocket::errorOccurred, &loop, [&] { loop.exit(1); });
        QObject::connect(&c.socket, &QTcpSocket::readyRead, &loop, [&] {
            c.buffer += c.socket.readAll();
            for (;;) {
                if (c.headEnd < 0) {
                    c.headEnd = c.buffer.indexOf("\r\n\r\n");
                    if (c.headEnd < 0)
                        return;
                    const QByteArray head = c.buffer.left(c.headEnd).toLower();
                    const qsizetype cl = head.indexOf("content-length:");
                    if (cl >= 0) {
                        c.expected = head.mid(cl + 15, head.indexOf("\r\n", cl) - cl - 15)
                                         .trimmed()
                                         .toLongLong();
                    } else if (!head.contains("transfer-encoding: chunked")) {
                        out() << "neither Content-Length nor chunked in the answer" << Qt::endl;
                        loop.exit(1);
                        return;
                    }
                }
                if (c.expected < 0) { // a chunked stream: it ends with the zero-length chunk
                    const qsizetype end = c.buffer.indexOf("\r\n0\r\n\r\n", c.headEnd + 2);
                    if (end < 0)
                        return;
                    c.expected = end + 7 - (c.headEnd + 4);
                }
                if (c.buffer.size() < c.headEnd + 4 + c.expected)
                    return;
                if (c.buffer.startsWith("HTTP/1.1 200"))
                    ++ok;
                else if (done == 0)
                    out() << "first answer: " << c.buffer.left(c.headEnd + 4 + c.expected)
                          << Qt::endl;
                c.buffer.remove(0, c.headEnd + 4 + c.expected);
                c.headEnd = c.expected = -1;
                if (++done == n) {
                    loop.exit(0);
                    return;
                }
                sendNext(c);
            }
        });
        c.socket.connectToHost(host, port);
    }
    const int rc = loop.exec();
    out() << "calls: " << done << " done, " << ok << " answered 200" << Qt::endl;
    return rc;
}

// Strict receipts against the default, one gateway of each (each with its own writer and file)
// on the same fake upstream, in one run: runs in the order plain, strict, strict, plain per
// scenario, so that a drift of the machine weighs on both alike; the mean of each pair.
void strictComparison(FakeUpstream &up, const QString &plainUrl, const QString &strictUrl,
                      const QString &chatScript, const QString &streamScript, int seconds)
{
    out() << "bench_gateway --strict-receipts: " << seconds << " s per run, "
          << QDateTime::currentDateTimeUtc().toString(Qt::ISODate) << Qt::endl
          << Qt::endl
          << "| scenario | req/s default / strict (ratio) | p50 ms default / strict | p99 ms "
             "default / strict | errors default / strict |"
          << Qt::endl
          << "| --- | --- | --- | --- | --- |" << Qt::endl;
    const auto mean = [](const WrkResult &a, const WrkResult &b) {
        WrkResult m;
        m.rps = (a.rps + b.rps) / 2;
        m.p50Ms = (a.p50Ms + b.p50Ms) / 2;
        m.p99Ms = (a.p99Ms + b.p99Ms) / 2;
        m.errors = a.errors + b.errors;
        return m;
    };
    struct Case
    {
        QString name;
        bool stream;
        int connections;
    };
    const QList<Case> cases { { u"non-streaming, 1 connection"_s, false, 1 },
                              { u"non-streaming, 16 connections"_s, false, 16 },
                              { u"non-streaming, 128 connections"_s, false, 128 },
                              { u"streaming (18 events), 16 connections"_s, true, 16 } };
    for (const Case &c : cases) {
        up.setDefault(c.stream ? FakeUpstream::openAiStream(u"up-x"_s, 16, 0)
                               : FakeUpstream::openAiChat(u"up-x"_s));
        const QString &script = c.stream ? streamScript : chatScript;
        const WrkResult plain1 = runWrk(plainUrl, script, c.connections, seconds);
        const WrkResult strict1 = runWrk(strictUrl, script, c.connections, seconds);
        const WrkResult strict2 = runWrk(strictUrl, script, c.connections, seconds);
        const WrkResult plain2 = runWrk(plainUrl, script, c.connections, seconds);
        const WrkResult plain = mean(plain1, plain2), strict = mean(strict1, strict2);
        out() << "| " << c.name << " | " << f(plain.rps) << " / " << f(strict.rps) << " ("
              << ratio(strict.rps, plain.rps) << ") | " << f(plain.p50Ms, 2) << " / "
              << f(strict.p50Ms, 2) << " | " << f(plain.p99Ms, 2) << " / " << f(strict.p99Ms, 2)
              << " | " << plain.errors << " / " << strict.errors << " |" << Qt::endl;
    }
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const qsizetype callsAt = args.indexOf(u"--calls"_s);
    const int calls = callsAt > 0 ? args.value(callsAt + 1).toInt() : 0;
    const qsizetype connectionsAt = args.indexOf(u"--connections"_s);
    const int seconds = args.value(1).toInt() > 0 ? args.value(1).toInt() : 5;
    QTemporaryDir dir;
    FakeUpstream up;
    up.setRecording(false);
    if (!up.listen())
        return 1;
    Config::NewKey key;
    const bool translated = calls > 0 && args.contains(u"--translated"_s);
    Domain::Workspace ws = Bench::benchWorkspace(
        { { u"fake"_s, up.baseUrl(), u"bench/x"_s,
            translated ? Domain::Dialect::Anthropic : Domain::Dialect::OpenAi } },
        key);
    // R-BILL-4: limits no call reaches, so every call is counted and none refused.
    if (args.contains(u"--rate-limits"_s)) {
        ws.keys.first().limits.requestsPerMinute = Domain::SpendLimits::kRequestsPerMinute.highest;
        ws.keys.first().limits.tokensPerMinute = Domain::SpendLimits::kTokensPerMinute.highest;
    }
    // R-BILL-3: a budget no call reaches: each call's hold is stored before its first attempt.
    if (args.contains(u"--budget"_s))
        ws.keys.first().limits.dailyUsd = Domain::SpendLimits::kBudgetUsd.highest;
    // Mixed-model sessions: every call is classified and finds a cheaper model that qualifies,
    // the whole path a suggestion takes.
    if (const qsizetype at = args.indexOf(u"--sessions"_s); at > 0) {
        const std::optional<Domain::SessionMode> mode
            = Domain::sessionModeFromString(args.value(at + 1));
        if (!mode) {
            qCritical("--sessions takes shadow or suggest");
            return 2;
        }
        Domain::Model &asked = ws.models.first();
        asked.quality.tiers.fill(5);
        asked.inputPricePerMTok = 2.5;
        asked.outputPricePerMTok = 10;
        Domain::Model cheaper = asked;
        cheaper.name = asked.name + u"-cheaper"_s;
        cheaper.inputPricePerMTok = asked.inputPricePerMTok / 10;
        cheaper.outputPricePerMTok = asked.outputPricePerMTok / 10;
        ws.models << cheaper;
        ws.keys.first().sessions = { *mode, 3 };
    }
    Store::ReceiptWriter writer(dir.filePath(u"bench.sqlite"_s));
    if (!writer.start())
        return 1;
    qint64 receipts = 0;
    QObject::connect(&writer, &Store::ReceiptWriter::receiptsWritten, &app,
                     [&](const QList<Store::ReceiptRow> &rows) { receipts += rows.size(); });
    Gateway::GatewayService gateway;
    if (args.contains(u"--no-writer"_s)) {
        // Diagnosis only: what the receipt writer's thread costs the others (bench/README.md).
        // Receipts are not stored, and the gateway's warning for each is muted.
        QLoggingCategory::setFilterRules(u"sb.gateway.warning=false"_s);
    } else {
        gateway.setReceiptWriter(&writer);
    }
    int maxInFlight = 0;
    QObject::connect(
        &gateway, &Gateway::GatewayService::statsChanged, &app,
        [&](const Gateway::LiveStats &s) { maxInFlight = qMax(maxInFlight, s.inFlight); });
    Gateway::GatewayOptions options;
    options.port = 0;
    // With --calls, one receipt per commit whatever the timing: the writer's cost per receipt at
    // its worst case, the same from run to run.
    options.strictReceipts = calls > 0 && args.contains(u"--strict-receipts"_s);
    QSignalSpy started(&gateway, &Gateway::GatewayService::started);
    gateway.start(options, std::make_shared<const Domain::Workspace>(ws));
    if (!started.wait(5000))
        return 1;
    const QString gatewayUrl
        = u"http://%1/v1/chat/completions"_s.arg(started.at(0).at(0).toString());
    const QString directUrl = up.baseUrl() + u"/chat/completions"_s;
    const qsizetype bodyKbAt = args.indexOf(u"--body-kb"_s);
    const int bodyKb = bodyKbAt > 0 ? args.value(bodyKbAt + 1).toInt() : 0;
    const QByteArray chat = chatBody(bodyKb, false);
    const QByteArray stream = chatBody(bodyKb, true);
    if (calls > 0) {
        const bool streamed = args.contains(u"--stream"_s);
        FakeUpstream::Response answer = translated
            ? (streamed ? FakeUpstream::anthropicStream(u"up-x"_s, 16, 0)
                        : FakeUpstream::anthropicMessage(u"up-x"_s))
            : (streamed ? FakeUpstream::openAiStream(u"up-x"_s, 16, 0)
                        : FakeUpstream::openAiChat(u"up-x"_s));
        const qsizetype delayAt = args.indexOf(u"--delay-ms"_s);
        answer.delayMs = delayAt > 0 ? args.value(delayAt + 1).toInt() : 0;
        if (args.contains(u"--provider-headers"_s)) {
            // What OpenAI's API sends besides the framing (rate limits, tracing, its CDN's).
            answer.headers += FakeUpstream::Headers {
                { "openai-organization", "user-abcdefghijklmnopqrstuvwx" },
                { "openai-processing-ms", "312" },
                { "openai-version", "2020-10-01" },
                { "x-ratelimit-limit-requests", "10000" },
                { "x-ratelimit-limit-tokens", "2000000" },
                { "x-ratelimit-remaining-requests", "9999" },
                { "x-ratelimit-remaining-tokens", "1999970" },
                { "x-ratelimit-reset-requests", "6ms" },
                { "x-ratelimit-reset-tokens", "0s" },
                { "x-request-id", "req_4f2b1c9e8d7a6b5c4d3e2f1a0b9c8d7e" },
                { "strict-transport-security", "max-age=31536000; includeSubDomains; preload" },
                { "cf-cache-status", "DYNAMIC" },
                { "x-content-type-options", "nosniff" },
                { "server", "cloudflare" },
                { "cf-ray", "8f3c2b1a0d9e8f7a-SJC" },
                { "alt-svc", "h3=\":443\"; ma=86400" },
            };
        }
        up.setDefault(answer);
        const bool responses = args.contains(u"--responses"_s);
        const QByteArray responsesBody = streamed
            ? QByteArray(R"({"model":"bench/x","stream":true,"input":"hi"})")
            : QByteArray(R"({"model":"bench/x","input":"hi"})");
        const int rc
            = runCalls(started.at(0).at(0).toString(),
                       responses ? QByteArrayLiteral("/v1/responses")
                                 : QByteArrayLiteral("/v1/chat/completions"),
                       responses ? responsesBody : (streamed ? stream : chat), key.secret, calls,
                       connectionsAt > 0 ? args.value(connectionsAt + 1).toInt() : 1,
                       args.contains(u"--sdk-headers"_s));
        QSignalSpy stopped(&gateway, &Gateway::GatewayService::stopped);
        gateway.stop();
        stopped.wait(15000);
        writer.stop();
        return rc;
    }
    const QString chatScript = writeScript(dir, u"chat.lua"_s, chat, key.secret);
    const QString streamScript = writeScript(dir, u"stream.lua"_s, stream, key.secret);
    if (args.contains(u"--strict-receipts"_s)) {
        Store::ReceiptWriter strictWriter(dir.filePath(u"strict.sqlite"_s));
        if (!strictWriter.start())
            return 1;
        Gateway::GatewayService strictGateway;
        strictGateway.setReceiptWriter(&strictWriter);
        Gateway::GatewayOptions strictOptions = options;
        strictOptions.strictReceipts = true;
        QSignalSpy strictStarted(&strictGateway, &Gateway::GatewayService::started);
        strictGateway.start(strictOptions, std::make_shared<const Domain::Workspace>(ws));
        if (!strictStarted.wait(5000))
            return 1;
        strictComparison(
            up, gatewayUrl,
            u"http://%1/v1/chat/completions"_s.arg(strictStarted.at(0).at(0).toString()),
            chatScript, streamScript, seconds);
        for (Gateway::GatewayService *g : { &gateway, &strictGateway }) {
            QSignalSpy stopped(g, &Gateway::GatewayService::stopped);
            g->stop();
            stopped.wait(15000);
        }
        strictWriter.stop();
        writer.stop();
        return 0;
    }

    Bench::NginxPeer nginx;
    QString nginxUrl;
    if (!args.contains(u"--no-nginx"_s)) {
        // The same path as direct: /v1/chat/completions to the fake upstream, keepalive 64.
        if (!nginx.start(dir.path(), { { u"/"_s, up.port(), 64, {} } }))
            return 1;
        nginxUrl = u"http://127.0.0.1:%1/v1/chat/completions"_s.arg(nginx.port());
    }
    Scenario run { up,
                   writer,
                   receipts,
                   maxInFlight,
                   directUrl,
                   nginxUrl,
                   gatewayUrl,
                   chatScript,
                   streamScript,
                   [&nginx] { return nginx.workerCpuMs(); },
                   [&nginx] { return nginx.workerSchedMs(); },
                   seconds,
                   !args.contains(u"--no-held"_s),
                   {} };
    measure(run);
    nginx.stop();
    QSignalSpy stopped(&gateway, &Gateway::GatewayService::stopped);
    gateway.stop();
    stopped.wait(15000);
    writer.stop();
    return 0;
}
