#include "callstablemodel.h"

#include "common/format.h"
#include "common/tr.h"

#include <QFont>
#include <QScopeGuard>
#include <QScopedValueRollback>
#include <algorithm>
#include <store/receiptreader.h>

using namespace Qt::StringLiterals;

namespace Ui::Calls {
namespace {

// One live query reads at most this many rows (see fetchLive).
constexpr int kLiveChunk = 500;
// Receipts waiting for a refresh are counted up to this many ("1,000 new calls").
constexpr qint64 kPendingCap = 1000;
// After a reload the newest ids looked at for gaps: other writers' open transactions hold recent
// ids only.
constexpr qint64 kReloadGapIds = 500;
// The most ids watched at once (one read of them per look).
constexpr qint64 kMaxGaps = 1000;

std::optional<Store::ReceiptSort::Key> sortKeyOf(int column)
{
    using Key = Store::ReceiptSort::Key;
    switch (column) {
    case CallsTableModel::TimeColumn:
        return Key::Time;
    case CallsTableModel::ModelAskedColumn:
        return Key::ModelAsked;
    case CallsTableModel::ModelServedColumn:
        return Key::ModelServed;
    case CallsTableModel::StatusColumn:
        return Key::Status;
    case CallsTableModel::AttemptsColumn:
        return Key::Attempts;
    case CallsTableModel::ServedByColumn:
        return Key::ServedBy;
    case CallsTableModel::LatencyColumn:
        return Key::Latency;
    default:
        return std::nullopt;
    }
}

QString statusClassText(Domain::StatusClass c)
{
    switch (c) {
    case Domain::StatusClass::Ok:
        return Tr::tr("served first time");
    case Domain::StatusClass::RetriedOk:
        return Tr::tr("served after retries");
    case Domain::StatusClass::FellBack:
        return Tr::tr("served by a fallback model");
    case Domain::StatusClass::Failed:
        return Tr::tr("failed");
    }
    return {};
}

} // namespace

CallsTableModel::CallsTableModel(Store::ReceiptReader *reader, QObject *parent)
    : QAbstractTableModel(parent)
    , m_reader(reader)
    , m_now([] { return QDateTime::currentDateTimeUtc(); })
{
    m_liveTimer.setSingleShot(true);
    m_liveTimer.setInterval(m_liveDelay);
    connect(&m_liveTimer, &QTimer::timeout, this, &CallsTableModel::fetchLive);
    m_clock.start();
    if (!m_reader->commitsInIdOrder()) {
        m_pollTimer.setInterval(kPollMs);
        connect(&m_pollTimer, &QTimer::timeout, this, [this] {
            if (!m_liveTimer.isActive())
                m_liveTimer.start();
        });
        m_pollTimer.start();
    }
}

int CallsTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CallsTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CallsTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Store::ReceiptRow &r = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return display(r, index.column());
    case Qt::ToolTipRole:
        return toolTip(r, index.column());
    case Qt::FontRole:
        // A probe's or rehearsal's row stands apart from the callers' calls.
        if (r.kind != Domain::CallKind::Call) {
            QFont italic;
            italic.setItalic(true);
            return italic;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() >= AttemptsColumn && index.column() != ServedByColumn
            && index.column() != InstanceColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
    case RowIdRole:
        return QVariant::fromValue<qlonglong>(r.rowId);
    case RequestIdRole:
        return r.requestId;
    default:
        return {};
    }
}

QVariant CallsTableModel::display(const Store::ReceiptRow &r, int column) const
{
    switch (column) {
    case TimeColumn:
        return Common::relativeTime(r.startedAt, m_now());
    case ModelAskedColumn:
        return modelAskedText(r);
    case ModelServedColumn:
        return r.modelServed.isEmpty() ? u"—"_s : r.modelServed;
    case StatusColumn:
        return statusText(r);
    case AttemptsColumn:
        return Common::number(qint64(r.attempts));
    case ServedByColumn:
        return r.servedBy.isEmpty() ? u"—"_s : r.servedBy;
    case LatencyColumn:
        return Common::number(r.latencyMs);
    case TokensInColumn:
        return Common::number(r.inputTokens);
    case TokensOutColumn:
        return Common::number(r.outputTokens);
    case CostColumn:
        return Common::number(r.cost, 4);
    case InstanceColumn:
        return r.instance.isEmpty() ? u"—"_s : r.instance;
    default:
        return {};
    }
}

