// Open-loop latency benchmark (not a test): calls sent at a constant rate whatever the answers do,
// to the fake upstream directly, through nginx (a plain reverse proxy, bench/nginxpeer.*) and
// through the gateway (receipts written as always), back to back in one run; prints p50, p99 and
// p99.9 from each call's due time to its answer, and what nginx and the gateway add to direct's.
// See bench/README.md.
// Usage: bench_openloop [--rates 5000,10000] [--seconds 30] [--warmup 2] [--rounds 1]
//        [--connections N] [--caller-priority normal|fifo] [--nice N] [--no-nginx]
//   --seconds: measured per run, after --warmup seconds at the same rate that are not measured;
//   --rounds N: every rate and target N times over, then the median of each figure;
//   --connections: the caller's pool per run (default rate / 10, at least 64);
//   --caller-priority fifo: the caller under SCHED_FIFO (when permitted): it then sends on time
//     to the tenth of a millisecond, but preempts whatever shares its CPU, the proxy included;
//   --nice: the niceness of every process and thread of the bench (below 0 needs the privilege).
// The binary re-executes itself as the fake upstream ("upstream 0") and as the caller ("openloop
// …", bench/rawload.*), each in its own process.
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
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <map>
#include <sys/resource.h>

using namespace Qt::StringLiterals;

namespace {

QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}

const QByteArray kChat = R"({"model":"bench/x","messages":[{"role":"user","content":"hi"}]})";

