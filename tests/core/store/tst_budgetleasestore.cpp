// Budget leases and rate counts shared by several gateways on one database (R-BILL-3, R-BILL-4),
// on both engines: two connections leasing at once never lease more than the budget, whatever
// the interleaving; a charge the writer adds to spend comes out of its instance's lease.
#include "store/budgetleasestore.h"
#include "store/database.h"
#include "store/receiptwriter.h"
#include "store/spendstore.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QTest>
#include <QThread>
#include <atomic>
#include <pgdatabase.h>

using namespace Qt::StringLiterals;
using Domain::SpendScope;
using Store::BudgetLeaseStore;
using Store::Database;

namespace {

const QString kDay = u"2026-12-06"_s;

std::unique_ptr<Database> openOrFail(const QString &path)
{
    auto db = Database::open(path);
    if (!db) {
        qWarning("%s", qPrintable(Util::logText(db.error())));
        return nullptr;
    }
    return std::move(db).value();
}

double scalar(Database &db, const QString &sql)
{
    QSqlQuery q(db.handle());
    return q.exec(sql) && q.next() ? q.value(0).toDouble() : -1;
}

// Leases in small steps on its own connection, as one gateway's runtime does, and spends part of
// each grant as its writer would: the charge added to spend and taken from its lease together.
std::atomic<int> ready { 0 };

class Leaser : public QThread
{
public:
    Leaser(QString path, QString instance, double limit)
        : m_path(std::move(path))
        , m_instance(std::move(instance))
        , m_limit(limit)
    {
    }
    double granted = 0;
    int grants = 0;
    int errors = 0;

protected:
    void run() override
    {
        auto db = openOrFail(m_path);
        if (!db) {
            ++errors;
            return;
        }
        BudgetLeaseStore store(*db, m_instance);
        ready.fetch_add(1);
        while (ready.load() < 2)
            QThread::yieldCurrentThread(); // both connections lease at the same time
        for (int i = 0; i < kAttempts; ++i) {
            const auto grant = store.grow(SpendScope::Key, u"key_a"_s, kDay, m_limit, kStep);
            if (!grant) {
                ++errors;
                continue;
            }
            granted += grant->granted;
            grants += grant->granted > 0;
            if (i % 3 == 0 && grant->granted > 0 && !charge(*db, grant->granted / 2))
                ++errors;
        }
    }

private:
    bool charge(Database &db, double amount)
    {
        return bool(db.transaction([&]() -> Util::Status {
            QSqlQuery q(db.handle());
            q.prepare(
                u"INSERT INTO spend (scope, id, period, amount) VALUES ('key', 'key_a', ?, ?) "
                "ON CONFLICT (scope, id, period) DO UPDATE SET amount = spend.amount + "
                "excluded.amount"_s);
            q.addBindValue(kDay);
            q.addBindValue(amount);
            if (!q.exec())
                return Util::Error { u"test"_s, q.lastError().text() };
            q.prepare(u"UPDATE budget_lease SET leased = leased - ? WHERE scope = 'key' AND "
                      "id = 'key_a' AND period = ? AND instance = ?"_s);
            q.addBindValue(amount);
            q.addBindValue(kDay);
            q.addBindValue(m_instance);
            if (!q.exec())
                return Util::Error { u"test"_s, q.lastError().text() };
            return Util::Ok {};
        }));
    }

    // Either alone leases 0.65 at most: the budget of 1 runs out only with both.
    static constexpr int kAttempts = 50;
    static constexpr double kStep = 0.013;
    QString m_path;
    QString m_instance;
    double m_limit;
};

} // namespace

class tst_BudgetLeaseStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data() { addEngineRows(); }
    void init() { REQUIRE_ENGINE(); }
    void twoLeasersNeverLeaseMoreThanTheBudget();
    void grantStopsAtSpendAndLeases();
    void writerChargeComesOutOfTheLease();
    void releaseKeepsOtherInstances();
    void ratesOfOtherInstancesOnly();
    void startChargesOnlyItsOwnOrphanedHolds();
};