QVariant CallsTableModel::toolTip(const Store::ReceiptRow &r, int column) const
{
    switch (column) {
    case TimeColumn:
        return Common::exactTime(r.startedAt);
    case ModelAskedColumn: {
        QString tip = r.alias.isEmpty()
            ? r.modelAsked
            : Tr::tr("Alias %1 resolved to %2").arg(r.alias, r.modelResolved);
        if (r.kind == Domain::CallKind::Probe)
            tip += u'\n'
                + Tr::tr("A reliability probe the gateway sent itself: not caller traffic");
        else if (r.kind == Domain::CallKind::Rehearsal)
            tip += u'\n' + Tr::tr("A fault rehearsal: not caller traffic");
        return tip;
    }
    case StatusColumn: {
        QString tip = statusClassText(r.statusClass);
        if (!r.errorCode.isEmpty())
            tip = Tr::tr("%1: %2 (%3)").arg(tip, r.errorCode, Domain::toString(r.errorClass));
        return tip;
    }
    case ServedByColumn:
        return r.servedBy.isEmpty() ? Tr::tr("No upstream answered") : r.servedBy;
    case InstanceColumn:
        return r.instance.isEmpty()
            ? Tr::tr("Stored before gateway instances were named")
            : Tr::tr("Gateway instance %1 stored this call").arg(r.instance);
    default:
        return {};
    }
}

QVariant CallsTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case TimeColumn:
        return Tr::tr("Time");
    case ModelAskedColumn:
        return Tr::tr("Model asked");
    case ModelServedColumn:
        return Tr::tr("Model served");
    case StatusColumn:
        return Tr::tr("Status");
    case AttemptsColumn:
        return Tr::tr("Att");
    case ServedByColumn:
        return Tr::tr("Served by");
    case LatencyColumn:
        return Tr::tr("Latency, ms");
    case TokensInColumn:
        return Tr::tr("Tokens in");
    case TokensOutColumn:
        return Tr::tr("Tokens out");
    case CostColumn:
        return Tr::tr("Cost");
    case InstanceColumn:
        return Tr::tr("Instance");
    default:
        return {};
    }
}

QString CallsTableModel::statusText(const Store::ReceiptRow &row)
{
    const QString status = QString::number(row.httpStatus);
    switch (row.statusClass) {
    case Domain::StatusClass::Ok:
        return status;
    case Domain::StatusClass::RetriedOk:
        return Tr::tr("%1 · retried").arg(status);
    case Domain::StatusClass::FellBack:
        return Tr::tr("%1 · fell back").arg(status);
    case Domain::StatusClass::Failed:
        return row.errorCode.isEmpty() ? status : Tr::tr("%1 · %2").arg(status, row.errorCode);
    }
    return status;
}

QString CallsTableModel::modelAskedText(const Store::ReceiptRow &row)
{
    QString text = row.modelAsked;
    if (!row.alias.isEmpty() && !row.modelResolved.isEmpty() && row.modelResolved != row.alias)
        text = Tr::tr("%1 → %2").arg(row.alias, row.modelResolved);
    if (row.kind == Domain::CallKind::Probe)
        return Tr::tr("%1 · probe").arg(text);
    if (row.kind == Domain::CallKind::Rehearsal)
        return Tr::tr("%1 · rehearsal").arg(text);
    return text;
}

bool CallsTableModel::canFetchMore(const QModelIndex &parent) const
{
    // Not from inside our own change notifications: a listener that fetches there would nest one
    // insertion in another.
    return !parent.isValid() && !m_atEnd && !m_changing;
}

