#include "receiptsql.h"

#include "storeutil.h"
#include "util/jsonliteral.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlError>
#include <charconv>
#include <cmath>
#include <cstring>
#include <utility>

using namespace Qt::StringLiterals;

namespace Store {
namespace {

// In the order bind() binds and readReceipt() reads them; the session verdict's last.
const QStringList kReceiptColumns = QStringList {
    u"request_id"_s,     u"started_at"_s,      u"endpoint"_s,
    u"stream"_s,         u"key_id"_s,          u"project_id"_s,
    u"model_asked"_s,    u"alias"_s,           u"alias_deprecation"_s,
    u"model_resolved"_s, u"model_served"_s,    u"served_by"_s,
    u"fallback_model"_s, u"fallback_reason"_s, u"region_header"_s,
    u"http_status"_s,    u"error_code"_s,      u"error_message"_s,
    u"error_class"_s,    u"status_class"_s,    u"attempts_count"_s,
    u"input_tokens"_s,   u"output_tokens"_s,   u"cost"_s,
    u"hold_total"_s,     u"latency_ms"_s,      u"first_byte_ms"_s,
    u"attempts"_s,       u"skips"_s,           u"kind"_s,
    u"listings"_s,       u"charged"_s,
} + QStringList {
    u"request_flags"_s, u"max_output_tokens"_s, u"context_tokens"_s,
} + QStringList {
    u"instance"_s,
} + QStringList {
    u"session_mode"_s, u"task_class"_s, u"session_signals"_s,
    u"suggested_model"_s, u"projected_saving"_s, u"suggestion_accepted"_s,
};

// An attempt and a skipped candidate are each a JSON array in the receipt's own row (`attempts`,
// `skips`, schema version 4), their values in the order of the columns of the tables they had until
// then (migration 4 moved them with json_array() of those columns):
//   attempt: attempt_no, model, deployment, connection, upstream_model, region, wait_ms,
//            wait_reason, start_offset_ms, http_status, transport_error, error_class, served,
//            retryable, decision, latency_ms, bytes_sent, bytes_received, fallback, hold_amount,
//            hold_kept[, transport_failure[, translation]]
//            transport_error holds the failure's detail; the failure's kind follows hold_kept when
//            there is one. Without it a transport_error is text written before failures had
//            kinds (TransportFailure::Unclassified), so no migration rewrites those rows. A
//            translated attempt adds its direction (R-XLAT-5), its failure then written even
//            when "none".
//   skip:    model, candidate, connection, reason, level, detail
// encodeAttempts/decodeAttempts and encodeSkips/decodeSkips below follow it. One row instead of
// one per attempt and per skip costs the writer less per receipt (bench/README.md); only
// the Calls drawer reads them, a receipt at a time.

// `rows` rows of values. OR FAIL: a statement that writes several rows and may abort keeps a
// statement journal to undo its own rows, a copy of every page it changes, spilled to a temporary
// file past 64 KiB (measured: 210 pwrite() per receipt). FAIL keeps the rows before a failing one;
// the writer then rolls the whole transaction back (ReceiptWriterWorker::writeBatch). For one row
// FAIL and ABORT are the same.
// PostgreSQL has no OR FAIL (a failing statement undoes its own rows there anyway) and says each
// row's id through RETURNING: ids there come from a sequence that other instances draw from too.
QString insertSql(const QString &table, const QStringList &columns, qsizetype rows, bool sqlite)
{
    const QString row = u"("_s + QStringList(columns.size(), u"?"_s).join(u", "_s) + u")"_s;
    return u"INSERT %1INTO %2 (%3) VALUES %4%5"_s.arg(
        sqlite ? u"OR FAIL "_s : QString(), table, columns.join(u", "_s),
        QStringList(rows, row).join(u", "_s), sqlite ? QString() : u" RETURNING id"_s);
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

// A JSON text built in `buffer`, which keeps its capacity from receipt to receipt: room is made
// once per value and the bytes written through a pointer (QByteArray::resize() per piece costs
// more than most pieces). Facts and texts that need escaping go through the shared writers into
// `scratch` first, so the bytes are theirs.
class JsonText
{
public:
    JsonText(QByteArray &buffer, QByteArray &scratch)
        : m_buffer(buffer)
        , m_scratch(scratch)
    {
    }
    QByteArrayView view() const { return { m_buffer.constData(), m_size }; }

    void byte(char c)
    {
        *room(1) = c;
        ++m_size;
    }
    void number(qint64 value)
    {
        char *const at = room(20);
        m_size += std::to_chars(at, at + 20, value).ptr - at;
    }
    void number(double value)
    {
        // The shortest digits that read back as the same double; JSON has no infinity.
        if (!std::isfinite(value))
            return bytes("null");
        char *const at = room(32);
        m_size += std::to_chars(at, at + 32, value).ptr - at;
    }
    // A QString() (SQL NULL before) stays null, as it read back from the tables.
    void text(const QString &text)
    {
        if (text.isNull())
            return bytes("null");
        const qsizetype length = text.size();
        const char16_t *const in = reinterpret_cast<const char16_t *>(text.constData());
        char *const at = room(length + 2);
        at[0] = '"';
        for (qsizetype i = 0; i < length; ++i) {
            const char16_t u = in[i];
            if (u < 0x20 || u >= 0x80 || u == u'"' || u == u'\\') {
                m_scratch.resize(0);
                Util::appendJsonString(m_scratch, text);
                return bytes(m_scratch);
            }
            at[i + 1] = char(u);
        }
        at[length + 1] = '"';
        m_size += length + 2;
    }
    void fact(const Domain::Fact &fact)
    {
        m_scratch.resize(0);
        Domain::appendFactJson(m_scratch, fact);
        bytes(m_scratch);
    }
    void bytes(QByteArrayView piece)
    {
        std::memcpy(room(piece.size()), piece.data(), size_t(piece.size()));
        m_size += piece.size();
    }

private:
    char *room(qsizetype size)
    {
        if (m_size + size > m_buffer.size())
            m_buffer.resize(std::max(m_size + size, 2 * m_buffer.size() + 256));
        return m_buffer.data() + m_size;
    }

    QByteArray &m_buffer;
    QByteArray &m_scratch;
    qsizetype m_size = 0;
};

// A null view (NULL) for none.
QByteArrayView encodeAttempts(JsonText out, const QList<Domain::Attempt> &attempts)
{
    if (attempts.isEmpty())
        return {};
    out.byte('[');
    bool first = true;
    for (const Domain::Attempt &a : attempts) {
        if (!std::exchange(first, false))
            out.byte(',');
        out.byte('[');
        out.number(qint64(a.index));
        for (const QString *text :
             { &a.model, &a.deployment, &a.connection, &a.upstreamModel, &a.region }) {
            out.byte(',');
            out.text(*text);
        }
        out.byte(',');
        out.number(a.waitMs);
        out.byte(',');
        out.text(Domain::toString(a.waitReason));
        out.byte(',');
        out.number(a.startOffsetMs);
        out.byte(',');
        out.number(qint64(a.httpStatus));
        out.byte(',');
        out.text(a.transportError.detail);
        out.byte(',');
        out.text(Domain::toString(a.errorClass));
        out.byte(',');
        out.number(qint64(a.served));
        out.byte(',');
        out.number(qint64(a.retryable));
        out.byte(',');
        out.fact(a.decision);
        for (const qint64 n : { a.latencyMs, a.bytesSent, a.bytesReceived, qint64(a.fallback) }) {
            out.byte(',');
            out.number(n);
        }
        out.byte(',');
        out.number(a.holdAmount);
        out.byte(',');
        out.number(qint64(a.holdKept));
        const bool translated = a.translation != Domain::ApiTranslation::None;
        if (!a.transportError.isEmpty() || translated) {
            out.byte(',');
            out.text(Domain::toString(a.transportError.failure));
        }
        if (translated) {
            out.byte(',');
            out.text(Domain::toString(a.translation));
        }
        out.byte(']');
    }
    out.byte(']');
    return out.view();
}

QByteArrayView encodeSkips(JsonText out, const QList<Domain::Skip> &skips)
{
    if (skips.isEmpty())
        return {};
    out.byte('[');
    bool first = true;
    for (const Domain::Skip &s : skips) {
        if (!std::exchange(first, false))
            out.byte(',');
        out.byte('[');
        out.text(s.model);
        for (const QString &text :
             { s.candidate, s.connection, Domain::toString(s.reason), Domain::toString(s.level) }) {
            out.byte(',');
            out.text(text);
        }
        out.byte(',');
        out.fact(s.detail);
        out.byte(']');
    }
    out.byte(']');
    return out.view();
}

// Reads an encoded list's values in order; a value missing or of another type reads as null, 0.
class JsonRow
{
public:
    explicit JsonRow(const QJsonArray &values)
        : m_values(values)
    {
    }
    QJsonValue next() { return m_values.at(m_index++); }
    QString text() { return next().toString(); }
    qint64 int64() { return next().toInteger(); }
    int int32() { return int(next().toInteger()); }
    bool flag() { return next().toInteger() != 0; }
    double real() { return next().toDouble(); }
    // A fact as an object; an empty one as "" or null.
    Domain::Fact fact() { return Domain::factFromJson(next()); }

private:
    const QJsonArray &m_values;
    qsizetype m_index = 0;
};

Domain::TransportFailure transportFailureOf(const QJsonValue &stored, const QString &detail)
{
    if (stored.isString()) {
        return Domain::transportFailureFromString(stored.toString())
            .value_or(Domain::TransportFailure::Unclassified);
    }
    return detail.isEmpty() ? Domain::TransportFailure::None
                            : Domain::TransportFailure::Unclassified;
}

QJsonArray rowsOf(const QVariant &stored)
{
    if (stored.isNull())
        return {};
    return QJsonDocument::fromJson(stored.toString().toUtf8()).array();
}

QList<Domain::Attempt> decodeAttempts(const QVariant &stored)
{
    QList<Domain::Attempt> attempts;
    for (const QJsonValue &row : rowsOf(stored)) {
        const QJsonArray values = row.toArray();
        JsonRow in(values);
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
        a.transportError.detail = in.text();
        a.errorClass = Domain::errorClassFromString(in.text()).value_or(Domain::ErrorClass::None);
        a.served = in.flag();
        a.retryable = in.flag();
        a.decision = in.fact();
        a.latencyMs = in.int64();
        a.bytesSent = in.int64();
        a.bytesReceived = in.int64();
        a.fallback = in.flag();
        a.holdAmount = in.real();
        a.holdKept = in.flag();
        a.transportError.failure = transportFailureOf(in.next(), a.transportError.detail);
        a.translation
            = Domain::apiTranslationFromString(in.text()).value_or(Domain::ApiTranslation::None);
        attempts << a;
    }
    return attempts;
}

QList<Domain::Skip> decodeSkips(const QVariant &stored)
{
    QList<Domain::Skip> skips;
    for (const QJsonValue &row : rowsOf(stored)) {
        const QJsonArray values = row.toArray();
        JsonRow in(values);
        Domain::Skip s;
        s.model = in.text();
        s.candidate = in.text();
        s.connection = in.text();
        s.reason = Domain::skipReasonFromString(in.text()).value_or(Domain::SkipReason::Disabled);
        s.level
            = Domain::directiveLevelFromString(in.text()).value_or(Domain::DirectiveLevel::None);
        s.detail = in.fact();
        skips << s;
    }
    return skips;
}

// SQLITE_CONSTRAINT and its extended codes (UNIQUE, PRIMARY KEY, …) share the low byte 19.
bool isConstraintViolation(int sqliteCode)
{
    return (sqliteCode & 0xff) == 19;
}

// Milliseconds since the epoch, NULL for an invalid time (as toMsVariant).
Statement &operator<<(Statement &statement, const QDateTime &time)
{
    if (!time.isValid())
        return statement << nullptr;
    return statement << time.toMSecsSinceEpoch();
}

// A call not classified (mode off, most calls) binds its NULLs and zeros and formats nothing.
void bindSession(Statement &statement, const Domain::SessionVerdict &s)
{
    if (!s.classified()) {
        statement << nullptr << nullptr << nullptr << nullptr << 0.0 << false;
        return;
    }
    statement << Domain::toString(s.mode) << Domain::toString(s.taskClass) << s.signals;
    if (s.suggestedModel.isEmpty())
        statement << nullptr;
    else
        statement << s.suggestedModel;
    statement << s.projectedSaving << s.accepted;
}

void readRequestShape(Reader &in, Domain::RequestShape &s)
{
    setRequestFlags(s, in.int32());
    s.maxOutputTokens = in.int64();
    s.contextTokens = in.int64();
}

// NULL mode (a call not classified, or written before sessions existed): the verdict stays off.
void readSession(Reader &in, Domain::SessionVerdict &s)
{
    const auto mode = Domain::sessionModeFromString(in.text());
    if (!mode || *mode == Domain::SessionMode::Off)
        return;
    s.mode = *mode;
    s.taskClass = Domain::taskClassFromString(in.text()).value_or(Domain::TaskClass::ChitChat);
    s.signals = in.text();
    s.suggestedModel = in.text();
    s.projectedSaving = in.real();
    s.accepted = in.flag();
}

const QString kExistsSql = u"SELECT 1 FROM receipt WHERE request_id = ?"_s;
const QString kSameStoredSql = u"SELECT 1 FROM receipt WHERE request_id = ? AND started_at = ? "
                               "AND COALESCE(instance, '') = ?"_s;

} // namespace

ReceiptInserter::ReceiptInserter(const QSqlDatabase &db)
    : m_db(db)
{
}

Util::Status ReceiptInserter::prepare()
{
    const bool sqlite = Statement::connectionOf(m_db) != nullptr;
    m_postgres = !sqlite;
    for (size_t i = 0; i < m_rows.size(); ++i) {
        QString sql = insertSql(u"receipt"_s, kReceiptColumns, qsizetype(i + 1), sqlite);
        // PostgreSQL aborts the whole transaction at a failed statement (SQLite only that
        // statement): a request id stored already is skipped, and found by the missing row.
        if (i == 0 && !sqlite)
            sql.replace(u" RETURNING id"_s, u" ON CONFLICT (request_id) DO NOTHING RETURNING id"_s);
        if (Util::Status prepared = m_rows[i].prepare(m_db, sql); !prepared)
            return prepared;
    }
    if (Util::Status prepared = m_exists.prepare(m_db, kExistsSql); !prepared)
        return prepared;
    return m_sameStored.prepare(m_db, kSameStoredSql);
}

// Each JSON text is copied into the statement as it is bound, so one buffer serves them all.
void ReceiptInserter::bind(Statement &statement, const Domain::Receipt &r)
{
    statement << r.requestId << r.startedAt << Domain::toString(r.endpoint) << r.stream << r.keyId
              << r.projectId << r.modelAsked << r.alias << r.aliasDeprecation << r.modelResolved
              << r.modelServed << r.servedBy << r.fallbackModel;
    // The bytes of Domain::encodeFact(), without its trip through a QString.
    if (r.fallbackReason.code == Domain::FactCode::None) {
        statement << nullptr;
    } else {
        JsonText fact(m_json, m_scratch);
        fact.fact(r.fallbackReason);
        statement << fact.view();
    }
    statement << r.regionHeader << r.httpStatus << r.errorCode << r.errorMessage
              << Domain::toString(r.errorClass) << Domain::toString(r.statusClass)
              << int(r.attempts.size()) << r.usage.inputTokens << r.usage.outputTokens << r.cost
              << r.holdTotal << r.latencyMs << r.firstByteMs;
    statement << encodeAttempts(JsonText(m_json, m_scratch), r.attempts);
    statement << encodeSkips(JsonText(m_json, m_scratch), r.skips);
    statement << Domain::toString(r.kind);
    if (r.listings.isEmpty()) {
        statement << nullptr;
    } else {
        const QByteArray listings = QJsonDocument(Domain::listingTimesToJson(r.listings).toObject())
                                        .toJson(QJsonDocument::Compact);
        statement << QByteArrayView(listings);
    }
    statement << r.charged << requestFlags(r.request) << r.request.maxOutputTokens
              << r.request.contextTokens;
    if (m_instance.isEmpty())
        statement << nullptr;
    else
        statement << m_instance;
    bindSession(statement, r.session);
}

Util::Result<qint64> ReceiptInserter::insert(const Domain::Receipt &r)
{
    Statement &row = m_rows[0];
    bind(row, r);
    if (!row.exec()) {
        if (isConstraintViolation(row.errorCode()) && isStored(r.requestId))
            return storeError(ErrorCode::DuplicateReceipt, { r.requestId });
        return storeError(ErrorCode::CannotWriteReceipt, { r.requestId }, row.errorText());
    }
    if (m_postgres && !row.foundRow())
        return storeError(ErrorCode::DuplicateReceipt, { r.requestId });
    return row.lastInsertRowId();
}

Util::Status ReceiptInserter::insertRows(const Domain::Receipt *receipts, qsizetype count,
                                         qint64 *ids)
{
    Q_ASSERT(count >= 2 && count <= kRowsPerStatement);
    Statement &rows = m_rows[size_t(count - 1)];
    for (qsizetype i = 0; i < count; ++i)
        bind(rows, receipts[i]);
    if (!rows.exec()) {
        const ErrorCode code = isConstraintViolation(rows.errorCode())
            ? ErrorCode::ReceiptConstraint
            : ErrorCode::CannotWriteReceipt;
        return storeError(code, { receipts[0].requestId }, rows.errorText());
    }
    if (!rows.returnedIds().empty()) { // PostgreSQL: RETURNING id, in the order of the rows
        std::copy_n(rows.returnedIds().begin(), std::min<size_t>(count, rows.returnedIds().size()),
                    ids);
        return Util::Ok {};
    }
    // SQLite gives a row without an explicit id one more than the largest id in the table
    // (https://sqlite.org/autoinc.html; only at the largest possible id does it pick others, and
    // receipts are numbered from 1): the rows of one statement, inserted in order, follow each
    // other.
    const qint64 first = rows.lastInsertRowId() - (count - 1);
    for (qsizetype k = 0; k < count; ++k)
        ids[k] = first + k;
    return Util::Ok {};
}

// SQLite reports every constraint (and a trigger's RAISE) with the same code: only a request id
// that is really there already makes a receipt unwritable for good.
bool ReceiptInserter::isStored(const QString &requestId)
{
    m_exists << requestId;
    return m_exists.exec() && m_exists.foundRow();
}

bool ReceiptInserter::isStoredAlready(const Domain::Receipt &r)
{
    m_sameStored << r.requestId << r.startedAt.toMSecsSinceEpoch() << m_instance;
    return m_sameStored.exec() && m_sameStored.foundRow();
}

// Migration 12's request_flags.
enum RequestFlag : int { Tools = 1, Vision = 2, JsonObject = 4, JsonSchema = 8 };

int requestFlags(const Domain::RequestShape &s)
{
    return (s.usesTools ? Tools : 0) | (s.vision ? Vision : 0) | (s.jsonObject ? JsonObject : 0)
        | (s.jsonSchema ? JsonSchema : 0);
}

void setRequestFlags(Domain::RequestShape &s, int flags)
{
    s.usesTools = flags & Tools;
    s.vision = flags & Vision;
    s.jsonObject = flags & JsonObject;
    s.jsonSchema = flags & JsonSchema;
}

QString receiptRowColumns()
{
    return u"id, request_id, started_at, model_asked, alias, model_resolved, model_served, "
           "served_by, http_status, error_code, error_class, status_class, attempts_count, "
           "latency_ms, input_tokens, output_tokens, cost, stream, kind, instance"_s;
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
    row.kind = Domain::callKindFromString(in.text()).value_or(Domain::CallKind::Call);
    row.instance = in.text();
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
    r.fallbackReason = Domain::decodeFact(in.text());
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
    r.attempts = decodeAttempts(in.next());
    r.skips = decodeSkips(in.next());
    r.kind = Domain::callKindFromString(in.text()).value_or(Domain::CallKind::Call);
    if (const QString listings = in.text(); !listings.isEmpty())
        r.listings
            = Domain::listingTimesFromJson(QJsonDocument::fromJson(listings.toUtf8()).object());
    r.charged = in.real();
    readRequestShape(in, r.request);
    r.instance = in.text();
    readSession(in, r.session);
    return r;
}

} // namespace Store
