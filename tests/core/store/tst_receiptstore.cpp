#include "store/database.h"
#include "store/migrations.h"
#include "store/receiptreader.h"
#include "store/receiptsql.h"
#include "store/receiptwriter.h"
#include "store/storeerror.h"

#include <QJsonDocument>
#include <QSet>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTest>
#include <QThread>
#include <pgdatabase.h>
#include <tempdatabase.h>

using namespace Qt::StringLiterals;
using namespace Domain;
using Store::Database;
using Store::ReceiptFilter;
using Store::ReceiptReader;
using Store::ReceiptRow;
using Store::ReceiptWriter;

namespace {

const QDateTime kBase(QDate(2026, 11, 1), QTime(12, 0), Qt::UTC);
const QStringList kModels { u"openai/gpt-4o"_s, u"anthropic/claude"_s, u"team/pool"_s };
const QStringList kConnections { u"openai-1"_s, u"anthropic-1"_s, u"sim"_s };

Attempt makeAttempt(int index, const QString &model, const QString &connection, ErrorClass error)
{
    Attempt a;
    a.index = index;
    a.model = model;
    a.deployment = model + u"-dep"_s;
    a.connection = connection;
    a.upstreamModel = u"upstream-"_s + model;
    a.region = u"us-east-1"_s;
    a.waitMs = 100 * index;
    a.waitReason = index > 1 ? WaitReason::Backoff : WaitReason::None;
    a.startOffsetMs = 250 * index;
    a.httpStatus = error == ErrorClass::None ? 200 : 503;
    if (error == ErrorClass::Transport)
        a.transportError = { TransportFailure::ConnectRefused, u"Connection refused"_s };
    a.errorClass = error;
    a.served = error == ErrorClass::None;
    a.retryable = error != ErrorClass::None;
    a.decision = a.served
        ? fact(FactCode::AttemptServed, {}, { fact(FactCode::Served) })
        : fact(FactCode::AttemptRetried, {}, { fact(FactCode::StatusTransient, { 503 }) });
    a.latencyMs = 40 + index;
    a.bytesSent = 1024;
    a.bytesReceived = a.served ? 4096 : 120;
    a.fallback = index == 3;
    a.holdAmount = 0.0125 * index;
    a.holdKept = index == 2;
    return a;
}

// Receipt i of a varied set: status, error, models, connections and aliases cycle with different
// periods, so every filter selects a different, non-trivial subset.
Receipt makeReceipt(int i)
{
    Receipt r;
    r.requestId = u"req_%1"_s.arg(i, 6, 10, QChar(u'0'));
    r.startedAt = kBase.addSecs(i);
    r.endpoint = i % 7 == 0 ? Endpoint::Messages
        : i % 11 == 0       ? Endpoint::Responses
        : i % 13 == 0       ? Endpoint::Embeddings
                            : Endpoint::ChatCompletions;
    r.kind = i % 17 == 0 ? CallKind::Probe : i % 19 == 0 ? CallKind::Rehearsal : CallKind::Call;
    r.stream = i % 2 == 0;
    r.keyId = u"key_%1"_s.arg(i % 4);
    r.projectId = u"default"_s;
    const bool viaAlias = i % 5 == 0;
    r.alias = viaAlias ? u"org/fast"_s : QString();
    r.aliasDeprecation = viaAlias ? u"2027-01-31; use team/pool"_s : QString();
    r.modelResolved = kModels.at(i % 3);
    r.modelAsked = viaAlias ? r.alias : r.modelResolved;
    r.statusClass = StatusClass(i % 4);
    r.modelServed
        = r.statusClass == StatusClass::FellBack ? u"anthropic/claude"_s : r.modelResolved;
    r.servedBy = r.statusClass == StatusClass::Failed ? QString() : kConnections.at(i % 3);
    r.fallbackModel = r.statusClass == StatusClass::FellBack ? u"anthropic/claude"_s : QString();
    r.fallbackReason
        = r.fallbackModel.isEmpty() ? Fact() : fact(FactCode::NoCandidateLeft, { r.modelResolved });
    r.regionHeader = i % 6 == 0 ? u"us-east-1,eu-west-1"_s : QString();
    const bool failed = r.statusClass == StatusClass::Failed;
    r.httpStatus = failed ? 503 : 200;
    r.errorCode = failed ? u"no_healthy_route"_s : QString();
    r.errorMessage = failed ? u"No candidate answered."_s : QString();
    r.errorClass = failed
        ? (i % 8 == 3 ? ErrorClass::Overloaded : ErrorClass::ServerError)
        : (r.statusClass == StatusClass::Ok ? ErrorClass::None : ErrorClass::RateLimited);
    const int attempts = int(r.statusClass) + (i % 2);
    for (int a = 1; a <= attempts; ++a) {
        const bool last = a == attempts && !failed;
        r.attempts << makeAttempt(a, r.modelResolved, kConnections.at((i + a) % 3),
                                  last ? ErrorClass::None : ErrorClass::Overloaded);
    }
    for (int s = 0; s < i % 3; ++s) {
        r.skips << Skip { r.modelResolved,
                          u"candidate-%1"_s.arg(s),
                          kConnections.at(s),
                          SkipReason(s + 2),
                          DirectiveLevel(s % 5),
                          fact(FactCode::RegionNotInPool,
                               { u"region-%1"_s.arg(i), QStringList { u"us-east-1"_s } }) };
    }
    r.usage = Usage { 100 + i, 20 + i % 50 };
    r.cost = 0.000123 * (i % 97);
    r.holdTotal = 0.5 + i % 3;
    r.latencyMs = 100 + i % 1000;
    r.firstByteMs = r.stream ? 30 + i % 10 : -1;
    return r;
}

bool matches(const ReceiptFilter &f, const Receipt &r)
{
    if (!f.model.isEmpty() && r.modelAsked != f.model && r.modelResolved != f.model
        && r.modelServed != f.model)
        return false;
    if (!f.servedBy.isEmpty() && r.servedBy != f.servedBy)
        return false;
    if (f.statusClass && r.statusClass != *f.statusClass)
        return false;
    if (f.errorClass && r.errorClass != *f.errorClass)
        return false;
    if (f.endpoint && r.endpoint != *f.endpoint)
        return false;
    if (f.kind && r.kind != *f.kind)
        return false;
    if (f.from.isValid() && r.startedAt < f.from)
        return false;
    if (f.to.isValid() && r.startedAt >= f.to)
        return false;
    return f.requestId.isEmpty() || r.requestId == f.requestId;
}

std::unique_ptr<Database> openDb(const QString &path,
                                 Database::Mode mode = Database::Mode::ReadOnly)
{
    auto db = Database::open(path, mode);
    return db ? std::move(db).value() : nullptr;
}

// Walks every page, newest first, checking the keyset order on the way.
// A receipt as schema versions 1 to 3 stored it: its attempts and skips in their own tables.
bool insertLegacy(QSqlDatabase &db, const Receipt &r)
{
    auto ms = [](const QDateTime &t) {
        return t.isValid() ? QVariant(t.toMSecsSinceEpoch()) : QVariant();
    };
    QSqlQuery q(db);
    q.prepare(u"INSERT INTO receipt (request_id, started_at, endpoint, stream, key_id, project_id, "
              "model_asked, alias, alias_deprecation, model_resolved, model_served, served_by, "
              "fallback_model, fallback_reason, region_header, http_status, error_code, "
              "error_message, error_class, status_class, attempts_count, input_tokens, "
              "output_tokens, cost, hold_total, latency_ms, first_byte_ms) VALUES (?, ?, ?, ?, ?, "
              "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    for (const QVariant &v : QVariantList { r.requestId,
                                            ms(r.startedAt),
                                            toString(r.endpoint),
                                            int(r.stream),
                                            r.keyId,
                                            r.projectId,
                                            r.modelAsked,
                                            r.alias,
                                            r.aliasDeprecation,
                                            r.modelResolved,
                                            r.modelServed,
                                            r.servedBy,
                                            r.fallbackModel,
                                            encodeFact(r.fallbackReason),
                                            r.regionHeader,
                                            r.httpStatus,
                                            r.errorCode,
                                            r.errorMessage,
                                            toString(r.errorClass),
                                            toString(r.statusClass),
                                            int(r.attempts.size()),
                                            r.usage.inputTokens,
                                            r.usage.outputTokens,
                                            r.cost,
                                            r.holdTotal,
                                            r.latencyMs,
                                            r.firstByteMs })
        q.addBindValue(v);
    if (!q.exec())
        return false;
    const qint64 id = q.lastInsertId().toLongLong();
    for (int i = 0; i < r.attempts.size(); ++i) {
        const Attempt &a = r.attempts.at(i);
        QSqlQuery qa(db);
        qa.prepare(u"INSERT INTO attempt VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                   "?, ?, ?, ?, ?, ?, ?)"_s);
        for (const QVariant &v : QVariantList { id,
                                                i,
                                                a.index,
                                                a.model,
                                                a.deployment,
                                                a.connection,
                                                a.upstreamModel,
                                                a.region,
                                                a.waitMs,
                                                toString(a.waitReason),
                                                a.startOffsetMs,
                                                a.httpStatus,
                                                a.transportError.detail,
                                                toString(a.errorClass),
                                                int(a.served),
                                                int(a.retryable),
                                                encodeFact(a.decision),
                                                a.latencyMs,
                                                a.bytesSent,
                                                a.bytesReceived,
                                                int(a.fallback),
                                                a.holdAmount,
                                                int(a.holdKept) })
            qa.addBindValue(v);
        if (!qa.exec())
            return false;
    }
    for (int i = 0; i < r.skips.size(); ++i) {
        const Skip &k = r.skips.at(i);
        QSqlQuery qs(db);
        qs.prepare(u"INSERT INTO skip VALUES (?, ?, ?, ?, ?, ?, ?, ?)"_s);
        for (const QVariant &v :
             QVariantList { id, i, k.model, k.candidate, k.connection, toString(k.reason),
                            toString(k.level), encodeFact(k.detail) })
            qs.addBindValue(v);
        if (!qs.exec())
            return false;
    }
    return true;
}

