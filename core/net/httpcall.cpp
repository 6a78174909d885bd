#include "net/httpcall.h"

#include <utility>

namespace Gateway {

HttpCall::HttpCall(const UpstreamRequest &request, DeadlineWheel *wheel)
    : UpstreamCall(request, wheel)
{
}

HttpCall::~HttpCall()
{
    // Destroyed in the middle of an exchange: its answer can no longer be read, so the
    // connection cannot serve anyone else.
    if (m_connection)
        std::exchange(m_connection, nullptr)->detach();
}

void HttpCall::startOn(UpstreamConnection *connection)
{
    m_connection = connection;
    connection->open(this);
}

bool HttpCall::reuse(UpstreamConnection *connection)
{
    m_connection = connection;
    if (connection->reuse(this))
        return true;
    m_connection = nullptr;
    return false;
}

void HttpCall::failSoon(FailurePhase phase, const QString &message)
{
    if (!m_soon)
        m_soon = std::make_unique<QObject>();
    QMetaObject::invokeMethod(
        m_soon.get(), [this, phase, message] { reportFailed(phase, message); },
        Qt::QueuedConnection);
}

void HttpCall::abortTransfer()
{
    if (m_connection)
        std::exchange(m_connection, nullptr)->detach();
}

void HttpCall::pauseTransfer()
{
    if (m_connection)
        m_connection->pauseReading();
}

void HttpCall::resumeTransfer()
{
    if (m_connection)
        m_connection->resumeReading();
}

void HttpCall::exchangeConnected()
{
    reportConnected();
    if (isReadingPaused())
        m_connection->pauseReading();
    m_connection->sendRequest(request());
    setBytesSent(request().body.size());
    releaseRequestData(); // written once and never again: one request per attempt (R-RCPT)
}

void HttpCall::exchangeStarted(int status, const HeaderList &headers)
{
    reportStarted(status, headers);
}

void HttpCall::exchangeBody(const QByteArray &data)
{
    reportBody(data);
}

void HttpCall::exchangeFinished()
{
    m_connection = nullptr;
    reportFinished();
}

void HttpCall::exchangeFailed(FailurePhase phase, const QString &message)
{
    m_connection = nullptr;
    reportFailed(phase, message);
}

} // namespace Gateway
