#include "errortext.h"

#include "common/tr.h"

#include <store/storeerror.h>

namespace Ui::Common {
namespace {

using Store::ErrorCode;

QString withDetail(const QString &sentence, const QString &detail)
{
    return detail.isEmpty() ? sentence : Tr::tr("%1: %2").arg(sentence, detail);
}

QString storeText(ErrorCode code, const Util::Error &e)
{
    const QString detail = e.detail;
    switch (code) {
    case ErrorCode::NoPath:
        return Tr::tr("No database path was given.");
    case ErrorCode::CannotCreateFolder:
        return Tr::tr("Cannot create the folder %1.").arg(e.name(0));
    case ErrorCode::CannotCreateFile:
        return Tr::tr("Cannot create %1: %2").arg(e.name(0), detail);
    case ErrorCode::NoDatabaseFile:
        return Tr::tr("There is no database at %1 to open read-only.").arg(e.name(0));
    case ErrorCode::NoSqliteDriver:
        return Tr::tr("The Qt SQLite driver (QSQLITE) is not available.");
    case ErrorCode::CannotOpen:
        return withDetail(Tr::tr("Cannot open %1").arg(e.name(0)), detail);
    case ErrorCode::NotADatabase:
        return Tr::tr("%1 is not a Switchboard database (not an SQLite file).").arg(e.name(0));
    case ErrorCode::CannotRead:
        return withDetail(Tr::tr("Cannot read %1").arg(e.name(0)), detail);
    case ErrorCode::CannotRun:
        return withDetail(Tr::tr("Cannot run “%1” on %2").arg(e.name(0), e.name(1)), detail);
    case ErrorCode::CannotUseWal:
        return withDetail(Tr::tr("Cannot switch %1 to WAL mode").arg(e.name(0)), detail);
    case ErrorCode::NewerSchema:
        return Tr::tr("%1 has schema version %2, newer than this Switchboard knows (%3). "
                      "Use a newer Switchboard.")
            .arg(e.name(0), e.name(1), e.name(2));
    case ErrorCode::OldSchema:
        return Tr::tr("%1 has schema version %2 and needs migrating to %3; open it read-write "
                      "first.")
            .arg(e.name(0), e.name(1), e.name(2));
    case ErrorCode::ReadOnly:
        return Tr::tr("%1 is open read-only; it cannot be changed here.").arg(e.name(0));
    case ErrorCode::NotSqlite:
        return Tr::tr("The database is not an SQLite file.");
    case ErrorCode::CannotPrepare:
        return Tr::tr("Cannot prepare “%1”: %2").arg(e.name(0), detail);
    case ErrorCode::NothingSaved:
        return Tr::tr("No workspace has been saved yet.");
    case ErrorCode::CannotReadVersion:
        return withDetail(Tr::tr("Cannot read workspace version %1").arg(e.name(0)), detail);
    case ErrorCode::NoSuchVersion:
        return Tr::tr("There is no workspace version %1.").arg(e.name(0));
    case ErrorCode::UnreadableSnapshot:
        return Tr::tr("Workspace version %1 cannot be read back: %2").arg(e.name(0), detail);
    case ErrorCode::CannotReadSecrets:
        return withDetail(Tr::tr("Cannot read the stored secrets"), detail);
    case ErrorCode::CannotSaveWorkspace:
        return withDetail(Tr::tr("Cannot save the workspace"), detail);
    case ErrorCode::CannotUpdateSecrets:
        return withDetail(Tr::tr("Cannot update the stored secrets"), detail);
    case ErrorCode::CannotStoreSecret:
        return withDetail(Tr::tr("Cannot store the secret of connection %1").arg(e.name(0)),
                          detail);
    case ErrorCode::DuplicateReceipt:
        return Tr::tr("A receipt with request id %1 is already stored.").arg(e.name(0));
    case ErrorCode::CannotWriteReceipt:
    case ErrorCode::ReceiptConstraint:
        return withDetail(Tr::tr("Cannot write receipt %1").arg(e.name(0)), detail);
    case ErrorCode::WriterNotRunning:
        return Tr::tr("The receipt writer is not running.");
    case ErrorCode::FlushFromWriterThread:
        return Tr::tr("The receipt writer cannot wait for itself (flush from its own thread).");
    case ErrorCode::ReceiptsNotWritten:
        return Tr::tr("%1 receipts are not written yet: writing to %2 failed; they stay queued.")
            .arg(e.name(0), e.name(1));
    case ErrorCode::CannotLimitSize:
        return Tr::tr("Cannot limit the size of %1.").arg(e.name(0));
    case ErrorCode::CannotFindReceiptsToKeep:
        return withDetail(Tr::tr("Cannot find the receipts to keep"), detail);
    case ErrorCode::CannotCountDueReceipts:
        return withDetail(Tr::tr("Cannot count the receipts to delete"), detail);
    case ErrorCode::CannotDeleteOldReceipts:
        return withDetail(Tr::tr("Cannot delete old receipts"), detail);
    case ErrorCode::CannotPrepareStatistics:
        return withDetail(Tr::tr("Cannot prepare a statistics query"), detail);
    case ErrorCode::CannotReadStatistics:
        return withDetail(Tr::tr("Cannot read statistics"), detail);
    case ErrorCode::BadStatisticsWindow:
        return Tr::tr("A statistics window needs a start, up to %1 buckets of a positive length, "
                      "and at most 24 hours in all.")
            .arg(e.name(0));
    case ErrorCode::CannotReadListings:
        return withDetail(Tr::tr("Cannot read the provider listings"), detail);
    case ErrorCode::CannotWriteListings:
        return withDetail(Tr::tr("Cannot store the listing of provider %1").arg(e.name(0)), detail);
    case ErrorCode::CannotReadProbes:
        return withDetail(Tr::tr("Cannot read the probe results"), detail);
    case ErrorCode::CannotWriteProbes:
        return withDetail(Tr::tr("Cannot store the probe results"), detail);
    case ErrorCode::NoPostgresDriver:
        return Tr::tr("The Qt PostgreSQL driver (QPSQL, Debian package libqt6sql6-psql) is not "
                      "available.");
    case ErrorCode::BadDatabaseUrl:
        return withDetail(Tr::tr("“%1” is not a PostgreSQL location "
                                 "(postgresql://user@host:port/database)")
                              .arg(e.name(0)),
                          detail);
    case ErrorCode::PasswordInUrl:
        return Tr::tr("A password does not belong in the database location: set PGPASSWORD or "
                      "put it in ~/.pgpass.");
    case ErrorCode::ChangedElsewhere:
        return Tr::tr("Changed by someone else (version %1, saved by %2): review and save again.")
            .arg(e.name(0), e.name(1));
    }
    return Util::logText(e);
}

// The runtime's operations (Runtime::addKey, revokeKey, writeWorkspaceFile).
std::optional<QString> runtimeText(const Util::Error &e)
{
    if (e.code == u"runtime.noKeyName")
        return Tr::tr("A key needs a name.");
    if (e.code == u"runtime.noProject")
        return Tr::tr("There is no project with id %1.").arg(e.name(0));
    if (e.code == u"runtime.noKey")
        return Tr::tr("There is no key with id %1.").arg(e.name(0));
    if (e.code == u"runtime.cannotWrite")
        return withDetail(Tr::tr("Cannot write %1").arg(e.name(0)), e.detail);
    return std::nullopt;
}

} // namespace

QString errorText(const Util::Error &e)
{
    if (const std::optional<ErrorCode> code = Store::errorCodeOf(e))
        return storeText(*code, e);
    if (const std::optional<QString> text = runtimeText(e))
        return *text;
    if (e.message.isEmpty())
        return Util::logText(e); // a code this studio does not word yet: its stable form
    return withDetail(e.message, e.detail);
}

} // namespace Ui::Common
