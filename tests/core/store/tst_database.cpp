#include "store/database.h"
#include "store/storeerror.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pgdatabase.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <tempdatabase.h>
#include <thread>

using namespace Qt::StringLiterals;
using Store::Database;
using Store::ErrorCode;

namespace {

QVariant scalar(Database &db, const QString &sql)
{
    QSqlQuery q(db.handle());
    if (!q.exec(sql) || !q.next())
        return {};
    return q.value(0);
}

std::unique_ptr<Database> openOrFail(const QString &path,
                                     Database::Mode mode = Database::Mode::ReadWrite)
{
    auto db = Database::open(path, mode);
    if (!db) {
        qWarning("%s", qPrintable(Util::logText(db.error())));
        return nullptr;
    }
    return std::move(db).value();
}

// Whether the table exists, in SQLite's catalogue or PostgreSQL's.
bool hasTable(Database &db, const QString &table)
{
    const QString sql = db.engine() == Store::Engine::Postgres
        ? u"SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema() "
          "AND table_name = '%1'"_s
        : u"SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = '%1'"_s;
    return scalar(db, sql.arg(table)).toInt() == 1;
}

} // namespace

class tst_Database : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data() { addEngineRows(); }
    void init() { REQUIRE_ENGINE(); }
    void migratesEmptyFile_R_RCPT_1_data();
    void migratesEmptyFile_R_RCPT_1();
    void pragmasInEffect_R_RCPT_1_data();
    void pragmasInEffect_R_RCPT_1();
    void createsMissingFolder_R_CLI_3();
    void newFilesAreReadableByTheOwnerOnly_R_SEC_3();
    void reopenKeepsVersionAndData_R_RCPT_1();
    void openErrors_R_CLI_3_data();
    void openErrors_R_CLI_3();
    void readOnlyRejectsWrites_R_UI_5();
    void readOnlySeesWritersCommits_R_UI_5();
    void transactionCommitsOrRollsBack_R_UI_4_data();
    void transactionCommitsOrRollsBack_R_UI_4();
    void transactionsInARowOnOneConnection_R_UI_4();
    void connectionsAreIndependent_R_RCPT_1();
    void defaultPathIsInAppData_R_CLI_3();
    void postgresLocationErrors_R_CLI_3_data();
    void postgresLocationErrors_R_CLI_3();
    void postgresOldOrNewerSchemaIsRefused_R_CLI_3();
    void twoInstancesMigrateAFreshPostgresOnce_R_CLI_3();
    void silentPostgresServerTimesOut_R_CLI_3();
};

void tst_Database::migratesEmptyFile_R_RCPT_1_data()
{
    QTest::addColumn<QString>("table");
    QTest::newRow("workspace versions") << u"workspace_version"_s;
    QTest::newRow("stored secrets") << u"connection_secret"_s;
    QTest::newRow("receipts (with their attempts and skips)") << u"receipt"_s;
}

void tst_Database::migratesEmptyFile_R_RCPT_1()
{
    QFETCH(QString, table);
    EngineDatabase temp;
    auto db = openOrFail(temp.path());
    QVERIFY(db);
    QCOMPARE(db->schemaVersion(), Database::latestSchemaVersion());
    QVERIFY(Database::latestSchemaVersion() >= 1);
    QVERIFY(hasTable(*db, table));
}

void tst_Database::pragmasInEffect_R_RCPT_1_data()
{
    QTest::addColumn<QString>("pragma");
    QTest::addColumn<QString>("expected");
    QTest::newRow("WAL journal") << u"journal_mode"_s << u"wal"_s;
    QTest::newRow("foreign keys on") << u"foreign_keys"_s << u"1"_s;
    QTest::newRow("busy timeout 5 s") << u"busy_timeout"_s << u"5000"_s;
    QTest::newRow("synchronous NORMAL") << u"synchronous"_s << u"1"_s;
}

void tst_Database::pragmasInEffect_R_RCPT_1()
{
    SQLITE_ONLY("PRAGMAs");
    QFETCH(QString, pragma);
    QFETCH(QString, expected);
    TempDatabase temp;
    auto db = openOrFail(temp.path());
    QVERIFY(db);
    QCOMPARE(scalar(*db, u"PRAGMA "_s + pragma).toString().toLower(), expected);
}

