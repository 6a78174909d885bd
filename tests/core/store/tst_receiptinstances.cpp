// Receipts of several gateway instances in one database: each writer names its instance on every
// receipt, and the Calls view's instance filter pages through exactly one instance's receipts in
// every order, on both engines.
#include "store/database.h"
#include "store/receiptreader.h"
#include "store/receiptstats.h"
#include "store/receiptwriter.h"

#include <QSqlQuery>
#include <QTest>
#include <algorithm>
#include <pgdatabase.h>
#include <receiptfactory.h>

using namespace Qt::StringLiterals;
using Store::ReceiptFilter;
using Store::ReceiptReader;
using Store::ReceiptRow;
using Store::ReceiptSort;
using Store::ReceiptWriter;

namespace {

const QDateTime kBase(QDate(2026, 12, 1), QTime(9, 0), Qt::UTC);
constexpr int kCount = 240;

// Receipt i: the instance that writes it cycles in runs of different lengths, so the ids of each
// instance interleave with the others'; every 11th was written before instances were named.
QString writerOf(int i)
{
    if (i % 11 == 5)
        return {};
    return (i / 7) % 3 == 1 ? u"gw-b"_s : u"gw-a"_s;
}

Domain::Receipt receipt(int i)
{
    const QStringList models { u"openai/gpt-4o"_s, u"anthropic/claude"_s };
    return makeReceipt(u"req_%1"_s.arg(i, 4, 10, QChar(u'0')), kBase.addSecs(i), models.at(i % 2),
                       u"sim"_s, 100 + (i * 37) % 400, 1 + i % 2,
                       i % 5 == 0 ? Domain::ErrorClass::Overloaded : Domain::ErrorClass::None);
}

QStringList ids(const QList<ReceiptRow> &rows)
{
    QStringList result;
    for (const ReceiptRow &row : rows)
        result << row.requestId;
    return result;
}

// Every page of a keyset walk, newest first.
QList<ReceiptRow> walkPages(const ReceiptReader &reader, const ReceiptFilter &filter, int size)
{
    QList<ReceiptRow> all;
    qint64 before = 0;
    for (int guard = 0; guard < 1000; ++guard) {
        const QList<ReceiptRow> page = reader.page(filter, before, size);
        if (page.isEmpty() || page.size() > size)
            return all;
        all << page;
        before = page.constLast().rowId;
    }
    return {};
}

// Every sorted page, each continuing after the cursor the one before left.
QList<ReceiptRow> walkSorted(const ReceiptReader &reader, const ReceiptFilter &filter,
                             const ReceiptSort &sort, int size)
{
    QList<ReceiptRow> all;
    std::optional<Store::ReceiptCursor> after;
    for (int guard = 0; guard < 1000; ++guard) {
        Store::ReceiptCursor last;
        const QList<ReceiptRow> page = reader.sortedPage(filter, sort, after, 0, size, &last);
        if (page.isEmpty() || page.size() > size)
            return all;
        all << page;
        after = last;
    }
    return {};
}

} // namespace

class tst_ReceiptInstances : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data() { addEngineRows(); }
    void init();
    void cleanup() { m_db.reset(); }

    void eachWriterNamesItsInstance();
    void filterPagesThroughOneInstance_data();
    void filterPagesThroughOneInstance();
    void sortedPagesUnderAnInstanceFilter_data();
    void sortedPagesUnderAnInstanceFilter();
    void recentInstances();
    void dashboardCountsEachInstance();
    void readsGoOnAfterTheServerDroppedTheConnection();

private:
    // Writes the receipts through three writers on the same database: gw-a, gw-b and one that
    // names no instance (a gateway before instances were named), each committing its run before
    // the next writer's starts.
    void writeAll();
    // The expected request ids newest first of the receipts of `instance` passing `extra`.
    static QStringList expected(const QString &instance, const std::function<bool(int)> &extra);

    std::unique_ptr<EngineDatabase> m_db;
    QList<ReceiptRow> m_writtenA; // receiptsWritten of gw-a's writer
};

void tst_ReceiptInstances::init()
{
    REQUIRE_ENGINE();
    m_db = std::make_unique<EngineDatabase>();
    QVERIFY(m_db->isValid());
    m_writtenA.clear();
}

