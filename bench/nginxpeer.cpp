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

double childrenCpuMs(qint64 pid, bool includeSelf, bool systemOnly)
{
    const double tick = 1000.0 / double(sysconf(_SC_CLK_TCK));
    double total = 0;
    const QStringList entries = QDir(u"/proc"_s).entryList(QDir::Dirs);
    for (const QString &e : entries) {
        QFile f(u"/proc/%1/stat"_s.arg(e));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray stat = f.readAll();
        const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
        if (fields.size() < 13)
            continue;
        const qint64 self = e.toLongLong(), parent = fields.at(1).toLongLong();
        if ((includeSelf && self == pid) || parent == pid) // utime, stime: fields 14 and 15
            total += double((systemOnly ? 0 : fields.at(11).toLongLong())
                            + fields.at(12).toLongLong())
                * tick;
    }
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

double NginxPeer::workerCpuMs(bool systemOnly) const
{
    return childrenCpuMs(pid(), false, systemOnly);
}

} // namespace Bench
