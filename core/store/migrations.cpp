#include "migrations.h"

using namespace Qt::StringLiterals;

namespace Store {
namespace {

// Plain types only, so PostgreSQL could hold the same schema later: INTEGER PRIMARY KEY becomes
// BIGSERIAL/BIGINT there (in SQLite it aliases the rowid, which keyset paging relies on), BIGINT
// and DOUBLE PRECISION mean the same in both, booleans are INTEGER 0/1, enums are their wire names.
// Times are BIGINT milliseconds since the epoch (UTC), except saved_at which is ISO 8601 text.
QStringList workspaceTables()
{
    return {
        uR"(CREATE TABLE workspace_version (
            version INTEGER PRIMARY KEY,
            saved_at TEXT NOT NULL,
            author TEXT NOT NULL,
            changes TEXT NOT NULL,
            snapshot TEXT NOT NULL))"_s,
        // Secrets of Credential::Kind::Stored live only here, never in snapshots (R-SEC-3).
        uR"(CREATE TABLE connection_secret (
            connection TEXT PRIMARY KEY,
            secret TEXT NOT NULL))"_s,
    };
}

QStringList receiptTable()
{
    return {
        uR"(CREATE TABLE receipt (
            id INTEGER PRIMARY KEY,
            request_id TEXT UNIQUE,
            started_at BIGINT,
            endpoint TEXT NOT NULL,
            stream INTEGER NOT NULL,
            key_id TEXT,
            project_id TEXT,
            model_asked TEXT,
            alias TEXT,
            alias_deprecation TEXT,
            model_resolved TEXT,
            model_served TEXT,
            served_by TEXT,
            fallback_model TEXT,
            fallback_reason TEXT,
            region_header TEXT,
            http_status INTEGER NOT NULL,
            error_code TEXT,
            error_message TEXT,
            error_class TEXT NOT NULL,
            status_class TEXT NOT NULL,
            attempts_count INTEGER NOT NULL,
            input_tokens BIGINT NOT NULL,
            output_tokens BIGINT NOT NULL,
            cost DOUBLE PRECISION NOT NULL,
            hold_total DOUBLE PRECISION NOT NULL,
            latency_ms BIGINT NOT NULL,
            first_byte_ms BIGINT NOT NULL))"_s,
        // One index per Calls filter, each ending in id so a filtered keyset page walks the index
        // in id order instead of sorting.
        u"CREATE INDEX receipt_started_at ON receipt(started_at)"_s,
        u"CREATE INDEX receipt_model_asked ON receipt(model_asked, id)"_s,
        u"CREATE INDEX receipt_model_resolved ON receipt(model_resolved, id)"_s,
        u"CREATE INDEX receipt_model_served ON receipt(model_served, id)"_s,
        u"CREATE INDEX receipt_served_by ON receipt(served_by, id)"_s,
        u"CREATE INDEX receipt_status_class ON receipt(status_class, id)"_s,
        u"CREATE INDEX receipt_error_class ON receipt(error_class, id)"_s,
        u"CREATE INDEX receipt_alias ON receipt(alias, started_at)"_s,
    };
}

// A receipt's attempts and skipped candidates, in order (idx), deleted with it.
QStringList attemptAndSkipTables()
{
    return {
        uR"(CREATE TABLE attempt (
            receipt_id INTEGER NOT NULL REFERENCES receipt(id) ON DELETE CASCADE,
            idx INTEGER NOT NULL,
            attempt_no INTEGER NOT NULL,
            model TEXT,
            deployment TEXT,
            connection TEXT,
            upstream_model TEXT,
            region TEXT,
            wait_ms BIGINT NOT NULL,
            wait_reason TEXT NOT NULL,
            start_offset_ms BIGINT NOT NULL,
            http_status INTEGER NOT NULL,
            transport_error TEXT,
            error_class TEXT NOT NULL,
            served INTEGER NOT NULL,
            retryable INTEGER NOT NULL,
            decision TEXT,
            latency_ms BIGINT NOT NULL,
            bytes_sent BIGINT NOT NULL,
            bytes_received BIGINT NOT NULL,
            fallback INTEGER NOT NULL,
            hold_amount DOUBLE PRECISION NOT NULL,
            hold_kept INTEGER NOT NULL,
            PRIMARY KEY (receipt_id, idx)))"_s,
        uR"(CREATE TABLE skip (
            receipt_id INTEGER NOT NULL REFERENCES receipt(id) ON DELETE CASCADE,
            idx INTEGER NOT NULL,
            model TEXT,
            candidate TEXT,
            connection TEXT,
            reason TEXT NOT NULL,
            level TEXT NOT NULL,
            detail TEXT,
            PRIMARY KEY (receipt_id, idx)))"_s,
    };
}

