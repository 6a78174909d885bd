#include "overview.h"

#include "routeexplainer.h"

namespace Routing {
namespace {

using Domain::FactCode;

Domain::Fact routeFact(const Domain::Model &m)
{
    if (m.isPool()) {
        const qsizetype n = m.pool.deployments.size();
        if (n == 0)
            return Domain::fact(FactCode::OverviewPoolEmpty);
        return Domain::fact(FactCode::OverviewPool, { qint64(n), m.pool.allowedRegions });
    }
    const qsizetype n = m.offerings.size();
    if (n == 0)
        return Domain::fact(FactCode::OverviewDirectEmpty);
    if (n == 1)
        return Domain::fact(FactCode::OverviewDirectOne, { m.offerings.front().connection });
    return Domain::fact(FactCode::OverviewDirect, { qint64(n) });
}

} // namespace

std::optional<Domain::Fact> deadlineProblem(const Domain::Workspace &ws, const Domain::Model &model)
{
    RequestSummary r;
    r.model = model.name;
    r.modality = model.modality;
    const bool chat = model.modality == Domain::Modality::Chat;
    r.endpoint = chat ? Domain::Endpoint::ChatCompletions : Domain::Endpoint::Embeddings;
    for (const bool stream : { false, true }) {
        if (stream && !chat)
            break;
        r.stream = stream;
        const Explanation e = explain(ws, r, nullptr, 0, QDate());
        if (e.deadlineWarning)
            return e.deadlineFact;
    }
    return std::nullopt;
}

std::vector<Domain::Fact> timeoutFacts(const Domain::RecoverySettings &r)
{
    const Domain::RecoverySettings spec;
    std::vector<Domain::Fact> out;
    if (r.connectTimeoutMs != spec.connectTimeoutMs)
        out.push_back(Domain::fact(FactCode::ConnectTimeoutIs, { r.connectTimeoutMs }));
    if (r.streamStartTimeoutMs != spec.streamStartTimeoutMs)
        out.push_back(Domain::fact(FactCode::StreamStartTimeoutIs, { r.streamStartTimeoutMs }));
    if (r.streamIdleTimeoutMs != spec.streamIdleTimeoutMs)
        out.push_back(Domain::fact(FactCode::StreamIdleTimeoutIs, { r.streamIdleTimeoutMs }));
    return out;
}

QList<Domain::Fact> overviewFacts(const Domain::Workspace &ws, const Domain::Model &model)
{
    QList<Domain::Fact> out;
    if (!model.enabled)
        out << Domain::fact(FactCode::OverviewModelOff);
    out << routeFact(model);
    if (!model.isPool() && !model.servingRegionOverride.isEmpty())
        out << Domain::fact(FactCode::OverviewRegionOverride, { model.servingRegionOverride });
    if (const QStringList pools = ws.poolsUsing(model.name); !pools.isEmpty())
        out << Domain::fact(FactCode::OverviewDeploymentIn, { pools });
    const Domain::RecoverySettings r = ws.recovery(model);
    out << Domain::fact(FactCode::OverviewRecovery,
                        { qint64(model.recovery.overridden ? 1 : 0), qint64(r.attempts),
                          qint64(r.deadlineMs), qint64(r.backoffFirstMs), qint64(r.backoffMaxMs),
                          qint64(r.cooldownMs) },
                        timeoutFacts(r));
    if (const auto problem = deadlineProblem(ws, model))
        out << *problem;
    return out;
}

} // namespace Routing
