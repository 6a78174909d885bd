#pragma once

#include <QHostAddress>
#include <QProcess>
#include <QStringList>
#include <QTcpServer>
#include <QTest>

// A port nothing listens on at the moment (the kernel's pick for port 0).
inline quint16 freePort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}

// A running `switchboard-gateway serve` (SWITCHBOARD_GATEWAY_EXE), its output collected; stopped
// with SIGTERM (then SIGKILL) when it goes.
class GatewayProcess
{
public:
    static constexpr int kTimeoutMs = 30000;

    GatewayProcess(const QString &db, quint16 port, const QStringList &extra = {})
        : m_port(port)
    {
        m_process.setProcessChannelMode(QProcess::MergedChannels);
        QObject::connect(&m_process, &QProcess::readyRead, &m_process,
                         [this] { m_out += QString::fromUtf8(m_process.readAll()); });
        m_process.start(QStringLiteral(SWITCHBOARD_GATEWAY_EXE),
                        QStringList { QStringLiteral("serve"), QStringLiteral("--db"), db,
                                      QStringLiteral("--listen"),
                                      QStringLiteral("127.0.0.1:%1").arg(port) }
                            + extra);
    }
    ~GatewayProcess()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.terminate();
            if (!m_process.waitForFinished(kTimeoutMs))
                m_process.kill();
        }
    }
    bool waitListening() { return waitFor(QStringLiteral("Listening on")); }
    // Until the output holds `text` (true), or the process ended or kTimeoutMs passed (false).
    bool waitFor(const QString &text, int timeoutMs = kTimeoutMs)
    {
        return QTest::qWaitFor(
                   [&] {
                       return m_out.contains(text) || m_process.state() == QProcess::NotRunning;
                   },
                   timeoutMs)
            && m_out.contains(text);
    }
    QProcess &process() { return m_process; }
    const QString &out() const { return m_out; }
    quint16 port() const { return m_port; }

private:
    QProcess m_process;
    QString m_out;
    quint16 m_port;
};