QList<Store::ReceiptRow> CallsTableModel::readPage(bool first, Store::ReceiptCursor *last) const
{
    if (m_sort.isNewestFirst()) {
        const qint64 before
            = first || m_rows.isEmpty() ? m_watermark + 1 : m_rows.constLast().rowId;
        return m_reader->page(m_filter, before, m_pageSize);
    }
    return m_reader->sortedPage(m_filter, m_sort, first ? std::nullopt : m_cursor, m_watermark,
                                m_pageSize, last);
}

void CallsTableModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent))
        return;
    const QScopedValueRollback<bool> changing(m_changing, true);
    Store::ReceiptCursor last;
    const QList<Store::ReceiptRow> page = readPage(false, &last);
    if (m_reader->wasInterrupted())
        return; // cancelled: the next scroll asks again
    m_atEnd = page.size() < m_pageSize;
    m_cursor = last;
    if (page.isEmpty())
        return;
    const int first = int(m_rows.size());
    beginInsertRows({}, first, first + int(page.size()) - 1);
    m_rows.append(page);
    endInsertRows();
}

bool CallsTableModel::setFilter(const Store::ReceiptFilter &filter)
{
    const Store::ReceiptFilter before = m_filter;
    m_filter = filter;
    if (reload())
        return true;
    m_filter = before;
    return false;
}

bool CallsTableModel::isSortable(int column)
{
    return sortKeyOf(column).has_value();
}

void CallsTableModel::sort(int column, Qt::SortOrder order)
{
    const std::optional<Store::ReceiptSort::Key> key = sortKeyOf(column);
    if (!key)
        return;
    const Store::ReceiptSort sort { *key, order == Qt::DescendingOrder };
    if (sort == m_sort)
        return;
    const Store::ReceiptSort before = m_sort;
    m_sort = sort;
    if (!reload())
        m_sort = before;
    Q_EMIT sortChanged(sortColumn(), sortOrder());
}

void CallsTableModel::presetSort(int column, Qt::SortOrder order)
{
    if (const std::optional<Store::ReceiptSort::Key> key = sortKeyOf(column))
        m_sort = { *key, order == Qt::DescendingOrder };
}

int CallsTableModel::sortColumn() const
{
    for (int column = 0; column < ColumnCount; ++column) {
        if (sortKeyOf(column) == m_sort.key)
            return column;
    }
    return TimeColumn;
}

Qt::SortOrder CallsTableModel::sortOrder() const
{
    return m_sort.descending ? Qt::DescendingOrder : Qt::AscendingOrder;
}

const Store::ReceiptSort &CallsTableModel::receiptSort() const
{
    return m_sort;
}

qint64 CallsTableModel::pendingRows() const
{
    return m_pending;
}

const Store::ReceiptFilter &CallsTableModel::filter() const
{
    return m_filter;
}

bool CallsTableModel::reload()
{
    const QScopedValueRollback<bool> changing(m_changing, true);
    // Read first, replace after: a cancelled read leaves the rows shown as they were.
    // The newest id of the whole table first, then pages strictly below it (see m_watermark).
    const qint64 watermarkBefore = m_watermark;
    const qint64 failures = m_reader->failedReads();
    const QList<Store::ReceiptRow> newest = m_reader->page({}, 0, 1);
    if (m_reader->failedReads() != failures)
        return false; // not an empty table: the rows shown stay
    const QMap<qint64, qint64> gapsBefore = m_gaps;
    const qint64 seenBefore = m_seenThrough;
    m_watermark = newest.isEmpty() ? 0 : newest.constFirst().rowId;
    if (!m_reader->commitsInIdOrder()) {
        // Ids missing below the watermark now may still commit; the pages read next show any
        // that commit meanwhile (insertLate skips those).
        m_gaps.clear();
        m_seenThrough = std::max<qint64>(0, m_watermark - kReloadGapIds);
        bool more = false;
        (void)noteGaps(&more);
        if (more)
            m_liveTimer.start();
    }
    Store::ReceiptCursor last;
    const QList<Store::ReceiptRow> first
        = m_watermark == 0 ? QList<Store::ReceiptRow>() : readPage(true, &last);
    if (m_reader->wasInterrupted() || m_reader->failedReads() != failures) {
        m_watermark = watermarkBefore;
        m_gaps = gapsBefore;
        m_seenThrough = seenBefore;
        return false;
    }
    m_loaded = true;
    const auto announce = qScopeGuard([this] { Q_EMIT reloaded(); });
    // Remove and insert rather than reset: views keep their header state, and a reset would let a
    // view's fetchMore run inside the reset notification.
    if (!m_rows.isEmpty()) {
        beginRemoveRows({}, 0, int(m_rows.size()) - 1);
        m_rows.clear();
        endRemoveRows();
    }
    m_atEnd = first.size() < m_pageSize;
    m_cursor = last;
    if (m_pending != 0) {
        m_pending = 0;
        Q_EMIT pendingRowsChanged(0);
    }
    if (first.isEmpty())
        return true;
    beginInsertRows({}, 0, int(first.size()) - 1);
    m_rows = first;
    endInsertRows();
    return true;
}

