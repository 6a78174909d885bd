// The Calls screen with receipts of several gateway instances in one database: the Instance
// column and chooser show once two instances have stored calls, the chooser narrows the rows, and
// the drawer names the call's instance.
#include "pgdatabase.h"
#include "tst_callsfixture.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QHeaderView>
#include <QLocale>
#include <QSettings>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>
#include <calls/callsdrawer.h>
#include <calls/callsfilterbar.h>
#include <calls/callsscreen.h>
#include <calls/callstablemodel.h>
#include <common/translations.h>

using namespace Qt::StringLiterals;
using Ui::Calls::CallsScreen;
using Ui::Calls::CallsTableModel;

namespace {

QStringList shownIds(const CallsScreen &screen)
{
    QStringList ids;
    const CallsTableModel *m = screen.tableModel();
    for (int i = 0; i < m->rowCount(); ++i)
        ids << m->receiptRow(i).requestId;
    return ids;
}

// What the Instance column shows, row by row.
QStringList shownInstances(const CallsScreen &screen)
{
    QStringList texts;
    const CallsTableModel *m = screen.tableModel();
    for (int i = 0; i < m->rowCount(); ++i)
        texts << m->index(i, CallsTableModel::InstanceColumn).data().toString();
    return texts;
}

QStringList items(const QComboBox *box)
{
    QStringList texts;
    for (int i = 0; i < box->count(); ++i)
        texts << box->itemText(i);
    return texts;
}

// Two gateways' writers on one database (gw-a and gw-b), and the studio's read connection.
struct TwoGateways
{
    TempDatabase temp;
    Store::ReceiptWriter a { temp.path() };
    Store::ReceiptWriter b { temp.path() };
    std::unique_ptr<Store::Database> db;
    std::unique_ptr<Store::ReceiptReader> reader;
    std::unique_ptr<CallsScreen> screen;

    bool start()
    {
        a.setInstance(u"gw-a"_s);
        b.setInstance(u"gw-b"_s);
        return a.start().ok() && b.start().ok();
    }

    static bool write(Store::ReceiptWriter &writer, const QList<Domain::Receipt> &receipts)
    {
        for (const Domain::Receipt &r : receipts)
            writer.submit(r);
        return writer.flush().ok();
    }

    bool show()
    {
        auto opened = Store::Database::open(temp.path(), Store::Database::Mode::ReadOnly);
        if (!opened.ok())
            return false;
        db = std::move(opened).value();
        reader = std::make_unique<Store::ReceiptReader>(*db);
        screen = std::make_unique<CallsScreen>(reader.get(), nullptr);
        screen->setNow([] { return CallsFixture::baseTime().addSecs(60); });
        screen->tableModel()->setLiveDelay(0);
        screen->resize(1400, 600);
        screen->show();
        return QTest::qWaitForWindowExposed(screen.get());
    }
};

} // namespace

