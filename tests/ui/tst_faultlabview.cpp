#include "uitestsupport.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QTranslator>
#include <calls/callsdrawer.h>
#include <calls/callsmodeltab.h>
#include <common/editcommands.h>
#include <config/keys.h>
#include <faultlab/faultlabdialog.h>
#include <faultlab/faultlabmodel.h>
#include <faultlab/faultlabtext.h>
#include <faultlab/rehearseaction.h>
#include <models/modelsscreen.h>

using namespace Qt::StringLiterals;
using Ui::FaultLab::FaultLabDialog;
using Ui::FaultLab::FaultLabModel;
namespace Lab = ::FaultLab;

// The fault lab's view driven offscreen on real private gateways (127.0.0.1, port 0) running the
// demo workspace's simulators: rows fill in as cases finish, a failing case says which rule and
// why, the receipt opens in the Calls drawer, the JSON export is valid, and the model page's
// action runs the editor's draft. SB_SHOTS=<dir> saves screenshots in English and German.
class tst_FaultLabView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void demoPoolPassesEveryCase();
    void brokenConfigurationShowsTheFailedRule();
    void exportErrorsAreReported();
    void aRunThatCannotStartSaysWhy();
    void cancelStopsAfterTheCaseInProgress();
    void modelPageRunsTheDraft();
    void germanScreenshot();

private:
    bool openFixture(StudioFixture &f);
    static Lab::Options options(const StudioFixture &f, QList<Lab::Case> cases = {});
    static bool run(FaultLabDialog &dialog);
    static void shoot(QWidget &widget, const QString &name);
    static void shortenDeadline(StudioFixture &f);
};

bool tst_FaultLabView::openFixture(StudioFixture &f)
{
    // The demo has no key (the app makes one on the first run); the lab copies the first one.
    Domain::Workspace ws = Config::demoWorkspace();
    ws.keys.append(
        Config::makeKey(ws.projects.first().id, u"lab"_s, QDateTime::currentDateTimeUtc()).key);
    return f.open(ws);
}

Lab::Options tst_FaultLabView::options(const StudioFixture &f, QList<Lab::Case> cases)
{
    Lab::Options o;
    o.databasePath = f.temp.path();
    o.seed = 43;
    o.cases = std::move(cases);
    return o;
}

bool tst_FaultLabView::run(FaultLabDialog &dialog)
{
    QSignalSpy finished(&dialog, &FaultLabDialog::runFinished);
    if (!dialog.isRunning())
        dialog.start();
    return finished.wait(240000);
}

void tst_FaultLabView::shortenDeadline(StudioFixture &f)
{
    f.session->push(new Ui::Common::SetRecoveryModeCommand(f.session.get(), u"demo/chat"_s, true));
    f.session->push(new Ui::Common::SetRecoveryFieldCommand(
        f.session.get(), u"demo/chat"_s, Domain::RecoveryField::DeadlineMs, 10000));
}

void tst_FaultLabView::shoot(QWidget &widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("SB_SHOTS");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    QCoreApplication::processEvents();
    QVERIFY(widget.grab().save(QDir(dir).filePath(name)));
}

void tst_FaultLabView::initTestCase()
{
    // The drawer's remembered width goes to the tests' own settings.
    QCoreApplication::setOrganizationName(u"switchboard-tests"_s);
    QCoreApplication::setApplicationName(u"tst_faultlabview"_s);
    QSettings().clear();
}