QList<ReceiptRow> walkAll(const ReceiptReader &reader, const ReceiptFilter &filter, int pageSize)
{
    QList<ReceiptRow> all;
    qint64 before = 0;
    for (;;) {
        const QList<ReceiptRow> page = reader.page(filter, before, pageSize);
        if (page.isEmpty())
            return all;
        if (page.size() > pageSize)
            return {};
        all << page;
        before = page.last().rowId;
    }
}

// The sort key of receipt r as SQLite compares it; nullopt for NULL.
std::optional<QVariant> sortKey(const Receipt &r, Store::ReceiptSort::Key key)
{
    using Key = Store::ReceiptSort::Key;
    const auto text = [](const QString &s) -> std::optional<QVariant> {
        return s.isNull() ? std::nullopt : std::optional<QVariant>(s);
    };
    switch (key) {
    case Key::Time:
        return QVariant(r.startedAt);
    case Key::ModelAsked:
        return text(r.modelAsked);
    case Key::ModelServed:
        return text(r.modelServed);
    case Key::Status:
        return QVariant(r.httpStatus);
    case Key::Attempts:
        return QVariant(int(r.attempts.size()));
    case Key::ServedBy:
        return text(r.servedBy);
    case Key::Latency:
        return QVariant(r.latencyMs);
    }
    return std::nullopt;
}

// Walks every sorted page, each cursor from the page before.
QList<ReceiptRow> walkSorted(const ReceiptReader &reader, const ReceiptFilter &filter,
                             const Store::ReceiptSort &sort, qint64 ceiling, int pageSize)
{
    QList<ReceiptRow> all;
    std::optional<Store::ReceiptCursor> after;
    for (int pages = 0; pages < 10000; ++pages) {
        Store::ReceiptCursor last;
        const QList<ReceiptRow> page
            = reader.sortedPage(filter, sort, after, ceiling, pageSize, &last);
        if (page.isEmpty())
            return all;
        if (page.size() > pageSize || last.rowId != page.last().rowId)
            return {};
        all << page;
        after = last;
    }
    return {};
}

} // namespace

class tst_ReceiptStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data() { addEngineRows(); }
    void init();
    void cleanup();
    void burstFromAnotherThread_R_RCPT_1();
    void attemptsAndSkipsRoundTrip_R_RCPT_1_data();
    void attemptsAndSkipsRoundTrip_R_RCPT_1();
    void longAndShortTextsOnOneWriter_R_RCPT_1();
    void sessionVerdictOfACallRecord();
    void keysetPagingWalksAll_R_UI_5_data();
    void keysetPagingWalksAll_R_UI_5();
    void filters_R_UI_5_data();
    void filters_R_UI_5();
    void timeWindowsOnALargeTable_R_UI_5_data();
    void timeWindowsOnALargeTable_R_UI_5();
    void newerThanHasNoGaps_R_UI_5();
    void sortedPagesWalkAllInOrder_R_UI_5_data();
    void sortedPagesWalkAllInOrder_R_UI_5();
    void sortedPagesStopAtTheCeiling_R_UI_5();
    void laterSortedPagesReadAboutAPage_R_UI_5();
    void connectionSortedByConnectionReadsItsRun_R_UI_5();
    void armWithoutMatchesIsLeftOut_R_UI_5();
    void stopFlushesPending_R_RCPT_1_data();
    void stopFlushesPending_R_RCPT_1();
    void submittedBeforeStartAreWritten_R_RCPT_1();
    void writeErrorKeepsAndRetries_R_RCPT_1();
    void duplicateRequestIdStoredOnce_R_RCPT_1();
    void rowsWrittenTogetherKeepTheirIds_R_RCPT_1();
    void startFailsOnBadDatabase_R_RCPT_1();
    void countUsingAlias_R_ALIAS_2();
    void rareFiltersReadTheirIndex_R_UI_5_data();
    void rareFiltersReadTheirIndex_R_UI_5();
    void receiptsOfSchema2SurviveMigrations3And4_R_RCPT_1();
    void factsStoredLanguageFree_R_RCPT_1();
    void transportFailureStoredAsKind_R_RCPT_1_data();
    void transportFailureStoredAsKind_R_RCPT_1();
    void transportErrorOfTextStaysReadable_R_RCPT_1();
    void pageCapIsSqlitesOnly_R_RCPT_1();

private:
    void writeAll(int count);
    void writeBare(int count); // without attempts and skips

    std::unique_ptr<EngineDatabase> m_temp;
};

void tst_ReceiptStore::init()
{
    REQUIRE_ENGINE();
    m_temp = std::make_unique<EngineDatabase>();
}

void tst_ReceiptStore::cleanup()
{
    m_temp.reset();
}

void tst_ReceiptStore::writeAll(int count)
{
    ReceiptWriter writer(m_temp->path());
    QVERIFY(writer.start().ok());
    for (int i = 0; i < count; ++i)
        writer.submit(makeReceipt(i));
    QVERIFY(writer.flush().ok());
}

void tst_ReceiptStore::writeBare(int count)
{
    ReceiptWriter writer(m_temp->path());
    QVERIFY(writer.start().ok());
    for (int i = 0; i < count; ++i) {
        Receipt r = makeReceipt(i);
        r.attempts.clear();
        r.skips.clear();
        writer.submit(r);
    }
    QVERIFY(writer.flush().ok());
}

void tst_ReceiptStore::burstFromAnotherThread_R_RCPT_1()
{
    constexpr int kCount = 100000;
    ReceiptWriter writer(m_temp->path());
    QVERIFY(writer.start().ok());
    int batches = 0;
    qsizetype largest = 0;
    QSet<qint64> rowIds;
    connect(&writer, &ReceiptWriter::receiptsWritten, this, [&](const QList<ReceiptRow> &rows) {
        ++batches;
        largest = std::max(largest, rows.size());
        for (const ReceiptRow &row : rows)
            rowIds.insert(row.rowId);
    });
    // Shared strings and lists: the burst costs little memory besides the request ids.
    const Receipt prototype = makeReceipt(7);
    std::unique_ptr<QThread> producer(QThread::create([&writer, &prototype] {
        for (int i = 0; i < kCount; ++i) {
            Receipt r = prototype;
            r.requestId = u"burst_%1"_s.arg(i);
            writer.submit(std::move(r));
        }
    }));
    producer->start();
    QVERIFY(producer->wait());
    QVERIFY(writer.flush().ok());

    auto db = openDb(m_temp->path());
    QVERIFY(db);
    ReceiptReader reader(*db);
    QCOMPARE(reader.count(), qint64(kCount));
    QSet<QString> ids;
    QSqlQuery q(db->handle());
    QVERIFY(q.exec(u"SELECT request_id FROM receipt"_s));
    while (q.next())
        ids.insert(q.value(0).toString());
    QCOMPARE(ids.size(), kCount);
    QStringList missing;
    for (int i = 0; i < kCount; ++i) {
        if (!ids.contains(u"burst_%1"_s.arg(i)))
            missing << u"burst_%1"_s.arg(i);
    }
    QCOMPARE(missing, QStringList());
    // The batches are queued to this thread; every committed row is announced once, in batches.
    QTRY_COMPARE(rowIds.size(), kCount);
    qInfo("%d receipts announced in %d batches", kCount, batches);
    QVERIFY2(batches * 20 <= kCount,
             qPrintable(u"%1 batches for %2 receipts"_s.arg(batches).arg(kCount)));
    QCOMPARE(largest, ReceiptWriter::kBatchSize); // one transaction takes the documented most
}

