#include "net/upstreamtransport.h"

using namespace Qt::StringLiterals;

namespace Gateway {

const QList<QByteArray> &upstreamHeadersRead()
{
    static const QList<QByteArray> names { QByteArrayLiteral("retry-after"),
                                           QByteArrayLiteral("retry-after-ms") };
    return names;
}

QString poolKeyOf(const QUrl &url, const QString &caFile)
{
    const bool https = url.scheme() == u"https"_s;
    return url.scheme() + u"://"_s + url.host() + u':' + QString::number(url.port(https ? 443 : 80))
        + u'|' + caFile;
}

QByteArray originFormTarget(const QUrl &url)
{
    const QByteArray target
        = url.toEncoded(QUrl::RemoveScheme | QUrl::RemoveAuthority | QUrl::RemoveFragment);
    return target.isEmpty() ? QByteArrayLiteral("/") : target;
}

void UpstreamCall::releaseRequestData()
{
    UpstreamRequest timeoutsOnly;
    timeoutsOnly.stream = m_request.stream;
    timeoutsOnly.connectTimeoutMs = m_request.connectTimeoutMs;
    timeoutsOnly.firstByteTimeoutMs = m_request.firstByteTimeoutMs;
    timeoutsOnly.streamIdleTimeoutMs = m_request.streamIdleTimeoutMs;
    m_request = std::move(timeoutsOnly);
}

UpstreamCall::UpstreamCall(const UpstreamRequest &request, DeadlineWheel *wheel)
    : m_request(request)
    , m_wheel(wheel)
{
    Q_ASSERT(wheel);
    if (m_request.connectTimeoutMs > 0)
        arm(m_connectTimeout, m_request.connectTimeoutMs, &UpstreamCall::handleConnectTimeout);
    // A non-streaming request waits for its status line only as long as the deadline (R-REC-7).
    if (m_request.stream && m_request.firstByteTimeoutMs > 0)
        arm(m_firstByteTimeout, m_request.firstByteTimeoutMs,
            &UpstreamCall::handleFirstByteTimeout);
}

UpstreamCall::~UpstreamCall()
{
    // The callbacks point at this call.
    for (DeadlineWheel::Handle *t : { &m_connectTimeout, &m_firstByteTimeout, &m_idleTimeout })
        disarm(*t);
}

void UpstreamCall::arm(DeadlineWheel::Handle &timeout, int timeoutMs, Handler handler)
{
    if (!m_wheel)
        return;
    const qint64 deadline = m_wheel->nowMs() + timeoutMs;
    if (m_wheel->reschedule(timeout, deadline))
        return;
    timeout = m_wheel->schedule(deadline, [this, &timeout, handler] {
        timeout = 0;
        (this->*handler)();
    });
}

void UpstreamCall::disarm(DeadlineWheel::Handle &timeout)
{
    if (m_wheel && timeout)
        m_wheel->cancel(timeout);
    timeout = 0;
}

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
    for (DeadlineWheel::Handle *t : { &m_connectTimeout, &m_firstByteTimeout, &m_idleTimeout })
        disarm(*t);
    return true;
}

void UpstreamCall::pauseReading()
{
    if (m_paused || m_done)
        return;
    m_paused = true;
    disarm(m_idleTimeout);
    pauseTransfer();
}

void UpstreamCall::resumeReading()
{
    if (!m_paused || m_done)
        return;
    m_paused = false;
    if (m_started && m_request.stream && m_request.streamIdleTimeoutMs > 0)
        arm(m_idleTimeout, m_request.streamIdleTimeoutMs, &UpstreamCall::handleIdleTimeout);
    resumeTransfer();
}

void UpstreamCall::reportConnected()
{
    disarm(m_connectTimeout);
}

void UpstreamCall::reportStarted(int status, const HeaderList &headers)
{
    if (m_done || m_started)
        return;
    m_started = true;
    disarm(m_connectTimeout);
    disarm(m_firstByteTimeout);
    if (m_request.stream && m_request.streamIdleTimeoutMs > 0 && !m_paused)
        arm(m_idleTimeout, m_request.streamIdleTimeoutMs, &UpstreamCall::handleIdleTimeout);
    if (m_receiver)
        m_receiver->upstreamStarted(status, headers);
}

void UpstreamCall::reportBody(const QByteArray &data)
{
    if (m_done || data.isEmpty())
        return;
    m_bytesReceived += data.size();
    if (m_idleTimeout && !m_paused)
        arm(m_idleTimeout, m_request.streamIdleTimeoutMs, &UpstreamCall::handleIdleTimeout);
    if (m_receiver)
        m_receiver->upstreamBody(data);
}

void UpstreamCall::reportFinished()
{
    if (!markDone())
        return;
    if (m_receiver)
        m_receiver->upstreamFinished();
}

void UpstreamCall::reportFailed(FailurePhase phase, const QString &message)
{
    if (!markDone())
        return;
    abortTransfer();
    if (m_receiver)
        m_receiver->upstreamFailed(phase, message);
}

void UpstreamCall::handleConnectTimeout()
{
    reportFailed(FailurePhase::ConnectTimeout, QString::number(m_request.connectTimeoutMs));
}

void UpstreamCall::handleFirstByteTimeout()
{
    reportFailed(FailurePhase::FirstByteTimeout, QString::number(m_request.firstByteTimeoutMs));
}

void UpstreamCall::handleIdleTimeout()
{
    reportFailed(FailurePhase::StreamIdle, QString::number(m_request.streamIdleTimeoutMs));
}

} // namespace Gateway
