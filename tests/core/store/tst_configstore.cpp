#include "config/validator.h"
#include "store/configstore.h"
#include "store/database.h"
#include "store/storeerror.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDriver>
#include <QSqlQuery>
#include <QTest>
#include <QThread>
#include <csignal>
#include <pgdatabase.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <tempdatabase.h>
#include <thread>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace Domain;
using Store::ConfigStore;
using Store::Database;

namespace {

const QString kSecret = u"sk-live-DO-NOT-LEAK-7f3a9c"_s;

Directives fullDirectives(const QString &fallback)
{
    Directives d;
    d.allowedModels = QStringList { u"openai/*"_s, u"anthropic/claude"_s };
    d.allowedProviders = QStringList { u"openai"_s, u"anthropic"_s };
    d.deniedProviders = { u"azure"_s };
    d.requireZdr = true;
    d.requireNoTraining = false;
    d.minPrecision = Precision::Fp8;
    d.maxApplicationAttempts = 4;
    d.allowModelFallback = true;
    d.fallbackModels = QStringList { fallback };
    return d;
}

QList<Connection> connections()
{
    Connection openai { u"openai-1"_s,
                        u"openai"_s,
                        Dialect::OpenAi,
                        u"https://api.openai.com/v1"_s,
                        {},
                        { Credential::Kind::Stored, {}, kSecret },
                        u"us-east-1"_s,
                        true,
                        false,
                        {} };
    Connection azure { u"azure-eu"_s,
                       u"azure"_s,
                       Dialect::AzureOpenAi,
                       u"https://eu.example.azure.com"_s,
                       u"2024-06-01"_s,
                       { Credential::Kind::EnvironmentVariable, u"AZURE_KEY"_s, {} },
                       u"eu-west-1"_s,
                       false,
                       false,
                       {} };
    Connection anthropic { u"anthropic-1"_s,
                           u"anthropic"_s,
                           Dialect::Anthropic,
                           u"https://api.anthropic.com"_s,
                           {},
                           { Credential::Kind::File, u"/home/me/.anthropic-key"_s, {} },
                           u"us-east-1"_s,
                           true,
                           true,
                           {} };
    SimulatorSettings sim { 75,   120,
                            0.25, { SimulatedFailure::RateLimited, SimulatedFailure::StreamCut },
                            2,    5 };
    Connection simulator {
        u"sim"_s, u"simulator"_s, Dialect::Simulator, {}, {}, {}, u"local"_s, true, false, sim
    };
    return { openai, azure, anthropic, simulator };
}

QList<Model> models()
{
    Model gpt;
    gpt.name = u"openai/gpt-4o"_s;
    gpt.inputPricePerMTok = 2.5;
    gpt.outputPricePerMTok = 10.0;
    gpt.contextWindow = 64000;
    gpt.servingRegionOverride = u"us-east-1"_s;
    gpt.recovery
        = Recovery { true, RecoverySettings { 5, 60000, 200, 4000, 9000, 3000, 40000, 20000 } };
    gpt.offerings = {
        Offering { u"openai-1"_s, u"gpt-4o-2024-08-06"_s, Precision::Bf16,
                   Capabilities { true, true, true, { u"web_search_20250305"_s } }, true,
                   ProbeResults { 9, 10, 7, 8 } },
        Offering { u"sim"_s, u"sim-gpt"_s, Precision::Fp8, Capabilities { true, false, false, {} },
                   false, ProbeResults {} },
    };
    Model claude;
    claude.name = u"anthropic/claude"_s;
    claude.offerings
        = { Offering { u"anthropic-1"_s, u"claude-sonnet"_s, Precision::None, {}, true, {} } };
    Model embed;
    embed.name = u"openai/embed"_s;
    embed.modality = Modality::Embedding;
    embed.enabled = false;
    embed.offerings
        = { Offering { u"openai-1"_s, u"text-embedding-3-small"_s, Precision::Fp4, {}, true, {} } };
    Model pool;
    pool.name = u"team/pool"_s;
    pool.route = RouteKind::Pool;
    pool.pool
        = Pool { { PoolEntry { u"openai/gpt-4o"_s, 3 }, PoolEntry { u"anthropic/claude"_s, 1 } },
                 { u"us-east-1"_s } };
    return { gpt, claude, embed, pool };
}

// Every entity and every field set to something other than its default.
Workspace fullWorkspace()
{
    Workspace ws;
    ws.name = u"Team workspace"_s;
    // R-REC-9: the workspace's recovery defaults are part of the snapshot.
    ws.recoveryDefaults = RecoverySettings { 2, 120000, 50, 500, 1000, 2000, 10000, 5000 };
    ws.directives = fullDirectives(u"anthropic/claude"_s);
    ws.providers = {
        Provider { u"openai"_s, u"OpenAI"_s, true, true, u"provider listing 2026-11-01"_s },
        Provider { u"azure"_s, u"Azure"_s, true, false, u"set by hand"_s },
        Provider { u"anthropic"_s, u"Anthropic"_s, false, true, u"provider listing"_s },
        Provider { u"simulator"_s, u"Simulator"_s, true, true, u"built in"_s },
    };
    ws.connections = connections();
    ws.models = models();
    ws.aliases = { Alias { u"org/fast"_s,
                           u"openai/gpt-4o"_s,
                           QJsonObject { { u"temperature"_s, 0.2 } },
                           { u"anthropic/claude"_s },
                           QDate(2027, 1, 31),
                           u"team/pool"_s } };
    Directives projectDirectives;
    projectDirectives.deniedProviders = { u"anthropic"_s };
    ws.projects = { Project { u"default"_s, u"Default"_s, {} },
                    Project { u"research"_s, u"Research"_s, projectDirectives } };
    Directives keyDirectives;
    keyDirectives.maxApplicationAttempts = 2;
    ws.keys
        = { Key { u"key_3f9a"_s, u"research"_s, u"CI key"_s, u"sb-3f9a"_s, QString(64, u'a'),
                  QDateTime(QDate(2026, 11, 2), QTime(9, 30, 15), Qt::UTC), true, keyDirectives } };
    return ws;
}

std::unique_ptr<Database> openDb(const QString &path,
                                 Database::Mode mode = Database::Mode::ReadWrite)
{
    auto db = Database::open(path, mode);
    return db ? std::move(db).value() : nullptr;
}

using Change = Config::Change;
using Entity = Config::Change::Entity;

// A version's notes as the headless import writes them when nothing differs.
QList<Change> facts(const QStringList &notes)
{
    QList<Change> out;
    for (const QString &n : notes)
        out << Change { Entity::Workspace, u"w"_s, u"import"_s, {}, {}, n };
    return out;
}

QStringList allSnapshotsAndChanges(Database &db)
{
    QStringList texts;
    QSqlQuery q(db.handle());
    q.exec(u"SELECT snapshot, changes, author FROM workspace_version"_s);
    while (q.next())
        texts << q.value(0).toString() << q.value(1).toString() << q.value(2).toString();
    return texts;
}

} // namespace

