#pragma once

#include "bounds.h"
#include "enums.h"
#include "sessions.h"

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

// Recent probe results of an offering (R-REL-*). total == 0 means "no probes yet" (counts as
// passing).
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
    QString connection; // Connection::name
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
    QStringList allowedRegions; // empty: no restriction

    bool operator==(const Pool &) const = default;
};

// The recovery settings of SPEC §2 step 5, in its table's order (R-REC-*).
enum class RecoveryField {
    Attempts,
    DeadlineMs,
    BackoffFirstMs,
    BackoffMaxMs,
    CooldownMs,
    ConnectTimeoutMs,
    StreamStartTimeoutMs,
    StreamIdleTimeoutMs,
};
constexpr int kRecoveryFieldCount = 8;

// The recovery settings with their SPEC defaults (R-REC-*, R-REC-9).
struct RecoverySettings
{
    int attempts = 3; // 1..8, including the first
    int deadlineMs = 180000; // 1..600,000
    int backoffFirstMs = 100; // ≤ backoffMaxMs
    int backoffMaxMs = 2000; // ≤ 30,000
    int cooldownMs = 5000; // 0..120,000
    int connectTimeoutMs = 10000; // 100..60,000, every attempt
    int streamStartTimeoutMs = 30000; // 1,000..600,000: no status line on a streaming request
    int streamIdleTimeoutMs = 30000; // 1,000..600,000: no bytes after a 2xx status line

    int value(RecoveryField f) const { return this->*member(f); }
    void setValue(RecoveryField f, int v) { this->*member(f) = v; }
    bool operator==(const RecoverySettings &) const = default;

    static int RecoverySettings::*member(RecoveryField f)
    {
        switch (f) {
        case RecoveryField::Attempts:
            return &RecoverySettings::attempts;
        case RecoveryField::DeadlineMs:
            return &RecoverySettings::deadlineMs;
        case RecoveryField::BackoffFirstMs:
            return &RecoverySettings::backoffFirstMs;
        case RecoveryField::BackoffMaxMs:
            return &RecoverySettings::backoffMaxMs;
        case RecoveryField::CooldownMs:
            return &RecoverySettings::cooldownMs;
        case RecoveryField::ConnectTimeoutMs:
            return &RecoverySettings::connectTimeoutMs;
        case RecoveryField::StreamStartTimeoutMs:
            return &RecoverySettings::streamStartTimeoutMs;
        case RecoveryField::StreamIdleTimeoutMs:
            break;
        }
        return &RecoverySettings::streamIdleTimeoutMs;
    }
};

struct Recovery
{
    bool overridden = false;
    RecoverySettings override; // meaningful only when overridden

    // Default means the workspace's recovery defaults (Workspace::recoveryDefaults, R-REC-9).
    RecoverySettings effective(const RecoverySettings &defaults) const
    {
        return overridden ? override : defaults;
    }
    bool operator==(const Recovery &) const = default;
};

// What tokens cost at prices per 1M tokens, in USD: a call's cost, a hold, a projected saving.
inline double costUsd(qint64 inputTokens, qint64 outputTokens, double inputPricePerMTok,
                      double outputPricePerMTok)
{
    return (double(inputTokens) * inputPricePerMTok + double(outputTokens) * outputPricePerMTok)
        / 1e6;
}

struct Model
{
    QString name; // "<namespace>/<id>", unique
    Modality modality = Modality::Chat;
    bool enabled = true;
    double inputPricePerMTok = 0.0; // per 1M input tokens
    double outputPricePerMTok = 0.0; // per 1M output tokens
    int contextWindow = 128000;
    // Sent as max_tokens when a chat call that names none is served by an Anthropic connection
    // (R-XLAT-2).
    int maxOutputTokens = 4096;
    QString servingRegionOverride; // empty: Default (the connection's region)
    Recovery recovery;
    RouteKind route = RouteKind::Direct;
    Pool pool; // used when route == Pool
    QList<Offering> offerings; // used when route == Direct, in fixed order
    QualityTiers quality; // per task class, for mixed-model sessions

    // The limits of maxOutputTokens: the validator and the studio's editor both read these.
    static constexpr Bounds<int> kMaxOutputTokens { 1, 1000000 };

    bool isPool() const { return route == RouteKind::Pool; }
    bool operator==(const Model &) const = default;
};

} // namespace Domain
