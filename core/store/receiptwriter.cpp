#include "receiptwriter.h"

#include "database.h"
#include "receiptwriterworker.h"
#include "storeutil.h"

#include <QThread>

using namespace Qt::StringLiterals;

namespace Store {
namespace {

// stop() tries this many times to write what is left before it gives up (and logs the loss).
constexpr int kStopFlushTries = 3;

} // namespace

ReceiptWriter::ReceiptWriter(const QString &dbPath, QObject *parent)
    : QObject(parent)
    , m_path(dbPath)
    , m_queue(std::make_shared<ReceiptQueue>())
{
    m_queue->limit = kDefaultQueueLimit;
    qRegisterMetaType<Store::ReceiptRow>();
    qRegisterMetaType<QList<Store::ReceiptRow>>();
}

ReceiptWriter::~ReceiptWriter()
{
    stop();
}

Util::Status ReceiptWriter::start()
{
    if (m_thread)
        return Util::Ok {};
    auto thread = std::make_unique<QThread>();
    thread->setObjectName(u"sb.store.writer"_s);
    // The worker owns nothing until open() runs in the thread (connection and timer are made
    // there).
    auto worker = std::make_unique<ReceiptWriterWorker>(m_path, m_queue);
    worker->setRetention(m_retention); // applied by open()
    worker->setInstance(m_instance); // likewise
    worker->moveToThread(thread.get());
    connect(worker.get(), &ReceiptWriterWorker::pruned, this, &ReceiptWriter::receiptsPruned,
            Qt::DirectConnection);
    connect(worker.get(), &ReceiptWriterWorker::pruningProgress, this,
            &ReceiptWriter::pruningProgress, Qt::DirectConnection);
    connect(worker.get(), &ReceiptWriterWorker::pruningEnded, this, &ReceiptWriter::pruningEnded,
            Qt::DirectConnection);
    connect(worker.get(), &ReceiptWriterWorker::batchWritten, this, &ReceiptWriter::receiptsWritten,
            Qt::DirectConnection);
    connect(worker.get(), &ReceiptWriterWorker::batchCommitted, this,
            &ReceiptWriter::receiptsCommitted, Qt::DirectConnection);
    thread->start();
    Util::Status opened = Util::Ok {};
    QMetaObject::invokeMethod(
        worker.get(), [&opened, w = worker.get()] { opened = w->open(); },
        Qt::BlockingQueuedConnection);
    if (!opened) {
        thread->quit();
        thread->wait();
        return opened;
    }
    m_thread = thread.release();
    m_worker = worker.release();
    return Util::Ok {};
}

bool ReceiptWriter::isRunning() const
{
    return m_thread != nullptr;
}

QString ReceiptWriter::path() const
{
    return m_path;
}

qint64 ReceiptWriter::pendingCount() const
{
    QMutexLocker lock(&m_queue->mutex);
    return qint64(m_queue->submitted - m_queue->done);
}

void ReceiptWriter::setRetention(const RetentionPolicy &policy)
{
    m_retention = policy;
    if (m_worker) {
        QMetaObject::invokeMethod(
            m_worker, [w = m_worker, policy] { w->setRetention(policy); }, Qt::QueuedConnection);
    }
}

void ReceiptWriter::cancelPruning()
{
    if (m_worker) {
        QMetaObject::invokeMethod(
            m_worker, [w = m_worker] { w->cancelPruning(); }, Qt::QueuedConnection);
    }
}

ReceiptBacklog ReceiptWriter::backlog() const
{
    QMutexLocker lock(&m_queue->mutex);
    return ReceiptBacklog { qint64(m_queue->submitted - m_queue->done), qint64(m_queue->dropped),
                            m_queue->limit, m_queue->failing };
}

void ReceiptWriter::setQueueLimit(qint64 receipts)
{
    QMutexLocker lock(&m_queue->mutex);
    m_queue->limit = std::max<qint64>(1, receipts);
}

qint64 ReceiptWriter::queueLimit() const
{
    QMutexLocker lock(&m_queue->mutex);
    return m_queue->limit;
}

Util::Result<qint64> ReceiptWriter::setMaxPageCount(qint64 pages)
{
    if (!m_thread || QThread::currentThread() == m_thread)
        return storeError(ErrorCode::WriterNotRunning);
    if (Database::isPostgresLocation(m_path))
        return storeError(ErrorCode::CannotLimitSize, { m_path },
                          u"a page cap is SQLite's (PRAGMA max_page_count); PostgreSQL has none"_s);
    qint64 result = -1;
    QMetaObject::invokeMethod(
        m_worker, [&result, pages, w = m_worker] { result = w->setMaxPageCount(pages); },
        Qt::BlockingQueuedConnection);
    if (result < 0)
        return storeError(ErrorCode::CannotLimitSize, { m_path });
    return result;
}

quint64 ReceiptWriter::committedThrough() const
{
    QMutexLocker lock(&m_queue->mutex);
    return m_queue->done;
}

void ReceiptWriter::setPromptCommits(bool prompt)
{
    m_queue->prompt = prompt;
}

quint64 ReceiptWriter::submit(Domain::CallRecord receipt)
{
    return enqueue(std::move(receipt));
}

quint64 ReceiptWriter::submitHold(const SpendHold &hold)
{
    return enqueue(hold);
}

quint64 ReceiptWriter::enqueue(WriterEntry entry)
{
    QMutexLocker lock(&m_queue->mutex);
    if (qint64(m_queue->submitted - m_queue->done) >= m_queue->limit) {
        ++m_queue->dropped;
        if (!m_queue->dropping) {
            m_queue->dropping = true;
            qCCritical(lcStore).noquote()
                << u"%1 receipts are waiting to be written to %2, the most kept in memory: "
                   "receipts are dropped (and counted) until the database accepts writes "
                   "again"_s.arg(m_queue->limit)
                       .arg(m_path);
        }
        return 0;
    }
    m_queue->pending.append(std::move(entry));
    const quint64 ticket = ++m_queue->submitted;
    // Posting under the lock: close() clears worker under the same lock before it goes away.
    if (!m_queue->scheduled && m_queue->worker) {
        m_queue->scheduled = true;
        QMetaObject::invokeMethod(m_queue->worker, &ReceiptWriterWorker::wake,
                                  Qt::QueuedConnection);
    }
    return ticket;
}

Util::Status ReceiptWriter::flush()
{
    if (!m_thread)
        return storeError(ErrorCode::WriterNotRunning);
    if (QThread::currentThread() == m_thread)
        return storeError(ErrorCode::FlushFromWriterThread);
    QMutexLocker lock(&m_queue->mutex);
    const quint64 target = m_queue->submitted;
    const quint64 failuresBefore = m_queue->failures;
    ++m_queue->flushWaiters;
    QMetaObject::invokeMethod(m_worker, &ReceiptWriterWorker::drainNow, Qt::QueuedConnection);
    while (m_queue->done < target && m_queue->failures == failuresBefore && m_queue->worker)
        m_queue->changed.wait(&m_queue->mutex);
    --m_queue->flushWaiters;
    if (m_queue->done >= target)
        return Util::Ok {};
    return storeError(ErrorCode::ReceiptsNotWritten, { qint64(target - m_queue->done), m_path });
}

void ReceiptWriter::stop()
{
    if (!m_thread)
        return;
    for (int i = 0; i < kStopFlushTries; ++i) {
        Util::Status flushed = flush();
        if (flushed)
            break;
        qCWarning(lcStore).noquote() << logText(flushed.error());
    }
    QMetaObject::invokeMethod(m_worker, &ReceiptWriterWorker::close, Qt::BlockingQueuedConnection);
    m_thread->quit();
    m_thread->wait();
    delete m_worker;
    m_worker = nullptr;
    delete m_thread;
    m_thread = nullptr;
    QMutexLocker lock(&m_queue->mutex);
    if (!m_queue->pending.isEmpty()) {
        qCCritical(lcStore) << m_queue->pending.size() << "receipts could not be written to"
                            << m_path << "before the writer stopped";
    }
}

} // namespace Store
