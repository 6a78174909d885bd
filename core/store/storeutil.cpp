#include "storeutil.h"

#include <QSqlQuery>

namespace Store {

Q_LOGGING_CATEGORY(lcStore, "sb.store")

Util::Status execQuery(QSqlQuery &query, ErrorCode code, QList<Util::ErrorArg> args)
{
    if (!query.exec())
        return sqlError(code, std::move(args), query.lastError());
    return Util::Ok {};
}

QVariant toMsVariant(const QDateTime &time)
{
    if (!time.isValid())
        return QVariant(QMetaType::fromType<qlonglong>());
    return QVariant::fromValue<qlonglong>(time.toMSecsSinceEpoch());
}

QDateTime fromMsVariant(const QVariant &value)
{
    if (value.isNull())
        return {};
    return QDateTime::fromMSecsSinceEpoch(value.toLongLong(), Qt::UTC);
}

} // namespace Store
