#pragma once

#include "domain/receipt.h"
#include "store/receiptrow.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <optional>

namespace Store {

class Database;

// Reads receipts on the calling thread's own Database (the studio's UI thread opens it read-only).
class ReceiptReader
{
public:
    explicit ReceiptReader(Database &db);

    // Keyset paging, newest first: rows with rowid < beforeRowId (0 = from the newest), at most
    // limit. Never OFFSET, so a page costs the same deep in millions of rows.
    QList<ReceiptRow> page(const ReceiptFilter &filter, qint64 beforeRowId, int limit) const;
    // Live updates: the (at most limit) rows right after afterRowId, returned newest first. When
    // more arrived, call again with the first row's id: no row is skipped.
    QList<ReceiptRow> newerThan(const ReceiptFilter &filter, qint64 afterRowId, int limit) const;
    // The full receipt with its attempts and skips in order.
    std::optional<Domain::Receipt> receipt(qint64 rowId) const;
    std::optional<Domain::Receipt> receiptByRequestId(const QString &requestId) const;
    // Calls that named alias (Receipt::alias) started at or after since (invalid: all time).
    int countUsingAlias(const QString &alias, const QDateTime &since) const;
    // Receipts matching filter (the Calls view's total). Errors are logged; reads then return
    // empty.
    qint64 count(const ReceiptFilter &filter = {}) const;

private:
    Database &m_db;
};

} // namespace Store