void tst_Database::createsMissingFolder_R_CLI_3()
{
    SQLITE_ONLY("a file's folder");
    QTemporaryDir dir;
    const QString path = dir.filePath(u"a/b/c/workspace.sqlite"_s);
    auto db = openOrFail(path);
    QVERIFY(db);
    QVERIFY(QFile::exists(path));
    QCOMPARE(db->path(), QFileInfo(path).absoluteFilePath());
}

namespace {

// The permission bits of path, -1 when it does not exist.
int modeOf(const QString &path)
{
    struct stat st
    {
    };
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? int(st.st_mode & 07777) : -1;
}

} // namespace

// The database holds stored credentials (README "File modes"): a new file and the -wal
// and -shm files next to it are 0600 even under the usual umask 022 (or a lax 0), which would
// have given 0644 (or 0666).
void tst_Database::newFilesAreReadableByTheOwnerOnly_R_SEC_3()
{
    SQLITE_ONLY("file modes");
    for (const mode_t umaskValue : { mode_t(022), mode_t(0) }) {
        const mode_t previous = ::umask(umaskValue);
        TempDatabase temp;
        {
            auto db = openOrFail(temp.path());
            QVERIFY(db);
            QSqlQuery q(db->handle());
            QVERIFY(
                q.exec(u"INSERT INTO connection_secret (connection, secret) VALUES ('c', 's')"_s));
            QCOMPARE(modeOf(temp.path()), 0600);
            QCOMPARE(modeOf(temp.path() + u"-wal"_s), 0600);
            QCOMPARE(modeOf(temp.path() + u"-shm"_s), 0600);
        }
        ::umask(previous);
    }
    // An existing file keeps the mode its owner gave it.
    TempDatabase shared;
    {
        QFile f(shared.path());
        QVERIFY(f.open(QIODevice::WriteOnly));
    }
    QVERIFY(::chmod(QFile::encodeName(shared.path()).constData(), 0640) == 0);
    QVERIFY(openOrFail(shared.path()));
    QCOMPARE(modeOf(shared.path()), 0640);
}

void tst_Database::reopenKeepsVersionAndData_R_RCPT_1()
{
    EngineDatabase temp;
    {
        auto db = openOrFail(temp.path());
        QVERIFY(db);
        QSqlQuery q(db->handle());
        QVERIFY(q.exec(u"INSERT INTO connection_secret (connection, secret) VALUES ('c', 's')"_s));
    }
    auto again = openOrFail(temp.path());
    QVERIFY(again);
    QCOMPARE(again->schemaVersion(), Database::latestSchemaVersion());
    // A second migration run would have failed on CREATE TABLE or wiped nothing; the row is still
    // here.
    QCOMPARE(
        scalar(*again, u"SELECT secret FROM connection_secret WHERE connection = 'c'"_s).toString(),
        u"s"_s);
}

void tst_Database::openErrors_R_CLI_3_data()
{
    QTest::addColumn<QString>("setup");
    QTest::addColumn<bool>("readOnly");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QStringList>("args"); // PATH: the database's absolute path
    const QString latest = QString::number(Database::latestSchemaVersion());
    const QString newer = QString::number(Database::latestSchemaVersion() + 1);
    QTest::newRow("garbage file") << u"garbage"_s << false << toString(ErrorCode::NotADatabase)
                                  << QStringList { u"PATH"_s };
    QTest::newRow("garbage file read-only")
        << u"garbage"_s << true << toString(ErrorCode::NotADatabase) << QStringList { u"PATH"_s };
    QTest::newRow("newer schema") << u"newer"_s << false << toString(ErrorCode::NewerSchema)
                                  << QStringList { u"PATH"_s, newer, latest };
    QTest::newRow("read-only, no file")
        << u"none"_s << true << toString(ErrorCode::NoDatabaseFile) << QStringList { u"PATH"_s };
    QTest::newRow("read-only, not migrated")
        << u"emptySqlite"_s << true << toString(ErrorCode::OldSchema)
        << QStringList { u"PATH"_s, u"0"_s, latest };
    QTest::newRow("empty path") << u"emptyPath"_s << false << toString(ErrorCode::NoPath)
                                << QStringList {};
}