void CallsTableModel::setPageSize(int rows)
{
    m_pageSize = std::max(1, rows);
}

int CallsTableModel::pageSize() const
{
    return m_pageSize;
}

void CallsTableModel::setLiveDelay(int ms)
{
    m_liveDelay = std::max(0, ms);
    m_liveTimer.setInterval(m_liveDelay);
}

void CallsTableModel::setNow(std::function<QDateTime()> now)
{
    m_now = std::move(now);
    refreshTimes();
}

void CallsTableModel::refreshTimes()
{
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, TimeColumn), index(rowCount() - 1, TimeColumn),
                           { Qt::DisplayRole });
}

bool CallsTableModel::hasOlderRows() const
{
    return !m_atEnd;
}

const Store::ReceiptRow &CallsTableModel::receiptRow(int row) const
{
    return m_rows.at(row);
}

int CallsTableModel::rowOfRequestId(const QString &requestId) const
{
    if (requestId.isEmpty())
        return -1;
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).requestId == requestId)
            return i;
    }
    return -1;
}

void CallsTableModel::noteReceiptsWritten(const QList<Store::ReceiptRow> &rows)
{
    const bool newer = std::any_of(rows.cbegin(), rows.cend(), [this](const Store::ReceiptRow &r) {
        return r.rowId > m_watermark;
    });
    if (newer && !m_liveTimer.isActive())
        m_liveTimer.start();
}

void CallsTableModel::fetchLive()
{
    if (m_changing) { // a read is under way (one that shows progress runs the event loop)
        m_liveTimer.start();
        return;
    }
    if (!m_loaded) {
        // Never read. On PostgreSQL (the database did not answer) the whole read, at the pace of
        // the backed-off look; on SQLite only a read the user cancelled gets here: Refresh.
        if (!m_reader->commitsInIdOrder())
            (void)reload();
        return;
    }
    if (!m_sort.isNewestFirst()) {
        const qint64 pending = m_reader->countNewerThan(m_filter, m_watermark, kPendingCap);
        if (pending != m_pending) {
            m_pending = pending;
            Q_EMIT pendingRowsChanged(m_pending);
        }
        return;
    }
    // One bounded chunk per event-loop turn: a burst is caught up over several turns, with input
    // and painting handled in between, so the UI thread never stalls on one huge read and insert.
    const qint64 failures = m_reader->failedReads();
    const qint64 before = m_watermark;
    QList<qint64> late;
    bool more = false;
    if (!m_reader->commitsInIdOrder()) {
        for (qint64 id : noteGaps(&more)) {
            if (id <= before)
                late << id;
        }
    }
    // On PostgreSQL only as far as the ids looked at: an id past them that commits later must
    // still be found missing, not taken as seen.
    const QList<Store::ReceiptRow> fresh = m_reader->newerThan(
        m_filter, m_watermark, kLiveChunk, m_reader->commitsInIdOrder() ? -1 : m_seenThrough);
    if (!fresh.isEmpty()) {
        m_watermark = fresh.constFirst().rowId;
        {
            const QScopedValueRollback<bool> changing(m_changing, true);
            beginInsertRows({}, 0, int(fresh.size()) - 1);
            // QList keeps free space at its front: prepending is amortised O(1), no copy of
            // loaded rows.
            for (auto it = fresh.crbegin(); it != fresh.crend(); ++it)
                m_rows.prepend(*it);
            endInsertRows();
        }
        Q_EMIT liveRowsInserted(int(fresh.size()));
    }
    if (!late.isEmpty()) {
        const qint64 failedBefore = m_reader->failedReads();
        const QList<Store::ReceiptRow> rows = m_reader->rowsWithIds(m_filter, late);
        if (m_reader->failedReads() != failedBefore) {
            for (qint64 id : std::as_const(late)) // watched again, read at the next look
                m_gaps.insert(id, m_clock.elapsed());
        } else {
            insertLate(rows);
        }
    }
    noteReadOutcome(m_reader->failedReads() == failures);
    if (fresh.size() == kLiveChunk || more) {
        m_liveTimer.start(0);
        m_catchingUp = true;
    } else if (m_catchingUp) {
        m_catchingUp = false;
        m_liveTimer.setInterval(m_liveDelay);
    }
}

