#include "upstreamtransport.h"

using namespace Qt::StringLiterals;

namespace Gateway {

UpstreamCall::UpstreamCall(const UpstreamRequest &request, QObject *parent)
    : QObject(parent), m_request(request)
{
    for (QTimer *t : {&m_connectTimer, &m_firstByteTimer, &m_idleTimer})
        t->setSingleShot(true);
    connect(&m_connectTimer, &QTimer::timeout, this, &UpstreamCall::handleConnectTimeout);
    connect(&m_firstByteTimer, &QTimer::timeout, this, &UpstreamCall::handleFirstByteTimeout);
    connect(&m_idleTimer, &QTimer::timeout, this, &UpstreamCall::handleIdleTimeout);
    if (m_request.connectTimeoutMs > 0)
        m_connectTimer.start(m_request.connectTimeoutMs);
    // A non-streaming request waits for its status line only as long as the deadline (R-REC-7).
    if (m_request.stream && m_request.firstByteTimeoutMs > 0)
        m_firstByteTimer.start(m_request.firstByteTimeoutMs);
}

UpstreamCall::~UpstreamCall() = default;

void UpstreamCall::abort()
{
    if (!markDone())
        return;
    abortTransfer();
}

bool UpstreamCall::markDone()
{
    if (m_done)
        return false;
    m_done = true;
    for (QTimer *t : {&m_connectTimer, &m_firstByteTimer, &m_idleTimer})
        t->stop();
    return true;
}

void UpstreamCall::pauseReading()
{
    if (m_paused || m_done)
        return;
    m_paused = true;
    m_idleTimer.stop();
    pauseTransfer();
}

void UpstreamCall::resumeReading()
{
    if (!m_paused || m_done)
        return;
    m_paused = false;
    if (m_started && m_request.stream && m_request.streamIdleTimeoutMs > 0)
        m_idleTimer.start(m_request.streamIdleTimeoutMs);
    resumeTransfer();
}

void UpstreamCall::reportConnected()
{
    m_connectTimer.stop();
}

void UpstreamCall::reportStarted(int status, const HeaderList &headers)
{
    if (m_done || m_started)
        return;
    m_started = true;
    m_connectTimer.stop();
    m_firstByteTimer.stop();
    if (m_request.stream && m_request.streamIdleTimeoutMs > 0 && !m_paused)
        m_idleTimer.start(m_request.streamIdleTimeoutMs);
    Q_EMIT responseStarted(status, headers);
}

void UpstreamCall::reportBody(const QByteArray &data)
{
    if (m_done || data.isEmpty())
        return;
    m_bytesReceived += data.size();
    if (m_idleTimer.isActive() && !m_paused)
        m_idleTimer.start(m_request.streamIdleTimeoutMs);
    Q_EMIT bodyReceived(data);
}

void UpstreamCall::reportFinished()
{
    if (!markDone())
        return;
    Q_EMIT finished();
}

void UpstreamCall::reportFailed(FailurePhase phase, const QString &message)
{
    if (!markDone())
        return;
    abortTransfer();
    Q_EMIT failed(phase, message);
}

void UpstreamCall::handleConnectTimeout()
{
    reportFailed(FailurePhase::ConnectTimeout,
                 u"no connection within %1 ms"_s.arg(m_request.connectTimeoutMs));
}

void UpstreamCall::handleFirstByteTimeout()
{
    reportFailed(FailurePhase::FirstByteTimeout,
                 u"no status line within %1 ms"_s.arg(m_request.firstByteTimeoutMs));
}

void UpstreamCall::handleIdleTimeout()
{
    reportFailed(FailurePhase::StreamIdle,
                 u"stream sent nothing for %1 ms"_s.arg(m_request.streamIdleTimeoutMs));
}

} // namespace Gateway
