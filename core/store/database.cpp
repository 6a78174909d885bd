#include "database.h"

#include "migrations.h"
#include "statement.h"
#include "storeutil.h"

#include <QAtomicInteger>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlDriver>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QUrl>
#include <QUrlQuery>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <mutex>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Store {
namespace {

// SQLite's primary result code for "file is not a database".
constexpr auto kSqliteNotADatabase = "26";

QAtomicInteger<quint64> s_connectionCounter;

// The database holds stored credentials and every receipt: a new file is readable by its owner
// only (0600, whatever the umask). SQLite gives the -wal and -shm files it creates next to it the
// database file's mode, so they are 0600 too. An empty file is a valid, empty SQLite database.
Util::Status createOwnerOnly(const QString &path)
{
    const QByteArray local = QFile::encodeName(path);
    const int fd = ::open(local.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0 && errno != EEXIST) {
        return storeError(ErrorCode::CannotCreateFile, { path },
                          QString::fromLocal8Bit(std::strerror(errno)));
    }
    if (fd >= 0) {
        (void)::fchmod(fd, 0600); // the umask may have taken bits away, never added: this is exact
        ::close(fd);
    }
    return Util::Ok {};
}

// Set once per process, before SQLite initialises itself at the first open (sqlite3_config works
// only then). Every connection is used by the thread that opened it (Qt's rule for QSqlDatabase),
// so SQLite's per-connection mutexes (serialized mode) guard nothing here; and the global memory
// statistics, which nothing reads, take a global mutex around every allocation SQLite makes. The
// receipt writer pays both on every row it inserts.
void configureSqliteOnce()
{
    static std::once_flag once;
    std::call_once(once, [] {
        if (sqlite3_config(SQLITE_CONFIG_MULTITHREAD) != SQLITE_OK
            || sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) != SQLITE_OK) {
            qCDebug(lcStore) << "SQLite was initialised before the first database was opened;"
                                " it keeps its default threading mode and memory statistics";
        }
    });
}

// One number for every Switchboard process on a PostgreSQL database: the instance that takes this
// advisory lock first migrates, the others then find the schema current.
constexpr qint64 kMigrationLock = 0x5357'4254'4348; // "SWTCH"

// How long a PostgreSQL connect may take before it is an error (libpq waits forever by default):
// a gateway starting while the database is away says so instead of hanging.
constexpr int kConnectTimeoutSeconds = 5;

// postgresql://user@host:port/database?option=value: each part for QPSQL's own setting, the options
// as libpq connection parameters. No password: libpq reads PGPASSWORD or ~/.pgpass itself.
struct PostgresLocation
{
    QString database, host, user;
    int port = -1;
    QStringList options;
};

// "user:password@" before the path, or a password option, read from the text itself: a password
// that makes the URL invalid (a "/", "%" or space in it) must be found before anything quotes the
// location in an error or a log line.
bool holdsPassword(const QString &location)
{
    QStringView rest = QStringView(location).mid(location.indexOf(u"://"_s) + 3);
    if (const qsizetype query = rest.indexOf(u'?'); query >= 0) {
        if (rest.mid(query).contains(u"password="_s, Qt::CaseInsensitive))
            return true;
        rest = rest.left(query);
    }
    const qsizetype at = rest.lastIndexOf(u'@');
    return at >= 0 && rest.left(at).contains(u':');
}

