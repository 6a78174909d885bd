#include "receiptreader.h"

#include "database.h"
#include "receiptsql.h"
#include "storeutil.h"

#include <QSqlQuery>
#include <QVariantList>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace Store {
namespace {

// WHERE conditions with their positional values, in the order they appear in the SQL.
struct Conditions
{
    QStringList sql;
    QVariantList values;

    void add(const QString &condition, const QVariant &value)
    {
        sql << condition;
        values << value;
    }
    QString where() const
    {
        return sql.isEmpty() ? QString() : u" WHERE "_s + sql.join(u" AND "_s);
    }
};

// Every filter but the model, which page() and newerThan() split over three indexes.
// Without table statistics SQLite picks among equal-looking indexes at random, and may walk the
// four-valued status_class index while a rare connection is also asked for. So exactly one equality
// drives (the most selective kind present: request id, model, connection, error class, status
// class) and the others are written as COALESCE(column, '') = ?, which no index serves, in SQLite
// or PostgreSQL alike. None of these columns is ever compared with an empty value.
Conditions baseConditions(const ReceiptFilter &f)
{
    QList<std::pair<QString, QString>> equalities; // column, value; most selective first
    if (!f.requestId.isEmpty())
        equalities.append({ u"request_id"_s, f.requestId });
    if (!f.servedBy.isEmpty())
        equalities.append({ u"served_by"_s, f.servedBy });
    if (f.errorClass)
        equalities.append({ u"error_class"_s, Domain::toString(*f.errorClass) });
    if (f.statusClass)
        equalities.append({ u"status_class"_s, Domain::toString(*f.statusClass) });
    bool driverChosen = !f.model.isEmpty();
    Conditions c;
    for (const auto &[column, value] : equalities) {
        c.add((driverChosen ? u"COALESCE(%1, '') = ?"_s : u"%1 = ?"_s).arg(column), value);
        driverChosen = true;
    }
    if (f.from.isValid())
        c.add(u"started_at >= ?"_s, toMsVariant(f.from));
    if (f.to.isValid())
        c.add(u"started_at < ?"_s, toMsVariant(f.to));
    return c;
}

struct Statement
{
    QString sql;
    QVariantList values;
};

// The ids of one keyset window: conditions, ordered by id (direction), at most limit.
// A model filter matches any of three columns: one window per column, each walking its own
// (column, id) index, united and cut to limit again, instead of an OR that cannot use an index
// in id order.
Statement idWindow(const ReceiptFilter &f, const QString &keyset, qint64 key, const QString &order,
                   int limit)
{
    Conditions c = baseConditions(f);
    if (!keyset.isEmpty())
        c.add(keyset, QVariant::fromValue<qlonglong>(key));
    if (f.model.isEmpty()) {
        return { u"SELECT id FROM receipt%1 ORDER BY id %2 LIMIT ?"_s.arg(c.where(), order),
                 c.values << limit };
    }
    QStringList arms;
    QVariantList values;
    for (const QString &column : { u"model_asked"_s, u"model_resolved"_s, u"model_served"_s }) {
        Conditions arm = c;
        arm.sql.prepend(column + u" = ?"_s);
        arm.values.prepend(f.model);
        arms << u"SELECT id FROM (SELECT id FROM receipt%1 ORDER BY id %2 LIMIT ?)"_s.arg(
            arm.where(), order);
        values << arm.values << limit;
    }
    return { arms.join(u" UNION "_s), values };
}

std::optional<QSqlQuery> run(Database &db, const Statement &st)
{
    QSqlQuery query(db.handle());
    query.setForwardOnly(true);
    if (!query.prepare(st.sql)) {
        qCWarning(lcStore) << "cannot prepare a receipt query:" << query.lastError().text();
        return std::nullopt;
    }
    for (int i = 0; i < st.values.size(); ++i)
        query.bindValue(i, st.values.at(i));
    if (!query.exec()) {
        qCWarning(lcStore) << "cannot read receipts:" << query.lastError().text();
        return std::nullopt;
    }
    return query;
}

QList<ReceiptRow> rows(Database &db, const Statement &window, const QString &order, int limit)
{
    Statement st { u"SELECT %1 FROM receipt WHERE id IN (%2) ORDER BY id %3 LIMIT ?"_s.arg(
                       receiptRowColumns(), window.sql, order),
                   window.values };
    st.values << limit;
    QList<ReceiptRow> result;
    if (std::optional<QSqlQuery> query = run(db, st)) {
        while (query->next())
            result << readReceiptRow(*query);
    }
    return result;
}

} // namespace

