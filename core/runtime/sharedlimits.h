#pragma once

#include "domain/workspace.h"
#include "routing/ratelimiter.h"
#include "routing/spendbook.h"
#include "util/result.h"

#include <QHash>
#include <QObject>
#include <QString>
#include <memory>

class QTimer;

namespace Gateway {
class GatewayService;
class TimeSource;
} // namespace Gateway
namespace Store {
class BudgetLeaseStore;
class Database;
} // namespace Store

namespace Runtime {

// Budgets and rate limits shared by several gateways on one database (R-BILL-3, R-BILL-4), on
// the main thread with a connection of its own: the gateway thread decides each call from its own
// books and never waits for the database.
//
// Budgets: each instance holds and charges only within what it leased (Store::BudgetLeaseStore),
// and every instance's leases together never exceed a budget. Every sync grows a lease whose room
// left (granted minus charged and held) fell under half its step, the step being a tenth of the
// budget or twice the largest hold seen, whichever is more; the writer takes each charge out of
// the lease as it commits it. Room beyond two steps (holds that settled for less) is given back
// down to one step, once the gateway reports admitting within the lowered lease; release() gives
// the rest back at the end. While the database
// does not answer, the gateway refuses calls of keys and projects with a budget as
// budget_unavailable (503) and serves the others.
//
// Rate limits: every sync publishes what this instance admitted in each window and gives the
// gateway what the others last published, so the instances together admit at most a limit plus
// what the others admitted between two of their syncs and this one's (up to two sync intervals
// and the gateway's publication interval: about 0.6 s of their traffic).
class SharedLimits : public QObject
{
    Q_OBJECT
public:
    static constexpr int kSyncIntervalMs = 250;
    // An instance that has not published for this long (stopped, or lost the database) counts no
    // more against the others' rate limits.
    static constexpr qint64 kRatesFreshMs = 5000;
    static constexpr double kLeaseShare = 0.1;
    // While PostgreSQL stays away, a reconnect is tried at most once in this many syncs.
    static constexpr int kMaxReconnectBackoff = 8;

    // time: the gateway's time source (null: the process's), for the budgets' UTC periods.
    SharedLimits(Gateway::GatewayService *gateway, Gateway::TimeSource *time = nullptr,
                 QObject *parent = nullptr);
    ~SharedLimits() override;

    // Opens its own connection to `location` as `instance` and gives back the leases a previous
    // run of this instance left (call it once that run's receipts are all written). When it
    // fails, sync() tries again, and the gateway refuses calls with a budget meanwhile.
    Util::Status open(const QString &location, const QString &instance);
    void setWorkspace(Domain::WorkspaceSnapshot config);
    // Syncs at once, then every interval (0: only when sync() is called, as tests do).
    void start(int intervalMs = kSyncIntervalMs);
    void sync();
    // Gives every lease of this instance back; after the gateway stopped and its receipts were
    // written. Stops syncing.
    void release();
    bool reachable() const { return m_reachable; }
    QList<Routing::BudgetLease> leases() const { return m_leases; }

Q_SIGNALS:
    void reachableChanged(bool reachable);

private:
    struct Grant
    {
        double granted = 0; // what the database holds as this run's, charges included
        bool exhausted = false;
        double shrinkTo = -1; // a lowered lease the gateway was given, not yet given back
    };
    bool syncBudgets(qint64 nowUtcMs);
    bool syncRates(qint64 nowUtcMs);
    void setReachable(bool reachable);

    Gateway::GatewayService *m_gateway;
    Gateway::TimeSource *m_time;
    QString m_location;
    QString m_instance;
    std::unique_ptr<Store::Database> m_db;
    std::unique_ptr<Store::BudgetLeaseStore> m_store;
    Domain::WorkspaceSnapshot m_config;
    QTimer *m_timer;
    // What this run was granted, by "scope/id/period".
    QHash<QString, Grant> m_grants;
    QList<Routing::BudgetLease> m_leases;
    qint64 m_day = -1; // the periods of m_grants
    bool m_reachable = true;
    bool m_failed = false; // the last sync failed: reconnect first
    qint64 m_ratesAtMs = -1; // UTC ms of the last sync that read the others' counts
    int m_reconnectBackoff = 0; // syncs between reconnect attempts, doubling
    int m_reconnectWait = 0;
    bool m_restarting = false; // the gateway stopped; its next start begins its books afresh
};

} // namespace Runtime