Util::Result<PostgresLocation> parsePostgresLocation(const QString &location)
{
    if (holdsPassword(location))
        return storeError(ErrorCode::PasswordInUrl);
    const QUrl url(location, QUrl::StrictMode);
    const auto bad = [&location](const QString &why) {
        return storeError(ErrorCode::BadDatabaseUrl, { location }, why);
    };
    if (!url.isValid())
        return bad(u"not a valid URL"_s);
    if (!url.password().isEmpty())
        return storeError(ErrorCode::PasswordInUrl);
    PostgresLocation parsed;
    parsed.database = url.path().mid(1);
    if (parsed.database.isEmpty() || parsed.database.contains(u'/'))
        return bad(u"it names no database (…/database)"_s);
    parsed.host = url.host();
    parsed.port = url.port();
    parsed.user = url.userName();
    // A server that vanishes without closing the connection (a host gone from the network) is
    // noticed within about 10 s instead of the kernel's retransmissions (minutes): what the
    // location sets itself wins, as libpq takes the last of a repeated parameter.
    parsed.options = QStringList { u"connect_timeout=%1"_s.arg(kConnectTimeoutSeconds),
                                   u"application_name=switchboard"_s,
                                   u"keepalives=1"_s,
                                   u"keepalives_idle=5"_s,
                                   u"keepalives_interval=2"_s,
                                   u"keepalives_count=3"_s,
                                   u"tcp_user_timeout=10000"_s };
    const QUrlQuery query(url);
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (key.compare(u"password"_s, Qt::CaseInsensitive) == 0)
            return storeError(ErrorCode::PasswordInUrl);
        if (key.isEmpty() || value.contains(u';'))
            return bad(u"option “%1” cannot be passed on"_s.arg(key));
        parsed.options << key + u'=' + value;
    }
    return parsed;
}

// A location for the log: a password in it (refused, but given) stays out of log files.
QString withoutPassword(const QString &location)
{
    QUrl url(location);
    if (!url.isValid())
        return u"a postgresql:// location that is no valid URL"_s;
    url.setPassword({});
    QUrlQuery kept;
    for (const auto &item : QUrlQuery(url).queryItems(QUrl::FullyDecoded)) {
        if (item.first.compare(u"password"_s, Qt::CaseInsensitive) != 0)
            kept.addQueryItem(item.first, item.second);
    }
    url.setQuery(kept);
    return url.toString();
}

} // namespace

Database::Database(QString connectionName, QString path, Mode mode, Engine engine)
    : m_connectionName(std::move(connectionName))
    , m_path(std::move(path))
    , m_mode(mode)
    , m_engine(engine)
{
}

bool Database::isPostgresLocation(const QString &location)
{
    return location.startsWith(u"postgresql://"_s) || location.startsWith(u"postgres://"_s);
}

Database::~Database()
{
    finalizeControls(); // a connection closes only without statements left open
    {
        QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_connectionName);
}

Util::Result<std::unique_ptr<Database>> Database::open(const QString &path, Mode mode,
                                                       const Util::Progress &progress)
{
    if (path.isEmpty())
        return storeError(ErrorCode::NoPath);
    if (isPostgresLocation(path)) {
        const QString name = u"sb.store.%1"_s.arg(++s_connectionCounter);
        std::unique_ptr<Database> db(new Database(name, path, mode, Engine::Postgres));
        Util::Status status = db->connectPostgres();
        if (status)
            status = db->migratePostgres();
        if (!status) {
            qCWarning(lcStore).noquote()
                << "cannot open" << withoutPassword(path) << ":" << logText(status.error());
            return status.error();
        }
        return db;
    }
    const QFileInfo info(path);
    if (mode == Mode::ReadWrite && !QDir().mkpath(info.absolutePath()))
        return storeError(ErrorCode::CannotCreateFolder, { info.absolutePath() });
    if (mode == Mode::ReadOnly && !info.exists())
        return storeError(ErrorCode::NoDatabaseFile, { path });
    if (mode == Mode::ReadWrite && !info.exists()) {
        if (Util::Status created = createOwnerOnly(info.absoluteFilePath()); !created)
            return created.error();
    }
    configureSqliteOnce();
    const QString name = u"sb.store.%1"_s.arg(++s_connectionCounter);
    std::unique_ptr<Database> db(new Database(name, info.absoluteFilePath(), mode, Engine::Sqlite));
    Util::Status status = db->connect();
    if (status)
        status = db->applyPragmas();
    if (status)
        status = db->migrate(progress);
    if (!status) {
        qCWarning(lcStore).noquote() << "cannot open" << path << ":" << logText(status.error());
        return status.error();
    }
    return db;
}