ReceiptReader::ReceiptReader(Database &db)
    : m_db(db)
{
}

QList<ReceiptRow> ReceiptReader::page(const ReceiptFilter &filter, qint64 beforeRowId,
                                      int limit) const
{
    if (limit <= 0)
        return {};
    const QString keyset = beforeRowId > 0 ? u"id < ?"_s : QString();
    return rows(m_db, idWindow(filter, keyset, beforeRowId, u"DESC"_s, limit), u"DESC"_s, limit);
}

QList<ReceiptRow> ReceiptReader::newerThan(const ReceiptFilter &filter, qint64 afterRowId,
                                           int limit) const
{
    if (limit <= 0)
        return {};
    // The oldest rows after afterRowId, so that repeated calls leave no gap; then newest first.
    QList<ReceiptRow> result
        = rows(m_db, idWindow(filter, u"id > ?"_s, afterRowId, u"ASC"_s, limit), u"ASC"_s, limit);
    std::reverse(result.begin(), result.end());
    return result;
}

std::optional<Domain::Receipt> ReceiptReader::receipt(qint64 rowId) const
{
    const Statement head { u"SELECT %1 FROM receipt WHERE id = ?"_s.arg(receiptColumns()),
                           { QVariant::fromValue<qlonglong>(rowId) } };
    std::optional<QSqlQuery> query = run(m_db, head);
    if (!query || !query->next())
        return std::nullopt;
    Domain::Receipt r = readReceipt(*query);
    const QVariantList id { QVariant::fromValue<qlonglong>(rowId) };
    std::optional<QSqlQuery> attempts
        = run(m_db,
              { u"SELECT %1 FROM attempt WHERE receipt_id = ? ORDER BY idx"_s.arg(attemptColumns()),
                id });
    std::optional<QSqlQuery> skips = run(
        m_db,
        { u"SELECT %1 FROM skip WHERE receipt_id = ? ORDER BY idx"_s.arg(skipColumns()), id });
    if (!attempts || !skips)
        return std::nullopt;
    while (attempts->next())
        r.attempts << readAttempt(*attempts);
    while (skips->next())
        r.skips << readSkip(*skips);
    return r;
}

std::optional<Domain::Receipt> ReceiptReader::receiptByRequestId(const QString &requestId) const
{
    std::optional<QSqlQuery> query
        = run(m_db, { u"SELECT id FROM receipt WHERE request_id = ?"_s, { requestId } });
    if (!query || !query->next())
        return std::nullopt;
    return receipt(query->value(0).toLongLong());
}

int ReceiptReader::countUsingAlias(const QString &alias, const QDateTime &since) const
{
    Statement st { u"SELECT COUNT(*) FROM receipt WHERE alias = ?"_s, { alias } };
    if (since.isValid()) {
        st.sql += u" AND started_at >= ?"_s;
        st.values << toMsVariant(since);
    }
    std::optional<QSqlQuery> query = run(m_db, st);
    return query && query->next() ? query->value(0).toInt() : 0;
}

qint64 ReceiptReader::count(const ReceiptFilter &filter) const
{
    Conditions c = baseConditions(filter);
    if (!filter.model.isEmpty()) {
        c.sql << u"(model_asked = ? OR model_resolved = ? OR model_served = ?)"_s;
        c.values << filter.model << filter.model << filter.model;
    }
    std::optional<QSqlQuery> query
        = run(m_db, { u"SELECT COUNT(*) FROM receipt"_s + c.where(), c.values });
    return query && query->next() ? query->value(0).toLongLong() : 0;
}

} // namespace Store
