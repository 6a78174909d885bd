#include "tst_callsfixture.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFont>
#include <QHeaderView>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QProgressDialog>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <calls/callsdrawer.h>
#include <calls/callsfilterbar.h>
#include <calls/callsscreen.h>
#include <calls/callstablemodel.h>
#include <common/translations.h>
#include <common/workspacesession.h>
#include <explain/routeexplainer.h>
#include <gateway/gatewaymonitor.h>
#include <mainwindow/mainwindow.h>

using namespace Qt::StringLiterals;
using Ui::Calls::CallsScreen;
using Ui::Calls::CallsTableModel;

namespace {

Domain::Workspace workspace()
{
    Domain::Workspace ws;
    ws.providers
        = { { u"openai"_s, u"OpenAI"_s }, { u"azure"_s, u"Azure"_s }, { u"simulator"_s, {} } };
    ws.connections = { { u"openai-2"_s, u"openai"_s },
                       { u"azure-eu"_s, u"azure"_s },
                       { u"sim-east"_s, u"simulator"_s } };
    for (const QString &name : { u"demo/chat"_s, u"demo/small"_s }) {
        Domain::Model m;
        m.name = name;
        ws.models << m;
    }
    return ws;
}

QStringList shownIds(const CallsScreen &screen)
{
    QStringList ids;
    const CallsTableModel *m = screen.tableModel();
    for (int i = 0; i < m->rowCount(); ++i)
        ids << m->receiptRow(i).requestId;
    return ids;
}

void clickRow(CallsScreen &screen, int row)
{
    QTableView *view = screen.tableView();
    const QRect rect = view->visualRect(screen.tableModel()->index(row, 1));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, rect.center());
}

void clickHeader(CallsScreen &screen, int column)
{
    QHeaderView *header = screen.tableView()->horizontalHeader();
    const int x = header->sectionViewportPosition(column) + header->sectionSize(column) / 2;
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(x, header->height() / 2));
}

QList<qint64> shownLatencies(const CallsScreen &screen)
{
    QList<qint64> values;
    const CallsTableModel *m = screen.tableModel();
    for (int i = 0; i < m->rowCount(); ++i)
        values << m->receiptRow(i).latencyMs;
    return values;
}

// n receipts with latencies that are not in time order (i * 37 % 1000).
QList<Domain::Receipt> manyCalls(int n)
{
    QList<Domain::Receipt> many;
    for (int i = 0; i < n; ++i) {
        Domain::Receipt r = CallsFixture::servedFirstTime();
        r.requestId = u"req_%1"_s.arg(i, 5, 10, QChar(u'0'));
        r.startedAt = CallsFixture::baseTime().addSecs(i - n);
        r.latencyMs = (i * 37) % 1000;
        many << r;
    }
    return many;
}

} // namespace

class tst_CallsScreen : public QObject
{
    Q_OBJECT

private:
    struct Fixture
    {
        CallsFixture::Store store;
        Ui::Common::WorkspaceSession session;
        std::unique_ptr<CallsScreen> screen;