Util::Status Database::connect()
{
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, m_connectionName);
    if (!db.isValid())
        return storeError(ErrorCode::NoSqliteDriver);
    db.setDatabaseName(m_path);
    QString options = u"QSQLITE_BUSY_TIMEOUT=5000"_s;
    if (m_mode == Mode::ReadOnly)
        options += u";QSQLITE_OPEN_READONLY"_s;
    db.setConnectOptions(options);
    if (!db.open())
        return sqlError(ErrorCode::CannotOpen, { m_path }, db.lastError());
    m_sqlite = Statement::connectionOf(db);
    // SQLite opens lazily: the first read tells whether the file is a database at all.
    QSqlQuery probe(db);
    if (!probe.exec(u"PRAGMA user_version"_s)) {
        if (probe.lastError().nativeErrorCode() == QLatin1String(kSqliteNotADatabase))
            return storeError(ErrorCode::NotADatabase, { m_path });
        return sqlError(ErrorCode::CannotRead, { m_path }, probe.lastError());
    }
    return Util::Ok {};
}

// postgresql://user@host:port/database?option=value: each part to QPSQL's own setting, the options
// as libpq connection parameters. No password: libpq reads PGPASSWORD or ~/.pgpass itself.
Util::Status Database::checkLocation(const QString &location)
{
    if (!isPostgresLocation(location))
        return location.isEmpty() ? Util::Status(storeError(ErrorCode::NoPath)) : Util::Ok {};
    Util::Result<PostgresLocation> parsed = parsePostgresLocation(location);
    return parsed ? Util::Status(Util::Ok {}) : Util::Status(parsed.error());
}

Util::Status Database::connectPostgres()
{
    Util::Result<PostgresLocation> parsed = parsePostgresLocation(m_path);
    if (!parsed)
        return parsed.error();
    const PostgresLocation &location = *parsed;
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, m_connectionName);
    if (!db.isValid())
        return storeError(ErrorCode::NoPostgresDriver);
    db.setDatabaseName(location.database);
    if (!location.host.isEmpty())
        db.setHostName(location.host);
    if (location.port > 0)
        db.setPort(location.port);
    if (!location.user.isEmpty())
        db.setUserName(location.user);
    db.setConnectOptions(location.options.join(u';'));
    if (!db.open())
        return sqlError(ErrorCode::CannotOpen, { m_path }, db.lastError());
    // Notices (CREATE … IF NOT EXISTS that found it) are not worth a log line.
    if (Util::Status quiet = execSql(u"SET client_min_messages = warning"_s); !quiet)
        return quiet;
    if (m_mode == Mode::ReadOnly)
        return execSql(u"SET default_transaction_read_only = on"_s);
    return Util::Ok {};
}

// All in one transaction (PostgreSQL's DDL is transactional) under the advisory lock: a second
// instance starting meanwhile waits, then finds the schema current.
Util::Status Database::migratePostgres()
{
    const int latest = latestSchemaVersion();
    if (m_mode == Mode::ReadOnly) {
        const int current = schemaVersion();
        if (current > latest)
            return storeError(ErrorCode::NewerSchema, { m_path, qint64(current), qint64(latest) });
        if (current < latest)
            return storeError(ErrorCode::OldSchema, { m_path, qint64(current), qint64(latest) });
        return Util::Ok {};
    }
    return transaction([&]() -> Util::Status {
        if (Util::Status s = execSql(u"SELECT pg_advisory_xact_lock(%1)"_s.arg(kMigrationLock)); !s)
            return s;
        if (Util::Status s = execSql(u"CREATE TABLE IF NOT EXISTS switchboard_schema "
                                     "(version INTEGER NOT NULL)"_s);
            !s)
            return s;
        const int current = schemaVersion();
        if (current > latest)
            return storeError(ErrorCode::NewerSchema, { m_path, qint64(current), qint64(latest) });
        const QList<QStringList> &migrations = schemaMigrations(Engine::Postgres);
        for (int version = current + 1; version <= latest; ++version) {
            for (const QString &statement : migrations.at(version - 1)) {
                if (Util::Status s = execSql(statement); !s)
                    return s;
            }
            if (current > 0)
                qCInfo(lcStore) << "migrated" << m_path << "to schema version" << version;
        }
        if (current == latest)
            return Util::Ok {};
        if (Util::Status s = execSql(u"DELETE FROM switchboard_schema"_s); !s)
            return s;
        return execSql(u"INSERT INTO switchboard_schema (version) VALUES (%1)"_s.arg(latest));
    });
}

