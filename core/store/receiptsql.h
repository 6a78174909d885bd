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

// Inserts receipts with their attempts and skips through statements prepared once, bound through
// SQLite's own API (the writer's hot path; SQLite only).
class ReceiptInserter
{
public:
    explicit ReceiptInserter(const QSqlDatabase &db);
    Util::Status prepare();
    // The new row id. Error code "store.duplicate" when the request id is already stored: retrying
    // cannot help, unlike other errors.
    Util::Result<qint64> insert(const Domain::Receipt &receipt);

private:
    Util::Status insertAttempt(qint64 receiptId, int idx, const Domain::Attempt &a);
    Util::Status insertSkip(qint64 receiptId, int idx, const Domain::Skip &s);
    bool isStored(const QString &requestId);

    QSqlDatabase m_db;
    SqliteStatement m_receipt;
    SqliteStatement m_attempt;
    SqliteStatement m_skip;
    SqliteStatement m_exists;
};

// Select lists (columns of `receipt`, `attempt`, `skip`) and their readers, in matching order.
QString receiptRowColumns();
ReceiptRow readReceiptRow(const QSqlQuery &query);
QString receiptColumns();
Domain::Receipt readReceipt(const QSqlQuery &query); // without attempts and skips
QString attemptColumns();
Domain::Attempt readAttempt(const QSqlQuery &query);
QString skipColumns();
Domain::Skip readSkip(const QSqlQuery &query);

} // namespace Store
