#include "receiptsql.h"

#include "storeutil.h"

#include <QSqlError>

using namespace Qt::StringLiterals;

namespace Store {
namespace {

const QStringList kReceiptColumns {
    u"request_id"_s,     u"started_at"_s,      u"endpoint"_s,
    u"stream"_s,         u"key_id"_s,          u"project_id"_s,
    u"model_asked"_s,    u"alias"_s,           u"alias_deprecation"_s,
    u"model_resolved"_s, u"model_served"_s,    u"served_by"_s,
    u"fallback_model"_s, u"fallback_reason"_s, u"region_header"_s,
    u"http_status"_s,    u"error_code"_s,      u"error_message"_s,
    u"error_class"_s,    u"status_class"_s,    u"attempts_count"_s,
    u"input_tokens"_s,   u"output_tokens"_s,   u"cost"_s,
    u"hold_total"_s,     u"latency_ms"_s,      u"first_byte_ms"_s,
};

const QStringList kAttemptColumns {
    u"attempt_no"_s,      u"model"_s,          u"deployment"_s,      u"connection"_s,
    u"upstream_model"_s,  u"region"_s,         u"wait_ms"_s,         u"wait_reason"_s,
    u"start_offset_ms"_s, u"http_status"_s,    u"transport_error"_s, u"error_class"_s,
    u"served"_s,          u"retryable"_s,      u"decision"_s,        u"latency_ms"_s,
    u"bytes_sent"_s,      u"bytes_received"_s, u"fallback"_s,        u"hold_amount"_s,
    u"hold_kept"_s,
};

const QStringList kSkipColumns { u"model"_s,  u"candidate"_s, u"connection"_s,
                                 u"reason"_s, u"level"_s,     u"detail"_s };

QString insertSql(const QString &table, const QStringList &columns)
{
    const QStringList marks(columns.size(), u"?"_s);
    return u"INSERT INTO %1 (%2) VALUES (%3)"_s.arg(table, columns.join(u", "_s),
                                                    marks.join(u", "_s));
}

// Reads columns in select-list order.
class Reader
{
public:
    explicit Reader(const QSqlQuery &query, int first = 0)
        : m_query(query)
        , m_index(first)
    {
    }
    QVariant next() { return m_query.value(m_index++); }
    QString text() { return next().toString(); }
    qint64 int64() { return next().toLongLong(); }
    int int32() { return next().toInt(); }
    bool flag() { return next().toInt() != 0; }
    double real() { return next().toDouble(); }

private:
    const QSqlQuery &m_query;
    int m_index;
};

// SQLITE_CONSTRAINT and its extended codes (UNIQUE, PRIMARY KEY, …) share the low byte 19.
bool isConstraintViolation(int sqliteCode)
{
    return (sqliteCode & 0xff) == 19;
}

Util::Error statementError(const QString &what, const SqliteStatement &statement)
{
    // translate(), not Tr::tr(): lupdate reads "Util::Error f(…)" here as a class Util and
    // would file the text under a context the program never asks for.
    return Util::Error {
        u"store.write"_s,
        QCoreApplication::translate("Store", "%1: %2").arg(what, statement.errorText())
    };
}

// Milliseconds since the epoch, NULL for an invalid time (as toMsVariant).
SqliteStatement &operator<<(SqliteStatement &statement, const QDateTime &time)
{
    if (!time.isValid())
        return statement << nullptr;
    return statement << time.toMSecsSinceEpoch();
}

const QString kExistsSql = u"SELECT 1 FROM receipt WHERE request_id = ?"_s;

} // namespace

ReceiptInserter::ReceiptInserter(const QSqlDatabase &db)
    : m_db(db)
{
}

Util::Status ReceiptInserter::prepare()
{
    sqlite3 *connection = SqliteStatement::connectionOf(m_db);
    const QList<std::pair<SqliteStatement *, QString>> statements {
        { &m_receipt, insertSql(u"receipt"_s, kReceiptColumns) },
        { &m_attempt,
          insertSql(u"attempt"_s, QStringList { u"receipt_id"_s, u"idx"_s } + kAttemptColumns) },
        { &m_skip, insertSql(u"skip"_s, QStringList { u"receipt_id"_s, u"idx"_s } + kSkipColumns) },
        { &m_exists, kExistsSql },
    };
    for (const auto &[statement, sql] : statements) {
        if (Util::Status prepared = statement->prepare(connection, sql); !prepared)
            return prepared;
    }
    return Util::Ok {};
}

Util::Result<qint64> ReceiptInserter::insert(const Domain::Receipt &r)
{
    m_receipt << r.requestId << r.startedAt << Domain::toString(r.endpoint) << r.stream << r.keyId
              << r.projectId << r.modelAsked << r.alias << r.aliasDeprecation << r.modelResolved
              << r.modelServed << r.servedBy << r.fallbackModel
              << Domain::encodeFact(r.fallbackReason) << r.regionHeader << r.httpStatus
              << r.errorCode << r.errorMessage << Domain::toString(r.errorClass)
              << Domain::toString(r.statusClass) << int(r.attempts.size()) << r.usage.inputTokens
              << r.usage.outputTokens << r.cost << r.holdTotal << r.latencyMs << r.firstByteMs;
    if (!m_receipt.exec()) {
        if (isConstraintViolation(m_receipt.errorCode()) && isStored(r.requestId)) {
            return Util::Error {
                u"store.duplicate"_s,
                Tr::tr("A receipt with request id %1 is already stored.").arg(r.requestId)
            };
        }
        return statementError(Tr::tr("Cannot write receipt %1").arg(r.requestId), m_receipt);
    }
    const qint64 id = m_receipt.lastInsertRowId();
    for (int i = 0; i < r.attempts.size(); ++i) {
        if (Util::Status s = insertAttempt(id, i, r.attempts.at(i)); !s)
            return s.error();
    }
    for (int i = 0; i < r.skips.size(); ++i) {
        if (Util::Status s = insertSkip(id, i, r.skips.at(i)); !s)
            return s.error();
    }
    return id;
}

// SQLite reports every constraint (and a trigger's RAISE) with the same code: only a request id
// that is really there already makes a receipt unwritable for good.
bool ReceiptInserter::isStored(const QString &requestId)
{
    m_exists << requestId;
    return m_exists.exec() && m_exists.foundRow();
}

Util::Status ReceiptInserter::insertAttempt(qint64 receiptId, int idx, const Domain::Attempt &a)
{
    m_attempt << receiptId << idx << a.index << a.model << a.deployment << a.connection
              << a.upstreamModel << a.region << a.waitMs << Domain::toString(a.waitReason)
              << a.startOffsetMs << a.httpStatus << a.transportError
              << Domain::toString(a.errorClass) << a.served << a.retryable
              << Domain::encodeFact(a.decision) << a.latencyMs << a.bytesSent << a.bytesReceived
              << a.fallback << a.holdAmount << a.holdKept;
    if (!m_attempt.exec())
        return statementError(Tr::tr("Cannot write an attempt"), m_attempt);
    return Util::Ok {};
}

Util::Status ReceiptInserter::insertSkip(qint64 receiptId, int idx, const Domain::Skip &s)
{
    m_skip << receiptId << idx << s.model << s.candidate << s.connection
           << Domain::toString(s.reason) << Domain::toString(s.level)
           << Domain::encodeFact(s.detail);
    if (!m_skip.exec())
        return statementError(Tr::tr("Cannot write a skipped candidate"), m_skip);
    return Util::Ok {};
}

QString receiptRowColumns()
{
    return u"id, request_id, started_at, model_asked, alias, model_resolved, model_served, "
           "served_by, http_status, error_code, error_class, status_class, attempts_count, "
           "latency_ms, input_tokens, output_tokens, cost, stream"_s;
}

ReceiptRow readReceiptRow(const QSqlQuery &query)
{
    Reader in(query);
    ReceiptRow row;
    row.rowId = in.int64();
    row.requestId = in.text();
    row.startedAt = fromMsVariant(in.next());
    row.modelAsked = in.text();
    row.alias = in.text();
    row.modelResolved = in.text();
    row.modelServed = in.text();
    row.servedBy = in.text();
    row.httpStatus = in.int32();
    row.errorCode = in.text();
    row.errorClass = Domain::errorClassFromString(in.text()).value_or(Domain::ErrorClass::None);
    row.statusClass = Domain::statusClassFromString(in.text()).value_or(Domain::StatusClass::Ok);
    row.attempts = in.int32();
    row.latencyMs = in.int64();
    row.inputTokens = in.int64();
    row.outputTokens = in.int64();
    row.cost = in.real();
    row.stream = in.flag();
    return row;
}

QString receiptColumns()
{
    return u"id, "_s + kReceiptColumns.join(u", "_s);
}

Domain::Receipt readReceipt(const QSqlQuery &query)
{
    Reader in(query);
    Domain::Receipt r;
    r.rowId = in.int64();
    r.requestId = in.text();
    r.startedAt = fromMsVariant(in.next());
    r.endpoint = Domain::endpointFromString(in.text()).value_or(Domain::Endpoint::ChatCompletions);
    r.stream = in.flag();
    r.keyId = in.text();
    r.projectId = in.text();
    r.modelAsked = in.text();
    r.alias = in.text();
    r.aliasDeprecation = in.text();
    r.modelResolved = in.text();
    r.modelServed = in.text();
    r.servedBy = in.text();
    r.fallbackModel = in.text();
    r.fallbackReason = Domain::decodeFact(in.text()); // a sentence in rows before facts
    r.regionHeader = in.text();
    r.httpStatus = in.int32();
    r.errorCode = in.text();
    r.errorMessage = in.text();
    r.errorClass = Domain::errorClassFromString(in.text()).value_or(Domain::ErrorClass::None);
    r.statusClass = Domain::statusClassFromString(in.text()).value_or(Domain::StatusClass::Ok);
    in.next(); // attempts_count: the attempts themselves are read from their table
    r.usage.inputTokens = in.int64();
    r.usage.outputTokens = in.int64();
    r.cost = in.real();
    r.holdTotal = in.real();
    r.latencyMs = in.int64();
    r.firstByteMs = in.int64();
    return r;
}

QString attemptColumns()
{
    return kAttemptColumns.join(u", "_s);
}

Domain::Attempt readAttempt(const QSqlQuery &query)
{
    Reader in(query);
    Domain::Attempt a;
    a.index = in.int32();
    a.model = in.text();
    a.deployment = in.text();
    a.connection = in.text();
    a.upstreamModel = in.text();
    a.region = in.text();
    a.waitMs = in.int64();
    a.waitReason = Domain::waitReasonFromString(in.text()).value_or(Domain::WaitReason::None);
    a.startOffsetMs = in.int64();
    a.httpStatus = in.int32();
    a.transportError = in.text();
    a.errorClass = Domain::errorClassFromString(in.text()).value_or(Domain::ErrorClass::None);
    a.served = in.flag();
    a.retryable = in.flag();
    a.decision = Domain::decodeFact(in.text());
    a.latencyMs = in.int64();
    a.bytesSent = in.int64();
    a.bytesReceived = in.int64();
    a.fallback = in.flag();
    a.holdAmount = in.real();
    a.holdKept = in.flag();
    return a;
}

QString skipColumns()
{
    return kSkipColumns.join(u", "_s);
}

Domain::Skip readSkip(const QSqlQuery &query)
{
    Reader in(query);
    Domain::Skip s;
    s.model = in.text();
    s.candidate = in.text();
    s.connection = in.text();
    s.reason = Domain::skipReasonFromString(in.text()).value_or(Domain::SkipReason::Disabled);
    s.level = Domain::directiveLevelFromString(in.text()).value_or(Domain::DirectiveLevel::None);
    s.detail = Domain::decodeFact(in.text());
    return s;
}

} // namespace Store
