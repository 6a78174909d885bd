#include "runtime.h"

#include "gateway/gatewayservice.h"
#include "healthsync.h"
#include "listingrefresher.h"
#include "net/timesource.h"
#include "operations.h"
#include "probescheduler.h"
#include "sharedlimits.h"
#include "store/configstore.h"
#include "store/database.h"
#include "store/receiptwriter.h"
#include "store/spendstore.h"

#include <QLoggingCategory>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QSysInfo>
#include <QTimer>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace Runtime {
namespace {

Q_LOGGING_CATEGORY(lcRuntime, "sb.runtime")

// While the database is lost, reconnect attempts back off to one in this many polls: each may wait
// for the connect timeout, in the thread that also runs the studio's window.
constexpr int kMaxReconnectBackoff = 8;

} // namespace

Runtime::Runtime(QObject *parent)
    : QObject(parent)
    , m_gateway(std::make_unique<Gateway::GatewayService>())
    , m_versionPoll(new QTimer(this))
{
    m_versionPoll->setInterval(kVersionPollMs);
    connect(m_versionPoll, &QTimer::timeout, this, &Runtime::pollVersion);
    connect(this, &Runtime::databaseAvailabilityChanged, m_gateway.get(),
            &Gateway::GatewayService::setDatabaseAvailable);
}

Runtime::~Runtime()
{
    m_health.reset();
    m_shared.reset();
    m_listings.reset();
    m_probes.reset();
    // The gateway goes first: its destructor ends calls at once and submits their receipts to the
    // writer, which is still running unless shutdown() finished (then nothing is left to submit).
    m_gateway.reset();
    m_writer.reset();
}

Util::Status Runtime::open(const QString &databasePath, const QString &author,
                           const Util::Progress &progress)
{
    if (m_phase != Phase::Closed)
        return Util::Error { u"runtime.open"_s, u"The runtime is already open."_s };
    auto ops = Operations::open(databasePath, author, progress);
    if (!ops)
        return ops.error();
    m_path = databasePath;
    m_ops = std::move(ops).value();
    if (m_ops->isEmpty()) {
        Util::Result<QString> key = m_ops->createDemoWorkspace();
        if (!key)
            return key.error();
        m_demoKey = *key;
    }
    Util::Result<Domain::Workspace> loaded = m_ops->workspace(&m_version);
    if (!loaded)
        return loaded.error();
    m_workspace = std::move(loaded).value();
    m_running = std::make_shared<const Domain::Workspace>(m_workspace);
    m_listings = std::make_unique<ListingRefresher>(m_ops->database(), m_time);
    m_listings->setWorkspace(m_workspace);
    connect(m_listings.get(), &ListingRefresher::changed, this, &Runtime::republish);
    m_probes = std::make_unique<ProbeScheduler>(m_ops->database(), m_gateway.get(), m_time);
    m_probes->setWorkspace(m_workspace);
    connect(m_probes.get(), &ProbeScheduler::changed, this, &Runtime::republish);
    m_writer = std::make_unique<Store::ReceiptWriter>(m_path);
    m_gateway->setReceiptWriter(m_writer.get());
    m_phase = Phase::Open;
    watchVersions();
    return Util::Ok {};
}

Store::Database *Runtime::database() const
{
    return m_ops ? m_ops->database() : nullptr;
}

Store::ConfigStore *Runtime::configStore() const
{
    return m_ops ? m_ops->configStore() : nullptr;
}

