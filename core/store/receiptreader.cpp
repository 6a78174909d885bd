#include "receiptreader.h"

#include "database.h"
#include "migrations.h"
#include "receiptquery.h"
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

namespace Store {

using namespace ReceiptQuery;

// The matches of one filter below one ceiling: their ids and sort columns, read once. A text
// column holds 2 * i + 1 for texts[i] (the texts in SQLite's byte order) and -1 for NULL, so every
// key compares as an integer with ties broken by id. Oldest first is (value, id) ascending, newest
// first its exact reverse: NULLs first oldest first and last newest first, as the SQL arms give.
struct ReceiptReader::MatchSet
{
    struct Row
    {
        qint64 id = 0;
        qint64 latencyMs = 0;
        qint32 modelAsked = -1;
        qint32 modelServed = -1;
        qint32 servedBy = -1;
        qint32 httpStatus = 0;
        qint32 attempts = 0;
    };
    using Entry = std::pair<qint64, qint64>; // (value, id)

    QString filterKey;
    qint64 ceiling = 0;
    bool tooMany = false; // more matches than kept: nothing read
    QList<Row> rows;
    QList<QByteArray> texts;
    std::array<QList<Entry>, 7> orders; // by ReceiptSort::Key, sorted when first asked

    qint64 value(const Row &row, ReceiptSort::Key key) const
    {
        switch (key) {
        case ReceiptSort::Key::Time:
            return row.id;
        case ReceiptSort::Key::ModelAsked:
            return row.modelAsked;
        case ReceiptSort::Key::ModelServed:
            return row.modelServed;
        case ReceiptSort::Key::Status:
            return row.httpStatus;
        case ReceiptSort::Key::Attempts:
            return row.attempts;
        case ReceiptSort::Key::ServedBy:
            return row.servedBy;
        case ReceiptSort::Key::Latency:
            return row.latencyMs;
        }
        return row.id;
    }

    const QList<Entry> &order(ReceiptSort::Key key)
    {
        QList<Entry> &entries = orders.at(std::size_t(key));
        if (entries.size() != rows.size()) {
            entries.clear();
            entries.reserve(rows.size());
            for (const Row &row : std::as_const(rows))
                entries.append({ value(row, key), row.id });
            std::sort(entries.begin(), entries.end());
        }
        return entries;
    }

    // A cursor's key in the same terms; a text no match has falls between its neighbours.
    Entry cursorEntry(ReceiptSort::Key key, const ReceiptCursor &cursor) const
    {
        if (key == ReceiptSort::Key::Time)
            return { cursor.rowId, cursor.rowId };
        if (!isTextKey(key))
            return { cursor.key.toLongLong(), cursor.rowId };
        if (cursor.key.isNull())
            return { -1, cursor.rowId };
        const QByteArray utf8 = cursor.key.toString().toUtf8();
        const auto at = std::lower_bound(texts.cbegin(), texts.cend(), utf8);
        const qint64 index = at - texts.cbegin();
        return { at != texts.cend() && *at == utf8 ? 2 * index + 1 : 2 * index, cursor.rowId };
    }

