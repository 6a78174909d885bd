// Opening a file of an older schema: the migration that rewrites every receipt reports how far it
// has got, can be stopped (leaving the file as it was), and a new file is created quietly.
#include "store/database.h"
#include "store/pastrequests.h"
#include "store/receiptreader.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QTest>
#include <oldschema.h>
#include <pgdatabase.h>
#include <tempdatabase.h>

using namespace Qt::StringLiterals;
using Store::Database;

namespace {

QVariant scalar(const QSqlDatabase &db, const QString &sql)
{
    QSqlQuery q(db);
    if (!q.exec(sql) || !q.next())
        return {};
    return q.value(0);
}

struct Report
{
    qint64 done;
    qint64 total;
};

// Messages of the sb.store category while it lives.
class StoreLog
{
public:
    StoreLog()
    {
        s_lines.clear();
        m_previous = qInstallMessageHandler(&StoreLog::handle);
    }
    ~StoreLog() { qInstallMessageHandler(m_previous); }
    QStringList lines() const { return s_lines; }

private:
    static void handle(QtMsgType, const QMessageLogContext &context, const QString &message)
    {
        if (context.category && qstrcmp(context.category, "sb.store") == 0)
            s_lines << message;
    }
    static inline QStringList s_lines;
    QtMessageHandler m_previous = nullptr;
};

// A file of schema `version` (its migrations run in order) with one served receipt, req_old.
bool writeOldSchema(const QString &path, int version)
{
    const QString name = u"schema%1"_s.arg(version);
    bool ok = true;
    {
        QSqlDatabase old = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
        old.setDatabaseName(path);
        ok = old.open();
        QSqlQuery q(old);
        for (int v = 0; ok && v < version; ++v) {
            for (const QString &sql : Store::schemaMigrations().at(v)) {
                if (!sql.contains(Store::kReceiptRange)) // rewrites receipts: there are none yet
                    ok = ok && q.exec(sql);
            }
        }
        ok = ok && q.exec(u"PRAGMA user_version = %1"_s.arg(version));
        ok = ok
            && q.exec(u"INSERT INTO receipt (request_id, started_at, endpoint, stream, key_id, "
                      "project_id, http_status, error_class, status_class, attempts_count, "
                      "input_tokens, output_tokens, cost, hold_total, latency_ms, first_byte_ms) "
                      "VALUES ('req_old', 1795953600000, 'chat_completions', 0, 'key_a', "
                      "'proj_a', 200, 'none', 'ok', 0, 11, 7, 0.25, 0.5, 120, 120)"_s);
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

} // namespace

class tst_Migrations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void receiptRewriteReportsProgress_R_RCPT_1();
    void stoppedMigrationLeavesTheFileAsItWas_R_RCPT_1();
    void newFileIsCreatedQuietly();
    void providerListingsAndReceiptListingTimes();
    void rareFiltersCarryTheSortColumns_R_UI_5_data();
    void rareFiltersCarryTheSortColumns_R_UI_5();
    void receiptsOfSchema9ChargedNothing_R_BILL_3();
    void receiptsOfSchema10WereNotClassified();
    void sessionStatisticsReadOnlyClassifiedCalls();
    void receiptsOfSchema11ReplayAsPlainCalls();
    void postgresGetsTheSameTablesAndColumns_R_CLI_3();
};

// 25,000 receipts go through the rewrite in ranges: progress starts at 0, grows with each range
// and ends at every receipt; each receipt holds exactly its own attempts and skips afterwards.
void tst_Migrations::receiptRewriteReportsProgress_R_RCPT_1()
{
    constexpr int kReceipts = 25000;
    TempDatabase temp;
    QVERIFY(writeSchema3(temp.path(), kReceipts));
    QList<Report> reports;
    auto db
        = Database::open(temp.path(), Database::Mode::ReadWrite, [&](qint64 done, qint64 total) {
              reports.append({ done, total });
              return true;
          });
    QVERIFY(db);
    QCOMPARE((*db)->schemaVersion(), Database::latestSchemaVersion());
    QVERIFY2(reports.size() >= 3, "more than one range");
    QCOMPARE(reports.first().done, 0);
    QCOMPARE(reports.last().done, kReceipts);
    for (int i = 0; i < reports.size(); ++i) {
        QCOMPARE(reports.at(i).total, kReceipts);
        if (i > 0)
            QVERIFY(reports.at(i).done > reports.at(i - 1).done);
    }
    const QSqlDatabase h = (*db)->handle();
    QCOMPARE(scalar(h, u"SELECT COUNT(*) FROM receipt WHERE attempts IS NULL"_s).toInt(),
             kReceipts / 3);
    QCOMPARE(scalar(h,
                    u"SELECT COUNT(*) FROM receipt WHERE attempts IS NOT NULL AND "
                    "json_array_length(attempts) = attempts_count "
                    "AND json_extract(attempts, '$[0][1]') = 'm'"_s)
                 .toInt(),
             kReceipts - kReceipts / 3);
    QCOMPARE(scalar(h,
                    u"SELECT COUNT(*) FROM receipt WHERE (id % 4 = 0) = (skips IS NOT NULL) "
                    "AND (skips IS NULL OR json_extract(skips, '$[0][3]') = 'disabled')"_s)
                 .toInt(),
             kReceipts);
}

// Progress says stop in the middle: the migration is rolled back, open() says it was cancelled,
// and the file keeps its schema and its tables; opening it again migrates it whole.
void tst_Migrations::stoppedMigrationLeavesTheFileAsItWas_R_RCPT_1()
{
    constexpr int kReceipts = 25000;
    TempDatabase temp;
    QVERIFY(writeSchema3(temp.path(), kReceipts));
    auto stopped = Database::open(temp.path(), Database::Mode::ReadWrite,
                                  [](qint64 done, qint64) { return done == 0; });
    QVERIFY(!stopped);
    QCOMPARE(stopped.error().code, Util::kCancelled);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"check"_s);
        db.setDatabaseName(temp.path());
        QVERIFY(db.open());
        QCOMPARE(scalar(db, u"PRAGMA user_version"_s).toInt(), 3);
        QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM attempt"_s).toInt(),
                 2 * (kReceipts / 3) + kReceipts / 3 + 1); // i % 3 attempts for i in 1..25,000
        QVERIFY(!QSqlQuery(db).exec(u"SELECT attempts FROM receipt"_s));
    }
    QSqlDatabase::removeDatabase(u"check"_s);
    auto again = Database::open(temp.path());
    QVERIFY(again);
    QCOMPARE((*again)->schemaVersion(), Database::latestSchemaVersion());
}

