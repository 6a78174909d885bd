#pragma once

#include "domain/workspace.h"
#include "gateway/gatewaytypes.h"
#include "util/progress.h"
#include "util/result.h"

#include <QObject>
#include <QString>
#include <memory>
#include <optional>

class QTimer;

namespace Gateway {
class GatewayService;
class TimeSource;
} // namespace Gateway
namespace Store {
class ConfigStore;
class Database;
class ReceiptWriter;
} // namespace Store

namespace Runtime {

class HealthSync;
class SharedLimits;
class ListingRefresher;
class ProbeScheduler;
class Operations;

// The GUI-free life of a Switchboard process, shared by the studio and switchboard-gateway
// (qBittorrent's Application without widgets): it opens the store, loads the workspace (creating
// the demo workspace on an empty database), starts the receipt writer and then the gateway, and
// shuts them down in reverse order. The front ends only add options and their own faces.
//
//   Runtime::Runtime runtime;
//   runtime.open(path, u"switchboard-gateway"_s);  // store + workspace (or the demo)
//   runtime.demoKey();                             // the front end shows it, this once
//   runtime.start(options);                        // writer, then gateway → gateway()->started()
//   runtime.shutdown();                            // → shutdownFinished(): every receipt committed
//
// Lives in the main thread; the writer and the gateway own their threads.
class Runtime : public QObject
{
    Q_OBJECT
public:
    explicit Runtime(QObject *parent = nullptr);
    // Without a finished shutdown() the gateway ends its calls at once and every receipt is still
    // written, blocking for as long as that takes.
    ~Runtime() override;

    // Opens (creating and migrating) the database and loads the latest saved workspace; an empty
    // database gets the demo workspace and a new demo caller key, saved as a version by `author`.
    // A migration of an older file reports its receipts to `progress` (and stops when it says so).
    Util::Status open(const QString &databasePath, const QString &author,
                      const Util::Progress &progress = {});
    // Starts the receipt writer, then the gateway on the loaded workspace; the gateway answers
    // asynchronously through gateway()->started() or failed(). An error when the writer cannot
    // start (then nothing serves).
    Util::Status start(const Gateway::GatewayOptions &options);
    // Asynchronous and ordered: the gateway stops accepting, lets calls in flight finish within its
    // grace period (then ends the rest, each with its receipt), and submits every receipt; then the
    // writer commits them all and stops. Ends with shutdownFinished(), also when nothing was
    // started. A second call does nothing.
    void shutdown();
    bool isShutDown() const { return m_phase == Phase::ShutDown; }

    QString databasePath() const { return m_path; }
    Store::Database *database() const;
    Store::ConfigStore *configStore() const;
    // The store's operations (import, export, keys) on the open database.
    Operations *operations() const { return m_ops.get(); }
    // The workspace loaded by open() or the last reload().
    const Domain::Workspace &workspace() const { return m_workspace; }
    int version() const { return m_version; }
    // The caller key made for the demo workspace by open(), if it made one (only its hash is
    // saved): a first run. The front ends word it, with where the database is.
    QString demoKey() const { return m_demoKey; }

    // Another process may have saved a newer version (import, keys, a studio on the same file).
    bool hasNewerVersion() const;
    // Loads the latest saved version and hands it to the gateway (calls in flight finish on their
    // snapshot), then versionLoaded(). Returns the version now running; on an error the running
    // one stays.
    Util::Result<int> reload();
    // From open() on, versions saved by other processes (a studio, `import`, another gateway on a
    // shared database) are reloaded: at once when PostgreSQL announces them (LISTEN), and by a
    // poll every `ms` on either engine, which also notices a lost connection and reconnects (and
    // so listens again). 0 stops the poll (the announcement alone).
    void setVersionPollInterval(int ms);
    static constexpr int kVersionPollMs = 1000;
    // False from a failed read of the database until a reconnect succeeds; the gateway serves the
    // last loaded version meanwhile.
    bool isDatabaseAvailable() const { return m_databaseAvailable; }
    // A version this process saved itself (the studio's): current without reading it back.
    void adoptSaved(const Domain::Workspace &ws, int version);

    Store::ReceiptWriter *receiptWriter() const { return m_writer.get(); }
    Gateway::GatewayService *gateway() const { return m_gateway.get(); }