void tst_Database::openErrors_R_CLI_3()
{
    QFETCH(QString, setup);
    QFETCH(bool, readOnly);
    QFETCH(QString, code);
    QFETCH(QStringList, args);
    SQLITE_ONLY("files that are no database; postgresLocationErrors for PostgreSQL");
    TempDatabase temp;
    QString path = temp.path();
    if (setup == u"garbage"_s) {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray(4096, 'x'));
    } else if (setup == u"newer"_s) {
        auto db = openOrFail(path);
        QVERIFY(db);
        QSqlQuery q(db->handle());
        QVERIFY(q.exec(u"PRAGMA user_version = %1"_s.arg(Database::latestSchemaVersion() + 1)));
    } else if (setup == u"emptySqlite"_s) {
        QFile file(path); // a zero-length file is a valid, empty SQLite database
        QVERIFY(file.open(QIODevice::WriteOnly));
    } else if (setup == u"emptyPath"_s) {
        path.clear();
    }
    auto db = Database::open(path, readOnly ? Database::Mode::ReadOnly : Database::Mode::ReadWrite);
    QVERIFY(!db.ok());
    // A code with typed arguments, no sentence: the studio and the CLI word it.
    const Util::Error &e = db.error();
    QCOMPARE(e.code, code);
    QVERIFY2(e.message.isEmpty(), qPrintable(e.message));
    QStringList names;
    for (qsizetype i = 0; i < e.args.size(); ++i)
        names << e.name(i);
    args.replaceInStrings(u"PATH"_s, QFileInfo(path).absoluteFilePath());
    QCOMPARE(names, args);
    if (setup == u"newer"_s)
        QVERIFY(std::holds_alternative<qint64>(e.args.at(1))); // a version is a number
}

void tst_Database::readOnlyRejectsWrites_R_UI_5()
{
    EngineDatabase temp;
    auto writer = openOrFail(temp.path());
    QVERIFY(writer);
    auto reader = openOrFail(temp.path(), Database::Mode::ReadOnly);
    QVERIFY(reader);
    QCOMPARE(reader->mode(), Database::Mode::ReadOnly);
    QSqlQuery q(reader->handle());
    QVERIFY(!q.exec(u"INSERT INTO connection_secret (connection, secret) VALUES ('c', 's')"_s));
    const Util::Status tx = reader->transaction([] { return Util::Status(Util::Ok {}); });
    QVERIFY(!tx.ok());
    QCOMPARE(tx.error().code, toString(ErrorCode::ReadOnly));
}

void tst_Database::readOnlySeesWritersCommits_R_UI_5()
{
    EngineDatabase temp;
    auto writer = openOrFail(temp.path());
    QVERIFY(writer);
    auto reader = openOrFail(temp.path(), Database::Mode::ReadOnly);
    QVERIFY(reader);
    QCOMPARE(scalar(*reader, u"SELECT COUNT(*) FROM connection_secret"_s).toInt(), 0);
    QSqlQuery q(writer->handle());
    QVERIFY(q.exec(u"INSERT INTO connection_secret (connection, secret) VALUES ('c', 's')"_s));
    QCOMPARE(scalar(*reader, u"SELECT COUNT(*) FROM connection_secret"_s).toInt(), 1);
}

void tst_Database::transactionCommitsOrRollsBack_R_UI_4_data()
{
    QTest::addColumn<bool>("fail");
    QTest::addColumn<int>("rowsAfter");
    QTest::newRow("work succeeds: committed") << false << 2;
    QTest::newRow("work fails: rolled back") << true << 0;
}

void tst_Database::transactionCommitsOrRollsBack_R_UI_4()
{
    QFETCH(bool, fail);
    QFETCH(int, rowsAfter);
    EngineDatabase temp;
    auto db = openOrFail(temp.path());
    QVERIFY(db);
    const Util::Status status = db->transaction([&]() -> Util::Status {
        QSqlQuery q(db->handle());
        q.exec(u"INSERT INTO connection_secret (connection, secret) VALUES ('a', '1')"_s);
        // A nested transaction joins the outer one.
        Util::Status inner = db->transaction([&]() -> Util::Status {
            QSqlQuery q2(db->handle());
            q2.exec(u"INSERT INTO connection_secret (connection, secret) VALUES ('b', '2')"_s);
            return Util::Ok {};
        });
        if (!inner)
            return inner;
        if (fail)
            return Util::Error { u"test.fail"_s, u"work failed"_s };
        return Util::Ok {};
    });
    QCOMPARE(status.ok(), !fail);
    if (fail)
        QCOMPARE(status.error().code, u"test.fail"_s);
    QCOMPARE(scalar(*db, u"SELECT COUNT(*) FROM connection_secret"_s).toInt(), rowsAfter);
}

