#include "receiptstats.h"

#include "database.h"
#include "migrations.h"
#include "receiptsql.h"
#include "storeutil.h"

#include <QHash>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariantList>
#include <algorithm>
#include <tuple>

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
        auto [sql, values] = rows(u"(started_at - ?) / ? AS b, "_s + columns, extra);
        values.prepend(qlonglong(bucketMs));
        values.prepend(qlonglong(fromMs));
        return { sql, values };
    }

    // "SELECT <columns> FROM receipt WHERE …" with its values.
    std::pair<QString, QVariantList> rows(const QString &columns, const QString &extra = {}) const
    {
        QString sql
            = u"SELECT %1 FROM receipt WHERE started_at >= ? AND started_at < ?"_s.arg(columns);
        QVariantList values { qlonglong(fromMs), qlonglong(toMs) };
        if (!filter.model.isEmpty()) {
            sql += u" AND (COALESCE(model_asked, '') = ? OR COALESCE(model_resolved, '') = ?"
                   " OR COALESCE(model_served, '') = ?)"_s;
            values << filter.model << filter.model << filter.model;
        }
        if (!filter.connection.isEmpty()) {
            sql += u" AND COALESCE(served_by, '') = ?"_s;
            values << filter.connection;
        }
        if (!filter.instance.isEmpty()) {
            sql += u" AND COALESCE(instance, '') = ?"_s;
            values << filter.instance;
        }
        sql += callerTraffic ? u" AND COALESCE(kind, '') = 'call'"_s
                             : u" AND COALESCE(kind, 'call') <> 'call'"_s;
        if (!extra.isEmpty())
            sql += u" AND "_s + extra;
        return { sql, values };
    }
};

// A lost PostgreSQL connection is opened again and the read tried once more (ReceiptQuery::run).
Util::Result<QSqlQuery> run(Database &db, const QString &sql, const QVariantList &values,
                            bool retried = false)
{
    QSqlQuery query(db.handle());
    query.setForwardOnly(true);
    Util::Status status = query.prepare(sql)
        ? Util::Status(Util::Ok {})
        : Util::Status(sqlError(ErrorCode::CannotPrepareStatistics, {}, query.lastError()));
    if (status) {
        for (int i = 0; i < values.size(); ++i)
            query.bindValue(i, values.at(i));
        status = execQuery(query, ErrorCode::CannotReadStatistics);
    }
    if (!status) {
        query = QSqlQuery();
        if (!retried && db.recover())
            return run(db, sql, values, true);
        return status.error();
    }
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
    const auto [inner, values] = w.select(u"status_class, attempts_count, cost"_s);
    const QString sql
        = u"SELECT b, COUNT(*), SUM(CASE WHEN status_class = 'failed' THEN 1 ELSE 0"
          " END), SUM(attempts_count), COALESCE(SUM(cost), 0) FROM (%1) AS w GROUP BY b"_s.arg(
              inner);
    return forEachBucketRow(db, sql, values, out, [](StatsBucket &bucket, const QSqlQuery &q) {
        bucket.calls = q.value(1).toLongLong();
        bucket.failed = q.value(2).toLongLong();
        if (bucket.calls > 0)
            bucket.attemptsPerCall = q.value(3).toDouble() / double(bucket.calls);
        bucket.cost = q.value(4).toDouble();
    });
}

Util::Status readErrors(Database &db, const Window &w, QList<StatsBucket> &out)
{
    const auto [inner, values]
        = w.select(u"error_class"_s, u"COALESCE(status_class, '') = 'failed'"_s);
    const QString sql
        = u"SELECT b, error_class, COUNT(*) FROM (%1) AS w GROUP BY b, error_class"_s.arg(inner);
    return forEachBucketRow(db, sql, values, out, [](StatsBucket &bucket, const QSqlQuery &q) {
        const auto errorClass = Domain::errorClassFromString(q.value(1).toString());
        bucket.errors[errorClass.value_or(Domain::ErrorClass::None)] += q.value(2).toLongLong();
    });
}