void tst_ReceiptStore::attemptsAndSkipsRoundTrip_R_RCPT_1_data()
{
    QTest::addColumn<Receipt>("receipt");
    QTest::newRow("served first try, no skips") << makeReceipt(4);
    QTest::newRow("retried then served, two skips") << makeReceipt(5);
    QTest::newRow("fell back, one skip, via alias") << makeReceipt(10);
    QTest::newRow("failed after three attempts") << makeReceipt(11);
    QTest::newRow("a probe") << makeReceipt(17);
    QTest::newRow("a rehearsal") << makeReceipt(19);
    Receipt bare;
    bare.requestId = u"req_bare"_s;
    QTest::newRow("defaults: no time, no attempts") << bare;
    Receipt unicode = makeReceipt(3);
    unicode.errorMessage = u"Upstream said: “Überlastet” ✓ 🙂"_s; // 2, 3 and 4 UTF-8 bytes
    unicode.attempts.first().decision
        = fact(FactCode::NoCandidateLeft, { u"modèle/über-ü"_s }); // 2 UTF-8 bytes each
    unicode.attempts.last().decision
        = fact(FactCode::AttemptFinal, {}, { fact(FactCode::TransportTransient, { u"réseau"_s }) });
    QTest::newRow("non-ASCII text") << unicode;
    // A call that applied a ZDR or no-training rule names its listings' fetch times.
    Receipt listed = makeReceipt(6);
    listed.listings = { { u"azure"_s, QDateTime(QDate(2026, 11, 29), QTime(11, 30), Qt::UTC) },
                        { u"openai"_s, QDateTime() } };
    QTest::newRow("listing times") << listed;
    // A call classified in Shadow mode with a suggestion; one in Suggest mode that accepted one
    // and got none itself (its asked model already the cheapest that qualifies).
    Receipt shadow = makeReceipt(7);
    shadow.session = { Domain::SessionMode::Shadow,
                       Domain::TaskClass::Extraction,
                       u"json_format=1 (≥ 1), user_chars=120 (≤ 2000)"_s,
                       u"org/small"_s,
                       0.00125,
                       false };
    QTest::newRow("session: shadow, suggested") << shadow;
    Receipt accepted = makeReceipt(8);
    accepted.session = { Domain::SessionMode::Suggest,
                         Domain::TaskClass::ToolUse,
                         u"tools=2 (≥ 1)"_s,
                         QString(),
                         0.0,
                         true };
    QTest::newRow("session: suggest, accepted, nothing cheaper") << accepted;
}

void tst_ReceiptStore::attemptsAndSkipsRoundTrip_R_RCPT_1()
{
    QFETCH(Receipt, receipt);
    ReceiptWriter writer(m_temp->path());
    QVERIFY(writer.start().ok());
    QSignalSpy written(&writer, &ReceiptWriter::receiptsWritten);
    writer.submit(receipt);
    QVERIFY(writer.flush().ok());
    QTRY_COMPARE(written.size(), 1);
    const auto rows = written.first().first().value<QList<ReceiptRow>>();
    QCOMPARE(rows.size(), 1);
    QVERIFY(rows.first().rowId > 0);

    auto db = openDb(m_temp->path());
    QVERIFY(db);
    ReceiptReader reader(*db);
    std::optional<Receipt> byId = reader.receiptByRequestId(receipt.requestId);
    QVERIFY(byId);
    QCOMPARE(byId->rowId, rows.first().rowId);
    Receipt expected = receipt;
    expected.rowId = byId->rowId;
    QCOMPARE(byId->attempts, expected.attempts);
    QCOMPARE(byId->skips, expected.skips);
    QVERIFY(*byId == expected);
    QVERIFY(*reader.receipt(byId->rowId) == expected);
    QCOMPARE(reader.page({}, 0, 10), QList<ReceiptRow> { rows.first() });
    ReceiptRow fromReceipt = ReceiptRow::fromReceipt(expected);
    QCOMPARE(rows.first(), fromReceipt);
    QVERIFY(!reader.receipt(byId->rowId + 1));
    QVERIFY(!reader.receiptByRequestId(u"req_unknown"_s));
}

// The gateway's record of a classified call names its suggested model by index and its
// classification by values: the writer stores the model's name and the deciding signals in the
// workspace's rules' words; a record with sessions off stores none of it.
void tst_ReceiptStore::sessionVerdictOfACallRecord()
{
    auto ws = std::make_shared<Workspace>();
    for (const QString &name : kModels) {
        Model m;
        m.name = name;
        ws->models << m;
    }
    Key key;
    key.id = u"key_a"_s;
    key.project = u"default"_s;
    ws->keys << key;
    CallRecord shadow;
    shadow.ws = ws;
    shadow.requestId = u"req_shadow"_s;
    shadow.startedAtMs = kBase.toMSecsSinceEpoch();
    shadow.key = 0;
    shadow.sessionMode = SessionMode::Shadow;
    shadow.classification.taskClass = TaskClass::Code;
    shadow.classification.rule = 0;
    shadow.classification.signals[size_t(ClassifierSignal::CodeFences)] = 2;
    shadow.suggestedModel = 1;
    shadow.projectedSaving = 0.0042;
    CallRecord off = shadow;
    off.requestId = u"req_off"_s;
    off.sessionMode = SessionMode::Off;
    ReceiptWriter writer(m_temp->path());
    QVERIFY(writer.start().ok());
    writer.submit(shadow);
    writer.submit(off);
    QVERIFY(writer.flush().ok());
    writer.stop();

    auto db = openDb(m_temp->path());
    QVERIFY(db);
    ReceiptReader reader(*db);
    const std::optional<Receipt> classified = reader.receiptByRequestId(u"req_shadow"_s);
    QVERIFY(classified);
    QCOMPARE(toString(classified->session.mode), u"shadow"_s);
    QCOMPARE(toString(classified->session.taskClass), u"code"_s);
    QCOMPARE(classified->session.suggestedModel, u"anthropic/claude"_s);
    QCOMPARE(classified->session.projectedSaving, 0.0042);
    QVERIFY(!classified->session.signals.isEmpty());
    QCOMPARE(classified->session.signals,
             decidingSignals(shadow.classification, ws->classifierRules));
    QCOMPARE(classified->session, shadow.toReceipt().session);
    const std::optional<Receipt> plain = reader.receiptByRequestId(u"req_off"_s);
    QVERIFY(plain);
    QCOMPARE(plain->session, SessionVerdict {});
    QSqlQuery q(db->handle());
    QVERIFY(q.exec(u"SELECT COUNT(*) FROM receipt WHERE session_mode IS NULL AND task_class IS "
                   "NULL AND session_signals IS NULL AND suggested_model IS NULL"_s));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toInt(), 1);
}

// The writer reuses one text buffer per statement from row to row and lets a very long one go: a
// long text (an upstream's whole error body) then short, null and empty ones, through one writer,
// each stored as it was (an empty text stays text, not NULL).
void tst_ReceiptStore::longAndShortTextsOnOneWriter_R_RCPT_1()
{
    ReceiptWriter writer(m_temp->path());
    QVERIFY(writer.start().ok());
    QList<Receipt> sent;
    const QString empty = u""_s;
    QVERIFY(!empty.isNull());
    for (const QString &message : { u"Überlastet 🙂 "_s.repeated(20000), u"short"_s, QString(),
                                    empty, u"é"_s.repeated(9000), empty }) {
        Receipt r = makeReceipt(int(sent.size()) + 1);
        r.errorMessage = message;
        writer.submit(r);
        QVERIFY(writer.flush().ok()); // one row per transaction: the buffers carry over
        sent << r;
    }
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    ReceiptReader reader(*db);
    for (const Receipt &r : sent) {
        const std::optional<Receipt> stored = reader.receiptByRequestId(r.requestId);
        QVERIFY(stored);
        QCOMPARE(stored->errorMessage, r.errorMessage);
        QCOMPARE(stored->errorMessage.isNull(), r.errorMessage.isNull());
    }
}

void tst_ReceiptStore::keysetPagingWalksAll_R_UI_5_data()
{
    QTest::addColumn<int>("pageSize");
    QTest::newRow("page of 1") << 1;
    QTest::newRow("page of 97 (does not divide)") << 97;
    QTest::newRow("page of 500 (divides)") << 500;
    QTest::newRow("one page holds all") << 5000;
}

