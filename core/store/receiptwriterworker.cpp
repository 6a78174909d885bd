#include "receiptwriterworker.h"

#include "database.h"
#include "receiptsql.h"
#include "receiptwriter.h"
#include "spendsql.h"
#include "storeutil.h"

#include <QSet>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace Store {
namespace {

// Without statistics SQLite may walk the low-selectivity status index for a combined Calls filter,
// far over the view's budget on a million receipts. A sampled ANALYZE (analysis_limit) is bounded
// and cheap next to that (bench/README.md, "Calls view"); once per writer start, in its thread.
// PostgreSQL's autovacuum keeps its own statistics: nothing to do there.
void refreshPlannerStatistics(const Database &db)
{
    if (db.engine() != Engine::Sqlite)
        return;
    QSqlQuery query(db.handle());
    if (!query.exec(u"PRAGMA analysis_limit=1000"_s) || !query.exec(u"ANALYZE"_s))
        qCWarning(lcStore) << "Cannot refresh planner statistics:" << query.lastError().text();
}

// The receipt does not carry the instance: the writer binds its own to every row.
void addRow(QList<ReceiptRow> &rows, const Domain::Receipt &receipt, qint64 id,
            const QString &instance)
{
    ReceiptRow row = ReceiptRow::fromReceipt(receipt);
    row.rowId = id;
    row.instance = instance;
    rows << row;
}

// A batch's work on the spend tables (R-BILL-3), planned once: its transaction may run twice.
// A hold whose receipt is in the same batch is neither inserted nor deleted; the net effect is
// the same, either the hold row or the receipt and its spend.
struct SpendWork
{
    QList<const SpendHold *> inserts;
    QStringList deletes;
    SpendTally tally;

    void plan(const QList<const SpendHold *> &holds)
    {
        if (holds.isEmpty() || deletes.isEmpty()) {
            inserts = holds;
            return;
        }
        QSet<QString> held, settledHere;
        for (const SpendHold *hold : holds)
            held.insert(hold->requestId);
        QStringList rest;
        for (const QString &requestId : std::as_const(deletes)) {
            if (held.contains(requestId))
                settledHere.insert(requestId);
            else
                rest << requestId;
        }
        deletes = std::move(rest);
        for (const SpendHold *hold : holds) {
            if (!settledHere.contains(hold->requestId))
                inserts << hold;
        }
    }
};

// The receipts of entries [from, from + count), made here, on the writer's thread, not on the
// gateway's; and the batch's holds. Charges are tallied as receipts are written (writeBatch).
QList<Domain::Receipt> receiptsOf(const QList<WriterEntry> &entries, qsizetype from,
                                  qsizetype count, SpendWork &spend)
{
    QList<Domain::Receipt> batch;
    batch.reserve(count);
    QList<const SpendHold *> holds;
    for (qsizetype i = from; i < from + count; ++i) {
        const WriterEntry &entry = entries.at(i);
        const auto *record = std::get_if<Domain::CallRecord>(&entry);
        if (!record) {
            holds << &std::get<SpendHold>(entry);
            continue;
        }
        const Domain::Receipt &r = batch.emplace_back(record->toReceipt());
        if (record->holdStored)
            spend.deletes << r.requestId;
    }
    spend.plan(holds);
    return batch;
}

} // namespace

ReceiptWriterWorker::ReceiptWriterWorker(QString path, std::shared_ptr<ReceiptQueue> queue)
    : m_path(std::move(path))
    , m_queue(std::move(queue))
{
}

ReceiptWriterWorker::~ReceiptWriterWorker() = default;

Util::Status ReceiptWriterWorker::open()
{
    auto db = Database::open(m_path, Database::Mode::ReadWrite);
    if (!db)
        return db.error();
    m_db = std::move(db).value();
    refreshPlannerStatistics(*m_db);
    m_inserter = std::make_unique<ReceiptInserter>(m_db->handle());
    m_inserter->setInstance(m_instance);
    m_spend = std::make_unique<SpendWriter>(m_db->handle(), m_path);
    m_spend->setInstance(m_instance);
    Util::Status prepared = m_inserter->prepare();
    if (prepared)
        prepared = m_spend->prepare();
    if (!prepared) {
        m_spend.reset();
        m_inserter.reset();
        m_db.reset();
        return prepared;
    }
    m_timer = new QTimer(this);
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &ReceiptWriterWorker::drain);
    m_retryDelayMs = ReceiptWriter::kFirstRetryMs;
    m_pruneTimer = new QTimer(this);
    m_pruneTimer->setSingleShot(true);
    connect(m_pruneTimer, &QTimer::timeout, this, &ReceiptWriterWorker::pruneStep);
    if (!m_retention.keepsEverything())
        m_pruneTimer->start(0);

    QMutexLocker lock(&m_queue->mutex);
    m_queue->worker = this;
    if (!m_queue->pending.isEmpty() && !m_queue->scheduled) {
        m_queue->scheduled = true; // receipts submitted before start()
        m_timer->start(0);
    }
    return Util::Ok {};
}

