#include "receiptreader.h"

#include "database.h"
#include "migrations.h"
#include "receiptsql.h"
#include "storeutil.h"

#include <QSqlQuery>
#include <QVariantList>
#include <algorithm>
#include <cmath>
#include <sqlite3.h>

using namespace Qt::StringLiterals;

namespace Store {
namespace {

// How many of the newest ids a time-only page looks at before it turns to the started_at index.
constexpr qint64 kTimeProbeRows = 20000;
// SQLite virtual-machine steps between two calls of a read's progress watch: well under a
// millisecond, so a Cancel is felt at once and the watch's own cost stays small.
constexpr int kProgressSteps = 4000;
// A sorted page under a filter either walks the sort column's index and skips rows that do not
// match (costs about limit * rows / matches), or reads every match through the filter's own index
// and sorts them (costs the matches). The two meet at matches = sqrt(limit * rows): near 14,000
// for a 200-row page of a million receipts. Below, the filter drives; from there on, the sort
// index.
qint64 sortWalkMatches(qint64 limit, qint64 rows)
{
    return std::max<qint64>(1, qint64(std::sqrt(double(limit) * double(rows))));
}

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
// drives (the most selective kind present that an index serves: request id, connection, error
// class, status class) and the others are written as COALESCE(column, '') = ?, which no index
// serves, in SQLite or PostgreSQL alike. None of these columns is ever compared with an empty
// value. The error and status indexes hold only errors and unusual statuses (migration 3): a driver
// there names the index's condition too, and "none" or "ok", which most rows have, drives nothing
// (the page walks the ids, where nearly every row matches).
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
    if (f.errorClass) {
        equalities.append({ u"error_class"_s, Domain::toString(*f.errorClass),
                            *f.errorClass != Domain::ErrorClass::None, PartialIndex::kAnError });
    }
    if (f.statusClass) {
        equalities.append({ u"status_class"_s, Domain::toString(*f.statusClass),
                            *f.statusClass != Domain::StatusClass::Ok,
                            PartialIndex::kUnusualStatus });
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
        arms << u"SELECT id FROM (SELECT id FROM receipt%1 ORDER BY id %2 LIMIT ?)"_s.arg(
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

bool hasEquality(const ReceiptFilter &f)
{
    return !f.model.isEmpty() || !f.servedBy.isEmpty() || !f.requestId.isEmpty() || f.statusClass
        || f.errorClass;
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

} // namespace

ReceiptReader::ReceiptReader(Database &db)
    : m_db(db)
{
}

ReceiptReader::~ReceiptReader()
{
    if (m_keepGoing)
        setProgress({});
}

void ReceiptReader::setProgress(std::function<bool()> keepGoing)
{
    m_keepGoing = std::move(keepGoing);
    m_interrupted = false;
    if (sqlite3 *connection = SqliteStatement::connectionOf(m_db.handle())) {
        if (m_keepGoing)
            sqlite3_progress_handler(connection, kProgressSteps, &ReceiptReader::progressCallback,
                                     this);
        else
            sqlite3_progress_handler(connection, 0, nullptr, nullptr);
    }
}

bool ReceiptReader::wasInterrupted() const
{
    return m_interrupted;
}

int ReceiptReader::progressCallback(void *reader)
{
    auto *self = static_cast<ReceiptReader *>(reader);
    if (!self->m_interrupted && self->m_keepGoing && !self->m_keepGoing())
        self->m_interrupted = true;
    return self->m_interrupted ? 1 : 0; // non-zero: SQLite stops the statement
}

QList<ReceiptRow> ReceiptReader::page(const ReceiptFilter &filter, qint64 beforeRowId,
                                      int limit) const
{
    if (limit <= 0)
        return {};
    if (filter.from.isValid() && !hasEquality(filter))
        return timePage(m_db, filter, beforeRowId, limit);
    const Conditions keyset
        = beforeRowId > 0 ? idCondition(u"id < ?"_s, beforeRowId) : Conditions {};
    return rows(m_db, idWindow(filter, keyset, u"DESC"_s, limit), u"DESC"_s, limit);
}

QList<ReceiptRow> ReceiptReader::newerThan(const ReceiptFilter &filter, qint64 afterRowId,
                                           int limit) const
{
    if (limit <= 0)
        return {};
    // The oldest rows after afterRowId, so that repeated calls leave no gap; then newest first.
    const Conditions keyset = idCondition(u"id > ?"_s, afterRowId);
    QList<ReceiptRow> result
        = rows(m_db, idWindow(filter, keyset, u"ASC"_s, limit), u"ASC"_s, limit);
    std::reverse(result.begin(), result.end());
    return result;
}

QList<ReceiptRow> ReceiptReader::sortedPage(const ReceiptFilter &filter, const ReceiptSort &sort,
                                            const std::optional<ReceiptCursor> &after,
                                            qint64 ceilingId, int limit, ReceiptCursor *last) const
{
    if (limit <= 0)
        return {};
    // Not a structured binding: lambdas below capture these, which clang 14 (the sanitizer
    // tree) does not allow for bindings.
    const std::pair<QString, bool> sortedBy = sortColumn(sort.key);
    const QString &column = sortedBy.first;
    const bool nullable = sortedBy.second;
    const QString dir = sort.descending ? u"DESC"_s : u"ASC"_s;
    QList<ReceiptRow> result;
    if (sort.key == ReceiptSort::Key::Time) {
        if (sort.descending) {
            const qint64 before = after ? after->rowId : (ceilingId > 0 ? ceilingId + 1 : 0);
            result = page(filter, before, limit);
        } else {
            Conditions keyset;
            // With a time filter alone the first page lets the started_at index drive ("id + 0",
            // the window's size) instead of a walk up from the oldest id (see timePage); later
            // pages walk up the ids from the last one, which is inside the window.
            const bool byTime = filter.from.isValid() && !hasEquality(filter) && !after;
            const QString id = byTime ? u"id + 0"_s : u"id"_s;
            if (after)
                keyset.add(id + u" > ?"_s, idValue(after->rowId));
            if (ceilingId > 0)
                keyset.add(id + u" <= ?"_s, idValue(ceilingId));
            result = rows(m_db, idWindow(filter, keyset, dir, limit), dir, limit);
        }
        if (last && !result.isEmpty())
            *last = { QVariant::fromValue<qlonglong>(result.constLast().rowId),
                      result.constLast().rowId };
        return result;
    }

    // Up to two arms, each one walk of the (column, id) index: the rows with a value, compared as
    // a row value (SQLite seeks the index to it), and the NULL rows in id order. Newest first
    // (DESC) the NULLs come last, oldest first they come first.
    const QString cmp = sort.descending ? u"<"_s : u">"_s;
    const bool afterNull = after && after->key.isNull();
    struct Arm
    {
        QString part; // "column IS [NOT] NULL", or empty for a column that is never NULL
        Conditions keyset;
        QString order;
    };
    QList<Arm> arms;
    const auto valueArm = [&] {
        Arm arm { nullable ? column + u" IS NOT NULL"_s : QString(),
                  {},
                  u"%1 %2, id %2"_s.arg(column, dir) };
        if (after && !afterNull) {
            arm.keyset.sql << u"(%1, id) %2 (?, ?)"_s.arg(column, cmp);
            arm.keyset.values << after->key << idValue(after->rowId);
        }
        return arm;
    };
    const auto nullArm = [&] {
        Arm arm { column + u" IS NULL"_s, {}, u"id "_s + dir };
        if (afterNull)
            arm.keyset.add(u"id %1 ?"_s.arg(cmp), idValue(after->rowId));
        return arm;
    };
    if (sort.descending) {
        if (!afterNull)
            arms << valueArm();
        if (nullable)
            arms << nullArm();
    } else {
        if (nullable && (!after || afterNull))
            arms << nullArm();
        arms << valueArm();
    }
    // Which index drives each arm under a filter: its matches are counted up to the threshold
    // (this reads at most that many of the filter's index entries, or all its matches when they
    // are fewer), and from the threshold on the filter is written so that no index serves it.
    const Conditions indexed = allConditions(filter);
    const qint64 threshold = indexed.sql.isEmpty() ? 0 : sortWalkMatches(limit, maxId(m_db));
    for (Arm &arm : arms) {
        Conditions where = indexed;
        if (!arm.part.isEmpty())
            where.sql << arm.part;
        if (threshold > 0) {
            // Decided once per filter, key and arm (the next pages ask the same): the count
            // costs up to the threshold's rows, a page far less.
            QString cacheKey = QString::number(threshold) + where.where();
            for (const QVariant &v : std::as_const(where.values))
                cacheKey += u'\x1f' + v.toString();
            auto cached = m_walkSortIndex.constFind(cacheKey);
            if (cached == m_walkSortIndex.cend()) {
                std::optional<QSqlQuery> matches
                    = run(m_db,
                          { u"SELECT COUNT(*) FROM (SELECT 1 FROM receipt%1 LIMIT ?)"_s.arg(
                                where.where()),
                            QVariantList(where.values) << threshold });
                if (!matches || !matches->next())
                    return {}; // interrupted, or an error (logged)
                if (m_walkSortIndex.size() > 64)
                    m_walkSortIndex.clear();
                cached
                    = m_walkSortIndex.insert(cacheKey, matches->value(0).toLongLong() >= threshold);
            }
            if (*cached) {
                where = unindexedConditions(filter);
                if (!arm.part.isEmpty())
                    where.sql << arm.part;
            }
        }
        where.sql << arm.keyset.sql;
        where.values << arm.keyset.values;
        arm.keyset = where;
    }
    Statement st;
    QStringList parts;
    for (Arm &arm : arms) {
        if (ceilingId > 0)
            arm.keyset.add(u"id <= ?"_s, idValue(ceilingId));
        parts << u"SELECT * FROM (SELECT %1, %2 AS sort_key FROM receipt%3 ORDER BY %4 LIMIT ?)"_s
                     .arg(receiptRowColumns(), column, arm.keyset.where(), arm.order);
        st.values << arm.keyset.values << limit;
    }
    // NULLs last newest first, first oldest first: "sort_key IS NULL" is 0 or 1.
    st.sql = u"SELECT * FROM (%1) ORDER BY sort_key IS NULL %2, sort_key %3, id %3 LIMIT ?"_s.arg(
        parts.join(u" UNION ALL "_s), sort.descending ? u"ASC"_s : u"DESC"_s, dir);
    st.values << limit;
    std::optional<QSqlQuery> query = run(m_db, st);
    if (!query)
        return {};
    const int keyIndex = int(receiptRowColumns().count(u',')) + 1;
    QVariant lastKey;
    while (query->next()) {
        result << readReceiptRow(*query);
        lastKey = query->value(keyIndex);
    }
    if (last && !result.isEmpty())
        *last = { lastKey, result.constLast().rowId };
    return result;
}

qint64 ReceiptReader::countNewerThan(const ReceiptFilter &filter, qint64 afterRowId,
                                     qint64 cap) const
{
    // Bounded by cap and the id range: cheap however many rows there are in all.
    Conditions c = allConditions(filter);
    c.add(u"id > ?"_s, idValue(afterRowId));
    std::optional<QSqlQuery> query
        = run(m_db,
              { u"SELECT COUNT(*) FROM (SELECT 1 FROM receipt%1 LIMIT ?)"_s.arg(c.where()),
                c.values << QVariant::fromValue<qlonglong>(cap) });
    return query && query->next() ? query->value(0).toLongLong() : 0;
}

std::optional<Domain::Receipt> ReceiptReader::receipt(qint64 rowId) const
{
    const Statement head { u"SELECT %1 FROM receipt WHERE id = ?"_s.arg(receiptColumns()),
                           { QVariant::fromValue<qlonglong>(rowId) } };
    std::optional<QSqlQuery> query = run(m_db, head);
    if (!query || !query->next())
        return std::nullopt;
    return readReceipt(*query);
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
    const Conditions c = allConditions(filter);
    std::optional<QSqlQuery> query
        = run(m_db, { u"SELECT COUNT(*) FROM receipt"_s + c.where(), c.values });
    return query && query->next() ? query->value(0).toLongLong() : 0;
}

} // namespace Store
