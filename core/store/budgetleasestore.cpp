#include "budgetleasestore.h"

#include "database.h"
#include "spendsql.h"
#include "storeutil.h"

#include <QSqlQuery>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace Store {
namespace {

// Every grant of every instance takes this transaction-scoped lock on PostgreSQL first: the
// second grant reads what the first committed.
constexpr qint64 kGrantLock = 0x5342'4c65'6173'65; // "SBLease"

// Spend and leases read in one statement: one snapshot, also on PostgreSQL's READ COMMITTED,
// where the writer's charge and its lowered lease commit together.
constexpr QLatin1StringView kRoomSql {
    "SELECT (SELECT COALESCE(SUM(amount), 0) FROM spend WHERE scope = ? AND id = ? AND period = "
    "?), "
    "(SELECT COALESCE(SUM(leased), 0) FROM budget_lease WHERE scope = ? AND id = ? AND period = ?)"
};
constexpr QLatin1StringView kAddLeaseSql {
    "INSERT INTO budget_lease (scope, id, period, instance, leased) VALUES (?, ?, ?, ?, ?) "
    "ON CONFLICT (scope, id, period, instance) DO UPDATE SET leased = budget_lease.leased + "
    "excluded.leased"
};

Util::Error failed(const QSqlQuery &q, const Database &db, ErrorCode code = ErrorCode::CannotRun)
{
    return sqlError(code, { q.lastQuery().simplified(), db.path() }, q.lastError());
}

} // namespace

BudgetLeaseStore::BudgetLeaseStore(Database &db, QString instance)
    : m_db(db)
    , m_instance(std::move(instance))
{
}

Util::Result<BudgetLeaseStore::Grant> BudgetLeaseStore::grow(Domain::SpendScope scope,
                                                             const QString &id,
                                                             const QString &period, double limit,
                                                             double want)
{
    Grant grant;
    const QString scopeText = scopeName(scope);
    const Util::Status done = m_db.transaction([&]() -> Util::Status {
        grant = {};
        QSqlQuery q(m_db.handle());
        if (m_db.engine() == Engine::Postgres) {
            q.prepare(u"SELECT pg_advisory_xact_lock(?)"_s);
            q.addBindValue(kGrantLock);
            if (!q.exec())
                return failed(q, m_db);
        }
        q.prepare(QString(kRoomSql));
        for (int i = 0; i < 2; ++i) {
            q.addBindValue(scopeText);
            q.addBindValue(id);
            q.addBindValue(period);
        }
        if (!q.exec() || !q.next())
            return failed(q, m_db);
        const double room = limit - q.value(0).toDouble() - q.value(1).toDouble();
        grant.granted = std::clamp(room, 0.0, std::max(0.0, want));
        grant.left = std::max(0.0, room - grant.granted);
        if (grant.granted <= 0)
            return Util::Ok {};
        q.prepare(QString(kAddLeaseSql));
        q.addBindValue(scopeText);
        q.addBindValue(id);
        q.addBindValue(period);
        q.addBindValue(m_instance);
        q.addBindValue(grant.granted);
        return q.exec() ? Util::Status(Util::Ok {}) : Util::Status(failed(q, m_db));
    });
    if (!done)
        return done.error();
    return grant;
}

Util::Status BudgetLeaseStore::shrink(Domain::SpendScope scope, const QString &id,
                                      const QString &period, double amount)
{
    QSqlQuery q(m_db.handle());
    q.prepare(u"UPDATE budget_lease SET leased = leased - ? "
              "WHERE scope = ? AND id = ? AND period = ? AND instance = ?"_s);
    q.addBindValue(amount);
    q.addBindValue(scopeName(scope));
    q.addBindValue(id);
    q.addBindValue(period);
    q.addBindValue(m_instance);
    return q.exec() ? Util::Status(Util::Ok {}) : Util::Status(failed(q, m_db));
}

Util::Result<double> BudgetLeaseStore::leased(Domain::SpendScope scope, const QString &id,
                                              const QString &period) const
{
    QSqlQuery q(m_db.handle());
    q.prepare(u"SELECT COALESCE(SUM(leased), 0) FROM budget_lease "
              "WHERE scope = ? AND id = ? AND period = ? AND instance = ?"_s);
    q.addBindValue(scopeName(scope));
    q.addBindValue(id);
    q.addBindValue(period);
    q.addBindValue(m_instance);
    if (!q.exec() || !q.next())
        return failed(q, m_db, ErrorCode::CannotRead);
    return q.value(0).toDouble();
}

Util::Status BudgetLeaseStore::release(const QStringList &keepPeriods)
{
    QSqlQuery q(m_db.handle());
    QString sql = u"DELETE FROM budget_lease WHERE instance = ?"_s;
    for (qsizetype i = 0; i < keepPeriods.size(); ++i)
        sql += i == 0 ? u" AND period NOT IN (?"_s : u", ?"_s;
    if (!keepPeriods.isEmpty())
        sql += u')';
    q.prepare(sql);
    q.addBindValue(m_instance);
    for (const QString &period : keepPeriods)
        q.addBindValue(period);
    return q.exec() ? Util::Status(Util::Ok {}) : Util::Status(failed(q, m_db));
}

Util::Status BudgetLeaseStore::publishRates(const QList<RateCount> &counts, qint64 nowMs)
{
    return m_db.transaction([&]() -> Util::Status {
        QSqlQuery q(m_db.handle());
        q.prepare(u"DELETE FROM rate_share WHERE instance = ?"_s);
        q.addBindValue(m_instance);
        if (!q.exec())
            return failed(q, m_db);
        if (counts.isEmpty())
            return Util::Ok {};
        q.prepare(u"INSERT INTO rate_share (scope, id, instance, requests, tokens, updated_at) "
                  "VALUES (?, ?, ?, ?, ?, ?)"_s);
        for (const RateCount &c : counts) {
            q.addBindValue(scopeName(c.scope));
            q.addBindValue(c.id);
            q.addBindValue(m_instance);
            q.addBindValue(c.requests);
            q.addBindValue(c.tokens);
            q.addBindValue(nowMs);
            if (!q.exec())
                return failed(q, m_db);
        }
        return Util::Ok {};
    });
}

Util::Result<QList<BudgetLeaseStore::RateCount>> BudgetLeaseStore::otherRates(qint64 sinceMs) const
{
    QSqlQuery q(m_db.handle());
    q.prepare(u"SELECT scope, id, SUM(requests), SUM(tokens) FROM rate_share "
              "WHERE instance <> ? AND updated_at >= ? GROUP BY scope, id ORDER BY scope, id"_s);
    q.addBindValue(m_instance);
    q.addBindValue(sinceMs);
    if (!q.exec())
        return failed(q, m_db, ErrorCode::CannotRead);
    QList<RateCount> out;
    while (q.next()) {
        const std::optional<Domain::SpendScope> scope = scopeFromName(q.value(0).toString());
        if (scope)
            out.append({ *scope, q.value(1).toString(), q.value(2).toLongLong(),
                         q.value(3).toLongLong() });
    }
    return out;
}

} // namespace Store
