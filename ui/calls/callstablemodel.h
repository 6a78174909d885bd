#pragma once

#include <QAbstractTableModel>
#include <QDateTime>
#include <QElapsedTimer>
#include <QList>
#include <QMap>
#include <QTimer>
#include <functional>
#include <store/receiptrow.h>

namespace Store {
class ReceiptReader;
}

namespace Ui::Calls {

// The Calls table (R-UI-5): receipts newest first, read in keyset pages through canFetchMore /
// fetchMore, never the whole table; every filter runs in SQL. New receipts arrive live: the
// writer's coalesced signal only marks the model stale, and a short timer folds every signal of
// that moment into one query and one beginInsertRows at the top, so a busy gateway cannot flood the
// view. On PostgreSQL, where other gateways write too, it also looks every second, and watches for
// a while the ids it has not seen yet: a row with a lower id can commit after a higher one
// (ReceiptReader::commitsInIdOrder), and it is then put in its place.
// The key columns sort (sort(), in SQL, keyset pages on (column, id)). Sorted any other way than
// newest first, new receipts are not inserted: rows would appear in the middle of what the user is
// reading and move it. They are counted instead (pendingRowsChanged) for a "new calls — refresh"
// notice, and reload() shows them in place.
class CallsTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        TimeColumn,
        ModelAskedColumn,
        ModelServedColumn,
        StatusColumn,
        AttemptsColumn,
        ServedByColumn,
        LatencyColumn,
        TokensInColumn,
        TokensOutColumn,
        CostColumn,
        InstanceColumn, // the gateway instance that stored the receipt
        ColumnCount
    };
    enum Role { RowIdRole = Qt::UserRole + 1, RequestIdRole };

    // The reader must outlive the model; it reads on the UI thread's own connection.
    explicit CallsTableModel(Store::ReceiptReader *reader, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;
    // Key columns only (isSortable); others are ignored.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    // Replaces the filter and reloads the first page. False when the read was cancelled (see
    // ReceiptReader::setProgress): then the rows and the filter stay as they were.
    bool setFilter(const Store::ReceiptFilter &filter);
    const Store::ReceiptFilter &filter() const;
    // Reloads the first page with the current filter and order (false: cancelled, rows kept).
    bool reload();
    static bool isSortable(int column);
    // Sets the order the next reload() reads in, without reading (a remembered order at startup).
    void presetSort(int column, Qt::SortOrder order);
    // The order of the rows, as a column and a direction.
    int sortColumn() const;
    Qt::SortOrder sortOrder() const;
    const Store::ReceiptSort &receiptSort() const;
    // Receipts written since the last reload that match the filter but wait for a refresh
    // (sorted other than newest first), counted up to a cap.
    qint64 pendingRows() const;
    void setPageSize(int rows);
    int pageSize() const;
    // How long live signals are gathered before one query (0: on the next event loop turn).
    void setLiveDelay(int ms);
    // How often it looks for other writers' rows where they are not signalled (PostgreSQL).
    static constexpr int kPollMs = 1000;
    // How long an id not seen yet is watched for (a transaction still open, or one rolled back).
    static constexpr int kGapWatchMs = 10000;
    // The clock behind the relative times ("12 s ago"); tests pass a fixed one.
    void setNow(std::function<QDateTime()> now);
    // Re-renders the relative times (the screen calls this every few seconds).
    void refreshTimes();

    // Older rows remain to be fetched (canFetchMore() also says no while a change is notified).
    bool hasOlderRows() const;
    const Store::ReceiptRow &receiptRow(int row) const;
    int rowOfRequestId(const QString &requestId) const;

    // Connect ReceiptWriter::receiptsWritten here (queued: the writer emits on its own thread).
    void noteReceiptsWritten(const QList<Store::ReceiptRow> &rows);

    static QString statusText(const Store::ReceiptRow &row);
    static QString modelAskedText(const Store::ReceiptRow &row);

Q_SIGNALS:
    // After live rows were inserted at the top (the view keeps its scroll position with this).
    void liveRowsInserted(int count);
    // The count of receipts waiting for a refresh changed (0 after a reload).
    void pendingRowsChanged(qint64 count);
    // The order changed (sort(), or reload after it).
    void sortChanged(int column, Qt::SortOrder order);
    // A reload read the table (its rows may be the same, or none).
    void reloaded();

private:
    void fetchLive();
    QList<qint64> noteGaps(bool *more);
    void noteReadOutcome(bool ok);
    void insertLate(const QList<Store::ReceiptRow> &late);
    QList<Store::ReceiptRow> readPage(bool first, Store::ReceiptCursor *last) const;
    QVariant display(const Store::ReceiptRow &r, int column) const;
    QVariant toolTip(const Store::ReceiptRow &r, int column) const;

    Store::ReceiptReader *m_reader;
    Store::ReceiptFilter m_filter;
    Store::ReceiptSort m_sort;
    std::optional<Store::ReceiptCursor> m_cursor; // end of the last sorted page
    qint64 m_pending = 0;
    QList<Store::ReceiptRow> m_rows;
    int m_pageSize = 200;
    bool m_atEnd = true;
    bool m_changing = false; // inside one of our own insert/remove notifications
    // Rows with an id up to the watermark come by pages, newer ones by the live path: a receipt
    // committed while a page is read is then neither lost nor shown twice.
    qint64 m_watermark = 0;
    QTimer m_liveTimer;
    int m_liveDelay = 100;
    bool m_catchingUp = false;
    // PostgreSQL: ids up to m_seenThrough were looked at; m_gaps are those among them not seen
    // yet, with when they were first missed (m_clock).
    QTimer m_pollTimer;
    qint64 m_seenThrough = 0;
    QMap<qint64, qint64> m_gaps; // by id: the oldest go first when too many are watched
    bool m_loaded = false; // a reload succeeded: the watermark is the table's
    QElapsedTimer m_clock;
    std::function<QDateTime()> m_now;
};

} // namespace Ui::Calls
