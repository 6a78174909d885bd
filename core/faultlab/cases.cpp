#include "faultlab/faultlab.h"

namespace FaultLab {

QList<Case> casesFor(const Domain::Workspace &workspace, const QString &model)
{
    const Domain::Model *m = workspace.model(model);
    if (!m)
        return {};
    using F = Domain::SimulatedFailure;
    const QList<F> kinds { F::RateLimited,      F::ServerError,       F::Unavailable,
                           F::Overloaded,       F::ConnectionRefused, F::TimeoutBeforeStatus,
                           F::DropBeforeAnswer, F::StreamCut,         F::Stall,
                           F::UndecodableBody,  F::ContentRefusal };
    QList<Case> cases;
    for (F kind : kinds) {
        cases.append({ kind, false, Scope::EveryDeployment });
        cases.append({ kind, true, Scope::EveryDeployment });
    }
    if (m->isPool() && m->pool.deployments.size() >= 2) {
        cases.append({ F::Unavailable, false, Scope::FirstTried });
        cases.append({ F::Unavailable, true, Scope::FirstTried });
    }
    return cases;
}

} // namespace FaultLab