void tst_ReceiptStore::keysetPagingWalksAll_R_UI_5()
{
    QFETCH(int, pageSize);
    constexpr int kCount = 2500;
    writeAll(kCount);
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    ReceiptReader reader(*db);
    const QList<ReceiptRow> all = walkAll(reader, {}, pageSize);
    QCOMPARE(all.size(), kCount);
    // Newest first: submitted last is on top, and ids strictly fall (no duplicate, no gap).
    for (int i = 0; i < all.size(); ++i) {
        QCOMPARE(all.at(i).requestId, makeReceipt(kCount - 1 - i).requestId);
        if (i > 0)
            QCOMPARE(all.at(i).rowId, all.at(i - 1).rowId - 1);
    }
    QVERIFY(reader.page({}, all.last().rowId, pageSize).isEmpty());
    QVERIFY(reader.page({}, 0, 0).isEmpty());
}

namespace {

// A filter with what `set` sets, for a data row.
template<typename Set> ReceiptFilter with(Set set)
{
    ReceiptFilter f;
    set(f);
    return f;
}

} // namespace

void tst_ReceiptStore::filters_R_UI_5_data()
{
    QTest::addColumn<ReceiptFilter>("filter");
    QTest::newRow("none") << ReceiptFilter {};
    QTest::newRow("model asked (alias)") << with([](ReceiptFilter &f) { f.model = u"org/fast"_s; });
    QTest::newRow("model resolved or served")
        << with([](ReceiptFilter &f) { f.model = u"anthropic/claude"_s; });
    QTest::newRow("model, no match") << with([](ReceiptFilter &f) { f.model = u"nobody/none"_s; });
    QTest::newRow("served by") << with([](ReceiptFilter &f) { f.servedBy = u"sim"_s; });
    QTest::newRow("status failed")
        << with([](ReceiptFilter &f) { f.statusClass = StatusClass::Failed; });
    QTest::newRow("status fell back")
        << with([](ReceiptFilter &f) { f.statusClass = StatusClass::FellBack; });
    QTest::newRow("error overloaded")
        << with([](ReceiptFilter &f) { f.errorClass = ErrorClass::Overloaded; });
    QTest::newRow("error none") << with([](ReceiptFilter &f) { f.errorClass = ErrorClass::None; });
    QTest::newRow("from") << with([](ReceiptFilter &f) { f.from = kBase.addSecs(1500); });
    QTest::newRow("to") << with([](ReceiptFilter &f) { f.to = kBase.addSecs(300); });
    QTest::newRow("time window") << with([](ReceiptFilter &f) {
        f.from = kBase.addSecs(100);
        f.to = kBase.addSecs(900);
    });
    QTest::newRow("request id") << with([](ReceiptFilter &f) { f.requestId = u"req_000042"_s; });
    QTest::newRow("model + status + time") << with([](ReceiptFilter &f) {
        f.model = u"openai/gpt-4o"_s;
        f.statusClass = StatusClass::RetriedOk;
        f.from = kBase.addSecs(200);
        f.to = kBase.addSecs(1200);
    });
    QTest::newRow("model + served by + error") << with([](ReceiptFilter &f) {
        f.model = u"anthropic/claude"_s;
        f.servedBy = u"openai-1"_s;
        f.errorClass = ErrorClass::RateLimited;
    });
    for (const Endpoint e : { Endpoint::ChatCompletions, Endpoint::Messages, Endpoint::Responses,
                              Endpoint::Embeddings }) {
        QTest::addRow("endpoint %s", qPrintable(toString(e)))
            << with([e](ReceiptFilter &f) { f.endpoint = e; });
    }
    QTest::newRow("endpoint responses + status + time") << with([](ReceiptFilter &f) {
        f.endpoint = Endpoint::Responses;
        f.statusClass = StatusClass::Failed;
        f.from = kBase.addSecs(200);
        f.to = kBase.addSecs(1800);
    });
    QTest::newRow("endpoint messages + model + served by") << with([](ReceiptFilter &f) {
        f.endpoint = Endpoint::Messages;
        f.model = u"anthropic/claude"_s;
        f.servedBy = u"anthropic-1"_s;
    });
    QTest::newRow("endpoint chat + time") << with([](ReceiptFilter &f) {
        f.endpoint = Endpoint::ChatCompletions;
        f.from = kBase.addSecs(1500);
    });
    for (const CallKind k : { CallKind::Call, CallKind::Probe, CallKind::Rehearsal }) {
        QTest::addRow("kind %s", qPrintable(toString(k)))
            << with([k](ReceiptFilter &f) { f.kind = k; });
    }
    QTest::newRow("kind probe + status + served by") << with([](ReceiptFilter &f) {
        f.kind = CallKind::Probe;
        f.statusClass = StatusClass::Ok;
        f.servedBy = u"openai-1"_s;
    });
    QTest::newRow("kind probe + model + time") << with([](ReceiptFilter &f) {
        f.kind = CallKind::Probe;
        f.model = u"anthropic/claude"_s;
        f.from = kBase.addSecs(300);
    });
    QTest::newRow("kind call + endpoint messages") << with([](ReceiptFilter &f) {
        f.kind = CallKind::Call;
        f.endpoint = Endpoint::Messages;
    });
}

void tst_ReceiptStore::filters_R_UI_5()
{
    QFETCH(ReceiptFilter, filter);
    constexpr int kCount = 2000;
    writeAll(kCount);
    QStringList expected;
    for (int i = kCount - 1; i >= 0; --i) {
        const Receipt r = makeReceipt(i);
        if (matches(filter, r))
            expected << r.requestId;
    }
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    ReceiptReader reader(*db);
    QStringList got;
    const QList<ReceiptRow> rows = walkAll(reader, filter, 37);
    for (const ReceiptRow &row : rows)
        got << row.requestId;
    QCOMPARE(got, expected);
    QCOMPARE(reader.count(filter), qint64(expected.size()));
}

void tst_ReceiptStore::timeWindowsOnALargeTable_R_UI_5_data()
{
    QTest::addColumn<int>("fromSecond");
    QTest::addColumn<int>("toSecond"); // -1: open
    QTest::newRow("last few minutes") << 29800 << -1;
    QTest::newRow("from far back: most of the table") << 3000 << -1;
    QTest::newRow("window in the middle") << 10000 << 10450;
    QTest::newRow("window among the oldest") << 2000 << 2450;
    QTest::newRow("window older than all") << -500 << -100;
}

// More rows than a time-only page probes from the top, so that the started_at index takes over
// at the end of each window.
void tst_ReceiptStore::timeWindowsOnALargeTable_R_UI_5()
{
    QFETCH(int, fromSecond);
    QFETCH(int, toSecond);
    constexpr int kCount = 30000;
    {
        ReceiptWriter writer(m_temp->path());
        QVERIFY(writer.start().ok());
        for (int i = 0; i < kCount; ++i) {
            Receipt r = makeReceipt(i);
            r.attempts.clear();
            r.skips.clear();
            // Calls finish out of order: started_at is not monotonic in row order.
            if (i % 10 == 3)
                r.startedAt = r.startedAt.addSecs(-7);
            writer.submit(r);
        }
    }
    ReceiptFilter filter;
    filter.from = kBase.addSecs(fromSecond);
    if (toSecond >= 0 || fromSecond < 0)
        filter.to = kBase.addSecs(toSecond);
    QStringList expected;
    for (int i = kCount - 1; i >= 0; --i) {
        const QDateTime started = kBase.addSecs(i - (i % 10 == 3 ? 7 : 0));
        if (started >= filter.from && (!filter.to.isValid() || started < filter.to))
            expected << makeReceipt(i).requestId;
    }
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    ReceiptReader reader(*db);
    QStringList got;
    for (const ReceiptRow &row : walkAll(reader, filter, 250))
        got << row.requestId;
    QCOMPARE(got.size(), expected.size());
    QCOMPARE(got, expected);
}

