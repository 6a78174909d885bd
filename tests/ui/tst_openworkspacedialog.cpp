// File → Open workspace…: a file or a PostgreSQL location, never a password; the window closes
// for it after asking about unsaved changes, and the title names the location.
#include "common/editcommands.h"
#include "common/preferences.h"
#include "gateway/gatewaymonitor.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/openworkspacedialog.h"
#include "pgdatabase.h"
#include "uitestsupport.h"

#include <QAction>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>

using namespace Qt::StringLiterals;
using namespace Ui;

namespace {

QPushButton *openButton(const Main::OpenWorkspaceDialog &dialog)
{
    return dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Open);
}

} // namespace

class tst_OpenWorkspaceDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase() { QSettings().clear(); }
    void startsFromTheLocationInUse();
    void postgresLocationTypedFromTheKeyboard();
    void unreachableDatabaseKeepsTheDialog();
    void refusesPasswordsAndBadLocations_data();
    void refusesPasswordsAndBadLocations();
    void titleNamesTheLocation();
    void openingClosesTheWindowForTheNewLocation();
};

void tst_OpenWorkspaceDialog::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"switchboard-tests"_s);
    QCoreApplication::setApplicationName(u"tst_openworkspacedialog"_s);
    QSettings().clear();
}

void tst_OpenWorkspaceDialog::startsFromTheLocationInUse()
{
    Main::OpenWorkspaceDialog file(u"/tmp/a/workspace.sqlite"_s);
    QVERIFY(file.fileChoice()->isChecked());
    QCOMPARE(file.location(), u"/tmp/a/workspace.sqlite"_s);
    QCOMPARE(file.problem(), QString());
    const QString url = u"postgresql://sb@db.example:5432/switchboard"_s;
    Main::OpenWorkspaceDialog pg(url);
    QVERIFY(pg.postgresChoice()->isChecked());
    QCOMPARE(pg.location(), url);
    QVERIFY(openButton(pg)->isEnabled());
    // The dialog says where the password comes from.
    bool told = false;
    for (const QLabel *label : pg.findChildren<QLabel *>())
        told = told
            || (label->text().contains(u"PGPASSWORD"_s) && label->text().contains(u"~/.pgpass"_s));
    QVERIFY(told);
}

void tst_OpenWorkspaceDialog::postgresLocationTypedFromTheKeyboard()
{
    Main::OpenWorkspaceDialog dialog(u"/tmp/a/workspace.sqlite"_s);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.urlField()->setFocus();
    QTest::keyClicks(dialog.urlField(), u"postgresql://sb@127.0.0.1:5432/team"_s);
    QVERIFY(dialog.postgresChoice()->isChecked()); // typing there chose it
    QCOMPARE(dialog.location(), u"postgresql://sb@127.0.0.1:5432/team"_s);
    if (const QString dir = qEnvironmentVariable("SWITCHBOARD_SCREENSHOTS"); !dir.isEmpty())
        QVERIFY(dialog.grab().save(QDir(dir).filePath(u"open-workspace.png"_s)));
    QVERIFY(openButton(dialog)->isEnabled());
    // A server that is there opens; nothing listening keeps the dialog, and the studio, open.
    PgDatabase pg;
    REQUIRE_POSTGRES(pg);
    dialog.urlField()->setText(pg.url());
    QTest::keyClick(dialog.urlField(), Qt::Key_Return);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
}

void tst_OpenWorkspaceDialog::unreachableDatabaseKeepsTheDialog()
{
    Main::OpenWorkspaceDialog dialog(u"postgresql://sb@127.0.0.1:1/team"_s);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QTest::keyClick(dialog.urlField(), Qt::Key_Return);
    QVERIFY(dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Rejected));
    const QString said = dialog.findChild<QLabel *>(u"openProblem"_s)->text();
    QVERIFY2(said.startsWith(u"Cannot open postgresql://sb@127.0.0.1:1/team"_s), qPrintable(said));
}

void tst_OpenWorkspaceDialog::refusesPasswordsAndBadLocations_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("problem");
    const QString password = u"A password does not belong in the database location: set "
                             "PGPASSWORD or put it in ~/.pgpass."_s;
    QTest::newRow("user:password") << u"postgresql://sb:secret@h:5432/team"_s << password;
    QTest::newRow("?password=") << u"postgresql://sb@h:5432/team?password=secret"_s << password;
    QTest::newRow("no database") << u"postgresql://sb@h:5432"_s
                                 << u"“postgresql://sb@h:5432” is not a PostgreSQL location "
                                    "(postgresql://user@host:port/database): it names no "
                                    "database (…/database)"_s;
    QTest::newRow("not postgres") << u"mysql://sb@h/team"_s
                                  << u"“mysql://sb@h/team” is not a PostgreSQL location "
                                     "(postgresql://user@host:port/database)"_s;
}

