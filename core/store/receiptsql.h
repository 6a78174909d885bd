#pragma once

#include "domain/receipt.h"
#include "store/receiptrow.h"
#include "store/statement.h"
#include "util/result.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <algorithm>
#include <array>

// The receipt tables' SQL, shared by ReceiptWriter (insert) and ReceiptReader (select); not public.
namespace Store {

// Inserts receipts, their attempts and skips in the same row, through a statement prepared once,
// bound through SQLite's own API on SQLite (the writer's hot path).
class ReceiptInserter
{
public:
    // Rows per multi-row INSERT: one statement opens and closes the table's and each index's
    // cursor once for all of them instead of once per receipt.
    static constexpr qsizetype kRowsPerStatement = 16;
    // How many of `remaining` receipts (at least 1) the next statement writes: each statement
    // opens and closes a cursor on the table and on each index, so a batch takes as few as it can.
    static constexpr qsizetype rowsFor(qsizetype remaining)
    {
        return std::min(remaining, kRowsPerStatement);
    }

    explicit ReceiptInserter(const QSqlDatabase &db);
    Util::Status prepare();
    // The new row id. Error code "store.duplicate" when the request id is already stored: retrying
    // cannot help, unlike other errors.
    Util::Result<qint64> insert(const Domain::Receipt &receipt);
    // count receipts (2 to kRowsPerStatement) in one statement; their row ids into ids[0..count).
    // Error code "store.constraint" when one of them breaks a constraint (a request id already
    // stored): the ones before it may stay inserted, so the caller rolls its transaction back and
    // insert() one at a time tells which.
    Util::Status insertRows(const Domain::Receipt *receipts, qsizetype count, qint64 *ids);
    // After a DuplicateReceipt: the row stored under its request id is this very receipt (same
    // start, same instance), written by a commit whose answer was lost with the connection, not
    // another call that happened to get the same id.
    bool isStoredAlready(const Domain::Receipt &receipt);
    // The gateway instance named on every receipt inserted from now on (empty: NULL).
    void setInstance(const QString &instance) { m_instance = instance; }

private:
    void bind(Statement &statement, const Domain::Receipt &r);
    bool isStored(const QString &requestId);

    QSqlDatabase m_db;
    // m_rows[n - 1]: an INSERT of n rows, all prepared by prepare(): none is compiled while
    // receipts wait, and the cost of a run does not depend on which batch sizes it met.
    std::array<Statement, kRowsPerStatement> m_rows;
    Statement m_exists;
    Statement m_sameStored;
    QByteArray m_json, m_scratch; // a JSON text on its way into a statement, and its pieces
    QString m_instance;
    bool m_postgres = false;
};

// Migration 12's request_flags of a request shape, and back.
int requestFlags(const Domain::RequestShape &shape);
void setRequestFlags(Domain::RequestShape &shape, int flags);

// Select lists of `receipt` and their readers, in matching order.
QString receiptRowColumns();
ReceiptRow readReceiptRow(const QSqlQuery &query);
QString receiptColumns();
Domain::Receipt readReceipt(const QSqlQuery &query); // with its attempts and skips

} // namespace Store