void tst_ReceiptStore::newerThanHasNoGaps_R_UI_5()
{
    ReceiptWriter writer(m_temp->path());
    QVERIFY(writer.start().ok());
    for (int i = 0; i < 50; ++i)
        writer.submit(makeReceipt(i));
    QVERIFY(writer.flush().ok());
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    ReceiptReader reader(*db);
    const qint64 newest = reader.page({}, 0, 1).first().rowId;
    QVERIFY(reader.newerThan({}, newest, 10).isEmpty());
    for (int i = 50; i < 80; ++i)
        writer.submit(makeReceipt(i));
    QVERIFY(writer.flush().ok());

    const QList<ReceiptRow> first = reader.newerThan({}, newest, 20);
    QCOMPARE(first.size(), 20);
    QCOMPARE(first.first().requestId,
             makeReceipt(69).requestId); // the 20 right after, newest first
    QCOMPARE(first.last().requestId, makeReceipt(50).requestId);
    const QList<ReceiptRow> second = reader.newerThan({}, first.first().rowId, 20);
    QCOMPARE(second.size(), 10);
    QCOMPARE(second.first().requestId, makeReceipt(79).requestId);
    QCOMPARE(second.last().requestId, makeReceipt(70).requestId);

    ReceiptFilter failed;
    failed.statusClass = StatusClass::Failed;
    const QList<ReceiptRow> filtered = reader.newerThan(failed, newest, 100);
    QStringList expected;
    for (int i = 79; i >= 50; --i) {
        if (makeReceipt(i).statusClass == StatusClass::Failed)
            expected << makeReceipt(i).requestId;
    }
    QStringList got;
    for (const ReceiptRow &row : filtered)
        got << row.requestId;
    QCOMPARE(got, expected);
}

void tst_ReceiptStore::sortedPagesWalkAllInOrder_R_UI_5_data()
{
    using Key = Store::ReceiptSort::Key;
    QTest::addColumn<int>("key");
    QTest::addColumn<bool>("descending");
    QTest::addColumn<ReceiptFilter>("filter");
    const QList<std::pair<const char *, Key>> keys {
        { "time", Key::Time },
        { "model asked", Key::ModelAsked },
        { "model served", Key::ModelServed },
        { "status", Key::Status },
        { "attempts", Key::Attempts },
        { "served by (NULL when failed)", Key::ServedBy },
        { "latency", Key::Latency },
    };
    ReceiptFilter model;
    model.model = u"anthropic/claude"_s;
    ReceiptFilter window;
    window.from = kBase.addSecs(300);
    window.to = kBase.addSecs(1100);
    ReceiptFilter status;
    status.statusClass = StatusClass::RetriedOk;
    ReceiptFilter endpoint;
    endpoint.endpoint = Endpoint::Messages;
    ReceiptFilter probes;
    probes.kind = CallKind::Probe;
    for (const auto &[name, key] : keys) {
        for (const bool descending : { true, false }) {
            const char *dir = descending ? "desc" : "asc";
            QTest::addRow("%s %s", name, dir) << int(key) << descending << ReceiptFilter {};
            QTest::addRow("%s %s, model", name, dir) << int(key) << descending << model;
            QTest::addRow("%s %s, time window", name, dir) << int(key) << descending << window;
            QTest::addRow("%s %s, status", name, dir) << int(key) << descending << status;
            QTest::addRow("%s %s, endpoint", name, dir) << int(key) << descending << endpoint;
            QTest::addRow("%s %s, probes", name, dir) << int(key) << descending << probes;
        }
    }
}

// Every row once, in the order of a stable sort by the key (ties by id, NULLs last newest first
// and first oldest first), whatever the page size cuts through a run of equal keys.
void tst_ReceiptStore::sortedPagesWalkAllInOrder_R_UI_5()
{
    QFETCH(int, key);
    QFETCH(bool, descending);
    QFETCH(ReceiptFilter, filter);
    constexpr int kCount = 500;
    writeAll(kCount);
    const Store::ReceiptSort sort { Store::ReceiptSort::Key(key), descending };
    QList<int> expected;
    for (int i = 0; i < kCount; ++i) {
        if (matches(filter, makeReceipt(i)))
            expected << i;
    }
    std::stable_sort(expected.begin(), expected.end(), [&](int a, int b) {
        const std::optional<QVariant> ka = sortKey(makeReceipt(a), sort.key);
        const std::optional<QVariant> kb = sortKey(makeReceipt(b), sort.key);
        if (!ka || !kb)
            return bool(ka) == descending && bool(kb) != descending;
        return QVariant::compare(*ka, *kb) < 0;
    });
    if (descending)
        std::reverse(expected.begin(), expected.end());
    // NULLs: after the reverse they must still come last newest first (stable_sort put them last
    // for descending, and the reverse moved them first, so move them back).
    if (descending) {
        std::stable_partition(expected.begin(), expected.end(),
                              [&](int i) { return bool(sortKey(makeReceipt(i), sort.key)); });
    }
    QStringList want;
    for (const int i : std::as_const(expected))
        want << makeReceipt(i).requestId;
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    // Under a filter: pages from the kept matches, and from index walks when none are kept (the
    // only way on PostgreSQL, whose reader keeps no matches).
    const QList<qint64> keptRows = m_temp->isPostgres()
        ? QList<qint64> { 0 }
        : QList<qint64> { ReceiptReader::kMatchSetRows, 0 };
    for (const qint64 kept : keptRows) {
        ReceiptReader reader(*db);
        reader.setMatchSetRows(kept);
        for (const int pageSize : { 1, 37, 5000 }) {
            QStringList got;
            for (const ReceiptRow &row : walkSorted(reader, filter, sort, 0, pageSize))
                got << row.requestId;
            QCOMPARE(got, want);
        }
    }
}

// A later page of a sorted, filtered view reads about a page of rows, however the filter's rows
// lie in the sort column's index: here the newest calls sorted by connection, which a walk of
// the (served_by, id) index meets only at the end of each connection's run. The work is counted
// in SQLite's steps through the progress watch (one call per few thousand steps).
void tst_ReceiptStore::laterSortedPagesReadAboutAPage_R_UI_5()
{
    constexpr int kCount = 6000;
    writeBare(kCount);
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    ReceiptReader reader(*db);
    int watched = 0;
    reader.setProgress([&watched] {
        ++watched;
        return true;
    });
    ReceiptFilter newest;
    newest.from = kBase.addSecs(kCount - 600);
    using Key = Store::ReceiptSort::Key;
    for (const Key key : { Key::ServedBy, Key::ModelAsked, Key::Latency, Key::Time }) {
        for (const bool descending : { false, true }) {
            const Store::ReceiptSort sort { key, descending };
            Store::ReceiptCursor last;
            QList<ReceiptRow> page = reader.sortedPage(newest, sort, std::nullopt, 0, 20, &last);
            QCOMPARE(page.size(), 20);
            int worst = 0;
            for (int i = 0; i < 25; ++i) {
                watched = 0;
                page = reader.sortedPage(newest, sort, last, 0, 20, &last);
                QCOMPARE(page.size(), 20);
                worst = std::max(worst, watched);
            }
            if (!m_temp->isPostgres()) // the watch counts SQLite's steps
                QVERIFY2(worst <= 1, qPrintable(u"%1 watch calls"_s.arg(worst)));
        }
    }
}

// Rows committed after the ceiling (while the user pages a sorted view) wait for a refresh; they
// are counted for the "new calls" notice.
void tst_ReceiptStore::sortedPagesStopAtTheCeiling_R_UI_5()
{
    writeAll(300);
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    ReceiptReader reader(*db);
    const qint64 ceiling = reader.page({}, 0, 1).constFirst().rowId;
    {
        ReceiptWriter writer(m_temp->path());
        QVERIFY(writer.start().ok());
        for (int i = 300; i < 340; ++i)
            writer.submit(makeReceipt(i));
        QVERIFY(writer.flush().ok());
    }
    using Key = Store::ReceiptSort::Key;
    for (const Key key : { Key::Time, Key::Latency, Key::ServedBy }) {
        for (const bool descending : { true, false }) {
            const QList<ReceiptRow> rows = walkSorted(reader, {}, { key, descending }, ceiling, 50);
            QCOMPARE(rows.size(), 300);
            for (const ReceiptRow &row : rows)
                QVERIFY(row.rowId <= ceiling);
            QCOMPARE(walkSorted(reader, {}, { key, descending }, 0, 50).size(), 340);
        }
    }
    QCOMPARE(reader.countNewerThan({}, ceiling, 1000), 40);
    QCOMPARE(reader.countNewerThan({}, ceiling, 25), 25);
    ReceiptFilter failed;
    failed.statusClass = StatusClass::Failed;
    QCOMPARE(reader.countNewerThan(failed, ceiling, 1000), 10);
}

