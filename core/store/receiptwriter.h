#pragma once

#include "domain/callrecord.h"
#include "store/receiptbacklog.h"
#include "store/receiptpruner.h"
#include "store/receiptrow.h"
#include "store/spendhold.h"
#include "util/result.h"

#include <QList>
#include <QObject>
#include <QString>
#include <memory>
#include <variant>

class QThread;

namespace Store {

class ReceiptWriterWorker;
struct ReceiptQueue;

// What the writer is given: a call's record, or a call's hold (R-BILL-3). Both go through one
// queue, so a hold takes a ticket in the receipts' sequence and is committed before its call's
// receipt, through the same batches, retries and backlog.
using WriterEntry = std::variant<Domain::CallRecord, SpendHold>;

// Batched receipt writer on its own thread with its own connection (DESIGN.md "Threads"). submit()
// is thread-safe and never blocks on I/O; receipts are committed in batches (one transaction per
// batch of up to kBatchSize receipts). On a write error (a full disk, SQLITE_FULL; an unwritable
// file) the batch is kept and retried after a growing pause (kFirstRetryMs doubling to
// kMaxRetryMs) until it succeeds, with one log line when writing starts failing and one when it
// works again. Receipts keep being accepted meanwhile, up to queueLimit() waiting in memory; a
// receipt submitted beyond that is dropped and counted (ReceiptBacklog::dropped), with one log line
// per episode. A receipt whose request id is already stored cannot ever be written, so it is logged
// and passed over. While the load is light, receipts are gathered for kCoalesceMs so that listeners
// get a few coalesced signals rather than one per call (STYLE.md "Threads").
class ReceiptWriter : public QObject
{
    Q_OBJECT
public:
    // 100,000 receipts of a few KiB each: a few hundred MiB at most while the disk is failing.
    static constexpr qint64 kDefaultQueueLimit = 100000;
    static constexpr qsizetype kBatchSize = 1000;
    // At most ~50 coalesced signals a second while the load is light.
    static constexpr int kCoalesceMs = 20;
    static constexpr int kFirstRetryMs = 100;
    static constexpr int kMaxRetryMs = 5000;

    explicit ReceiptWriter(const QString &dbPath, QObject *parent = nullptr);
    ~ReceiptWriter() override; // stop()s

    Util::Status start(); // opens the DB in the writer thread; error if it cannot
    // Before start(): the gateway instance every receipt names (several gateways on one
    // database); empty stores NULL.
    void setInstance(const QString &instance) { m_instance = instance; }
    QString instance() const { return m_instance; }
    bool isRunning() const;
    // Any thread. Receipts submitted while stopped wait in the queue for the next start(). Returns
    // the receipt's ticket: it is committed once committedThrough() reaches it (0: dropped).
    quint64 submit(Domain::CallRecord record);
    quint64 submit(Domain::Receipt receipt)
    {
        return submit(Domain::CallRecord::of(std::move(receipt)));
    }
    // Any thread. A call's hold (R-BILL-3), to be submitted before its receipt (whose record then
    // says holdStored): written to spend_hold, and deleted in the transaction that writes the
    // receipt and adds its charge to the spend table. Its ticket is in the receipts' sequence:
    // committedThrough() and receiptsCommitted() count it; receiptsWritten() never lists it. The
    // queue's limit counts it too (0: dropped, the store never knew the hold).
    quint64 submitHold(const SpendHold &hold);
    // Any thread: receipts are committed in the order submitted; every ticket up to this one is.
    quint64 committedThrough() const;
    // Any thread. Prompt commits (strict receipts): a receipt is written as soon as the writer is
    // free, without the coalescing pause (a group commit of what came meanwhile), and each commit
    // is announced by receiptsCommitted().
    void setPromptCommits(bool prompt);
    // Blocks until everything submitted so far is committed. An error when not started, when called
    // from the writer thread, or when a write failed meanwhile (the receipts stay queued and
    // retried).
    Util::Status flush();
    void stop(); // flush, then quit and wait for the thread
    QString path() const;
    // Submitted but not yet committed (live status; a growing number means the disk is failing).
    qint64 pendingCount() const;
    // Owner's thread. Receipts the policy no longer keeps are deleted in the writer thread, in
    // bounded steps between batches: at start(), at once when the policy changes, then hourly.
    void setRetention(const RetentionPolicy &policy);
    RetentionPolicy retention() const { return m_retention; }
    // Owner's thread. Stops a pruning pass between two of its steps (each one transaction): what
    // was deleted stays deleted, the rest is kept, and pruning rests until setRetention() again.
    void cancelPruning();
    ReceiptBacklog backlog() const; // any thread
    // Any thread, any time: the most receipts kept waiting in memory (at least 1).
    void setQueueLimit(qint64 receipts);
    qint64 queueLimit() const;
    // Caps the database file at `pages` pages (SQLite's PRAGMA max_page_count on the writer's own
    // connection; never below the file's current size): a write that needs more fails as on a full
    // disk (SQLITE_FULL). Returns the cap in effect, or an error when the writer is not running.
    // A disk quota for the receipts; the tests use it to fill the disk and to free it again.
    // SQLite only: on PostgreSQL it is CannotLimitSize and nothing changes.
    Util::Result<qint64> setMaxPageCount(qint64 pages);

Q_SIGNALS:
    // Coalesced: one signal per committed batch, emitted from the writer thread (connect queued).
    void receiptsWritten(const QList<Store::ReceiptRow> &rows);
    // While commits are prompt: every ticket up to `through` is committed (writer thread; connect
    // queued). One per batch, not per receipt.
    void receiptsCommitted(quint64 through);
    // A pruning pass deleted `count` receipts (from the writer thread; connect queued).
    void receiptsPruned(qint64 count);
    // A pruning pass goes on: `done` of `due` receipts deleted (writer thread; connect queued).
    void pruningProgress(qint64 done, qint64 due);
    // A pruning pass that had receipts to delete ended, or was cancelled (writer thread).
    void pruningEnded(qint64 deleted, bool cancelled);

private:
    quint64 enqueue(WriterEntry entry);

    QString m_path;
    std::shared_ptr<ReceiptQueue> m_queue;
    QThread *m_thread = nullptr;
    ReceiptWriterWorker *m_worker = nullptr;
    RetentionPolicy m_retention;
    QString m_instance;
};

} // namespace Store
