#include "storeutil.h"

#include <QSqlQuery>

namespace Store {

Q_LOGGING_CATEGORY(lcStore, "sb.store")

Util::Error sqlError(const QString &code, const QString &what, const QSqlError &error)
{
    // translate(), not Tr::tr(): lupdate reads "Util::Error f(…)" here as a class Util and
    // would file the text under a context the program never asks for.
    return Util::Error { code,
                         QCoreApplication::translate("Store", "%1: %2").arg(what, error.text()) };
}

Util::Status execQuery(QSqlQuery &query, const QString &code, const QString &what)
{
    if (!query.exec())
        return sqlError(code, what, query.lastError());
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
