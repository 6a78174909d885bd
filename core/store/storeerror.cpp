#include "storeerror.h"

#include "domain/enumtable.h"

#include <QSqlError>
#include <array>
#include <utility>

namespace Store {
namespace {

constexpr std::array<std::pair<ErrorCode, const char16_t *>, 44> kErrorCode { {
    { ErrorCode::NoPath, u"store.noPath" },
    { ErrorCode::CannotCreateFolder, u"store.cannotCreateFolder" },
    { ErrorCode::CannotCreateFile, u"store.cannotCreateFile" },
    { ErrorCode::NoDatabaseFile, u"store.noDatabaseFile" },
    { ErrorCode::NoSqliteDriver, u"store.noSqliteDriver" },
    { ErrorCode::CannotOpen, u"store.cannotOpen" },
    { ErrorCode::NotADatabase, u"store.notDatabase" },
    { ErrorCode::CannotRead, u"store.cannotRead" },
    { ErrorCode::CannotRun, u"store.cannotRun" },
    { ErrorCode::CannotUseWal, u"store.cannotUseWal" },
    { ErrorCode::NewerSchema, u"store.newerSchema" },
    { ErrorCode::OldSchema, u"store.oldSchema" },
    { ErrorCode::ReadOnly, u"store.readOnly" },
    { ErrorCode::NotSqlite, u"store.notSqlite" },
    { ErrorCode::CannotPrepare, u"store.cannotPrepare" },
    { ErrorCode::NothingSaved, u"store.empty" },
    { ErrorCode::CannotReadVersion, u"store.cannotReadVersion" },
    { ErrorCode::NoSuchVersion, u"store.noVersion" },
    { ErrorCode::UnreadableSnapshot, u"store.snapshot" },
    { ErrorCode::CannotReadSecrets, u"store.cannotReadSecrets" },
    { ErrorCode::CannotSaveWorkspace, u"store.cannotSaveWorkspace" },
    { ErrorCode::CannotUpdateSecrets, u"store.cannotUpdateSecrets" },
    { ErrorCode::CannotStoreSecret, u"store.cannotStoreSecret" },
    { ErrorCode::DuplicateReceipt, u"store.duplicate" },
    { ErrorCode::CannotWriteReceipt, u"store.cannotWriteReceipt" },
    { ErrorCode::ReceiptConstraint, u"store.constraint" },
    { ErrorCode::WriterNotRunning, u"store.notStarted" },
    { ErrorCode::FlushFromWriterThread, u"store.flush" },
    { ErrorCode::ReceiptsNotWritten, u"store.notWritten" },
    { ErrorCode::CannotLimitSize, u"store.cannotLimitSize" },
    { ErrorCode::CannotFindReceiptsToKeep, u"store.cannotFindKept" },
    { ErrorCode::CannotCountDueReceipts, u"store.cannotCountDue" },
    { ErrorCode::CannotDeleteOldReceipts, u"store.cannotPrune" },
    { ErrorCode::CannotPrepareStatistics, u"stats.cannotPrepare" },
    { ErrorCode::CannotReadStatistics, u"stats.cannotRead" },
    { ErrorCode::BadStatisticsWindow, u"stats.window" },
    { ErrorCode::CannotReadListings, u"listings.cannotRead" },
    { ErrorCode::CannotWriteListings, u"listings.cannotWrite" },
    { ErrorCode::CannotReadProbes, u"probes.cannotRead" },
    { ErrorCode::CannotWriteProbes, u"probes.cannotWrite" },
    { ErrorCode::NoPostgresDriver, u"store.noPostgresDriver" },
    { ErrorCode::BadDatabaseUrl, u"store.badDatabaseUrl" },
    { ErrorCode::PasswordInUrl, u"store.passwordInUrl" },
    { ErrorCode::ChangedElsewhere, u"store.changedElsewhere" },
} };

} // namespace

QString toString(ErrorCode code)
{
    return Domain::EnumTable::nameOf(kErrorCode, code);
}

std::optional<ErrorCode> errorCodeFromString(const QString &s)
{
    return Domain::EnumTable::valueOf(kErrorCode, s);
}

std::optional<ErrorCode> errorCodeOf(const Util::Error &e)
{
    return errorCodeFromString(e.code);
}

Util::Error storeError(ErrorCode code, QList<Util::ErrorArg> args, QString detail)
{
    return Util::Error { toString(code), {}, std::move(args), std::move(detail) };
}

Util::Error sqlError(ErrorCode code, QList<Util::ErrorArg> args, const QSqlError &error)
{
    return storeError(code, std::move(args), error.text());
}

} // namespace Store