void tst_OpenWorkspaceDialog::refusesPasswordsAndBadLocations()
{
    QFETCH(QString, url);
    QFETCH(QString, problem);
    Main::OpenWorkspaceDialog dialog({});
    dialog.postgresChoice()->setChecked(true);
    dialog.urlField()->setText(url);
    QCOMPARE(dialog.problem(), problem);
    QVERIFY(!openButton(dialog)->isEnabled());
    QCOMPARE(dialog.findChild<QLabel *>(u"openProblem"_s)->text(), problem);
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Rejected));
}

void tst_OpenWorkspaceDialog::titleNamesTheLocation()
{
    QCOMPARE(Main::locationTitle(u"/home/ana/team.sqlite"_s), u"team.sqlite"_s);
    QCOMPARE(Main::locationTitle(u"postgresql://sb@db.example:5432/switchboard"_s),
             u"db.example:5432/switchboard"_s);
    QCOMPARE(Main::locationTitle(u"postgres://sb@db.example/switchboard?sslmode=require"_s),
             u"db.example/switchboard"_s);
}

void tst_OpenWorkspaceDialog::openingClosesTheWindowForTheNewLocation()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    GatewayControl::GatewayMonitor monitor;
    Main::ScreenContext c;
    c.session = f.session.get();
    c.monitor = &monitor;
    c.databasePath = f.temp.path();
    Main::MainWindow window(c);
    window.show();
    QVERIFY(window.windowTitle().startsWith(u"workspace.sqlite"_s));
    QSignalSpy opened(&window, &Main::MainWindow::openRequested);
    QSignalSpy closed(&window, &Main::MainWindow::closed);
    Common::WorkspaceSession &s = *f.session;
    s.push(new Common::SetWeightCommand(&s, u"demo/chat"_s, 0, 5));
    auto *action = window.findChild<QAction *>(u"openWorkspace"_s);
    QVERIFY(action);
    QCOMPARE(action->shortcut(), QKeySequence(QKeySequence::Open));
    // Another file (a new one: the studio starts again on an empty workspace there).
    const QString url = QFileInfo(f.temp.path()).dir().filePath(u"other.sqlite"_s);

    // Cancelled at the question about unsaved changes: nothing happens.
    whenModal([&](QWidget *dialog) {
        auto *open = qobject_cast<Main::OpenWorkspaceDialog *>(dialog);
        QVERIFY(open);
        open->fileChoice()->setChecked(true);
        open->fileField()->setText(url);
        QVERIFY(!open->everyStartChoice()->isChecked());
        open->everyStartChoice()->setChecked(true);
        whenModal([](QWidget *question) {
            qobject_cast<QMessageBox *>(question)->button(QMessageBox::Cancel)->click();
        });
        openButton(*open)->click();
    });
    action->trigger();
    QVERIFY(window.isVisible());
    QCOMPARE(opened.size(), 0);
    QCOMPARE(closed.size(), 0);
    QCOMPARE(Common::Preferences::load().databasePath, QString()); // not opened: not remembered

    whenModal([&](QWidget *dialog) {
        auto *open = qobject_cast<Main::OpenWorkspaceDialog *>(dialog);
        QVERIFY(open);
        open->fileChoice()->setChecked(true);
        open->fileField()->setText(url);
        open->everyStartChoice()->click();
        whenModal([](QWidget *question) {
            qobject_cast<QMessageBox *>(question)->button(QMessageBox::Discard)->click();
        });
        openButton(*open)->click();
    });
    action->trigger();
    QVERIFY(!window.isVisible());
    QCOMPARE(opened.size(), 1);
    QCOMPARE(opened.at(0).at(0).toString(), url);
    QCOMPARE(closed.size(), 1);
    // Checked: the studio opens it when started without --db from now on.
    QCOMPARE(Common::Preferences::load().databasePath, url);
}

QTEST_MAIN(tst_OpenWorkspaceDialog)
#include "tst_openworkspacedialog.moc"
