#include "store/database.h"
#include "store/receiptpruner.h"
#include "store/receiptwriter.h"

#include <QSignalSpy>
#include <QSqlQuery>
#include <QTest>
#include <pgdatabase.h>
#include <receiptfactory.h>
#include <tempdatabase.h>

using namespace Qt::StringLiterals;
using Store::Database;
using Store::ReceiptWriter;
using Store::RetentionPolicy;

// Receipt retention (Preferences): the writer deletes, in its own thread, the receipts
// the policy no longer keeps, with their attempts; the rest stays as it was (R-RCPT-1).
class tst_ReceiptPruner : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data() { addEngineRows(); }
    void init() { REQUIRE_ENGINE(); }
    void keepNewestReceipts_R_RCPT_1();
    void keepDays_R_RCPT_1();
    void keepEverythingDeletesNothing_R_RCPT_1();
    void writerPrunesInTheBackground_R_RCPT_1();
    void writerPrunesAtStart_R_RCPT_1();
    void cancelledPruningKeepsTheRest_R_RCPT_1();
};

namespace {

const QDateTime kNow(QDate(2026, 11, 30), QTime(12, 0), Qt::UTC);

// `count` receipts, one a day back from `now` (the last is the newest), each with two attempts.
void writeReceipts(const QString &path, int count, const QDateTime &now = kNow)
{
    ReceiptWriter writer(path);
    QVERIFY(writer.start().ok());
    for (int i = count - 1; i >= 0; --i) {
        writer.submit(makeReceipt(u"r%1"_s.arg(i), now.addDays(-i).addSecs(-60), u"demo/chat"_s,
                                  u"sim"_s, 10, 2));
    }
    QVERIFY(writer.flush().ok());
}

QStringList storedIds(const QString &path)
{
    auto db = Database::open(path, Database::Mode::ReadOnly);
    if (!db)
        return { Util::logText(db.error()) };
    QSqlQuery q((*db)->handle());
    q.exec(u"SELECT request_id FROM receipt ORDER BY id"_s);
    QStringList ids;
    while (q.next())
        ids << q.value(0).toString();
    return ids;
}

// Attempts stored in the file (each receipt's are in its row, a JSON array).
qint64 storedAttempts(const QString &path)
{
    auto db = Database::open(path, Database::Mode::ReadOnly);
    if (!db)
        return -1;
    QSqlQuery q((*db)->handle());
    q.exec(Database::isPostgresLocation(path)
               ? u"SELECT COALESCE(SUM(jsonb_array_length(attempts::jsonb)), 0) FROM receipt"_s
               : u"SELECT TOTAL(json_array_length(attempts)) FROM receipt"_s);
    return q.next() ? qint64(q.value(0).toDouble()) : -1;
}

} // namespace

void tst_ReceiptPruner::keepNewestReceipts_R_RCPT_1()
{
    EngineDatabase temp;
    writeReceipts(temp.path(), 10);
    {
        auto db = Database::open(temp.path(), Database::Mode::ReadWrite);
        QVERIFY(db);
        const RetentionPolicy keep3 { 0, 3 };
        // Bounded steps: 4 of the 7 due, then the other 3, then nothing.
        QCOMPARE(Store::pruneReceipts(**db, keep3, kNow.toMSecsSinceEpoch(), 4).value(), qint64(4));
        QCOMPARE(Store::pruneReceipts(**db, keep3, kNow.toMSecsSinceEpoch(), 4).value(), qint64(3));
        QCOMPARE(Store::pruneReceipts(**db, keep3, kNow.toMSecsSinceEpoch(), 4).value(), qint64(0));
    } // closed before the checks read the file
    QCOMPARE(storedIds(temp.path()), QStringList({ u"r2"_s, u"r1"_s, u"r0"_s }));
    QCOMPARE(storedAttempts(temp.path()), qint64(6)); // the others' attempts went with them
}

void tst_ReceiptPruner::keepDays_R_RCPT_1()
{
    EngineDatabase temp;
    writeReceipts(temp.path(), 10);
    {
        auto db = Database::open(temp.path(), Database::Mode::ReadWrite);
        QVERIFY(db);
        // Started within the last 3 days: r0 (1 minute ago), r1, r2 (2 days and a minute ago).
        QCOMPARE(Store::pruneReceipts(**db, { 3, 0 }, kNow.toMSecsSinceEpoch(), 1000).value(),
                 qint64(7));
    } // closed before the checks read the file
    QCOMPARE(storedIds(temp.path()), QStringList({ u"r2"_s, u"r1"_s, u"r0"_s }));
}

void tst_ReceiptPruner::keepEverythingDeletesNothing_R_RCPT_1()
{
    EngineDatabase temp;
    writeReceipts(temp.path(), 5);
    {
        auto db = Database::open(temp.path(), Database::Mode::ReadWrite);
        QVERIFY(db);
        QCOMPARE(Store::pruneReceipts(**db, {}, kNow.toMSecsSinceEpoch(), 1000).value(), qint64(0));
        // More receipts kept than stored, and a window longer than their age: nothing is due.
        QCOMPARE(Store::pruneReceipts(**db, { 30, 100 }, kNow.toMSecsSinceEpoch(), 1000).value(),
                 qint64(0));
    } // closed before the checks read the file
    QCOMPARE(storedIds(temp.path()).size(), 5);
}

