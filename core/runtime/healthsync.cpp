#include "healthsync.h"

#include "domain/enums.h"
#include "gateway/gatewayservice.h"
#include "store/database.h"

#include <QDateTime>
#include <QLoggingCategory>
#include <QSqlDriver>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace Runtime {
namespace {

Q_LOGGING_CATEGORY(lcHealthSync, "sb.runtime.health")

// While the database fails, only every this many polls tries it again.
constexpr int kFailingPollEvery = 4;

qint64 wallNowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

// HealthEntry::lastError words an upstream auth failure for people; the table keeps the class.
QString errorClassOf(const Gateway::HealthEntry &e)
{
    if (e.lastError == u"credential rejected"_s)
        return Domain::toString(Domain::ErrorClass::AuthFailed);
    return e.lastError;
}

} // namespace

HealthSync::HealthSync(Store::Database &db, Gateway::GatewayService *gateway, QString instance,
                       QObject *parent)
    : QObject(parent)
    , m_db(db)
    , m_store(db)
    , m_gateway(gateway)
    , m_instance(std::move(instance))
    , m_timer(new QTimer(this))
{
    m_timer->setInterval(kPollMs);
    connect(m_timer, &QTimer::timeout, this, &HealthSync::tick);
}

HealthSync::~HealthSync() = default;

void HealthSync::start()
{
    if (m_timer->isActive())
        return;
    connect(m_gateway, &Gateway::GatewayService::healthChanged, this, &HealthSync::localHealth);
    connect(m_gateway, &Gateway::GatewayService::drainedByHand, this, [this](const QString &key) {
        add(Store::HealthChange { Store::HealthChange::Kind::Drain, key, 0, {} });
        flush();
    });
    connect(m_gateway, &Gateway::GatewayService::reenabledByHand, this, [this](const QString &key) {
        add(Store::HealthChange { Store::HealthChange::Kind::Reenable, key, 0, {} });
        flush();
    });
    // A gateway (re)started with a book that may have missed news: every row applies again.
    connect(m_gateway, &Gateway::GatewayService::started, this, [this] {
        m_seen.clear();
        poll();
    });
    if (m_db.engine() == Store::Engine::Postgres) {
        const QString channel = QString(Store::CandidateHealthStore::kChannel);
        // The driver object outlives reconnects, which listen again on their own.
        if (QSqlDriver *driver = m_db.handle().driver()) {
            connect(driver, &QSqlDriver::notification, this,
                    [this, channel](const QString &name, QSqlDriver::NotificationSource,
                                    const QVariant &) {
                        if (name == channel)
                            schedulePoll();
                    });
        }
        if (!m_db.subscribe(channel)) {
            qCWarning(lcHealthSync).noquote()
                << u"Cannot listen for other gateways' cooldowns on %1; looking for them every "
                   "%2 ms."_s.arg(m_db.path())
                       .arg(kPollMs);
        }
    }
    m_timer->start();
    poll();
}

void HealthSync::schedulePoll()
{
    if (m_pollQueued)
        return;
    m_pollQueued = true;
    QTimer::singleShot(0, this, [this] {
        m_pollQueued = false;
        poll();
    });
}

void HealthSync::tick()
{
    if (m_failing && ++m_skippedTicks % kFailingPollEvery != 0)
        return;
    poll();
}

void HealthSync::poll()
{
    if (!m_pending.isEmpty()) {
        flush(); // reads back itself once written
        return;
    }
    const Util::Result<QList<Store::CandidateHealth>> rows = m_store.readAll();
    if (!rows)
        return report(rows.error());
    report(Util::Ok {});
    apply(*rows);
}

