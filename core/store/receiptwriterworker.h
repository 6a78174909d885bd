#pragma once

#include "domain/callrecord.h"
#include "store/receiptpruner.h"
#include "store/receiptrow.h"
#include "store/receiptwriter.h"
#include "util/result.h"

#include <QList>
#include <QMutex>
#include <QObject>
#include <QString>
#include <QWaitCondition>
#include <atomic>
#include <memory>

class QTimer;

// ReceiptWriter's internals: the queue shared with submitting threads and the worker in the writer
// thread. Not public.
namespace Store {

class Database;
class ReceiptInserter;
class ReceiptWriterWorker;
class SpendWriter;

// Shared between submit() (any thread), flush() (the owner's thread) and the worker.
struct ReceiptQueue
{
    QMutex mutex;
    QWaitCondition changed; // signalled when receipts are done or a write failed
    QList<WriterEntry> pending; // at most limit - (submitted - done) more are accepted
    quint64 submitted = 0; // receipts and holds accepted so far
    quint64 done = 0; // committed (or rejected as a duplicate request id)
    quint64 failures = 0; // failed batch writes so far
    quint64 dropped = 0; // submitted while limit receipts were waiting: never written
    qint64 limit = 0; // most receipts waiting in memory (accepted, not yet committed)
    bool failing = false; // the last batch write failed; logged once until one succeeds
    bool dropping = false; // a receipt was dropped; logged once until the queue is empty
    bool scheduled = false; // the worker has been woken and has not gone idle since
    int flushWaiters = 0; // while > 0 the worker skips the coalescing pause
    std::atomic<bool> prompt = false; // no coalescing pause; batchCommitted() after each commit
    ReceiptWriterWorker *worker = nullptr; // set while the worker runs; guarded by mutex
};

// Lives in the writer thread. Created without resources; open() creates the connection and timer
// inside the thread, close() destroys them there, because a connection belongs to its thread.
class ReceiptWriterWorker : public QObject
{
    Q_OBJECT
public:
    ReceiptWriterWorker(QString path, std::shared_ptr<ReceiptQueue> queue);
    ~ReceiptWriterWorker() override;
    void setInstance(const QString &instance) { m_instance = instance; } // before open()

    Util::Status open();
    void close();
    void wake(); // a first receipt arrived: write after the coalescing pause
    void drainNow(); // a flush waits: write without pausing
    // Retention (receiptpruner.cpp): prunes now and then every hour, one bounded step per turn of
    // the event loop so that batches are written in between.
    void setRetention(const Store::RetentionPolicy &policy);
    qint64 setMaxPageCount(qint64 pages);
    // Stops a pruning pass between two steps; pruning rests until setRetention() again.
    void cancelPruning(); // PRAGMA max_page_count on this connection; the result

Q_SIGNALS:
    void batchWritten(const QList<Store::ReceiptRow> &rows);
    void batchCommitted(quint64 through); // while prompt: receipts done so far
    void pruned(qint64 count); // a pruning pass ended having deleted count > 0 receipts
    // After each step of a pass that goes on: deleted so far, of due at its start.
    void pruningProgress(qint64 done, qint64 due);
    // A pass that had something to delete ended (cancelled: by cancelPruning()).
    void pruningEnded(qint64 deleted, bool cancelled);

private:
    void drain();
    bool writeNextBatch();
    Util::Status reopen(); // the connection and the prepared statements, after a failure
    Util::Result<QList<ReceiptRow>> writeBatch(qsizetype from, qsizetype count);
    // One receipt through ReceiptInserter::insert(), its row added to rows; a duplicate is logged
    // and skipped. False when this very receipt was stored already (its charge with it).
    Util::Result<bool> insertOne(const Domain::Receipt &receipt, QList<ReceiptRow> &rows);
    void scheduleNext();
    // Receipts accepted and not yet written: the rest of the backlog and the queue. Lock held.
    qsizetype waitingLocked() const;
    void pruneStep();

    QString m_path;
    std::shared_ptr<ReceiptQueue> m_queue;
    std::unique_ptr<Database> m_db;
    std::unique_ptr<ReceiptInserter> m_inserter;
    std::unique_ptr<SpendWriter> m_spend;
    QTimer *m_timer = nullptr;
    QList<WriterEntry> m_backlog; // taken from the queue in one swap; written from m_next on
    qsizetype m_next = 0;
    int m_retryDelayMs = 0;
    RetentionPolicy m_retention;
    QString m_instance;
    bool m_reconnect = false; // the last write failed on PostgreSQL: reopen before the next
    QTimer *m_pruneTimer = nullptr;
    qint64 m_prunedThisPass = 0;
    qint64 m_dueThisPass = -1; // -1: no pass under way
    bool m_pruningCancelled = false;
    quint64 m_failedSince = 0; // failures when the current failing episode began
};

} // namespace Store
