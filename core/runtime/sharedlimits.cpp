#include "sharedlimits.h"

#include "gateway/gatewayservice.h"
#include "net/timesource.h"
#include "store/budgetleasestore.h"
#include "store/database.h"

#include <QLoggingCategory>
#include <QTimer>
#include <algorithm>
#include <utility>

using namespace Qt::StringLiterals;

namespace Runtime {
namespace {

Q_LOGGING_CATEGORY(lcShared, "sb.runtime")

constexpr double kSlackUsd = 1e-9;

QString grantKey(Domain::SpendScope scope, const QString &id, const QString &period)
{
    return (scope == Domain::SpendScope::Key ? u"key/"_s : u"project/"_s) + id + u'/' + period;
}

} // namespace

SharedLimits::SharedLimits(Gateway::GatewayService *gateway, Gateway::TimeSource *time,
                           QObject *parent)
    : QObject(parent)
    , m_gateway(gateway)
    , m_time(time ? time : Gateway::TimeSource::system())
    , m_timer(new QTimer(this))
{
    connect(m_timer, &QTimer::timeout, this, &SharedLimits::sync);
    // A gateway stopped and started again by hand (the studio's Gateway screen) starts its books
    // afresh: nothing goes to it meanwhile, and its run's leases, its receipts all written by
    // then, are given back before it gets new ones.
    connect(m_gateway, &Gateway::GatewayService::stopped, this, [this] { m_restarting = true; });
    connect(m_gateway, &Gateway::GatewayService::started, this, [this] {
        if (!std::exchange(m_restarting, false))
            return;
        m_grants.clear();
        m_leases.clear();
        m_day = -1;
        if (m_store && !m_store->release())
            m_store.reset(); // given back when the next sync opens it again
        sync();
    });
}

SharedLimits::~SharedLimits() = default;

Util::Status SharedLimits::open(const QString &location, const QString &instance)
{
    m_location = location;
    m_instance = instance;
    auto db = Store::Database::open(location);
    if (!db)
        return db.error();
    m_db = std::move(db).value();
    m_store = std::make_unique<Store::BudgetLeaseStore>(*m_db, instance);
    if (Util::Status released = m_store->release(); !released) {
        m_store.reset();
        return released;
    }
    return Util::Ok {};
}

void SharedLimits::setWorkspace(Domain::WorkspaceSnapshot config)
{
    m_config = std::move(config);
}

void SharedLimits::start(int intervalMs)
{
    sync();
    if (intervalMs > 0)
        m_timer->start(intervalMs);
}

void SharedLimits::sync()
{
    if (!m_config || m_location.isEmpty() || m_restarting)
        return;
    const qint64 now = m_time->nowUtc().toMSecsSinceEpoch();
    // Without the database the others' counts age: once they are as old as a silent instance's,
    // they count no more here either (each instance then holds the limit alone).
    const auto unreachable = [&] {
        if (m_ratesAtMs >= 0 && now - m_ratesAtMs > kRatesFreshMs) {
            m_gateway->setOtherRates({});
            m_ratesAtMs = -1;
        }
        setReachable(false);
    };
    if (!m_store) { // the database did not answer at the start, or at a restart by hand
        // Each attempt may wait for the connect timeout in the main thread: backed off as below.
        if (m_reconnectWait > 0) {
            --m_reconnectWait;
            return unreachable();
        }
        if (Util::Status opened = open(m_location, m_instance); !opened) {
            m_store.reset();
            m_gateway->setBudgetLeases({}, false);
            m_reconnectBackoff = std::clamp(m_reconnectBackoff * 2, 1, kMaxReconnectBackoff);
            m_reconnectWait = m_reconnectBackoff - 1;
            return unreachable();
        }
        m_reconnectBackoff = 0;
    }
    if (m_failed && m_db->engine() == Store::Engine::Postgres) {
        // Each attempt may wait for the connect timeout in the main thread: they back off to one
        // in kMaxReconnectBackoff syncs while the database stays away.
        if (m_reconnectWait > 0) {
            --m_reconnectWait;
            return unreachable();
        }
        if (Util::Status reconnected = m_db->reconnect(); !reconnected) {
            m_reconnectBackoff = std::clamp(m_reconnectBackoff * 2, 1, kMaxReconnectBackoff);
            m_reconnectWait = m_reconnectBackoff - 1;
            return unreachable();
        }
        m_reconnectBackoff = 0;
    }
    const bool budgets = syncBudgets(now);
    const bool rates = budgets && syncRates(now);
    m_failed = !budgets || !rates;
    if (m_failed)
        return unreachable();
    m_ratesAtMs = now;
    setReachable(true);
}

bool SharedLimits::syncBudgets(qint64 nowUtcMs)
{
    const Routing::SpendPeriod p = Routing::SpendPeriod::of(nowUtcMs);
    if (p.day != m_day) {
        // A new day (or the first sync): the grants of the periods that ended are done with; the
        // month's go on.
        const QString day = u'/' + p.dayText();
        const QString month = u'/' + p.monthText();
        m_grants.removeIf([&](const QHash<QString, Grant>::iterator &it) {
            return !it.key().endsWith(day) && !it.key().endsWith(month);
        });
        m_day = p.day;
        if (Util::Status released = m_store->release({ p.dayText(), p.monthText() }); !released) {
            qCWarning(lcShared).noquote() << Util::logText(released.error());
            m_day = -1;
            return false;
        }
    }
    QHash<QString, Routing::ScopeSpend> spend;
    for (const Routing::ScopeSpend &s : m_gateway->spend())
        spend.insert(grantKey(s.scope, s.id, {}), s);
    QList<Routing::BudgetLease> leases;
    bool ok = true;
    const auto lease = [&](Domain::SpendScope scope, const QString &id,
                           const Domain::SpendLimits &limits) {
        if (!limits.hasBudget())
            return;
        const Routing::ScopeSpend s = spend.value(grantKey(scope, id, {}));
        Routing::BudgetLease l { scope, id, p.day, p.month };
        const auto size = [&](const std::optional<double> &budget, const QString &period,
                              double used, double applied, double &granted, bool &exhausted) {
            if (!budget)
                return;
            Grant &g = m_grants[grantKey(scope, id, period)];
            const double step = std::max(*budget * kLeaseShare, 2 * s.largestHold);
            const double inUse = used + s.held; // charged and held by this instance
            if (g.shrinkTo >= 0) {
                // The gateway admits within the lowered lease once it reports applying it; from
                // then on it uses at most that or what it used then, and the rest goes back.
                if (ok && applied == g.shrinkTo) {
                    const double keep = std::max(g.shrinkTo, inUse);
                    if (keep < g.granted) {
                        if (Util::Status shrunk
                            = m_store->shrink(scope, id, period, g.granted - keep);
                            !shrunk) {
                            qCWarning(lcShared).noquote() << Util::logText(shrunk.error());
                            ok = false;
                        } else {
                            g.granted = keep;
                            g.exhausted = false;
                        }
                    }
                    if (ok)
                        g.shrinkTo = -1;
                }
            } else if (ok) {
                const double room = g.granted - inUse;
                if (room < step / 2) {
                    const auto grant = m_store->grow(scope, id, period, *budget, step - room);
                    if (!grant) {
                        qCWarning(lcShared).noquote() << Util::logText(grant.error());
                        ok = false;
                    } else {
                        g.granted += grant->granted;
                        // Sums of prices: what is left within a rounding error is nothing.
                        g.exhausted
                            = grant->left <= kSlackUsd && grant->granted < step - room - kSlackUsd;
                    }
                } else if (room > 2 * step) {
                    // Holds settled for less than they held: keep one step, the rest goes back
                    // once the gateway no longer counts on it.
                    g.shrinkTo = inUse + step;
                }
            }
            granted = g.shrinkTo >= 0 ? g.shrinkTo : g.granted;
            exhausted = g.exhausted;
        };
        size(limits.dailyUsd, p.dayText(), s.dayUsed, s.dayGranted, l.dayGranted, l.dayExhausted);
        size(limits.monthlyUsd, p.monthText(), s.monthUsed, s.monthGranted, l.monthGranted,
             l.monthExhausted);
        leases << l;
    };
    for (const Domain::Key &k : m_config->keys)
        lease(Domain::SpendScope::Key, k.id, k.limits);
    for (const Domain::Project &pr : m_config->projects)
        lease(Domain::SpendScope::Project, pr.id, pr.limits);
    // What was granted stays granted: without the database the gateway still knows its leases,
    // but refuses calls with a budget (reachable false).
    m_leases = leases;
    m_gateway->setBudgetLeases(m_leases, ok);
    return ok;
}

bool SharedLimits::syncRates(qint64 nowUtcMs)
{
    QList<Store::BudgetLeaseStore::RateCount> mine;
    for (const Routing::RateCount &c : m_gateway->rateCounts())
        mine.append({ c.scope, c.id, c.requests, c.tokens });
    if (Util::Status published = m_store->publishRates(mine, nowUtcMs); !published) {
        qCWarning(lcShared).noquote() << Util::logText(published.error());
        return false;
    }
    const auto others = m_store->otherRates(nowUtcMs - kRatesFreshMs);
    if (!others) {
        qCWarning(lcShared).noquote() << Util::logText(others.error());
        return false;
    }
    QList<Routing::RateCount> counts;
    for (const Store::BudgetLeaseStore::RateCount &c : *others)
        counts.append({ c.scope, c.id, c.requests, c.tokens });
    m_gateway->setOtherRates(counts);
    return true;
}

void SharedLimits::setReachable(bool reachable)
{
    if (reachable == m_reachable)
        return;
    m_reachable = reachable;
    if (!reachable) {
        m_gateway->setBudgetLeases(m_leases, false);
        qCWarning(lcShared).noquote()
            << u"The shared budgets cannot be leased from the database: calls of keys and "
               "projects with a budget are refused (503 budget_unavailable) until it answers."_s;
    } else {
        qCInfo(lcShared).noquote() << u"The shared budgets are leased from the database again."_s;
    }
    Q_EMIT reachableChanged(reachable);
}

void SharedLimits::release()
{
    m_timer->stop();
    if (!m_store)
        return;
    if (Util::Status released = m_store->release(); !released)
        qCWarning(lcShared).noquote() << Util::logText(released.error());
    const QList<Store::BudgetLeaseStore::RateCount> none;
    m_store->publishRates(none, 0);
    m_grants.clear();
}

} // namespace Runtime
