#include "spendstore.h"

#include "database.h"
#include "spendsql.h"
#include "storeutil.h"

#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace Store {
namespace {

// An error of a statement on the spend tables, as the writer reports its own.
Util::Error cannotRun(const QSqlQuery &q, const Database &db)
{
    return sqlError(ErrorCode::CannotRun, { q.lastQuery().simplified(), db.path() }, q.lastError());
}

} // namespace

Util::Result<QList<Domain::SettledSpend>> SpendStore::settledSpend(qint64 nowUtcMs) const
{
    QSqlQuery q(m_db.handle());
    q.prepare(u"SELECT scope, id, period, amount FROM spend WHERE period IN (?, ?) "
              "ORDER BY scope, id, period"_s);
    q.addBindValue(spendDay(nowUtcMs));
    q.addBindValue(spendMonth(nowUtcMs));
    if (Util::Status s = execQuery(q, ErrorCode::CannotRead, { m_db.path() }); !s)
        return s.error();
    QList<Domain::SettledSpend> out;
    while (q.next()) {
        const std::optional<Domain::SpendScope> scope = scopeFromName(q.value(0).toString());
        if (!scope)
            continue; // a scope this build does not know counts nowhere
        out.append({ *scope, q.value(1).toString(), q.value(2).toString(), q.value(3).toDouble() });
    }
    return out;
}

Util::Result<SpendStore::OrphanedHolds> SpendStore::settleOrphanedHolds(const QString &instance)
{
    const QString mine
        = instance.isEmpty() ? QString() : u" WHERE instance IS NULL OR instance = ?"_s;
    OrphanedHolds settled;
    Util::Status done = m_db.transaction([&]() -> Util::Status {
        settled = {};
        QSqlQuery q(m_db.handle());
        q.prepare(u"SELECT key_id, project_id, started_at, amount FROM spend_hold"_s + mine);
        if (!instance.isEmpty())
            q.addBindValue(instance);
        if (!q.exec())
            return cannotRun(q, m_db);
        SpendTally tally;
        while (q.next()) {
            const double amount = q.value(3).toDouble();
            tally.add(q.value(0).toString(), q.value(1).toString(), q.value(2).toLongLong(),
                      amount);
            ++settled.count;
            settled.total += amount;
        }
        if (settled.count == 0)
            return Util::Ok {};
        QSqlQuery add(m_db.handle());
        add.prepare(QString(kAddSpendSql));
        for (auto it = tally.rows().cbegin(); it != tally.rows().cend(); ++it) {
            const auto &[scope, id, period] = it.key();
            add.addBindValue(scopeName(scope));
            add.addBindValue(id);
            add.addBindValue(period);
            add.addBindValue(it.value());
            if (!add.exec())
                return cannotRun(add, m_db);
        }
        // BEGIN IMMEDIATE: no hold can be written between the SELECT and this.
        q.prepare(u"DELETE FROM spend_hold"_s + mine);
        if (!instance.isEmpty())
            q.addBindValue(instance);
        if (!q.exec())
            return cannotRun(q, m_db);
        return Util::Ok {};
    });
    if (!done)
        return done.error();
    return settled;
}

} // namespace Store
