#include "store/candidatehealthstore.h"
#include "store/database.h"

#include <QSignalSpy>
#include <QSqlDriver>
#include <QTest>
#include <pgdatabase.h>

using namespace Qt::StringLiterals;
using Store::CandidateHealth;
using Store::CandidateHealthStore;
using Store::Database;
using Store::HealthChange;
using Kind = Store::HealthChange::Kind;

namespace {

std::unique_ptr<Database> openOrFail(const QString &path)
{
    auto db = Database::open(path);
    if (!db) {
        qWarning("%s", qPrintable(Util::logText(db.error())));
        return nullptr;
    }
    return std::move(db).value();
}

HealthChange cooldown(const QString &candidate, qint64 untilMs, const QString &error = {})
{
    return HealthChange { Kind::Cooldown, candidate, untilMs, error };
}

HealthChange change(Kind kind, const QString &candidate)
{
    return HealthChange { kind, candidate, 0, {} };
}

CandidateHealth rowOf(const CandidateHealthStore &store, const QString &candidate)
{
    const auto rows = store.readAll();
    if (!rows)
        return {};
    for (const CandidateHealth &h : *rows) {
        if (h.candidate == candidate)
            return h;
    }
    return {};
}

} // namespace

// The table several gateways share their cooldowns and drains through, on both engines.
class tst_CandidateHealthStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data() { addEngineRows(); }
    void init() { REQUIRE_ENGINE(); }
    void writesAndReadsEveryRow();
    void cooldownKeepsTheLaterEnd();
    void drainKeepsCooldownAndReenableClearsBoth();
    void secondConnectionSeesWrites();
    void postgresAnnouncesWrites();
};

void tst_CandidateHealthStore::writesAndReadsEveryRow()
{
    EngineDatabase temp;
    QVERIFY(temp.isValid());
    auto db = openOrFail(temp.path());
    QVERIFY(db);
    CandidateHealthStore store(*db);
    QVERIFY(store.readAll());
    QVERIFY(store.readAll()->isEmpty());
    QVERIFY(store.write({ cooldown(u"conn-b/up-x"_s, 5000, u"rate_limited"_s),
                          change(Kind::Drain, u"conn-a/up-x"_s) },
                        u"gw-1"_s, 1000));
    const auto rows = store.readAll();
    QVERIFY(rows);
    QCOMPARE(rows->size(), 2);
    QCOMPARE(rows->at(0), (CandidateHealth { u"conn-a/up-x"_s, 0, true, {}, u"gw-1"_s, 1000 }));
    QCOMPARE(
        rows->at(1),
        (CandidateHealth { u"conn-b/up-x"_s, 5000, false, u"rate_limited"_s, u"gw-1"_s, 1000 }));
    QVERIFY(store.write({}, u"gw-1"_s, 1000)); // nothing to write is not an error
}

void tst_CandidateHealthStore::cooldownKeepsTheLaterEnd()
{
    EngineDatabase temp;
    QVERIFY(temp.isValid());
    auto db = openOrFail(temp.path());
    QVERIFY(db);
    CandidateHealthStore store(*db);
    const QString key = u"conn-a/up-x"_s;
    QVERIFY(store.write({ cooldown(key, 5000, u"server_error"_s) }, u"gw-1"_s, 1000));
    // A shorter cooldown from another instance leaves the row alone, writer included.
    QVERIFY(store.write({ cooldown(key, 3000, u"timeout"_s) }, u"gw-2"_s, 1100));
    QCOMPARE(rowOf(store, key),
             (CandidateHealth { key, 5000, false, u"server_error"_s, u"gw-1"_s, 1000 }));
    QVERIFY(store.write({ cooldown(key, 8000, u"timeout"_s) }, u"gw-2"_s, 1200));
    QCOMPARE(rowOf(store, key),
             (CandidateHealth { key, 8000, false, u"timeout"_s, u"gw-2"_s, 1200 }));
}

void tst_CandidateHealthStore::drainKeepsCooldownAndReenableClearsBoth()
{
    EngineDatabase temp;
    QVERIFY(temp.isValid());
    auto db = openOrFail(temp.path());
    QVERIFY(db);
    CandidateHealthStore store(*db);
    const QString key = u"conn-a/up-x"_s;
    QVERIFY(store.write({ cooldown(key, 5000, u"server_error"_s) }, u"gw-1"_s, 1000));
    QVERIFY(store.write({ change(Kind::Drain, key) }, u"gw-2"_s, 1100));
    QCOMPARE(rowOf(store, key),
             (CandidateHealth { key, 5000, true, u"server_error"_s, u"gw-2"_s, 1100 }));
    // A cooldown while drained leaves it drained.
    QVERIFY(store.write({ cooldown(key, 9000, u"timeout"_s) }, u"gw-1"_s, 1200));
    QCOMPARE(rowOf(store, key),
             (CandidateHealth { key, 9000, true, u"timeout"_s, u"gw-1"_s, 1200 }));
    QVERIFY(store.write({ change(Kind::Reenable, key) }, u"gw-1"_s, 1300));
    QCOMPARE(rowOf(store, key), (CandidateHealth { key, 0, false, {}, u"gw-1"_s, 1300 }));
    // After a re-enable a cooldown starts afresh, even one ending before the old one did.
    QVERIFY(store.write({ cooldown(key, 2000) }, u"gw-2"_s, 1400));
    QCOMPARE(rowOf(store, key), (CandidateHealth { key, 2000, false, {}, u"gw-2"_s, 1400 }));
}

void tst_CandidateHealthStore::secondConnectionSeesWrites()
{
    EngineDatabase temp;
    QVERIFY(temp.isValid());
    auto first = openOrFail(temp.path());
    auto second = openOrFail(temp.path());
    QVERIFY(first && second);
    QVERIFY(CandidateHealthStore(*first).write({ change(Kind::Drain, u"conn-a/up-x"_s) }, u"gw-1"_s,
                                               1000));
    const CandidateHealth row = rowOf(CandidateHealthStore(*second), u"conn-a/up-x"_s);
    QVERIFY(row.drained);
    QCOMPARE(row.instance, u"gw-1"_s);
}

void tst_CandidateHealthStore::postgresAnnouncesWrites()
{
    if (currentEngine() != QLatin1String("postgres"))
        QSKIP("SQLite has no notifications: its readers poll");
    EngineDatabase temp;
    QVERIFY(temp.isValid());
    auto writer = openOrFail(temp.path());
    auto listener = openOrFail(temp.path());
    QVERIFY(writer && listener);
    QVERIFY(listener->subscribe(QString(CandidateHealthStore::kChannel)));
    QSignalSpy notified(
        listener->handle().driver(),
        qOverload<const QString &, QSqlDriver::NotificationSource, const QVariant &>(
            &QSqlDriver::notification));
    QVERIFY(
        CandidateHealthStore(*writer).write({ cooldown(u"conn-a/up-x"_s, 5000) }, u"gw-1"_s, 1000));
    QTRY_COMPARE_WITH_TIMEOUT(notified.size(), 1, 5000);
    QCOMPARE(notified.at(0).at(0).toString(), QString(CandidateHealthStore::kChannel));
    QCOMPARE(notified.at(0).at(2).toString(), u"gw-1"_s);
}

QTEST_GUILESS_MAIN(tst_CandidateHealthStore)
#include "tst_candidatehealthstore.moc"