class tst_ConfigStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data() { addEngineRows(); }
    void init();
    void cleanup();
    void fixtureIsValid();
    void emptyStore_R_UI_10();
    void roundTripEveryField_R_UI_10();
    void versionsNewestFirst_R_UI_10();
    void loadVersionAndRestore_R_UI_10();
    void changesStoredAsFacts_R_UI_10();
    void storedSecretOnlyInSecretTable_R_SEC_3();
    void removedConnectionLosesSecret_R_SEC_3();
    void saveIsAtomic_R_UI_4_data();
    void saveIsAtomic_R_UI_4();
    void killedMidSaveLeavesPreviousVersionCurrent_R_UI_10();
    void saveFromAnOutdatedVersionIsRefused_R_UI_10();
    void saveRacingForTheSameVersionIsRefused_R_UI_10();

private:
    std::unique_ptr<EngineDatabase> m_temp;
    std::unique_ptr<Database> m_db;
};

void tst_ConfigStore::init()
{
    REQUIRE_ENGINE();
    m_temp = std::make_unique<EngineDatabase>();
    m_db = openDb(m_temp->path());
    QVERIFY(m_db);
}

void tst_ConfigStore::cleanup()
{
    m_db.reset();
    m_temp.reset();
}

void tst_ConfigStore::changesStoredAsFacts_R_UI_10()
{
    ConfigStore store(*m_db);
    const Change weight {
        Entity::Model, u"demo/chat"_s, u"pool.weight"_s, u"sim-east/gpt-4o"_s, 3, 5
    };
    QVERIFY(store.save(fullWorkspace(), { weight }, u"alice"_s).ok());
    QSqlQuery q(m_db->handle());
    QVERIFY(q.exec(u"SELECT changes FROM workspace_version"_s) && q.next());
    // No sentence in the row: codes and values only, whatever language the studio spoke.
    const QJsonObject stored
        = QJsonDocument::fromJson(q.value(0).toString().toUtf8()).array().first().toObject();
    QCOMPARE(stored,
             QJsonObject({ { u"entity"_s, u"model"_s },
                           { u"id"_s, u"demo/chat"_s },
                           { u"field"_s, u"pool.weight"_s },
                           { u"item"_s, u"sim-east/gpt-4o"_s },
                           { u"before"_s, 3 },
                           { u"after"_s, 5 } }));
    QCOMPARE(store.versions().first().changes, QList<Change> { weight });
}

