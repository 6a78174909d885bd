#pragma once

#include "domain/connection.h"

#include <QList>
#include <QString>

namespace Gateway {

// A failure the simulator injects for one (connection, upstream model) before its random ones (the
// fault lab): a connection shared with another model then fails only for the targeted deployment.
struct InjectedFault
{
    QString connection; // empty: any
    QString upstreamModel; // empty: any
    Domain::SimulatedFailure kind = Domain::SimulatedFailure::Unavailable;
    // RateLimited: > 0 sends retry-after-ms and retry-after rounded up to seconds; else the
    // connection's retryAfterSeconds.
    int retryAfterMs = 0;
    int cutAfterEvents = 3; // StreamCut
    int times = -1; // -1: every matching call; n: only the first n matching calls

    bool operator==(const InjectedFault &) const = default;
};

} // namespace Gateway
