#pragma once

#include "domain/proberesult.h"
#include "domain/workspace.h"
#include "gateway/gatewaytypes.h"
#include "routing/ratelimiter.h"
#include "routing/spendbook.h"

#include <QObject>
#include <QPointer>

class QThread;

namespace Store {
class ReceiptWriter;
}

namespace Gateway {

class GatewayWorker;
class TimeSource;

// The gateway as the studio and the headless app see it. Lives in the caller's (UI/main) thread and
// owns the worker QThread: the server sockets, upstream clients, timers and call executors are
// created and live there (R-THR-1). Control is by queued calls only; news comes back as coalesced
// signals (statistics and health at most ~10 Hz, finished calls batched per tick).
//
//   Store::ReceiptWriter writer(path); writer.start();
//   Gateway::GatewayService gateway;
//   gateway.setReceiptWriter(&writer);             // receipts go there (the app owns the writer)
//   gateway.start(options, snapshot);              // → started(address) or failed(message)
//   gateway.applyConfig(newSnapshot);              // calls in flight finish on their snapshot
//   gateway.stop();                                // → stopped()
class GatewayService : public QObject
{
    Q_OBJECT
public:
    explicit GatewayService(QObject *parent = nullptr);
    ~GatewayService() override; // ends calls at once (receipts written), then joins the thread

    // Before start(); the writer must outlive the gateway. submit() is called from the gateway
    // thread (it is thread-safe).
    void setReceiptWriter(Store::ReceiptWriter *writer);
    // The time source of every start of this service (before the first start; null: the
    // process's). Tests pass a simulated one and move time instead of waiting for it.
    void setTimeSource(TimeSource *time);
    // Tests: pin the UTC date the gateway routes on (alias deprecation, R-ALIAS-2); applies from
    // the next start(). Same as GatewayOptions::today; an invalid date means the real date.
    void setToday(QDate today) { m_today = today; }
    bool isRunning() const { return m_running; }
    QString address() const { return m_address; }

public Q_SLOTS:
    void start(const Gateway::GatewayOptions &options, Domain::WorkspaceSnapshot config);
    // Graceful: stop accepting, let calls in flight finish within options.shutdownGraceMs, then end
    // the rest with an error; every receipt is submitted before stopped(). Always answered by
    // stopped(), also when the gateway was not running.
    void stop();
    void applyConfig(Domain::WorkspaceSnapshot config);
    // Manual drain / re-enable of a candidate by Routing::Candidate::key() (R-UI-11).
    void drain(const QString &candidateKey);
    void reenable(const QString &candidateKey);
    // What other gateways on the same database did (Runtime::HealthSync): applied to this
    // gateway's cooldown book, where cooldowns only extend, marked shared so that they are not
    // announced again as this gateway's own.
    void applySharedHealth(const QList<Gateway::SharedHealth> &changes);
    // Probes the offerings `request` names (R-REL-*) → probesFinished(), at once and empty when
    // the gateway is not running.
    void runProbes(const Domain::ProbeRequest &request);
    // The last spend the running gateway reported (spendChanged); empty before the first.
    QList<Routing::ScopeSpend> spend() const { return m_spend; }
    // Several gateways on one database (Runtime::SharedLimits, options.leasedBudgets): this
    // instance's budget leases and whether the database answered; the other instances' rate
    // counts; and what this one admitted in each rate window as it last reported it.
    void setBudgetLeases(const QList<Routing::BudgetLease> &leases, bool reachable);
    void setOtherRates(const QList<Routing::RateCount> &others);
    // The runtime lost the database, or has it back (/metrics switchboard_database_available).
    void setDatabaseAvailable(bool available);
    QList<Routing::RateCount> rateCounts() const { return m_rateCounts; }

Q_SIGNALS:
    void started(const QString &address);
    void stopped();
    void failed(const QString &message);
    void statsChanged(const Gateway::LiveStats &stats);
    void healthChanged(const QList<Gateway::HealthEntry> &entries);
    // drain() and reenable() were asked for here (by hand, R-UI-11): news for the other gateways
    // on the same database.
    void drainedByHand(const QString &candidateKey);
    void reenabledByHand(const QString &candidateKey);
    void callFinished(const QString &requestId);
    void probesFinished(const QList<Domain::ProbeResult> &results);
    // Each key's and project's spend and holds in flight while running (R-BILL-3), coalesced.
    void spendChanged(const QList<Routing::ScopeSpend> &spend);

private:
    void ensureThread();
    static void installDispatcher(QThread *thread);
    void handleStarted(const QString &address);
    void handleStopped();
    void handleFailed(const QString &message);
    void handleCallsFinished(const QStringList &ids);

    Store::ReceiptWriter *m_writer = nullptr;
    TimeSource *m_time = nullptr;
    QThread *m_thread = nullptr;
    GatewayWorker *m_worker = nullptr;
    QDate m_today;
    bool m_running = false;
    QString m_address;
    QList<Routing::ScopeSpend> m_spend;
    QList<Routing::RateCount> m_rateCounts;
};

} // namespace Gateway