Util::Status Database::reconnect()
{
    if (m_engine != Engine::Postgres)
        return Util::Ok {};
    finalizeControls();
    QSqlDatabase db = handle();
    db.close();
    m_inTransaction = false;
    if (!db.open())
        return sqlError(ErrorCode::CannotOpen, { m_path }, db.lastError());
    Util::Status status = execSql(u"SET client_min_messages = warning"_s);
    if (status && m_mode == Mode::ReadOnly)
        status = execSql(u"SET default_transaction_read_only = on"_s);
    for (const QString &channel : std::as_const(m_channels))
        db.driver()->subscribeToNotification(channel);
    if (status)
        qCInfo(lcStore).noquote() << "reconnected to" << m_path;
    return status;
}

bool Database::recover()
{
    if (m_engine != Engine::Postgres || m_inTransaction)
        return false;
    if (QSqlQuery ping(handle()); ping.exec(u"SELECT 1"_s))
        return false;
    return reconnect().ok();
}

bool Database::subscribe(const QString &channel)
{
    if (m_engine != Engine::Postgres)
        return false;
    if (!m_channels.contains(channel))
        m_channels << channel;
    QSqlDriver *driver = handle().driver();
    return driver && driver->subscribeToNotification(channel);
}

Util::Status Database::notify(const QString &channel, const QString &payload)
{
    if (m_engine != Engine::Postgres)
        return Util::Ok {};
    QSqlQuery query(handle());
    query.prepare(u"SELECT pg_notify(?, ?)"_s);
    query.addBindValue(channel);
    query.addBindValue(payload);
    return execQuery(query, ErrorCode::CannotRun, { u"NOTIFY "_s + channel, m_path });
}

Util::Status Database::execSql(const QString &sql)
{
    QSqlQuery query(handle());
    if (!query.exec(sql))
        return sqlError(ErrorCode::CannotRun, { sql.simplified(), m_path }, query.lastError());
    return Util::Ok {};
}

Util::Status Database::applyPragmas()
{
    // WAL lets the studio read while the writer thread commits; NORMAL is durable in WAL mode
    // except for the last transactions on power loss, which is the usual trade for a local store.
    if (m_mode == Mode::ReadWrite) {
        QSqlQuery wal(handle());
        if (!wal.exec(u"PRAGMA journal_mode=WAL"_s) || !wal.next()
            || wal.value(0).toString().compare(u"wal"_s, Qt::CaseInsensitive) != 0) {
            return sqlError(ErrorCode::CannotUseWal, { m_path }, wal.lastError());
        }
    }
    const QStringList pragmas { u"PRAGMA foreign_keys=ON"_s, u"PRAGMA busy_timeout=5000"_s,
                                u"PRAGMA synchronous=NORMAL"_s };
    for (const QString &pragma : pragmas) {
        if (Util::Status status = execSql(pragma); !status)
            return status;
    }
    return Util::Ok {};
}