// The round trip goes through Config's import, which validates: the fixture must be valid.
void tst_ConfigStore::fixtureIsValid()
{
    const QList<Config::Problem> problems = Config::validate(fullWorkspace());
    for (const Config::Problem &p : problems) {
        if (p.severity == Config::Problem::Severity::Error)
            qWarning("%s: %s", qPrintable(p.path), qPrintable(Config::describe(p)));
    }
    QVERIFY(!Config::hasErrors(problems));
}

void tst_ConfigStore::emptyStore_R_UI_10()
{
    ConfigStore store(*m_db);
    QVERIFY(store.isEmpty());
    QCOMPARE(store.latestVersion(), 0);
    QVERIFY(store.versions().isEmpty());
    const auto loaded = store.load();
    QVERIFY(!loaded.ok());
    QCOMPARE(loaded.error().code, Store::toString(Store::ErrorCode::NothingSaved));
}

void tst_ConfigStore::roundTripEveryField_R_UI_10()
{
    const Workspace ws = fullWorkspace();
    {
        ConfigStore store(*m_db);
        const auto version = store.save(ws, facts({ u"Created the workspace"_s }), u"alice"_s);
        QVERIFY2(version.ok(), version.ok() ? "" : qPrintable(Util::logText(version.error())));
        QCOMPARE(*version, 1);
        QVERIFY(!store.isEmpty());
    }
    // Read back through a fresh connection, as the studio does after a restart.
    m_db.reset();
    m_db = openDb(m_temp->path());
    QVERIFY(m_db);
    ConfigStore store(*m_db);
    const auto loaded = store.load();
    QVERIFY2(loaded.ok(), loaded.ok() ? "" : qPrintable(Util::logText(loaded.error())));
    QCOMPARE(loaded->connections, ws.connections);
    QCOMPARE(loaded->models, ws.models);
    QCOMPARE(loaded->keys, ws.keys);
    QVERIFY(*loaded == ws);
}