QStringList migration1()
{
    return workspaceTables() + receiptTable() + attemptAndSkipTables();
}

// The Calls table sorts by a clicked column with keyset pages on (column, id). The model
// and connection columns already have such indexes; these are the numeric ones. Building them on a
// million receipts takes a few seconds, once (bench/README.md "Calls view").
QStringList migration2()
{
    return {
        u"CREATE INDEX receipt_http_status ON receipt(http_status, id)"_s,
        u"CREATE INDEX receipt_attempts_count ON receipt(attempts_count, id)"_s,
        u"CREATE INDEX receipt_latency_ms ON receipt(latency_ms, id)"_s,
    };
}

// The gateway's receipt writer keeps every index of every receipt, and each costs it about as much
// as any other (bench/README.md, "partial indexes for the rare receipts"). Four indexes serve only
// rows that most receipts are not: an unusual status or an error (a filter for "ok" or "none" walks
// the ids, where nearly every row matches), a model resolved to something else than it was asked
// as (an alias; a model filter's first arm already finds the rest through model_asked), and an
// alias. Partial, they cost a served call nothing; the model_served index stays whole, for sorting
// by it.
QStringList migration3()
{
    using namespace PartialIndex;
    return {
        u"DROP INDEX receipt_status_class"_s,
        u"CREATE INDEX receipt_status_class ON receipt(status_class, id) WHERE "_s + kUnusualStatus,
        u"DROP INDEX receipt_error_class"_s,
        u"CREATE INDEX receipt_error_class ON receipt(error_class, id) WHERE "_s + kAnError,
        u"DROP INDEX receipt_model_resolved"_s,
        u"CREATE INDEX receipt_model_resolved ON receipt(model_resolved, id) WHERE "_s
            + kResolvedElsewhere,
        u"DROP INDEX receipt_alias"_s,
        u"CREATE INDEX receipt_alias ON receipt(alias, started_at) WHERE alias IS NOT NULL"_s,
    };
}