        bool open(const QList<Domain::Receipt> &receipts)
        {
            if (!store.open(receipts))
                return false;
            session.load(workspace(), 1);
            screen = std::make_unique<CallsScreen>(store.reader.get(), &session);
            screen->setNow([] { return CallsFixture::baseTime().addSecs(60); });
            screen->tableModel()->setLiveDelay(0);
            screen->attachWriter(store.writer.get());
            screen->resize(1200, 600);
            screen->show();
            return QTest::qWaitForWindowExposed(screen.get());
        }
    };

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(u"switchboard-tests"_s);
        QCoreApplication::setApplicationName(u"tst_callsscreen"_s);
        QSettings().clear();
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY(Ui::Common::installEnglishPlurals()); // "1 call shown", as the studio says it
    }

    void listsCallsNewestFirst_R_UI_5()
    {
        Fixture f;
        QVERIFY(f.open(CallsFixture::fiveCalls()));
        QCOMPARE(shownIds(*f.screen),
                 (QStringList { u"req_region"_s, u"req_failed"_s, u"req_fallback"_s,
                                u"req_failover"_s, u"req_first"_s }));
        QCOMPARE(f.screen->totalText(), u"5 calls shown"_s);
        QVERIFY(!f.screen->isDrawerOpen());
    }

    void clickOpensDrawer_R_UI_5_data()
    {
        QTest::addColumn<QString>("requestId");
        QTest::addColumn<QString>("subtitle");
        QTest::addColumn<QString>("servedBy");
        QTest::newRow("served first time") << u"req_first"_s << u"1 attempt · 310 ms · 200"_s
                                           << u"Served by: openai-2 (openai) · openai-2/gpt-4o · "
                                              "upstream gpt-4o"_s;
        QTest::newRow("failed over") << u"req_failover"_s << u"2 attempts · 1,240 ms · 200"_s
                                     << u"Served by: azure-eu (azure) · azure-eu/gpt-4o · "
                                        "upstream gpt-4o"_s;
        QTest::newRow("fell back") << u"req_fallback"_s << u"2 attempts · 640 ms · 200"_s
                                   << u"Served by: sim-east (simulator) · sim-east/small · "
                                      "upstream gpt-4o"_s;
        QTest::newRow("failed") << u"req_failed"_s << u"3 attempts · 7,400 ms · 503"_s
                                << u"Served by: none (last reached openai-2)"_s;
        QTest::newRow("region") << u"req_region"_s << u"0 attempts · 2 ms · 400"_s
                                << u"Served by: none"_s;
    }

    void clickOpensDrawer_R_UI_5()
    {
        QFETCH(QString, requestId);
        QFETCH(QString, subtitle);
        QFETCH(QString, servedBy);
        Fixture f;
        QVERIFY(f.open(CallsFixture::fiveCalls()));
        clickRow(*f.screen, f.screen->tableModel()->rowOfRequestId(requestId));
        QVERIFY(f.screen->isDrawerOpen());
        QCOMPARE(f.screen->drawer()->titleText(), u"Call %1"_s.arg(requestId));
        QCOMPARE(f.screen->drawer()->subtitleText(), subtitle);
        QCOMPARE(f.screen->drawer()->servedByText(), servedBy);
    }

    void arrowsFollowEscCloses_R_UI_5()
    {
        Fixture f;
        QVERIFY(f.open(CallsFixture::fiveCalls()));
        clickRow(*f.screen, 0);
        QCOMPARE(f.screen->drawer()->titleText(), u"Call req_region"_s);
        QTest::keyClick(f.screen->tableView(), Qt::Key_Down);
        QCOMPARE(f.screen->drawer()->titleText(), u"Call req_failed"_s);
        QCOMPARE(f.screen->drawer()->attemptTexts().size(), 3);
        QTest::keyClick(f.screen->tableView(), Qt::Key_Down);
        QCOMPARE(f.screen->drawer()->titleText(), u"Call req_fallback"_s);
        QTest::keyClick(f.screen->tableView(), Qt::Key_Escape);
        QVERIFY(!f.screen->isDrawerOpen());
        QCOMPARE(f.screen->selectedRequestId(), u"req_fallback"_s);
        // Enter opens it again on the current row.
        QTest::keyClick(f.screen->tableView(), Qt::Key_Return);
        QVERIFY(f.screen->isDrawerOpen());
        QCOMPARE(f.screen->drawer()->titleText(), u"Call req_fallback"_s);
    }

    void filtersByClicks_R_UI_5()
    {
        Fixture f;
        QVERIFY(f.open(CallsFixture::fiveCalls()));
        Ui::Calls::CallsFilterBar *bar = f.screen->filterBar();
        bar->statusBox()->setCurrentIndex(bar->statusBox()->findText(u"Failed"_s));
        QCOMPARE(shownIds(*f.screen), (QStringList { u"req_region"_s, u"req_failed"_s }));
        bar->statusBox()->setCurrentIndex(0);
        bar->servedByBox()->setCurrentIndex(bar->servedByBox()->findText(u"azure-eu"_s));
        QCOMPARE(shownIds(*f.screen), QStringList { u"req_failover"_s });
        bar->servedByBox()->setCurrentIndex(0);
        bar->modelBox()->setCurrentIndex(bar->modelBox()->findText(u"demo/small"_s));
        QCOMPARE(shownIds(*f.screen), QStringList { u"req_fallback"_s });
        bar->modelBox()->setCurrentIndex(0);
        bar->errorBox()->setCurrentIndex(bar->errorBox()->findText(u"transport"_s));
        QCOMPARE(shownIds(*f.screen), QStringList { u"req_failed"_s });
        bar->errorBox()->setCurrentIndex(0);
        // "Last hour" counts back from now (base + 60 s here): every fixture call is inside it.
        bar->rangeBox()->setCurrentIndex(bar->rangeBox()->findText(u"Last hour"_s));
        QCOMPARE(shownIds(*f.screen).size(), 5);
        QTest::keyClicks(bar->requestIdEdit(), u"req_first"_s);
        QTest::keyClick(bar->requestIdEdit(), Qt::Key_Return);
        QCOMPARE(shownIds(*f.screen), QStringList { u"req_first"_s });
    }

    // The endpoint filter, chosen by keyboard as a user would: Tab from the model filter, then the
    // arrow keys through its readable names.
    void filtersByEndpoint_R_UI_5()
    {
        QList<Domain::Receipt> calls = CallsFixture::fiveCalls();
        calls[1].endpoint = Domain::Endpoint::Messages; // req_failover
        calls[2].endpoint = Domain::Endpoint::Responses; // req_fallback
        calls[4].endpoint = Domain::Endpoint::Embeddings; // req_region
        Fixture f;
        QVERIFY(f.open(calls));
        QVERIFY(QTest::qWaitForWindowActive(f.screen.get()));
        Ui::Calls::CallsFilterBar *bar = f.screen->filterBar();
        QComboBox *endpoint = bar->endpointBox();
        QStringList names;
        for (int i = 0; i < endpoint->count(); ++i)
            names << endpoint->itemText(i);
        QCOMPARE(names,
                 (QStringList { u"All endpoints"_s, u"Chat completions"_s, u"Messages"_s,
                                u"Responses"_s, u"Embeddings"_s }));
        bar->modelBox()->setFocus(Qt::TabFocusReason);
        QTest::keyClick(bar->modelBox(), Qt::Key_Tab);
        QVERIFY(endpoint->hasFocus());
        const QList<QStringList> expected {
            { u"req_failed"_s, u"req_first"_s }, // chat completions
            { u"req_failover"_s }, // messages
            { u"req_fallback"_s }, // responses
            { u"req_region"_s }, // embeddings
        };
        for (const QStringList &ids : expected) {
            QTest::keyClick(endpoint, Qt::Key_Down);
            QCOMPARE(shownIds(*f.screen), ids);
        }
        QCOMPARE(f.screen->tableModel()->filter().endpoint,
                 std::optional(Domain::Endpoint::Embeddings));
        if (const QString dir = qEnvironmentVariable("SWITCHBOARD_SCREENSHOTS"); !dir.isEmpty())
            QVERIFY(f.screen->grab().save(QDir(dir).filePath(u"calls-endpoint-filter.png"_s)));
        // With another filter: an embedding that failed.
        bar->statusBox()->setCurrentIndex(bar->statusBox()->findText(u"Failed"_s));
        QCOMPARE(shownIds(*f.screen), QStringList { u"req_region"_s });
        bar->statusBox()->setCurrentIndex(0);
        endpoint->setCurrentIndex(0);
        QCOMPARE(shownIds(*f.screen).size(), 5);
        QCOMPARE(f.screen->tableModel()->filter().endpoint, std::nullopt);
    }

    // The kind filter, reached by Tab from the endpoint filter: callers' calls, the gateway's
    // probes, rehearsals. A probe's row says so beside its model, in italics, and its drawer
    // names its kind; the count speaks of one call, not "1 calls".
    void filtersByKind_R_UI_5()
    {
        QList<Domain::Receipt> calls = CallsFixture::fiveCalls();
        calls[1].kind = Domain::CallKind::Probe; // req_failover
        calls[4].kind = Domain::CallKind::Rehearsal; // req_region
        Fixture f;
        QVERIFY(f.open(calls));
        QVERIFY(QTest::qWaitForWindowActive(f.screen.get()));
        CallsTableModel *model = f.screen->tableModel();
        const int probeRow = model->rowOfRequestId(u"req_failover"_s);
        const QModelIndex asked = model->index(probeRow, CallsTableModel::ModelAskedColumn);
        QCOMPARE(asked.data().toString(), u"demo/chat · probe"_s);
        QVERIFY(asked.data(Qt::FontRole).value<QFont>().italic());
        QVERIFY(
            !model->index(model->rowOfRequestId(u"req_first"_s), 0).data(Qt::FontRole).isValid());
        const int rehearsalRow = model->rowOfRequestId(u"req_region"_s);
        QVERIFY(model->index(rehearsalRow, CallsTableModel::ModelAskedColumn)
                    .data()
                    .toString()
                    .endsWith(u" · rehearsal"_s));
        if (const QString dir = qEnvironmentVariable("SWITCHBOARD_SCREENSHOTS"); !dir.isEmpty()) {
            clickRow(*f.screen, probeRow);
            QCoreApplication::processEvents();
            QVERIFY(f.screen->grab().save(QDir(dir).filePath(u"calls-probe.png"_s)));
        }

        Ui::Calls::CallsFilterBar *bar = f.screen->filterBar();
        QComboBox *kind = bar->kindBox();
        QStringList names;
        for (int i = 0; i < kind->count(); ++i)
            names << kind->itemText(i);
        QCOMPARE(names, (QStringList { u"All kinds"_s, u"Calls"_s, u"Probes"_s, u"Rehearsals"_s }));
        bar->endpointBox()->setFocus(Qt::TabFocusReason);
        QTest::keyClick(bar->endpointBox(), Qt::Key_Tab);
        QVERIFY(kind->hasFocus());
        const QList<QStringList> expected {
            { u"req_failed"_s, u"req_fallback"_s, u"req_first"_s }, // callers' calls
            { u"req_failover"_s }, // probes
            { u"req_region"_s }, // rehearsals
        };
        for (const QStringList &ids : expected) {
            QTest::keyClick(kind, Qt::Key_Down);
            QCOMPARE(shownIds(*f.screen), ids);
        }
        QCOMPARE(f.screen->totalText(), u"1 call shown"_s);
        QCOMPARE(model->filter().kind, std::optional(Domain::CallKind::Rehearsal));
        QTest::keyClick(kind, Qt::Key_Up);
        clickRow(*f.screen, 0);
        QCOMPARE(f.screen->drawer()->detailText(u"Kind"_s),
                 u"Probe: a reliability probe the gateway sent itself, not caller traffic"_s);
        kind->setCurrentIndex(0);
        QCOMPARE(shownIds(*f.screen).size(), 5);
        QCOMPARE(model->filter().kind, std::nullopt);
    }

    // Long choices (a long model name, longer words in another language) shorten the filters
    // instead of setting the window's least width: each may shrink to a few letters, elided.
    void filtersShortenInANarrowWindow_R_UI_5()
    {
        Ui::Calls::CallsFilterBar bar;
        bar.setModels({ u"team/a-model-with-a-rather-long-name-for-a-filter"_s });
        const int preferred = bar.sizeHint().width();
        QVERIFY2(bar.minimumSizeHint().width() < preferred - 300,
                 qPrintable(u"%1 of %2"_s.arg(bar.minimumSizeHint().width()).arg(preferred)));
        bar.resize(bar.minimumSizeHint());
        bar.show();
        QVERIFY(QTest::qWaitForWindowExposed(&bar));
        for (QComboBox *box : { bar.modelBox(), bar.endpointBox(), bar.kindBox(), bar.servedByBox(),
                                bar.statusBox(), bar.errorBox(), bar.rangeBox() })
            QVERIFY(box->width() >= box->minimumSizeHint().width());
        QVERIFY(bar.modelBox()->width() < bar.modelBox()->sizeHint().width());
    }

    void filterKeepsSelection_R_UI_5()
    {
        Fixture f;
        QVERIFY(f.open(CallsFixture::fiveCalls()));
        clickRow(*f.screen, f.screen->tableModel()->rowOfRequestId(u"req_failed"_s));
        Ui::Calls::CallsFilterBar *bar = f.screen->filterBar();
        bar->statusBox()->setCurrentIndex(bar->statusBox()->findText(u"Failed"_s));
        QCOMPARE(f.screen->selectedRequestId(), u"req_failed"_s);
        QCOMPARE(f.screen->drawer()->titleText(), u"Call req_failed"_s);
    }

    void liveCallKeepsSelection_R_UI_5()
    {
        Fixture f;
        QVERIFY(f.open(CallsFixture::fiveCalls()));
        clickRow(*f.screen, f.screen->tableModel()->rowOfRequestId(u"req_failover"_s));
        Domain::Receipt live = CallsFixture::servedFirstTime();
        live.requestId = u"req_live"_s;
        live.startedAt = CallsFixture::baseTime().addSecs(55);
        QVERIFY(f.store.write({ live }));
        QTRY_COMPARE(f.screen->tableModel()->rowCount(), 6);
        QCOMPARE(shownIds(*f.screen).first(), u"req_live"_s);
        QCOMPARE(f.screen->tableModel()->index(0, CallsTableModel::TimeColumn).data().toString(),
                 u"5 s ago"_s);
        QCOMPARE(f.screen->selectedRequestId(), u"req_failover"_s);
        QCOMPARE(f.screen->drawer()->titleText(), u"Call req_failover"_s);
    }

    void liveCallKeepsScrollPosition_R_UI_5()
    {
        QList<Domain::Receipt> many;
        for (int i = 0; i < 150; ++i) {
            Domain::Receipt r = CallsFixture::servedFirstTime();
            r.requestId = u"req_%1"_s.arg(i, 3, 10, QChar(u'0'));
            many << r;
        }
        Fixture f;
        QVERIFY(f.open(many));
        QTableView *view = f.screen->tableView();
        view->verticalScrollBar()->setValue(40);
        const QString topBefore
            = view->indexAt(QPoint(2, 2)).data(CallsTableModel::RequestIdRole).toString();
        QCOMPARE(topBefore, u"req_109"_s);
        f.screen->tableModel()->setPageSize(100);
        f.screen->reload();
        view->verticalScrollBar()->setValue(40);
        QCOMPARE(f.screen->totalText(), u"100 calls shown; scroll for older calls"_s);
        Domain::Receipt live = CallsFixture::servedFirstTime();
        live.requestId = u"req_live"_s;
        QVERIFY(f.store.write({ live }));
        QTRY_COMPARE(f.screen->tableModel()->rowCount(), 101);
        QCOMPARE(view->indexAt(QPoint(2, 2)).data(CallsTableModel::RequestIdRole).toString(),
                 topBefore);
        QCOMPARE(f.screen->totalText(), u"101 calls shown; scroll for older calls"_s);
    }

    void modelTab_R_UI_1()
    {
        Fixture f;
        QVERIFY(f.open(CallsFixture::fiveCalls()));
        f.screen->setFixedModel(u"demo/small"_s);
        QCOMPARE(shownIds(*f.screen), QStringList { u"req_fallback"_s });
        QVERIFY(!f.screen->filterBar()->modelBox()->isVisible());
        // Seed 000: "Open Calls and select the call".
        QVERIFY(f.screen->selectRequestId(u"req_fallback"_s));
        QVERIFY(!f.screen->selectRequestId(u"req_first"_s));
    }

    void drawerWidthRemembered_R_UI_5()
    {
        {
            Fixture f;
            QVERIFY(f.open(CallsFixture::fiveCalls()));
            clickRow(*f.screen, 0);
            const QList<int> sizes = f.screen->splitter()->sizes();
            f.screen->splitter()->setSizes({ sizes.value(0) + sizes.value(1) - 333, 333 });
            QTest::keyClick(f.screen->tableView(), Qt::Key_Escape);
        }
        Fixture f;
        QVERIFY(f.open(CallsFixture::fiveCalls()));
        clickRow(*f.screen, 0);
        QCOMPARE(f.screen->splitter()->sizes().value(1), 333);
    }

    void explainFromDrawer_R_UI_8()
    {
        Fixture f;
        QVERIFY(f.open(CallsFixture::fiveCalls()));
        clickRow(*f.screen, f.screen->tableModel()->rowOfRequestId(u"req_region"_s));
        QTest::mouseClick(f.screen->drawer()->explainButton(), Qt::LeftButton);
        QVERIFY(f.screen->explainerDialog());
        QVERIFY(f.screen->explainerDialog()->isVisible());
        const Routing::RequestSummary r = f.screen->explainerDialog()->explainer()->request();
        QCOMPARE(r.model, u"demo/chat"_s);
        QCOMPARE(r.regionHeaderLines, QStringList { u"ap-south-1"_s });
        QCOMPARE(r.keyId, QString()); // key_demo is not a key of this workspace: "No key"
    }

    // At the studio's default window size the Calls screen shows time, model asked,
    // model served, status, attempts and latency, in that order, without scrolling sideways, even
    // with model names longer than the column can hold.
    void keyColumnsVisibleAtDefaultWindowSize_R_UI_5_data()
    {
        QTest::addColumn<bool>("drawerOpen");
        QTest::newRow("drawer closed") << false;
        QTest::newRow("drawer open") << true;
    }

    void keyColumnsVisibleAtDefaultWindowSize_R_UI_5()
    {
        QSettings().clear();
        QList<Domain::Receipt> receipts = CallsFixture::fiveCalls();
        Domain::Receipt verbose = CallsFixture::servedFirstTime();
        verbose.requestId = u"req_verbose"_s;
        verbose.modelAsked = u"experimental-vendor/a-very-long-model-name-2026-11-30-preview"_s;
        verbose.modelServed = verbose.modelAsked;
        verbose.servedBy = u"a-connection-with-a-long-name-in-eu-west-1"_s;
        receipts << verbose;
        CallsFixture::Store store;
        QVERIFY(store.open(receipts));
        Ui::Common::WorkspaceSession session;
        session.load(workspace(), 1);
        Ui::GatewayControl::GatewayMonitor monitor;
        Ui::Main::ScreenContext context;
        context.session = &session;
        context.monitor = &monitor;
        context.databasePath = store.temp.path();
        Ui::Main::MainWindow window(context);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.size(), QSize(1200, 760)); // the default, no geometry remembered
        window.showScreen(u"calls"_s);
        auto *calls = qobject_cast<CallsScreen *>(window.screen(u"calls"_s));
        QVERIFY(calls);
        QTRY_COMPARE(calls->tableModel()->rowCount(), 6);
        QFETCH(bool, drawerOpen);
        if (drawerOpen) {
            clickRow(*calls, calls->tableModel()->rowOfRequestId(u"req_failed"_s));
            QVERIFY(calls->isDrawerOpen());
        }
        QCoreApplication::processEvents();
        if (const QString dir = qEnvironmentVariable("SWITCHBOARD_SCREENSHOTS"); !dir.isEmpty()) {
            QVERIFY(window.grab().save(QDir(dir).filePath(drawerOpen ? u"calls-default-drawer.png"_s
                                                                     : u"calls-default.png"_s)));
        }
        QTableView *view = calls->tableView();
        QHeaderView *header = view->horizontalHeader();
        const QList<int> key {
            CallsTableModel::TimeColumn,        CallsTableModel::ModelAskedColumn,
            CallsTableModel::ModelServedColumn, CallsTableModel::StatusColumn,
            CallsTableModel::AttemptsColumn,    CallsTableModel::LatencyColumn
        };
        for (int i = 0; i < key.size(); ++i) {
            QCOMPARE(header->visualIndex(key.at(i)), i);
            QVERIFY2(header->sectionSize(key.at(i)) >= view->fontMetrics().horizontalAdvance(
                         header->model()->headerData(key.at(i), Qt::Horizontal).toString()),
                     qPrintable(QString::number(key.at(i))));
        }
        QCOMPARE(view->horizontalScrollBar()->value(), 0);
        const int right = header->sectionViewportPosition(CallsTableModel::LatencyColumn)
            + header->sectionSize(CallsTableModel::LatencyColumn);
        QVERIFY2(right <= view->viewport()->width(),
                 qPrintable(u"latency ends at %1, the table is %2 wide"_s.arg(right).arg(
                     view->viewport()->width())));
    }

    // Widths (and the order of columns) the user set are there again on the next run, and new
    // rows arriving do not fit them away.
    void columnWidthsRemembered_R_UI_5()
    {
        QSettings().clear();
        const int served = CallsTableModel::ServedByColumn;
        int fitted = 0;
        {
            Fixture f;
            QVERIFY(f.open(CallsFixture::fiveCalls()));
            fitted = f.screen->tableView()->columnWidth(served);
            f.screen->tableView()->horizontalHeader()->resizeSection(served, fitted + 77);
            f.screen->tableView()->horizontalHeader()->moveSection(
                f.screen->tableView()->horizontalHeader()->visualIndex(CallsTableModel::CostColumn),
                6);
            f.screen->setNow([] { return CallsFixture::baseTime().addSecs(3600); });
            QCOMPARE(f.screen->tableView()->columnWidth(served), fitted + 77);
        }
        Fixture again;
        QVERIFY(again.open(CallsFixture::fiveCalls()));
        QCOMPARE(again.screen->tableView()->columnWidth(served), fitted + 77);
        QCOMPARE(
            again.screen->tableView()->horizontalHeader()->visualIndex(CallsTableModel::CostColumn),
            6);
        QSettings().clear();
    }

    // A click on a key column's header sorts the calls in SQL (every page, not only the
    // rows loaded), a second click reverses, other columns do not sort, and the order is there
    // again on the next run.
    void headerClickSortsAndIsRemembered_R_UI_5()
    {
        QSettings().clear();
        const QList<Domain::Receipt> calls = manyCalls(450);
        QList<qint64> ascending;
        for (const Domain::Receipt &r : calls)
            ascending << r.latencyMs;
        std::sort(ascending.begin(), ascending.end());
        {
            Fixture f;
            QVERIFY(f.open(calls));
            QHeaderView *header = f.screen->tableView()->horizontalHeader();
            QCOMPARE(header->sortIndicatorSection(), int(CallsTableModel::TimeColumn));
            QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
            QCOMPARE(shownIds(*f.screen).first(), u"req_00449"_s);

            clickHeader(*f.screen, CallsTableModel::LatencyColumn);
            QCOMPARE(header->sortIndicatorSection(), int(CallsTableModel::LatencyColumn));
            const Qt::SortOrder first = header->sortIndicatorOrder();
            CallsTableModel *model = f.screen->tableModel();
            while (model->canFetchMore({}))
                model->fetchMore({});
            QList<qint64> want = ascending;
            if (first == Qt::DescendingOrder)
                std::reverse(want.begin(), want.end());
            QCOMPARE(shownLatencies(*f.screen), want);

            clickHeader(*f.screen, CallsTableModel::LatencyColumn);
            QCOMPARE(header->sortIndicatorOrder(),
                     first == Qt::AscendingOrder ? Qt::DescendingOrder : Qt::AscendingOrder);
            while (model->canFetchMore({}))
                model->fetchMore({});
            std::reverse(want.begin(), want.end());
            QCOMPARE(shownLatencies(*f.screen), want);

            // Tokens are not a sort key: the click leaves the order (and its indicator) alone.
            clickHeader(*f.screen, CallsTableModel::TokensInColumn);
            QCOMPARE(header->sortIndicatorSection(), int(CallsTableModel::LatencyColumn));
            QCOMPARE(model->sortColumn(), int(CallsTableModel::LatencyColumn));
        }
        Fixture again;
        QVERIFY(again.open(calls));
        QHeaderView *header = again.screen->tableView()->horizontalHeader();
        QCOMPARE(header->sortIndicatorSection(), int(CallsTableModel::LatencyColumn));
        const QList<qint64> shown = shownLatencies(*again.screen);
        QVERIFY(!shown.isEmpty());
        QCOMPARE(shown.first(),
                 header->sortIndicatorOrder() == Qt::AscendingOrder ? ascending.first()
                                                                    : ascending.last());
        QVERIFY(std::is_sorted(shown.cbegin(), shown.cend())
                || std::is_sorted(shown.crbegin(), shown.crend()));
        QSettings().clear();
    }

    // The sort without a mouse: the Sort button's menu (Alt+S) names the key columns.
    void sortMenuByKeyboard_R_UI_5()
    {
        QSettings().clear();
        Fixture f;
        QVERIFY(f.open(CallsFixture::fiveCalls()));
        QToolButton *button = f.screen->sortButton();
        QVERIFY(button->text().contains(u"Time"_s));
        QCOMPARE(button->shortcut(), QKeySequence(u"Alt+S"_s)); // the mnemonic of "&Sort"
        QAction *attempts = nullptr;
        QStringList names;
        for (QAction *a : button->menu()->actions()) {
            names << a->text();
            if (a->text() == u"Att"_s)
                attempts = a;
        }
        QVERIFY2(attempts, qPrintable(names.join(u", "_s)));
        QVERIFY(!names.contains(u"Cost"_s));
        attempts->trigger();
        QCOMPARE(f.screen->tableModel()->sortColumn(), int(CallsTableModel::AttemptsColumn));
        QCOMPARE(f.screen->tableModel()->sortOrder(), Qt::DescendingOrder); // most attempts first
        QCOMPARE(f.screen->tableView()->horizontalHeader()->sortIndicatorSection(),
                 int(CallsTableModel::AttemptsColumn));
        int last = std::numeric_limits<int>::max();
        for (int i = 0; i < f.screen->tableModel()->rowCount(); ++i) {
            QVERIFY(f.screen->tableModel()->receiptRow(i).attempts <= last);
            last = f.screen->tableModel()->receiptRow(i).attempts;
        }
        QSettings().clear();
    }

    // Sorted other than newest first, a live call does not jump into the rows being read: a
    // "1 new call — Refresh" button appears, and its click shows the call in its place.
    void liveCallWhileSortedWaitsForRefresh_R_UI_5()
    {
        QSettings().clear();
        Fixture f;
        QVERIFY(f.open(CallsFixture::fiveCalls()));
        clickHeader(*f.screen, CallsTableModel::LatencyColumn);
        QCOMPARE(f.screen->tableModel()->sortColumn(), int(CallsTableModel::LatencyColumn));
        const QStringList before = shownIds(*f.screen);
        Domain::Receipt live = CallsFixture::servedFirstTime();
        live.requestId = u"req_live"_s;
        live.latencyMs = 1; // first or last in either direction
        QVERIFY(f.store.write({ live }));
        QTRY_VERIFY(f.screen->pendingButton()->isVisible());
        // "1 new call — Refresh" with the English plural forms.
        QVERIFY2(f.screen->pendingButton()->text().startsWith(u"1 new call"_s),
                 qPrintable(f.screen->pendingButton()->text()));
        QCOMPARE(shownIds(*f.screen), before);
        if (const QString dir = qEnvironmentVariable("SWITCHBOARD_SCREENSHOTS"); !dir.isEmpty())
            QVERIFY(f.screen->grab().save(QDir(dir).filePath(u"calls-sorted-pending.png"_s)));
        QTest::mouseClick(f.screen->pendingButton(), Qt::LeftButton);
        QVERIFY(!f.screen->pendingButton()->isVisible());
        QCOMPARE(f.screen->tableModel()->rowCount(), 6);
        const QStringList after = shownIds(*f.screen);
        QVERIFY(after.first() == u"req_live"_s || after.last() == u"req_live"_s);
        QSettings().clear();
    }

    // Cancel in the progress of a filter stops the SQLite read; the rows and the filter
    // choices of before stay. (The dialog shows at once here: setProgressDelay(0).)
    void cancelledFilterKeepsPreviousRows_R_UI_5()
    {
        QSettings().clear();
        Fixture f;
        QVERIFY(f.open(manyCalls(3000)));
        f.screen->setProgressDelay(0);
        clickHeader(*f.screen, CallsTableModel::LatencyColumn); // sorts every match: a long read
        const QStringList before = shownIds(*f.screen);
        QCOMPARE(before.size(), 200);
        bool sawDialog = false;
        QTimer canceller;
        connect(&canceller, &QTimer::timeout, f.screen.get(), [&] {
            if (auto *dialog = f.screen->findChild<QProgressDialog *>(u"callsProgress"_s)) {
                if (dialog->isVisible()) {
                    sawDialog = true;
                    dialog->cancel();
                }
            }
        });
        canceller.start(0);
        QComboBox *status = f.screen->filterBar()->statusBox();
        const int was = status->currentIndex();
        status->setCurrentIndex(1); // "Served first time": every row matches, all sorted
        canceller.stop();
        QVERIFY(sawDialog);
        QCOMPARE(shownIds(*f.screen), before);
        QCOMPARE(status->currentIndex(), was);
        QCOMPARE(f.screen->tableModel()->filter().statusClass, std::nullopt);
        // Not cancelled, the same filter applies.
        status->setCurrentIndex(1);
        QCOMPARE(f.screen->tableModel()->filter().statusClass,
                 std::optional(Domain::StatusClass::Ok));
        QCOMPARE(f.screen->tableModel()->rowCount(), 200);
        QSettings().clear();
    }

    // Not a check: writes docs/screenshots/calls.png when SWITCHBOARD_SCREENSHOTS names a folder.
    void screenshot()
    {
        const QString dir = qEnvironmentVariable("SWITCHBOARD_SCREENSHOTS");
        if (dir.isEmpty())
            QSKIP("SWITCHBOARD_SCREENSHOTS is not set");
        QApplication::setStyle(u"Fusion"_s);
        Fixture f;
        QVERIFY(f.open(CallsFixture::fiveCalls()));
        f.screen->resize(1400, 620);
        clickRow(*f.screen, f.screen->tableModel()->rowOfRequestId(u"req_failed"_s));
        QVERIFY(f.screen->isDrawerOpen());
        QCoreApplication::processEvents();
        QVERIFY(f.screen->grab().save(QDir(dir).filePath(u"calls.png"_s)));
    }
};

QTEST_MAIN(tst_CallsScreen)
#include "tst_callsscreen.moc"