// The test: two connections leasing in interleaved small steps (each also settling part of
// what it leased) hand out, together, the whole budget and not a cent more.
void tst_BudgetLeaseStore::twoLeasersNeverLeaseMoreThanTheBudget()
{
    EngineDatabase temp;
    QVERIFY(temp.isValid());
    auto db = openOrFail(temp.path()); // migrated before the leasers connect
    QVERIFY(db);
    const double limit = 1.0;
    ready = 0;
    Leaser a(temp.path(), u"a"_s, limit);
    Leaser b(temp.path(), u"b"_s, limit);
    a.start();
    b.start();
    QVERIFY(a.wait(120000));
    QVERIFY(b.wait(120000));
    QCOMPARE(a.errors + b.errors, 0);
    QVERIFY2(a.grants > 0 && b.grants > 0, "both instances got leases");
    const double total = a.granted + b.granted;
    QVERIFY2(total <= limit + 1e-9, qPrintable(QString::number(total, 'f', 12)));
    QVERIFY2(total >= limit - 1e-9, qPrintable(QString::number(total, 'f', 12)));
    const double spent = scalar(*db, u"SELECT COALESCE(SUM(amount), 0) FROM spend"_s);
    const double leased = scalar(*db, u"SELECT COALESCE(SUM(leased), 0) FROM budget_lease"_s);
    QVERIFY(spent > 0);
    QVERIFY(qAbs(spent + leased - total) < 1e-9);
}

void tst_BudgetLeaseStore::grantStopsAtSpendAndLeases()
{
    EngineDatabase temp;
    QVERIFY(temp.isValid());
    auto db = openOrFail(temp.path());
    QVERIFY(db);
    QSqlQuery q(db->handle());
    QVERIFY(q.exec(
        u"INSERT INTO spend (scope, id, period, amount) VALUES ('key', 'k', '%1', 0.5)"_s.arg(
            kDay)));
    BudgetLeaseStore a(*db, u"a"_s);
    BudgetLeaseStore b(*db, u"b"_s);
    auto g = a.grow(SpendScope::Key, u"k"_s, kDay, 1.0, 0.3);
    QVERIFY(g);
    QCOMPARE(g->granted, 0.3);
    QVERIFY(qAbs(g->left - 0.2) < 1e-12);
    g = b.grow(SpendScope::Key, u"k"_s, kDay, 1.0, 0.3);
    QVERIFY(g);
    QVERIFY(qAbs(g->granted - 0.2) < 1e-12); // what is left, not what was asked
    QCOMPARE(g->left, 0.0);
    g = a.grow(SpendScope::Key, u"k"_s, kDay, 1.0, 0.1);
    QVERIFY(g);
    QCOMPARE(g->granted, 0.0);
    // Another period, another scope: other budgets.
    g = a.grow(SpendScope::Key, u"k"_s, u"2026-12"_s, 1.0, 0.1);
    QVERIFY(g && g->granted == 0.1);
    g = a.grow(SpendScope::Project, u"k"_s, kDay, 1.0, 0.1);
    QVERIFY(g && g->granted == 0.1);
    QCOMPARE(*a.leased(SpendScope::Key, u"k"_s, kDay), 0.3);
}

// The writer, named as an instance, takes each charge from that instance's lease in the
// transaction that adds it to spend.
void tst_BudgetLeaseStore::writerChargeComesOutOfTheLease()
{
    EngineDatabase temp;
    QVERIFY(temp.isValid());
    auto db = openOrFail(temp.path());
    QVERIFY(db);
    BudgetLeaseStore store(*db, u"gw1"_s);
    const QDateTime started(QDate(2026, 12, 6), QTime(10, 0), Qt::UTC);
    QVERIFY(store.grow(SpendScope::Key, u"key_a"_s, kDay, 1.0, 0.5));
    QVERIFY(store.grow(SpendScope::Project, u"proj_a"_s, u"2026-12"_s, 1.0, 0.5));
    Store::ReceiptWriter writer(temp.path());
    writer.setInstance(u"gw1"_s);
    QVERIFY(writer.start());
    Domain::Receipt r;
    r.requestId = u"req_1"_s;
    r.startedAt = started;
    r.keyId = u"key_a"_s;
    r.projectId = u"proj_a"_s;
    r.modelAsked = u"demo/chat"_s;
    r.httpStatus = 200;
    r.cost = 0.125;
    r.charged = 0.125;
    QVERIFY(writer.submit(r) > 0);
    QVERIFY(writer.flush());
    QCOMPARE(*store.leased(SpendScope::Key, u"key_a"_s, kDay), 0.375);
    QCOMPARE(*store.leased(SpendScope::Project, u"proj_a"_s, u"2026-12"_s), 0.375);
    QCOMPARE(*store.leased(SpendScope::Key, u"key_a"_s, u"2026-12"_s), 0.0); // none leased: none
    writer.stop();
}