void tst_ConfigStore::versionsNewestFirst_R_UI_10()
{
    ConfigStore store(*m_db);
    Workspace ws = fullWorkspace();
    const QDateTime before = QDateTime::currentDateTimeUtc().addMSecs(-1);
    QVERIFY(store.save(ws, facts({ u"Created the workspace"_s }), u"alice"_s).ok());
    const Change priceChange {
        Entity::Model, u"openai/gpt-4o"_s, u"inputPricePerMTok"_s, {}, 2.5, 3.0
    };
    const Change rename { Entity::Workspace, u"w"_s, u"name"_s, {}, u"a"_s, u"b"_s };
    ws.models[0].pool.allowedRegions.clear();
    ws.models[0].inputPricePerMTok = 3.0;
    QVERIFY(store.save(ws, { priceChange, rename }, u"bob"_s).ok());
    QVERIFY(store.save(ws, {}, u"carol"_s).ok());
    const QDateTime after = QDateTime::currentDateTimeUtc().addMSecs(1);

    const QList<Store::VersionInfo> versions = store.versions();
    QCOMPARE(versions.size(), 3);
    QCOMPARE(versions.at(0).version, 3);
    QCOMPARE(versions.at(1).version, 2);
    QCOMPARE(versions.at(2).version, 1);
    QCOMPARE(versions.at(0).author, u"carol"_s);
    QCOMPARE(versions.at(1).author, u"bob"_s);
    QCOMPARE(versions.at(1).changes, QList<Change>({ priceChange, rename }));
    QCOMPARE(versions.at(0).changes, QList<Change>());
    QCOMPARE(versions.at(2).changes, facts({ u"Created the workspace"_s }));
    for (const Store::VersionInfo &v : versions) {
        QVERIFY(v.savedAt.isValid());
        QVERIFY(v.savedAt >= before && v.savedAt <= after);
    }
    QVERIFY(versions.at(0).savedAt >= versions.at(2).savedAt);
    QCOMPARE(store.versionInfo(2), versions.at(1));
    QVERIFY(!store.versionInfo(4));
    QCOMPARE(store.latestVersion(), 3);
}

void tst_ConfigStore::loadVersionAndRestore_R_UI_10()
{
    ConfigStore store(*m_db);
    const Workspace first = fullWorkspace();
    Workspace second = first;
    second.name = u"Renamed"_s;
    second.aliases.clear();
    second.models[1].enabled = false;
    QVERIFY(store.save(first, facts({ u"first"_s }), u"a"_s).ok());
    QVERIFY(store.save(second, facts({ u"second"_s }), u"a"_s).ok());

    auto v1 = store.loadVersion(1);
    auto v2 = store.loadVersion(2);
    QVERIFY(v1.ok() && v2.ok());
    QVERIFY(*v1 == first);
    QVERIFY(*v2 == second);
    QVERIFY(*store.load() == second);
    const auto missing = store.loadVersion(7);
    QVERIFY(!missing.ok());
    QCOMPARE(missing.error().code, Store::toString(Store::ErrorCode::NoSuchVersion));
    QCOMPARE(missing.error().number(0), qint64(7));

    // A restore is itself a new version (R-UI-10).
    const auto restored = store.save(*v1, facts({ u"Restored version 1"_s }), u"a"_s);
    QVERIFY(restored.ok());
    QCOMPARE(*restored, 3);
    QVERIFY(*store.load() == first);
    QCOMPARE(store.versions().size(), 3);
}

void tst_ConfigStore::storedSecretOnlyInSecretTable_R_SEC_3()
{
    ConfigStore store(*m_db);
    const Workspace ws = fullWorkspace();
    QVERIFY(store.save(ws, facts({ u"Created"_s }), u"alice"_s).ok());
    Workspace rotated = ws;
    rotated.connections[0].credential.secret = u"sk-rotated-secret-0001"_s;
    QVERIFY(store.save(rotated, facts({ u"Rotated the key of openai-1"_s }), u"alice"_s).ok());

    for (const QString &text : allSnapshotsAndChanges(*m_db)) {
        QVERIFY(!text.contains(kSecret));
        QVERIFY(!text.contains(u"sk-rotated-secret-0001"_s));
    }
    const auto loaded = store.load();
    QVERIFY(loaded.ok());
    QCOMPARE(loaded->connection(u"openai-1"_s)->credential.secret, u"sk-rotated-secret-0001"_s);
    // Only Stored credentials carry a secret.
    QVERIFY(loaded->connection(u"azure-eu"_s)->credential.secret.isEmpty());
    // History holds no secret of its own: an old version gets the current one.
    const auto old = store.loadVersion(1);
    QVERIFY(old.ok());
    QCOMPARE(old->connection(u"openai-1"_s)->credential.secret, u"sk-rotated-secret-0001"_s);
}