// A child process of this binary; every line it prints is kept.
class Child
{
public:
    void start(const QStringList &args)
    {
        QObject::connect(&m_process, &QProcess::readyReadStandardOutput, [this] {
            while (m_process.canReadLine())
                m_lines << QString::fromLatin1(m_process.readLine()).trimmed();
        });
        m_process.start(QCoreApplication::applicationFilePath(), args);
    }
    // The first line starting with prefix, once printed; empty after timeoutMs or if it ended.
    QString waitFor(const QString &prefix, int timeoutMs)
    {
        QElapsedTimer t;
        t.start();
        for (;;) {
            for (const QString &line : std::as_const(m_lines))
                if (line.startsWith(prefix))
                    return line;
            if (t.elapsed() >= timeoutMs || m_process.state() == QProcess::NotRunning)
                return {};
            Bench::waitMs(5);
        }
    }
    void write(const QByteArray &line) { m_process.write(line); }
    qint64 pid() const { return m_process.processId(); }
    void stop()
    {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
    ~Child() { stop(); }

private:
    QProcess m_process;
    QStringList m_lines;
};

QString loadAverage()
{
    QFile f(u"/proc/loadavg"_s);
    if (!f.open(QIODevice::ReadOnly))
        return u"?"_s;
    return QString::fromLatin1(f.readAll()).section(u' ', 0, 2);
}

// User + system CPU of this process's threads of the given names, in ms.
double threadsCpuMs(const QList<QByteArray> &names)
{
    double total = 0;
    const QDir tasks(u"/proc/self/task"_s);
    for (const QString &tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const std::optional<Bench::ProcStat> stat
            = Bench::readProcStat(tasks.filePath(tid + u"/stat"_s));
        if (stat && names.contains(stat->comm))
            total += stat->userMs + stat->systemMs;
    }
    return total;
}

struct Target
{
    QString name;
    quint16 port = 0;
    std::function<double()> cpuMs; // the target's own CPU (the upstream's for direct)
    std::function<double()> writerMs = {}; // of it, the receipt writer's (the gateway only)
};

struct Run
{
    bool valid = false;
    double p50 = 0, p99 = 0, p999 = 0, maxMs = 0; // ms, from each call's due time to its answer
    double achieved = 0; // answered 200 per second
    qint64 calls = 0, ok = 0, errors = 0, late = 0, waited = 0;
    double lagP99 = 0; // ms, how late a call left
    double cpuUsPerCall = 0;
    double callerUsPerCall = 0; // the caller's own CPU per call
    double writerUsPerCall = -1; // of the target's, the receipt writer's (-1: none)
    qint64 receipts = -1; // gateway: receipts written during its run
    qint64 receiptsDropped = 0; // and refused by the writer's full queue
    QString load;
    QString callerScheduling; // fifo or normal, as the caller could set it
};

// "result key=value …" from the caller.
std::map<QString, double> fields(const QString &line)
{
    std::map<QString, double> m;
    for (const QString &kv : line.split(u' ', Qt::SkipEmptyParts).mid(1))
        m[kv.section(u'=', 0, 0)] = kv.section(u'=', 1).toDouble();
    return m;
}

struct Options
{
    double seconds = 30;
    double warmup = 2;
    int connections = 0;
    bool realtime = false;
    QString auth;
};

Run measure(const Target &t, int rate, const Options &o, Store::ReceiptWriter &writer,
            qint64 &receipts)
{
    Run r;
    r.load = loadAverage();
    Child caller;
    caller.start({ u"openloop"_s, QString::number(t.port), QString::number(rate),
                   QString::number(o.seconds), QString::number(o.warmup),
                   QString::number(o.connections), u"/v1/chat/completions"_s,
                   QString::fromLatin1(kChat), o.auth, o.realtime ? u"fifo"_s : u"normal"_s });
    const QString ready = caller.waitFor(u"ready"_s, 60000);
    if (ready.isEmpty() || ready.section(u' ', 1, 1).toInt() == 0) {
        out() << "  (" << t.name << ": the caller did not connect)" << Qt::endl;
        return r;
    }
    r.callerScheduling = ready.section(u' ', 2, 2);
    Bench::waitMs(300); // the target accepts the pool before the first call
    // The writer's signal is coalesced and queued: the loop runs a while after its flush.
    writer.flush();
    Bench::waitMs(300);
    receipts = 0;
    const qint64 droppedBefore = writer.backlog().dropped;
    caller.write("go\n");
    const int runMs = int((o.warmup + o.seconds) * 1000);
    if (caller.waitFor(u"measuring"_s, runMs + 10000).isEmpty())
        return r;
    const double cpuBefore = t.cpuMs(), writerBefore = t.writerMs ? t.writerMs() : 0;
    if (caller.waitFor(u"sent"_s, runMs + 30000).isEmpty())
        return r;
    const double cpuMs = t.cpuMs() - cpuBefore;
    const double writerMs = t.writerMs ? t.writerMs() - writerBefore : -1;
    const QString result = caller.waitFor(u"result"_s, 20000);
    if (result.isEmpty())
        return r;
    writer.flush();
    Bench::waitMs(300);
    auto m = fields(result);
    r.valid = true;
    r.calls = qint64(m[u"calls"_s]);
    r.ok = qint64(m[u"ok"_s]);
    r.errors = qint64(m[u"failed"_s] + m[u"unanswered"_s]);
    r.late = qint64(m[u"late"_s]);
    r.waited = qint64(m[u"waited"_s]);
    r.p50 = m[u"p50"_s] / 1000;
    r.p99 = m[u"p99"_s] / 1000;
    r.p999 = m[u"p999"_s] / 1000;
    r.maxMs = m[u"max"_s] / 1000;
    r.lagP99 = m[u"lag_p99"_s] / 1000;
    r.achieved = m[u"seconds"_s] > 0 ? double(r.ok) / m[u"seconds"_s] : 0;
    r.cpuUsPerCall = r.calls > 0 ? cpuMs * 1000 / double(r.calls) : 0;
    r.callerUsPerCall = m[u"caller_us"_s];
    if (writerMs >= 0 && r.calls > 0)
        r.writerUsPerCall = writerMs * 1000 / double(r.calls);
    if (t.name == u"gateway"_s)
        r.receipts = receipts;
    r.receiptsDropped = writer.backlog().dropped - droppedBefore;
    return r;
}

QString f(double v, int decimals = 2)
{
    return QString::number(v, 'f', decimals);
}

void tableHead()
{
    out()
        << Qt::endl
        << "| rate /s | target | p50 ms | p99 ms | p99.9 ms | max ms | added p50 / p99 / p99.9 "
           "ms vs direct | gateway − nginx p50 / p99 / p99.9 ms | achieved calls/s | errors | "
           "sent > 1 ms late / found no idle connection (p99 lag ms) | CPU us/call target (of it "
           "the receipt writer) / caller "
           "| receipts | "
           "load average |"
        << Qt::endl
        << "| ---: | --- | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: | --- | ---: | ---: "
           "| --- |"
        << Qt::endl;
}

QString triple(double a, double b, double c)
{
    return u"%1 / %2 / %3"_s.arg(f(a), f(b), f(c));
}

void row(int rate, const QString &name, const Run &r, const Run &direct, const Run &nginx)
{
    if (!r.valid) {
        out() << "| " << rate << " | " << name << " | no result | | | | | | | | | | | |"
              << Qt::endl;
        return;
    }
    const bool added = name != u"direct"_s && direct.valid;
    const bool overNginx = name == u"gateway"_s && nginx.valid;
    out() << "| " << rate << " | " << name << " | " << f(r.p50) << " | " << f(r.p99) << " | "
          << f(r.p999) << " | " << f(r.maxMs, 1) << " | "
          << (added ? triple(r.p50 - direct.p50, r.p99 - direct.p99, r.p999 - direct.p999)
                    : QString())
          << " | "
          << (overNginx ? triple(r.p50 - nginx.p50, r.p99 - nginx.p99, r.p999 - nginx.p999)
                        : QString())
          << " | " << f(r.achieved, 0) << " | " << r.errors << " | " << r.late << " / " << r.waited
          << " (" << f(r.lagP99, 3) << ") | " << f(r.cpuUsPerCall, 1)
          << (r.writerUsPerCall >= 0 ? u" (writer %1)"_s.arg(f(r.writerUsPerCall, 1)) : QString())
          << " / " << f(r.callerUsPerCall, 1) << " | "
          << (r.receipts < 0 ? QString()
                  : r.receiptsDropped == 0
                  ? QString::number(r.receipts)
                  : u"%1 (%2 dropped)"_s.arg(r.receipts).arg(r.receiptsDropped))
          << " | " << r.load << " (caller " << r.callerScheduling << ") |" << Qt::endl;
}

double median(QList<double> v)
{
    if (v.isEmpty())
        return 0;
    std::sort(v.begin(), v.end());
    const qsizetype n = v.size();
    return n % 2 ? v.at(n / 2) : (v.at(n / 2 - 1) + v.at(n / 2)) / 2;
}

// The median of each figure over the rounds (errors and late sends summed); the added latencies
// are medians of each round's own differences, not differences of medians.
void medianTable(const QList<int> &rates, const QStringList &names,
                 const QList<std::map<std::pair<int, QString>, Run>> &rounds)
{
    out() << Qt::endl
          << "Median of " << rounds.size() << " rounds (errors, late sends: summed; added: "
          << "median of each round's difference):" << Qt::endl
          << Qt::endl
          << "| rate /s | target | p50 ms | p99 ms | p99.9 ms | added p50 / p99 / p99.9 ms vs "
             "direct | gateway − nginx p50 / p99 / p99.9 ms | achieved calls/s | errors | sent > 1 "
             "ms late / found no idle connection | CPU us/call |"
          << Qt::endl
          << "| ---: | --- | ---: | ---: | ---: | --- | --- | ---: | ---: | --- | ---: |"
          << Qt::endl;
    for (int rate : rates) {
        for (const QString &name : names) {
            QList<double> p50, p99, p999, a50, a99, a999, n50, n99, n999, achieved, cpu;
            qint64 errors = 0, late = 0, waited = 0;
            for (const auto &round : rounds) {
                const Run r = round.count({ rate, name }) ? round.at({ rate, name }) : Run {};
                const Run d
                    = round.count({ rate, u"direct"_s }) ? round.at({ rate, u"direct"_s }) : Run {};
                const Run n
                    = round.count({ rate, u"nginx"_s }) ? round.at({ rate, u"nginx"_s }) : Run {};
                if (!r.valid)
                    continue;
                p50 << r.p50;
                p99 << r.p99;
                p999 << r.p999;
                achieved << r.achieved;
                cpu << r.cpuUsPerCall;
                errors += r.errors;
                late += r.late;
                waited += r.waited;
                if (d.valid) {
                    a50 << r.p50 - d.p50;
                    a99 << r.p99 - d.p99;
                    a999 << r.p999 - d.p999;
                }
                if (n.valid) {
                    n50 << r.p50 - n.p50;
                    n99 << r.p99 - n.p99;
                    n999 << r.p999 - n.p999;
                }
            }
            if (p50.isEmpty())
                continue;
            const bool added = name != u"direct"_s && !a50.isEmpty();
            const bool overNginx = name == u"gateway"_s && !n50.isEmpty();
            out() << "| " << rate << " | " << name << " | " << f(median(p50)) << " | "
                  << f(median(p99)) << " | " << f(median(p999)) << " | "
                  << (added ? triple(median(a50), median(a99), median(a999)) : QString()) << " | "
                  << (overNginx ? triple(median(n50), median(n99), median(n999)) : QString())
                  << " | " << f(median(achieved), 0) << " | " << errors << " | " << late << " / "
                  << waited << " | " << f(median(cpu), 1) << " |" << Qt::endl;
        }
    }
}

int runCaller(const QStringList &a)
{
    static QByteArray path, body, auth; // outlive the options
    Bench::OpenLoopOptions o;
    o.port = a.value(2).toInt();
    o.rate = qMax(1, a.value(3).toInt());
    o.seconds = a.value(4).toDouble();
    o.warmupSeconds = a.value(5).toDouble();
    o.connections = a.value(6).toInt();
    path = a.value(7).toLatin1();
    body = a.value(8).toLatin1();
    auth = a.value(9).toLatin1();
    o.path = path.constData();
    o.body = body.constData();
    o.authorization = auth.constData();
    o.realtime = a.value(10) == u"fifo"_s;
    return Bench::runOpenLoop(o);
}

QString argAfter(const QStringList &args, const QString &name, const QString &fallback)
{
    const qsizetype i = args.indexOf(name);
    return i > 0 && i + 1 < args.size() ? args.at(i + 1) : fallback;
}

} // namespace