void tst_ReceiptInstances::writeAll()
{
    ReceiptWriter a(m_db->path());
    ReceiptWriter b(m_db->path());
    ReceiptWriter unnamed(m_db->path());
    a.setInstance(u"gw-a"_s);
    b.setInstance(u"gw-b"_s);
    // Queued to this thread, where the writer's signal reaches the studio's table too.
    QObject::connect(&a, &ReceiptWriter::receiptsWritten, this,
                     [this](const QList<ReceiptRow> &rows) { m_writtenA << rows; });
    QVERIFY(a.start().ok());
    QVERIFY(b.start().ok());
    QVERIFY(unnamed.start().ok());
    for (int i = 0; i < kCount; ++i) {
        const QString instance = writerOf(i);
        ReceiptWriter &writer = instance.isEmpty() ? unnamed : instance == u"gw-a"_s ? a : b;
        writer.submit(receipt(i));
        // The next receipt goes to another writer: this one's must be stored first, so that the
        // ids follow i.
        if (writerOf(i + 1) != instance)
            QVERIFY(writer.flush().ok());
    }
    QVERIFY(a.flush().ok());
}

QStringList tst_ReceiptInstances::expected(const QString &instance,
                                           const std::function<bool(int)> &extra)
{
    QStringList result;
    for (int i = kCount - 1; i >= 0; --i) {
        if (writerOf(i) == instance && (!extra || extra(i)))
            result << receipt(i).requestId;
    }
    return result;
}

void tst_ReceiptInstances::eachWriterNamesItsInstance()
{
    writeAll();
    auto db = Store::Database::open(m_db->path(), Store::Database::Mode::ReadOnly);
    QVERIFY(db);
    ReceiptReader reader(**db);
    for (int i : { 0, 5, 7, 8 }) {
        const std::optional<Domain::Receipt> stored
            = reader.receiptByRequestId(receipt(i).requestId);
        QVERIFY(stored);
        QCOMPARE(stored->instance, writerOf(i));
    }
    const QList<ReceiptRow> rows = reader.page({}, 0, kCount);
    QCOMPARE(rows.size(), kCount);
    for (const ReceiptRow &row : rows)
        QCOMPARE(row.instance, writerOf(row.requestId.mid(4).toInt()));
    // The live rows the studio inserts name the writer's instance too.
    QTRY_COMPARE(m_writtenA.size(), expected(u"gw-a"_s, {}).size());
    for (const ReceiptRow &row : std::as_const(m_writtenA))
        QCOMPARE(row.instance, u"gw-a"_s);
}

void tst_ReceiptInstances::filterPagesThroughOneInstance_data()
{
    QTest::addColumn<QString>("instance");
    QTest::addColumn<int>("pageSize");
    QTest::addColumn<QString>("also"); // another filter with it
    for (const QString &instance : { u"gw-a"_s, u"gw-b"_s }) {
        for (const QString &also : { u""_s, u"failed"_s, u"model"_s, u"time"_s }) {
            QTest::addRow("%s %s", qPrintable(instance), qPrintable(also))
                << instance << (also.isEmpty() ? 13 : 5) << also;
        }
    }
    QTest::newRow("no such instance") << u"gw-c"_s << 10 << QString();
}

void tst_ReceiptInstances::filterPagesThroughOneInstance()
{
    QFETCH(QString, instance);
    QFETCH(int, pageSize);
    QFETCH(QString, also);
    writeAll();
    ReceiptFilter filter;
    filter.instance = instance;
    std::function<bool(int)> extra;
    if (also == u"failed"_s) {
        filter.statusClass = Domain::StatusClass::Failed;
        extra = [](int i) { return i % 5 == 0; };
    } else if (also == u"model"_s) {
        filter.model = u"anthropic/claude"_s;
        extra = [](int i) { return i % 2 == 1; };
    } else if (also == u"time"_s) {
        filter.from = kBase.addSecs(100);
        extra = [](int i) { return i >= 100; };
    }
    const QStringList want = expected(instance, extra);
    auto db = Store::Database::open(m_db->path(), Store::Database::Mode::ReadOnly);
    QVERIFY(db);
    ReceiptReader reader(**db);
    QCOMPARE(ids(walkPages(reader, filter, pageSize)), want);
    QCOMPARE(reader.count(filter), qint64(want.size()));
    // Live updates under the filter: the rows after the 30th receipt, none of another instance.
    const qint64 after = reader.receiptByRequestId(receipt(29).requestId)->rowId;
    const QStringList newer
        = expected(instance, [&extra](int i) { return i >= 30 && (!extra || extra(i)); });
    QCOMPARE(ids(reader.newerThan(filter, after, kCount)), newer);
    QCOMPARE(reader.countNewerThan(filter, after, kCount), qint64(newer.size()));
}