Util::Status Runtime::start(const Gateway::GatewayOptions &options)
{
    if (m_phase != Phase::Open)
        return Util::Error { u"runtime.start"_s,
                             m_phase == Phase::Closed ? u"The runtime is not open."_s
                                                      : u"The runtime has already started."_s };
    if (m_keepsBudgets) {
        if (Util::Status claimed = claimInstance(); !claimed)
            return claimed;
    }
    m_writer->setInstance(m_instance);
    if (Util::Status started = m_writer->start(); !started)
        return started;
    m_phase = Phase::Started;
    Gateway::GatewayOptions effective = options;
    effective.databasePath = m_path;
    effective.instance = m_instance;
    if (m_keepsBudgets)
        effective.settledSpend = spendAtStart();
    // Several gateways: budgets leased and rate limits shared through the database, once the
    // holds a stopped run left are charged (the leases it left are given back then).
    if (m_keepsBudgets && sharesLimits()) {
        m_shared = std::make_unique<SharedLimits>(m_gateway.get(), m_time);
        m_shared->setWorkspace(m_running);
        if (Util::Status opened = m_shared->open(m_path, m_instance); !opened)
            qCWarning(lcRuntime).noquote() << Util::logText(opened.error());
        effective.leasedBudgets = true;
    }
    // Local listings are read before the first call; URLs answer later (republish()).
    m_listings->start();
    m_gateway->start(effective, withListings(*m_running));
    m_gateway->setDatabaseAvailable(m_databaseAvailable);
    m_probes->start();
    if (m_shared)
        m_shared->start();
    m_health = std::make_unique<HealthSync>(*m_ops->database(), m_gateway.get(), m_instance);
    // Back after a loss: what the others did meanwhile, and what waited here, at once.
    connect(this, &Runtime::databaseAvailabilityChanged, m_health.get(), [this](bool available) {
        if (!available)
            return;
        m_health->poll();
        if (m_keepsBudgets) { // the name's lock went with the old connection
            if (Util::Status claimed = claimInstance(); !claimed)
                qCWarning(lcRuntime).noquote() << Util::logText(claimed.error());
        }
    });
    m_health->start();
    return Util::Ok {};
}

// On PostgreSQL a serving gateway holds a session lock on its instance name: leases, held calls
// and shared rows are kept per name, and a second gateway under the same name would charge the
// first one's calls in flight and give back its leases. SQLite serves one machine: nothing to do.
Util::Status Runtime::claimInstance()
{
    Store::Database *db = m_ops->database();
    if (db->engine() != Store::Engine::Postgres)
        return Util::Ok {};
    QSqlQuery query(db->handle());
    query.prepare(u"SELECT pg_try_advisory_lock(hashtext(?))"_s);
    query.addBindValue(QString(u"switchboard.instance:"_s + m_instance));
    if (!query.exec() || !query.next()) {
        return Util::Error { u"runtime.instance"_s,
                             u"Cannot check that the instance name “%1” is free: %2"_s.arg(
                                 m_instance, query.lastError().text()) };
    }
    if (!query.value(0).toBool()) {
        return Util::Error { u"runtime.instance"_s,
                             u"Another gateway named “%1” is running on this database: give each "
                             "gateway its own --instance."_s.arg(m_instance) };
    }
    return Util::Ok {};
}

QString Runtime::defaultInstance()
{
    const QString host = QSysInfo::machineHostName().left(kMaxInstanceLength);
    return checkInstanceName(host) ? host : u"localhost"_s;
}

Util::Status Runtime::checkInstanceName(const QString &name)
{
    if (name.isEmpty())
        return Util::Error { u"runtime.instance"_s, u"The instance name is empty."_s };
    if (name.size() > kMaxInstanceLength) {
        return Util::Error { u"runtime.instance"_s,
                             u"The instance name \"%1…\" is longer than %2 characters."_s.arg(
                                 name.left(16), QString::number(kMaxInstanceLength)) };
    }
    // Printable only: it is shown in tables, log lines and a /metrics label.
    if (!std::all_of(name.cbegin(), name.cend(), [](QChar c) { return c.isPrint(); })) {
        return Util::Error { u"runtime.instance"_s,
                             u"The instance name may hold only printable characters."_s };
    }
    return Util::Ok {};
}

Util::Status Runtime::setInstance(const QString &name)
{
    if (m_phase == Phase::Started || m_phase == Phase::ShuttingDown)
        return Util::Error { u"runtime.instance"_s,
                             u"The instance is named before the gateway starts."_s };
    if (Util::Status valid = checkInstanceName(name); !valid)
        return valid;
    m_instance = name;
    return Util::Ok {};
}

bool Runtime::sharesLimits() const
{
    return m_sharesLimits.value_or(Store::Database::isPostgresLocation(m_path));
}

