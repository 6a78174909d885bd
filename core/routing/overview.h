#pragma once

#include "domain/fact.h"
#include "domain/workspace.h"

#include <QList>
#include <optional>

namespace Routing {

// The Overview tab's "Routing and health" facts (R-UI-2), the one place that decides them; the
// studio words them ("Weighted across 2 deployments, only in us-east-1.", "Recovery is overridden:
// 5 attempts, …"). In order: overview_model_off for a disabled model, then the route
// (overview_pool_empty, overview_pool(n, regions), overview_direct_empty, overview_direct_one
// (connection), overview_direct(n)), overview_region_override(region) for a Direct model,
// overview_deployment_in(pools) when pools use it, and overview_recovery(overridden, attempts,
// deadline, backoff first, backoff max, cooldown) with the workspace's defaults for Default, its
// causes naming the timeouts that differ from SPEC's (timeoutFacts), and deadline_cannot_fit when
// deadlineProblem finds one.
QList<Domain::Fact> overviewFacts(const Domain::Workspace &ws, const Domain::Model &model);

// The model's recovery cannot fit its deadline when every attempt fails at its timeout
// (deadlinecheck.h): the route explainer's deadline_cannot_fit for a plain call to the model
// without a key, else for a streaming one (longer timeouts); nullopt when both fit or the model
// takes no call. The Overview, the change bar and the explainer show the same fact.
std::optional<Domain::Fact> deadlineProblem(const Domain::Workspace &ws,
                                            const Domain::Model &model);

// The timeouts of `r` that differ from the SPEC defaults (R-REC-9), in the table's order:
// connect_timeout_is(ms), stream_start_timeout_is(ms), stream_idle_timeout_is(ms).
std::vector<Domain::Fact> timeoutFacts(const Domain::RecoverySettings &r);

} // namespace Routing
