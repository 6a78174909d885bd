#pragma once

#include "domain/receipt.h"
#include "store/receiptrow.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace Store {

class Database;

// Reads receipts on the calling thread's own Database (the studio's UI thread opens it read-only).
class ReceiptReader
{
public:
    // The most matches of a filter whose sort columns a sorted page keeps in memory (40 bytes
    // each, plus 16 per sort key used). With more, a walk of the sort column's index meets a
    // match every few rows.
    static constexpr qint64 kMatchSetRows = 100000;

    explicit ReceiptReader(Database &db);
    ~ReceiptReader();
    ReceiptReader(const ReceiptReader &) = delete;
    ReceiptReader &operator=(const ReceiptReader &) = delete;

    // Keyset paging, newest first: rows with rowid < beforeRowId (0 = from the newest), at most
    // limit. Never OFFSET, so a page costs the same deep in millions of rows.
    QList<ReceiptRow> page(const ReceiptFilter &filter, qint64 beforeRowId, int limit) const;
    // Keyset paging in any order (the Calls table's header): the rows after `after` (nullopt: from
    // the first) in `sort` order, only ids up to ceilingId (0: all) so that rows committed while
    // the user pages do not slip in between. `last` receives the cursor of the last row returned.
    // Every filter applies. Unfiltered, a page costs an index walk of about `limit` rows. Under a
    // filter with at most kMatchSetRows matches below the ceiling, the first page reads every
    // match's sort columns once and keeps them in order; the next pages look their cursor up there
    // and read `limit` rows by id. More matches than that walk the sort column's index and skip
    // the rows that do not match (bench/README.md).
    QList<ReceiptRow> sortedPage(const ReceiptFilter &filter, const ReceiptSort &sort,
                                 const std::optional<ReceiptCursor> &after, qint64 ceilingId,
                                 int limit, ReceiptCursor *last = nullptr) const;
    // How many rows matching filter came after afterRowId, counting at most cap.
    qint64 countNewerThan(const ReceiptFilter &filter, qint64 afterRowId, qint64 cap) const;
    // Live updates: the (at most limit) rows right after afterRowId, returned newest first. When
    // more arrived, call again with the first row's id: no row is skipped.
    // throughRowId (negative: none) caps the ids read.
    QList<ReceiptRow> newerThan(const ReceiptFilter &filter, qint64 afterRowId, int limit,
                                qint64 throughRowId = -1) const;
    // True on SQLite, where a writer commits rows in the order of their ids. On PostgreSQL an id
    // is handed out at the insert and the row shows at its commit: with several writers a lower id
    // can show after a higher one, and a live view watches the ids it has not seen yet.
    bool commitsInIdOrder() const;
    // Reads that failed (the database refused or was lost), counted since the connection opened.
    qint64 failedReads() const;
    // The ids of the (at most limit) rows right after afterRowId, ascending, whatever the filter.
    QList<qint64> idsAfter(qint64 afterRowId, int limit) const;
    // The rows among `ids` that exist and match filter, newest first.
    QList<ReceiptRow> rowsWithIds(const ReceiptFilter &filter, const QList<qint64> &ids) const;
    // Those of `ids` that exist, whatever the filter.
    QList<qint64> existingIds(const QList<qint64> &ids) const;
    // The full receipt with its attempts and skips in order.
    std::optional<Domain::Receipt> receipt(qint64 rowId) const;
    std::optional<Domain::Receipt> receiptByRequestId(const QString &requestId) const;
    // Calls that named alias (Receipt::alias) started at or after since (invalid: all time).
    int countUsingAlias(const QString &alias, const QDateTime &since) const;
    // Receipts matching filter (the Calls view's total). Errors are logged; reads then return
    // empty.
    qint64 count(const ReceiptFilter &filter = {}) const;
    // The gateway instances named by the newest `rows` receipts, sorted: those serving lately.
    // No index serves the instance, so the whole table is not read.
    QStringList recentInstances(qint64 rows = kInstanceProbeRows) const;
    static constexpr qint64 kInstanceProbeRows = 20000;

    // Long reads (a filter over a million receipts) can be watched and stopped. While set,
    // keepGoing runs on this thread inside every read, about every few thousand SQLite steps
    // (sqlite3_progress_handler); once it returns false the read stops (SQLITE_INTERRUPT), returns
    // nothing, and wasInterrupted() is true until the next setProgress(). Empty: no watch.
    void setProgress(std::function<bool()> keepGoing);
    bool wasInterrupted() const;
    // The most matches kept for sorted pages (kMatchSetRows unless set; tests set a few to reach
    // the index walk).
    void setMatchSetRows(qint64 rows);

private:
    static int progressCallback(void *reader);

    struct MatchSet;
    // The kept matches of one filter below one ceiling (nullptr: interrupted or an error).
    MatchSet *matchSet(const ReceiptFilter &filter, qint64 ceilingId) const;
    QList<ReceiptRow> sortedFromMatches(MatchSet &set, const ReceiptSort &sort,
                                        const std::optional<ReceiptCursor> &after, int limit,
                                        ReceiptCursor *last) const;

    Database &m_db;
    std::function<bool()> m_keepGoing;
    bool m_interrupted = false;
    // A sorted page's arm under a filter: its matches below the ceiling, counted up to the
    // threshold from which it walks the sort column's index (sortedPage), by query.
    mutable QHash<QString, qint64> m_armMatches;
    qint64 m_matchSetRows = kMatchSetRows;
    // The last few filters' kept matches, most recently used first.
    mutable std::vector<std::unique_ptr<MatchSet>> m_matchSets;
};

} // namespace Store