// A receipt's attempts and skipped candidates move into its own row, each a JSON array of the
// values of the columns they had (receiptsql.cpp reads and writes them in this order): the writer
// inserts one row per receipt instead of one per attempt and per skip, a good share of its cost
// per receipt. Nothing filters or sorts by an attempt's fields; only the Calls drawer reads them,
// one receipt at a time. json() keeps each array an array inside json_group_array; the subquery's
// ORDER BY keeps the attempts in their order; a hold amount is written with 17 digits
// (json_array's own 15 would not read back as the same double); a fact
// stored as JSON text becomes that JSON (an object), an empty one ("") stays a string.
// The two UPDATEs run over ranges of receipt ids (kReceiptRange) with the same result as one pass
// over the whole table, so that a large file shows how far it has got.
QStringList migration4()
{
    return {
        u"ALTER TABLE receipt ADD COLUMN attempts TEXT"_s,
        u"ALTER TABLE receipt ADD COLUMN skips TEXT"_s,
        uR"(UPDATE receipt SET attempts = (
            SELECT json_group_array(json(one.v)) FROM (
                SELECT json_array(attempt_no, model, deployment, connection, upstream_model,
                    region, wait_ms, wait_reason, start_offset_ms, http_status, transport_error,
                    error_class, served, retryable,
                    CASE WHEN decision LIKE '{%' AND json_valid(decision) THEN json(decision)
                         ELSE decision END,
                    latency_ms, bytes_sent, bytes_received, fallback,
                    json(printf('%!.17g', hold_amount)), hold_kept) AS v
                FROM attempt WHERE attempt.receipt_id = receipt.id ORDER BY idx) AS one)
            WHERE id > :after AND id <= :upto
                AND EXISTS (SELECT 1 FROM attempt WHERE attempt.receipt_id = receipt.id))"_s,
        uR"(UPDATE receipt SET skips = (
            SELECT json_group_array(json(one.v)) FROM (
                SELECT json_array(model, candidate, connection, reason, level,
                    CASE WHEN detail LIKE '{%' AND json_valid(detail) THEN json(detail)
                         ELSE detail END) AS v
                FROM skip WHERE skip.receipt_id = receipt.id ORDER BY idx) AS one)
            WHERE id > :after AND id <= :upto
                AND EXISTS (SELECT 1 FROM skip WHERE skip.receipt_id = receipt.id))"_s,
        u"DROP TABLE attempt"_s,
        u"DROP TABLE skip"_s,
    };
}

// A sorted page under a filter reads the sort columns of every match once (ReceiptReader's kept
// matches). The status and error filters' matches lie scattered over the table, one table page
// read per match; with the sort columns in their partial indexes the index alone answers. Only
// receipts with an unusual status or an error enter these indexes: a served call's insert costs
// the same as before.
QStringList migration5()
{
    using namespace PartialIndex;
    const QString sortColumns
        = u"model_asked, model_served, http_status, attempts_count, served_by, latency_ms"_s;
    return {
        u"DROP INDEX receipt_status_class"_s,
        u"CREATE INDEX receipt_status_class ON receipt(status_class, id, %1) WHERE "_s.arg(
            sortColumns)
            + kUnusualStatus,
        u"DROP INDEX receipt_error_class"_s,
        u"CREATE INDEX receipt_error_class ON receipt(error_class, id, %1) WHERE "_s.arg(
            sortColumns)
            + kAnError,
    };
}

// The Calls filter by endpoint: a partial (endpoint, id) index with the sort columns, as migration
// 5's, holding only calls that did not arrive on chat completions. A rare endpoint's page then
// reads its matches instead of the whole table; chat completions, the common endpoint, drives
// nothing (the page walks the ids) and a chat call's insert costs the same as before.
QStringList migration6()
{
    using namespace PartialIndex;
    const QString sortColumns
        = u"model_asked, model_served, http_status, attempts_count, served_by, latency_ms"_s;
    return {
        u"CREATE INDEX receipt_endpoint ON receipt(endpoint, id, %1) WHERE "_s.arg(sortColumns)
            + kNotChat,
    };
}

// Provider listings (docs/listings.md): the last good facts of each provider's listing and its
// last attempt, operational data beside the workspace versions; and, on a receipt that applied a
// zero data retention or no-training rule, the fetch times of the listings it judged by (a JSON
// object, provider → ISO time or null; NULL on every other receipt).
QStringList migration7()
{
    return {
        uR"(CREATE TABLE provider_listings (
            provider TEXT PRIMARY KEY,
            source TEXT NOT NULL,
            zdr INTEGER NOT NULL,
            no_training INTEGER NOT NULL,
            published BIGINT,
            fetched_at BIGINT,
            last_attempt_at BIGINT,
            last_error TEXT))"_s,
        u"ALTER TABLE receipt ADD COLUMN listings TEXT"_s,
    };
}

