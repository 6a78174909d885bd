#pragma once

#include "util/result.h"

#include <QString>
#include <optional>

class QSqlError;

namespace Store {

// Why the store failed, as a code (Util::Error::code holds its stable name): the studio words it
// in its language, the CLI in English (STYLE.md "Errors"). SQLite's or the OS's own words travel as
// the error's detail.
enum class ErrorCode {
    NoPath,
    CannotCreateFolder, // args: folder
    CannotCreateFile, // args: path; detail: the OS's reason
    NoDatabaseFile, // args: path (a read-only open needs an existing file)
    NoSqliteDriver,
    CannotOpen, // args: path
    NotADatabase, // args: path
    CannotRead, // args: path
    CannotRun, // args: statement, path
    CannotUseWal, // args: path
    NewerSchema, // args: path, its schema version, the latest this build knows
    OldSchema, // args: path, its schema version, the latest this build knows
    ReadOnly, // args: path
    NotSqlite, // the connection is not SQLite's
    CannotPrepare, // args: statement
    NothingSaved,
    CannotReadVersion, // args: workspace version
    NoSuchVersion, // args: workspace version
    UnreadableSnapshot, // args: workspace version; detail: where the snapshot is wrong
    CannotReadSecrets,
    CannotSaveWorkspace,
    CannotUpdateSecrets,
    CannotStoreSecret, // args: connection
    DuplicateReceipt, // args: request id
    CannotWriteReceipt, // args: request id
    ReceiptConstraint, // args: request id of the first receipt of the statement
    WriterNotRunning,
    FlushFromWriterThread,
    ReceiptsNotWritten, // args: receipts still queued, path
    CannotLimitSize, // args: path
    CannotFindReceiptsToKeep,
    CannotCountDueReceipts,
    CannotDeleteOldReceipts,
    CannotPrepareStatistics,
    CannotReadStatistics,
    BadStatisticsWindow, // args: most buckets
    CannotReadListings,
    CannotWriteListings, // args: provider
    CannotReadProbes,
    CannotWriteProbes,
    NoPostgresDriver,
    BadDatabaseUrl, // args: the location without a password; detail: what is wrong
    PasswordInUrl,
    ChangedElsewhere, // args: the version saved meanwhile, its author
};

QString toString(ErrorCode code);
std::optional<ErrorCode> errorCodeFromString(const QString &s);
// The store's code of e; nullopt for an error of another part.
std::optional<ErrorCode> errorCodeOf(const Util::Error &e);

Util::Error storeError(ErrorCode code, QList<Util::ErrorArg> args = {}, QString detail = {});
// SQLite's reason, as Qt's driver gives it, is the detail.
Util::Error sqlError(ErrorCode code, QList<Util::ErrorArg> args, const QSqlError &error);

} // namespace Store
