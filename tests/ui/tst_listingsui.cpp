// The studio's side of provider listings (docs/listings.md, SPEC §2 step 9): the Providers screen's
// listing source, status and Refresh now, the status bar's failed refresh, the Calls drawer's
// listing times and the workspace's listing settings; real widgets offscreen, a real refresher
// reading a temporary file on the simulated clock.
#include "calls/callsdrawer.h"
#include "common/changepreviewbar.h"
#include "common/format.h"
#include "gateway/gatewaymonitor.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/screenregistry.h"
#include "providers/providersscreen.h"
#include "receiptfactory.h"
#include "simulatedtime.h"
#include "uitestsupport.h"
#include "workspace/workspacesettingsscreen.h"

#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <runtime/listingrefresher.h>

using namespace Qt::StringLiterals;
using namespace Ui;

class tst_ListingsUi : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void providersScreenShowsTheListing_SPEC_2_9();
    void staleListingCountsAsNeither_SPEC_2_9();
    void failedRefreshInTheStatusBarUntilRefreshNow_SPEC_2_9();
    void listingSourceEditedAndValidated();
    void drawerShowsListingTimes_SPEC_2_9();
    void listingSettingsInTheChangeBar();
};

namespace {

QByteArray listing(bool zdr, bool noTraining)
{
    return u"{\"format\":\"switchboard-provider-listing/1\",\"published\":"
           "\"2026-11-28T09:00:00Z\",\"providers\":[{\"id\":\"openai\",\"zeroDataRetention\":%1,"
           "\"noTraining\":%2}]}"_s
               .arg(zdr ? u"true"_s : u"false"_s, noTraining ? u"true"_s : u"false"_s)
               .toUtf8();
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

// The studio fixture with openai's facts set by hand to both, and taken from `source`.
Domain::Workspace listedWorkspace(const QString &source)
{
    Domain::Workspace ws = fixtureWorkspace();
    for (Domain::Provider &p : ws.providers) {
        if (p.id == u"openai"_s) {
            p.zeroDataRetention = true;
            p.noTraining = true;
            p.listingSource = source;
        }
    }
    return ws;
}

int providerRow(Providers::ProvidersScreen &screen, const QString &id)
{
    QTableWidget *t = screen.providerTable();
    for (int r = 0; r < t->rowCount(); ++r) {
        if (t->item(r, Providers::ProvidersScreen::IdColumn)->text() == id)
            return r;
    }
    return -1;
}

QString cell(Providers::ProvidersScreen &screen, const QString &id, int column)
{
    const int row = providerRow(screen, id);
    return row < 0 ? u"(no row)"_s : screen.providerTable()->item(row, column)->text();
}

void screenshot(QWidget *w, const QString &file)
{
    // The layouts' requests, each of which may post its parent's.
    for (int i = 0; i < 4; ++i)
        QCoreApplication::processEvents();
    if (const QString dir = qEnvironmentVariable("SWITCHBOARD_SCREENSHOTS"); !dir.isEmpty())
        QVERIFY(w->grab().save(QDir(dir).filePath(file)));
}

} // namespace

// A fetched listing: its facts, not the hand-set ones, in the table and the form, with the fetch
// time and "fresh".
void tst_ListingsUi::providersScreenShowsTheListing_SPEC_2_9()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"listing.json"_s);
    QVERIFY(writeFile(path, listing(false, true)));
    const Domain::Workspace ws = listedWorkspace(path);
    StudioFixture f;
    QVERIFY(f.open(ws));
    SimulatedTime time;
    Runtime::ListingRefresher refresher(nullptr, &time);
    refresher.setWorkspace(ws);
    refresher.start();
    Providers::ProvidersScreen screen(f.session.get());
    screen.setListings(&refresher);
    screen.resize(1300, 800);
    screen.show();
    QVERIFY(screen.selectProvider(u"openai"_s));

    using S = Providers::ProvidersScreen;
    QCOMPARE(cell(screen, u"openai"_s, S::ZdrColumn), u"no"_s);
    QCOMPARE(cell(screen, u"openai"_s, S::NoTrainingColumn), u"yes"_s);
    QCOMPARE(cell(screen, u"openai"_s, S::SourceColumn),
             u"listing, fetched 2026-11-29 12:00 UTC"_s);
    QCOMPARE(screen.listingSourceEdit()->text(), path);
    QVERIFY(!screen.zdrBox()->isEnabled()); // the listing sets them
    const QString status = screen.listingStatus()->text();
    QVERIFY2(status.contains(u"Fetched 2026-11-29 12:00 UTC"_s), qPrintable(status));
    QVERIFY2(status.contains(u"The listing states zero data retention: no, no training: yes "
                             "(published 2026-11-28 09:00 UTC)"_s),
             qPrintable(status));
    QVERIFY2(status.endsWith(u"Status: fresh"_s), qPrintable(status));
    QVERIFY(screen.listingStatus()->isVisible());
    QVERIFY(screen.refreshListingsButton()->isEnabled());
    screenshot(&screen, u"providers-listing.png"_s);

    // A provider without a source: its hand-set facts, no listing status.
    QVERIFY(screen.selectProvider(u"azure"_s));
    QVERIFY(!screen.listingStatus()->isVisible());
    QVERIFY(!screen.refreshListingsButton()->isVisible());
    QVERIFY(screen.zdrBox()->isEnabled());
}

