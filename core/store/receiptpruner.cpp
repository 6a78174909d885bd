#include "receiptpruner.h"

#include "database.h"
#include "receiptwriterworker.h"
#include "storeutil.h"

#include <QDateTime>
#include <QSqlQuery>
#include <QTimer>
#include <optional>

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
    if (Util::Status s = execQuery(q, ErrorCode::CannotFindReceiptsToKeep); !s)
        return s.error();
    return q.next() ? q.value(0).toLongLong() : 0;
}

// Which receipts the policy lets go: "id < ?" (beyond the newest keepReceipts) or "started_at <
// ?" (older than keepDays), with the values to bind; empty when nothing is due.
struct DueCondition
{
    QString sql;
    qint64 belowId = 0;
    std::optional<qint64> before;

    void bind(QSqlQuery &q) const
    {
        if (belowId > 0)
            q.bindValue(u":belowId"_s, belowId);
        if (before)
            q.bindValue(u":before"_s, *before);
    }
};

Util::Result<DueCondition> dueCondition(Database &db, const RetentionPolicy &policy, qint64 nowMs)
{
    DueCondition due;
    QStringList parts;
    if (policy.keepReceipts > 0) {
        Util::Result<qint64> first = firstKeptId(db, policy.keepReceipts);
        if (!first)
            return first.error();
        due.belowId = *first;
        if (due.belowId > 0)
            parts << u"id < :belowId"_s;
    }
    if (policy.keepDays > 0) {
        due.before = nowMs - qint64(policy.keepDays) * kDayMs;
        parts << u"started_at < :before"_s;
    }
    due.sql = parts.join(u" OR "_s);
    return due;
}

// `pattern` (its %1 the condition) on the receipts the policy lets go, prepared and bound; none
// when nothing is due.
Util::Result<std::optional<QSqlQuery>> queryDue(Database &db, const RetentionPolicy &policy,
                                                qint64 nowMs, const QString &pattern)
{
    if (policy.keepsEverything())
        return std::optional<QSqlQuery>();
    Util::Result<DueCondition> due = dueCondition(db, policy, nowMs);
    if (!due)
        return due.error();
    if (due->sql.isEmpty())
        return std::optional<QSqlQuery>();
    QSqlQuery q(db.handle());
    q.prepare(pattern.arg(due->sql));
    due->bind(q);
    return std::optional<QSqlQuery>(std::move(q));
}

} // namespace

Util::Result<qint64> countDueReceipts(Database &db, const RetentionPolicy &policy, qint64 nowMs)
{
    Util::Result<std::optional<QSqlQuery>> q
        = queryDue(db, policy, nowMs, u"SELECT COUNT(*) FROM receipt WHERE %1"_s);
    if (!q || !*q)
        return q ? Util::Result<qint64>(0) : q.error();
    QSqlQuery &count = *q.value();
    if (Util::Status s = execQuery(count, ErrorCode::CannotCountDueReceipts); !s)
        return s.error();
    return count.next() ? count.value(0).toLongLong() : 0;
}

Util::Result<qint64> pruneReceipts(Database &db, const RetentionPolicy &policy, qint64 nowMs,
                                   qint64 limit)
{
    if (limit <= 0)
        return qint64(0);
    Util::Result<std::optional<QSqlQuery>> q
        = queryDue(db, policy, nowMs,
                   u"DELETE FROM receipt WHERE id IN (SELECT id FROM receipt WHERE %1 ORDER BY id "
                   "LIMIT :limit)"_s);
    if (!q || !*q)
        return q ? Util::Result<qint64>(0) : q.error();
    QSqlQuery &remove = *q.value();
    remove.bindValue(u":limit"_s, limit);
    qint64 deleted = 0;
    Util::Status status = db.transaction([&]() -> Util::Status {
        if (Util::Status s = execQuery(remove, ErrorCode::CannotDeleteOldReceipts); !s)
            return s;
        deleted = remove.numRowsAffected();
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
    m_dueThisPass = -1;
    m_pruningCancelled = false;
    if (m_pruneTimer && !policy.keepsEverything())
        m_pruneTimer->start(0);
    else if (m_pruneTimer)
        m_pruneTimer->stop();
}

void ReceiptWriterWorker::cancelPruning()
{
    // Between two steps: every step is its own transaction, so what was deleted stays deleted and
    // everything else is kept, whole. Pruning rests until the policy is set again.
    if (m_pruningCancelled || !m_pruneTimer || m_dueThisPass < 0)
        return;
    m_pruningCancelled = true;
    m_pruneTimer->stop();
    qCInfo(lcStore) << "pruning cancelled after" << m_prunedThisPass << "receipts";
    if (m_prunedThisPass > 0)
        Q_EMIT pruned(m_prunedThisPass);
    Q_EMIT pruningEnded(m_prunedThisPass, true);
    m_prunedThisPass = 0;
    m_dueThisPass = -1;
}

void ReceiptWriterWorker::pruneStep()
{
    if (!m_db || m_retention.keepsEverything() || m_pruningCancelled)
        return;
    if (m_dueThisPass < 0) { // a pass begins: how much it is about to delete
        const Util::Result<qint64> due
            = countDueReceipts(*m_db, m_retention, QDateTime::currentMSecsSinceEpoch());
        m_dueThisPass = due ? *due : 0;
    }
    const Util::Result<qint64> deleted
        = pruneReceipts(*m_db, m_retention, QDateTime::currentMSecsSinceEpoch(), kPruneStep);
    if (!deleted) {
        qCWarning(lcStore).noquote()
            << "pruning receipts failed, trying again in an hour:" << logText(deleted.error());
        if (m_dueThisPass > 0)
            Q_EMIT pruningEnded(m_prunedThisPass, false);
        m_prunedThisPass = 0;
        m_dueThisPass = -1;
        m_pruneTimer->start(kPruneIntervalMs);
        return;
    }
    m_prunedThisPass += *deleted;
    if (*deleted == kPruneStep) {
        // More is due: go on after whatever else is waiting (a batch, a cancel).
        Q_EMIT pruningProgress(m_prunedThisPass, std::max(m_dueThisPass, m_prunedThisPass));
        m_pruneTimer->start(0);
        return;
    }
    if (m_prunedThisPass > 0) {
        qCInfo(lcStore) << "pruned" << m_prunedThisPass << "receipts";
        Q_EMIT pruned(m_prunedThisPass);
    }
    if (m_dueThisPass > 0 || m_prunedThisPass > 0)
        Q_EMIT pruningEnded(m_prunedThisPass, false);
    m_prunedThisPass = 0;
    m_dueThisPass = -1;
    m_pruneTimer->start(kPruneIntervalMs);
}

} // namespace Store
