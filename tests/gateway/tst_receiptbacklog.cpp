#include "gatewayharness.h"

#include <QAtomicInt>
#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;

// A full disk under a running gateway (README "Full disk"): the receipt writer's database
// is capped with SQLite's max_page_count on the writer's own connection, so its inserts fail with
// SQLITE_FULL as on a full disk (CI runs as root: a read-only file would not stop the writes). The
// gateway keeps answering, keeps the receipts in memory up to the queue's limit, says so once in
// the log, in /metrics and in its live figures, and writes them when the cap is raised; beyond the
// limit it counts what it dropped (R-RCPT-1, R-OBS-1).
class tst_ReceiptBacklog : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void fullDiskKeepsServingAndWritesQueuedReceiptsLater_R_RCPT_1_R_OBS_1();
    void beyondTheQueueLimitReceiptsAreDroppedAndCounted_R_RCPT_1_R_OBS_1();
};

namespace {

QAtomicInt s_failingLines; // "Cannot write receipts to …"
QAtomicInt s_droppingLines; // "… receipts are dropped (and counted) …"
QAtomicInt s_recoveredLines; // "Receipts are written to … again …"
QtMessageHandler s_previousHandler = nullptr;

void countingHandler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (message.contains(u"Cannot write receipts to"_s))
        s_failingLines.ref();
    if (message.contains(u"receipts are dropped (and counted)"_s))
        s_droppingLines.ref();
    if (message.contains(u"Receipts are written to"_s))
        s_recoveredLines.ref();
    if (s_previousHandler)
        s_previousHandler(type, context, message);
}

// A gateway whose one model answers from the built-in simulator at once: calls as fast as the
// sockets go, no upstream in this process.
void addInstantModel(GatewayHarness &h)
{
    Domain::Connection &sim = h.addConnection(u"sim"_s, {}, Domain::Dialect::Simulator);
    sim.simulator.latencyMs = 0;
    sim.simulator.tokensPerSecond = 100000;
    h.addDirect(u"sim/chat"_s, { u"sim"_s });
}

// The value of one unlabelled sample of GET /metrics, -1 when absent.
double metric(GatewayHarness &h, const QString &name)
{
    const GatewayHarness::Reply r = h.send("GET", u"/metrics"_s, {});
    const QRegularExpression re(u"^%1 (\\S+)$"_s.arg(QRegularExpression::escape(name)),
                                QRegularExpression::MultilineOption);
    const QRegularExpressionMatch m = re.match(QString::fromUtf8(r.body));
    return m.hasMatch() ? m.captured(1).toDouble() : -1;
}

qint64 receiptRows(const QString &path)
{
    auto db = Store::Database::open(path, Store::Database::Mode::ReadOnly);
    return db ? Store::ReceiptReader(**db).count() : -1;
}

} // namespace

void tst_ReceiptBacklog::init()
{
    s_failingLines.storeRelaxed(0);
    s_droppingLines.storeRelaxed(0);
    s_recoveredLines.storeRelaxed(0);
    s_previousHandler = qInstallMessageHandler(countingHandler);
}

void tst_ReceiptBacklog::cleanup()
{
    qInstallMessageHandler(s_previousHandler);
}

