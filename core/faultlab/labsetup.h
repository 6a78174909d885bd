#pragma once

#include "faultlab/faultlab.h"
#include "routing/routeexplainer.h"
#include "simulator/injectedfault.h"
#include "util/result.h"

namespace FaultLab {

// The lab copy of a workspace for one model, and what the routing core plans for it.
struct LabSetup
{
    Domain::Workspace workspace; // simulator connections, scaled recovery, the lab key
    QString model;
    QString keyId;
    QString secret; // the lab key's, known to the lab only
    QList<Relaxation> relaxed;
    Domain::Endpoint endpoint = Domain::Endpoint::ChatCompletions;
    Routing::Explanation plan; // on the lab workspace (Routing::explain)
    int scale = 20;
    int minimumMs = 50;
};

// Error codes: "faultlab.unknownModel" (args: model), "faultlab.noKey" (args: key id or empty),
// "faultlab.refused" (args: status, code): the routing core refuses the lab's request.
Util::Result<LabSetup> makeLab(const Domain::Workspace &workspace, const QString &model,
                               const Options &options);
// A recovery time divided by the scale, floored at minimumMs and at `lowest`.
int scaledMs(int ms, int scale, int minimumMs, int lowest = 0);
// The Retry-After the rate-limited cases send: 3 s before scaling.
int retryAfterMs(const LabSetup &lab);
// The failures the simulator injects for one case: every deployment of the requested model, or the
// first call only (whichever deployment the weighted pick tries first).
QList<Gateway::InjectedFault> faultsFor(const LabSetup &lab, const Case &c);
// The request the lab's caller sends.
QByteArray requestBody(const LabSetup &lab, bool stream);

} // namespace FaultLab
