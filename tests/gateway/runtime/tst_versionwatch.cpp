// A version saved by another process becomes current in a running Runtime within a second: on
// PostgreSQL announced by NOTIFY (also after the connection was lost and came back), on either
// engine found by the poll.
#include "config/changelist.h"
#include "pgdatabase.h"
#include "runtime/runtime.h"
#include "store/configstore.h"
#include "store/database.h"

#include <QSignalSpy>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

// Generous, for a loaded machine: the 1 s promise is the poll interval's, checked as such, and
// the push's latency is measured by tst_severalgateways.
constexpr int kTimeoutMs = 20000;

// What another process does: renames the workspace and saves it over the latest version. The new
// version, 0 when the save failed.
int saveElsewhere(const QString &location, const QString &name)
{
    auto db = Store::Database::open(location);
    if (!db)
        return 0;
    Store::ConfigStore store(**db);
    int base = 0;
    const Util::Result<Domain::Workspace> latest = store.load(&base);
    if (!latest)
        return 0;
    Domain::Workspace ws = *latest;
    ws.name = name;
    const Util::Result<int> saved
        = store.save(ws, Config::changeList(*latest, ws), u"elsewhere"_s, base);
    return saved ? *saved : 0;
}

// Ends every other connection to the database, as a server restart would.
bool dropOtherConnections(const QString &location)
{
    auto db = Store::Database::open(location);
    if (!db)
        return false;
    QSqlQuery q((*db)->handle());
    return q.exec(u"SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                  "WHERE datname = current_database() AND pid <> pg_backend_pid()"_s);
}

} // namespace

class tst_VersionWatch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data() { addEngineRows(); }
    void init() { REQUIRE_ENGINE(); }
    void savedElsewhereIsCurrentWithinASecond();
    void announcedWithoutThePoll();
    void announcedAgainAfterTheConnectionCameBack();
};

void tst_VersionWatch::savedElsewhereIsCurrentWithinASecond()
{
    EngineDatabase temp;
    QVERIFY(temp.isValid());
    Runtime::Runtime runtime;
    QVERIFY(runtime.open(temp.path(), u"tester"_s));
    static_assert(Runtime::Runtime::kVersionPollMs <= 1000);
    QSignalSpy loaded(&runtime, &Runtime::Runtime::versionLoaded);
    const int saved = saveElsewhere(temp.path(), u"Saved elsewhere"_s);
    QVERIFY(saved > runtime.version());
    QTRY_COMPARE_WITH_TIMEOUT(runtime.version(), saved, kTimeoutMs);
    QCOMPARE(runtime.workspace().name, u"Saved elsewhere"_s);
    QCOMPARE(loaded.size(), 1);
    QCOMPARE(loaded.at(0).at(0).toInt(), saved);
    QVERIFY(runtime.isDatabaseAvailable());
}

void tst_VersionWatch::announcedWithoutThePoll()
{
    if (currentEngine() != u"postgres"_s)
        QSKIP("Only PostgreSQL announces saves; SQLite relies on the poll.");
    EngineDatabase temp;
    QVERIFY(temp.isValid());
    Runtime::Runtime runtime;
    QVERIFY(runtime.open(temp.path(), u"tester"_s));
    runtime.setVersionPollInterval(0);
    const int saved = saveElsewhere(temp.path(), u"Announced"_s);
    QVERIFY(saved > runtime.version());
    QTRY_COMPARE_WITH_TIMEOUT(runtime.version(), saved, kTimeoutMs);
    QCOMPARE(runtime.workspace().name, u"Announced"_s);
}

void tst_VersionWatch::announcedAgainAfterTheConnectionCameBack()
{
    if (currentEngine() != u"postgres"_s)
        QSKIP("An SQLite file has no connection to lose.");
    EngineDatabase temp;
    QVERIFY(temp.isValid());
    Runtime::Runtime runtime;
    QVERIFY(runtime.open(temp.path(), u"tester"_s));
    runtime.setVersionPollInterval(100);
    QSignalSpy availability(&runtime, &Runtime::Runtime::databaseAvailabilityChanged);
    QVERIFY(dropOtherConnections(temp.path()));
    // The poll notices the loss, then reconnects (and listens again).
    QTRY_COMPARE_WITH_TIMEOUT(availability.size(), 2, kTimeoutMs);
    QCOMPARE(availability.at(0).at(0).toBool(), false);
    QCOMPARE(availability.at(1).at(0).toBool(), true);
    QVERIFY(runtime.isDatabaseAvailable());
    // Only the announcement can bring the next save now.
    runtime.setVersionPollInterval(0);
    const int saved = saveElsewhere(temp.path(), u"After the reconnect"_s);
    QVERIFY(saved > runtime.version());
    QTRY_COMPARE_WITH_TIMEOUT(runtime.version(), saved, kTimeoutMs);
    QCOMPARE(runtime.workspace().name, u"After the reconnect"_s);
    QCOMPARE(availability.size(), 2);
}

QTEST_MAIN(tst_VersionWatch)
#include "tst_versionwatch.moc"