// With more matches than a reader keeps, a connection filter sorted by connection reads the
// connection's own run of the (served_by, id) index: its first page does not walk the runs of the
// connections before it.
void tst_ReceiptStore::connectionSortedByConnectionReadsItsRun_R_UI_5()
{
    constexpr int kCount = 6000;
    writeBare(kCount);
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    ReceiptReader reader(*db);
    reader.setMatchSetRows(0);
    int watched = 0;
    reader.setProgress([&watched] {
        ++watched;
        return true;
    });
    ReceiptFilter sim;
    sim.servedBy = u"sim"_s; // the last of the three connections by name
    for (const bool descending : { false, true }) {
        watched = 0;
        const QList<ReceiptRow> page = reader.sortedPage(
            sim, { Store::ReceiptSort::Key::ServedBy, descending }, std::nullopt, 0, 20);
        QCOMPARE(page.size(), 20);
        for (const ReceiptRow &row : page)
            QCOMPARE(row.servedBy, u"sim"_s);
        if (!m_temp->isPostgres()) // the watch counts SQLite's steps
            QVERIFY2(watched <= 1, qPrintable(u"%1 watch calls"_s.arg(watched)));
    }
}

// With more matches than a reader keeps, a sorted page leaves out an arm that nothing matches
// (a connection's calls were all served, so none has a NULL served model): newest first every
// page has that arm (NULLs come last), and reading it walked every call of the connection. The
// work is counted in SQLite's steps through the progress watch.
void tst_ReceiptStore::armWithoutMatchesIsLeftOut_R_UI_5()
{
    constexpr int kCount = 6000;
    writeBare(kCount);
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    ReceiptReader reader(*db);
    reader.setMatchSetRows(0);
    int watched = 0;
    reader.setProgress([&watched] {
        ++watched;
        return true;
    });
    ReceiptFilter sim;
    sim.servedBy = u"sim"_s;
    const Store::ReceiptSort newestFirst { Store::ReceiptSort::Key::ModelServed, true };
    std::optional<Store::ReceiptCursor> after;
    int worst = 0;
    for (int i = 0; i < 10; ++i) {
        watched = 0;
        Store::ReceiptCursor last;
        const QList<ReceiptRow> page = reader.sortedPage(sim, newestFirst, after, 0, 20, &last);
        QCOMPARE(page.size(), 20);
        after = last;
        if (i > 0) // the first page counts each arm's matches
            worst = std::max(worst, watched);
    }
    if (!m_temp->isPostgres()) // the watch counts SQLite's steps
        QVERIFY2(worst <= 1, qPrintable(u"%1 watch calls"_s.arg(worst)));
}

void tst_ReceiptStore::stopFlushesPending_R_RCPT_1_data()
{
    QTest::addColumn<bool>("byDestructor");
    QTest::newRow("stop()") << false;
    QTest::newRow("destructor") << true;
}

void tst_ReceiptStore::stopFlushesPending_R_RCPT_1()
{
    QFETCH(bool, byDestructor);
    constexpr int kCount = 5000;
    {
        ReceiptWriter writer(m_temp->path());
        QVERIFY(writer.start().ok());
        for (int i = 0; i < kCount; ++i)
            writer.submit(makeReceipt(i));
        if (!byDestructor) {
            writer.stop();
            QVERIFY(!writer.isRunning());
            QCOMPARE(writer.flush().error().code,
                     Store::toString(Store::ErrorCode::WriterNotRunning));
        }
    }
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    QCOMPARE(ReceiptReader(*db).count(), qint64(kCount));
}

void tst_ReceiptStore::submittedBeforeStartAreWritten_R_RCPT_1()
{
    ReceiptWriter writer(m_temp->path());
    for (int i = 0; i < 10; ++i)
        writer.submit(makeReceipt(i));
    QCOMPARE(writer.flush().error().code, Store::toString(Store::ErrorCode::WriterNotRunning));
    QVERIFY(writer.start().ok());
    QVERIFY(writer.flush().ok());
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    QCOMPARE(ReceiptReader(*db).count(), qint64(10));
}

void tst_ReceiptStore::writeErrorKeepsAndRetries_R_RCPT_1()
{
    auto setup = openDb(m_temp->path(), Database::Mode::ReadWrite);
    QVERIFY(setup);
    QSqlQuery q(setup->handle());
    QVERIFY(q.exec(u"CREATE TABLE test_block (x INTEGER)"_s));
    if (m_temp->isPostgres()) {
        QVERIFY(q.exec(u"CREATE FUNCTION test_block() RETURNS trigger LANGUAGE plpgsql AS $$ "
                       "BEGIN IF EXISTS (SELECT 1 FROM test_block) THEN RAISE EXCEPTION "
                       "'simulated disk failure'; END IF; RETURN NEW; END $$"_s));
        QVERIFY(q.exec(u"CREATE TRIGGER test_block_receipts BEFORE INSERT ON receipt "
                       "FOR EACH ROW EXECUTE FUNCTION test_block()"_s));
    } else {
        QVERIFY(q.exec(u"CREATE TRIGGER test_block_receipts BEFORE INSERT ON receipt "
                       "WHEN EXISTS (SELECT 1 FROM test_block) "
                       "BEGIN SELECT RAISE(ABORT, 'simulated disk failure'); END"_s));
    }
    QVERIFY(q.exec(u"INSERT INTO test_block VALUES (1)"_s));

    ReceiptWriter writer(m_temp->path());
    QVERIFY(writer.start().ok());
    QSignalSpy written(&writer, &ReceiptWriter::receiptsWritten);
    for (int i = 0; i < 10; ++i)
        writer.submit(makeReceipt(i));
    const Util::Status failed = writer.flush();
    QVERIFY(!failed.ok());
    QCOMPARE(failed.error().code, Store::toString(Store::ErrorCode::ReceiptsNotWritten));
    QCOMPARE(failed.error().number(0), qint64(10)); // still queued
    QCOMPARE(failed.error().name(1), m_temp->path());
    QCOMPARE(writer.pendingCount(), qint64(10));
    ReceiptReader reader(*setup);
    QCOMPARE(reader.count(), qint64(0));

    QVERIFY(q.exec(u"DELETE FROM test_block"_s));
    writer.submit(makeReceipt(10));
    QVERIFY(writer.flush().ok());
    QCOMPARE(writer.pendingCount(), qint64(0));
    QCOMPARE(reader.count(), qint64(11));
    QStringList order;
    for (const ReceiptRow &row : reader.page({}, 0, 20))
        order.prepend(row.requestId);
    QCOMPARE(order.first(), makeReceipt(0).requestId); // kept in submission order
    QCOMPARE(order.last(), makeReceipt(10).requestId);
    QTRY_VERIFY(!written.isEmpty());
}

void tst_ReceiptStore::duplicateRequestIdStoredOnce_R_RCPT_1()
{
    ReceiptWriter writer(m_temp->path());
    QVERIFY(writer.start().ok());
    writer.submit(makeReceipt(1));
    Receipt again = makeReceipt(2);
    again.requestId = makeReceipt(1).requestId;
    writer.submit(again);
    writer.submit(makeReceipt(3));
    QVERIFY(writer.flush().ok());
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    ReceiptReader reader(*db);
    QCOMPARE(reader.count(), qint64(2));
    Receipt first = makeReceipt(1);
    first.rowId = reader.receiptByRequestId(first.requestId)->rowId;
    QVERIFY(*reader.receiptByRequestId(first.requestId) == first);
    QVERIFY(reader.receiptByRequestId(makeReceipt(3).requestId));
}

// The writer inserts a batch kRowsPerStatement receipts per statement, and the rest of the batch
// in one statement too: every announced row id must open the receipt it announces, and a duplicate
// inside such a group keeps only itself out.
void tst_ReceiptStore::rowsWrittenTogetherKeepTheirIds_R_RCPT_1()
{
    constexpr int kGroup = int(Store::ReceiptInserter::kRowsPerStatement);
    writeAll(3); // ids 1-3 taken, so the batch's ids do not start at 1
    ReceiptWriter writer(m_temp->path());
    QList<ReceiptRow> announced;
    connect(&writer, &ReceiptWriter::receiptsWritten, this,
            [&](const QList<ReceiptRow> &rows) { announced << rows; });
    QStringList submitted;
    int next = 100;
    // A batch of two groups and a remainder, then one with a duplicate in each part: the second
    // is written again one receipt at a time.
    for (const QList<int> &duplicateAt :
         { QList<int> {}, QList<int> { 4, kGroup + 4, 2 * kGroup + 2 } }) {
        for (int i = 0; i < 2 * kGroup + 5; ++i) {
            Receipt r = makeReceipt(next++);
            r.attempts.resize(1 + i % 3);
            if (duplicateAt.contains(i))
                r.requestId = makeReceipt(duplicateAt.indexOf(i)).requestId; // already stored
            else
                submitted << r.requestId;
            writer.submit(r);
        }
        if (!writer.isRunning())
            QVERIFY(writer.start().ok()); // the first batch was submitted before: one batch
        QVERIFY(writer.flush().ok());
        QTRY_COMPARE(announced.size(), submitted.size());
    }

    auto db = openDb(m_temp->path());
    QVERIFY(db);
    ReceiptReader reader(*db);
    QCOMPARE(reader.count(), qint64(3 + submitted.size()));
    QStringList inOrder;
    for (const ReceiptRow &row : std::as_const(announced)) {
        const std::optional<Receipt> stored = reader.receipt(row.rowId);
        QVERIFY2(stored, qPrintable(u"row %1 is not stored"_s.arg(row.rowId)));
        QCOMPARE(stored->requestId, row.requestId);
        QCOMPARE(stored->attempts.size(), row.attempts);
        inOrder << row.requestId;
    }
    QCOMPARE(inOrder, submitted);
    QCOMPARE(reader.receiptByRequestId(makeReceipt(1).requestId)->rowId, qint64(2)); // writeAll's
}