// A new file gets the latest schema without a line per migration, and reports no progress.
// Provider listings are operational data in their own table; a receipt names the listing times
// it judged by in its own column (docs/listings.md).
void tst_Migrations::providerListingsAndReceiptListingTimes()
{
    TempDatabase file;
    auto db = Database::open(file.path());
    QVERIFY(db);
    QSqlQuery q((*db)->handle());
    QVERIFY(q.exec(u"SELECT provider, source, zdr, no_training, published, fetched_at, "
                   "last_attempt_at, last_error FROM provider_listings"_s));
    QVERIFY(q.exec(u"SELECT listings FROM receipt"_s));
}

void tst_Migrations::newFileIsCreatedQuietly()
{
    TempDatabase temp;
    int reports = 0;
    StoreLog log;
    auto db = Database::open(temp.path(), Database::Mode::ReadWrite, [&](qint64, qint64) {
        ++reports;
        return true;
    });
    QVERIFY(db);
    QCOMPARE((*db)->schemaVersion(), Database::latestSchemaVersion());
    QCOMPARE(reports, 0);
    QCOMPARE(log.lines().filter(u"migrat"_s), QStringList());
}

void tst_Migrations::rareFiltersCarryTheSortColumns_R_UI_5_data()
{
    QTest::addColumn<bool>("migrated");
    QTest::newRow("new file") << false;
    QTest::newRow("schema 3 migrated") << true;
}