    // Provider listings (docs/listings.md): fetched from start() on, every
    // listingRefreshMinutes of the running workspace, and on refreshListings(). Every snapshot the
    // gateway gets carries each listed provider's effective facts. Null before open().
    ListingRefresher *listings() const { return m_listings.get(); }
    // Reliability probes (docs/probes.md): scheduled from start() on, run now on request; their
    // recent pass counts are in every snapshot the gateway gets (withListings()).
    ProbeScheduler *probes() const { return m_probes.get(); }
    // The gateway's cooldowns and drains shared with the other gateways on the database (table
    // candidate_health), from start() on under instance(). Null before start().
    HealthSync *healthSync() const { return m_health.get(); }
    void refreshListings();
    // `config` as the gateway runs it: with the listings' effective facts and the offerings' recent
    // probe pass counts.
    Domain::WorkspaceSnapshot withListings(const Domain::Workspace &config) const;
    // What keys and projects spent this UTC day and month, for a gateway about to start (none
    // runs): the receipts written first, then holds a killed run left charged in full (R-BILL-3).
    QList<Domain::SettledSpend> spendAtStart();
    // Before start(): a private gateway for the gateway's own calls (`switchboard-gateway probe`,
    // beside a serving one on the same database) keeps no budgets, and leaves the holds in the
    // store alone: they may be the serving gateway's calls in flight.
    void setKeepsBudgets(bool keeps) { m_keepsBudgets = keeps; }
    // Before start(): budgets leased and rate limits shared with the other gateways on the
    // database (SharedLimits). On by default on PostgreSQL; off by default on an SQLite file,
    // where one gateway keeps today's budgets in memory alone.
    void setSharesLimits(bool shares) { m_sharesLimits = shares; }
    bool sharesLimits() const;
    // From start() on while limits are shared; null otherwise.
    SharedLimits *sharedLimits() const { return m_shared.get(); }
    // A newly saved workspace (the studio's): the listings follow its providers and the gateway
    // gets it with their facts.
    void publish(Domain::WorkspaceSnapshot config);
    // The time source of the listings' schedule and ages; before open() (tests).
    void setTimeSource(Gateway::TimeSource *time) { m_time = time; }
    // The name of this gateway instance, stored on each of its receipts and shown by /metrics, so
    // that several gateways on one database tell theirs apart. Before start(); default
    // defaultInstance(). An error (and the name unchanged) unless checkInstanceName() accepts it.
    Util::Status setInstance(const QString &name);
    QString instance() const { return m_instance; }
    // The machine's host name (cut to kMaxInstanceLength; "localhost" when it has none).
    static QString defaultInstance();
    // 1 to kMaxInstanceLength printable characters.
    static Util::Status checkInstanceName(const QString &name);
    static constexpr int kMaxInstanceLength = 64;

Q_SIGNALS:
    // The ordered shutdown is done. `complete` is false when receipts could not be written (each
    // such loss was logged on sb.runtime and sb.store).
    void shutdownFinished(bool complete);
    // reload() made `version` current (asked for, or saved elsewhere and noticed).
    void versionLoaded(int version);
    // The database was lost (a read failed) or is back (reconnected); each logged once.
    void databaseAvailabilityChanged(bool available);

private:
    enum class Phase { Closed, Open, Started, ShuttingDown, ShutDown };

    void finishShutdown();
    Util::Status claimInstance();
    void republish();
    void watchVersions();
    void checkVersion();
    void pollVersion();
    void setDatabaseAvailable(bool available);

    Phase m_phase = Phase::Closed;
    QString m_path;
    std::unique_ptr<Operations> m_ops;
    Domain::Workspace m_workspace;
    int m_version = 0;
    QString m_demoKey;
    bool m_keepsBudgets = true;
    QString m_instance = defaultInstance();
    std::unique_ptr<Store::ReceiptWriter> m_writer;
    std::unique_ptr<Gateway::GatewayService> m_gateway;
    Gateway::TimeSource *m_time = nullptr;
    std::unique_ptr<ListingRefresher> m_listings;
    std::unique_ptr<ProbeScheduler> m_probes;
    std::unique_ptr<HealthSync> m_health;
    std::optional<bool> m_sharesLimits; // unset: on PostgreSQL
    std::unique_ptr<SharedLimits> m_shared;
    Domain::WorkspaceSnapshot m_running; // the configuration the gateway runs, before listings
    QTimer *m_versionPoll;
    bool m_polls = true; // setVersionPollInterval(0) turns the poll off, also before open()
    bool m_databaseAvailable = true;
    int m_reconnectWait = 0; // polls to skip before the next reconnect attempt
    int m_reconnectBackoff = 0;
    int m_unloadable = 0; // a version whose reload failed: not tried again until another is saved
};

} // namespace Runtime