void tst_BudgetLeaseStore::releaseKeepsOtherInstances()
{
    EngineDatabase temp;
    QVERIFY(temp.isValid());
    auto db = openOrFail(temp.path());
    QVERIFY(db);
    BudgetLeaseStore a(*db, u"a"_s);
    BudgetLeaseStore b(*db, u"b"_s);
    QVERIFY(a.grow(SpendScope::Key, u"k"_s, kDay, 1.0, 0.25));
    QVERIFY(a.grow(SpendScope::Key, u"k"_s, u"2026-11-30"_s, 1.0, 0.25));
    QVERIFY(b.grow(SpendScope::Key, u"k"_s, kDay, 1.0, 0.25));
    QVERIFY(a.release({ kDay }));
    QCOMPARE(*a.leased(SpendScope::Key, u"k"_s, kDay), 0.25);
    QCOMPARE(*a.leased(SpendScope::Key, u"k"_s, u"2026-11-30"_s), 0.0);
    QVERIFY(a.release());
    QCOMPARE(*a.leased(SpendScope::Key, u"k"_s, kDay), 0.0);
    QCOMPARE(*b.leased(SpendScope::Key, u"k"_s, kDay), 0.25);
    const auto g = a.grow(SpendScope::Key, u"k"_s, kDay, 1.0, 1.0);
    QVERIFY(g && g->granted == 0.75);
}

void tst_BudgetLeaseStore::ratesOfOtherInstancesOnly()
{
    EngineDatabase temp;
    QVERIFY(temp.isValid());
    auto db = openOrFail(temp.path());
    QVERIFY(db);
    BudgetLeaseStore a(*db, u"a"_s);
    BudgetLeaseStore b(*db, u"b"_s);
    BudgetLeaseStore c(*db, u"c"_s);
    using Count = BudgetLeaseStore::RateCount;
    QVERIFY(a.publishRates({ Count { SpendScope::Key, u"k"_s, 5, 500 } }, 1000));
    QVERIFY(b.publishRates({ Count { SpendScope::Key, u"k"_s, 3, 300 },
                             Count { SpendScope::Project, u"p"_s, 3, 300 } },
                           2000));
    QVERIFY(c.publishRates({ Count { SpendScope::Key, u"k"_s, 7, 700 } }, 100)); // gone since
    const auto seenByA = a.otherRates(500);
    QVERIFY(seenByA);
    QCOMPARE(*seenByA,
             (QList<Count> { Count { SpendScope::Key, u"k"_s, 3, 300 },
                             Count { SpendScope::Project, u"p"_s, 3, 300 } }));
    const auto seenByC = c.otherRates(500);
    QVERIFY(seenByC);
    QCOMPARE(seenByC->first(), (Count { SpendScope::Key, u"k"_s, 8, 800 }));
    // A new publication replaces the last one: a scope no longer limited leaves.
    QVERIFY(b.publishRates({}, 3000));
    QCOMPARE(*a.otherRates(500), QList<Count> {});
}

// An instance starting again charges the holds its stopped run left, and those of a build before
// instances (none named), but not the holds of the other gateways' calls in flight.
void tst_BudgetLeaseStore::startChargesOnlyItsOwnOrphanedHolds()
{
    EngineDatabase temp;
    QVERIFY(temp.isValid());
    auto db = openOrFail(temp.path());
    QVERIFY(db);
    const qint64 started = QDateTime(QDate(2026, 12, 6), QTime(10, 0), Qt::UTC).toMSecsSinceEpoch();
    for (const QString &instance : { u"gw1"_s, u"gw2"_s }) {
        Store::ReceiptWriter writer(temp.path());
        writer.setInstance(instance);
        QVERIFY(writer.start());
        QVERIFY(writer.submitHold({ u"req_"_s + instance, u"key_a"_s, u"proj_a"_s, started, 0.25 })
                > 0);
        QVERIFY(writer.flush());
        writer.stop();
    }
    QSqlQuery q(db->handle());
    QVERIFY(q.exec(u"INSERT INTO spend_hold (request_id, key_id, project_id, started_at, amount) "
                   "VALUES ('req_old', 'key_a', 'proj_a', %1, 0.5)"_s.arg(started)));
    Store::SpendStore spend(*db);
    const auto settled = spend.settleOrphanedHolds(u"gw1"_s);
    QVERIFY(settled);
    QCOMPARE(settled->count, 2);
    QCOMPARE(settled->total, 0.75);
    QCOMPARE(scalar(*db, u"SELECT COUNT(*) FROM spend_hold WHERE instance = 'gw2'"_s), 1.0);
    QCOMPARE(scalar(*db, u"SELECT COUNT(*) FROM spend_hold"_s), 1.0);
    QCOMPARE(
        scalar(*db, u"SELECT amount FROM spend WHERE scope = 'key' AND period = '%1'"_s.arg(kDay)),
        0.75);
}

QTEST_GUILESS_MAIN(tst_BudgetLeaseStore)
#include "tst_budgetleasestore.moc"