Util::Status Database::migrate(const Util::Progress &progress)
{
    const int current = schemaVersion();
    const int latest = latestSchemaVersion();
    if (current > latest)
        return storeError(ErrorCode::NewerSchema, { m_path, qint64(current), qint64(latest) });
    if (current < latest && m_mode == Mode::ReadOnly)
        return storeError(ErrorCode::OldSchema, { m_path, qint64(current), qint64(latest) });
    const QList<QStringList> &migrations = schemaMigrations();
    if (current > 0 && current < latest) {
        // A file with receipts may take a while (version 4 rewrites every receipt: ~20 s for a
        // million): say so before, not only after.
        qCInfo(lcStore).noquote() << u"migrating %1 from schema version %2 to %3; on a large file "
                                     "this takes a while, once"_s.arg(m_path)
                                         .arg(current)
                                         .arg(latest);
    }
    for (int version = current + 1; version <= latest; ++version) {
        Util::Status status = transaction([&]() -> Util::Status {
            if (Util::Status s = applyMigration(migrations.at(version - 1), progress); !s)
                return s;
            // PRAGMA values cannot be bound; version is our own integer.
            return execSql(u"PRAGMA user_version = %1"_s.arg(version));
        });
        if (!status)
            return status;
        if (current > 0) // a new file is created at the latest version, not "migrated"
            qCInfo(lcStore) << "migrated" << m_path << "to schema version" << version;
    }
    return Util::Ok {};
}

Util::Status Database::applyMigration(const QStringList &statements, const Util::Progress &progress)
{
    QStringList ranged;
    for (const QString &statement : statements) {
        if (statement.contains(kReceiptRange)) {
            ranged << statement;
            continue;
        }
        if (Util::Status s = rewriteReceipts(std::exchange(ranged, {}), progress); !s)
            return s;
        if (Util::Status s = execSql(statement); !s)
            return s;
    }
    return rewriteReceipts(ranged, progress);
}

// Runs the statements over successive ranges of receipt ids, kRewriteStep receipts each, and
// reports the receipts done after each range.
Util::Status Database::rewriteReceipts(const QStringList &statements,
                                       const Util::Progress &progress)
{
    constexpr qint64 kRewriteStep = 10000;
    if (statements.isEmpty())
        return Util::Ok {};
    QSqlQuery count(handle());
    if (!count.exec(u"SELECT COUNT(*) FROM receipt"_s) || !count.next())
        return sqlError(ErrorCode::CannotRun, { count.lastQuery(), m_path }, count.lastError());
    const qint64 total = count.value(0).toLongLong();
    QSqlQuery range(handle());
    range.prepare(u"SELECT MAX(id), COUNT(*) FROM (SELECT id FROM receipt WHERE id > :after "
                  "ORDER BY id LIMIT :step)"_s);
    QList<QSqlQuery> rewrites;
    for (const QString &statement : statements) {
        rewrites.append(QSqlQuery(handle()));
        if (!rewrites.last().prepare(statement))
            return sqlError(ErrorCode::CannotRun, { statement.simplified(), m_path },
                            rewrites.last().lastError());
    }
    if (total > 0 && !Util::report(progress, 0, total)) // the start, for an estimate's rate
        return Util::cancelled();
    qint64 after = std::numeric_limits<qint64>::min();
    for (qint64 done = 0; done < total;) {
        range.bindValue(u":after"_s, after);
        range.bindValue(u":step"_s, kRewriteStep);
        if (!range.exec() || !range.next())
            return sqlError(ErrorCode::CannotRun, { range.lastQuery(), m_path }, range.lastError());
        const qint64 inRange = range.value(1).toLongLong();
        if (inRange == 0)
            break;
        const qint64 upto = range.value(0).toLongLong();
        for (QSqlQuery &rewrite : rewrites) {
            rewrite.bindValue(u":after"_s, after);
            rewrite.bindValue(u":upto"_s, upto);
            if (!rewrite.exec())
                return sqlError(ErrorCode::CannotRun, { rewrite.lastQuery().simplified(), m_path },
                                rewrite.lastError());
        }
        after = upto;
        done += inRange;
        if (!Util::report(progress, done, total))
            return Util::cancelled();
    }
    return Util::Ok {};
}

