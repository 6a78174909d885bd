#pragma once

#include "database.h"
#include "receiptreader.h"

#include <QSqlQuery>
#include <QString>
#include <QStringList>
#include <QVariantList>
#include <optional>

struct sqlite3_stmt;

// The SQL a ReceiptReader builds and runs: conditions per filter, keyset windows, the sort
// columns (internal to the store).
namespace Store::ReceiptQuery {

// WHERE conditions with their positional values, in the order they appear in the SQL.
struct Conditions
{
    QStringList sql;
    QVariantList values;

    void add(const QString &condition, const QVariant &value)
    {
        sql << condition;
        values << value;
    }
    QString where() const
    {
        return sql.isEmpty() ? QString()
                             : QStringLiteral(" WHERE ") + sql.join(QStringLiteral(" AND "));
    }
};

struct Statement
{
    QString sql;
    QVariantList values;
};

// How many of the newest ids a time-only page looks at before it turns to the started_at index.
inline constexpr qint64 kTimeProbeRows = 20000;

// SQLite virtual-machine steps between two calls of a read's progress watch: well under a
// millisecond, so a Cancel is felt at once and the watch's own cost stays small.
inline constexpr int kProgressSteps = 4000;

// A sorted page under a filter either walks the sort column's index and skips rows that do not
// match (costs about limit * rows / matches), or reads every match through the filter's own index
// and sorts them (costs the matches). The two meet at matches = sqrt(limit * rows): near 14,000
// for a 200-row page of a million receipts. Below, the filter drives; from there on, the sort
// index.
qint64 sortWalkMatches(qint64 limit, qint64 rows);

// Every filter but the model, which page() and newerThan() split over three indexes.
// Without table statistics SQLite picks among equal-looking indexes at random, and may walk the
// four-valued status_class index while a rare connection is also asked for. So exactly one equality
// drives (the most selective kind present that an index serves: request id, connection, call kind,
// error class, status class, endpoint) and the others are written as COALESCE(column, '') = ?,
// which no index serves, in SQLite or PostgreSQL alike. None of these columns is ever compared with
// an empty value. The error and status indexes hold only errors and unusual statuses (migration 3),
// the endpoint index only calls not on chat completions (migration 6), the kind index only probes
// and rehearsals (migration 8): a driver there names the index's condition too, and "none", "ok",
// "chat_completions" or "call", which most rows have, drives nothing (the page walks the ids,
// where nearly every row matches).
Conditions baseConditions(const ReceiptFilter &f);

// The ids of one keyset window: filter and keyset conditions, ordered by id, at most limit.
// A model filter matches any of three columns: one window per column, each walking its own
// (column, id) index, united and cut to limit again, instead of an OR that cannot use an index
// in id order.
Statement idWindow(const ReceiptFilter &f, const Conditions &keyset, const QString &order,
                   int limit);

Conditions idCondition(const QString &condition, qint64 id);

std::optional<QSqlQuery> run(Database &db, const Statement &st, bool retried = false);

QList<ReceiptRow> rows(Database &db, const Statement &window, const QString &order, int limit);

// A filter an index serves (request id, model, connection, classes, endpoint, kind); the instance,
// which none serves, is not one.
bool hasEquality(const ReceiptFilter &f);

qint64 maxId(Database &db);

// A page filtered by time alone. Walking ids down from the keyset with a started_at check is quick
// while the window lasts, but the walk that finds the window's end would go on through every older
// row. So the newest ids below the keyset are tried first (where a "last hour" window lives); when
// they do not fill the page the started_at index drives instead ("id + 0" keeps the planner off the
// id order), which costs the window's size, not the table's.
QList<ReceiptRow> timePage(Database &db, const ReceiptFilter &f, qint64 before, int limit);

// The column a sort key walks, and whether it may be NULL.
std::pair<QString, bool> sortColumn(ReceiptSort::Key key);

// Every filter as plain conditions (the model as an OR of its three columns, the middle one written
// so that model_resolved's partial index can serve it).
Conditions allConditions(const ReceiptFilter &f);

// Every filter written so that no index serves it (COALESCE, "+ 0"): the sort column's index then
// drives a sorted page, checking the filter on the way.
Conditions unindexedConditions(const ReceiptFilter &f);

QVariant idValue(qint64 id);

// How many filters' matches a reader keeps: switching between two filters does not read again.
inline constexpr std::size_t kKeptMatchSets = 2;

bool isTextKey(ReceiptSort::Key key);

// Binds a condition's values to a statement of SQLite's own API, in order.
bool bindAll(sqlite3_stmt *statement, const QVariantList &values);

} // namespace Store::ReceiptQuery
