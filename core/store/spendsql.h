#pragma once

#include "domain/spendlimits.h"
#include "store/spendhold.h"
#include "store/statement.h"
#include "util/result.h"

#include <QList>
#include <QMap>
#include <QSqlDatabase>
#include <QString>
#include <optional>
#include <tuple>

// The spend tables' SQL (R-BILL-3), shared by the receipt writer and SpendStore; not public.
namespace Store {

// The UTC day ("2026-12-06") and month ("2026-12") of a time in ms since the epoch, as the spend
// table names its periods.
QString spendDay(qint64 utcMs);
QString spendMonth(qint64 utcMs);
QString scopeName(Domain::SpendScope scope); // "key", "project"
std::optional<Domain::SpendScope> scopeFromName(const QString &name);

// Charges summed per spend row (scope, id, period), so that a batch adds to each row once.
class SpendTally
{
public:
    // To the key and to its project, in the UTC day and month of startedAtMs. Nothing for an
    // amount of 0 or less, or without a key; nothing at the project level without a project.
    void add(const QString &keyId, const QString &projectId, qint64 startedAtMs, double amount);

    using Row = std::tuple<Domain::SpendScope, QString, QString>; // scope, id, period
    const QMap<Row, double> &rows() const { return m_rows; }

private:
    QMap<Row, double> m_rows;
};

inline constexpr QLatin1StringView kAddSpendSql {
    "INSERT INTO spend (scope, id, period, amount) VALUES (?, ?, ?, ?) "
    "ON CONFLICT (scope, id, period) DO UPDATE SET amount = spend.amount + excluded.amount"
};

// The writer's statements on the spend tables, prepared once, bound as the receipts' are
// (ReceiptInserter). Errors are ErrorCode::CannotRun with the statement.
class SpendWriter
{
public:
    SpendWriter(const QSqlDatabase &db, QString path);
    // Before prepare(): the instance whose budget leases each charge lowers (BudgetLeaseStore) and
    // that each hold names; empty: none, NULL.
    void setInstance(const QString &instance) { m_instance = instance; }
    Util::Status prepare();
    Util::Status insertHold(const SpendHold &hold);
    Util::Status deleteHold(const QString &requestId);
    Util::Status add(const SpendTally &tally);

private:
    Util::Status failed(const Statement &statement, QLatin1StringView sql) const;

    QSqlDatabase m_db;
    QString m_path;
    Statement m_insertHold;
    Statement m_deleteHold;
    Statement m_addSpend;
    QString m_instance;
    Statement m_lowerLease;
};

} // namespace Store