// Hands every attempt that did not serve its call to `fn(bucket, receipt, attempt, next)`, `next`
// the attempt after it or null. Only a receipt with more than one attempt, or failed, has one:
// the others' attempts are not read. readReceipt() decodes the attempts as the Calls drawer does.
template<typename Fn> Util::Status forEachFailedAttempt(Database &db, const Window &w, Fn fn)
{
    const auto [sql, values] = w.rows(
        receiptColumns(), u"(attempts_count > 1 OR COALESCE(status_class, '') = 'failed')"_s);
    auto result = run(db, sql, values);
    if (!result)
        return result.error();
    QSqlQuery q = std::move(result).value();
    while (q.next()) {
        const Domain::Receipt r = readReceipt(q);
        const qint64 bucket = (r.startedAt.toMSecsSinceEpoch() - w.fromMs) / w.bucketMs;
        for (qsizetype i = 0; i < r.attempts.size(); ++i) {
            if (r.attempts.at(i).served)
                continue;
            const Domain::Attempt *next
                = i + 1 < r.attempts.size() ? &r.attempts.at(i + 1) : nullptr;
            fn(bucket, r, r.attempts.at(i), next);
        }
    }
    return Util::Ok {};
}

// What a failed attempt may have billed: its hold, when it kept it (R-BILL-2).
double mayHaveBilled(const Domain::Attempt &a)
{
    return a.holdKept ? a.holdAmount : 0.0;
}

// The time a failed attempt added: its own, and the wait it caused before the next attempt.
qint64 addedMs(const Domain::Attempt &a, const Domain::Attempt *next)
{
    return a.latencyMs + (next ? next->waitMs : 0);
}

Util::Status readFailures(Database &db, const Window &w, QList<StatsBucket> &out)
{
    return forEachFailedAttempt(db, w, [&out](qint64 b, const auto &, const auto &a, auto next) {
        if (b < 0 || b >= out.size())
            return;
        out[b].failureCost += mayHaveBilled(a);
        out[b].failureMs += addedMs(a, next);
    });
}

// The failed attempts of a window summed per deployment (connection and upstream model).
struct FailureTally
{
    QList<DeploymentFailures> rows;
    QHash<std::pair<QString, QString>, qsizetype> rowOf;
    QHash<qsizetype, qint64> lastCall; // row → the receipt its calls counted last

    void add(const Domain::Receipt &r, const Domain::Attempt &a, const Domain::Attempt *next)
    {
        const QString model = !a.upstreamModel.isEmpty()
            ? a.upstreamModel
            : (!a.deployment.isEmpty() ? a.deployment : a.model);
        const auto key = std::make_pair(a.connection, model);
        auto at = rowOf.constFind(key);
        if (at == rowOf.cend()) {
            at = rowOf.insert(key, rows.size());
            rows.append({ a.connection, model });
        }
        DeploymentFailures &d = rows[*at];
        ++d.failedAttempts;
        if (next && next->model == a.model)
            ++d.retried;
        else if (next)
            ++d.fellBack;
        d.mayHaveBilled += mayHaveBilled(a);
        d.addedMs += addedMs(a, next);
        // A receipt's attempts arrive together: a call is new to a row when its last one differs.
        if (lastCall.value(*at, -1) != r.rowId) {
            lastCall.insert(*at, r.rowId);
            ++d.calls;
        }
    }
};

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
                        " COUNT(*) OVER (PARTITION BY b) AS n FROM (%1) AS w) AS r"
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

constexpr qint64 kDayMs = 24LL * 60 * 60 * 1000;

// One row per key, UTC day (days since the epoch) and class, read from the partial index of
// classified calls alone (migration 11; its condition written as in PartialIndex::kClassified).
const QString kSessionSql
    = u"SELECT COALESCE(key_id, ''), started_at / %1 AS day, task_class, "
      "COUNT(*), SUM(CASE WHEN suggested_model IS NOT NULL THEN 1 ELSE 0 END), "
      "SUM(CASE WHEN suggested_model IS NOT NULL AND session_mode = "
      "'suggest' THEN 1 ELSE 0 END), SUM(suggestion_accepted), "
      "COALESCE(SUM(projected_saving), 0) FROM receipt "
      "WHERE %2 AND started_at >= ? AND started_at < ? AND kind = 'call' "
      "GROUP BY key_id, day, task_class"_s.arg(kDayMs)
          .arg(PartialIndex::kClassified);

