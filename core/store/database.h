#pragma once

#include "store/migrations.h"
#include "util/progress.h"
#include "util/result.h"

#include <QSqlDatabase>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>

struct sqlite3;
struct sqlite3_stmt;

namespace Store {

// The one class that touches QSqlDatabase (STYLE.md "The store"). One instance per thread: a
// connection is used only by the thread that opened it, since Qt 6.4 cannot move connections
// between threads. Two engines behind it (DESIGN.md "Store engines"): an SQLite file, or a
// PostgreSQL database that several gateways share. Opening runs the pending numbered migrations
// (each in its own transaction; the version kept in PRAGMA user_version, or in PostgreSQL's table
// switchboard_schema under an advisory lock, so that instances starting together migrate once).
// SQLite gets WAL, foreign_keys=ON, busy_timeout=5000, synchronous=NORMAL.
class Database
{
public:
    enum class Mode { ReadWrite, ReadOnly };

    // `location` is a file path, or postgresql://user@host:port/database[?option=value&…] (also
    // postgres://; the options are libpq's, e.g. sslmode=require). The password comes from
    // PGPASSWORD or ~/.pgpass as libpq finds it; a location holding one is refused.
    // ReadWrite creates the path's directory when missing and migrates. ReadOnly needs an existing,
    // migrated database (the studio's reading connection; the writer opens first). A file that is
    // not an SQLite database, or whose schema is newer than this build knows, gives an error (codes
    // NotADatabase, NewerSchema, OldSchema, …). A migration that rewrites receipts reports them
    // to `progress` (done of all receipts) and, when it says stop, rolls back that migration and
    // gives Util::kCancelled.
    static Util::Result<std::unique_ptr<Database>>
    open(const QString &location, Mode mode = Mode::ReadWrite, const Util::Progress &progress = {});
    static bool isPostgresLocation(const QString &location);
    // What open() would refuse of `location` before connecting: a PostgreSQL location that is not
    // one (BadDatabaseUrl) or holds a password (PasswordInUrl); an empty one (NoPath).
    static Util::Status checkLocation(const QString &location);
    ~Database(); // closes and removes its uniquely named connection

    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;

    QSqlDatabase handle() const;
    QString path() const; // the file, or the PostgreSQL location as given
    Mode mode() const;
    Engine engine() const { return m_engine; }
    int schemaVersion() const;

    // PostgreSQL: closes the connection and opens it again (after the server went away), then
    // listens again on every channel subscribe() named. SQLite: nothing to do.
    Util::Status reconnect();
    // After a statement failed: true when it is worth running again, because the PostgreSQL
    // connection was found lost and opened again. False on SQLite, when the connection still
    // answers (the statement's own error), or when the server is still away.
    bool recover();
    // Reads that failed for good (after recover()), counted: a caller compares the count before
    // and after to tell a failed read from an empty answer.
    void countFailedRead() { ++m_failedReads; }
    qint64 failedReads() const { return m_failedReads; }
    // PostgreSQL's LISTEN: notifications on `channel` arrive through handle().driver()'s
    // notification() signal, in this thread's event loop. False on SQLite or when it fails.
    bool subscribe(const QString &channel);
    // PostgreSQL's NOTIFY, delivered at the commit of the transaction it is in (at once outside
    // one). Nothing on SQLite, where other processes poll instead.
    Util::Status notify(const QString &channel, const QString &payload = {});

    // BEGIN IMMEDIATE … COMMIT, or ROLLBACK when work fails (or COMMIT fails); work's error is
    // returned. A transaction() inside work joins the outer one. ReadOnly in ReadOnly mode.
    Util::Status transaction(const std::function<Util::Status()> &work);

    // QStandardPaths::AppDataLocation + "/workspace.sqlite"; the directory is created.
    static QString defaultPath();
    // The schema version this build migrates to.
    static int latestSchemaVersion();

private:
    Database(QString connectionName, QString path, Mode mode, Engine engine);
    Util::Status connect();
    Util::Status connectPostgres();
    Util::Status migratePostgres();
    Util::Status applyPragmas();
    Util::Status migrate(const Util::Progress &progress);
    Util::Status applyMigration(const QStringList &statements, const Util::Progress &progress);
    Util::Status rewriteReceipts(const QStringList &statements, const Util::Progress &progress);
    Util::Status execSql(const QString &sql);
    enum class Control { Begin, Commit, Rollback };
    Util::Status control(Control which);
    void finalizeControls();

    QString m_connectionName;
    QString m_path;
    Mode m_mode;
    Engine m_engine;
    QStringList m_channels; // subscribed, for reconnect()
    // The connection's handle while it is open; null for another driver.
    sqlite3 *m_sqlite = nullptr;
    // BEGIN IMMEDIATE, COMMIT and ROLLBACK, each prepared at its first use and kept until close.
    sqlite3_stmt *m_controls[3] = {};
    bool m_inTransaction = false;
    qint64 m_failedReads = 0;
};

} // namespace Store
