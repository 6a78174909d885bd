#pragma once

#include "enums.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace Domain {

struct Capabilities
{
    bool tools = false;
    bool structuredOutput = false;
    bool vision = false;
    QStringList webSearchToolVersions; // e.g. "web_search_20250305"

    bool operator==(const Capabilities &) const = default;
};

// Recent probe results of an offering (R-REL-*). total == 0 means "no probes yet" (counts as passing).
struct ProbeResults
{
    int toolsPassed = 0;
    int toolsTotal = 0;
    int structuredPassed = 0;
    int structuredTotal = 0;

    bool operator==(const ProbeResults &) const = default;
};

// One way a Direct model is served.
struct Offering
{
    QString connection;    // Connection::name
    QString upstreamModel; // the id the provider knows it by
    Precision precision = Precision::None;
    Capabilities capabilities;
    bool certified = true;
    ProbeResults probes;

    bool operator==(const Offering &) const = default;
};

struct PoolEntry
{
    QString model; // another model of the workspace
    int weight = 1; // 1..10,000

    bool operator==(const PoolEntry &) const = default;
};

struct Pool
{
    QList<PoolEntry> deployments; // up to 16
    QStringList allowedRegions;   // empty: no restriction

    bool operator==(const Pool &) const = default;
};

// The four recovery settings with their SPEC defaults (R-REC-*).
struct RecoverySettings
{
    int attempts = 3;          // 1..8, including the first
    int deadlineMs = 180000;   // 1..600,000
    int backoffFirstMs = 100;  // ≤ backoffMaxMs
    int backoffMaxMs = 2000;   // ≤ 30,000
    int cooldownMs = 5000;     // 0..120,000

    bool operator==(const RecoverySettings &) const = default;
};

struct Recovery
{
    bool overridden = false;
    RecoverySettings override; // meaningful only when overridden

    RecoverySettings effective() const { return overridden ? override : RecoverySettings{}; }
    bool operator==(const Recovery &) const = default;
};

struct Model
{
    QString name; // "<namespace>/<id>", unique
    Modality modality = Modality::Chat;
    bool enabled = true;
    double inputPricePerMTok = 0.0;  // per 1M input tokens
    double outputPricePerMTok = 0.0; // per 1M output tokens
    int contextWindow = 128000;
    QString servingRegionOverride;   // empty: Default (the connection's region)
    Recovery recovery;
    RouteKind route = RouteKind::Direct;
    Pool pool;                       // used when route == Pool
    QList<Offering> offerings;       // used when route == Direct, in fixed order

    bool isPool() const { return route == RouteKind::Pool; }
    bool operator==(const Model &) const = default;
};

} // namespace Domain
