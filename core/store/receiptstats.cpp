#include "receiptstats.h"

#include "database.h"
#include "storeutil.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariantList>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace Store {
namespace {

// The bucketed rows of one window. Filters are written as COALESCE(column, '') = ? so that no
// index but started_at's can drive the scan: the window bounds the work, not the filter's column.
// Every figure of traffic counts callers' calls only: a probe or a rehearsal is not traffic.
struct Window
{
    qint64 fromMs = 0;
    qint64 bucketMs = 0;
    qint64 toMs = 0;
    StatsFilter filter;
    // Caller traffic only (the Dashboard's figures), or only what is not (probes, rehearsals).
    bool callerTraffic = true;

    // "SELECT (started_at - from) / bucket AS b, <columns> FROM receipt WHERE …" with its values.
    std::pair<QString, QVariantList> select(const QString &columns, const QString &extra = {}) const
    {
        QString sql = u"SELECT (started_at - ?) / ? AS b, %1 FROM receipt"
                      " WHERE started_at >= ? AND started_at < ?"_s.arg(columns);
        QVariantList values { qlonglong(fromMs), qlonglong(bucketMs), qlonglong(fromMs),
                              qlonglong(toMs) };
        if (!filter.model.isEmpty()) {
            sql += u" AND (COALESCE(model_asked, '') = ? OR COALESCE(model_resolved, '') = ?"
                   " OR COALESCE(model_served, '') = ?)"_s;
            values << filter.model << filter.model << filter.model;
        }
        if (!filter.connection.isEmpty()) {
            sql += u" AND COALESCE(served_by, '') = ?"_s;
            values << filter.connection;
        }
        sql += callerTraffic ? u" AND COALESCE(kind, '') = 'call'"_s
                             : u" AND COALESCE(kind, 'call') <> 'call'"_s;
        if (!extra.isEmpty())
            sql += u" AND "_s + extra;
        return { sql, values };
    }
};

Util::Result<QSqlQuery> run(Database &db, const QString &sql, const QVariantList &values)
{
    QSqlQuery query(db.handle());
    query.setForwardOnly(true);
    if (!query.prepare(sql))
        return sqlError(ErrorCode::CannotPrepareStatistics, {}, query.lastError());
    for (int i = 0; i < values.size(); ++i)
        query.bindValue(i, values.at(i));
    if (Util::Status s = execQuery(query, ErrorCode::CannotReadStatistics); !s)
        return s.error();
    return query;
}

// Bucket index of the current row, or -1 when outside [0, count).
int bucketOf(const QSqlQuery &q, int count)
{
    const qint64 b = q.value(0).toLongLong();
    return b >= 0 && b < count ? int(b) : -1;
}

// Runs `sql` and hands each row whose bucket (column 0) lies in [0, out.size()) to `row`.
template<typename Values, typename RowFn>
Util::Status forEachBucketRow(Database &db, const QString &sql, const Values &values,
                              QList<StatsBucket> &out, RowFn row)
{
    auto result = run(db, sql, values);
    if (!result)
        return result.error();
    QSqlQuery q = std::move(result).value();
    while (q.next()) {
        if (const int b = bucketOf(q, int(out.size())); b >= 0)
            row(out[b], q);
    }
    return Util::Ok {};
}

Util::Status readCounts(Database &db, const Window &w, QList<StatsBucket> &out)
{
    const auto [inner, values] = w.select(u"status_class, attempts_count"_s);
    const QString sql = u"SELECT b, COUNT(*), SUM(CASE WHEN status_class = 'failed' THEN 1 ELSE 0"
                        " END), SUM(attempts_count) FROM (%1) GROUP BY b"_s.arg(inner);
    return forEachBucketRow(db, sql, values, out, [](StatsBucket &bucket, const QSqlQuery &q) {
        bucket.calls = q.value(1).toLongLong();
        bucket.failed = q.value(2).toLongLong();
        if (bucket.calls > 0)
            bucket.attemptsPerCall = q.value(3).toDouble() / double(bucket.calls);
    });
}

Util::Status readErrors(Database &db, const Window &w, QList<StatsBucket> &out)
{
    const auto [inner, values]
        = w.select(u"error_class"_s, u"COALESCE(status_class, '') = 'failed'"_s);
    const QString sql
        = u"SELECT b, error_class, COUNT(*) FROM (%1) GROUP BY b, error_class"_s.arg(inner);
    return forEachBucketRow(db, sql, values, out, [](StatsBucket &bucket, const QSqlQuery &q) {
        const auto errorClass = Domain::errorClassFromString(q.value(1).toString());
        bucket.errors[errorClass.value_or(Domain::ErrorClass::None)] += q.value(2).toLongLong();
    });
}

// Nearest rank: the ceil(p × n / 100)-th smallest latency.
qint64 rankOf(int percent, qint64 n)
{
    return (percent * n + 99) / 100;
}

Util::Status readPercentiles(Database &db, const Window &w, QList<StatsBucket> &out)
{
    // Window functions rank each bucket's latencies inside SQLite: only the three chosen rows of a
    // bucket come back, however many calls it holds.
    const auto [inner, values] = w.select(u"COALESCE(latency_ms, 0) AS ms"_s);
    const QString sql = u"SELECT b, n, rn, ms FROM (SELECT b, ms,"
                        " ROW_NUMBER() OVER (PARTITION BY b ORDER BY ms) AS rn,"
                        " COUNT(*) OVER (PARTITION BY b) AS n FROM (%1))"
                        " WHERE rn = (50 * n + 99) / 100 OR rn = (95 * n + 99) / 100"
                        " OR rn = (99 * n + 99) / 100"_s.arg(inner);
    return forEachBucketRow(db, sql, values, out, [](StatsBucket &bucket, const QSqlQuery &q) {
        const qint64 n = q.value(1).toLongLong();
        const qint64 rn = q.value(2).toLongLong();
        const qint64 ms = q.value(3).toLongLong();
        if (rn == rankOf(50, n))
            bucket.p50 = ms;
        if (rn == rankOf(95, n))
            bucket.p95 = ms;
        if (rn == rankOf(99, n))
            bucket.p99 = ms;
    });
}

// The order of the Dashboard's endpoint table: the call APIs first, embeddings last.
constexpr Domain::Endpoint kEndpointOrder[] = {
    Domain::Endpoint::ChatCompletions,
    Domain::Endpoint::Responses,
    Domain::Endpoint::Messages,
    Domain::Endpoint::Embeddings,
};

} // namespace

