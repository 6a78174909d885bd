#include "common/editcommands.h"
#include "common/theme.h"
#include "gateway/gatewaymonitor.h"
#include "mainwindow/mainwindow.h"
#include "uitestsupport.h"
#include "workspace/importjob.h"

#include <QAbstractButton>
#include <QDir>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QProgressBar>
#include <QProgressDialog>
#include <QPushButton>
#include <QSemaphore>
#include <QSettings>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <config/workspacejson.h>
#include <receiptfactory.h>
#include <store/database.h>
#include <store/receiptwriter.h>

using namespace Qt::StringLiterals;
using namespace Ui;

namespace {

struct Window
{
    StudioFixture f;
    GatewayControl::GatewayMonitor monitor;
    std::unique_ptr<Main::MainWindow> window;

    bool open()
    {
        if (!f.open(fixtureWorkspace()))
            return false;
        Main::ScreenContext c;
        c.session = f.session.get();
        c.monitor = &monitor;
        c.databasePath = f.temp.path();
        window = std::make_unique<Main::MainWindow>(c);
        window->show();
        window->activateWindow();
        return QTest::qWaitForWindowActive(window.get());
    }
};

} // namespace

class tst_MainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void navigationShowsRegisteredScreens_R_UI_1();
    void ctrlNumberSwitchesScreens_R_UI_1();
    void unsavedStateInTitleAndStatus_R_UI_4();
    void undoSaveShortcuts_R_UI_4();
    void statusSentence_R_UI_11_data();
    void statusSentence_R_UI_11();
    void statusSentenceTellsOfUnwrittenReceipts_R_RCPT_1();
    void closeAsksWithUnsavedChanges_R_UI_4();
    void lastScreenRemembered_R_UI_1();
    void themeChoice_R_UI_1();
    void pruningShowsProgressAndCancels_R_RCPT_1();
    void cancelledImportLeavesTheWorkspace_R_CLI_2();
    void refusedImportSaysWhy_R_CLI_2();
    void budgetPastTheAlertShareShowsInTheStatusBar_R_BILL_3();
};

void tst_MainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"SwitchboardTest"_s);
    QSettings().clear();
}

void tst_MainWindow::navigationShowsRegisteredScreens_R_UI_1()
{
    Window w;
    QVERIFY(w.open());
    const QList<Main::ScreenEntry> entries = Main::screens();
    QCOMPARE(w.window->navigation()->count(), entries.size());
    for (int i = 0; i < entries.size(); ++i) {
        QCOMPARE(w.window->navigation()->item(i)->text(), entries.at(i).title);
        QVERIFY(w.window->screen(entries.at(i).id));
    }
    for (const QString &id :
         { u"models"_s, u"connections"_s, u"keys"_s, u"history"_s, u"gateway"_s })
        QVERIFY2(w.window->screenIds().contains(id), qPrintable(id));
    QCOMPARE(w.window->navigation()->item(0)->text(), u"Models"_s);
}

void tst_MainWindow::ctrlNumberSwitchesScreens_R_UI_1()
{
    Window w;
    QVERIFY(w.open());
    for (const Main::ScreenEntry &e : Main::screens()) {
        if (e.shortcut < 0)
            continue; // reached from the navigation list and the View menu
        QTest::keyClick(w.window.get(), Qt::Key(Qt::Key_0 + e.shortcut), Qt::ControlModifier);
        QCOMPARE(w.window->currentScreenId(), e.id);
    }
    QTest::keyClick(w.window.get(), Qt::Key_1, Qt::ControlModifier);
    QCOMPARE(w.window->currentScreenId(), u"models"_s);
}

void tst_MainWindow::unsavedStateInTitleAndStatus_R_UI_4()
{
    Window w;
    QVERIFY(w.open());
    QVERIFY(w.window->windowTitle().contains(u"[*]"_s));
    QVERIFY(!w.window->isWindowModified());
    QCOMPARE(w.window->statusText(), u"○ Gateway off (--no-gateway) · 0 unsaved changes"_s);
    Common::WorkspaceSession &s = *w.f.session;
    s.push(new Common::SetWeightCommand(&s, u"demo/chat"_s, 0, 5));
    QVERIFY(w.window->isWindowModified());
    QCOMPARE(w.window->statusText(), u"○ Gateway off (--no-gateway) · 1 unsaved change"_s);
    w.monitor.setAvailable(true);
    GatewayControl::LiveFigures figures;
    figures.running = true;
    figures.address = u"127.0.0.1:8640"_s;
    figures.callsPerSecond = 12.0;
    figures.inFlight = 2;
    figures.coolingDown = 1;
    w.monitor.setFigures(figures);
    QCOMPARE(
        w.window->statusText(),
        u"● Gateway running on 127.0.0.1:8640 · 12 calls/s · 1 cooling down · 1 unsaved change"_s);
}