void tst_FaultLabView::demoPoolPassesEveryCase()
{
    StudioFixture f;
    QVERIFY(openFixture(f));
    const QList<Lab::Case> cases = Lab::casesFor(f.session->edited(), u"demo/chat"_s);
    QVERIFY(cases.size() >= 23); // 11 kinds, plain and streaming, and the pool's first-tried case
    FaultLabDialog dialog(f.session.get(), u"demo/chat"_s, options(f));
    dialog.show();

    // Rows fill in one by one while the window keeps handling events.
    QList<int> finishedSeen;
    connect(dialog.tableModel(), &QAbstractItemModel::dataChanged, this,
            [&] { finishedSeen.append(dialog.tableModel()->finishedCount()); });
    int ticks = 0;
    QTimer ticker;
    connect(&ticker, &QTimer::timeout, this, [&] { ++ticks; });
    ticker.start(20);
    dialog.start();
    QVERIFY(dialog.isRunning());
    QVERIFY(!dialog.runAgainButton()->isEnabled());
    QVERIFY(dialog.cancelButton()->isEnabled());
    QCOMPARE(dialog.tableModel()->rowCount(), int(cases.size()));
    QVERIFY(dialog.introText().contains(u"private gateway on 127.0.0.1"_s));
    QVERIFY(dialog.introText().contains(u"divided by 20"_s));
    QVERIFY(run(dialog));
    ticker.stop();
    QVERIFY(finishedSeen.contains(1));
    QVERIFY(finishedSeen.contains(int(cases.size()) - 1));
    QVERIFY2(ticks > 10, qPrintable(QString::number(ticks)));

    FaultLabModel *table = dialog.tableModel();
    for (int row = 0; row < table->rowCount(); ++row) {
        const QModelIndex result = table->index(row, FaultLabModel::ResultColumn);
        QVERIFY2(result.data(FaultLabModel::PassedRole).toBool(),
                 qPrintable(table->testCase(row).id() + u": "_s
                            + result.data(Qt::ToolTipRole).toString()));
        QCOMPARE(result.data().toString(), u"✓ Pass"_s);
        QVERIFY(!table->index(row, FaultLabModel::SawColumn).data().toString().isEmpty());
    }
    QCOMPARE(dialog.statusText().left(24), u"All %1 cases passed, in "_s.arg(cases.size()));
    QVERIFY(dialog.runAgainButton()->isEnabled());
    QVERIFY(!dialog.cancelButton()->isEnabled());

    // The selected row's checks, each with its SPEC id.
    dialog.tableView()->setCurrentIndex(table->index(0, 0));
    const QStringList checks = dialog.checkTexts();
    QVERIFY(!checks.isEmpty());
    for (const QString &line : checks)
        QVERIFY2(line.startsWith(u"✓ Pass · R-"_s), qPrintable(line));

    // The receipt, one click away, is the rehearsal's own.
    QVERIFY(dialog.receiptButton()->isEnabled());
    QTest::mouseClick(dialog.receiptButton(), Qt::LeftButton);
    QVERIFY(dialog.drawer()->isVisible());
    QVERIFY(dialog.drawer()->receipt().has_value());
    QCOMPARE(dialog.drawer()->receipt()->requestId, table->result(0)->requestId);
    QCOMPARE(Domain::toString(dialog.drawer()->receipt()->kind),
             Domain::toString(Domain::CallKind::Rehearsal));
    shoot(dialog, u"faultlab-en.png"_s);
    // Esc closes the drawer first and leaves the lab open.
    QTest::keyClick(dialog.tableView(), Qt::Key_Escape);
    QVERIFY(!dialog.drawer()->isVisible());
    QVERIFY(dialog.isVisible());
    // Enter on a row opens it again, on that row's receipt.
    dialog.tableView()->setCurrentIndex(table->index(2, 0));
    QTest::keyClick(dialog.tableView(), Qt::Key_Return);
    QVERIFY(dialog.drawer()->isVisible());
    QCOMPARE(dialog.drawer()->receipt()->requestId, table->result(2)->requestId);

    // The export is the API's JSON, one result per row.
    QVERIFY(dialog.exportButton()->isEnabled());
    const QString path = QDir(QFileInfo(f.temp.path()).path()).filePath(u"lab.json"_s);
    // Through the button and its file dialog, as a user would.
    whenModal([&](QWidget *w) {
        auto *files = qobject_cast<QFileDialog *>(w);
        QVERIFY(files);
        files->selectFile(path);
        QMetaObject::invokeMethod(files, "accept", Qt::QueuedConnection);
    });
    QTest::mouseClick(dialog.exportButton(), Qt::LeftButton);
    QTRY_VERIFY(QFile::exists(path));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    const std::optional<Lab::Report> back = Lab::reportFromJson(doc.object());
    QVERIFY(back.has_value());
    QCOMPARE(back->model, u"demo/chat"_s);
    QCOMPARE(back->results.size(), cases.size());
    QVERIFY(back->passed());
}