// Who made each call (Domain::CallKind): every receipt before was a caller's. The Calls filter by
// kind gets a partial index as migration 6's: only probes and rehearsals enter it, so their page
// reads its matches and a caller's call costs the writer no index entry.
QStringList migration8()
{
    using namespace PartialIndex;
    const QString sortColumns
        = u"model_asked, model_served, http_status, attempts_count, served_by, latency_ms"_s;
    return {
        u"ALTER TABLE receipt ADD COLUMN kind TEXT NOT NULL DEFAULT 'call'"_s,
        u"CREATE INDEX receipt_kind ON receipt(kind, id, %1) WHERE "_s.arg(sortColumns) + kNotCall,
    };
}

// Reliability probe results (docs/probes.md): operational data, one row per graded task, read by
// offering over a recent window.
QStringList migration9()
{
    return {
        uR"(CREATE TABLE probe_result (
            id INTEGER PRIMARY KEY,
            at_ms BIGINT NOT NULL,
            model TEXT NOT NULL,
            connection TEXT NOT NULL,
            upstream_model TEXT NOT NULL,
            set_version TEXT NOT NULL,
            task_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            outcome TEXT NOT NULL,
            reason TEXT,
            output TEXT,
            request_id TEXT))"_s,
        u"CREATE INDEX probe_result_offering ON probe_result(model, connection, upstream_model, "
        "at_ms)"_s,
        u"CREATE INDEX probe_result_time ON probe_result(at_ms)"_s,
    };
}

// Budgets (R-BILL-3): what each receipt charged; what each key and project spent per UTC day
// ('yyyy-MM-dd') and month ('yyyy-MM'), added up as receipts are written; and each call's hold
// while it runs, so that a run stopped before its receipts (a crash) still charges them at the
// next start. The writer deletes a hold in the transaction that writes its receipt and spend.
QStringList migration10()
{
    return {
        u"ALTER TABLE receipt ADD COLUMN charged DOUBLE PRECISION NOT NULL DEFAULT 0"_s,
        uR"(CREATE TABLE spend (
            scope TEXT NOT NULL,
            id TEXT NOT NULL,
            period TEXT NOT NULL,
            amount DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (scope, id, period)) WITHOUT ROWID)"_s,
        uR"(CREATE TABLE spend_hold (
            request_id TEXT PRIMARY KEY,
            key_id TEXT NOT NULL,
            project_id TEXT NOT NULL,
            started_at BIGINT NOT NULL,
            amount DOUBLE PRECISION NOT NULL))"_s,
    };
}

// Mixed-model sessions (docs/sessions.md): a classified call's verdict, every column NULL or 0 on
// a call that was not classified (mode off). The Keys screen's statistics read a window's
// classified calls through a partial index that holds only them, with the columns they add up: a
// call of a key with sessions off costs the writer no index entry.
QStringList migration11()
{
    return {
        u"ALTER TABLE receipt ADD COLUMN session_mode TEXT"_s,
        u"ALTER TABLE receipt ADD COLUMN task_class TEXT"_s,
        u"ALTER TABLE receipt ADD COLUMN session_signals TEXT"_s,
        u"ALTER TABLE receipt ADD COLUMN suggested_model TEXT"_s,
        u"ALTER TABLE receipt ADD COLUMN projected_saving DOUBLE PRECISION NOT NULL DEFAULT 0"_s,
        u"ALTER TABLE receipt ADD COLUMN suggestion_accepted INTEGER NOT NULL DEFAULT 0"_s,
        u"CREATE INDEX receipt_session ON receipt(started_at, key_id, task_class, session_mode, "
        "kind, suggested_model, suggestion_accepted, projected_saving) WHERE "_s
            + PartialIndex::kClassified,
    };
}

// The impact preview replays past calls through a draft configuration: what the planner read of
// each body besides the model, as flags and sizes, never text. request_flags: 1 tools, 2 vision,
// 4 response format json_object, 8 json_schema. Receipts before it replay as plain chat calls.
QStringList migration12()
{
    return {
        u"ALTER TABLE receipt ADD COLUMN request_flags INTEGER NOT NULL DEFAULT 0"_s,
        u"ALTER TABLE receipt ADD COLUMN max_output_tokens BIGINT NOT NULL DEFAULT 0"_s,
        u"ALTER TABLE receipt ADD COLUMN context_tokens BIGINT NOT NULL DEFAULT 0"_s,
    };
}

