#include "receiptquery.h"

#include "database.h"
#include "migrations.h"
#include "receiptsql.h"
#include "storeutil.h"

#include <QSqlQuery>
#include <QVariantList>
#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <sqlite3.h>

using namespace Qt::StringLiterals;

namespace Store::ReceiptQuery {

// How many of the newest ids a time-only page looks at before it turns to the started_at index.
// SQLite virtual-machine steps between two calls of a read's progress watch: well under a
// millisecond, so a Cancel is felt at once and the watch's own cost stays small.
// A sorted page under a filter either walks the sort column's index and skips rows that do not
// match (costs about limit * rows / matches), or reads every match through the filter's own index
// and sorts them (costs the matches). The two meet at matches = sqrt(limit * rows): near 14,000
// for a 200-row page of a million receipts. Below, the filter drives; from there on, the sort
// index.
qint64 sortWalkMatches(qint64 limit, qint64 rows)
{
    return std::max<qint64>(1, qint64(std::sqrt(double(limit) * double(rows))));
}

// Every filter but the model, which page() and newerThan() split over three indexes.
// Without table statistics SQLite picks among equal-looking indexes at random, and may walk the
// four-valued status_class index while a rare connection is also asked for. So exactly one equality
// drives (the most selective kind present that an index serves: request id, connection, call kind,
// error class, status class, endpoint) and the others are written as COALESCE(column, '') = ?,
// which no index serves, in SQLite or PostgreSQL alike. None of these columns is ever compared with
// an empty value. The error and status indexes hold only errors and unusual statuses (migration 3),
// the endpoint index only calls not on chat completions (migration 6), the kind index only probes
// and rehearsals (migration 8): a driver there names the index's condition too, and "none", "ok",
// "chat_completions" or "call", which most rows have, drives nothing (the page walks the ids,
// where nearly every row matches).
Conditions baseConditions(const ReceiptFilter &f)
{
    struct Equality
    {
        QString column;
        QString value;
        bool indexed;
        QLatin1StringView partial; // the condition of the column's partial index, if it is one
    };
    QList<Equality> equalities; // most selective first
    if (!f.requestId.isEmpty())
        equalities.append({ u"request_id"_s, f.requestId, true, {} });
    if (!f.servedBy.isEmpty())
        equalities.append({ u"served_by"_s, f.servedBy, true, {} });
    if (f.kind) {
        equalities.append({ u"kind"_s, Domain::toString(*f.kind), *f.kind != Domain::CallKind::Call,
                            PartialIndex::kNotCall });
    }
    if (f.errorClass) {
        equalities.append({ u"error_class"_s, Domain::toString(*f.errorClass),
                            *f.errorClass != Domain::ErrorClass::None, PartialIndex::kAnError });
    }
    if (f.statusClass) {
        equalities.append({ u"status_class"_s, Domain::toString(*f.statusClass),
                            *f.statusClass != Domain::StatusClass::Ok,
                            PartialIndex::kUnusualStatus });
    }
    if (f.endpoint) {
        equalities.append({ u"endpoint"_s, Domain::toString(*f.endpoint),
                            *f.endpoint != Domain::Endpoint::ChatCompletions,
                            PartialIndex::kNotChat });
    }
    bool driverChosen = !f.model.isEmpty();
    Conditions c;
    for (const Equality &e : std::as_const(equalities)) {
        const bool drives = !driverChosen && e.indexed;
        c.add((drives ? u"%1 = ?"_s : u"COALESCE(%1, '') = ?"_s).arg(e.column), e.value);
        if (drives && !e.partial.isEmpty())
            c.sql << e.partial;
        driverChosen = driverChosen || drives;
    }
    // No index: a few gateways share a table, so an instance matches a large share of the rows
    // and the id walk meets one every few rows.
    if (!f.instance.isEmpty())
        c.add(u"COALESCE(instance, '') = ?"_s, f.instance);
    if (f.from.isValid())
        c.add(u"started_at >= ?"_s, toMsVariant(f.from));
    if (f.to.isValid())
        c.add(u"started_at < ?"_s, toMsVariant(f.to));
    return c;
}

// The ids of one keyset window: filter and keyset conditions, ordered by id, at most limit.
// A model filter matches any of three columns: one window per column, each walking its own
// (column, id) index, united and cut to limit again, instead of an OR that cannot use an index
// in id order.
Statement idWindow(const ReceiptFilter &f, const Conditions &keyset, const QString &order,
                   int limit)
{
    Conditions c = baseConditions(f);
    c.sql << keyset.sql;
    c.values << keyset.values;
    if (f.model.isEmpty()) {
        return { u"SELECT id FROM receipt%1 ORDER BY id %2 LIMIT ?"_s.arg(c.where(), order),
                 c.values << limit };
    }
    QStringList arms;
    QVariantList values;
    // Each arm's column and its index's condition: model_resolved's index holds only the rows the
    // first arm does not find (migration 3).
    const std::pair<QLatin1StringView, QLatin1StringView> columns[] {
        { "model_asked"_L1, {} },
        { "model_resolved"_L1, PartialIndex::kResolvedElsewhere },
        { "model_served"_L1, {} },
    };
    for (const auto &[column, indexCondition] : columns) {
        Conditions arm = c;
        if (!indexCondition.isEmpty())
            arm.sql.prepend(indexCondition);
        arm.sql.prepend(column + u" = ?"_s);
        arm.values.prepend(f.model);
        arms << u"SELECT id FROM (SELECT id FROM receipt%1 ORDER BY id %2 LIMIT ?) AS arm"_s.arg(
            arm.where(), order);
        values << arm.values << limit;
    }
    return { arms.join(u" UNION "_s), values };
}

Conditions idCondition(const QString &condition, qint64 id)
{
    Conditions c;
    c.add(condition, QVariant::fromValue<qlonglong>(id));
    return c;
}

// A PostgreSQL connection lost meanwhile (a server restart) is opened again and the read tried once
// more: the Calls screen's and the Dashboard's connections live as long as the studio.
std::optional<QSqlQuery> run(Database &db, const Statement &st, bool retried)
{
    QSqlQuery query(db.handle());
    query.setForwardOnly(true);
    const bool prepared = query.prepare(st.sql);
    if (prepared) {
        for (int i = 0; i < st.values.size(); ++i)
            query.bindValue(i, st.values.at(i));
    }
    if (!prepared || !query.exec()) {
        const QString why = query.lastError().text();
        query = QSqlQuery();
        if (!retried && db.recover())
            return run(db, st, true);
        qCWarning(lcStore) << "cannot read receipts:" << why;
        db.countFailedRead();
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

bool hasEquality(const ReceiptFilter &f)
{
    return !f.model.isEmpty() || !f.servedBy.isEmpty() || !f.requestId.isEmpty() || f.statusClass
        || f.errorClass || f.endpoint || f.kind;
}

qint64 maxId(Database &db)
{
    std::optional<QSqlQuery> query = run(db, { u"SELECT COALESCE(MAX(id), 0) FROM receipt"_s, {} });
    return query && query->next() ? query->value(0).toLongLong() : 0;
}

// A page filtered by time alone. Walking ids down from the keyset with a started_at check is quick
// while the window lasts, but the walk that finds the window's end would go on through every older
// row. So the newest ids below the keyset are tried first (where a "last hour" window lives); when
// they do not fill the page the started_at index drives instead ("id + 0" keeps the planner off the
// id order), which costs the window's size, not the table's.
QList<ReceiptRow> timePage(Database &db, const ReceiptFilter &f, qint64 before, int limit)
{
    const qint64 top = before > 0 ? before : maxId(db) + 1;
    Conditions probe = idCondition(u"id < ?"_s, top);
    probe.add(u"id >= ?"_s, QVariant::fromValue<qlonglong>(top - kTimeProbeRows));
    QList<ReceiptRow> result = rows(db, idWindow(f, probe, u"DESC"_s, limit), u"DESC"_s, limit);
    if (result.size() == limit || top - kTimeProbeRows <= 1)
        return result;
    return rows(db, idWindow(f, idCondition(u"id + 0 < ?"_s, top), u"DESC"_s, limit), u"DESC"_s,
                limit);
}

// The column a sort key walks, and whether it may be NULL.
std::pair<QString, bool> sortColumn(ReceiptSort::Key key)
{
    switch (key) {
    case ReceiptSort::Key::Time:
        return { u"id"_s, false };
    case ReceiptSort::Key::ModelAsked:
        return { u"model_asked"_s, true };
    case ReceiptSort::Key::ModelServed:
        return { u"model_served"_s, true };
    case ReceiptSort::Key::Status:
        return { u"http_status"_s, false };
    case ReceiptSort::Key::Attempts:
        return { u"attempts_count"_s, false };
    case ReceiptSort::Key::ServedBy:
        return { u"served_by"_s, true };
    case ReceiptSort::Key::Latency:
        return { u"latency_ms"_s, false };
    }
    return { u"id"_s, false };
}

// Every filter as plain conditions (the model as an OR of its three columns, the middle one written
// so that model_resolved's partial index can serve it).
Conditions allConditions(const ReceiptFilter &f)
{
    Conditions c = baseConditions(f);
    if (!f.model.isEmpty()) {
        c.sql << u"(model_asked = ? OR (model_resolved = ? AND %1) OR model_served = ?)"_s.arg(
            PartialIndex::kResolvedElsewhere);
        c.values << f.model << f.model << f.model;
    }
    return c;
}

// Every filter written so that no index serves it (COALESCE, "+ 0"): the sort column's index then
// drives a sorted page, checking the filter on the way.
Conditions unindexedConditions(const ReceiptFilter &f)
{
    Conditions c;
    const auto equal = [&c](const QString &column, const QString &value) {
        if (!value.isEmpty())
            c.add(u"COALESCE(%1, '') = ?"_s.arg(column), value);
    };
    equal(u"request_id"_s, f.requestId);
    equal(u"served_by"_s, f.servedBy);
    if (f.errorClass)
        equal(u"error_class"_s, Domain::toString(*f.errorClass));
    if (f.statusClass)
        equal(u"status_class"_s, Domain::toString(*f.statusClass));
    if (f.endpoint)
        equal(u"endpoint"_s, Domain::toString(*f.endpoint));
    if (f.kind)
        equal(u"kind"_s, Domain::toString(*f.kind));
    equal(u"instance"_s, f.instance);
    if (f.from.isValid())
        c.add(u"started_at + 0 >= ?"_s, toMsVariant(f.from));
    if (f.to.isValid())
        c.add(u"started_at + 0 < ?"_s, toMsVariant(f.to));
    if (!f.model.isEmpty()) {
        c.sql << u"(COALESCE(model_asked, '') = ? OR COALESCE(model_resolved, '') = ? "
                 "OR COALESCE(model_served, '') = ?)"_s;
        c.values << f.model << f.model << f.model;
    }
    return c;
}

QVariant idValue(qint64 id)
{
    return QVariant::fromValue<qlonglong>(id);
}

// How many filters' matches a reader keeps: switching between two filters does not read again.

bool isTextKey(ReceiptSort::Key key)
{
    return key == ReceiptSort::Key::ModelAsked || key == ReceiptSort::Key::ModelServed
        || key == ReceiptSort::Key::ServedBy;
}

// Binds a condition's values to a statement of SQLite's own API, in order.
bool bindAll(sqlite3_stmt *statement, const QVariantList &values)
{
    for (int i = 0; i < values.size(); ++i) {
        const QVariant &v = values.at(i);
        int rc = SQLITE_OK;
        if (v.isNull()) {
            rc = sqlite3_bind_null(statement, i + 1);
        } else if (v.typeId() == QMetaType::QString) {
            const QByteArray utf8 = v.toString().toUtf8();
            rc = sqlite3_bind_text(statement, i + 1, utf8.constData(), int(utf8.size()),
                                   SQLITE_TRANSIENT);
        } else {
            rc = sqlite3_bind_int64(statement, i + 1, v.toLongLong());
        }
        if (rc != SQLITE_OK)
            return false;
    }
    return true;
}

} // namespace Store::ReceiptQuery