class tst_CallsInstances : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(u"switchboard-tests"_s);
        QCoreApplication::setApplicationName(u"tst_callsinstances"_s);
        QSettings().clear();
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY(Ui::Common::installEnglishPlurals());
    }

    // One gateway: its name on every row would say nothing, so neither column nor chooser shows;
    // the drawer still names it.
    void oneInstanceKeepsTheTableAsItWas()
    {
        TwoGateways g;
        QVERIFY(g.start());
        QVERIFY(TwoGateways::write(g.a, CallsFixture::fiveCalls()));
        QVERIFY(g.show());
        QCOMPARE(shownIds(*g.screen).size(), 5);
        QVERIFY(g.screen->tableView()->isColumnHidden(CallsTableModel::InstanceColumn));
        QVERIFY(!g.screen->filterBar()->instanceBox()->isVisibleTo(g.screen.get()));
        g.screen->selectRequestId(u"req_failover"_s);
        g.screen->openDrawer();
        QCOMPARE(g.screen->drawer()->detailText(u"Instance"_s), u"gw-a"_s);
    }

    void twoInstancesShowColumnAndFilter()
    {
        const QList<Domain::Receipt> calls = CallsFixture::fiveCalls();
        TwoGateways g;
        QVERIFY(g.start());
        // Oldest first: first, failover, fallback by gw-a; failed, region by gw-b.
        QVERIFY(TwoGateways::write(g.a, calls.mid(0, 3)));
        QVERIFY(TwoGateways::write(g.b, calls.mid(3)));
        QVERIFY(g.show());
        QTableView *view = g.screen->tableView();
        QVERIFY(!view->isColumnHidden(CallsTableModel::InstanceColumn));
        QVERIFY(view->columnWidth(CallsTableModel::InstanceColumn) > 0);
        QCOMPARE(
            g.screen->tableModel()->headerData(CallsTableModel::InstanceColumn, Qt::Horizontal),
            u"Instance"_s);
        QCOMPARE(shownIds(*g.screen),
                 (QStringList { u"req_region"_s, u"req_failed"_s, u"req_fallback"_s,
                                u"req_failover"_s, u"req_first"_s }));
        QCOMPARE(shownInstances(*g.screen),
                 (QStringList { u"gw-b"_s, u"gw-b"_s, u"gw-a"_s, u"gw-a"_s, u"gw-a"_s }));

        if (const QString dir = qEnvironmentVariable("SWITCHBOARD_SCREENSHOTS"); !dir.isEmpty())
            QVERIFY(g.screen->grab().save(QDir(dir).filePath(u"calls-instances.png"_s)));
        QComboBox *instance = g.screen->filterBar()->instanceBox();
        QVERIFY(instance->isVisibleTo(g.screen.get()));
        QCOMPARE(items(instance), (QStringList { u"All instances"_s, u"gw-a"_s, u"gw-b"_s }));
        instance->setCurrentIndex(instance->findText(u"gw-b"_s));
        QCOMPARE(shownIds(*g.screen), (QStringList { u"req_region"_s, u"req_failed"_s }));
        QCOMPARE(g.screen->totalText(), u"2 calls shown"_s);
        // With another filter: none of gw-a's calls failed.
        Ui::Calls::CallsFilterBar *bar = g.screen->filterBar();
        instance->setCurrentIndex(instance->findText(u"gw-a"_s));
        QCOMPARE(shownIds(*g.screen),
                 (QStringList { u"req_fallback"_s, u"req_failover"_s, u"req_first"_s }));
        bar->statusBox()->setCurrentIndex(bar->statusBox()->findText(u"Failed"_s));
        QVERIFY(shownIds(*g.screen).isEmpty());
        bar->statusBox()->setCurrentIndex(0);
        instance->setCurrentIndex(0);
        QCOMPARE(shownIds(*g.screen).size(), 5);
        QCOMPARE(g.screen->tableModel()->filter().instance, QString());
    }

    // The studio's own gateway has a name of its own: its first call beside another gateway's
    // receipts brings the column and the chooser.
    void liveCallOfASecondInstanceShowsTheColumn()
    {
        TwoGateways g;
        QVERIFY(g.start());
        QVERIFY(TwoGateways::write(g.a, CallsFixture::fiveCalls()));
        QVERIFY(g.show());
        g.screen->attachWriter(&g.b);
        QVERIFY(g.screen->tableView()->isColumnHidden(CallsTableModel::InstanceColumn));
        Domain::Receipt live = CallsFixture::servedFirstTime();
        live.requestId = u"req_live"_s;
        QVERIFY(TwoGateways::write(g.b, { live }));
        QTRY_COMPARE(shownIds(*g.screen).value(0), u"req_live"_s);
        QVERIFY(!g.screen->tableView()->isColumnHidden(CallsTableModel::InstanceColumn));
        QCOMPARE(shownInstances(*g.screen).value(0), u"gw-b"_s);
        QCOMPARE(items(g.screen->filterBar()->instanceBox()),
                 (QStringList { u"All instances"_s, u"gw-a"_s, u"gw-b"_s }));
        QVERIFY(g.screen->filterBar()->instanceBox()->isVisibleTo(g.screen.get()));
    }

    // On PostgreSQL the studio's own gateway is not the only writer: other gateways' calls show
    // within a second without a signal, and a row whose id was handed out before a newer row's but
    // committed after it is put in its place, not lost (R-UI-5).
    void otherGatewaysCallsShowLiveInTheirPlace()
    {
        PgDatabase pg;
        REQUIRE_POSTGRES(pg);
        Store::ReceiptWriter other(pg.url());
        other.setInstance(u"gw-b"_s);
        QVERIFY(other.start().ok());
        QVERIFY(TwoGateways::write(other, CallsFixture::fiveCalls()));
        auto opened = Store::Database::open(pg.url(), Store::Database::Mode::ReadOnly);
        QVERIFY(opened.ok());
        const std::unique_ptr<Store::Database> db = std::move(opened).value();
        Store::ReceiptReader reader(*db);
        QVERIFY(!reader.commitsInIdOrder());
        CallsScreen screen(&reader, nullptr);
        screen.setNow([] { return CallsFixture::baseTime().addSecs(60); });
        screen.resize(1400, 600);
        screen.show();
        QVERIFY(QTest::qWaitForWindowExposed(&screen));
        QCOMPARE(shownIds(screen).size(), 5);

        // A third gateway's batch takes its id and stays open (a transaction in flight).
        auto third = Store::Database::open(pg.url());
        QVERIFY(third.ok());
        QSqlDatabase late = (*third)->handle();
        QVERIFY(late.transaction());
        QSqlQuery insert(late);
        QVERIFY(insert.exec(
            u"INSERT INTO receipt (request_id, started_at, endpoint, stream, model_asked, "
            "http_status, error_class, status_class, attempts_count, input_tokens, output_tokens, "
            "cost, hold_total, latency_ms, first_byte_ms, instance) SELECT 'req_late', started_at, "
            "endpoint, stream, model_asked, http_status, error_class, status_class, "
            "attempts_count, input_tokens, output_tokens, cost, hold_total, latency_ms, "
            "first_byte_ms, 'gw-c' FROM receipt ORDER BY id DESC LIMIT 1"_s));

        Domain::Receipt after = CallsFixture::servedFirstTime();
        after.requestId = u"req_after"_s;
        QVERIFY(TwoGateways::write(other, { after }));
        QTRY_COMPARE_WITH_TIMEOUT(shownIds(screen).value(0), u"req_after"_s,
                                  5 * CallsTableModel::kPollMs);
        QVERIFY(!shownIds(screen).contains(u"req_late"_s));

        QVERIFY(late.commit());
        QTRY_COMPARE_WITH_TIMEOUT(shownIds(screen).mid(0, 2),
                                  (QStringList { u"req_after"_s, u"req_late"_s }),
                                  5 * CallsTableModel::kPollMs);
        QCOMPARE(shownIds(screen).size(), 7);
        QCOMPARE(shownIds(screen).count(u"req_late"_s), 1);
        QCOMPARE(shownInstances(screen).value(1), u"gw-c"_s);

        // The database goes away: a read says so where the count is, and the rows stay.
        QVERIFY(pg.admin(u"ALTER DATABASE %1 ALLOW_CONNECTIONS false"_s.arg(pg.name())));
        QVERIFY(pg.admin(u"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                         "datname = '%1'"_s.arg(pg.name())));
        screen.reload();
        QVERIFY2(screen.totalText().contains(u"database did not answer"_s),
                 qPrintable(screen.totalText()));
        QCOMPARE(shownIds(screen).size(), 7);
        QVERIFY(pg.admin(u"ALTER DATABASE %1 ALLOW_CONNECTIONS true"_s.arg(pg.name())));
        screen.reload();
        QCOMPARE(screen.totalText(), u"7 calls shown"_s);

        // A screen opened while the database does not answer reads it all once it does.
        auto second = Store::Database::open(pg.url(), Store::Database::Mode::ReadOnly);
        QVERIFY(second.ok());
        Store::ReceiptReader secondReader(**second);
        QVERIFY(pg.admin(u"ALTER DATABASE %1 ALLOW_CONNECTIONS false"_s.arg(pg.name())));
        QVERIFY(pg.admin(u"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                         "datname = '%1'"_s.arg(pg.name())));
        CallsScreen afterwards(&secondReader, nullptr);
        QVERIFY2(afterwards.totalText().contains(u"database did not answer"_s),
                 qPrintable(afterwards.totalText()));
        QCOMPARE(shownIds(afterwards).size(), 0);
        QVERIFY(pg.admin(u"ALTER DATABASE %1 ALLOW_CONNECTIONS true"_s.arg(pg.name())));
        QTRY_COMPARE_WITH_TIMEOUT(shownIds(afterwards).size(), 7, 20 * CallsTableModel::kPollMs);
        QCOMPARE(afterwards.totalText(), u"7 calls shown"_s);
    }
};

QTEST_MAIN(tst_CallsInstances)
#include "tst_callsinstances.moc"