void tst_ConfigStore::removedConnectionLosesSecret_R_SEC_3()
{
    ConfigStore store(*m_db);
    Workspace ws = fullWorkspace();
    QVERIFY(store.save(ws, facts({ u"Created"_s }), u"alice"_s).ok());
    ws.connections[0].credential
        = Credential { Credential::Kind::EnvironmentVariable, u"OPENAI_KEY"_s, {} };
    QVERIFY(
        store.save(ws, facts({ u"openai-1 reads its key from OPENAI_KEY"_s }), u"alice"_s).ok());
    QSqlQuery q(m_db->handle());
    QVERIFY(q.exec(u"SELECT COUNT(*) FROM connection_secret"_s) && q.next());
    QCOMPARE(q.value(0).toInt(), 0);
    const auto old = store.loadVersion(1);
    QVERIFY(old.ok());
    QVERIFY(old->connection(u"openai-1"_s)->credential.secret.isEmpty());
}

void tst_ConfigStore::saveIsAtomic_R_UI_4_data()
{
    QTest::addColumn<QString>("failure");
    QTest::newRow("read-only database") << u"readOnly"_s;
    QTest::newRow("secret write fails after the version row") << u"secretInsert"_s;
}

void tst_ConfigStore::saveIsAtomic_R_UI_4()
{
    QFETCH(QString, failure);
    const Workspace first = fullWorkspace();
    QVERIFY(ConfigStore(*m_db).save(first, facts({ u"Created"_s }), u"alice"_s).ok());
    std::unique_ptr<Database> readOnly;
    Database *target = m_db.get();
    if (failure == u"readOnly"_s) {
        readOnly = openDb(m_temp->path(), Database::Mode::ReadOnly);
        QVERIFY(readOnly);
        target = readOnly.get();
    } else {
        QSqlQuery q(m_db->handle());
        if (m_temp->isPostgres()) {
            QVERIFY(q.exec(u"CREATE FUNCTION fail_secret() RETURNS trigger LANGUAGE plpgsql AS "
                           "$$ BEGIN RAISE EXCEPTION 'simulated disk failure'; END $$"_s));
            QVERIFY(q.exec(u"CREATE TRIGGER fail_secret BEFORE INSERT ON connection_secret "
                           "FOR EACH ROW EXECUTE FUNCTION fail_secret()"_s));
        } else {
            QVERIFY(q.exec(u"CREATE TRIGGER fail_secret BEFORE INSERT ON connection_secret "
                           "BEGIN SELECT RAISE(ABORT, 'simulated disk failure'); END"_s));
        }
    }
    Workspace second = first;
    second.name = u"Should not be saved"_s;
    second.connections[0].credential.secret = u"sk-new-secret"_s;
    const auto saved = ConfigStore(*target).save(second, facts({ u"Renamed"_s }), u"bob"_s);
    QVERIFY(!saved.ok());
    // A code with typed arguments and SQLite's own words; none of them holds the secret.
    const Util::Error &e = saved.error();
    if (failure == u"readOnly"_s) {
        QCOMPARE(e.code, Store::toString(Store::ErrorCode::ReadOnly));
    } else {
        QCOMPARE(e.code, Store::toString(Store::ErrorCode::CannotStoreSecret));
        const Connection *named = second.connection(e.name(0));
        QVERIFY(named && named->credential.kind == Credential::Kind::Stored);
        QVERIFY2(e.detail.contains(u"simulated disk failure"_s), qPrintable(e.detail));
    }
    QVERIFY(e.message.isEmpty());
    QVERIFY(!Util::logText(e).contains(u"sk-new-secret"_s));

    ConfigStore store(*m_db);
    QCOMPARE(store.versions().size(), 1);
    const auto loaded = store.load();
    QVERIFY(loaded.ok());
    QVERIFY(*loaded == first);
    QCOMPARE(loaded->connections[0].credential.secret, kSecret);
}