int main(int argc, char *argv[])
{
    if (argc >= 3 && qstrcmp(argv[1], "upstream") == 0)
        return Bench::runUpstream(atoi(argv[2]));
    // Before any thread or child starts, so that all of them inherit it: the gateway's threads,
    // the upstream, nginx and the caller.
    for (int i = 1; i + 1 < argc; ++i)
        if (qstrcmp(argv[i], "--nice") == 0 && setpriority(PRIO_PROCESS, 0, atoi(argv[i + 1])) != 0)
            return 1;
    QCoreApplication app(argc, argv);
    QLoggingCategory::setFilterRules(u"sb.*.debug=false\nsb.*.info=false"_s);
    const QStringList args = app.arguments();
    if (args.value(1) == u"openloop"_s)
        return runCaller(args);

    QList<int> rates;
    for (const QString &r : argAfter(args, u"--rates"_s, u"5000,10000"_s).split(u','))
        if (r.toInt() > 0)
            rates << r.toInt();
    Options o;
    o.seconds = qMax(0.1, argAfter(args, u"--seconds"_s, u"30"_s).toDouble());
    o.warmup = qMax(0.0, argAfter(args, u"--warmup"_s, u"2"_s).toDouble());
    o.connections = argAfter(args, u"--connections"_s, u"0"_s).toInt();
    o.realtime = argAfter(args, u"--caller-priority"_s, u"normal"_s) == u"fifo"_s;
    const int rounds = qMax(1, argAfter(args, u"--rounds"_s, u"1"_s).toInt());

    QTemporaryDir dir;
    Child upstream;
    upstream.start({ u"upstream"_s, u"0"_s });
    const quint16 upPort = quint16(upstream.waitFor(u"port "_s, 10000).mid(5).toUInt());
    if (upPort == 0)
        return 1;
    Config::NewKey key;
    const Domain::Workspace ws = Bench::benchWorkspace(
        { { u"fast"_s, u"http://127.0.0.1:%1/v1"_s.arg(upPort), u"bench/x"_s } }, key);
    o.auth = u"Bearer "_s + key.secret;
    Store::ReceiptWriter writer(dir.filePath(u"bench.sqlite"_s));
    if (!writer.start())
        return 1;
    qint64 receipts = 0;
    QObject::connect(&writer, &Store::ReceiptWriter::receiptsWritten, &app,
                     [&](const QList<Store::ReceiptRow> &rows) { receipts += rows.size(); });
    Gateway::GatewayService gateway;
    gateway.setReceiptWriter(&writer);
    Gateway::GatewayOptions options;
    options.port = 0;
    // The caller's pool stays open over a run and the pause between runs.
    options.idleTimeoutMs = options.requestTimeoutMs = 600000;
    QSignalSpy started(&gateway, &Gateway::GatewayService::started);
    gateway.start(options, std::make_shared<const Domain::Workspace>(ws));
    if (!started.wait(5000))
        return 1;
    const quint16 gatewayPort = quint16(started.at(0).at(0).toString().section(u':', -1).toUInt());

    QList<Target> targets;
    const qint64 upPid = upstream.pid();
    targets << Target { u"direct"_s, upPort, [upPid] {
                           const auto s = Bench::readProcStat(u"/proc/%1/stat"_s.arg(upPid));
                           return s ? s->userMs + s->systemMs : 0.0;
                       } };
    Bench::NginxPeer nginx;
    if (!args.contains(u"--no-nginx"_s)) {
        if (!nginx.start(dir.path(), { { u"/"_s, upPort, 256, {} } }))
            return 1;
        targets << Target { u"nginx"_s, nginx.port(), [&nginx] { return nginx.workerCpuMs(); } };
    }
    targets << Target { u"gateway"_s, gatewayPort,
                        [] {
                            return threadsCpuMs({ "gateway", "sb.store.writer" });
                        },
                        [] { return threadsCpuMs({ "sb.store.writer" }); } };
    QStringList names;
    for (const Target &t : std::as_const(targets))
        names << t.name;

    out() << "bench_openloop: " << rates.size() << " rates × " << targets.size() << " targets × "
          << rounds << " rounds, " << o.seconds << " s measured after " << o.warmup
          << " s warm-up per run, " << QDateTime::currentDateTimeUtc().toString(Qt::ISODate) << ", "
          << QThread::idealThreadCount() << " CPUs, nice " << getpriority(PRIO_PROCESS, 0)
          << ", load average " << loadAverage() << Qt::endl;
    QList<std::map<std::pair<int, QString>, Run>> results;
    for (int round = 1; round <= rounds; ++round) {
        if (rounds > 1)
            out() << Qt::endl << "Round " << round << ":" << Qt::endl;
        tableHead();
        std::map<std::pair<int, QString>, Run> runs;
        for (int rate : std::as_const(rates)) {
            for (const Target &t : std::as_const(targets)) {
                runs[{ rate, t.name }] = measure(t, rate, o, writer, receipts);
                row(rate, t.name, runs[{ rate, t.name }], runs[{ rate, u"direct"_s }],
                    runs[{ rate, u"nginx"_s }]);
                Bench::waitMs(1000); // the target lets the closed pool go before the next run
            }
        }
        results << runs;
    }
    if (rounds > 1)
        medianTable(rates, names, results);

    nginx.stop();
    QSignalSpy stopped(&gateway, &Gateway::GatewayService::stopped);
    gateway.stop();
    stopped.wait(30000);
    writer.stop();
    return 0;
}