// BEGIN, COMMIT and ROLLBACK are prepared once per connection and reused: commits and rollbacks
// in any order each leave the rows they should, and the file opens again after the connection
// closes with them.
void tst_Database::transactionsInARowOnOneConnection_R_UI_4()
{
    EngineDatabase temp;
    auto db = openOrFail(temp.path());
    QVERIFY(db);
    int committed = 0;
    for (const bool fail : { false, true, true, false, false, true, false }) {
        const Util::Status status = db->transaction([&]() -> Util::Status {
            QSqlQuery q(db->handle());
            if (!q.exec(
                    u"INSERT INTO connection_secret (connection, secret) VALUES ('c%1', 's')"_s.arg(
                        committed)))
                return Util::Error { u"test.insert"_s, q.lastError().text() };
            if (fail)
                return Util::Error { u"test.fail"_s, u"work failed"_s };
            return Util::Ok {};
        });
        QCOMPARE(status.ok(), !fail);
        if (!fail)
            ++committed;
        QCOMPARE(scalar(*db, u"SELECT COUNT(*) FROM connection_secret"_s).toInt(), committed);
    }
    db.reset();
    auto again = openOrFail(temp.path());
    QVERIFY(again);
    QCOMPARE(scalar(*again, u"SELECT COUNT(*) FROM connection_secret"_s).toInt(), committed);
}

void tst_Database::connectionsAreIndependent_R_RCPT_1()
{
    EngineDatabase temp;
    auto first = openOrFail(temp.path());
    auto second = openOrFail(temp.path());
    QVERIFY(first && second);
    QVERIFY(first->handle().connectionName() != second->handle().connectionName());
    const QString firstName = first->handle().connectionName();
    first.reset();
    QVERIFY(!QSqlDatabase::contains(firstName));
    QCOMPARE(scalar(*second, u"SELECT COUNT(*) FROM receipt"_s).toInt(), 0);
}

void tst_Database::defaultPathIsInAppData_R_CLI_3()
{
    SQLITE_ONLY("the default location is a file");
    QCoreApplication::setApplicationName(u"switchboard-tst-database"_s);
    QStandardPaths::setTestModeEnabled(true);
    const QString path = Database::defaultPath();
    QVERIFY(path.endsWith(u"/workspace.sqlite"_s));
    QVERIFY(QFileInfo(path).dir().exists());
    QCOMPARE(
        QFileInfo(path).dir().absolutePath(),
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).absolutePath());
}

// A postgresql:// location that holds a password, or is no usable URL, is refused before any
// connection; a server that does not answer gives CannotOpen (libpq's connect_timeout bounds it).
void tst_Database::postgresLocationErrors_R_CLI_3_data()
{
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("code");
    QTest::newRow("password in the URL")
        << u"postgresql://sb:secret@127.0.0.1:5432/sb"_s << toString(ErrorCode::PasswordInUrl);
    // A password that makes the URL invalid must not come back in the invalid URL's error.
    QTest::newRow("password with a slash")
        << u"postgresql://sb:se/cret@127.0.0.1:5432/sb"_s << toString(ErrorCode::PasswordInUrl);
    QTest::newRow("password with a percent sign")
        << u"postgresql://sb:%secret@db:5432/sb"_s << toString(ErrorCode::PasswordInUrl);
    QTest::newRow("password as an option")
        << u"postgres://sb@127.0.0.1:5432/sb?sslmode=disable&Password=secret"_s
        << toString(ErrorCode::PasswordInUrl);
    QTest::newRow("no database") << u"postgresql://sb@127.0.0.1:5432"_s
                                 << toString(ErrorCode::BadDatabaseUrl);
    QTest::newRow("not a URL") << u"postgresql://sb@[::1/sb"_s
                               << toString(ErrorCode::BadDatabaseUrl);
    QTest::newRow("nothing listens")
        << u"postgresql://sb@127.0.0.1:1/sb"_s << toString(ErrorCode::CannotOpen);
}