void tst_ReceiptPruner::writerPrunesInTheBackground_R_RCPT_1()
{
    EngineDatabase temp;
    writeReceipts(temp.path(), 5000);
    ReceiptWriter writer(temp.path());
    QSignalSpy pruned(&writer, &ReceiptWriter::receiptsPruned);
    QVERIFY(writer.start().ok());
    QCOMPARE(pruned.count(), 0); // keeps everything by default
    writer.setRetention({ 0, 100 });
    // Meanwhile the writer goes on writing.
    writer.submit(makeReceipt(u"new"_s, kNow, u"demo/chat"_s, u"sim"_s, 10));
    QTRY_COMPARE_WITH_TIMEOUT(pruned.count(), 1, 30000);
    QVERIFY(writer.flush().ok());
    // One pass, in several steps of at most 2,000 receipts: 4,900 or 4,901 (whether "new" was
    // committed before the pass began).
    const qint64 deleted = pruned.first().first().toLongLong();
    QVERIFY2(deleted == 4900 || deleted == 4901, qPrintable(QString::number(deleted)));
    writer.stop();
    const QStringList ids = storedIds(temp.path());
    QVERIFY(ids.contains(u"new"_s));
    QVERIFY(ids.contains(u"r0"_s));
    QVERIFY(!ids.contains(u"r4999"_s));
    QVERIFY(ids.size() == 100 || ids.size() == 101);
}

void tst_ReceiptPruner::writerPrunesAtStart_R_RCPT_1()
{
    EngineDatabase temp;
    writeReceipts(temp.path(), 20, QDateTime::currentDateTimeUtc());
    ReceiptWriter writer(temp.path());
    writer.setRetention({ 7, 0 });
    QSignalSpy pruned(&writer, &ReceiptWriter::receiptsPruned);
    QVERIFY(writer.start().ok());
    QTRY_COMPARE_WITH_TIMEOUT(pruned.count(), 1, 30000);
    writer.stop();
    // Started within the last 7 days: r0 … r6 (6 days and a minute ago).
    QCOMPARE(storedIds(temp.path()),
             QStringList({ u"r6"_s, u"r5"_s, u"r4"_s, u"r3"_s, u"r2"_s, u"r1"_s, u"r0"_s }));
}

// Cancel in the pruning progress stops the pass between two steps. What was deleted stays
// deleted (the oldest, with their attempts), everything else is kept whole, and nothing more is
// deleted until the policy is set again.
void tst_ReceiptPruner::cancelledPruningKeepsTheRest_R_RCPT_1()
{
    EngineDatabase temp;
    writeReceipts(temp.path(), 7000);
    ReceiptWriter writer(temp.path());
    QVERIFY(writer.start().ok());
    QList<std::pair<qint64, qint64>> progress;
    // In the writer thread, right after the first step: the cancel is queued before the next step.
    connect(
        &writer, &ReceiptWriter::pruningProgress, &writer,
        [&](qint64 done, qint64 due) {
            progress.append({ done, due });
            writer.cancelPruning();
        },
        Qt::DirectConnection);
    QSignalSpy ended(&writer, &ReceiptWriter::pruningEnded);
    writer.setRetention({ 0, 100 });
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, 30000);
    QVERIFY(!progress.isEmpty());
    QCOMPARE(progress.first(), std::make_pair(qint64(2000), qint64(6900)));
    QCOMPARE(ended.first().at(0).toLongLong(), 2000);
    QCOMPARE(ended.first().at(1).toBool(), true);
    // A round trip through the writer thread: no step ran after the cancel.
    writer.submit(makeReceipt(u"new"_s, kNow, u"demo/chat"_s, u"sim"_s, 10));
    QVERIFY(writer.flush().ok());
    QStringList ids = storedIds(temp.path());
    QCOMPARE(ids.size(), 5001);
    QCOMPARE(ids.first(), u"r4999"_s); // the 2,000 oldest went, the next oldest is the first kept
    QCOMPARE(ids.at(4999), u"r0"_s);
    QCOMPARE(storedAttempts(temp.path()), 2 * 5000 + 1);

    // Set again, the policy finishes the job.
    disconnect(&writer, &ReceiptWriter::pruningProgress, &writer, nullptr);
    writer.setRetention({ 0, 100 });
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 2, 30000);
    QCOMPARE(ended.at(1).at(1).toBool(), false);
    writer.stop();
    ids = storedIds(temp.path());
    QCOMPARE(ids.size(), 100);
    QCOMPARE(ids.last(), u"new"_s);
}

QTEST_GUILESS_MAIN(tst_ReceiptPruner)
#include "tst_receiptpruner.moc"
