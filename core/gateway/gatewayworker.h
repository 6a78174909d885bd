#pragma once

#include "domain/workspace.h"
#include "gateway/adminroutes.h"
#include "gateway/callexecutor.h"
#include "gateway/gatewaymetrics.h"
#include "gateway/gatewaytypes.h"
#include "gateway/heldanswers.h"
#include "gateway/proberunner.h"
#include "gateway/requestintake.h"
#include "gateway/tokencount.h"
#include "net/httpserver.h"
#include "routing/cooldownbook.h"
#include "routing/randomsource.h"
#include "routing/ratelimiter.h"
#include "routing/spendbook.h"

#include <QElapsedTimer>
#include <QObject>
#include <QSet>
#include <QStringList>
#include <memory>

namespace Store {
class ReceiptWriter;
}

namespace Gateway {

class AuthThrottle;
class DeadlineHeap;
class DeadlineWheel;
class HttpTransport;
class SimulatorTransport;

// Everything of a running gateway, living in the gateway thread: the server, the transports, the
// shared cooldown book, the calls in flight and their counters. GatewayService drives it by queued
// calls only; it reports through coalesced signals.
class GatewayWorker : public QObject, private CallOwner, private HttpConnection::RequestSink
{
    Q_OBJECT
public:
    // How long a call waits for its budget hold to be committed before it is refused (R-BILL-3).
    static constexpr qint64 kHoldStoreWaitMs = 2000;

    // time: the gateway's time source for the worker's life (null: the process's).
    explicit GatewayWorker(Store::ReceiptWriter *writer, TimeSource *time = nullptr,
                           QObject *parent = nullptr);
    ~GatewayWorker() override;

    void start(const Gateway::GatewayOptions &options, Domain::WorkspaceSnapshot config);
    // Graceful: stop accepting, let calls finish within the grace period; always ends in stopped().
    void stop();
    void stopNow(); // end every call at once (receipts still written)
    void applyConfig(Domain::WorkspaceSnapshot config);
    void drain(const QString &candidateKey);
    // Probes the offerings `request` names with the shipped probe set (R-REL-*); answered by
    // probesFinished(), also when there was nothing to probe or the gateway is not running.
    void runProbes(const Domain::ProbeRequest &request);
    // Several gateways on one database (Runtime::SharedLimits): this instance's budget leases,
    // and whether the database answered; the other instances' rate counts.
    void setBudgetLeases(const QList<Routing::BudgetLease> &leases, bool reachable);
    void setOtherRates(const QList<Routing::RateCount> &others);
    void setDatabaseAvailable(bool available) { m_metrics.setDatabaseAvailable(available); }
    void reenable(const QString &candidateKey);
    void applySharedHealth(const QList<Gateway::SharedHealth> &changes);

Q_SIGNALS:
    void started(const QString &address);
    void failed(const QString &message);
    void stopped();
    void statsChanged(const Gateway::LiveStats &stats);
    void healthChanged(const QList<Gateway::HealthEntry> &entries);
    void callsFinished(const QStringList &requestIds);
    void probesFinished(const QList<Domain::ProbeResult> &results);
    // Each key's and project's spend and holds (R-BILL-3), coalesced with the live figures.
    void spendChanged(const QList<Routing::ScopeSpend> &spend);
    // While budgets are leased: what this instance admitted in each rate window, with the live
    // figures.
    void rateCountsChanged(const QList<Routing::RateCount> &counts);

private:
    void takeRequest(HttpConnection *connection, const HttpRequest &request) override;
    void handleCall(HttpConnection *connection, const HttpRequest &request,
                    Domain::Endpoint endpoint, const Domain::Key &key);
    void countTokens(HttpConnection *connection, const HttpRequest &request,
                     const Domain::Key &key);
    void rejectCall(HttpConnection *connection, const HttpRequest &request,
                    Domain::Endpoint endpoint, const Domain::Key &key, const IntakeError &error);
    // The receipt's ticket from the writer (0: none).
    quint64 handleCallFinished(CallExecutor *executor, Domain::CallRecord &&record,
                               const Routing::RouterStats &stats);
    bool strictReceipts() const;
    void updatePromptCommits();
    void releaseCommitted(quint64 through);
    void releaseHeldAtStop();
    // CallOwner
    void callFinished(CallExecutor *call, Domain::CallRecord &&record,
                      const Routing::RouterStats &stats) override;
    void callStreamPaused() override;
    HoldStore storeHold(CallExecutor *call, const Routing::BudgetHold &hold,
                        const QString &requestId, qint64 startedAtMs) override;
    void expireHoldWaiters();
    void publishSpend();
    void deleteFinishedCalls();
    void answer(HttpConnection *connection, const QByteArray &path, int status, const QString &code,
                const QString &message, int retryAfterSeconds = 0);
    void refuseBadKey(HttpConnection *connection, const QByteArray &path, const Util::Error &error);
    LiveStats liveStats() const; // the figures now, but for calls per second
    void publish();
    void warnAboutCredentialFiles() const; // credential files others can read (R-SEC-3)
    // No caller's call and no probe in flight: what a stop waits for.
    bool isIdle() const { return m_calls.isEmpty() && !(m_probes && m_probes->busy()); }
    void finishStop();
    QList<HealthEntry> health() const;

