#pragma once

#include "domain/enums.h"
#include "sessionstats.h"
#include "util/result.h"

#include <QDateTime>
#include <QList>
#include <QMap>
#include <QString>

namespace Store {

class Database;

// Which calls a statistic counts; empty = all.
struct StatsFilter
{
    QString model; // matches modelAsked, modelResolved or modelServed, as in the Calls view
    QString connection; // servedBy
    QString instance; // the gateway instance that stored the call (several on one database)

    bool operator==(const StatsFilter &) const = default;
};

// The calls that started in [start, start + bucket length).
struct StatsBucket
{
    QDateTime start; // UTC
    qint64 calls = 0;
    qint64 failed = 0; // status class "failed"; the others were served
    // Failed calls by the class of their last failure.
    QMap<Domain::ErrorClass, qint64> errors;
    double attemptsPerCall = 0.0; // mean; 0 without calls
    // Nearest-rank latency percentiles (ms) of the bucket's calls; 0 without calls.
    qint64 p50 = 0;
    qint64 p95 = 0;
    qint64 p99 = 0;
    double cost = 0.0; // the calls' served attempts, from their usage
    // The attempts that did not serve a call: the holds they kept (they may have billed,
    // R-BILL-2) and the time they added (their latency and the wait before the next attempt).
    double failureCost = 0.0;
    qint64 failureMs = 0;

    bool operator==(const StatsBucket &) const = default;
};

// The calls of one endpoint in a window (the Dashboard's "by endpoint").
struct EndpointStats
{
    Domain::Endpoint endpoint = Domain::Endpoint::ChatCompletions;
    qint64 calls = 0;
    qint64 failed = 0; // status class "failed"
    qint64 p50 = 0; // nearest-rank median latency (ms); 0 without calls

    bool operator==(const EndpointStats &) const = default;
};

// The calls of one kind that is not caller traffic (probes, rehearsals) in a window, and what
// they cost: the Dashboard counts them apart from the callers' calls.
struct KindStats
{
    Domain::CallKind kind = Domain::CallKind::Probe;
    qint64 calls = 0;
    double cost = 0.0;

    bool operator==(const KindStats &) const = default;
};

// What the attempts that did not serve a call cost and added on one deployment in a window (the
// Dashboard's cost of failure): the holds they kept, which may have billed (R-BILL-2), and their
// time, each with the wait before the attempt after it.
struct DeploymentFailures
{
    QString connection;
    QString upstreamModel; // the deployment's model when the attempt names no upstream model
    qint64 failedAttempts = 0;
    qint64 retried = 0; // followed by another attempt of the same model
    qint64 fellBack = 0; // followed by an attempt of another (fallback) model
    double mayHaveBilled = 0.0; // the holds they kept
    qint64 addedMs = 0;
    qint64 calls = 0; // the calls with at least one of them

    bool operator==(const DeploymentFailures &) const = default;
};

// Time-bucketed aggregates of receipts for the dashboard (R-UI-7). Everything is computed in SQL
// over the started_at index, bounded by the window: never the whole table. The failed attempts,
// stored as JSON in their receipt, are read back only for the window's receipts that can have one
// (more than one attempt, or failed). Buckets, endpoints and failures count callers' calls only
// (kind "call"); probes and rehearsals are counted by notCallerTraffic().
class ReceiptStats
{
public:
    static constexpr qint64 kMaxWindowMs = 24LL * 60 * 60 * 1000;
    static constexpr int kMaxBuckets = 1440;

    explicit ReceiptStats(Database &db);

    // Every bucket of [from, from + count × bucketMs), empty ones included, oldest first.
    // Errors: "stats.window" for a window longer than kMaxWindowMs, too many buckets or a bucket
    // that is not positive; "stats.read" when SQLite fails.
    Util::Result<QList<StatsBucket>> buckets(const QDateTime &from, qint64 bucketMs, int count,
                                             const StatsFilter &filter = {}) const;

    // Every endpoint's calls in [from, from + windowMs), in a fixed order (chat completions,
    // responses, messages, embeddings), those without calls included. Same errors as buckets().
    Util::Result<QList<EndpointStats>> byEndpoint(const QDateTime &from, qint64 windowMs,
                                                  const StatsFilter &filter = {}) const;

    // The deployments whose attempts failed calls of [from, from + windowMs), by the money
    // they may have billed, then the time they added, then name. Same errors as buckets().
    Util::Result<QList<DeploymentFailures>>
    failuresByDeployment(const QDateTime &from, qint64 windowMs,
                         const StatsFilter &filter = {}) const;

    // The probes' and rehearsals' calls and cost in [from, from + windowMs), one entry per kind
    // that had any, in the order of their wire names. Same errors as buckets().
    Util::Result<QList<KindStats>> notCallerTraffic(const QDateTime &from, qint64 windowMs,
                                                    const StatsFilter &filter = {}) const;

    // The mixed-model session figures of each key with classified calls in [from, from +
    // windowMs), by key id; its days are the UTC days the window touches. Callers' calls only.
    // Errors: "stats.window" for a window longer than kMaxSessionWindowMs; "stats.read".
    static constexpr qint64 kMaxSessionWindowMs = 400LL * 24 * 60 * 60 * 1000;
    Util::Result<QList<KeySessionStats>> sessionsByKey(const QDateTime &from,
                                                       qint64 windowMs) const;

private:
    Database &m_db;
};

} // namespace Store