void tst_ReceiptStore::startFailsOnBadDatabase_R_RCPT_1()
{
    SQLITE_ONLY("a file that is no database");
    QFile file(m_temp->path());
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray(4096, 'z'));
    file.close();
    ReceiptWriter writer(m_temp->path());
    const Util::Status started = writer.start();
    QVERIFY(!started.ok());
    QCOMPARE(started.error().code, Store::toString(Store::ErrorCode::NotADatabase));
    QVERIFY(!writer.isRunning());
}

void tst_ReceiptStore::rareFiltersReadTheirIndex_R_UI_5_data()
{
    QTest::addColumn<ReceiptFilter>("filter");
    QTest::newRow("status failed")
        << with([](ReceiptFilter &f) { f.statusClass = StatusClass::Failed; });
    QTest::newRow("error overloaded")
        << with([](ReceiptFilter &f) { f.errorClass = ErrorClass::Overloaded; });
    QTest::newRow("model resolved through an alias")
        << with([](ReceiptFilter &f) { f.model = u"team/rare"_s; });
    QTest::newRow("endpoint responses")
        << with([](ReceiptFilter &f) { f.endpoint = Endpoint::Responses; });
    QTest::newRow("kind probe") << with([](ReceiptFilter &f) { f.kind = CallKind::Probe; });
    QTest::newRow("alias") << ReceiptFilter {}; // countUsingAlias
}

// The status, error, resolved-model, alias, endpoint and kind indexes hold only the receipts that
// are not a caller's plain served chat call (migrations 3, 6 and 8: the gateway's writer does not
// pay for them on every call). A filter for such a rare value must still read its index, not every
// row: counted in SQLite's own virtual-machine steps (the reader's progress watch, every 4,000
// steps), which a table walk of 20,000 rows multiplies and an index walk of 20 matches does not.
void tst_ReceiptStore::rareFiltersReadTheirIndex_R_UI_5()
{
    QFETCH(ReceiptFilter, filter);
    constexpr int kCount = 20000;
    constexpr int kEvery = 1000; // one rare receipt in kEvery
    {
        ReceiptWriter writer(m_temp->path());
        QVERIFY(writer.start().ok());
        for (int i = 0; i < kCount; ++i) {
            Receipt r = makeReceipt(i);
            const bool rare = i % kEvery == 7;
            r.statusClass = rare ? StatusClass::Failed : StatusClass::Ok;
            r.errorClass = rare ? ErrorClass::Overloaded : ErrorClass::None;
            r.alias = rare ? u"org/fast"_s : QString();
            r.modelResolved = rare ? u"team/rare"_s : u"openai/gpt-4o"_s;
            r.modelAsked = rare ? r.alias : r.modelResolved;
            r.modelServed = r.modelResolved;
            r.endpoint = rare ? Endpoint::Responses : Endpoint::ChatCompletions;
            r.kind = rare ? CallKind::Probe : CallKind::Call;
            writer.submit(r);
        }
        QVERIFY(writer.flush().ok());
    }
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    ReceiptReader reader(*db);
    int watches = 0;
    reader.setProgress([&watches] {
        ++watches;
        return true;
    });
    if (QByteArray(QTest::currentDataTag()) == "alias") {
        QCOMPARE(reader.countUsingAlias(u"org/fast"_s, {}), kCount / kEvery);
    } else {
        const QList<ReceiptRow> page = reader.page(filter, 0, 50);
        QCOMPARE(page.size(), kCount / kEvery);
        QCOMPARE(page.constFirst().requestId, makeReceipt(kCount - kEvery + 7).requestId);
    }
    if (!m_temp->isPostgres()) // the watch counts SQLite's steps
        QVERIFY2(watches <= 1, qPrintable(u"%1 x 4,000 steps"_s.arg(watches)));

    // The common value of the same column walks the ids, where nearly every row matches.
    ReceiptFilter common = filter;
    if (filter.statusClass)
        common.statusClass = StatusClass::Ok;
    if (filter.errorClass)
        common.errorClass = ErrorClass::None;
    if (!filter.model.isEmpty())
        common.model = u"openai/gpt-4o"_s;
    if (filter.endpoint)
        common.endpoint = Endpoint::ChatCompletions;
    if (filter.kind)
        common.kind = CallKind::Call;
    watches = 0;
    QCOMPARE(reader.page(common, 0, 50).size(), 50);
    if (!m_temp->isPostgres()) // the watch counts SQLite's steps
        QVERIFY2(watches <= 1, qPrintable(u"%1 x 4,000 steps"_s.arg(watches)));
}

// A file written before migration 3 (its four indexes whole) is migrated on its next read-write
// open: every receipt stays, every filter still finds exactly its receipts, and the indexes are the
// partial ones.
void tst_ReceiptStore::receiptsOfSchema2SurviveMigrations3And4_R_RCPT_1()
{
    SQLITE_ONLY("files of old schema versions");
    constexpr int kCount = 2000;
    {
        QSqlDatabase old = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"schema2"_s);
        old.setDatabaseName(m_temp->path());
        QVERIFY(old.open());
        QSqlQuery q(old);
        for (int version = 0; version < 2; ++version) {
            for (const QString &sql : Store::schemaMigrations().at(version))
                QVERIFY2(q.exec(sql), qPrintable(sql));
        }
        QVERIFY(q.exec(u"PRAGMA user_version = 2"_s));
        QVERIFY(old.transaction());
        for (int i = 0; i < kCount; ++i)
            QVERIFY(insertLegacy(old, makeReceipt(i)));
        QVERIFY(old.commit());
    }
    QSqlDatabase::removeDatabase(u"schema2"_s);

    auto db = openDb(m_temp->path(), Database::Mode::ReadWrite);
    QVERIFY(db);
    QCOMPARE(db->schemaVersion(), Database::latestSchemaVersion());
    QSqlQuery partial(db->handle());
    QVERIFY(partial.exec(u"SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' "
                         "AND sql LIKE '% WHERE %'"_s));
    QVERIFY(partial.next());
    // Migration 3's four, migration 6's endpoint index, migration 8's kind index and migration
    // 11's session index.
    QCOMPARE(partial.value(0).toInt(), 7);

    ReceiptReader reader(*db);
    QCOMPARE(walkAll(reader, {}, 500).size(), kCount);
    QCOMPARE(reader.countUsingAlias(u"org/fast"_s, {}), kCount / 5);
    // Every receipt written before calls had kinds was a caller's.
    ReceiptFilter calls, probes;
    calls.kind = CallKind::Call;
    probes.kind = CallKind::Probe;
    QCOMPARE(walkAll(reader, calls, 500).size(), kCount);
    QCOMPARE(walkAll(reader, probes, 500).size(), 0);
    ReceiptFilter failed, overloaded, claude, responses;
    failed.statusClass = StatusClass::Failed;
    overloaded.errorClass = ErrorClass::Overloaded;
    claude.model = u"anthropic/claude"_s;
    responses.endpoint = Endpoint::Responses;
    for (const ReceiptFilter &filter : { failed, overloaded, claude, responses }) {
        QStringList expected, got;
        for (int i = kCount - 1; i >= 0; --i) {
            if (matches(filter, makeReceipt(i)))
                expected << makeReceipt(i).requestId;
        }
        for (const ReceiptRow &row : walkAll(reader, filter, 97))
            got << row.requestId;
        QVERIFY(!expected.isEmpty());
        QCOMPARE(got, expected);
    }
    // Migration 4 moved every attempt and skip into its receipt's row, in order and unchanged.
    QSqlQuery tables(db->handle());
    QVERIFY(tables.exec(u"SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' "
                        "AND name IN ('attempt', 'skip')"_s));
    QVERIFY(tables.next());
    QCOMPARE(tables.value(0).toInt(), 0);
    int withSkips = 0, retried = 0;
    for (int i = 0; i < kCount; ++i) {
        Receipt expected = makeReceipt(i);
        for (Attempt &a : expected.attempts) {
            if (!a.transportError.isEmpty()) // those tables kept the words, not the kind
                a.transportError.failure = TransportFailure::Unclassified;
        }
        const std::optional<Receipt> back = reader.receiptByRequestId(expected.requestId);
        QVERIFY(back);
        QCOMPARE(back->attempts, expected.attempts);
        QCOMPARE(back->skips, expected.skips);
        withSkips += expected.skips.isEmpty() ? 0 : 1;
        retried += expected.attempts.size() > 1 ? 1 : 0;
    }
    QVERIFY(withSkips > 0 && retried > 0); // the file had both to move
}