void ReceiptWriterWorker::close()
{
    {
        // Unwritten receipts go back to the front of the queue: a later start() writes them.
        QMutexLocker lock(&m_queue->mutex);
        QList<WriterEntry> rest = m_backlog.mid(m_next);
        rest.append(std::move(m_queue->pending));
        m_queue->pending = std::move(rest);
        m_queue->worker = nullptr;
        m_queue->scheduled = false;
        m_queue->changed.wakeAll();
    }
    m_backlog.clear();
    m_next = 0;
    delete m_timer;
    m_timer = nullptr;
    delete m_pruneTimer;
    m_pruneTimer = nullptr;
    m_spend.reset(); // the prepared queries before the connection
    m_inserter.reset();
    m_db.reset();
}

void ReceiptWriterWorker::wake()
{
    if (m_queue->prompt)
        return drainNow();
    if (m_timer && !m_timer->isActive())
        m_timer->start(ReceiptWriter::kCoalesceMs);
}

void ReceiptWriterWorker::drainNow()
{
    if (!m_timer)
        return;
    m_timer->stop();
    drain();
}

qint64 ReceiptWriterWorker::setMaxPageCount(qint64 pages)
{
    if (!m_db)
        return -1;
    if (m_db->engine() != Engine::Sqlite) // a page cap is SQLite's; ReceiptWriter says so
        return -1;
    // A PRAGMA's value cannot be bound; pages is our own integer.
    QSqlQuery query(m_db->handle());
    if (!query.exec(u"PRAGMA max_page_count = %1"_s.arg(std::max<qint64>(1, pages)))
        || !query.next()) {
        qCWarning(lcStore) << "Cannot set max_page_count:" << query.lastError().text();
        return -1;
    }
    return query.value(0).toLongLong();
}

Util::Status ReceiptWriterWorker::reopen()
{
    // The old statements go with the old connection: freed later, they would be deallocated on
    // the new one, which never had them.
    m_spend.reset();
    m_inserter.reset();
    if (Util::Status s = m_db->reconnect(); !s)
        return s;
    m_inserter = std::make_unique<ReceiptInserter>(m_db->handle());
    m_inserter->setInstance(m_instance);
    m_spend = std::make_unique<SpendWriter>(m_db->handle(), m_path);
    m_spend->setInstance(m_instance);
    if (Util::Status s = m_inserter->prepare(); !s)
        return s;
    return m_spend->prepare();
}

void ReceiptWriterWorker::drain()
{
    if (!m_db)
        return;
    if (writeNextBatch())
        scheduleNext();
}

// False when the write failed and a retry is scheduled.
bool ReceiptWriterWorker::writeNextBatch()
{
    if (m_next >= m_backlog.size()) {
        m_backlog.clear();
        m_next = 0;
        QMutexLocker lock(&m_queue->mutex);
        m_backlog.swap(m_queue->pending); // O(1): submitters never wait for a copy
    }
    const qsizetype count = std::min(ReceiptWriter::kBatchSize, m_backlog.size() - m_next);
    if (count == 0)
        return true;
    Util::Result<QList<ReceiptRow>> rows = QList<ReceiptRow>();
    if (m_reconnect) {
        if (Util::Status reopened = reopen(); !reopened)
            rows = reopened.error();
    }
    if (rows)
        rows = writeBatch(m_next, count);
    // PostgreSQL: a failure is most often the server gone (restarted, the network): the connection
    // and its prepared statements are opened again before the retry. A batch whose COMMIT was lost
    // with the connection is found stored by its request ids and not written twice.
    m_reconnect = !rows && m_db->engine() == Engine::Postgres;
    if (!rows) {
        // One line per episode, not one per retry: a full disk stays full for a while.
        QMutexLocker lock(&m_queue->mutex);
        if (!m_queue->failing) {
            m_queue->failing = true;
            m_failedSince = m_queue->failures;
            qCCritical(lcStore).noquote()
                << u"Cannot write receipts to %1 (%2). They stay queued in memory (up to %3) and "
                   "the write is retried until it succeeds."_s.arg(m_path, logText(rows.error()))
                       .arg(m_queue->limit);
        }
        ++m_queue->failures;
        m_queue->changed.wakeAll();
        m_timer->start(m_retryDelayMs);
        m_retryDelayMs = std::min(m_retryDelayMs * 2, ReceiptWriter::kMaxRetryMs);
        return false;
    }
    m_retryDelayMs = ReceiptWriter::kFirstRetryMs;
    m_next += count;
    quint64 through = 0;
    bool announce = false;
    {
        QMutexLocker lock(&m_queue->mutex);
        m_queue->done += quint64(count);
        through = m_queue->done;
        // Read with the count: a flush() that returns on this commit and turns prompt on after it
        // must not see this commit announced.
        announce = m_queue->prompt;
        if (m_queue->failing) {
            m_queue->failing = false;
            qCWarning(lcStore).noquote()
                << u"Receipts are written to %1 again after %2 failed tries; %3 still queued, "
                   "%4 dropped so far."_s.arg(m_path)
                       .arg(m_queue->failures - m_failedSince)
                       .arg(m_queue->submitted - m_queue->done)
                       .arg(m_queue->dropped);
        }
        if (m_queue->dropping && m_queue->submitted == m_queue->done)
            m_queue->dropping = false; // the next drop is a new episode, logged again
        m_queue->changed.wakeAll();
    }
    if (announce)
        Q_EMIT batchCommitted(through);
    if (!rows->isEmpty())
        Q_EMIT batchWritten(rows.value());
    return true;
}