namespace {

sqlite3 *sqliteOf(const QSqlDatabase &db)
{
    const QVariant handle = db.driver()->handle();
    return handle.isValid() && qstrcmp(handle.typeName(), "sqlite3*") == 0
        ? *static_cast<sqlite3 *const *>(handle.constData())
        : nullptr;
}

// SQL function die_now(): the process is killed on the spot, as by a crash or the OOM killer.
void dieNow(sqlite3_context *, int, sqlite3_value **)
{
    std::raise(SIGKILL);
}

QString integrityCheck(Database &db)
{
    QSqlQuery q(db.handle());
    return q.exec(u"PRAGMA integrity_check"_s) && q.next() ? q.value(0).toString() : u"error"_s;
}

} // namespace

// A crash in the middle of a save (README "Crash safety and durability"): a child process
// saves a new version and is SIGKILLed inside the save's transaction, after the new version row
// is inserted and the secrets table emptied, when the first secret is written; a tiny page cache
// makes SQLite spill those uncommitted pages into the WAL file first. The previous version stays
// current, with its secret, the file is intact, and the next save works.
void tst_ConfigStore::killedMidSaveLeavesPreviousVersionCurrent_R_UI_10()
{
    SQLITE_ONLY("a WAL file and an SQL function that kills the process");
    const Workspace first = fullWorkspace();
    QVERIFY(ConfigStore(*m_db).save(first, facts({ u"Created"_s }), u"alice"_s).ok());
    // SQLite connections must not cross a fork: the parent's is closed first.
    m_db.reset();
    const QString wal = m_temp->path() + u"-wal"_s;
    const qint64 walBefore = QFileInfo(wal).size();
    Workspace second = first;
    second.name = QString(200000, u'x'); // many pages: some are spilled before the kill
    second.connections[0].credential.secret = u"sk-new-secret"_s;

    const pid_t child = fork();
    QVERIFY(child >= 0);
    if (child == 0) {
        auto db = Database::open(m_temp->path());
        sqlite3 *connection = db ? sqliteOf((*db)->handle()) : nullptr;
        if (!connection
            || sqlite3_create_function(connection, "die_now", 0, SQLITE_UTF8, nullptr, dieNow,
                                       nullptr, nullptr)
                != SQLITE_OK)
            _exit(2);
        QSqlQuery q((*db)->handle());
        if (!q.exec(u"PRAGMA cache_size = 2"_s)
            || !q.exec(u"CREATE TEMP TRIGGER die BEFORE INSERT ON main.connection_secret "
                       "BEGIN SELECT die_now(); END"_s))
            _exit(3);
        (void)ConfigStore(**db).save(second, facts({ u"Renamed"_s }), u"bob"_s);
        _exit(4); // only when the save never wrote a secret
    }
    int status = 0;
    QCOMPARE(waitpid(child, &status, 0), child);
    QVERIFY2(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
             qPrintable(u"the child exited with %1"_s.arg(WEXITSTATUS(status))));
    // Part of the save reached the disk before the kill (uncommitted frames in the WAL).
    QVERIFY(QFileInfo(wal).size() > walBefore);

    m_db = openDb(m_temp->path());
    QVERIFY(m_db);
    QCOMPARE(integrityCheck(*m_db), u"ok"_s);
    ConfigStore store(*m_db);
    QCOMPARE(store.latestVersion(), 1);
    QCOMPARE(store.versions().size(), 1);
    const auto loaded = store.load();
    QVERIFY(loaded.ok());
    QVERIFY(*loaded == first);
    QCOMPARE(loaded->connections[0].credential.secret, kSecret);
    // The lock died with the child: the next save goes through.
    Workspace third = first;
    third.name = u"Saved after the crash"_s;
    const auto saved = store.save(third, facts({ u"Renamed"_s }), u"carol"_s);
    QVERIFY(saved.ok());
    QCOMPARE(*saved, 2);
    QCOMPARE(store.load()->name, u"Saved after the crash"_s);
}

