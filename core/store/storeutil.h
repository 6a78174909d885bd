#pragma once

#include "util/result.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLoggingCategory>
#include <QSqlError>
#include <QString>
#include <QVariant>

class QSqlQuery;

// Helpers shared by the store's classes; not part of the public API.
namespace Store {

Q_DECLARE_LOGGING_CATEGORY(lcStore)

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Store)
};

// An error whose message names what failed and SQLite's reason.
Util::Error sqlError(const QString &code, const QString &what, const QSqlError &error);

// Executes a prepared query; on failure the error carries `what`.
Util::Status execQuery(QSqlQuery &query, const QString &code, const QString &what);

// Times are stored as INTEGER milliseconds since the epoch (UTC): fast range filters, and the same
// type in PostgreSQL (BIGINT). An invalid time is stored as NULL.
QVariant toMsVariant(const QDateTime &time);
QDateTime fromMsVariant(const QVariant &value);

} // namespace Store
