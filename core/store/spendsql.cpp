#include "spendsql.h"

#include "storeerror.h"

#include <QDateTime>
#include <limits>

using namespace Qt::StringLiterals;

namespace Store {
namespace {

constexpr QLatin1StringView kInsertHoldSql {
    "INSERT INTO spend_hold (request_id, key_id, project_id, started_at, amount, instance) "
    "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (request_id) DO UPDATE SET key_id = excluded.key_id, "
    "project_id = excluded.project_id, started_at = excluded.started_at, "
    "amount = excluded.amount, instance = excluded.instance"
};
constexpr QLatin1StringView kDeleteHoldSql { "DELETE FROM spend_hold WHERE request_id = ?" };
// A charge comes out of its instance's lease, in the transaction that adds it to spend: spend plus
// the leases stay what they were, so no other instance can lease it meanwhile.
constexpr QLatin1StringView kLowerLeaseSql {
    "UPDATE budget_lease SET leased = leased - ? "
    "WHERE scope = ? AND id = ? AND period = ? AND instance = ?"
};
constexpr qint64 kDayMs = 24 * 3600 * 1000;

// A UTC day's texts, "yyyy-MM-dd" and "yyyy-MM". The writer needs them for every receipt that
// charges, nearly always of the day before: the last one is kept, per thread.
struct DayTexts
{
    qint64 day = std::numeric_limits<qint64>::min();
    QString dayText;
    QString monthText;
};

const DayTexts &dayTexts(qint64 utcMs)
{
    thread_local DayTexts last;
    const qint64 day = utcMs >= 0 ? utcMs / kDayMs : (utcMs - kDayMs + 1) / kDayMs;
    if (day != last.day) {
        const QDate date = QDateTime::fromMSecsSinceEpoch(utcMs, Qt::UTC).date();
        last.day = day;
        last.dayText = date.toString(Qt::ISODate);
        last.monthText = last.dayText.left(7);
    }
    return last;
}

} // namespace

QString spendDay(qint64 utcMs)
{
    return dayTexts(utcMs).dayText;
}

QString spendMonth(qint64 utcMs)
{
    return dayTexts(utcMs).monthText;
}

QString scopeName(Domain::SpendScope scope)
{
    return scope == Domain::SpendScope::Key ? u"key"_s : u"project"_s;
}

std::optional<Domain::SpendScope> scopeFromName(const QString &name)
{
    if (name == u"key")
        return Domain::SpendScope::Key;
    if (name == u"project")
        return Domain::SpendScope::Project;
    return std::nullopt;
}

void SpendTally::add(const QString &keyId, const QString &projectId, qint64 startedAtMs,
                     double amount)
{
    if (!(amount > 0) || keyId.isEmpty())
        return;
    const DayTexts &texts = dayTexts(startedAtMs);
    for (const QString &period : { texts.dayText, texts.monthText }) {
        m_rows[{ Domain::SpendScope::Key, keyId, period }] += amount;
        if (!projectId.isEmpty())
            m_rows[{ Domain::SpendScope::Project, projectId, period }] += amount;
    }
}

SpendWriter::SpendWriter(const QSqlDatabase &db, QString path)
    : m_db(db)
    , m_path(std::move(path))
{
}

Util::Status SpendWriter::prepare()
{
    for (const auto &[statement, sql] :
         { std::pair { &m_insertHold, kInsertHoldSql }, std::pair { &m_deleteHold, kDeleteHoldSql },
           std::pair { &m_addSpend, kAddSpendSql } }) {
        if (Util::Status prepared = statement->prepare(m_db, sql); !prepared)
            return prepared;
    }
    if (!m_instance.isEmpty())
        return m_lowerLease.prepare(m_db, kLowerLeaseSql);
    return Util::Ok {};
}

Util::Status SpendWriter::insertHold(const SpendHold &hold)
{
    m_insertHold << hold.requestId << hold.keyId << hold.projectId << hold.startedAtMs
                 << hold.amount;
    if (m_instance.isEmpty())
        m_insertHold << nullptr;
    else
        m_insertHold << m_instance;
    return m_insertHold.exec() ? Util::Status(Util::Ok {}) : failed(m_insertHold, kInsertHoldSql);
}

Util::Status SpendWriter::deleteHold(const QString &requestId)
{
    m_deleteHold << requestId;
    return m_deleteHold.exec() ? Util::Status(Util::Ok {}) : failed(m_deleteHold, kDeleteHoldSql);
}

Util::Status SpendWriter::add(const SpendTally &tally)
{
    for (auto it = tally.rows().cbegin(); it != tally.rows().cend(); ++it) {
        const auto &[scope, id, period] = it.key();
        m_addSpend << scopeName(scope) << id << period << it.value();
        if (!m_addSpend.exec())
            return failed(m_addSpend, kAddSpendSql);
        if (m_instance.isEmpty())
            continue;
        m_lowerLease << it.value() << scopeName(scope) << id << period << m_instance;
        if (!m_lowerLease.exec())
            return failed(m_lowerLease, kLowerLeaseSql);
    }
    return Util::Ok {};
}

Util::Status SpendWriter::failed(const Statement &statement, QLatin1StringView sql) const
{
    return storeError(ErrorCode::CannotRun, { QString(sql), m_path }, statement.errorText());
}

} // namespace Store