// Several gateways on one database (docs/several-gateways.md): each receipt names the instance
// that wrote it (NULL before; no index: a Calls filter by instance walks the ids, where each of a
// few instances matches often). candidate_health holds every candidate ("<connection>/<upstream
// model>") some instance cooled down or drained: cooldown_until in ms since the epoch (UTC), so
// instances compare it with their own clocks; drained 0/1; small enough to read whole.
QStringList migration13()
{
    return {
        u"ALTER TABLE receipt ADD COLUMN instance TEXT"_s,
        uR"(CREATE TABLE candidate_health (
            candidate TEXT PRIMARY KEY,
            cooldown_until BIGINT NOT NULL,
            drained INTEGER NOT NULL,
            error_class TEXT,
            instance TEXT NOT NULL,
            changed_at BIGINT NOT NULL))"_s,
    };
}

// Budgets and rate limits shared by several gateways (R-BILL-3, R-BILL-4). budget_lease: what each
// instance may still hold or charge in a scope's UTC period beyond the spend table; leases are
// granted only while spend plus every instance's lease fits the budget, and the writer lowers an
// instance's lease by each charge in the transaction that adds it to spend. rate_share: each
// instance's admitted requests and tokens in its last minute per scope, as it last published them.
// spend_hold.instance: the instance whose call holds it (NULL before), so that one starting again
// charges only the holds its own stopped run left, not the calls in flight of the others.
QStringList migration14()
{
    return {
        u"ALTER TABLE spend_hold ADD COLUMN instance TEXT"_s,
        uR"(CREATE TABLE budget_lease (
            scope TEXT NOT NULL,
            id TEXT NOT NULL,
            period TEXT NOT NULL,
            instance TEXT NOT NULL,
            leased DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (scope, id, period, instance)) WITHOUT ROWID)"_s,
        uR"(CREATE TABLE rate_share (
            scope TEXT NOT NULL,
            id TEXT NOT NULL,
            instance TEXT NOT NULL,
            requests BIGINT NOT NULL,
            tokens BIGINT NOT NULL,
            updated_at BIGINT NOT NULL,
            PRIMARY KEY (scope, id, instance)) WITHOUT ROWID)"_s,
    };
}

// PostgreSQL gets the same schema from the same statements, but for what only SQLite has: an id
// column that numbers itself (SQLite's INTEGER PRIMARY KEY is the rowid), no WITHOUT ROWID, and
// migration 4's rewrite of the attempt and skip tables, which a new PostgreSQL database never had.
QString forPostgres(QString statement)
{
    statement.replace(u"id INTEGER PRIMARY KEY"_s,
                      u"id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"_s);
    statement.replace(u" WITHOUT ROWID"_s, QString());
    return statement;
}

QList<QStringList> postgresMigrations(const QList<QStringList> &sqlite)
{
    QList<QStringList> result;
    for (qsizetype i = 0; i < sqlite.size(); ++i) {
        QStringList statements;
        if (i == 0)
            statements = workspaceTables() + receiptTable();
        else if (i == 3)
            statements = sqlite.at(i).mid(0, 2); // the attempts and skips columns
        else
            statements = sqlite.at(i);
        for (QString &statement : statements)
            statement = forPostgres(statement);
        result << statements;
    }
    return result;
}

} // namespace

const QList<QStringList> &schemaMigrations(Engine engine)
{
    static const QList<QStringList> sqlite { migration1(),  migration2(),  migration3(),
                                             migration4(),  migration5(),  migration6(),
                                             migration7(),  migration8(),  migration9(),
                                             migration10(), migration11(), migration12(),
                                             migration13(), migration14() };
    static const QList<QStringList> postgres = postgresMigrations(sqlite);
    return engine == Engine::Postgres ? postgres : sqlite;
}

} // namespace Store
