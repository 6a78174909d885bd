#pragma once

// nginx as the reference reverse proxy of the benchmarks (bench_gateway, bench_connections): one
// worker process (like the gateway's one network thread), upstream keep-alive,
// `proxy_http_version 1.1`, `proxy_set_header Connection ""`, access log off, long timeouts.
// Needs /usr/sbin/nginx (bench/setup installs nginx-light).
#include <QList>
#include <QProcess>
#include <QString>
#include <optional>

namespace Bench {

struct NginxRoute
{
    QString location; // e.g. "/" or "/slow/"
    quint16 upstreamPort; // 127.0.0.1:<port>
    int keepalive; // idle upstream connections kept per worker (`keepalive N`)
    QString upstreamPath; // appended to proxy_pass: "" keeps the URI, "/" strips the location
};

// /proc/<pid>/schedstat or /proc/<pid>/task/<tid>/schedstat: time on a CPU, and time runnable
// but waiting for one (the run queue), in ms since the thread started.
struct SchedMs
{
    double runMs = 0;
    double waitMs = 0;
};
SchedMs readSchedStat(const QString &path);

class NginxPeer
{
public:
    ~NginxPeer();
    // Writes <dir>/nginx.conf and starts nginx on a free 127.0.0.1 port; true once it accepts.
    bool start(const QString &dir, const QList<NginxRoute> &routes);
    void stop();
    quint16 port() const { return m_port; }
    qint64 pid() const { return m_process.processId(); }
    // User + system CPU of the worker processes (children of the master), from /proc/<pid>/stat.
    // The master only supervises; its CPU stays flat during a run.
    double workerCpuMs(bool systemOnly = false) const;
    // The workers' scheduler figures (readSchedStat), summed.
    SchedMs workerSchedMs() const;

private:
    QProcess m_process;
    quint16 m_port = 0;
};

// One line of /proc/<pid>/stat or /proc/<pid>/task/<tid>/stat (proc(5)): what the benches read.
struct ProcStat
{
    QByteArray comm; // the thread's or process's name
    qint64 parent = 0;
    double userMs = 0;
    double systemMs = 0;
};
// Nothing when the file is gone (the process ended) or unreadable.
std::optional<ProcStat> readProcStat(const QString &path);

// User + system CPU of process pid's direct children (plus pid itself when includeSelf).
double childrenCpuMs(qint64 pid, bool includeSelf, bool systemOnly = false);

} // namespace Bench