ReceiptStats::ReceiptStats(Database &db)
    : m_db(db)
{
}

Util::Result<QList<StatsBucket>> ReceiptStats::buckets(const QDateTime &from, qint64 bucketMs,
                                                       int count, const StatsFilter &filter) const
{
    if (!from.isValid() || bucketMs <= 0 || count <= 0 || count > kMaxBuckets
        || bucketMs * count > kMaxWindowMs) {
        return storeError(ErrorCode::BadStatisticsWindow, { qint64(kMaxBuckets) });
    }
    Window w { from.toMSecsSinceEpoch(), bucketMs, 0, filter };
    w.toMs = w.fromMs + bucketMs * count;
    QList<StatsBucket> out(count);
    for (int i = 0; i < count; ++i)
        out[i].start = QDateTime::fromMSecsSinceEpoch(w.fromMs + bucketMs * i, Qt::UTC);
    for (auto read : { readCounts, readErrors, readPercentiles }) {
        if (Util::Status s = read(m_db, w, out); !s)
            return s.error();
    }
    return out;
}

Util::Result<QList<EndpointStats>> ReceiptStats::byEndpoint(const QDateTime &from, qint64 windowMs,
                                                            const StatsFilter &filter) const
{
    if (!from.isValid() || windowMs <= 0 || windowMs > kMaxWindowMs)
        return storeError(ErrorCode::BadStatisticsWindow, { qint64(kMaxBuckets) });
    // One bucket the window long; window functions count, sum and rank per endpoint inside
    // SQLite, so one row per endpoint comes back: the median's.
    const Window w { from.toMSecsSinceEpoch(), windowMs, from.toMSecsSinceEpoch() + windowMs,
                     filter };
    const auto [inner, values]
        = w.select(u"endpoint, CASE WHEN status_class = 'failed' THEN 1 ELSE 0 END AS failed,"
                   " COALESCE(latency_ms, 0) AS ms"_s);
    const QString sql = u"SELECT endpoint, n, f, ms FROM (SELECT endpoint, ms,"
                        " ROW_NUMBER() OVER (PARTITION BY endpoint ORDER BY ms) AS rn,"
                        " COUNT(*) OVER (PARTITION BY endpoint) AS n,"
                        " SUM(failed) OVER (PARTITION BY endpoint) AS f FROM (%1))"
                        " WHERE rn = (50 * n + 99) / 100"_s.arg(inner);
    auto result = run(m_db, sql, values);
    if (!result)
        return result.error();
    QList<EndpointStats> out;
    for (const Domain::Endpoint e : kEndpointOrder)
        out.append({ e, 0, 0, 0 });
    QSqlQuery q = std::move(result).value();
    while (q.next()) {
        const auto endpoint = Domain::endpointFromString(q.value(0).toString());
        const auto at = std::find_if(out.begin(), out.end(), [&](const EndpointStats &s) {
            return endpoint && s.endpoint == *endpoint;
        });
        if (at == out.end())
            continue; // an endpoint this build does not know
        at->calls = q.value(1).toLongLong();
        at->failed = q.value(2).toLongLong();
        at->p50 = q.value(3).toLongLong();
    }
    return out;
}

Util::Result<QList<KindStats>> ReceiptStats::notCallerTraffic(const QDateTime &from,
                                                              qint64 windowMs,
                                                              const StatsFilter &filter) const
{
    if (!from.isValid() || windowMs <= 0 || windowMs > kMaxWindowMs)
        return storeError(ErrorCode::BadStatisticsWindow, { qint64(kMaxBuckets) });
    Window w { from.toMSecsSinceEpoch(), windowMs, from.toMSecsSinceEpoch() + windowMs, filter };
    w.callerTraffic = false;
    const auto [inner, values] = w.select(u"kind, cost"_s);
    const QString sql
        = u"SELECT kind, COUNT(*), SUM(cost) FROM (%1) GROUP BY kind ORDER BY kind"_s.arg(inner);
    auto result = run(m_db, sql, values);
    if (!result)
        return result.error();
    QList<KindStats> out;
    QSqlQuery q = std::move(result).value();
    while (q.next()) {
        const auto kind = Domain::callKindFromString(q.value(0).toString());
        if (!kind)
            continue; // a kind this build does not know
        out.append({ *kind, q.value(1).toLongLong(), q.value(2).toDouble() });
    }
    return out;
}

} // namespace Store