void tst_FaultLabView::brokenConfigurationShowsTheFailedRule()
{
    StudioFixture f;
    QVERIFY(openFixture(f));
    // Unsaved, a deadline no longer than the connect timeout: a second attempt can never start.
    shortenDeadline(f);
    const Lab::Case timeout { Domain::SimulatedFailure::TimeoutBeforeStatus, false,
                              Lab::Scope::EveryDeployment };
    const Lab::Case plain { Domain::SimulatedFailure::ServerError, false,
                            Lab::Scope::EveryDeployment };
    FaultLabDialog dialog(f.session.get(), u"demo/chat"_s, options(f, { plain, timeout }));
    dialog.show();
    QVERIFY(run(dialog));

    FaultLabModel *table = dialog.tableModel();
    QCOMPARE(table->rowCount(), 2);
    QVERIFY(table->index(0, FaultLabModel::ResultColumn).data(FaultLabModel::PassedRole).toBool());
    const QModelIndex failed = table->index(1, FaultLabModel::ResultColumn);
    QVERIFY(!failed.data(FaultLabModel::PassedRole).toBool());
    QCOMPARE(failed.data().toString(), u"✗ Fail"_s);
    const QString why = failed.data(Qt::ToolTipRole).toString();
    const QString rule = Ui::FaultLab::ruleName(Lab::Rule::EveryAttemptMade);
    QVERIFY2(why.contains(u"R-REC-1 "_s + rule), qPrintable(why));
    QVERIFY2(why.contains(u"expected "_s) && why.contains(u"observed "_s), qPrintable(why));
    QCOMPARE(dialog.statusText().left(20), u"1 of 2 cases failed,"_s);

    dialog.tableView()->setCurrentIndex(table->index(1, 0));
    const QStringList checks = dialog.checkTexts();
    QVERIFY2(std::any_of(checks.cbegin(), checks.cend(),
                         [&](const QString &line) {
                             return line.startsWith(u"✗ Fail · R-REC-1 "_s + rule);
                         }),
             qPrintable(checks.join(u'\n')));
    QVERIFY(dialog.report().failedCount() == 1);
}

void tst_FaultLabView::exportErrorsAreReported()
{
    StudioFixture f;
    QVERIFY(openFixture(f));
    FaultLabDialog dialog(f.session.get(), u"demo/chat"_s, options(f));
    const QString error = dialog.exportTo(u"/nonexistent-folder/lab.json"_s);
    QVERIFY(!error.isEmpty());
}

void tst_FaultLabView::aRunThatCannotStartSaysWhy()
{
    StudioFixture f;
    QVERIFY(openFixture(f));
    // An embedding model answers no chat call: the lab says so instead of running its cases.
    FaultLabDialog dialog(f.session.get(), u"sim-east/text-embedding-3-small"_s, options(f));
    dialog.show();
    QVERIFY(run(dialog));
    QVERIFY(!dialog.report().error.isEmpty());
    QCOMPARE(dialog.statusText(), u"The rehearsal could not run: %1"_s.arg(dialog.report().error));
    QCOMPARE(dialog.tableModel()->index(0, FaultLabModel::ResultColumn).data().toString(),
             u"Not run"_s);
    QVERIFY(!dialog.exportButton()->isEnabled());
    QVERIFY(dialog.runAgainButton()->isEnabled());
}

void tst_FaultLabView::cancelStopsAfterTheCaseInProgress()
{
    StudioFixture f;
    QVERIFY(openFixture(f));
    FaultLabDialog dialog(f.session.get(), u"demo/chat"_s, options(f));
    dialog.show();
    QSignalSpy finished(&dialog, &FaultLabDialog::runFinished);
    // Cancel as soon as the first case is in: the runner ends the one in progress and stops.
    bool cancelled = false; // the screenshot's event processing may emit dataChanged again
    connect(dialog.tableModel(), &QAbstractItemModel::dataChanged, &dialog, [&] {
        if (!cancelled && dialog.tableModel()->finishedCount() == 1) {
            cancelled = true;
            shoot(dialog, u"faultlab-running.png"_s);
            QTest::mouseClick(dialog.cancelButton(), Qt::LeftButton);
        }
    });
    dialog.start();
    QVERIFY(finished.wait(60000));
    QVERIFY(dialog.report().cancelled);
    const int rows = dialog.tableModel()->rowCount();
    const int done = dialog.tableModel()->finishedCount();
    QVERIFY2(done >= 1 && done < rows, qPrintable(QString::number(done)));
    QCOMPARE(dialog.tableModel()->index(rows - 1, FaultLabModel::ResultColumn).data().toString(),
             u"Not run"_s);
    QCOMPARE(dialog.statusText(), u"Cancelled after %1 of %2 cases."_s.arg(done).arg(rows));
    QVERIFY(dialog.runAgainButton()->isEnabled());
    QVERIFY(!dialog.cancelButton()->isEnabled());
}

