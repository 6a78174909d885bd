#pragma once

#include "store/storeerror.h"
#include "util/result.h"

#include <QDateTime>
#include <QLoggingCategory>
#include <QSqlError>
#include <QString>
#include <QVariant>

class QSqlQuery;

// Helpers shared by the store's classes; not part of the public API.
namespace Store {

Q_DECLARE_LOGGING_CATEGORY(lcStore)

// Executes a prepared query; on failure the error is `code` with `args` and SQLite's reason.
Util::Status execQuery(QSqlQuery &query, ErrorCode code, QList<Util::ErrorArg> args = {});

// Times are stored as INTEGER milliseconds since the epoch (UTC): fast range filters, and the same
// type in PostgreSQL (BIGINT). An invalid time is stored as NULL.
QVariant toMsVariant(const QDateTime &time);
QDateTime fromMsVariant(const QVariant &value);

} // namespace Store
