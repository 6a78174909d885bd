#include "gateway/tokencount.h"

#include "config/receiptjson.h"
#include "gateway/dialect.h"
#include "gateway/errorshape.h"
#include "gateway/requestintake.h"
#include "routing/callrouter.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace Gateway {

TokenCount::TokenCount(HttpConnection *connection, Done done)
    : m_connection(connection)
    , m_done(std::move(done))
{
}

TokenCount::~TokenCount()
{
    if (m_call)
        m_call->setReceiver(nullptr);
}

void TokenCount::start(const HttpRequest &request, const Domain::Key &key,
                       const Domain::WorkspaceSnapshot &ws, Routing::CooldownBook &cooldowns,
                       const Util::Clock &clock, Routing::RandomSource &random,
                       UpstreamTransport &network, UpstreamTransport &simulator)
{
    std::variant<CallInput, IntakeError> parsed
        = parseCall(request, Domain::Endpoint::Messages, key);
    if (const IntakeError *error = std::get_if<IntakeError>(&parsed))
        return refuse(error->status, error->code, error->message);
    CallInput &in = std::get<CallInput>(parsed);
    // A count has no max_tokens and never streams: only the model and its route are judged.
    in.summary.requiredFields.reset();
    in.summary.stream = false;
    Routing::CallRouter router(ws, std::move(in.summary), cooldowns, clock, random);
    const Routing::Decision decision = router.start();
    if (decision.kind == Routing::Decision::Kind::Stop)
        return refuse(decision.error.httpStatus, decision.error.code(), decision.error.message());
    // On /v1/messages, a candidate served without translation speaks messages itself.
    const QList<Routing::Candidate> &candidates = router.requestedPlan().candidates;
    const auto it = std::find_if(candidates.begin(), candidates.end(), [](const auto &c) {
        return c.translation == Domain::ApiTranslation::None && c.connectionIndex >= 0;
    });
    if (it == candidates.end()) {
        const Domain::CallError unmet { Domain::CallErrorCode::RouteConstraintsUnmet, {}, {} };
        return refuse(400, unmet.codeText(),
                      u"No eligible deployment of \"%1\" speaks the messages API, which counts "
                      "tokens."_s.arg(router.alias().model));
    }
    const Domain::Connection &connection = ws->connections.at(it->connectionIndex);
    QJsonObject body = QJsonDocument::fromJson(in.bodyBytes).object();
    body.remove(u"stream"_s);
    Util::Result<UpstreamRequest> built
        = buildUpstreamRequest(connection, it->upstreamModel, Domain::Endpoint::Messages,
                               std::move(body), router.directives());
    if (!built)
        return refuse(503, u"no_healthy_route"_s, built.error().message);
    UpstreamRequest r = *built;
    r.url.setPath(r.url.path() + u"/count_tokens"_s);
    if (!r.target.isEmpty())
        r.target = originFormTarget(r.url);
    r.stream = false;
    m_credential = r.credential;
    m_servedBy = connection.name.toUtf8();
    UpstreamTransport &transport
        = connection.kind == Domain::Dialect::Simulator ? simulator : network;
    m_call = transport.send(r);
    m_call->setReceiver(this);
}

void TokenCount::cancel()
{
    if (m_call)
        m_call->abort();
    refuse(503, u"shutting_down"_s, u"The gateway is stopping."_s);
}

void TokenCount::upstreamStarted(int status, const HeaderList &)
{
    m_status = status;
}

void TokenCount::upstreamBody(const QByteArray &data)
{
    m_body += data;
}

void TokenCount::upstreamFinished()
{
    if (m_finished)
        return;
    if (!m_connection)
        return finish(0);
    // Relayed as it came, but an error may echo the credential it was sent (R-SEC-3).
    QByteArray body = m_body;
    if (m_credential.size() >= 4)
        body.replace(m_credential, QByteArrayLiteral("[redacted]"));
    HttpResponse response;
    response.status = m_status;
    response.headers = callHeaders(ApiShape::Anthropic, newRequestId().toLatin1(), 1, 1);
    response.headers.emplaceBack(QByteArrayLiteral("x-gateway-served-by"), m_servedBy);
    response.body = Config::scrubSecrets(QString::fromUtf8(body)).toUtf8();
    m_connection->respond(response);
    finish(m_status);
}

void TokenCount::upstreamFailed(FailurePhase, const QString &)
{
    const Domain::CallError error { Domain::CallErrorCode::NoHealthyRoute, {}, {} };
    refuse(503, error.codeText(), error.message());
}

void TokenCount::refuse(int status, const QString &code, const QString &message)
{
    if (m_finished)
        return;
    if (!m_connection)
        return finish(0);
    m_connection->respond(refusal(ApiShape::Anthropic, status, code, message));
    finish(status);
}

void TokenCount::finish(int status)
{
    m_finished = true;
    if (m_done)
        m_done(this, status);
}

} // namespace Gateway