void tst_FaultLabView::modelPageRunsTheDraft()
{
    StudioFixture f;
    QVERIFY(openFixture(f));
    Ui::Models::ModelsScreen screen(f.session.get(), nullptr);
    Ui::Calls::addModelCallsTab(&screen, f.temp.path(), nullptr, f.session.get());
    Ui::FaultLab::RehearseContext context { f.session.get(), nullptr, {} };
    context.options = options(
        f, { { Domain::SimulatedFailure::Unavailable, false, Lab::Scope::EveryDeployment } });
    QToolButton *button = Ui::FaultLab::addRehearseAction(&screen, context);
    screen.resize(1200, 800);
    screen.show();
    QVERIFY(QTest::qWaitForWindowActive(&screen));
    screen.selectModel(u"demo/chat"_s);
    // Beside the tabs, before Explain route…, which stays.
    QCOMPARE(button->text(), u"&Rehearse failures…"_s);
    QVERIFY(button->isVisible());
    const QList<QToolButton *> corner
        = screen.tabs()->cornerWidget(Qt::TopRightCorner)->findChildren<QToolButton *>();
    QCOMPARE(corner.size(), 2);
    QVERIFY(corner.at(1)->isVisible());

    // Unsaved: one attempt instead of the saved pool's two (each deployment once).
    f.session->push(new Ui::Common::SetRecoveryModeCommand(f.session.get(), u"demo/chat"_s, true));
    f.session->push(new Ui::Common::SetRecoveryFieldCommand(f.session.get(), u"demo/chat"_s,
                                                            Domain::RecoveryField::Attempts, 1));
    QVERIFY(f.session->isModified());
    screen.listView()->setFocus();
    QTest::keyClick(screen.listView(), Qt::Key_R, Qt::ControlModifier | Qt::ShiftModifier);
    auto *dialog = screen.findChild<FaultLabDialog *>();
    QVERIFY(dialog);
    QCOMPARE(dialog->model(), u"demo/chat"_s);
    QVERIFY(dialog->isVisible());
    QVERIFY(run(*dialog));
    QVERIFY(dialog->tableModel()->result(0).has_value());
    QCOMPARE(dialog->tableModel()->result(0)->attempts, 1);
    QCOMPARE(dialog->tableModel()->index(0, FaultLabModel::AttemptsColumn).data().toString(),
             u"1"_s);

    // The button raises the open lab instead of starting a second one.
    QTest::mouseClick(button, Qt::LeftButton);
    QCOMPARE(screen.findChildren<FaultLabDialog *>().size(), 1);
    QVERIFY(!dialog->isRunning());
}

void tst_FaultLabView::germanScreenshot()
{
    QTranslator german;
    QVERIFY(german.load(u":/i18n/switchboard_de.qm"_s));
    QCoreApplication::installTranslator(&german);
    StudioFixture f;
    QVERIFY(openFixture(f));
    shortenDeadline(f);
    const QList<Lab::Case> cases {
        { Domain::SimulatedFailure::RateLimited, false, Lab::Scope::EveryDeployment },
        { Domain::SimulatedFailure::StreamCut, true, Lab::Scope::EveryDeployment },
        { Domain::SimulatedFailure::TimeoutBeforeStatus, false, Lab::Scope::EveryDeployment },
        { Domain::SimulatedFailure::Unavailable, false, Lab::Scope::FirstTried },
    };
    FaultLabDialog dialog(f.session.get(), u"demo/chat"_s, options(f, cases));
    dialog.show();
    QVERIFY(run(dialog));
    QVERIFY(dialog.introText().contains(u"privaten Gateway"_s));
    dialog.tableView()->setCurrentIndex(dialog.tableModel()->index(2, 0));
    shoot(dialog, u"faultlab-de.png"_s);
    QCoreApplication::removeTranslator(&german);
}

QTEST_MAIN(tst_FaultLabView)
#include "tst_faultlabview.moc"
