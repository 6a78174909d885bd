#pragma once

#include "domain/receipt.h"
#include "store/receiptrow.h"
#include "store/sqlitestatement.h"
#include "util/result.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>

// The receipt tables' SQL, shared by ReceiptWriter (insert) and ReceiptReader (select); not public.
namespace Store {

// Inserts receipts, their attempts and skips in the same row, through a statement prepared once,
// bound through SQLite's own API (the writer's hot path; SQLite only).
class ReceiptInserter
{
public:
    explicit ReceiptInserter(const QSqlDatabase &db);
    Util::Status prepare();
    // The new row id. Error code "store.duplicate" when the request id is already stored: retrying
    // cannot help, unlike other errors.
    Util::Result<qint64> insert(const Domain::Receipt &receipt);

private:
    bool isStored(const QString &requestId);

    QSqlDatabase m_db;
    SqliteStatement m_receipt;
    SqliteStatement m_exists;
};

// Select lists of `receipt` and their readers, in matching order.
QString receiptRowColumns();
ReceiptRow readReceiptRow(const QSqlQuery &query);
QString receiptColumns();
Domain::Receipt readReceipt(const QSqlQuery &query); // with its attempts and skips

} // namespace Store
