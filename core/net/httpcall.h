#pragma once

#include "net/upstreamconnection.h"
#include "net/upstreamtransport.h"

namespace Gateway {

// One attempt of HttpTransport: binds an UpstreamCall to the connection that carries it. The
// connection belongs to the transport's pool; the call only borrows it for one exchange.
class HttpCall : public UpstreamCall, private UpstreamConnection::Exchange
{
public:
    HttpCall(const UpstreamRequest &request, DeadlineWheel *wheel);
    ~HttpCall() override;

    // A new connection: it connects, then the request is written.
    void startOn(UpstreamConnection *connection);
    // An idle pooled connection; false (nothing written) when it proved dead.
    bool reuse(UpstreamConnection *connection);
    // Fails in the next turn of the event loop (the caller connects to the signals after send()).
    void failSoon(FailurePhase phase, const QString &message);

protected:
    void abortTransfer() override;
    void pauseTransfer() override;
    void resumeTransfer() override;

private:
    void exchangeConnected() override;
    void exchangeStarted(int status, const HeaderList &headers) override;
    void exchangeBody(const QByteArray &data) override;
    void exchangeFinished() override;
    void exchangeFailed(FailurePhase phase, const QString &message) override;
    void exchangeDropped() override { m_connection = nullptr; }

    // Null once the exchange ended or the connection dropped it (exchangeDropped(): at shutdown
    // the transport, and with it its connections, may go first).
    UpstreamConnection *m_connection = nullptr;
    // The context of failSoon()'s queued report: dropped with the call, and only made on that path.
    std::unique_ptr<QObject> m_soon;
};

} // namespace Gateway