    // The cursor of an entry, as the SQL arms give it (the column's value, NULL a null QVariant).
    QVariant keyOf(ReceiptSort::Key key, const Entry &entry) const
    {
        if (!isTextKey(key))
            return QVariant::fromValue<qlonglong>(entry.first);
        return entry.first < 0 ? QVariant()
                               : QVariant(QString::fromUtf8(texts.at((entry.first - 1) / 2)));
    }
};

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
    if (sqlite3 *connection = Store::Statement::connectionOf(m_db.handle())) {
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

void ReceiptReader::setMatchSetRows(qint64 rows)
{
    m_matchSetRows = std::max<qint64>(0, rows);
    m_matchSets.clear();
}

ReceiptReader::MatchSet *ReceiptReader::matchSet(const ReceiptFilter &filter,
                                                 qint64 ceilingId) const
{
    Conditions where = allConditions(filter);
    QString filterKey = where.where();
    for (const QVariant &v : std::as_const(where.values))
        filterKey += u'\x1f' + v.toString();
    const qint64 ceiling = ceilingId > 0 ? ceilingId : maxId(m_db);
    for (auto it = m_matchSets.begin(); it != m_matchSets.end(); ++it) {
        if ((*it)->filterKey == filterKey && (*it)->ceiling == ceiling) {
            std::rotate(m_matchSets.begin(), it, it + 1);
            return m_matchSets.front().get();
        }
    }
    auto set = std::make_unique<MatchSet>();
    set->filterKey = filterKey;
    set->ceiling = ceiling;
    // "id + 0": the filter's own index drives, not a walk of every id below the ceiling.
    where.add(u"id + 0 <= ?"_s, idValue(ceiling));
    {
        // Counted first, mostly inside the filter's index: a filter with many matches reads none.
        std::optional<QSqlQuery> counted = run(
            m_db,
            { u"SELECT COUNT(*) FROM (SELECT 1 FROM receipt%1 LIMIT ?) AS m"_s.arg(where.where()),
              QVariantList(where.values) << m_matchSetRows + 1 });
        if (!counted || !counted->next())
            return nullptr;
        set->tooMany = counted->value(0).toLongLong() > m_matchSetRows;
    }
    sqlite3 *connection = Store::Statement::connectionOf(m_db.handle());
    if (!set->tooMany && !connection)
        set->tooMany = true; // not SQLite: the index walk serves
    if (!set->tooMany) {
        const QByteArray sql
            = u"SELECT id, model_asked, model_served, http_status, attempts_count, "
              "served_by, latency_ms FROM receipt%1"_s.arg(where.where())
                  .toUtf8();
        sqlite3_stmt *statement = nullptr;
        if (sqlite3_prepare_v2(connection, sql.constData(), int(sql.size()), &statement, nullptr)
                != SQLITE_OK
            || !bindAll(statement, where.values)) {
            qCWarning(lcStore) << "cannot read a filter's matches:" << sqlite3_errmsg(connection);
            sqlite3_finalize(statement);
            return nullptr;
        }
        QHash<QByteArray, qint32> seen;
        QList<QByteArray> texts;
        const auto text = [&](int column) -> qint32 {
            if (sqlite3_column_type(statement, column) == SQLITE_NULL)
                return -1;
            const auto *bytes
                = reinterpret_cast<const char *>(sqlite3_column_text(statement, column));
            const int size = sqlite3_column_bytes(statement, column);
            const auto found = seen.constFind(QByteArray::fromRawData(bytes, size));
            if (found != seen.cend())
                return *found;
            texts.append(QByteArray(bytes, size));
            seen.insert(texts.constLast(), qint32(texts.size() - 1));
            return qint32(texts.size() - 1);
        };
        int rc = SQLITE_OK;
        while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
            MatchSet::Row row;
            row.id = sqlite3_column_int64(statement, 0);
            row.modelAsked = text(1);
            row.modelServed = text(2);
            row.httpStatus = sqlite3_column_int(statement, 3);
            row.attempts = sqlite3_column_int(statement, 4);
            row.servedBy = text(5);
            row.latencyMs = sqlite3_column_int64(statement, 6);
            set->rows.append(row);
        }
        if (rc != SQLITE_DONE) {
            if (!m_interrupted)
                qCWarning(lcStore)
                    << "cannot read a filter's matches:" << sqlite3_errmsg(connection);
            sqlite3_finalize(statement);
            return nullptr;
        }
        sqlite3_finalize(statement);
        // Texts in SQLite's order (bytes, as BINARY compares them), rows renumbered to match.
        QList<qint32> byText(texts.size());
        std::iota(byText.begin(), byText.end(), 0);
        std::sort(byText.begin(), byText.end(),
                  [&texts](qint32 a, qint32 b) { return texts.at(a) < texts.at(b); });
        QList<qint32> rank(texts.size());
        for (qint32 i = 0; i < qint32(byText.size()); ++i) {
            rank[byText.at(i)] = 2 * i + 1;
            set->texts.append(texts.at(byText.at(i)));
        }
        for (MatchSet::Row &row : set->rows) {
            for (qint32 *column : { &row.modelAsked, &row.modelServed, &row.servedBy })
                *column = *column < 0 ? -1 : rank.at(*column);
        }
    }
    m_matchSets.insert(m_matchSets.begin(), std::move(set));
    if (m_matchSets.size() > kKeptMatchSets)
        m_matchSets.pop_back();
    return m_matchSets.front().get();
}

QList<ReceiptRow> ReceiptReader::sortedFromMatches(MatchSet &set, const ReceiptSort &sort,
                                                   const std::optional<ReceiptCursor> &after,
                                                   int limit, ReceiptCursor *last) const
{
    const QList<MatchSet::Entry> &order = set.order(sort.key);
    qsizetype at = 0;
    if (after) {
        const MatchSet::Entry cursor = set.cursorEntry(sort.key, *after);
        at = sort.descending
            ? std::lower_bound(order.cbegin(), order.cend(), cursor) - order.cbegin() - 1
            : std::upper_bound(order.cbegin(), order.cend(), cursor) - order.cbegin();
    } else {
        at = sort.descending ? order.size() - 1 : 0;
    }
    const qsizetype step = sort.descending ? -1 : 1;
    QList<ReceiptRow> result;
    qsizetype lastAt = -1;
    // A receipt pruned since the matches were read is skipped: the next ones fill its place.
    while (result.size() < limit && at >= 0 && at < order.size()) {
        QList<qsizetype> wanted;
        QStringList ids;
        for (; wanted.size() < limit - result.size() && at >= 0 && at < order.size(); at += step) {
            wanted << at;
            ids << QString::number(order.at(at).second);
        }
        std::optional<QSqlQuery> query = run(
            m_db,
            { u"SELECT %1 FROM receipt WHERE id IN (%2)"_s.arg(receiptRowColumns(), ids.join(u',')),
              {} });
        if (!query)
            return {};
        QHash<qint64, ReceiptRow> found;
        while (query->next()) {
            ReceiptRow row = readReceiptRow(*query);
            found.insert(row.rowId, std::move(row));
        }
        if (m_interrupted)
            return {};
        for (const qsizetype i : std::as_const(wanted)) {
            auto row = found.find(order.at(i).second);
            if (row == found.end())
                continue;
            result << std::move(*row);
            lastAt = i;
        }
    }
    if (last && lastAt >= 0)
        *last = { set.keyOf(sort.key, order.at(lastAt)), order.at(lastAt).second };
    return result;
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
                                           int limit, qint64 throughRowId) const
{
    if (limit <= 0 || (throughRowId >= 0 && throughRowId <= afterRowId))
        return {};
    // The oldest rows after afterRowId, so that repeated calls leave no gap; then newest first.
    Conditions keyset = idCondition(u"id > ?"_s, afterRowId);
    if (throughRowId >= 0)
        keyset.add(u"id <= ?"_s, QVariant::fromValue<qlonglong>(throughRowId));
    QList<ReceiptRow> result
        = rows(m_db, idWindow(filter, keyset, u"ASC"_s, limit), u"ASC"_s, limit);
    std::reverse(result.begin(), result.end());
    return result;
}

bool ReceiptReader::commitsInIdOrder() const
{
    return m_db.engine() == Engine::Sqlite;
}

qint64 ReceiptReader::failedReads() const
{
    return m_db.failedReads();
}

QList<qint64> ReceiptReader::idsAfter(qint64 afterRowId, int limit) const
{
    QList<qint64> ids;
    if (limit <= 0)
        return ids;
    const ReceiptQuery::Statement st
        = idWindow({}, idCondition(u"id > ?"_s, afterRowId), u"ASC"_s, limit);
    if (std::optional<QSqlQuery> query = run(m_db, st)) {
        while (query->next())
            ids << query->value(0).toLongLong();
    }
    return ids;
}

namespace {

// "id IN (?, …)" for ids, with their values.
Conditions idsIn(const QList<qint64> &ids)
{
    Conditions c;
    QStringList marks;
    for (qint64 id : ids) {
        marks << u"?"_s;
        c.values << QVariant::fromValue<qlonglong>(id);
    }
    c.sql << u"id IN (%1)"_s.arg(marks.join(u", "_s));
    return c;
}

} // namespace

QList<ReceiptRow> ReceiptReader::rowsWithIds(const ReceiptFilter &filter,
                                             const QList<qint64> &ids) const
{
    if (ids.isEmpty())
        return {};
    const int limit = int(ids.size());
    return rows(m_db, idWindow(filter, idsIn(ids), u"DESC"_s, limit), u"DESC"_s, limit);
}

QList<qint64> ReceiptReader::existingIds(const QList<qint64> &ids) const
{
    QList<qint64> found;
    if (ids.isEmpty())
        return found;
    const Conditions c = idsIn(ids);
    if (std::optional<QSqlQuery> query
        = run(m_db, { u"SELECT id FROM receipt%1 ORDER BY id"_s.arg(c.where()), c.values })) {
        while (query->next())
            found << query->value(0).toLongLong();
    }
    return found;
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
    // Under a filter every order but newest first (a walk of the filter's own index) pages through
    // the filter's kept matches, unless there are too many to keep.
    if (!sort.isNewestFirst() && !allConditions(filter).sql.isEmpty()) {
        MatchSet *set = matchSet(filter, ceilingId);
        if (!set)
            return {}; // interrupted, or an error (logged)
        if (!set->tooMany)
            return sortedFromMatches(*set, sort, after, limit, last);
    }
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
        bool empty = false; // no row below the ceiling matches: left out
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
    // A connection filter that drives (baseConditions) while the table is sorted by connection
    // reads the sort column's own index in its order: it always drives.
    const Conditions indexed = allConditions(filter);
    const bool drivesInOrder = sort.key == ReceiptSort::Key::ServedBy && !filter.servedBy.isEmpty()
        && filter.model.isEmpty() && filter.requestId.isEmpty();
    const qint64 threshold
        = indexed.sql.isEmpty() || drivesInOrder ? 0 : sortWalkMatches(limit, maxId(m_db));
    const qint64 ceiling = threshold > 0 && ceilingId <= 0 ? maxId(m_db) : ceilingId;
    for (Arm &arm : arms) {
        Conditions where = indexed;
        if (!arm.part.isEmpty())
            where.sql << arm.part;
        if (threshold > 0) {
            // Decided once per filter, key, arm and ceiling (the next pages ask the same): the
            // count costs up to the threshold's rows, a page far less. An arm without a match is
            // left out: its walk would read every row of the filter's index or the sort index.
            QString cacheKey
                = QString::number(threshold) + u'\x1f' + QString::number(ceiling) + where.where();
            for (const QVariant &v : std::as_const(where.values))
                cacheKey += u'\x1f' + v.toString();
            auto cached = m_armMatches.constFind(cacheKey);
            if (cached == m_armMatches.cend()) {
                std::optional<QSqlQuery> matches
                    = run(m_db,
                          { u"SELECT COUNT(*) FROM (SELECT 1 FROM receipt%1 AND id + 0 <= ? "
                            "LIMIT ?) AS m"_s.arg(where.where()),
                            QVariantList(where.values) << idValue(ceiling) << threshold });
                if (!matches || !matches->next())
                    return {}; // interrupted, or an error (logged)
                if (m_armMatches.size() > 64)
                    m_armMatches.clear();
                cached = m_armMatches.insert(cacheKey, matches->value(0).toLongLong());
            }
            if (*cached == 0) {
                arm.empty = true;
                continue;
            }
            if (*cached >= threshold) {
                where = unindexedConditions(filter);
                if (!arm.part.isEmpty())
                    where.sql << arm.part;
            }
        }
        where.sql << arm.keyset.sql;
        where.values << arm.keyset.values;
        arm.keyset = where;
    }
    ReceiptQuery::Statement st;
    QStringList parts;
    for (Arm &arm : arms) {
        if (arm.empty)
            continue;
        if (ceilingId > 0)
            arm.keyset.add(u"id <= ?"_s, idValue(ceilingId));
        parts
            << u"SELECT * FROM (SELECT %1, %2 AS sort_key FROM receipt%3 ORDER BY %4 LIMIT ?) AS arm"_s
                   .arg(receiptRowColumns(), column, arm.keyset.where(), arm.order);
        st.values << arm.keyset.values << limit;
    }
    if (parts.isEmpty())
        return result;
    // NULLs last newest first, first oldest first: "sort_key IS NULL" is 0 or 1.
    st.sql
        = u"SELECT * FROM (%1) AS page ORDER BY sort_key IS NULL %2, sort_key %3, id %3 LIMIT ?"_s
              .arg(parts.join(u" UNION ALL "_s), sort.descending ? u"ASC"_s : u"DESC"_s, dir);
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
              { u"SELECT COUNT(*) FROM (SELECT 1 FROM receipt%1 LIMIT ?) AS m"_s.arg(c.where()),
                c.values << QVariant::fromValue<qlonglong>(cap) });
    return query && query->next() ? query->value(0).toLongLong() : 0;
}

std::optional<Domain::Receipt> ReceiptReader::receipt(qint64 rowId) const
{
    const ReceiptQuery::Statement head { u"SELECT %1 FROM receipt WHERE id = ?"_s.arg(
                                             receiptColumns()),
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
    ReceiptQuery::Statement st { u"SELECT COUNT(*) FROM receipt WHERE alias = ?"_s, { alias } };
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

QStringList ReceiptReader::recentInstances(qint64 rows) const
{
    std::optional<QSqlQuery> query
        = run(m_db,
              { u"SELECT DISTINCT instance FROM receipt WHERE id > ? AND instance IS NOT NULL"_s,
                { idValue(maxId(m_db) - std::max<qint64>(0, rows)) } });
    QStringList result;
    while (query && query->next())
        result << query->value(0).toString();
    result.sort();
    return result;
}

} // namespace Store