QList<Domain::SettledSpend> Runtime::spendAtStart()
{
    if (!m_ops)
        return {};
    // A stopped gateway submitted every receipt; committed, they settled their holds. While some
    // wait in memory (a failing disk), a hold in the store may still be settled by its receipt:
    // none is charged as left behind until they are all written.
    bool written = true;
    if (m_writer && m_writer->isRunning()) {
        if (const Util::Status flushed = m_writer->flush(); !flushed) {
            qCWarning(lcRuntime).noquote() << Util::logText(flushed.error());
            written = false;
        }
    }
    written = written && (!m_writer || m_writer->pendingCount() == 0);
    Store::SpendStore spend(*m_ops->database());
    const Util::Result<Store::SpendStore::OrphanedHolds> orphans = written
        ? spend.settleOrphanedHolds(m_instance)
        : Util::Result<Store::SpendStore::OrphanedHolds>(Store::SpendStore::OrphanedHolds {});
    if (!orphans) {
        qCWarning(lcRuntime).noquote() << Util::logText(orphans.error());
    } else if (orphans->count > 0) {
        qCWarning(lcRuntime).noquote()
            << u"%1 calls were cut off by the last stop before their receipts were written: "
               "their holds (%2 USD in all) are charged in full."_s.arg(orphans->count)
                   .arg(orphans->total, 0, 'f', 6);
    }
    const Util::Result<QList<Domain::SettledSpend>> settled
        = spend.settledSpend((m_time ? m_time : Gateway::TimeSource::system())
                                 ->nowUtc()
                                 .toMSecsSinceEpoch()); // the gateway's clock
    if (!settled) {
        qCWarning(lcRuntime).noquote() << Util::logText(settled.error());
        return {};
    }
    return *settled;
}

bool Runtime::hasNewerVersion() const
{
    const int latest = m_ops ? m_ops->configStore()->latestVersion() : -1;
    return latest > 0 && latest != m_version;
}

Util::Result<int> Runtime::reload()
{
    if (!m_ops)
        return Util::Error { u"runtime.reload"_s, u"The runtime is not open."_s };
    int version = 0;
    Util::Result<Domain::Workspace> loaded = m_ops->workspace(&version);
    if (!loaded)
        return loaded.error();
    m_workspace = std::move(loaded).value();
    m_version = version;
    publish(std::make_shared<const Domain::Workspace>(m_workspace));
    Q_EMIT versionLoaded(m_version);
    return m_version;
}

void Runtime::adoptSaved(const Domain::Workspace &ws, int version)
{
    m_workspace = ws;
    m_version = version;
}

void Runtime::setVersionPollInterval(int ms)
{
    m_polls = ms > 0;
    if (!m_polls) {
        m_versionPoll->stop();
        return;
    }
    m_versionPoll->setInterval(ms);
    if (m_ops)
        m_versionPoll->start();
}

// The announcement comes in this thread's event loop; the driver object outlives reconnects, which
// subscribe again on their own.
void Runtime::watchVersions()
{
    Store::Database *db = m_ops->database();
    const QString channel = QString::fromLatin1(Store::ConfigStore::kVersionChannel);
    if (db->engine() == Store::Engine::Postgres) {
        if (QSqlDriver *driver = db->handle().driver()) {
            connect(driver, &QSqlDriver::notification, this,
                    [this, channel](const QString &name, QSqlDriver::NotificationSource,
                                    const QVariant &payload) {
                        if (name == channel && payload.toInt() != m_version)
                            checkVersion();
                    });
        }
        if (!db->subscribe(channel))
            qCWarning(lcRuntime).noquote()
                << u"Cannot listen for saved versions on %1; looking for them every %2 ms."_s
                       .arg(db->path())
                       .arg(m_versionPoll->interval());
    }
    if (m_polls)
        m_versionPoll->start();
}