// A sorted page under a status, error, endpoint or kind filter reads its matches' sort columns (the
// reader's kept matches): the filter's partial index answers alone, without a table page per match.
void tst_Migrations::rareFiltersCarryTheSortColumns_R_UI_5()
{
    QFETCH(bool, migrated);
    TempDatabase temp;
    if (migrated)
        QVERIFY(writeSchema3(temp.path(), 100));
    auto db = Database::open(temp.path(), Database::Mode::ReadWrite);
    QVERIFY(db);
    QCOMPARE((*db)->schemaVersion(), Database::latestSchemaVersion());
    const QList<std::pair<QString, QString>> filters {
        { u"status_class = 'failed' AND status_class <> 'ok'"_s, u"receipt_status_class"_s },
        { u"error_class = 'overloaded' AND error_class <> 'none'"_s, u"receipt_error_class"_s },
        { u"endpoint = 'responses' AND endpoint <> 'chat_completions'"_s, u"receipt_endpoint"_s },
        { u"kind = 'probe' AND kind <> 'call'"_s, u"receipt_kind"_s },
    };
    for (const auto &[where, index] : filters) {
        QSqlQuery plan((*db)->handle());
        QVERIFY(plan.exec(u"EXPLAIN QUERY PLAN SELECT id, model_asked, model_served, http_status, "
                          "attempts_count, served_by, latency_ms FROM receipt WHERE %1 "
                          "AND id + 0 <= 1000"_s.arg(where)));
        QString detail;
        while (plan.next())
            detail += plan.value(3).toString() + u'\n';
        QVERIFY2(detail.contains(u"COVERING INDEX "_s + index), qPrintable(detail));
    }
}

// Migration 10 (budgets): receipts written before it keep everything and charged nothing; the
// spend tables start empty.
void tst_Migrations::receiptsOfSchema9ChargedNothing_R_BILL_3()
{
    TempDatabase temp;
    QVERIFY(writeOldSchema(temp.path(), 9));
    auto db = Database::open(temp.path());
    QVERIFY(db);
    QCOMPARE((*db)->schemaVersion(), Database::latestSchemaVersion());
    const std::optional<Domain::Receipt> r
        = Store::ReceiptReader(**db).receiptByRequestId(u"req_old"_s);
    QVERIFY(r);
    QCOMPARE(r->cost, 0.25);
    QCOMPARE(r->holdTotal, 0.5);
    QCOMPARE(r->usage.outputTokens, 7);
    QCOMPARE(r->charged, 0.0);
    const QSqlDatabase h = (*db)->handle();
    QCOMPARE(scalar(h, u"SELECT COUNT(*) FROM spend"_s).toInt(), 0);
    QCOMPARE(scalar(h, u"SELECT COUNT(*) FROM spend_hold"_s).toInt(), 0);
}

// Migration 11 (mixed-model sessions): a receipt written before it was not classified.
void tst_Migrations::receiptsOfSchema10WereNotClassified()
{
    TempDatabase temp;
    QVERIFY(writeOldSchema(temp.path(), 10));
    auto db = Database::open(temp.path());
    QVERIFY(db);
    QCOMPARE((*db)->schemaVersion(), Database::latestSchemaVersion());
    const std::optional<Domain::Receipt> r
        = Store::ReceiptReader(**db).receiptByRequestId(u"req_old"_s);
    QVERIFY(r);
    QCOMPARE(r->cost, 0.25);
    QVERIFY(!r->session.classified());
    QCOMPARE(r->session, Domain::SessionVerdict {});
    const QSqlDatabase h = (*db)->handle();
    QCOMPARE(scalar(h,
                    u"SELECT COUNT(*) FROM receipt WHERE session_mode IS NULL AND "
                    "projected_saving = 0 AND suggestion_accepted = 0"_s)
                 .toInt(),
             1);
}