// Older than the maximum age: neither fact, in the table and the status.
void tst_ListingsUi::staleListingCountsAsNeither_SPEC_2_9()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"listing.json"_s);
    QVERIFY(writeFile(path, listing(true, true)));
    Domain::Workspace ws = listedWorkspace(path);
    ws.listingRefreshMinutes = Domain::Workspace::kListingRefreshMinutes.highest;
    ws.listingMaxAgeHours = 1;
    StudioFixture f;
    QVERIFY(f.open(ws));
    SimulatedTime time;
    Runtime::ListingRefresher refresher(nullptr, &time);
    refresher.setWorkspace(ws);
    refresher.start();
    Providers::ProvidersScreen screen(f.session.get());
    screen.setListings(&refresher);
    screen.resize(1300, 800);
    screen.show();
    QVERIFY(screen.selectProvider(u"openai"_s));
    using S = Providers::ProvidersScreen;
    QCOMPARE(cell(screen, u"openai"_s, S::ZdrColumn), u"yes"_s);

    time.advance(2 * 3600 * 1000);
    QTRY_COMPARE_WITH_TIMEOUT(cell(screen, u"openai"_s, S::ZdrColumn), u"no"_s, 5000);
    QCOMPARE(cell(screen, u"openai"_s, S::NoTrainingColumn), u"no"_s);
    QCOMPARE(cell(screen, u"openai"_s, S::SourceColumn),
             u"listing, fetched 2026-11-29 12:00 UTC: stale, counts as neither"_s);
    const QString status = screen.listingStatus()->text();
    QVERIFY2(status.contains(u"zero data retention: yes, no training: yes"_s), qPrintable(status));
    QVERIFY2(status.endsWith(u"Status: stale (older than 1 h); counts as neither zero data "
                             "retention nor no training"_s),
             qPrintable(status));
    screenshot(&screen, u"providers-listing-stale.png"_s);
}

// A source that cannot be read: the error on the screen and in the status bar; Refresh now, from
// the keyboard, after the file is there clears both.
void tst_ListingsUi::failedRefreshInTheStatusBarUntilRefreshNow_SPEC_2_9()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"listing.json"_s); // not written yet
    const Domain::Workspace ws = listedWorkspace(path);
    StudioFixture f;
    QVERIFY(f.open(ws));
    SimulatedTime time;
    Runtime::ListingRefresher refresher(nullptr, &time);
    refresher.setWorkspace(ws);
    GatewayControl::GatewayMonitor monitor;
    Main::ScreenContext c;
    c.session = f.session.get();
    c.monitor = &monitor;
    c.databasePath = f.temp.path();
    c.listings = &refresher;
    Main::MainWindow window(c);
    window.resize(1300, 800);
    window.show();
    QSignalSpy failed(&refresher, &Runtime::ListingRefresher::refreshFailed);
    refresher.start();
    QCOMPARE(failed.count(), 1);
    const QString error = failed.at(0).at(1).toString();
    QVERIFY(!error.isEmpty());
    QCOMPARE(window.listingFailureText(), u"Listing of openai not refreshed: %1"_s.arg(error));

    window.showScreen(u"providers"_s);
    auto *screen = qobject_cast<Providers::ProvidersScreen *>(window.screen(u"providers"_s));
    QVERIFY(screen);
    QVERIFY(screen->selectProvider(u"openai"_s));
    using S = Providers::ProvidersScreen;
    QCOMPARE(cell(*screen, u"openai"_s, S::ZdrColumn), u"no"_s);
    QCOMPARE(cell(*screen, u"openai"_s, S::SourceColumn), u"listing, not fetched: %1"_s.arg(error));
    QVERIFY2(screen->listingStatus()->text().endsWith(u"Status: last refresh failed: "_s + error),
             qPrintable(screen->listingStatus()->text()));
    screenshot(&window, u"providers-listing-failed.png"_s);

    QVERIFY(writeFile(path, listing(true, false)));
    QPushButton *refresh = screen->refreshListingsButton();
    QVERIFY(refresh->isEnabled());
    QVERIFY(refresh->focusPolicy() & Qt::TabFocus);
    QSignalSpy finished(&refresher, &Runtime::ListingRefresher::finished);
    refresh->setFocus();
    QTest::keyClick(refresh, Qt::Key_Space);
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() >= 1, 5000);
    QCOMPARE(window.listingFailureText(), QString());
    QCOMPARE(cell(*screen, u"openai"_s, S::ZdrColumn), u"yes"_s);
    QCOMPARE(cell(*screen, u"openai"_s, S::NoTrainingColumn), u"no"_s);
    QVERIFY2(screen->listingStatus()->text().endsWith(u"Status: fresh"_s),
             qPrintable(screen->listingStatus()->text()));
}