// Two editors (two connections, as two studios or gateways) start from the same version: the
// first save goes through, the second is refused and names the version saved meanwhile and its
// author, and saves nothing; saved again from the newest version, it goes through.
void tst_ConfigStore::saveFromAnOutdatedVersionIsRefused_R_UI_10()
{
    Workspace ws = fullWorkspace();
    ConfigStore first(*m_db);
    const auto base = first.save(ws, facts({ u"Created"_s }), u"alice"_s);
    QVERIFY(base.ok());
    auto otherDb = openDb(m_temp->path());
    QVERIFY(otherDb);
    ConfigStore second(*otherDb);

    Workspace bobs = ws;
    bobs.name = u"Bob's"_s;
    const auto bobSaved = first.save(bobs, facts({ u"Renamed"_s }), u"bob"_s, *base);
    QVERIFY(bobSaved.ok());
    QCOMPARE(*bobSaved, *base + 1);

    Workspace carols = ws;
    carols.name = u"Carol's"_s;
    const auto refused = second.save(carols, facts({ u"Renamed"_s }), u"carol"_s, *base);
    QVERIFY(!refused.ok());
    const Util::Error &e = refused.error();
    QCOMPARE(e.code, Store::toString(Store::ErrorCode::ChangedElsewhere));
    QCOMPARE(e.args.size(), 2);
    QCOMPARE(std::get<qint64>(e.args.at(0)), qint64(*bobSaved));
    QCOMPARE(e.name(1), u"bob"_s);
    QCOMPARE(second.latestVersion(), *bobSaved);
    QCOMPARE(second.load()->name, u"Bob's"_s);

    const auto again = second.save(carols, facts({ u"Renamed"_s }), u"carol"_s, *bobSaved);
    QVERIFY(again.ok());
    QCOMPARE(first.load()->name, u"Carol's"_s);
}

// Two saves from the same version at the same time: while one's transaction holds the next
// version uncommitted, the other (another connection, in another thread) saves from the same base.
// It waits, and is refused naming the winner's version and author (SQLite: BEGIN IMMEDIATE waits
// for the first; PostgreSQL: its insert waits for the key, or it reads the committed version).
void tst_ConfigStore::saveRacingForTheSameVersionIsRefused_R_UI_10()
{
    const Workspace ws = fullWorkspace();
    const auto base = ConfigStore(*m_db).save(ws, facts({ u"Created"_s }), u"alice"_s);
    QVERIFY(base.ok());
    const QString location = m_temp->path();
    std::optional<Util::Result<int>> raced;
    std::thread other;
    const Util::Status first = m_db->transaction([&]() -> Util::Status {
        Workspace bobs = ws;
        bobs.name = u"Bob's"_s;
        const auto saved = ConfigStore(*m_db).save(bobs, facts({ u"Renamed"_s }), u"bob"_s, *base);
        if (!saved)
            return saved.error();
        other = std::thread([&] {
            auto db = Database::open(location);
            if (!db) {
                raced = db.error();
                return;
            }
            Workspace carols = ws;
            carols.name = u"Carol's"_s;
            raced = ConfigStore(**db).save(carols, facts({ u"Renamed"_s }), u"carol"_s, *base);
        });
        QThread::msleep(300); // the other save is most likely waiting now
        return Util::Ok {};
    });
    other.join();
    QVERIFY(first.ok());
    QVERIFY(raced.has_value());
    QVERIFY(!raced->ok());
    const Util::Error &e = raced->error();
    QCOMPARE(e.code, Store::toString(Store::ErrorCode::ChangedElsewhere));
    QCOMPARE(e.number(0), qint64(*base + 1));
    QCOMPARE(e.name(1), u"bob"_s);
    ConfigStore store(*m_db);
    QCOMPARE(store.latestVersion(), *base + 1);
    QCOMPARE(store.load()->name, u"Bob's"_s);
}

QTEST_GUILESS_MAIN(tst_ConfigStore)
#include "tst_configstore.moc"
