// Budgets in the store (R-BILL-3): a call's hold is written before its first attempt and deleted in
// the transaction that writes its receipt and adds its charge to the key's and the project's spend
// of the UTC day and month it started in; a hold a stopped run left is charged in full at the next
// start. Either the hold row is there or the receipt and its spend are, never both, never neither.
#include "store/database.h"
#include "store/receiptreader.h"
#include "store/receiptwriter.h"
#include "store/spendstore.h"
#include "store/storeerror.h"

#include <QSqlQuery>
#include <QTest>
#include <pgdatabase.h>
#include <tempdatabase.h>

using namespace Qt::StringLiterals;
using Domain::SettledSpend;
using Domain::SpendScope;
using Store::Database;
using Store::ReceiptWriter;
using Store::SpendHold;
using Store::SpendStore;

namespace {

using Rows = QMap<QString, double>;
const QDateTime kStart(QDate(2026, 12, 6), QTime(10, 0), Qt::UTC);

Domain::Receipt charging(const QString &requestId, double charged,
                         const QDateTime &startedAt = kStart, const QString &key = u"key_a"_s,
                         const QString &project = u"proj_a"_s)
{
    Domain::Receipt r;
    r.requestId = requestId;
    r.startedAt = startedAt;
    r.keyId = key;
    r.projectId = project;
    r.modelAsked = u"demo/chat"_s;
    r.httpStatus = 200;
    r.cost = charged;
    r.charged = charged;
    return r;
}

// The receipt of a call whose hold was submitted before it.
Domain::CallRecord settling(Domain::Receipt receipt)
{
    Domain::CallRecord record = Domain::CallRecord::of(std::move(receipt));
    record.holdStored = true;
    return record;
}

SpendHold hold(const QString &requestId, double amount, const QDateTime &startedAt = kStart)
{
    return { requestId, u"key_a"_s, u"proj_a"_s, startedAt.toMSecsSinceEpoch(), amount };
}

std::unique_ptr<Database> openDb(const QString &path,
                                 Database::Mode mode = Database::Mode::ReadOnly)
{
    auto db = Database::open(path, mode);
    return db ? std::move(db).value() : nullptr;
}

// "scope/id/period" → amount, every row of table spend.
QMap<QString, double> spendRows(const Database &db)
{
    QMap<QString, double> rows;
    QSqlQuery q(db.handle());
    if (!q.exec(u"SELECT scope, id, period, amount FROM spend"_s))
        return { { u"error"_s, -1 } };
    while (q.next()) {
        rows.insert(
            u"%1/%2/%3"_s.arg(q.value(0).toString(), q.value(1).toString(), q.value(2).toString()),
            q.value(3).toDouble());
    }
    return rows;
}

// The request ids in spend_hold, in order.
QStringList holdRows(const Database &db)
{
    QStringList ids;
    QSqlQuery q(db.handle());
    if (!q.exec(u"SELECT request_id FROM spend_hold ORDER BY request_id"_s))
        return { u"error"_s };
    while (q.next())
        ids << q.value(0).toString();
    return ids;
}

qint64 receiptCount(const Database &db)
{
    QSqlQuery q(db.handle());
    return q.exec(u"SELECT COUNT(*) FROM receipt"_s) && q.next() ? q.value(0).toLongLong() : -1;
}

// The four rows one charge of a key_a / proj_a call on kStart makes.
QMap<QString, double> chargedOnStart(double amount)
{
    return { { u"key/key_a/2026-12"_s, amount },
             { u"key/key_a/2026-12-06"_s, amount },
             { u"project/proj_a/2026-12"_s, amount },
             { u"project/proj_a/2026-12-06"_s, amount } };
}

} // namespace

class tst_SpendStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data() { addEngineRows(); }
    void init();
    void cleanup();
    void receiptDeletesItsHoldAndCharges_R_BILL_3();
    void holdAndReceiptInOneBatch_R_BILL_3();
    void ticketsCoverHolds_R_BILL_3();
    void fullDiskKeepsHoldsAndRetries_R_BILL_3();
    void orphanedHoldsChargedInFull_R_BILL_2_R_BILL_3();
    void periodsAreTheUtcStartDayAndMonth_R_BILL_3();
    void settledSpendIsTheCurrentDayAndMonth_R_BILL_3();
    void receiptStoredBeforeIsNotChargedTwice_R_BILL_3();
    void noChargeNoSpendRow_R_BILL_3_data();
    void noChargeNoSpendRow_R_BILL_3();

private:
    std::unique_ptr<EngineDatabase> m_temp;
};

void tst_SpendStore::init()
{
    REQUIRE_ENGINE();
    m_temp = std::make_unique<EngineDatabase>();
}

void tst_SpendStore::cleanup()
{
    m_temp.reset();
}

