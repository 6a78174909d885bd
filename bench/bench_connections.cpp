// Connection-scaling benchmark (not a test): calls/s, latency and CPU per call of the gateway, and
// of nginx as a plain reverse proxy in front of the same fake upstream, while thousands of other
// connections are held open (idle keep-alive, or a request started and never finished) or wait on
// a 500 ms upstream. See bench/README.md.
// Usage: bench_connections [seconds per run, default 4] [--no-nginx] [--counts 0,1000,4000,8000]
//        [--only-calls]   (only the 8,000 calls on the 500 ms upstream: direct, gateway, nginx)
//        [--slowloris]    (--counts connections trickling their request head, or their
//                          body, one byte per second each, against "0 idle" of the same target)
//        [--pairs N]      (the CPU ratio: per target, N alternated pairs of 16 connections
//                          alone and 16 beside 8,000 calls on the 500 ms upstream; each pair's
//                          ratio and their median)
// The binary re-executes itself as the fake upstream ("upstream <delay ms>") and as the clients
// that hold connections ("hold …"), each in its own process.
#include "benchworkspace.h"
#include "config/keys.h"
#include "gateway/gatewayservice.h"
#include "nginxpeer.h"
#include "rawload.h"
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
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <dlfcn.h>
#include <malloc.h>
#include <sys/resource.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}

const QByteArray kChat = R"({"model":"bench/x","messages":[{"role":"user","content":"hi"}]})";
const QByteArray kSlowChat
    = R"({"model":"bench/slow","messages":[{"role":"user","content":"hi"}]})";

struct Target
{
    QString name;
    quint16 port = 0;
    QString slowPath; // where 500 ms calls go
    std::function<double(bool systemOnly)> cpuMs; // user + system, or system only
    std::function<int()> connections; // as the target counts them, -1 unknown
    std::function<double()> rssKb; // resident memory of the target, 0 unknown
    std::function<int()> inFlight; // calls in flight as the target counts them, -1 unknown
    std::function<double()> writerMs; // the receipt writer's CPU; empty: the target has none
    std::function<double()> heapKb = [] { return 0.0; }; // malloc'd and in use, 0 unknown
};

struct Scenario
{
    QString name;
    int held = 0;
    QString kind; // idle, partial, calls
};

struct Row
{
    double rps = 0, p50Ms = 0, p99Ms = 0, cpuUsPerCall = 0, systemUsPerCall = 0,
           writerUsPerCall = 0, otherPerSecond = 0, otherFailedPerSecond = 0;
    qint64 requests = 0, errors = 0;
    int heldSeen = -1, closed = 0, targetConnections = -1, targetInFlight = -1;
    double rssIdleKb = 0, rssHeldKb = 0; // before the holder connects; all held (the run's peak)
    double heapIdleKb = 0, heapHeldKb = 0; // the same moments, bytes in use by malloc
};

// Bytes this process has in use from malloc, in KiB: against VmRSS it tells the live objects from
// what the allocator keeps around them. tcmalloc (the programs' allocator, CMakeLists.txt) is asked
// by name, so that the bench also runs with glibc's malloc (every arena and its mmap()ed blocks).
double heapInUseKb()
{
    using Property = int (*)(const char *, size_t *);
    static const auto tcmalloc
        = reinterpret_cast<Property>(dlsym(RTLD_DEFAULT, "MallocExtension_GetNumericProperty"));
    size_t bytes = 0;
    if (tcmalloc && tcmalloc("generic.current_allocated_bytes", &bytes))
        return double(bytes) / 1024;
    const struct mallinfo2 m = mallinfo2();
    return double(m.uordblks + m.hblkhd) / 1024;
}

