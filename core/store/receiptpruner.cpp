#include "receiptpruner.h"

#include "database.h"
#include "receiptwriterworker.h"
#include "storeutil.h"

#include <QDateTime>
#include <QSqlQuery>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace Store {
namespace {

constexpr qint64 kDayMs = 24LL * 60 * 60 * 1000;

// The smallest id still kept by the count limit (receipt ids grow in commit order), or 0 when the
// limit keeps every receipt.
Util::Result<qint64> firstKeptId(Database &db, qint64 keepReceipts)
{
    QSqlQuery q(db.handle());
    q.prepare(u"SELECT id FROM receipt ORDER BY id DESC LIMIT 1 OFFSET :offset"_s);
    q.bindValue(u":offset"_s, keepReceipts - 1);
    if (Util::Status s = execQuery(q, u"store.prune"_s, Tr::tr("Cannot find the receipts to keep"));
        !s)
        return s.error();
    return q.next() ? q.value(0).toLongLong() : 0;
}

} // namespace

Util::Result<qint64> pruneReceipts(Database &db, const RetentionPolicy &policy, qint64 nowMs,
                                   qint64 limit)
{
    if (policy.keepsEverything() || limit <= 0)
        return qint64(0);
    qint64 belowId = 0;
    if (policy.keepReceipts > 0) {
        Util::Result<qint64> first = firstKeptId(db, policy.keepReceipts);
        if (!first)
            return first.error();
        belowId = *first;
    }
    QStringList due;
    if (belowId > 0)
        due << u"id < :belowId"_s;
    if (policy.keepDays > 0)
        due << u"started_at < :before"_s;
    if (due.isEmpty())
        return qint64(0);
    qint64 deleted = 0;
    Util::Status status = db.transaction([&]() -> Util::Status {
        QSqlQuery q(db.handle());
        q.prepare(u"DELETE FROM receipt WHERE id IN (SELECT id FROM receipt WHERE %1 ORDER BY id "
                  "LIMIT :limit)"_s.arg(due.join(u" OR "_s)));
        if (belowId > 0)
            q.bindValue(u":belowId"_s, belowId);
        if (policy.keepDays > 0)
            q.bindValue(u":before"_s, nowMs - qint64(policy.keepDays) * kDayMs);
        q.bindValue(u":limit"_s, limit);
        if (Util::Status s = execQuery(q, u"store.prune"_s, Tr::tr("Cannot delete old receipts"));
            !s)
            return s;
        deleted = q.numRowsAffected();
        return Util::Ok {};
    });
    if (!status)
        return status.error();
    return deleted;
}

} // namespace Store

// ReceiptWriterWorker's retention: kept here, beside the pruning it schedules.
namespace Store {
namespace {

constexpr qint64 kPruneStep = 2000; // receipts per transaction: the writer waits at most this long
constexpr int kPruneIntervalMs = 60 * 60 * 1000;

} // namespace

void ReceiptWriterWorker::setRetention(const RetentionPolicy &policy)
{
    m_retention = policy;
    m_prunedThisPass = 0;
    if (m_pruneTimer && !policy.keepsEverything())
        m_pruneTimer->start(0);
    else if (m_pruneTimer)
        m_pruneTimer->stop();
}

void ReceiptWriterWorker::pruneStep()
{
    if (!m_db || m_retention.keepsEverything())
        return;
    const Util::Result<qint64> deleted
        = pruneReceipts(*m_db, m_retention, QDateTime::currentMSecsSinceEpoch(), kPruneStep);
    if (!deleted) {
        qCWarning(lcStore).noquote()
            << "pruning receipts failed, trying again in an hour:" << deleted.error().message;
        m_prunedThisPass = 0;
        m_pruneTimer->start(kPruneIntervalMs);
        return;
    }
    m_prunedThisPass += *deleted;
    if (*deleted == kPruneStep) {
        m_pruneTimer->start(0); // more is due: go on after whatever else is waiting
        return;
    }
    if (m_prunedThisPass > 0) {
        qCInfo(lcStore) << "pruned" << m_prunedThisPass << "receipts";
        Q_EMIT pruned(m_prunedThisPass);
    }
    m_prunedThisPass = 0;
    m_pruneTimer->start(kPruneIntervalMs);
}

} // namespace Store