// The Keys screen's session figures of a window read only the partial index of classified calls,
// never the table: a key with sessions off costs them nothing.
void tst_Migrations::sessionStatisticsReadOnlyClassifiedCalls()
{
    TempDatabase temp;
    auto db = Database::open(temp.path());
    QVERIFY(db);
    QSqlQuery plan((*db)->handle());
    QVERIFY(plan.exec(u"EXPLAIN QUERY PLAN SELECT key_id, started_at / 86400000 AS day, "
                      "task_class, COUNT(*), TOTAL(projected_saving), SUM(suggestion_accepted), "
                      "SUM(suggested_model IS NOT NULL AND session_mode = 'suggest') FROM receipt "
                      "WHERE session_mode IS NOT NULL AND started_at >= 0 AND started_at < 1000 "
                      "AND kind = 'call' GROUP BY key_id, day, task_class"_s));
    QString detail;
    while (plan.next())
        detail += plan.value(3).toString() + u'\n';
    QVERIFY2(detail.contains(u"COVERING INDEX receipt_session"_s), qPrintable(detail));
}

// Migration 12 (impact preview): a receipt written before it kept no request shape, so it is
// replayed as a plain chat call of its model.
void tst_Migrations::receiptsOfSchema11ReplayAsPlainCalls()
{
    TempDatabase temp;
    QVERIFY(writeOldSchema(temp.path(), 11));
    auto db = Database::open(temp.path());
    QVERIFY(db);
    QCOMPARE((*db)->schemaVersion(), Database::latestSchemaVersion());
    const std::optional<Domain::Receipt> r
        = Store::ReceiptReader(**db).receiptByRequestId(u"req_old"_s);
    QVERIFY(r);
    QCOMPARE(r->request, Domain::RequestShape {});
    const auto past = Store::pastRequests(**db, 10);
    QVERIFY(past);
    QCOMPARE(past->size(), 1);
    QCOMPARE(past->at(0).shape, Domain::RequestShape {});
    QCOMPARE(past->at(0).outputTokens, 7);
}

namespace {

// "table.column" of every table the store made, sorted.
QStringList columnsOf(Database &db)
{
    QSqlQuery q(db.handle());
    const bool ok = db.engine() == Store::Engine::Postgres
        ? q.exec(u"SELECT table_name, column_name FROM information_schema.columns WHERE "
                 "table_schema = current_schema() AND table_name <> 'switchboard_schema'"_s)
        : q.exec(u"SELECT m.name, c.name FROM sqlite_master m, pragma_table_info(m.name) c "
                 "WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'"_s);
    if (!ok)
        return { q.lastError().text() };
    QStringList columns;
    while (q.next())
        columns << q.value(0).toString() + u'.' + q.value(1).toString();
    columns.sort();
    return columns;
}

} // namespace

// PostgreSQL's migrations come from SQLite's statements (R-CLI-3: --db takes either): a fresh
// database gets every table and column a fresh file has, quietly and without progress reports.
void tst_Migrations::postgresGetsTheSameTablesAndColumns_R_CLI_3()
{
    PgDatabase pg;
    REQUIRE_POSTGRES(pg);
    TempDatabase file;
    auto sqlite = Database::open(file.path());
    QVERIFY(sqlite);
    int reports = 0;
    StoreLog log;
    auto postgres = Database::open(pg.url(), Database::Mode::ReadWrite, [&](qint64, qint64) {
        ++reports;
        return true;
    });
    QVERIFY2(postgres, postgres ? "" : qPrintable(Util::logText(postgres.error())));
    QCOMPARE((*postgres)->schemaVersion(), Database::latestSchemaVersion());
    QCOMPARE(reports, 0);
    QCOMPARE(log.lines().filter(u"migrat"_s), QStringList());
    const QStringList expected = columnsOf(**sqlite);
    QVERIFY(expected.contains(u"receipt.instance"_s));
    QCOMPARE(columnsOf(**postgres), expected);
}

QTEST_GUILESS_MAIN(tst_Migrations)
#include "tst_migrations.moc"