void tst_ReceiptStore::countUsingAlias_R_ALIAS_2()
{
    constexpr int kCount = 1000;
    writeAll(kCount);
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    ReceiptReader reader(*db);
    QCOMPARE(reader.countUsingAlias(u"org/fast"_s, {}), kCount / 5);
    // i % 5 == 0 and i >= 500: 500, 505, … 995.
    QCOMPARE(reader.countUsingAlias(u"org/fast"_s, kBase.addSecs(500)), 100);
    QCOMPARE(reader.countUsingAlias(u"org/other"_s, {}), 0);
}

// A receipt keeps facts in a compact, language-free form (code and arguments as JSON)
// in the same TEXT columns, so one database never mixes languages.
void tst_ReceiptStore::factsStoredLanguageFree_R_RCPT_1()
{
    Receipt r = makeReceipt(10); // fell back, one skip
    QVERIFY(!r.fallbackReason.isEmpty());
    QVERIFY(!r.skips.isEmpty());
    ReceiptWriter writer(m_temp->path());
    QVERIFY(writer.start().ok());
    writer.submit(r);
    QVERIFY(writer.flush().ok());
    writer.stop();
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    QSqlQuery q(db->handle());
    // An attempt's decision is its 15th value, a skip's detail its 6th (receiptsql.cpp).
    const auto element = [&](const QString &column, int i, int j) {
        return m_temp->isPostgres()
            ? u"SELECT (%1::jsonb -> %2 -> %3)::text FROM receipt"_s.arg(column).arg(i).arg(j)
            : u"SELECT json_extract(%1, '$[%2][%3]') FROM receipt"_s.arg(column).arg(i).arg(j);
    };
    // PostgreSQL's jsonb prints with spaces: compared in the compact form SQLite keeps as written.
    const auto compact = [&](const QString &json) {
        return m_temp->isPostgres() ? QString::fromUtf8(
                   QJsonDocument::fromJson(json.toUtf8()).toJson(QJsonDocument::Compact))
                                    : json;
    };
    QVERIFY(q.exec(element(u"attempts"_s, 0, 14)) && q.next());
    QCOMPARE(
        compact(q.value(0).toString()),
        uR"({"causes":[{"args":[503],"code":"status_transient"}],"code":"attempt_retried"})"_s);
    QVERIFY(q.exec(element(u"skips"_s, 0, 5)) && q.next());
    QCOMPARE(compact(q.value(0).toString()),
             uR"({"args":["region-10",["us-east-1"]],"code":"region_not_in_pool"})"_s);
    QVERIFY(q.exec(u"SELECT fallback_reason FROM receipt"_s) && q.next());
    QCOMPARE(q.value(0).toString(),
             uR"({"args":["anthropic/claude"],"code":"no_candidate_left"})"_s);
}

void tst_ReceiptStore::transportFailureStoredAsKind_R_RCPT_1_data()
{
    QTest::addColumn<TransportError>("error");
    QTest::addColumn<QString>("stored"); // the kind's wire name after hold_kept
    QTest::newRow("refused, with the OS's words")
        << TransportError { TransportFailure::ConnectRefused, u"Connection refused"_s }
        << u"connect_refused"_s;
    QTest::newRow("TLS, with its words")
        << TransportError { TransportFailure::Tls, u"The certificate is self-signed"_s }
        << u"tls"_s;
    QTest::newRow("first byte timeout, its length")
        << TransportError { TransportFailure::FirstByteTimeout, u"1000"_s }
        << u"first_byte_timeout"_s;
    QTest::newRow("deadline, no words")
        << TransportError { TransportFailure::DeadlinePassed, {} } << u"deadline_passed"_s;
}

// What failed is a kind beside the system's words, never a sentence of ours (STYLE.md "Errors").
void tst_ReceiptStore::transportFailureStoredAsKind_R_RCPT_1()
{
    QFETCH(TransportError, error);
    QFETCH(QString, stored);
    Receipt r = makeReceipt(11); // four attempts
    r.attempts[1].transportError = error;
    ReceiptWriter writer(m_temp->path());
    QVERIFY(writer.start().ok());
    writer.submit(r);
    QVERIFY(writer.flush().ok());
    writer.stop();
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    const std::optional<Receipt> back = ReceiptReader(*db).receiptByRequestId(r.requestId);
    QVERIFY(back);
    QCOMPARE(back->attempts.at(1).transportError, error);
    QCOMPARE(back->attempts, r.attempts);
    QSqlQuery q(db->handle());
    // The detail is an attempt's 11th value, the kind its 22nd (receiptsql.cpp).
    QVERIFY(q.exec(m_temp->isPostgres()
                       ? u"SELECT attempts::jsonb -> 1 ->> 10, attempts::jsonb -> 1 ->> 21, "
                         "jsonb_array_length(attempts::jsonb -> 0) FROM receipt"_s
                       : u"SELECT json_extract(attempts, '$[1][10]'), json_extract(attempts, "
                         "'$[1][21]'), json_array_length(attempts, '$[0]') FROM receipt"_s)
            && q.next());
    QCOMPARE(q.value(0).toString(), error.detail);
    QCOMPARE(q.value(1).toString(), stored);
    QCOMPARE(q.value(2).toInt(), 21); // an attempt that did not fail keeps the shorter form
}

// The words the current schema's rows hold for a failed attempt, from before failures had kinds:
// read back as they are, with no kind.
void tst_ReceiptStore::transportErrorOfTextStaysReadable_R_RCPT_1()
{
    Receipt r = makeReceipt(11);
    r.attempts[1].transportError = { TransportFailure::ConnectRefused, u"Connection refused"_s };
    ReceiptWriter writer(m_temp->path());
    QVERIFY(writer.start().ok());
    writer.submit(r);
    QVERIFY(writer.flush().ok());
    writer.stop();
    {
        auto setup = openDb(m_temp->path(), Database::Mode::ReadWrite);
        QVERIFY(setup);
        QSqlQuery q(setup->handle());
        QVERIFY(q.exec(m_temp->isPostgres()
                           ? u"UPDATE receipt SET attempts = jsonb_set(jsonb_set(attempts::jsonb "
                             "#- '{1,21}', '{1,10}', '\"connection refused\"'), '{0,10}', "
                             "'\"\"')::text"_s
                           : u"UPDATE receipt SET attempts = json_set(json_remove(attempts, "
                             "'$[1][21]'), '$[1][10]', 'connection refused', '$[0][10]', '')"_s));
    }
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    const std::optional<Receipt> back = ReceiptReader(*db).receiptByRequestId(r.requestId);
    QVERIFY(back);
    QCOMPARE(back->attempts.at(1).transportError,
             (TransportError { TransportFailure::Unclassified, u"connection refused"_s }));
    QCOMPARE(back->attempts.at(0).transportError, TransportError {});
}

// The receipts' disk quota is SQLite's PRAGMA max_page_count: on PostgreSQL it is refused with a
// reason, and the writer goes on writing.
void tst_ReceiptStore::pageCapIsSqlitesOnly_R_RCPT_1()
{
    ReceiptWriter writer(m_temp->path());
    QVERIFY(writer.start().ok());
    const Util::Result<qint64> cap = writer.setMaxPageCount(1 << 20);
    if (m_temp->isPostgres()) {
        QVERIFY(!cap.ok());
        QCOMPARE(cap.error().code, Store::toString(Store::ErrorCode::CannotLimitSize));
        QVERIFY2(cap.error().detail.contains(u"SQLite"_s), qPrintable(cap.error().detail));
    } else {
        QVERIFY(cap.ok());
        QCOMPARE(*cap, qint64(1 << 20));
    }
    writer.submit(makeReceipt(1));
    QVERIFY(writer.flush().ok());
    auto db = openDb(m_temp->path());
    QVERIFY(db);
    QCOMPARE(ReceiptReader(*db).count(), qint64(1));
}

QTEST_GUILESS_MAIN(tst_ReceiptStore)
#include "tst_receiptstore.moc"