Util::Result<QList<ReceiptRow>> ReceiptWriterWorker::writeBatch(qsizetype from, qsizetype count)
{
    // A full batch is a few ms of CPU. On a busy machine the kernel queued the gateway's event
    // loop behind it on the same CPU and left the other CPU idle meanwhile (bench/README.md, "the
    // CPU the scheduler left idle"). Yielding after each group of rows lets a waiting thread run
    // within ~0.1 ms. Only while the writer keeps up: with a tenth of the queue's limit waiting it
    // keeps its full share until it has caught up.
    bool yieldBetweenGroups = false;
    {
        QMutexLocker lock(&m_queue->mutex);
        yieldBetweenGroups = waitingLocked() <= m_queue->limit / 10;
    }
    SpendWork spend;
    const QList<Domain::Receipt> batch = receiptsOf(m_backlog, from, count, spend);
    QList<ReceiptRow> rows;
    bool grouped = true;
    // A receipt left out as a duplicate still charges (its call ran), unless the row stored is
    // this very receipt: a commit whose answer was lost with the connection (PostgreSQL).
    const auto charge = [&spend](const Domain::Receipt &r) {
        if (r.charged > 0)
            spend.tally.add(r.keyId, r.projectId, r.startedAt.toMSecsSinceEpoch(), r.charged);
    };
    const auto write = [&]() -> Util::Status {
        rows.clear();
        rows.reserve(batch.size());
        spend.tally = SpendTally();
        // Holds first: the batch keeps the order of submission, a hold before its receipt.
        for (const SpendHold *hold : std::as_const(spend.inserts)) {
            if (Util::Status inserted = m_spend->insertHold(*hold); !inserted)
                return inserted;
        }
        const qsizetype end = batch.size();
        for (qsizetype i = 0; i < end;) {
            const qsizetype group = ReceiptInserter::rowsFor(end - i);
            if (grouped && group > 1) {
                qint64 ids[ReceiptInserter::kRowsPerStatement];
                if (Util::Status inserted = m_inserter->insertRows(&batch.at(i), group, ids);
                    !inserted)
                    return inserted;
                for (qsizetype k = 0; k < group; ++k) {
                    addRow(rows, batch.at(i + k), ids[k], m_instance);
                    charge(batch.at(i + k));
                }
                i += group;
                if (yieldBetweenGroups)
                    QThread::yieldCurrentThread();
                continue;
            }
            Util::Result<bool> stored = insertOne(batch.at(i), rows);
            if (!stored)
                return stored.error();
            if (*stored)
                charge(batch.at(i));
            ++i;
        }
        // A receipt's spend and the end of its hold commit with it, or neither does.
        for (const QString &requestId : std::as_const(spend.deletes)) {
            if (Util::Status deleted = m_spend->deleteHold(requestId); !deleted)
                return deleted;
        }
        return m_spend->add(spend.tally);
    };
    Util::Status status = m_db->transaction(write);
    if (!status && errorCodeOf(status.error()) == ErrorCode::ReceiptConstraint) {
        // A receipt of a group cannot be stored (its request id is, already): the transaction is
        // rolled back and the batch written one receipt at a time, which leaves out only that one.
        grouped = false;
        status = m_db->transaction(write);
    }
    if (!status)
        return status.error();
    return rows;
}

Util::Result<bool> ReceiptWriterWorker::insertOne(const Domain::Receipt &receipt,
                                                  QList<ReceiptRow> &rows)
{
    Util::Result<qint64> id = m_inserter->insert(receipt);
    if (!id && errorCodeOf(id.error()) == ErrorCode::DuplicateReceipt) {
        if (m_inserter->isStoredAlready(receipt))
            return false; // committed before, its charge with it
        qCWarning(lcStore).noquote() << logText(id.error()) << "The later one is not stored.";
        return true;
    }
    if (!id)
        return id.error();
    addRow(rows, receipt, *id, m_instance);
    return true;
}

// Under load the queue grew while the batch was written: go on at once. A short remainder waits for
// the coalescing pause; an empty queue makes the worker idle until the next submit() wakes it.
void ReceiptWriterWorker::scheduleNext()
{
    QMutexLocker lock(&m_queue->mutex);
    const qsizetype waiting = waitingLocked();
    if (waiting == 0) {
        m_queue->scheduled = false;
        return;
    }
    if (waiting >= ReceiptWriter::kBatchSize || m_queue->flushWaiters > 0 || m_queue->prompt)
        m_timer->start(0);
    else
        m_timer->start(ReceiptWriter::kCoalesceMs);
}

qsizetype ReceiptWriterWorker::waitingLocked() const
{
    return (m_backlog.size() - m_next) + m_queue->pending.size();
}

} // namespace Store