void Runtime::pollVersion()
{
    if (!m_ops || m_phase == Phase::ShuttingDown || m_phase == Phase::ShutDown)
        return;
    if (!m_databaseAvailable) {
        if (m_reconnectWait > 0) {
            --m_reconnectWait;
            return;
        }
        if (!m_ops->database()->reconnect()) {
            m_reconnectBackoff = qMin(qMax(1, m_reconnectBackoff * 2), kMaxReconnectBackoff);
            m_reconnectWait = m_reconnectBackoff - 1;
            return;
        }
        m_reconnectBackoff = 0;
        setDatabaseAvailable(true);
    }
    checkVersion();
}

void Runtime::checkVersion()
{
    if (!m_ops || m_phase == Phase::ShuttingDown || m_phase == Phase::ShutDown)
        return;
    const int latest = m_ops->configStore()->latestVersion();
    if (latest < 0) {
        setDatabaseAvailable(false);
        return;
    }
    if (latest == 0 || latest == m_version || latest == m_unloadable)
        return;
    if (const Util::Result<int> loaded = reload(); !loaded) {
        m_unloadable = latest;
        qCWarning(lcRuntime).noquote()
            << u"Cannot load workspace version %1, keeping version %2: %3"_s.arg(latest)
                   .arg(m_version)
                   .arg(Util::logText(loaded.error()));
    }
}

void Runtime::setDatabaseAvailable(bool available)
{
    if (available == m_databaseAvailable)
        return;
    m_databaseAvailable = available;
    if (available) {
        qCInfo(lcRuntime).noquote() << u"The database %1 is back."_s.arg(m_path);
    } else {
        qCWarning(lcRuntime).noquote()
            << u"Lost the database %1: serving workspace version %2 until it is back."_s.arg(m_path)
                   .arg(m_version);
    }
    Q_EMIT databaseAvailabilityChanged(available);
}

void Runtime::refreshListings()
{
    if (m_listings)
        m_listings->refresh();
}

Domain::WorkspaceSnapshot Runtime::withListings(const Domain::Workspace &config) const
{
    if (!m_listings && !m_probes)
        return std::make_shared<const Domain::Workspace>(config);
    Domain::Workspace run = m_listings ? *m_listings->apply(config) : config;
    if (m_probes)
        m_probes->apply(run);
    return std::make_shared<const Domain::Workspace>(std::move(run));
}

void Runtime::publish(Domain::WorkspaceSnapshot config)
{
    if (!config)
        return;
    m_running = std::move(config);
    if (m_listings)
        m_listings->setWorkspace(*m_running);
    if (m_probes)
        m_probes->setWorkspace(*m_running);
    if (m_shared)
        m_shared->setWorkspace(m_running);
    m_gateway->applyConfig(withListings(*m_running));
}

void Runtime::republish()
{
    if (m_running)
        m_gateway->applyConfig(withListings(*m_running));
}

void Runtime::shutdown()
{
    if (m_phase == Phase::ShuttingDown || m_phase == Phase::ShutDown)
        return;
    m_phase = Phase::ShuttingDown;
    // The writer stops only after the gateway has submitted its last receipt: stopped() is emitted
    // by the gateway thread after every call in flight has ended and handed its receipt over. The
    // gateway is asked even when start() did not run (the studio can start it by hand); stop()
    // always answers.
    connect(m_gateway.get(), &Gateway::GatewayService::stopped, this, &Runtime::finishShutdown,
            Qt::SingleShotConnection);
    qCDebug(lcRuntime) << "shutting down: stopping the gateway";
    m_gateway->stop();
}

void Runtime::finishShutdown()
{
    qint64 lost = 0;
    if (m_writer) {
        m_writer->stop(); // flushes: every receipt submitted so far is committed or logged
        lost = m_writer->pendingCount();
    }
    // Every charge is in spend: what is left of the leases goes back to the other gateways. A
    // lost receipt's charge is not, so its lease stays until this instance starts again.
    if (m_shared && lost == 0)
        m_shared->release();
    if (lost > 0) {
        qCCritical(lcRuntime).noquote()
            << u"%1 receipts could not be written to %2 before shutting down."_s.arg(lost).arg(
                   m_path);
    }
    m_phase = Phase::ShutDown;
    qCDebug(lcRuntime) << "shut down";
    Q_EMIT shutdownFinished(lost == 0);
}

} // namespace Runtime