void tst_ReceiptInstances::sortedPagesUnderAnInstanceFilter_data()
{
    QTest::addColumn<int>("key");
    QTest::addColumn<bool>("descending");
    QTest::addColumn<qint64>("matchSetRows"); // 0: the sort index walk instead of kept matches
    using Key = ReceiptSort::Key;
    for (const qint64 kept : { ReceiptReader::kMatchSetRows, qint64(0) }) {
        const char *how = kept ? "kept" : "walk";
        QTest::addRow("latency desc, %s", how) << int(Key::Latency) << true << kept;
        QTest::addRow("latency asc, %s", how) << int(Key::Latency) << false << kept;
        QTest::addRow("time asc, %s", how) << int(Key::Time) << false << kept;
        QTest::addRow("attempts desc, %s", how) << int(Key::Attempts) << true << kept;
    }
}

void tst_ReceiptInstances::sortedPagesUnderAnInstanceFilter()
{
    QFETCH(int, key);
    QFETCH(bool, descending);
    QFETCH(qint64, matchSetRows);
    writeAll();
    auto db = Store::Database::open(m_db->path(), Store::Database::Mode::ReadOnly);
    QVERIFY(db);
    ReceiptReader reader(**db);
    reader.setMatchSetRows(matchSetRows);
    ReceiptFilter filter;
    filter.instance = u"gw-b"_s;
    QList<ReceiptRow> want = walkPages(reader, filter, kCount);
    QCOMPARE(ids(want), expected(u"gw-b"_s, {}));
    const ReceiptSort sort { ReceiptSort::Key(key), descending };
    const auto value = [&sort](const ReceiptRow &r) -> qint64 {
        switch (sort.key) {
        case ReceiptSort::Key::Latency:
            return r.latencyMs;
        case ReceiptSort::Key::Attempts:
            return r.attempts;
        default:
            return r.rowId;
        }
    };
    std::sort(want.begin(), want.end(), [&](const ReceiptRow &l, const ReceiptRow &r) {
        const auto a = std::make_pair(value(l), l.rowId);
        const auto b = std::make_pair(value(r), r.rowId);
        return descending ? b < a : a < b;
    });
    QCOMPARE(ids(walkSorted(reader, filter, sort, 7)), ids(want));
}

void tst_ReceiptInstances::recentInstances()
{
    writeAll();
    auto db = Store::Database::open(m_db->path(), Store::Database::Mode::ReadOnly);
    QVERIFY(db);
    ReceiptReader reader(**db);
    QCOMPARE(reader.recentInstances(), (QStringList { u"gw-a"_s, u"gw-b"_s }));
    // Only the newest receipts are read.
    QVERIFY(!writerOf(kCount - 1).isEmpty());
    QCOMPARE(reader.recentInstances(1), QStringList { writerOf(kCount - 1) });
}

// A PostgreSQL restart ends the studio's reading connections: the next Calls and Dashboard reads
// open theirs again instead of failing until the studio restarts.
void tst_ReceiptInstances::readsGoOnAfterTheServerDroppedTheConnection()
{
    if (currentEngine() != u"postgres"_s)
        QSKIP("PostgreSQL only: an SQLite file has no connection to lose");
    writeAll();
    auto db = Store::Database::open(m_db->path(), Store::Database::Mode::ReadOnly);
    QVERIFY(db);
    ReceiptReader reader(**db);
    const Store::ReceiptStats stats(**db);
    const qint64 before = reader.count();
    QCOMPARE(before, qint64(kCount));
    {
        auto admin = Store::Database::open(m_db->path());
        QVERIFY(admin);
        QSqlQuery kill((*admin)->handle());
        QVERIFY(kill.exec(u"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                          "datname = current_database() AND pid <> pg_backend_pid()"_s));
    }
    QVERIFY(stats.buckets(kBase, 60000, 5, {})); // the Dashboard's read opens it again
    QCOMPARE(reader.count(), before);
}

// The Dashboard's figures count every instance's calls, and one instance's when scoped to it.
void tst_ReceiptInstances::dashboardCountsEachInstance()
{
    writeAll();
    auto db = Store::Database::open(m_db->path(), Store::Database::Mode::ReadOnly);
    QVERIFY(db);
    const Store::ReceiptStats stats(**db);
    const auto calls = [&stats](const QString &instance) -> qint64 {
        Store::StatsFilter filter;
        filter.instance = instance;
        const auto buckets = stats.buckets(kBase, 60000, 5, filter);
        qint64 total = 0;
        for (const Store::StatsBucket &b : buckets ? *buckets : QList<Store::StatsBucket>())
            total += b.calls;
        return buckets ? total : -1;
    };
    QCOMPARE(calls({}), qint64(kCount));
    QCOMPARE(calls(u"gw-a"_s), qint64(expected(u"gw-a"_s, {}).size()));
    QCOMPARE(calls(u"gw-b"_s), qint64(expected(u"gw-b"_s, {}).size()));
    QCOMPARE(calls(u"gw-c"_s), qint64(0));
}

QTEST_GUILESS_MAIN(tst_ReceiptInstances)
#include "tst_receiptinstances.moc"