void tst_Database::postgresLocationErrors_R_CLI_3()
{
    if (currentEngine() != u"postgres"_s)
        QSKIP("PostgreSQL only");
    QFETCH(QString, location);
    QFETCH(QString, code);
    static QStringList logged;
    logged.clear();
    const QtMessageHandler previous = qInstallMessageHandler(
        [](QtMsgType, const QMessageLogContext &, const QString &text) { logged << text; });
    auto db = Database::open(location);
    qInstallMessageHandler(previous);
    QVERIFY(!db.ok());
    QCOMPARE(db.error().code, code);
    // The password reaches neither the error (a dialog, the CLI) nor the log.
    QVERIFY(!Util::logText(db.error()).contains(u"secret"_s));
    QVERIFY(!logged.isEmpty());
    for (const QString &line : std::as_const(logged))
        QVERIFY2(!line.contains(u"secret"_s), qPrintable(line));
}

void tst_Database::postgresOldOrNewerSchemaIsRefused_R_CLI_3()
{
    if (currentEngine() != u"postgres"_s)
        QSKIP("PostgreSQL only");
    EngineDatabase temp;
    // Read-only before any read-write open migrated it: not yet a Switchboard database.
    auto early = Database::open(temp.path(), Database::Mode::ReadOnly);
    QVERIFY(!early.ok());
    QCOMPARE(early.error().code, toString(ErrorCode::OldSchema));
    QCOMPARE(early.error().number(1), qint64(0));
    {
        auto db = openOrFail(temp.path());
        QVERIFY(db);
        QSqlQuery q(db->handle());
        QVERIFY(q.exec(u"UPDATE switchboard_schema SET version = %1"_s.arg(
            Database::latestSchemaVersion() + 1)));
    }
    auto db = Database::open(temp.path());
    QVERIFY(!db.ok());
    QCOMPARE(db.error().code, toString(ErrorCode::NewerSchema));
    auto reader = Database::open(temp.path(), Database::Mode::ReadOnly);
    QVERIFY(!reader.ok());
    QCOMPARE(reader.error().code, toString(ErrorCode::NewerSchema));
}

// Gateways started together on one fresh database: the migration runs once under the advisory
// lock, and every open succeeds at the latest version.
void tst_Database::twoInstancesMigrateAFreshPostgresOnce_R_CLI_3()
{
    if (currentEngine() != u"postgres"_s)
        QSKIP("PostgreSQL only");
    EngineDatabase temp;
    constexpr int kOpeners = 3;
    QString errors[kOpeners];
    int versions[kOpeners] = {};
    std::vector<std::thread> threads;
    for (int i = 0; i < kOpeners; ++i) {
        threads.emplace_back([&, i] {
            auto db = Database::open(temp.path());
            if (!db) {
                errors[i] = Util::logText(db.error());
                return;
            }
            versions[i] = db.value()->schemaVersion();
        });
    }
    for (std::thread &t : threads)
        t.join();
    for (int i = 0; i < kOpeners; ++i) {
        QVERIFY2(errors[i].isEmpty(), qPrintable(errors[i]));
        QCOMPARE(versions[i], Database::latestSchemaVersion());
    }
    auto db = openOrFail(temp.path());
    QVERIFY(db);
    QCOMPARE(scalar(*db, u"SELECT COUNT(*) FROM switchboard_schema"_s).toInt(), 1);
}

// A server that accepts the connection and never answers (the kernel completes the handshake of
// a socket that listens and never accepts): the open ends with CannotOpen after the connect
// timeout instead of waiting for ever.
void tst_Database::silentPostgresServerTimesOut_R_CLI_3()
{
    if (currentEngine() != u"postgres"_s)
        QSKIP("PostgreSQL only");
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    QVERIFY(fd >= 0);
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    QVERIFY(::bind(fd, reinterpret_cast<sockaddr *>(&address), length) == 0);
    QVERIFY(::listen(fd, 4) == 0);
    QVERIFY(::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length) == 0);
    const QString location = u"postgresql://sb@127.0.0.1:%1/sb"_s.arg(ntohs(address.sin_port));
    auto db = Database::open(location);
    ::close(fd);
    QVERIFY(!db.ok());
    QCOMPARE(db.error().code, toString(ErrorCode::CannotOpen));
}

QTEST_GUILESS_MAIN(tst_Database)
#include "tst_database.moc"