// The hold is committed on its own first (the call waits for it); its receipt, later, deletes it
// and charges the key and the project in the day and month the call started; the receipt keeps
// what it charged.
// A batch written again after its commit's answer was lost (PostgreSQL's connection gone at the
// COMMIT): the receipts found stored under their request ids, with the same start and instance,
// are those very receipts and keep the one charge; another call that got a stored id still
// charges, its call ran.
void tst_SpendStore::receiptStoredBeforeIsNotChargedTwice_R_BILL_3()
{
    for (int run = 0; run < 2; ++run) {
        ReceiptWriter writer(m_temp->path());
        writer.setInstance(u"gw-1"_s);
        QVERIFY(writer.start().ok());
        writer.submit(charging(u"req_1"_s, 0.25));
        QVERIFY(writer.flush().ok());
        writer.stop();
    }
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    QCOMPARE(receiptCount(*db), 1);
    QCOMPARE(spendRows(*db), chargedOnStart(0.25));

    ReceiptWriter other(m_temp->path());
    other.setInstance(u"gw-2"_s);
    QVERIFY(other.start().ok());
    other.submit(charging(u"req_1"_s, 0.25, kStart.addSecs(60)));
    QVERIFY(other.flush().ok());
    QCOMPARE(receiptCount(*db), 1);
    QCOMPARE(spendRows(*db), chargedOnStart(0.5));
}

void tst_SpendStore::receiptDeletesItsHoldAndCharges_R_BILL_3()
{
    ReceiptWriter writer(m_temp->path());
    QVERIFY(writer.start().ok());
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    QVERIFY(writer.submitHold(hold(u"req_1"_s, 0.5)) > 0);
    QVERIFY(writer.flush().ok());
    QCOMPARE(holdRows(*db), QStringList { u"req_1"_s });
    QCOMPARE(spendRows(*db), Rows());

    writer.submit(settling(charging(u"req_1"_s, 0.375)));
    QVERIFY(writer.flush().ok());
    QCOMPARE(holdRows(*db), QStringList());
    QCOMPARE(spendRows(*db), chargedOnStart(0.375));
    const std::optional<Domain::Receipt> stored
        = Store::ReceiptReader(*db).receiptByRequestId(u"req_1"_s);
    QVERIFY(stored);
    QCOMPARE(stored->charged, 0.375);
}

// Submitted before the writer starts, hold and receipt land in one batch: the hold row is never
// left behind, the spend is there.
void tst_SpendStore::holdAndReceiptInOneBatch_R_BILL_3()
{
    ReceiptWriter writer(m_temp->path());
    writer.submitHold(hold(u"req_1"_s, 0.5));
    writer.submitHold(hold(u"req_2"_s, 0.5));
    writer.submit(settling(charging(u"req_1"_s, 0.25)));
    QVERIFY(writer.start().ok());
    QVERIFY(writer.flush().ok());
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    QCOMPARE(holdRows(*db), QStringList { u"req_2"_s }); // its call still runs
    QCOMPARE(spendRows(*db), chargedOnStart(0.25));
    QCOMPARE(receiptCount(*db), qint64(1));
}

// Holds take tickets in the receipts' sequence: committedThrough() and receiptsCommitted() count
// them; receiptsWritten() lists receipts only.
void tst_SpendStore::ticketsCoverHolds_R_BILL_3()
{
    ReceiptWriter writer(m_temp->path());
    QVERIFY(writer.start().ok());
    writer.setPromptCommits(true);
    quint64 announced = 0;
    QStringList written;
    connect(&writer, &ReceiptWriter::receiptsCommitted, this,
            [&](quint64 through) { announced = std::max(announced, through); });
    connect(&writer, &ReceiptWriter::receiptsWritten, this,
            [&](const QList<Store::ReceiptRow> &rows) {
                for (const Store::ReceiptRow &row : rows)
                    written << row.requestId;
            });
    const quint64 first = writer.submitHold(hold(u"req_1"_s, 0.5));
    QTRY_COMPARE(announced, first);
    QCOMPARE(writer.committedThrough(), first);
    const quint64 receipt = writer.submit(settling(charging(u"req_1"_s, 0.25)));
    const quint64 last = writer.submitHold(hold(u"req_2"_s, 0.5));
    QCOMPARE(receipt, first + 1);
    QCOMPARE(last, first + 2);
    QTRY_COMPARE(announced, last);
    QCOMPARE(writer.committedThrough(), last);
    QCOMPARE(writer.pendingCount(), qint64(0));
    QTRY_COMPARE(written, QStringList { u"req_1"_s });
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    QCOMPARE(holdRows(*db), QStringList { u"req_2"_s });
}

