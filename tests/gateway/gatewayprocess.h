#pragma once

#include <QProcess>
#include <QRegularExpression>
#include <QStringList>
#include <QTest>

// A running `switchboard-gateway serve` (SWITCHBOARD_GATEWAY_EXE) on a port of the kernel's
// choosing, its output collected; stopped with SIGTERM (then SIGKILL) when it goes.
class GatewayProcess
{
public:
    static constexpr int kTimeoutMs = 30000;

    explicit GatewayProcess(const QString &db, const QStringList &extra = {})
    {
        m_process.setProcessChannelMode(QProcess::MergedChannels);
        QObject::connect(&m_process, &QProcess::readyRead, &m_process,
                         [this] { m_out += QString::fromUtf8(m_process.readAll()); });
        m_process.start(QStringLiteral(SWITCHBOARD_GATEWAY_EXE),
                        QStringList { QStringLiteral("serve"), QStringLiteral("--db"), db,
                                      QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0") }
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
    // Until it listens (true), its port read from "Listening on http://127.0.0.1:PORT ".
    bool waitListening()
    {
        static const QRegularExpression listening(
            QStringLiteral("Listening on http://127\\.0\\.0\\.1:(\\d+) "));
        QRegularExpressionMatch match;
        const bool found = QTest::qWaitFor(
            [&] {
                match = listening.match(m_out);
                return match.hasMatch() || m_process.state() == QProcess::NotRunning;
            },
            kTimeoutMs);
        if (!found || !match.hasMatch())
            return false;
        m_port = match.captured(1).toUShort();
        return m_port != 0;
    }
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
    quint16 m_port = 0;
};