QSqlDatabase Database::handle() const
{
    return QSqlDatabase::database(m_connectionName, false);
}

QString Database::path() const
{
    return m_path;
}

Database::Mode Database::mode() const
{
    return m_mode;
}

int Database::schemaVersion() const
{
    QSqlQuery query(handle());
    if (m_engine == Engine::Postgres) {
        // A database no Switchboard has used yet has no such table: version 0.
        if (!query.exec(u"SELECT to_regclass('switchboard_schema') IS NOT NULL"_s) || !query.next())
            return -1;
        if (!query.value(0).toBool())
            return 0;
        if (!query.exec(u"SELECT COALESCE(MAX(version), 0) FROM switchboard_schema"_s)
            || !query.next())
            return -1;
        return query.value(0).toInt();
    }
    if (!query.exec(u"PRAGMA user_version"_s) || !query.next())
        return -1;
    return query.value(0).toInt();
}

Util::Status Database::transaction(const std::function<Util::Status()> &work)
{
    if (m_inTransaction)
        return work();
    // SQLite would begin one and fail only at the first write, with a vaguer message.
    if (m_mode == Mode::ReadOnly)
        return storeError(ErrorCode::ReadOnly, { m_path });
    if (Util::Status begin = control(Control::Begin); !begin)
        return begin;
    m_inTransaction = true;
    Util::Status result = work();
    m_inTransaction = false;
    if (result) {
        result = control(Control::Commit);
        if (result)
            return result;
    }
    // SQLite has rolled back already after some errors (SQLITE_FULL, SQLITE_IOERR): then there is
    // no transaction left to end, and a ROLLBACK would only add a misleading error to the log.
    if (m_sqlite && sqlite3_get_autocommit(m_sqlite) != 0)
        return result;
    if (Util::Status rollback = control(Control::Rollback); !rollback)
        qCWarning(lcStore).noquote() << logText(rollback.error());
    return result;
}

// BEGIN, COMMIT and ROLLBACK straight on the sqlite3 handle through statements prepared once:
// the receipt writer runs a pair per batch (one receipt per batch when calls come one at a time),
// and QSqlQuery or sqlite3_exec would look up, parse and compile each one every time.
Util::Status Database::control(Control which)
{
    static constexpr const char *kSql[] = { "BEGIN IMMEDIATE", "COMMIT", "ROLLBACK" };
    const char *const sql
        = which == Control::Begin && m_engine == Engine::Postgres ? "BEGIN" : kSql[int(which)];
    if (!m_sqlite)
        return execSql(QString::fromLatin1(sql));
    sqlite3_stmt *&statement = m_controls[int(which)];
    int rc = statement
        ? SQLITE_OK
        : sqlite3_prepare_v3(m_sqlite, sql, -1, SQLITE_PREPARE_PERSISTENT, &statement, nullptr);
    if (rc == SQLITE_OK)
        rc = sqlite3_step(statement);
    if (rc == SQLITE_DONE) {
        sqlite3_reset(statement);
        return Util::Ok {};
    }
    const QString message = QString::fromUtf8(sqlite3_errmsg(m_sqlite));
    if (statement)
        sqlite3_reset(statement);
    return storeError(ErrorCode::CannotRun, { QString::fromLatin1(sql), m_path }, message);
}

void Database::finalizeControls()
{
    for (sqlite3_stmt *&statement : m_controls) {
        sqlite3_finalize(statement);
        statement = nullptr;
    }
}

QString Database::defaultPath()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    return dir + u"/workspace.sqlite"_s;
}

int Database::latestSchemaVersion()
{
    return int(schemaMigrations().size());
}

} // namespace Store