void tst_MainWindow::undoSaveShortcuts_R_UI_4()
{
    Window w;
    QVERIFY(w.open());
    Common::WorkspaceSession &s = *w.f.session;
    s.push(new Common::SetWeightCommand(&s, u"demo/chat"_s, 0, 5));
    QTest::keyClick(w.window.get(), Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(!s.isModified());
    QTest::keyClick(w.window.get(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(s.isModified());
    QTest::keyClick(w.window.get(), Qt::Key_S, Qt::ControlModifier);
    QVERIFY(!s.isModified());
    QCOMPARE(w.f.store->versions().size(), 2);
    QVERIFY(!w.window->isWindowModified());
}

void tst_MainWindow::statusSentence_R_UI_11_data()
{
    QTest::addColumn<bool>("available");
    QTest::addColumn<bool>("running");
    QTest::addColumn<double>("rate");
    QTest::addColumn<int>("unsaved");
    QTest::addColumn<QString>("sentence");
    QTest::newRow("running")
        << true << true << 1234.0 << 3
        << u"● Gateway running on 127.0.0.1:8640 · 1,234 calls/s · 2 cooling down · 3 unsaved changes"_s;
    QTest::newRow("slow")
        << true << true << 0.5 << 0
        << u"● Gateway running on 127.0.0.1:8640 · 0.5 calls/s · 2 cooling down · 0 unsaved changes"_s;
    QTest::newRow("stopped") << true << false << 0.0 << 1
                             << u"○ Gateway stopped · 1 unsaved change"_s;
    QTest::newRow("no gateway") << false << false << 0.0 << 0
                                << u"○ Gateway off (--no-gateway) · 0 unsaved changes"_s;
}

void tst_MainWindow::statusSentence_R_UI_11()
{
    QFETCH(bool, available);
    QFETCH(bool, running);
    QFETCH(double, rate);
    QFETCH(int, unsaved);
    QFETCH(QString, sentence);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QCOMPARE(
        Main::MainWindow::statusSentence(available, running, u"127.0.0.1:8640"_s, rate, 2, unsaved),
        sentence);
}

// A full disk (README "Full disk"): the status bar says how many receipts wait in memory
// while writing fails, and how many were dropped beyond the queue's limit.
void tst_MainWindow::statusSentenceTellsOfUnwrittenReceipts_R_RCPT_1()
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    Store::ReceiptBacklog failing;
    failing.queued = 1234;
    failing.limit = 100000;
    failing.failing = true;
    QCOMPARE(Main::MainWindow::statusSentence(true, true, u"127.0.0.1:8640"_s, 2.0, 0, 0, failing),
             u"● Gateway running on 127.0.0.1:8640 · 2.0 calls/s · 0 cooling down · ⚠ Cannot "
             "write receipts: 1,234 waiting in memory · 0 unsaved changes"_s);
    Store::ReceiptBacklog dropped = failing;
    dropped.queued = 100000;
    dropped.dropped = 17;
    QVERIFY(Main::MainWindow::statusSentence(true, true, u"127.0.0.1:8640"_s, 2.0, 0, 0, dropped)
                .contains(u"100,000 waiting in memory · ⚠ 17 receipts dropped · "_s));
    // Written again: the drops stay in sight, the waiting count goes.
    Store::ReceiptBacklog recovered;
    recovered.dropped = 1;
    QCOMPARE(Main::MainWindow::statusSentence(true, false, {}, 0, 0, 1, recovered),
             u"○ Gateway stopped · ⚠ 1 receipt dropped · 1 unsaved change"_s);
    QCOMPARE(Main::MainWindow::statusSentence(true, false, {}, 0, 0, 1, {}),
             u"○ Gateway stopped · 1 unsaved change"_s);
}

void tst_MainWindow::closeAsksWithUnsavedChanges_R_UI_4()
{
    Window w;
    QVERIFY(w.open());
    Common::WorkspaceSession &s = *w.f.session;
    s.push(new Common::SetWeightCommand(&s, u"demo/chat"_s, 0, 5));
    whenModal([](QWidget *dialog) {
        auto *box = qobject_cast<QMessageBox *>(dialog);
        QVERIFY(box);
        box->button(QMessageBox::Cancel)->click();
    });
    QVERIFY(!w.window->close());
    QVERIFY(w.window->isVisible());
    QVERIFY(s.isModified());
    whenModal([](QWidget *dialog) {
        qobject_cast<QMessageBox *>(dialog)->button(QMessageBox::Discard)->click();
    });
    QVERIFY(w.window->close());
    QVERIFY(!s.isModified());
    QCOMPARE(w.f.store->versions().size(), 1);
}

void tst_MainWindow::lastScreenRemembered_R_UI_1()
{
    {
        Window w;
        QVERIFY(w.open());
        w.window->showScreen(u"history"_s);
        QVERIFY(w.window->close());
    }
    Window again;
    QVERIFY(again.open());
    QCOMPARE(again.window->currentScreenId(), u"history"_s);
}

void tst_MainWindow::themeChoice_R_UI_1()
{
    Common::applyTheme(Common::Theme::Dark);
    QVERIFY(Common::isDark(QApplication::palette()));
    QCOMPARE(QApplication::style()->name().toLower(), u"fusion"_s);
    Common::applyTheme(Common::Theme::Light);
    QVERIFY(!Common::isDark(QApplication::palette()));
    QCOMPARE(Common::themeFromName(Common::themeName(Common::Theme::Dark)), Common::Theme::Dark);
    QCOMPARE(Common::themeFromName(u"nonsense"_s), Common::Theme::System);
}

// A long pruning pass shows in the status bar; its Cancel stops the pass between two
// steps (each one transaction): the 2,000 oldest receipts deleted by the first step stay deleted,
// the other 5,000 are kept.
void tst_MainWindow::pruningShowsProgressAndCancels_R_RCPT_1()
{
    Window w;
    QVERIFY(w.f.open(fixtureWorkspace()));
    Store::ReceiptWriter writer(w.f.temp.path());
    QVERIFY(writer.start().ok());
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (int i = 6999; i >= 0; --i)
        writer.submit(makeReceipt(u"r%1"_s.arg(i), now.addSecs(-i), u"demo/chat"_s, u"sim"_s, 10));
    QVERIFY(writer.flush().ok());
    Main::ScreenContext c;
    c.session = w.f.session.get();
    c.monitor = &w.monitor;
    c.databasePath = w.f.temp.path();
    c.receipts = &writer;
    Main::MainWindow window(c);
    window.setProgressDelay(0);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QWidget *progress = window.pruningProgress();
    QVERIFY(!progress->isVisible());

    // The writer thread waits after its first step until the test has clicked Cancel.
    QSemaphore clicked;
    bool first = true;
    connect(
        &writer, &Store::ReceiptWriter::pruningProgress, &writer,
        [&](qint64, qint64) {
            if (std::exchange(first, false))
                clicked.tryAcquire(1, 10000);
        },
        Qt::DirectConnection);
    writer.setRetention({ 0, 100 });
    QTRY_VERIFY(progress->isVisible());
    QCOMPARE(progress->findChild<QProgressBar *>()->text(), u"2,000 of 6,900"_s);
    if (const QString dir = qEnvironmentVariable("SWITCHBOARD_SCREENSHOTS"); !dir.isEmpty())
        QVERIFY(window.grab().save(QDir(dir).filePath(u"pruning-progress.png"_s)));
    QTest::mouseClick(progress->findChild<QPushButton *>(u"cancelPruning"_s), Qt::LeftButton);
    clicked.release();
    QTRY_VERIFY(!progress->isVisible());
    QVERIFY(writer.flush().ok());
    writer.stop();
    auto db = Store::Database::open(w.f.temp.path(), Store::Database::Mode::ReadOnly);
    QVERIFY(db);
    QSqlQuery q((*db)->handle());
    QVERIFY(q.exec(u"SELECT COUNT(*), MIN(request_id) FROM receipt WHERE request_id LIKE 'r%'"_s));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toInt(), 5000);
}

namespace {

QString writeWorkspaceFile(const QTemporaryDir &dir, const QByteArray &json)
{
    const QString path = dir.filePath(u"import.json"_s);
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(json) == json.size() ? path : QString();
}

Workspace::ImportJob::Outcome outcomeOf(const QSignalSpy &finished)
{
    return finished.at(0).at(0).value<Workspace::ImportJob::Outcome>();
}

} // namespace

// File → Import runs as a job: the file is read and checked in a thread behind a progress dialog
// (step 1 of 2 while the thread is held there). Cancel leaves the workspace as it was (no edit,
// nothing to undo), also once the thread has ended. Without Cancel the same file is imported as
// one undoable edit.
void tst_MainWindow::cancelledImportLeavesTheWorkspace_R_CLI_2()
{
    Window w;
    QVERIFY(w.open());
    Domain::Workspace changed = w.f.session->saved();
    QVERIFY(!changed.models.isEmpty());
    changed.models.removeLast();
    QTemporaryDir dir;
    const QString path = writeWorkspaceFile(dir, Config::exportWorkspace(changed));
    QVERIFY(!path.isEmpty());
    const int undoBefore = w.f.session->undoStack()->count();

    auto *job = new Workspace::ImportJob(w.f.session.get(), w.window.get());
    job->setProgressDelay(0);
    QSemaphore release;
    job->setStepHook([&](qint64 done, qint64) {
        if (done == 1)
            release.tryAcquire(1, 10000);
    });
    QSignalSpy finished(job, &Workspace::ImportJob::finished);
    QSignalSpy ended(job, &QObject::destroyed);
    job->start(path);
    QProgressDialog *dialog = job->dialog();
    QTRY_VERIFY(dialog->isVisible() && dialog->value() == 1);
    QCOMPARE(dialog->maximum(), 2);
    QVERIFY2(dialog->labelText().contains(u"import.json"_s), qPrintable(dialog->labelText()));
    if (const QString shots = qEnvironmentVariable("SWITCHBOARD_SCREENSHOTS"); !shots.isEmpty())
        dialog->grab().save(QDir(shots).filePath(u"import-progress.png"_s));
    QTest::mouseClick(dialog->findChild<QPushButton *>(), Qt::LeftButton);
    QCOMPARE(finished.size(), 1);
    QCOMPARE(outcomeOf(finished), Workspace::ImportJob::Outcome::Cancelled);
    QVERIFY(!dialog->isVisible());
    release.release();
    QVERIFY(ended.wait()); // its thread has ended: the result it had is dropped
    QCOMPARE(finished.size(), 1);
    QVERIFY(!w.f.session->isModified());
    QCOMPARE(w.f.session->undoStack()->count(), undoBefore);
    QCOMPARE(w.f.session->edited().models.size(), changed.models.size() + 1);

    Workspace::ImportJob *again = w.window->importWorkspaceFile(path);
    QSignalSpy imported(again, &Workspace::ImportJob::finished);
    QVERIFY(imported.wait());
    QCOMPARE(outcomeOf(imported), Workspace::ImportJob::Outcome::Imported);
    QVERIFY(w.f.session->isModified());
    QCOMPARE(w.f.session->edited().models.size(), changed.models.size());
    QCOMPARE(w.f.session->undoStack()->count(), undoBefore + 1);
}

// A file with an error changes nothing; a message box (not a blocking one) names the problem.
// The status bar names each budget whose spend plus holds reached the workspace's alert share
// (80 % by default), as /metrics' switchboard_budget_alert does, and clears when none does.
void tst_MainWindow::budgetPastTheAlertShareShowsInTheStatusBar_R_BILL_3()
{
    Window w;
    QVERIFY(w.open());
    QCOMPARE(w.window->budgetAlertText(), QString());
    Routing::ScopeSpend project;
    project.scope = Routing::SpendScope::Project;
    project.id = u"default"_s;
    project.limits.dailyUsd = 5.0;
    project.limits.monthlyUsd = 50.0;
    project.daySpent = 3.9;
    project.held = 0.3; // 4.2 of 5: 84 %
    project.monthSpent = 10.0;
    w.monitor.setAvailable(true);
    w.monitor.setSpend({ project });
    QCOMPARE(w.window->budgetAlertText(), u"⚠ project default has used 84% of its daily budget"_s);
    project.held = 0.0; // 3.9 of 5: 78 %
    w.monitor.setSpend({ project });
    QCOMPARE(w.window->budgetAlertText(), QString());
    // A lower share saved applies to the spend already shown.
    Domain::Workspace lower = w.f.session->saved();
    lower.budgetAlertPercent = 75;
    w.f.session->setEdited(lower);
    QVERIFY(w.f.session->save(u"test"_s));
    QCOMPARE(w.window->budgetAlertText(), u"⚠ project default has used 78% of its daily budget"_s);
}

void tst_MainWindow::refusedImportSaysWhy_R_CLI_2()
{
    Window w;
    QVERIFY(w.open());
    QTemporaryDir dir;
    const QString path = writeWorkspaceFile(dir, "{ \"format\": \"switchboard-workspace\", ");
    QVERIFY(!path.isEmpty());
    Workspace::ImportJob *job = w.window->importWorkspaceFile(path);
    QSignalSpy finished(job, &Workspace::ImportJob::finished);
    QVERIFY(finished.wait());
    QCOMPARE(outcomeOf(finished), Workspace::ImportJob::Outcome::Refused);
    auto *box = w.window->findChild<QMessageBox *>(u"importRefused"_s);
    QVERIFY(box);
    QTRY_VERIFY(box->isVisible());
    QVERIFY2(box->text().startsWith(u"Nothing was imported:"_s), qPrintable(box->text()));
    QVERIFY(!w.f.session->isModified());
    box->close();
}

QTEST_MAIN(tst_MainWindow)
#include "tst_mainwindow.moc"