// After a failed read (the database refused or was lost) the looks slow down, up to one in 8 s,
// and the ids watched are watched from the next good read on: they may commit meanwhile.
void CallsTableModel::noteReadOutcome(bool ok)
{
    if (m_reader->commitsInIdOrder())
        return;
    if (ok) {
        m_pollTimer.setInterval(kPollMs);
        return;
    }
    const qint64 now = m_clock.elapsed();
    for (auto it = m_gaps.begin(); it != m_gaps.end(); ++it)
        it.value() = now;
    m_pollTimer.setInterval(std::min(m_pollTimer.interval() * 2, 8 * kPollMs));
}

QList<qint64> CallsTableModel::noteGaps(bool *more)
{
    const qint64 now = m_clock.elapsed();
    const qint64 failures = m_reader->failedReads();
    const QList<qint64> ids = m_reader->idsAfter(m_seenThrough, kLiveChunk);
    for (qint64 id : ids) {
        // A gap wider than the watch (a large batch rolled back) keeps its newest ids.
        for (qint64 gap = std::max(m_seenThrough + 1, id - kMaxGaps); gap < id; ++gap)
            m_gaps.insert(gap, now);
        m_seenThrough = id;
    }
    while (m_gaps.size() > kMaxGaps) // the oldest ids are the least likely to commit still
        m_gaps.erase(m_gaps.begin());
    *more = ids.size() == kLiveChunk;
    QList<qint64> filled;
    if (m_gaps.isEmpty() || m_reader->failedReads() != failures)
        return filled;
    filled = m_reader->existingIds(m_gaps.keys());
    if (m_reader->failedReads() != failures)
        return {};
    for (qint64 id : std::as_const(filled))
        m_gaps.remove(id);
    m_gaps.removeIf([now](const QMap<qint64, qint64>::iterator &it) {
        return now - it.value() >= kGapWatchMs;
    });
    return filled;
}

void CallsTableModel::insertLate(const QList<Store::ReceiptRow> &late)
{
    for (const Store::ReceiptRow &row : late) {
        // Newest first: the first row with a lower id is where it goes.
        const auto at = std::lower_bound(
            m_rows.cbegin(), m_rows.cend(), row.rowId,
            [](const Store::ReceiptRow &shown, qint64 id) { return shown.rowId > id; });
        if (at != m_rows.cend() && at->rowId == row.rowId)
            continue; // a page or the live path showed it already
        if (at == m_rows.cend() && !m_atEnd)
            continue; // among rows not read yet: its page brings it
        const int pos = int(at - m_rows.cbegin());
        {
            const QScopedValueRollback<bool> changing(m_changing, true);
            beginInsertRows({}, pos, pos);
            m_rows.insert(pos, row);
            endInsertRows();
        }
        Q_EMIT liveRowsInserted(1);
    }
}

} // namespace Ui::Calls
