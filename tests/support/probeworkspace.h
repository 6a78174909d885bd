#pragma once

#include "domain/workspace.h"

#include <QString>

// The pieces of a workspace that reliability probes run on (R-REL-*): simulator connections that
// answer at once, some of them malformed, and offerings that declare both probed capabilities.
namespace ProbeFixture {

// A simulator connection of provider "simulator": no latency, `malformedRate` of its answers
// unusable (SimulatorSettings::malformedRate), metered or not.
inline Domain::Connection simulator(const QString &name, double malformedRate, bool metered = false)
{
    Domain::Connection c;
    c.name = name;
    c.provider = QStringLiteral("simulator");
    c.kind = Domain::Dialect::Simulator;
    c.metered = metered;
    c.simulator.latencyMs = 0;
    c.simulator.tokensPerSecond = 100000;
    c.simulator.malformedRate = malformedRate;
    return c;
}

// A certified offering on `connection` (upstream "up-<connection>") with tools and structured
// output, so every task of the probe set goes to it.
inline Domain::Offering offering(const QString &connection)
{
    Domain::Offering o;
    o.connection = connection;
    o.upstreamModel = QStringLiteral("up-") + connection;
    o.capabilities.tools = true;
    o.capabilities.structuredOutput = true;
    return o;
}

} // namespace ProbeFixture
