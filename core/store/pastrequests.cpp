#include "pastrequests.h"

#include "database.h"
#include "receiptsql.h"
#include "storeutil.h"

#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace Store {
namespace {

// Newest first by id: the primary key walks backwards, the kind index holds no caller call.
const QString kSql = uR"(SELECT model_asked, endpoint, stream, key_id, project_id, region_header,
    request_flags, max_output_tokens, context_tokens, input_tokens, output_tokens
    FROM receipt WHERE kind = 'call' ORDER BY id DESC LIMIT ?)"_s;

PastRequest readRow(const QSqlQuery &q)
{
    PastRequest p;
    p.model = q.value(0).toString();
    p.endpoint = Domain::endpointFromString(q.value(1).toString())
                     .value_or(Domain::Endpoint::ChatCompletions);
    p.stream = q.value(2).toInt() != 0;
    p.keyId = q.value(3).toString();
    p.projectId = q.value(4).toString();
    p.regionHeader = q.value(5).toString();
    setRequestFlags(p.shape, q.value(6).toInt());
    p.shape.maxOutputTokens = q.value(7).toLongLong();
    p.shape.contextTokens = q.value(8).toLongLong();
    p.inputTokens = q.value(9).toLongLong();
    p.outputTokens = q.value(10).toLongLong();
    return p;
}

} // namespace

Util::Result<QList<PastRequest>> pastRequests(Database &db, int count)
{
    QSqlQuery q(db.handle());
    q.setForwardOnly(true);
    if (!q.prepare(kSql))
        return sqlError(ErrorCode::CannotPrepareStatistics, {}, q.lastError());
    q.bindValue(0, std::max(count, 0));
    if (Util::Status s = execQuery(q, ErrorCode::CannotReadStatistics); !s)
        return s.error();
    QList<PastRequest> out;
    out.reserve(std::max(count, 0));
    while (q.next())
        out.append(readRow(q));
    return out;
}

} // namespace Store
