#pragma once

#include "domain/workspace.h"
#include "net/httpconnection.h"
#include "net/upstreamtransport.h"
#include "routing/cooldownbook.h"
#include "routing/randomsource.h"
#include "util/clock.h"

#include <QPointer>
#include <functional>
#include <memory>

namespace Gateway {

// POST /v1/messages/count_tokens (R-RESP-5): the caller's body goes to the first eligible
// candidate of its model that speaks messages (an `anthropic` connection, or the simulator), and
// that candidate's answer is relayed as it came. One request: no attempt budget, no retry, no
// receipt; the worker counts it in /metrics.
class TokenCount final : private UpstreamCall::Receiver
{
public:
    // Called once with the status the caller was answered with (0: the caller had gone).
    using Done = std::function<void(TokenCount *, int status)>;

    TokenCount(HttpConnection *connection, Done done);
    ~TokenCount();

    // Plans the call's route and sends the request, or answers the caller at once (the refusal
    // of a call on /v1/messages, or 400 route_constraints_unmet when no candidate speaks
    // messages). `done` may run before this returns.
    void start(const HttpRequest &request, const Domain::Key &key,
               const Domain::WorkspaceSnapshot &ws, Routing::CooldownBook &cooldowns,
               const Util::Clock &clock, Routing::RandomSource &random, UpstreamTransport &network,
               UpstreamTransport &simulator);
    // The gateway is stopping: 503, and the upstream request is dropped.
    void cancel();

private:
    void upstreamStarted(int status, const HeaderList &headers) override;
    void upstreamBody(const QByteArray &data) override;
    void upstreamFinished() override;
    void upstreamFailed(FailurePhase phase, const QString &message) override;
    void refuse(int status, const QString &code, const QString &message);
    void finish(int status);

    QPointer<HttpConnection> m_connection;
    Done m_done;
    std::unique_ptr<UpstreamCall> m_call;
    QByteArray m_credential;
    QByteArray m_servedBy; // the connection's name
    int m_status = 0;
    QByteArray m_body;
    bool m_finished = false;
};

} // namespace Gateway
