#pragma once

#include "util/progress.h"
#include "util/result.h"

#include <QSqlDatabase>
#include <QString>
#include <functional>
#include <memory>

struct sqlite3;
struct sqlite3_stmt;

namespace Store {

// The one class that touches QSqlDatabase (STYLE.md "The store"). One instance per thread: a
// connection is used only by the thread that opened it, since Qt 6.4 cannot move connections
// between threads. Opening runs the pending numbered migrations (each in its own transaction, the
// version kept in PRAGMA user_version) and sets WAL, foreign_keys=ON, busy_timeout=5000,
// synchronous=NORMAL.
class Database
{
public:
    enum class Mode { ReadWrite, ReadOnly };

    // ReadWrite creates the path's directory when missing and migrates. ReadOnly needs an existing,
    // migrated file (the studio's reading connection; the writer opens first). A file that is not
    // an SQLite database, or whose schema is newer than this build knows, gives an error (codes
    // NotADatabase, NewerSchema, OldSchema, …). A migration that rewrites receipts reports them
    // to `progress` (done of all receipts) and, when it says stop, rolls back that migration and
    // gives Util::kCancelled.
    static Util::Result<std::unique_ptr<Database>>
    open(const QString &path, Mode mode = Mode::ReadWrite, const Util::Progress &progress = {});
    ~Database(); // closes and removes its uniquely named connection

    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;

    QSqlDatabase handle() const;
    QString path() const;
    Mode mode() const;
    int schemaVersion() const;

    // BEGIN IMMEDIATE … COMMIT, or ROLLBACK when work fails (or COMMIT fails); work's error is
    // returned. A transaction() inside work joins the outer one. ReadOnly in ReadOnly mode.
    Util::Status transaction(const std::function<Util::Status()> &work);

    // QStandardPaths::AppDataLocation + "/workspace.sqlite"; the directory is created.
    static QString defaultPath();
    // The schema version this build migrates to.
    static int latestSchemaVersion();

private:
    Database(QString connectionName, QString path, Mode mode);
    Util::Status connect();
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
    // The connection's handle while it is open; null for another driver.
    sqlite3 *m_sqlite = nullptr;
    // BEGIN IMMEDIATE, COMMIT and ROLLBACK, each prepared at its first use and kept until close.
    sqlite3_stmt *m_controls[3] = {};
    bool m_inTransaction = false;
};

} // namespace Store
