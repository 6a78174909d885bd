#include "candidatehealthstore.h"

#include "database.h"
#include "storeutil.h"

#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace Store {
namespace {

// An upsert each, in SQL both engines take (INSERT … ON CONFLICT … DO UPDATE, excluded.*). A
// cooldown updates the row only when it ends later, so that racing instances keep the latest end.
QString upsertSql(HealthChange::Kind kind)
{
    const QString insert = u"INSERT INTO candidate_health (candidate, cooldown_until, drained, "
                           "error_class, instance, changed_at) VALUES (?, ?, ?, ?, ?, ?) "
                           "ON CONFLICT (candidate) DO UPDATE SET "_s;
    switch (kind) {
    case HealthChange::Kind::Cooldown:
        return insert
            + u"cooldown_until = excluded.cooldown_until, error_class = excluded.error_class, "
              "instance = excluded.instance, changed_at = excluded.changed_at "
              "WHERE excluded.cooldown_until > candidate_health.cooldown_until"_s;
    case HealthChange::Kind::Drain:
        return insert
            + u"drained = 1, instance = excluded.instance, changed_at = excluded.changed_at"_s;
    case HealthChange::Kind::Reenable:
        return insert
            + u"cooldown_until = 0, drained = 0, error_class = NULL, "
              "instance = excluded.instance, changed_at = excluded.changed_at"_s;
    }
    return {};
}

} // namespace

Util::Status CandidateHealthStore::write(const QList<HealthChange> &changes,
                                         const QString &instance, qint64 nowMs)
{
    if (changes.isEmpty())
        return Util::Ok {};
    return m_db.transaction([&]() -> Util::Status {
        for (const HealthChange &c : changes) {
            QSqlQuery q(m_db.handle());
            const QString sql = upsertSql(c.kind);
            q.prepare(sql);
            q.addBindValue(c.candidate);
            q.addBindValue(c.kind == HealthChange::Kind::Cooldown ? c.untilMs : qint64(0));
            q.addBindValue(c.kind == HealthChange::Kind::Drain ? 1 : 0);
            q.addBindValue(c.kind == HealthChange::Kind::Cooldown && !c.errorClass.isEmpty()
                               ? QVariant(c.errorClass)
                               : QVariant(QMetaType(QMetaType::QString)));
            q.addBindValue(instance);
            q.addBindValue(nowMs);
            if (Util::Status s = execQuery(q, ErrorCode::CannotRun, { sql, m_db.path() }); !s)
                return s;
        }
        return m_db.notify(QString(kChannel), instance);
    });
}

Util::Result<QList<CandidateHealth>> CandidateHealthStore::readAll() const
{
    QSqlQuery q(m_db.handle());
    const QString sql = u"SELECT candidate, cooldown_until, drained, error_class, instance, "
                        "changed_at FROM candidate_health ORDER BY candidate"_s;
    q.prepare(sql);
    if (Util::Status s = execQuery(q, ErrorCode::CannotRun, { sql, m_db.path() }); !s)
        return s.error();
    QList<CandidateHealth> out;
    while (q.next()) {
        CandidateHealth &h = out.emplace_back();
        h.candidate = q.value(0).toString();
        h.cooldownUntilMs = q.value(1).toLongLong();
        h.drained = q.value(2).toLongLong() != 0;
        h.errorClass = q.value(3).toString();
        h.instance = q.value(4).toString();
        h.changedAtMs = q.value(5).toLongLong();
    }
    return out;
}

} // namespace Store
