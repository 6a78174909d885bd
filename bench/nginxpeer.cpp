#include "nginxpeer.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QHostAddress>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Bench {

std::optional<ProcStat> readProcStat(const QString &path)
{
    static const double msPerTick = 1000.0 / double(sysconf(_SC_CLK_TCK));
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QByteArray line = f.readAll();
    // The name is in parentheses and may hold anything, ')' too: the fields follow the last one.
    const qsizetype open = line.indexOf('('), close = line.lastIndexOf(')');
    if (open < 0 || close < open)
        return std::nullopt;
    // After "(comm) ": state is field 3, ppid 4, utime 14, stime 15.
    const QList<QByteArray> fields = line.mid(close + 2).split(' ');
    if (fields.size() < 13)
        return std::nullopt;
    return ProcStat { line.mid(open + 1, close - open - 1), fields.at(1).toLongLong(),
                      fields.at(11).toDouble() * msPerTick, fields.at(12).toDouble() * msPerTick };
}

SchedMs readSchedStat(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QList<QByteArray> fields = f.readAll().trimmed().split(' ');
    if (fields.size() < 2)
        return {};
    return { fields.at(0).toDouble() / 1e6, fields.at(1).toDouble() / 1e6 };
}

namespace {

// Calls f(its /proc directory, its stat) for every direct child of pid, and for pid itself when
// includeSelf.
template<typename F> void forEachChild(qint64 pid, bool includeSelf, F f)
{
    for (const QString &e : QDir(u"/proc"_s).entryList(QDir::Dirs)) {
        const QString dir = u"/proc/"_s + e;
        const std::optional<ProcStat> stat = readProcStat(dir + u"/stat"_s);
        if (stat && ((includeSelf && e.toLongLong() == pid) || stat->parent == pid))
            f(dir, *stat);
    }
}

} // namespace

double childrenCpuMs(qint64 pid, bool includeSelf, bool systemOnly)
{
    double total = 0;
    forEachChild(pid, includeSelf, [&](const QString &, const ProcStat &stat) {
        total += (systemOnly ? 0 : stat.userMs) + stat.systemMs;
    });
    return total;
}

NginxPeer::~NginxPeer()
{
    stop();
}

bool NginxPeer::start(const QString &dir, const QList<NginxRoute> &routes)
{
    {
        QTcpServer s;
        s.listen(QHostAddress::LocalHost, 0);
        m_port = s.serverPort();
    }
    QString upstreams, locations;
    for (qsizetype i = 0; i < routes.size(); ++i) {
        const NginxRoute &r = routes.at(i);
        upstreams += u" upstream up%1 { server 127.0.0.1:%2; keepalive %3; }\n"_s.arg(i)
                         .arg(r.upstreamPort)
                         .arg(r.keepalive);
        locations += u"  location %1 { proxy_pass http://up%2%3; proxy_http_version 1.1;"
                     " proxy_set_header Connection \"\"; }\n"_s.arg(r.location)
                         .arg(i)
                         .arg(r.upstreamPath);
    }
    QFile conf(dir + u"/nginx.conf"_s);
    if (!conf.open(QIODevice::WriteOnly))
        return false;
    conf.write(
        u"daemon off;\nworker_processes 1;\nworker_rlimit_nofile 19000;\n"
        "pid %1/nginx.pid;\nerror_log %1/error.log warn;\n"
        "events { worker_connections 19000; use epoll; }\n"
        "http {\n access_log off;\n client_body_temp_path %1/body;\n"
        " proxy_temp_path %1/proxy;\n keepalive_timeout 600s;\n keepalive_requests 100000000;\n"
        " client_header_timeout 600s;\n client_body_timeout 600s;\n"
        // Bodies in memory, as the gateway keeps them, up to its own limit: with the default 16 KB
        // buffer a larger body goes to a temporary file, which the worker (nobody, when the bench
        // runs as root) cannot create in the bench's directory: every call of --body-kb 32 failed.
        " client_body_buffer_size 1m;\n client_max_body_size 16m;\n"
        " proxy_read_timeout 600s;\n"
        "%3 server {\n  listen 127.0.0.1:%2 backlog=4096;\n%4 }\n}\n"_s.arg(dir)
            .arg(m_port)
            .arg(upstreams, locations)
            .toLatin1());
    conf.close();
    m_process.start(u"/usr/sbin/nginx"_s,
                    { u"-p"_s, dir, u"-e"_s, dir + u"/error.log"_s, u"-c"_s, conf.fileName() });
    for (int i = 0; i < 100; ++i) {
        QTcpSocket probe;
        probe.connectToHost(QHostAddress::LocalHost, m_port);
        if (probe.waitForConnected(100))
            return true;
        QEventLoop loop;
        QTimer::singleShot(50, &loop, &QEventLoop::quit);
        loop.exec();
    }
    return false;
}

void NginxPeer::stop()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.terminate();
    if (!m_process.waitForFinished(5000)) {
        m_process.kill();
        m_process.waitForFinished(2000);
    }
}

SchedMs NginxPeer::workerSchedMs() const
{
    SchedMs total;
    forEachChild(pid(), false, [&](const QString &dir, const ProcStat &) {
        const SchedMs one = readSchedStat(dir + u"/schedstat"_s);
        total.runMs += one.runMs;
        total.waitMs += one.waitMs;
    });
    return total;
}

double NginxPeer::workerCpuMs(bool systemOnly) const
{
    return childrenCpuMs(pid(), false, systemOnly);
}

} // namespace Bench