// Only this gateway's own cooldowns: the ones it was told of are marked shared.
void HealthSync::localHealth(const QList<Gateway::HealthEntry> &entries)
{
    const qint64 now = wallNowMs();
    bool added = false;
    for (const Gateway::HealthEntry &e : entries) {
        if (e.shared || e.drained || e.cooldownRemainingMs <= 0)
            continue;
        const qint64 until = now + e.cooldownRemainingMs;
        const auto seen = m_seen.constFind(e.key);
        if (seen != m_seen.cend() && until <= seen->cooldownUntilMs + kSlackMs)
            continue;
        add(Store::HealthChange { Store::HealthChange::Kind::Cooldown, e.key, until,
                                  errorClassOf(e) });
        added = true;
    }
    // While the database fails, the poll's timer retries.
    if (added && !m_failing)
        flush();
}

// At most a re-enable, a cooldown and a drain wait per candidate, in an order that writes the
// same end state.
void HealthSync::add(const Store::HealthChange &change)
{
    using Kind = Store::HealthChange::Kind;
    if (change.kind == Kind::Reenable) {
        m_pending.removeIf(
            [&](const Store::HealthChange &c) { return c.candidate == change.candidate; });
    } else {
        for (Store::HealthChange &c : m_pending) {
            if (c.candidate != change.candidate || c.kind != change.kind)
                continue;
            if (change.kind == Kind::Cooldown && change.untilMs > c.untilMs) {
                c.untilMs = change.untilMs;
                c.errorClass = change.errorClass;
            }
            return;
        }
    }
    m_pending << change;
}

bool HealthSync::flush()
{
    if (m_pending.isEmpty())
        return true;
    const qint64 now = wallNowMs();
    if (const Util::Status written = m_store.write(m_pending, m_instance, now); !written) {
        report(written);
        return false;
    }
    for (const Store::HealthChange &c : std::as_const(m_pending))
        m_written.insert(c.candidate, now);
    m_pending.clear();
    report(Util::Ok {});
    // Read back at once: what this process wrote is then known, and not taken for news.
    poll();
    return true;
}

// A row changed by another process since it was last read is news. A re-enable shows as a drain
// that ended or a cooldown end that moved earlier (nothing else moves it earlier).
void HealthSync::apply(const QList<Store::CandidateHealth> &rows)
{
    const qint64 now = wallNowMs();
    QList<Gateway::SharedHealth> news;
    for (const Store::CandidateHealth &row : rows) {
        const auto seen = m_seen.constFind(row.candidate);
        const bool known = seen != m_seen.cend();
        if (known && *seen == row)
            continue;
        const bool own
            = row.instance == m_instance && row.changedAtMs == m_written.value(row.candidate, -1);
        if (!own) {
            Gateway::SharedHealth s;
            s.key = row.candidate;
            if (row.drained)
                s.drained = !known || !seen->drained;
            else if (known)
                s.reenable = seen->drained || row.cooldownUntilMs < seen->cooldownUntilMs;
            if (row.cooldownUntilMs > now) {
                s.cooldownRemainingMs = row.cooldownUntilMs - now;
                s.errorClass = row.errorClass;
            }
            if (s.reenable || s.drained || s.cooldownRemainingMs > 0)
                news << s;
        }
        m_seen.insert(row.candidate, row);
    }
    if (!news.isEmpty()) {
        qCDebug(lcHealthSync) << "applying" << news.size() << "changes from other gateways";
        m_gateway->applySharedHealth(news);
    }
}

void HealthSync::report(const Util::Status &status)
{
    if (status) {
        if (m_failing) {
            m_failing = false;
            m_skippedTicks = 0;
            qCInfo(lcHealthSync).noquote()
                << u"Sharing cooldowns and drains through %1 again."_s.arg(m_db.path());
        }
        return;
    }
    if (m_failing)
        return;
    m_failing = true;
    qCWarning(lcHealthSync).noquote()
        << u"Cannot share cooldowns and drains through %1 (each gateway keeps deciding from its "
           "own): %2"_s.arg(m_db.path(), Util::logText(status.error()));
}

} // namespace Runtime