    Store::ReceiptWriter *m_writer;
    TimeSource *m_time;
    GatewayOptions m_options;
    Domain::WorkspaceSnapshot m_config;
    std::unique_ptr<DatedClock> m_clock;
    std::unique_ptr<Routing::SeededRandom> m_random;
    std::unique_ptr<AuthThrottle> m_authThrottle; // bad caller keys per peer address
    Routing::CooldownBook m_cooldowns;
    Routing::RouteCache m_routes { m_cooldowns };
    // The thread's coarse deadlines: connection idle and request timeouts, and every upstream
    // call's connect, first-byte and stream-idle timeouts, on one timer.
    DeadlineWheel *m_wheel = nullptr;
    // The calls' exact deadlines and waits (R-REC-5, R-REC-7), on one timer.
    DeadlineHeap *m_deadlines = nullptr;
    HttpServer *m_server = nullptr;
    HttpTransport *m_network = nullptr;
    SimulatorTransport *m_simulator = nullptr;
    QSet<CallExecutor *> m_calls; // in flight; the worker owns them
    QSet<TokenCount *> m_tokenCounts; // POST /v1/messages/count_tokens in flight; owned
    std::unique_ptr<ProbeRunner> m_probes; // made at the first run
    HeldAnswers m_held; // strict receipts: answers waiting for their receipt's commit
    // Finished, deleted together in the next turn of the loop: one posted event for all the calls
    // that finished in a turn, instead of a deleteLater() each.
    std::vector<CallExecutor *> m_finishedCalls;
    GatewayMetrics m_metrics;
    // Budgets and rate limits of keys and projects (R-BILL-3, R-BILL-4), and the calls whose
    // first attempt waits for its hold to be committed, by the hold's ticket.
    Routing::SpendBook m_spend;
    Routing::RateLimiter m_rates;
    struct HoldWaiter
    {
        quint64 ticket = 0;
        CallExecutor *call = nullptr;
        qint64 sinceMs = 0; // m_holdClock's
    };
    std::vector<HoldWaiter> m_holdWaiters;
    // Real time, whatever the gateway's clock: the writer's commits are real. The last time the
    // writer's committedThrough() moved, and where it was.
    QElapsedTimer m_holdClock;
    qint64 m_commitMovedMs = 0;
    quint64 m_committed = 0;
    // Mixed-model sessions: the classification, suggestions and Suggest mode's sessions.
    std::unique_ptr<Sessions::Advisor> m_sessions;
    QList<Routing::ScopeSpend> m_lastSpend;
    bool m_spendChanged = false;
    bool m_spendReported = false; // since start(): the first report goes out even when empty
    AdminRoutes m_admin;
    Timer m_publishTimer; // the studio's refresh rate: on the process's clock, not gateway time
    Timer m_graceTimer;
    QStringList m_finishedIds;
    LiveStats m_lastStats;
    QList<HealthEntry> m_lastHealth;
    qint64 m_callsAtLastPublish = 0;
    qint64 m_lastPublishMs = 0;
    bool m_stopping = false;
    bool m_stopped = true; // not serving: never started, or stopped() was emitted
};

} // namespace Gateway