// A key's figures with every day of the window at zero.
KeySessionStats emptySessionStats(const QString &keyId, const QDate &firstDay, int days)
{
    KeySessionStats stats;
    stats.keyId = keyId;
    stats.days.reserve(days);
    for (int i = 0; i < days; ++i)
        stats.days.append({ firstDay.addDays(i) });
    return stats;
}

// A row of kSessionSql added to its key's window and to its day (`day` days after the first).
void addSessionRow(KeySessionStats &key, const QSqlQuery &q, qint64 day)
{
    const int calls = q.value(3).toInt();
    const int suggestions = q.value(4).toInt();
    const int accepted = q.value(6).toInt();
    const double saving = q.value(7).toDouble();
    key.classified += calls;
    if (const auto c = Domain::taskClassFromString(q.value(2).toString()))
        key.classMix[size_t(*c)] += calls;
    key.suggestions += suggestions;
    key.suggestOffers += q.value(5).toInt();
    key.accepted += accepted;
    key.projectedSaving += saving;
    if (day < 0 || day >= key.days.size())
        return;
    SessionDay &d = key.days[day];
    d.classified += calls;
    d.suggestions += suggestions;
    d.accepted += accepted;
    d.projectedSaving += saving;
}

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
    for (auto read : { readCounts, readErrors, readPercentiles, readFailures }) {
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
                        " SUM(failed) OVER (PARTITION BY endpoint) AS f FROM (%1) AS w) AS r"
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

Util::Result<QList<DeploymentFailures>>
ReceiptStats::failuresByDeployment(const QDateTime &from, qint64 windowMs,
                                   const StatsFilter &filter) const
{
    if (!from.isValid() || windowMs <= 0 || windowMs > kMaxWindowMs)
        return storeError(ErrorCode::BadStatisticsWindow, { qint64(kMaxBuckets) });
    const Window w { from.toMSecsSinceEpoch(), windowMs, from.toMSecsSinceEpoch() + windowMs,
                     filter };
    FailureTally tally;
    const Util::Status s = forEachFailedAttempt(
        m_db, w, [&tally](qint64, const auto &r, const auto &a, const auto *next) {
            tally.add(r, a, next);
        });
    if (!s)
        return s.error();
    QList<DeploymentFailures> out = std::move(tally.rows);
    std::sort(out.begin(), out.end(), [](const DeploymentFailures &a, const DeploymentFailures &b) {
        return std::tie(b.mayHaveBilled, b.addedMs, a.connection, a.upstreamModel)
            < std::tie(a.mayHaveBilled, a.addedMs, b.connection, b.upstreamModel);
    });
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
        = u"SELECT kind, COUNT(*), SUM(cost) FROM (%1) AS w GROUP BY kind ORDER BY kind"_s.arg(
            inner);
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

Util::Result<QList<KeySessionStats>> ReceiptStats::sessionsByKey(const QDateTime &from,
                                                                 qint64 windowMs) const
{
    if (!from.isValid() || windowMs <= 0 || windowMs > kMaxSessionWindowMs)
        return storeError(ErrorCode::BadStatisticsWindow, { qint64(kMaxBuckets) });
    const qint64 fromMs = from.toMSecsSinceEpoch();
    const qint64 toMs = fromMs + windowMs;
    const qint64 firstDay = fromMs / kDayMs; // windows start after the epoch
    const int days = int((toMs - 1) / kDayMs - firstDay + 1);
    const QDate firstDate = QDate(1970, 1, 1).addDays(firstDay);
    auto result = run(m_db, kSessionSql, { qlonglong(fromMs), qlonglong(toMs) });
    if (!result)
        return result.error();
    QList<KeySessionStats> out;
    QHash<QString, qsizetype> indexOf;
    QSqlQuery q = std::move(result).value();
    while (q.next()) {
        const QString keyId = q.value(0).toString();
        auto at = indexOf.constFind(keyId);
        if (at == indexOf.cend()) {
            at = indexOf.insert(keyId, out.size());
            out.append(emptySessionStats(keyId, firstDate, days));
        }
        addSessionRow(out[*at], q, q.value(1).toLongLong() - firstDay);
    }
    std::sort(out.begin(), out.end(),
              [](const KeySessionStats &a, const KeySessionStats &b) { return a.keyId < b.keyId; });
    return out;
}

} // namespace Store