// VmRSS of a process, in KiB.
double rssKb(qint64 pid)
{
    QFile f(u"/proc/%1/status"_s.arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toDouble();
    return 0;
}

// VmRSS of pid's direct children (nginx's workers), in KiB.
double childrenRssKb(qint64 pid)
{
    double total = 0;
    for (const QString &e : QDir(u"/proc"_s).entryList(QDir::Dirs)) {
        const std::optional<Bench::ProcStat> stat = Bench::readProcStat(u"/proc/%1/stat"_s.arg(e));
        if (stat && stat->parent == pid)
            total += rssKb(e.toLongLong());
    }
    return total;
}

double selfCpuMs(bool systemOnly)
{
    rusage u {};
    getrusage(RUSAGE_SELF, &u);
    const auto ms
        = [](const timeval &t) { return double(t.tv_sec) * 1e3 + double(t.tv_usec) / 1e3; };
    return (systemOnly ? 0 : ms(u.ru_utime)) + ms(u.ru_stime);
}

// User + system CPU of this process's receipt writer thread (named by Store::ReceiptWriter).
double writerThreadCpuMs()
{
    const QDir tasks(u"/proc/self/task"_s);
    for (const QString &tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const std::optional<Bench::ProcStat> stat
            = Bench::readProcStat(tasks.filePath(tid + u"/stat"_s));
        if (stat && stat->comm == "sb.store.writer")
            return stat->userMs + stat->systemMs;
    }
    return 0;
}

double toMs(const QString &value)
{
    static const QRegularExpression re(uR"(([\d.]+)(us|ms|s))"_s);
    const auto m = re.match(value);
    if (!m.hasMatch())
        return -1;
    const double v = m.captured(1).toDouble();
    return m.captured(2) == u"us"_s ? v / 1000.0 : m.captured(2) == u"s"_s ? v * 1000.0 : v;
}

void parseWrk(const QString &text, Row &r)
{
    const auto grab = [&](const QString &pattern) {
        const auto m = QRegularExpression(pattern).match(text);
        return m.hasMatch() ? m.captured(1) : QString();
    };
    r.rps = grab(uR"(Requests/sec:\s+([\d.]+))"_s).toDouble();
    r.p50Ms = toMs(grab(uR"(\n\s+50%\s+(\S+))"_s));
    r.p99Ms = toMs(grab(uR"(\n\s+99%\s+(\S+))"_s));
    r.requests = grab(uR"((\d+) requests in)"_s).toLongLong();
    r.errors = grab(uR"(Non-2xx or 3xx responses: (\d+))"_s).toLongLong()
        + grab(uR"(Socket errors: connect (\d+))"_s).toLongLong()
        + grab(uR"(Socket errors: connect \d+, read (\d+))"_s).toLongLong();
}

// A child process of this binary; its stdout lines are read as they come.
class Child
{
public:
    void start(const QStringList &args)
    {
        QObject::connect(&m_process, &QProcess::readyReadStandardOutput, [this] {
            while (m_process.canReadLine()) {
                const QString line = QString::fromLatin1(m_process.readLine()).trimmed();
                if (line.startsWith(u"now "_s)) {
                    m_now = line;
                    continue;
                }
                m_last = line;
                // Remembered: a stat line may follow it in the same read.
                if (m_last.startsWith(u"ready"_s))
                    m_ready = true;
            }
        });
        m_process.start(QCoreApplication::applicationFilePath(), args);
    }
    // Waits for a line starting with prefix; returns it.
    QString waitFor(const QString &prefix, int timeoutMs)
    {
        QElapsedTimer t;
        t.start();
        const auto seen
            = [&] { return m_last.startsWith(prefix) || (prefix == u"ready"_s && m_ready); };
        while (!seen() && t.elapsed() < timeoutMs && m_process.state() != QProcess::NotRunning)
            Bench::waitMs(20);
        return seen() ? prefix : QString();
    }
    QString last() const { return m_last; }
    // A holder's counts as of now ("now <held> <closed> <completed> <failed>"), asked for on its
    // standard input; empty if it does not answer within a second.
    QString statNow()
    {
        m_now.clear();
        m_process.write("s\n");
        QElapsedTimer t;
        t.start();
        while (m_now.isEmpty() && t.elapsed() < 1000 && m_process.state() != QProcess::NotRunning)
            m_process.waitForReadyRead(int(1000 - t.elapsed())); // readyRead handles the line
        return m_now;
    }
    qint64 pid() const { return m_process.processId(); }
    void stop()
    {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
    ~Child() { stop(); }

private:
    QProcess m_process;
    QString m_last;
    QString m_now;
    bool m_ready = false;
};

quint16 startUpstream(Child &child, int delayMs)
{
    child.start({ u"upstream"_s, QString::number(delayMs) });
    return child.waitFor(u"port "_s, 10000).isEmpty() ? 0 : quint16(child.last().mid(5).toUInt());
}

QString writeScript(const QTemporaryDir &dir, const QString &key)
{
    const QString path = dir.filePath(u"chat.lua"_s);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write("wrk.method = \"POST\"\nwrk.body = '" + kChat
            + "'\n"
              "wrk.headers[\"Content-Type\"] = \"application/json\"\n"
              "wrk.headers[\"Authorization\"] = \"Bearer "
            + key.toLatin1() + "\"\n");
    return path;
}

Row measure(const Target &target, const Scenario &s, const QString &script, const QString &auth,
            int seconds)
{
    Row r;
    Child holder;
    r.rssIdleKb = target.rssKb();
    r.heapIdleKb = target.heapKb();
    if (s.held > 0) {
        holder.start({ u"hold"_s, QString::number(target.port), QString::number(s.held), s.kind,
                       s.kind == u"calls"_s ? target.slowPath : u"/v1/chat/completions"_s,
                       QString::fromLatin1(kSlowChat), auth });
        if (holder.waitFor(u"ready"_s, 60000).isEmpty())
            out() << "  (holder not ready: " << holder.last() << ")" << Qt::endl;
        Bench::waitMs(500);
    }
    r.rssHeldKb = target.rssKb();
    r.heapHeldKb = target.heapKb();
    // The holder's counts are read right before the target's CPU and right after it.
    const QString statBefore = s.held > 0 ? holder.statNow() : QString();
    const qint64 otherBefore = statBefore.section(u' ', 3, 3).toLongLong(),
                 failedBefore = statBefore.section(u' ', 4, 4).toLongLong();
    const double cpuBefore = target.cpuMs(false), systemBefore = target.cpuMs(true),
                 writerBefore = target.writerMs ? target.writerMs() : 0;
    QProcess wrk;
    wrk.start(u"wrk"_s,
              { u"-t2"_s, u"-c16"_s, u"-d%1s"_s.arg(seconds), u"--timeout"_s, u"10s"_s,
                u"--latency"_s, u"-s"_s, script,
                u"http://127.0.0.1:%1/v1/chat/completions"_s.arg(target.port) });
    QEventLoop loop;
    QObject::connect(&wrk, &QProcess::finished, &loop, &QEventLoop::quit);
    loop.exec();
    const double cpuMs = target.cpuMs(false) - cpuBefore;
    const double systemMs = target.cpuMs(true) - systemBefore;
    const double writerMs = target.writerMs ? target.writerMs() - writerBefore : 0;
    const QString statAfter = s.held > 0 ? holder.statNow() : QString();
    r.rssHeldKb = qMax(r.rssHeldKb, target.rssKb());
    r.heapHeldKb = qMax(r.heapHeldKb, target.heapKb());
    r.targetInFlight = target.inFlight();
    const bool counted = !statBefore.isEmpty() && !statAfter.isEmpty();
    if (s.held > 0 && !counted)
        out() << "  (the holder did not give its counts: its calls are left out of CPU per call)"
              << Qt::endl;
    const qint64 other = counted ? statAfter.section(u' ', 3, 3).toLongLong() - otherBefore : 0,
                 otherFailed
        = counted ? statAfter.section(u' ', 4, 4).toLongLong() - failedBefore : 0;
    parseWrk(QString::fromUtf8(wrk.readAllStandardOutput()), r);
    r.targetConnections = target.connections();
    r.otherPerSecond = double(other) / seconds;
    r.otherFailedPerSecond = double(otherFailed) / seconds;
    const double calls = double(qMax<qint64>(1, r.requests + other + otherFailed));
    r.cpuUsPerCall = cpuMs * 1000.0 / calls;
    r.systemUsPerCall = systemMs * 1000.0 / calls;
    r.writerUsPerCall = writerMs * 1000.0 / calls;
    r.heldSeen = s.held > 0 ? holder.last().section(u' ', 1, 1).toInt() : 0;
    r.closed = holder.last().section(u' ', 2, 2).toInt();
    holder.stop();
    Bench::waitMs(1500); // the target notices the closed connections before the next run
    return r;
}

// The CPU ratio (bench/README.md): CPU per call with 8,000 calls in flight against CPU per call
// with 16. The two figures of one pair are measured back to back, so a change in what else runs
// on the machine moves both; the median of the pairs' ratios is the figure to read.
void runPairs(const QList<Target> &targets, int pairs, const QString &script, const QString &auth,
              int seconds)
{
    const Scenario alone { u"none"_s, 0, u"idle"_s };
    const Scenario beside { u"8000 calls on 500 ms upstream"_s, 8000, u"calls"_s };
    out() << "bench_connections --pairs " << pairs << ": " << seconds << " s per run, "
          << QDateTime::currentDateTimeUtc().toString(Qt::ISODate) << Qt::endl
          << Qt::endl
          << "| target | pair | CPU us/call, 16 connections alone (system; receipt writer) "
             "| CPU us/call, beside 8,000 calls in flight (system; receipt writer) | ratio "
             "| calls/s alone / beside (of them the 8,000's) | in flight |"
          << Qt::endl
          << "| --- | ---: | ---: | ---: | ---: | --- | ---: |" << Qt::endl;
    for (const Target &t : targets) {
        if (t.name == u"direct"_s)
            continue;
        // Not counted: a fresh target's first run beside the 8,000 grows its heap and pools for
        // them (page faults, new upstream connections), which later runs reuse.
        measure(t, beside, script, auth, seconds);
        QList<double> ratios;
        for (int pair = 1; pair <= pairs; ++pair) {
            const Row a = measure(t, alone, script, auth, seconds);
            const Row b = measure(t, beside, script, auth, seconds);
            // CPU per call divides by at least one call: a run in which wrk completed none would
            // give a figure of the whole run's CPU, not a ratio to read.
            if (a.requests == 0 || b.requests == 0) {
                out() << "| " << t.name << " | " << pair << " | wrk completed no call (" << a.errors
                      << " / " << b.errors << " errors): left out | | | | |" << Qt::endl;
                continue;
            }
            const double ratio = b.cpuUsPerCall / a.cpuUsPerCall;
            ratios << ratio;
            // The receipt writer's share: the gateway has one, nginx none ("—").
            const auto split = [&t](const Row &r) {
                return u"%1 (%2; %3)"_s.arg(QString::number(r.cpuUsPerCall, 'f', 1),
                                            QString::number(r.systemUsPerCall, 'f', 1),
                                            t.writerMs ? QString::number(r.writerUsPerCall, 'f', 1)
                                                       : u"—"_s);
            };
            out() << "| " << t.name << " | " << pair << " | " << split(a) << " | " << split(b)
                  << " | " << QString::number(ratio, 'f', 2) << " | " << qRound(a.rps) << " / "
                  << qRound(b.rps + b.otherPerSecond) << " (" << qRound(b.otherPerSecond) << ") | "
                  << b.heldSeen << " |" << Qt::endl;
        }
        std::sort(ratios.begin(), ratios.end());
        const qsizetype n = ratios.size();
        const QString median = n == 0
            ? u"—"_s
            : QString::number(
                n % 2 ? ratios.at(n / 2) : (ratios.at(n / 2 - 1) + ratios.at(n / 2)) / 2, 'f', 2);
        out() << "| " << t.name << " | median of " << n << " | | | **" << median << "** | | |"
              << Qt::endl;
    }
}

int runHolderMode(const QStringList &a)
{
    static QByteArray path, body, auth; // outlive the options
    Bench::HoldOptions o;
    o.port = a.value(2).toInt();
    o.count = a.value(3).toInt();
    o.kind = a.value(4) == u"partial"_s   ? Bench::HoldKind::Partial
        : a.value(4) == u"calls"_s        ? Bench::HoldKind::Calls
        : a.value(4) == u"trickle-head"_s ? Bench::HoldKind::TrickleHead
        : a.value(4) == u"trickle-body"_s ? Bench::HoldKind::TrickleBody
                                          : Bench::HoldKind::Idle;
    path = a.value(5).toLatin1();
    body = a.value(6).toLatin1();
    auth = a.value(7).toLatin1();
    o.path = path.constData();
    o.body = body.constData();
    o.authorization = auth.constData();
    return Bench::runHolder(o);
}

} // namespace

int main(int argc, char *argv[])
{
    if (argc >= 3 && qstrcmp(argv[1], "upstream") == 0)
        return Bench::runUpstream(atoi(argv[2]));
    QCoreApplication app(argc, argv);
    // The gateway logs every upstream manager it adds; thousands of lines would cost CPU here.
    QLoggingCategory::setFilterRules(u"sb.*.debug=false\nsb.*.info=false"_s);
    const QStringList args = app.arguments();
    if (args.value(1) == u"hold"_s)
        return runHolderMode(args);
    const int seconds = args.value(1).toInt() > 0 ? args.value(1).toInt() : 4;
    const bool withNginx = !args.contains(u"--no-nginx"_s);
    QList<int> counts { 1000, 4000, 8000 };
    if (args.contains(u"--slowloris"_s))
        counts = { 1000 };
    if (const qsizetype i = args.indexOf(u"--counts"_s); i > 0) {
        counts.clear();
        for (const QString &c : args.value(i + 1).split(u','))
            counts << c.toInt();
    }
    rlimit lim {};
    getrlimit(RLIMIT_NOFILE, &lim);
    lim.rlim_cur = lim.rlim_max;
    setrlimit(RLIMIT_NOFILE, &lim);

    QTemporaryDir dir;
    Child fastUp, slowUp;
    const quint16 fast = startUpstream(fastUp, 0), slow = startUpstream(slowUp, 500);
    Config::NewKey key;
    const Domain::Workspace ws = Bench::benchWorkspace(
        { { u"fast"_s, u"http://127.0.0.1:%1/v1"_s.arg(fast), u"bench/x"_s },
          { u"slow"_s, u"http://127.0.0.1:%1/v1"_s.arg(slow), u"bench/slow"_s } },
        key);
    Store::ReceiptWriter writer(dir.filePath(u"bench.sqlite"_s));
    if (!fast || !slow || !writer.start())
        return 1;
    Gateway::GatewayService gateway;
    gateway.setReceiptWriter(&writer);
    int gatewayConnections = -1, gatewayInFlight = -1;
    QObject::connect(&gateway, &Gateway::GatewayService::statsChanged, &app,
                     [&](const Gateway::LiveStats &s) {
                         gatewayConnections = s.connections;
                         gatewayInFlight = s.inFlight;
                     });
    Gateway::GatewayOptions options;
    options.port = 0;
    // Held connections must outlive the run: the SPEC's 60 s / 30 s would close them mid-way.
    options.idleTimeoutMs = options.requestTimeoutMs = 600000;
    QSignalSpy started(&gateway, &Gateway::GatewayService::started);
    gateway.start(options, std::make_shared<const Domain::Workspace>(ws));
    if (!started.wait(5000))
        return 1;
    const quint16 gatewayPort = quint16(started.at(0).at(0).toString().section(u':', -1).toUInt());

    const bool onlyCalls = args.contains(u"--only-calls"_s);
    const bool slowloris = args.contains(u"--slowloris"_s);
    QList<Target> targets;
    // "direct": the holder and wrk on the 500 ms upstream itself (calls scenario only), what the
    // gateway's and nginx's held-call throughput is read against.
    const qint64 slowPid = slowUp.pid();
    targets << Target { u"direct"_s,
                        slow,
                        u"/v1/chat/completions"_s,
                        [slowPid](bool system) {
                            return Bench::childrenCpuMs(slowPid, true, system);
                        },
                        [] { return -1; },
                        [slowPid] { return rssKb(slowPid); },
                        [] { return -1; } };
    targets << Target { u"gateway"_s,
                        gatewayPort,
                        u"/v1/chat/completions"_s,
                        &selfCpuMs,
                        [&] { return gatewayConnections; },
                        [] { return rssKb(getpid()); },
                        [&] { return gatewayInFlight; },
                        &writerThreadCpuMs,
                        &heapInUseKb };
    Bench::NginxPeer nginx;
    if (withNginx) {
        // /slow/v1/... goes to the 500 ms upstream as /v1/...; the rest to the fast one.
        if (!nginx.start(dir.path(),
                         { { u"/slow/"_s, slow, 1024, u"/"_s }, { u"/"_s, fast, 256, {} } }))
            return 1;
        targets << Target { u"nginx"_s,
                            nginx.port(),
                            u"/slow/v1/chat/completions"_s,
                            [&nginx](bool system) { return nginx.workerCpuMs(system); },
                            [] { return -1; },
                            [&nginx] { return childrenRssKb(nginx.pid()); },
                            [] { return -1; } };
    }
    QList<Scenario> scenarios;
    if (slowloris) {
        // "none" warms a fresh target up; "0 idle" is the row the trickling ones are read against.
        scenarios << Scenario { u"none"_s, 0, u"idle"_s } << Scenario { u"0 idle"_s, 0, u"idle"_s };
        for (const QString &kind : { u"trickle-head"_s, u"trickle-body"_s })
            for (int n : counts)
                if (n > 0)
                    scenarios << Scenario { u"%1 %2"_s.arg(n).arg(kind), n, kind };
    } else if (!onlyCalls) {
        scenarios << Scenario { u"none"_s, 0, u"idle"_s };
        for (const QString &kind : { u"idle"_s, u"partial"_s })
            for (int n : counts)
                scenarios << Scenario { u"%1 %2"_s.arg(n).arg(kind), n, kind };
    }
    if (!slowloris)
        scenarios << Scenario { u"8000 calls on 500 ms upstream"_s, 8000, u"calls"_s };

    const QString script = writeScript(dir, key.secret);
    const QString auth = u"Bearer "_s + key.secret;
    const auto stopAll = [&] {
        nginx.stop();
        QSignalSpy stopped(&gateway, &Gateway::GatewayService::stopped);
        gateway.stop();
        stopped.wait(30000);
        writer.stop();
    };
    if (const qsizetype i = args.indexOf(u"--pairs"_s); i > 0) {
        runPairs(targets, qMax(1, args.value(i + 1).toInt()), script, auth, seconds);
        stopAll();
        return 0;
    }
    out() << "bench_connections: " << seconds << " s per run, 16 wrk connections, "
          << QDateTime::currentDateTimeUtc().toString(Qt::ISODate) << ", gateway dispatcher: "
          << (qEnvironmentVariable("SWITCHBOARD_GATEWAY_DISPATCHER") == u"qt"_s ? "Qt" : "default")
          << Qt::endl
          << Qt::endl;
    out()
        << "| target | other connections | calls/s | p50 ms | p99 ms | CPU us/call (of it system) "
           "| "
           "other calls/s 200 (not 200) | held (closed) | target's count: connections / in flight "
           "| RSS MiB idle / held | errors |"
        << Qt::endl
        << "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
        << Qt::endl;
    // Slowloris: each trickling row against "0 idle" of its target, printed after the main table.
    QStringList slowlorisLines;
    for (const Target &t : targets) {
        double idleP50 = 0;
        for (const Scenario &s : scenarios) {
            if (t.name == u"direct"_s && s.kind != u"calls"_s)
                continue;
            const Row r = measure(t, s, script, auth, seconds);
            if (slowloris && s.name == u"0 idle"_s)
                idleP50 = r.p50Ms;
            if (slowloris && s.kind.startsWith(u"trickle"_s) && idleP50 > 0)
                slowlorisLines << u"| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 (%9) |"_s.arg(
                    t.name, s.name, QString::number(qRound(r.rps)),
                    QString::number(r.p50Ms, 'f', 2), QString::number(r.p99Ms, 'f', 2),
                    QString::number(r.p50Ms - idleP50, 'f', 2),
                    QString::number(r.p50Ms / idleP50, 'f', 2), QString::number(r.heldSeen),
                    QString::number(r.closed));
            out() << "| " << t.name << " | " << s.name << " | " << qRound(r.rps) << " | "
                  << QString::number(r.p50Ms, 'f', 2) << " | " << QString::number(r.p99Ms, 'f', 2)
                  << " | " << qRound(r.cpuUsPerCall) << " (" << qRound(r.systemUsPerCall) << ") | "
                  << qRound(r.otherPerSecond) << " (" << qRound(r.otherFailedPerSecond) << ") | "
                  << r.heldSeen << " (" << r.closed << ") | " << r.targetConnections << " / "
                  << r.targetInFlight << " | " << QString::number(r.rssIdleKb / 1024, 'f', 1)
                  << " / " << QString::number(r.rssHeldKb / 1024, 'f', 1) << " | " << r.errors
                  << " |" << Qt::endl;
            if (s.kind == u"calls"_s && r.heldSeen > 0 && r.rssHeldKb > 0)
                out() << "|  | (memory per held call: "
                      << QString::number((r.rssHeldKb - r.rssIdleKb) * 1024 / double(r.heldSeen),
                                         'f', 0)
                      << " bytes"
                      << (r.heapHeldKb > 0
                              ? u", of it in use from malloc: %1"_s.arg(QString::number(
                                  (r.heapHeldKb - r.heapIdleKb) * 1024 / double(r.heldSeen), 'f',
                                  0))
                              : QString())
                      << ") | | | | | | | | | |" << Qt::endl;
        }
    }
    if (slowloris) {
        out() << Qt::endl
              << "| target | trickling connections | calls/s | p50 ms | p99 ms | added p50 ms vs 0 "
                 "idle | p50 ÷ 0 idle p50 | held (closed) |"
              << Qt::endl
              << "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |" << Qt::endl;
        for (const QString &line : std::as_const(slowlorisLines))
            out() << line << Qt::endl;
    }
    stopAll();
    return 0;
}