void tst_ReceiptBacklog::fullDiskKeepsServingAndWritesQueuedReceiptsLater_R_RCPT_1_R_OBS_1()
{
    GatewayHarness h;
    addInstantModel(h);
    QVERIFY(h.start());
    Store::ReceiptWriter *writer = h.writer();
    QCOMPARE(h.chat(u"sim/chat"_s).status, 200);
    QCOMPARE(h.receiptCount(), 1);

    // The disk is full: not one page more than the file has now.
    const Util::Result<qint64> cap = writer->setMaxPageCount(1);
    QVERIFY(cap);
    QStringList ids;
    // Calls until the writer's inserts run out of room (the last pages' free space is used first).
    for (int i = 0; i < 5000 && !(writer->backlog().failing && writer->backlog().queued >= 20);
         ++i) {
        const GatewayHarness::Reply r = h.chat(u"sim/chat"_s);
        QCOMPARE(r.status, 200);
        ids << r.requestId();
    }
    QVERIFY(writer->backlog().failing);
    // Still serving while every write fails.
    for (int i = 0; i < 10; ++i) {
        const GatewayHarness::Reply r = h.chat(u"sim/chat"_s);
        QCOMPARE(r.status, 200);
        ids << r.requestId();
    }
    const Store::ReceiptBacklog failing = writer->backlog();
    QVERIFY(failing.failing);
    QVERIFY2(failing.queued >= 30, qPrintable(QString::number(failing.queued)));
    QCOMPARE(failing.dropped, 0);
    QCOMPARE(metric(h, u"switchboard_receipts_queued"_s), double(failing.queued));
    QCOMPARE(metric(h, u"switchboard_receipt_writes_failing"_s), 1.0);
    QCOMPARE(metric(h, u"switchboard_receipts_dropped_total"_s), 0.0);
    QCOMPARE(metric(h, u"switchboard_receipts_queue_limit"_s),
             double(Store::ReceiptWriter::kDefaultQueueLimit));
    QVERIFY(receiptRows(writer->path()) < 1 + ids.size());
    // The studio's live figures carry the backlog (its status bar words them).
    QSignalSpy stats(h.service.get(), &Gateway::GatewayService::statsChanged);
    QVERIFY(stats.wait(5000));
    QVERIFY(stats.last().at(0).value<Gateway::LiveStats>().receipts.failing);

    // The disk has room again: every queued receipt is written, none lost.
    QVERIFY(writer->setMaxPageCount(1 << 30));
    QTRY_COMPARE_WITH_TIMEOUT(writer->backlog().queued, 0, 20000);
    QVERIFY(!writer->backlog().failing);
    QCOMPARE(receiptRows(writer->path()), 1 + ids.size());
    for (const QString &id : std::as_const(ids))
        QVERIFY2(h.receipt(id), qPrintable(id));
    QCOMPARE(metric(h, u"switchboard_receipts_queued"_s), 0.0);
    QCOMPARE(metric(h, u"switchboard_receipt_writes_failing"_s), 0.0);
    // Said once when writing began failing and once when it worked again, not once per retry.
    QCOMPARE(s_failingLines.loadRelaxed(), 1);
    QCOMPARE(s_recoveredLines.loadRelaxed(), 1);
    QCOMPARE(s_droppingLines.loadRelaxed(), 0);
}

void tst_ReceiptBacklog::beyondTheQueueLimitReceiptsAreDroppedAndCounted_R_RCPT_1_R_OBS_1()
{
    // Above what sequential calls gather during the writer's 20 ms pause, so that only the full
    // disk fills the queue.
    constexpr qint64 kLimit = 100;
    GatewayHarness h;
    addInstantModel(h);
    h.writer()->setQueueLimit(kLimit);
    QVERIFY(h.start());
    Store::ReceiptWriter *writer = h.writer();
    QCOMPARE(h.chat(u"sim/chat"_s).status, 200);
    QCOMPARE(h.receiptCount(), 1);
    QVERIFY(writer->setMaxPageCount(1));
    int answered = 1;
    for (int i = 0; i < 5000 && !writer->backlog().failing; ++i) {
        QCOMPARE(h.chat(u"sim/chat"_s).status, 200);
        ++answered;
    }
    QVERIFY(writer->backlog().failing);
    for (int i = 0; i < 5000 && writer->backlog().dropped < 15; ++i) {
        QCOMPARE(h.chat(u"sim/chat"_s).status, 200);
        ++answered;
    }
    const Store::ReceiptBacklog full = writer->backlog();
    QVERIFY(full.failing);
    QCOMPARE(full.queued, kLimit);
    QCOMPARE(full.dropped, 15);
    QCOMPARE(metric(h, u"switchboard_receipts_queued"_s), double(kLimit));
    QCOMPARE(metric(h, u"switchboard_receipts_dropped_total"_s), 15.0);
    QCOMPARE(metric(h, u"switchboard_receipts_queue_limit"_s), double(kLimit));

    QVERIFY(writer->setMaxPageCount(1 << 30));
    QTRY_COMPARE_WITH_TIMEOUT(writer->backlog().queued, 0, 20000);
    // Exactly the dropped ones are missing; the counter keeps its total.
    QCOMPARE(receiptRows(writer->path()), answered - 15);
    QCOMPARE(writer->backlog().dropped, 15);
    QCOMPARE(metric(h, u"switchboard_receipts_dropped_total"_s), 15.0);
    QCOMPARE(s_failingLines.loadRelaxed(), 1);
    QCOMPARE(s_droppingLines.loadRelaxed(), 1);
}

QTEST_MAIN(tst_ReceiptBacklog)
#include "tst_receiptbacklog.moc"