// The listing source is edited like the other provider fields: previewed, undoable, validated.
void tst_ListingsUi::listingSourceEditedAndValidated()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Providers::ProvidersScreen screen(f.session.get());
    screen.resize(1300, 800);
    screen.show();
    QVERIFY(screen.selectProvider(u"openai"_s));
    QVERIFY(!screen.listingStatus()->isVisible());
    screen.listingSourceEdit()->setFocus();
    QTest::keyClicks(screen.listingSourceEdit(), u"listing.json"_s);
    QCOMPARE(f.session->edited().provider(u"openai"_s)->listingSource, u"listing.json"_s);
    const QString changes = screen.previewBar()->changeLines().join(u'\n');
    QVERIFY2(changes.contains(u"Listing source"_s), qPrintable(changes));
    QVERIFY(screen.listingSourceError()->isVisible());
    QVERIFY2(screen.listingSourceError()->text().contains(u"Listing source of provider openai"_s),
             qPrintable(screen.listingSourceError()->text()));
    // Without a refresher the listing is never fetched: neither fact.
    QVERIFY(screen.listingStatus()->isVisible());
    QVERIFY(!screen.refreshListingsButton()->isEnabled());
    QCOMPARE(cell(screen, u"openai"_s, Providers::ProvidersScreen::ZdrColumn), u"no"_s);
    screenshot(&screen, u"providers-listing-invalid.png"_s);

    while (f.session->undoStack()->canUndo())
        f.session->undoStack()->undo();
    QCOMPARE(screen.listingSourceEdit()->text(), QString());
    QVERIFY(!screen.listingSourceError()->isVisible());
    QVERIFY(screen.previewBar()->changeLines().isEmpty());
}

// A receipt whose call applied a ZDR or no-training rule names its listings' fetch times.
void tst_ListingsUi::drawerShowsListingTimes_SPEC_2_9()
{
    const QDateTime started(QDate(2026, 11, 29), QTime(12, 30), Qt::UTC);
    Domain::Receipt r = makeReceipt(u"req_listed"_s, started, u"gpt"_s, u"openai-1"_s, 120);
    const QDateTime fetched(QDate(2026, 11, 29), QTime(11, 0), Qt::UTC);
    r.listings << Domain::ListingTime { u"openai"_s, fetched }
               << Domain::ListingTime { u"azure"_s, {} };
    Calls::CallsDrawer drawer;
    drawer.resize(520, 800);
    drawer.show();
    drawer.setReceipt(r);
    QCOMPARE(drawer.detailText(u"Listings"_s),
             u"openai: fetched at %1\nazure: never fetched"_s.arg(Common::exactTime(fetched)));
    screenshot(&drawer, u"drawer-listings.png"_s);
    drawer.setReceipt(makeReceipt(u"req_plain"_s, started, u"gpt"_s, u"openai-1"_s, 120));
    QCOMPARE(drawer.detailText(u"Listings"_s), QString());
}

// The refresh interval and the maximum age are edited like every workspace setting.
void tst_ListingsUi::listingSettingsInTheChangeBar()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Workspace::WorkspaceSettingsScreen screen(f.session.get());
    screen.resize(900, 1100);
    screen.show();
    QCOMPARE(screen.listingRefreshSpin()->value(), 60);
    QCOMPARE(screen.listingMaxAgeSpin()->value(), 48);
    QCOMPARE(screen.listingRefreshSpin()->minimum(),
             Domain::Workspace::kListingRefreshMinutes.lowest);
    screen.listingRefreshSpin()->setValue(15);
    screen.listingMaxAgeSpin()->setValue(24);
    QCOMPARE(f.session->edited().listingRefreshMinutes, 15);
    QCOMPARE(f.session->edited().listingMaxAgeHours, 24);
    const QString changes = Common::changeLines(f.session->changes()).join(u'\n');
    QVERIFY2(changes.contains(u"Listing refresh, minutes"_s), qPrintable(changes));
    QVERIFY2(changes.contains(u"Listing maximum age, hours"_s), qPrintable(changes));
    screenshot(&screen, u"workspace-listings.png"_s);
    f.session->undoStack()->undo();
    QCOMPARE(screen.listingMaxAgeSpin()->value(), 48);
    QCOMPARE(screen.listingRefreshSpin()->value(), 15);
}

QTEST_MAIN(tst_ListingsUi)
#include "tst_listingsui.moc"