// A write that fails (a full disk) keeps its holds with its receipts and retries them all in
// order: nothing is lost, nothing is half written.
void tst_SpendStore::fullDiskKeepsHoldsAndRetries_R_BILL_3()
{
    SQLITE_ONLY("a full disk simulated by PRAGMA max_page_count");
    ReceiptWriter writer(m_temp->path());
    QVERIFY(writer.start().ok());
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    QVERIFY(writer.setMaxPageCount(1)); // not one page more than the file has
    writer.submitHold(hold(u"req_1"_s, 0.5));
    Domain::Receipt big = charging(u"req_0"_s, 0.5);
    big.errorMessage = QString(300000, u'x'); // needs pages the file cannot have
    writer.submit(big);
    writer.submitHold(hold(u"req_2"_s, 0.5));
    const Util::Status failed = writer.flush();
    QVERIFY(!failed.ok());
    QCOMPARE(failed.error().code, Store::toString(Store::ErrorCode::ReceiptsNotWritten));
    QCOMPARE(writer.pendingCount(), qint64(3));
    QVERIFY(writer.backlog().failing);
    QCOMPARE(holdRows(*db), QStringList());
    QCOMPARE(spendRows(*db), Rows());
    QCOMPARE(receiptCount(*db), qint64(0));

    QVERIFY(writer.setMaxPageCount(1 << 30));
    QVERIFY(writer.flush().ok());
    QCOMPARE(writer.pendingCount(), qint64(0));
    QCOMPARE(holdRows(*db), (QStringList { u"req_1"_s, u"req_2"_s }));
    QCOMPARE(spendRows(*db), chargedOnStart(0.5));
    QCOMPARE(receiptCount(*db), qint64(1));

    writer.submit(settling(charging(u"req_1"_s, 0.25)));
    writer.submit(settling(charging(u"req_2"_s, 0.125)));
    QVERIFY(writer.flush().ok());
    QCOMPARE(holdRows(*db), QStringList());
    QCOMPARE(spendRows(*db), chargedOnStart(0.875)); // one row each, added up
    QCOMPARE(receiptCount(*db), qint64(3));
}

// A run stopped (killed) with calls in flight: their holds are in the file without receipts. The
// next start charges each in full, in the day and month it started, on top of what was spent,
// and deletes it; a second settlement finds nothing.
void tst_SpendStore::orphanedHoldsChargedInFull_R_BILL_2_R_BILL_3()
{
    const QDateTime lastMonth(QDate(2026, 11, 30), QTime(23, 59, 59), Qt::UTC);
    {
        ReceiptWriter writer(m_temp->path());
        QVERIFY(writer.start().ok());
        writer.submit(charging(u"req_0"_s, 1.0));
        writer.submitHold(hold(u"req_1"_s, 0.5));
        writer.submitHold(hold(u"req_2"_s, 0.25, lastMonth));
        writer.submitHold(hold(u"req_3"_s, 0.0));
        QVERIFY(writer.flush().ok());
    } // what a kill leaves: the holds are committed, their receipts never come
    auto db = openDb(m_temp->path(), Database::Mode::ReadWrite);
    QVERIFY(db);
    QCOMPARE(holdRows(*db), (QStringList { u"req_1"_s, u"req_2"_s, u"req_3"_s }));

    SpendStore store(*db);
    const Util::Result<SpendStore::OrphanedHolds> settled = store.settleOrphanedHolds();
    QVERIFY(settled);
    QCOMPARE(settled->count, qint64(3));
    QCOMPARE(settled->total, 0.75);
    QCOMPARE(holdRows(*db), QStringList());
    QMap<QString, double> expected = chargedOnStart(1.5);
    expected.insert(u"key/key_a/2026-11"_s, 0.25);
    expected.insert(u"key/key_a/2026-11-30"_s, 0.25);
    expected.insert(u"project/proj_a/2026-11"_s, 0.25);
    expected.insert(u"project/proj_a/2026-11-30"_s, 0.25);
    QCOMPARE(spendRows(*db), expected);

    const Util::Result<SpendStore::OrphanedHolds> again = store.settleOrphanedHolds();
    QVERIFY(again);
    QCOMPARE(again.value(), SpendStore::OrphanedHolds());
    QCOMPARE(spendRows(*db), expected);
}

