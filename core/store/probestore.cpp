#include "probestore.h"

#include "database.h"
#include "storeutil.h"

#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace Store {

Util::Status ProbeStore::add(const QList<Domain::ProbeResult> &results)
{
    if (results.isEmpty())
        return Util::Ok {};
    return m_db.transaction([&]() -> Util::Status {
        QSqlQuery q(m_db.handle());
        q.prepare(u"INSERT INTO probe_result (at_ms, model, connection, upstream_model, "
                  "set_version, task_id, kind, outcome, reason, output, request_id) "
                  "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
        for (const Domain::ProbeResult &r : results) {
            q.addBindValue(r.atMs);
            q.addBindValue(r.model);
            q.addBindValue(r.connection);
            q.addBindValue(r.upstreamModel);
            q.addBindValue(r.setVersion);
            q.addBindValue(r.taskId);
            q.addBindValue(r.kind);
            q.addBindValue(Domain::toString(r.outcome));
            q.addBindValue(r.reason);
            q.addBindValue(QString::fromUtf8(r.output));
            q.addBindValue(r.requestId);
            if (Util::Status s = execQuery(q, ErrorCode::CannotWriteProbes); !s)
                return s;
        }
        return Util::Ok {};
    });
}

Util::Result<QList<Domain::ProbeResult>> ProbeStore::since(qint64 sinceMs, const QString &model,
                                                           const QString &connection,
                                                           const QString &upstreamModel) const
{
    QSqlQuery q(m_db.handle());
    QString sql = u"SELECT at_ms, model, connection, upstream_model, set_version, task_id, kind, "
                  "outcome, reason, output, request_id FROM probe_result WHERE at_ms >= ?"_s;
    if (!model.isEmpty())
        sql += u" AND model = ? AND connection = ? AND upstream_model = ?"_s;
    q.prepare(sql + u" ORDER BY at_ms, id"_s);
    q.addBindValue(sinceMs);
    if (!model.isEmpty()) {
        q.addBindValue(model);
        q.addBindValue(connection);
        q.addBindValue(upstreamModel);
    }
    if (Util::Status s = execQuery(q, ErrorCode::CannotReadProbes); !s)
        return s.error();
    QList<Domain::ProbeResult> out;
    while (q.next()) {
        Domain::ProbeResult &r = out.emplace_back();
        r.atMs = q.value(0).toLongLong();
        r.model = q.value(1).toString();
        r.connection = q.value(2).toString();
        r.upstreamModel = q.value(3).toString();
        r.setVersion = q.value(4).toString();
        r.taskId = q.value(5).toString();
        r.kind = q.value(6).toString();
        r.outcome = Domain::probeOutcomeFromString(q.value(7).toString())
                        .value_or(Domain::ProbeResult::Outcome::Error);
        r.reason = q.value(8).toString();
        r.output = q.value(9).toString().toUtf8();
        r.requestId = q.value(10).toString();
    }
    return out;
}

Domain::ProbeResults probeCounts(const QList<Domain::ProbeResult> &results, const QString &model,
                                 const Domain::Offering &offering, const QString &setVersion)
{
    Domain::ProbeResults counts;
    for (const Domain::ProbeResult &r : results) {
        if (r.model != model || r.connection != offering.connection
            || r.upstreamModel != offering.upstreamModel || r.setVersion != setVersion
            || r.outcome == Domain::ProbeResult::Outcome::Error)
            continue;
        const bool passed = r.outcome == Domain::ProbeResult::Outcome::Passed;
        if (r.kind == u"tools"_s) {
            ++counts.toolsTotal;
            counts.toolsPassed += passed ? 1 : 0;
        } else if (r.kind == u"structured_output"_s) {
            ++counts.structuredTotal;
            counts.structuredPassed += passed ? 1 : 0;
        }
    }
    return counts;
}

void applyProbeCounts(Domain::Workspace &ws, const QList<Domain::ProbeResult> &results,
                      const QString &setVersion)
{
    if (results.isEmpty())
        return;
    for (Domain::Model &m : ws.models) {
        for (Domain::Offering &o : m.offerings) {
            const Domain::ProbeResults counts = probeCounts(results, m.name, o, setVersion);
            if (counts.toolsTotal > 0 || counts.structuredTotal > 0)
                o.probes = counts;
        }
    }
}

} // namespace Store
