#include "spendsql.h"

#include "storeerror.h"

#include <QDateTime>

using namespace Qt::StringLiterals;

namespace Store {
namespace {

constexpr QLatin1StringView kInsertHoldSql {
    "INSERT OR REPLACE INTO spend_hold (request_id, key_id, project_id, started_at, amount) "
    "VALUES (?, ?, ?, ?, ?)"
};
constexpr QLatin1StringView kDeleteHoldSql { "DELETE FROM spend_hold WHERE request_id = ?" };

// "yyyy-MM-dd" or, with day false, "yyyy-MM": written by hand, since QDate::toString() parses
// its format for every call and the writer makes these for each receipt that charges.
QString periodText(qint64 utcMs, bool day)
{
    int y = 0, m = 0, d = 0;
    QDateTime::fromMSecsSinceEpoch(utcMs, Qt::UTC).date().getDate(&y, &m, &d);
    const auto two = [](int n) { return QString::number(n).rightJustified(2, u'0'); };
    QString text = QString::number(y).rightJustified(4, u'0') + u'-' + two(m);
    if (day)
        text += u'-' + two(d);
    return text;
}

} // namespace

QString spendDay(qint64 utcMs)
{
    return periodText(utcMs, true);
}

QString spendMonth(qint64 utcMs)
{
    return periodText(utcMs, false);
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
    const QString day = spendDay(startedAtMs);
    const QString month = day.left(7);
    for (const QString &period : { day, month }) {
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
    sqlite3 *connection = SqliteStatement::connectionOf(m_db);
    for (const auto &[statement, sql] :
         { std::pair { &m_insertHold, kInsertHoldSql }, std::pair { &m_deleteHold, kDeleteHoldSql },
           std::pair { &m_addSpend, kAddSpendSql } }) {
        if (Util::Status prepared = statement->prepare(connection, sql); !prepared)
            return prepared;
    }
    return Util::Ok {};
}

Util::Status SpendWriter::insertHold(const SpendHold &hold)
{
    m_insertHold << hold.requestId << hold.keyId << hold.projectId << hold.startedAtMs
                 << hold.amount;
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
    }
    return Util::Ok {};
}

Util::Status SpendWriter::failed(const SqliteStatement &statement, QLatin1StringView sql) const
{
    return storeError(ErrorCode::CannotRun, { QString(sql), m_path }, statement.errorText());
}

} // namespace Store