// A receipt counts in the UTC day and month its call started in, whatever the batch: the last
// millisecond of a month and the first of the next fall on either side.
void tst_SpendStore::periodsAreTheUtcStartDayAndMonth_R_BILL_3()
{
    const auto at
        = [](int y, int m, int d, QTime t) { return QDateTime(QDate(y, m, d), t, Qt::UTC); };
    ReceiptWriter writer(m_temp->path());
    writer.submit(charging(u"r1"_s, 1, at(2026, 11, 30, QTime(23, 59, 59, 999))));
    writer.submit(charging(u"r2"_s, 2, at(2026, 12, 1, QTime(0, 0))));
    writer.submit(charging(u"r3"_s, 4, at(2026, 12, 31, QTime(23, 0))));
    writer.submit(charging(u"r4"_s, 8, at(2026, 12, 31, QTime(23, 30)), u"key_b"_s));
    writer.submit(charging(u"r5"_s, 16, at(2027, 1, 1, QTime(0, 30))));
    QVERIFY(writer.start().ok());
    QVERIFY(writer.flush().ok());
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    const QMap<QString, double> expected {
        { u"key/key_a/2026-11"_s, 1 },         { u"key/key_a/2026-11-30"_s, 1 },
        { u"key/key_a/2026-12"_s, 6 },         { u"key/key_a/2026-12-01"_s, 2 },
        { u"key/key_a/2026-12-31"_s, 4 },      { u"key/key_b/2026-12"_s, 8 },
        { u"key/key_b/2026-12-31"_s, 8 },      { u"key/key_a/2027-01"_s, 16 },
        { u"key/key_a/2027-01-01"_s, 16 },     { u"project/proj_a/2026-11"_s, 1 },
        { u"project/proj_a/2026-11-30"_s, 1 }, { u"project/proj_a/2026-12"_s, 14 },
        { u"project/proj_a/2026-12-01"_s, 2 }, { u"project/proj_a/2026-12-31"_s, 12 },
        { u"project/proj_a/2027-01"_s, 16 },   { u"project/proj_a/2027-01-01"_s, 16 },
    };
    QCOMPARE(spendRows(*db), expected);
}

// What the gateway starts from: the rows of the current UTC day and month only.
void tst_SpendStore::settledSpendIsTheCurrentDayAndMonth_R_BILL_3()
{
    ReceiptWriter writer(m_temp->path());
    writer.submit(charging(u"r1"_s, 1, kStart.addDays(-1)));
    writer.submit(charging(u"r2"_s, 2, kStart));
    writer.submit(charging(u"r3"_s, 4, kStart.addMonths(-1)));
    QVERIFY(writer.start().ok());
    QVERIFY(writer.flush().ok());
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    const qint64 now = kStart.addSecs(13 * 3600).toMSecsSinceEpoch(); // 23:00 the same day
    const Util::Result<QList<SettledSpend>> spend = SpendStore(*db).settledSpend(now);
    QVERIFY(spend);
    const QList<SettledSpend> expected {
        { SpendScope::Key, u"key_a"_s, u"2026-12"_s, 3 },
        { SpendScope::Key, u"key_a"_s, u"2026-12-06"_s, 2 },
        { SpendScope::Project, u"proj_a"_s, u"2026-12"_s, 3 },
        { SpendScope::Project, u"proj_a"_s, u"2026-12-06"_s, 2 },
    };
    QCOMPARE(spend->size(), expected.size());
    for (qsizetype i = 0; i < expected.size(); ++i) {
        QCOMPARE(spend->at(i).scope == SpendScope::Key, expected.at(i).scope == SpendScope::Key);
        QCOMPARE(spend->at(i).id, expected.at(i).id);
        QCOMPARE(spend->at(i).period, expected.at(i).period);
        QCOMPARE(spend->at(i).amount, expected.at(i).amount);
    }
    const qint64 nextMonth = kStart.addMonths(1).toMSecsSinceEpoch();
    QCOMPARE(SpendStore(*db).settledSpend(nextMonth)->size(), 0);
}

void tst_SpendStore::noChargeNoSpendRow_R_BILL_3_data()
{
    QTest::addColumn<double>("charged");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("project");
    QTest::addColumn<QStringList>("rows");
    QTest::newRow("charged 0") << 0.0 << u"key_a"_s << u"proj_a"_s << QStringList();
    QTest::newRow("no key") << 0.5 << QString() << u"proj_a"_s << QStringList();
    QTest::newRow("no project") << 0.5 << u"key_a"_s << QString()
                                << QStringList { u"key/key_a/2026-12"_s,
                                                 u"key/key_a/2026-12-06"_s };
}

void tst_SpendStore::noChargeNoSpendRow_R_BILL_3()
{
    QFETCH(double, charged);
    QFETCH(QString, key);
    QFETCH(QString, project);
    QFETCH(QStringList, rows);
    ReceiptWriter writer(m_temp->path());
    QVERIFY(writer.start().ok());
    writer.submit(charging(u"r1"_s, charged, kStart, key, project));
    QVERIFY(writer.flush().ok());
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    QCOMPARE(spendRows(*db).keys(), rows);
    QCOMPARE(receiptCount(*db), qint64(1));
}

QTEST_GUILESS_MAIN(tst_SpendStore)
#include "tst_spendstore.moc"
