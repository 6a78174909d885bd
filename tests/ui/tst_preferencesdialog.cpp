#include "gateway/gatewaymonitor.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/preferencesdialog.h"
#include "uitestsupport.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTest>
#include <QTimer>
#include <receiptfactory.h>
#include <store/database.h>
#include <store/receiptwriter.h>
#include <tempdatabase.h>

using namespace Qt::StringLiterals;
using Ui::Main::PreferencesDialog;

// Edit → Preferences: what the dialog saves in QSettings, what it refuses, and the
// retention it hands to the receipt writer.
class tst_PreferencesDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init() { QSettings().clear(); }
    void cleanupTestCase() { QSettings().clear(); }
    void defaultsWhenNothingIsSaved_R_UI_9();
    void savesEveryChoiceInQSettings_R_UI_9();
    void invalidListenAddressRefused_R_SEC_1_data();
    void invalidListenAddressRefused_R_SEC_1();
    void retentionPrunesTheWriter_R_RCPT_1();
    void editMenuOpensItWithCtrlComma_R_UI_9();
};

namespace {

void choose(QComboBox *box, const QVariant &data)
{
    const int index = box->findData(data);
    QVERIFY2(index >= 0, qPrintable(data.toString()));
    box->setCurrentIndex(index);
}

} // namespace

void tst_PreferencesDialog::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"switchboard-tests"_s);
    QCoreApplication::setApplicationName(u"tst_preferencesdialog"_s);
}

void tst_PreferencesDialog::defaultsWhenNothingIsSaved_R_UI_9()
{
    PreferencesDialog dialog(u"/tmp/in-use.sqlite"_s, nullptr);
    QCOMPARE(dialog.languageBox()->currentData().toString(), u"system"_s);
    QCOMPARE(dialog.themeBox()->currentData().toString(), u"system"_s);
    QCOMPARE(dialog.listenEdit()->text(), u"127.0.0.1:8640"_s);
    QCOMPARE(dialog.retentionBox()->currentData().toInt(),
             int(PreferencesDialog::Retention::KeepAll));
    QVERIFY(!dialog.retentionAmount()->isEnabled());
    QCOMPARE(dialog.databaseEdit()->text(), Store::Database::defaultPath());
    // The dialog says when a language takes effect.
    QCOMPARE(dialog.languageNote()->text(),
             u"A new language shows when Switchboard starts again."_s);
    QStringList languages;
    for (int i = 0; i < dialog.languageBox()->count(); ++i)
        languages << dialog.languageBox()->itemData(i).toString();
    QCOMPARE(languages, QStringList({ u"system"_s, u"en"_s, u"de"_s, u"fr"_s }));
    QCOMPARE(dialog.languageBox()->itemText(3), u"Français"_s);
}

void tst_PreferencesDialog::savesEveryChoiceInQSettings_R_UI_9()
{
    const QPalette before = QApplication::palette();
    {
        PreferencesDialog dialog(u"/tmp/in-use.sqlite"_s, nullptr);
        choose(dialog.languageBox(), u"fr"_s);
        choose(dialog.themeBox(), u"dark"_s);
        dialog.listenEdit()->setText(u"[::1]:9000"_s);
        choose(dialog.retentionBox(), int(PreferencesDialog::Retention::Days));
        dialog.retentionAmount()->setValue(14);
        dialog.setDatabasePath(u"/tmp/next.sqlite"_s);
        dialog.buttons()->button(QDialogButtonBox::Ok)->click();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
    }
    QSettings s;
    QCOMPARE(s.value(u"ui/language"_s).toString(), u"fr"_s);
    QCOMPARE(s.value(u"view/theme"_s).toString(), u"dark"_s);
    QCOMPARE(s.value(u"gateway/host"_s).toString(), u"::1"_s);
    QCOMPARE(s.value(u"gateway/port"_s).toInt(), 9000);
    QCOMPARE(s.value(u"receipts/keepDays"_s).toInt(), 14);
    QCOMPARE(s.value(u"receipts/keepReceipts"_s).toLongLong(), 0);
    QCOMPARE(s.value(u"database/path"_s).toString(), u"/tmp/next.sqlite"_s);
    // The theme applied at once.
    QVERIFY(Ui::Common::isDark(QApplication::palette()));
    Ui::Common::applyTheme(Ui::Common::Theme::System);
    QCOMPARE(QApplication::palette().color(QPalette::Window), before.color(QPalette::Window));

    // Read back as the studio reads it at start-up, and shown again by the next dialog.
    const Ui::Common::Preferences p = Ui::Common::Preferences::load();
    QCOMPARE(p.language, u"fr"_s);
    QCOMPARE(p.listen.text(), u"[::1]:9000"_s);
    QCOMPARE(p.retention, (Store::RetentionPolicy { 14, 0 }));
    QCOMPARE(p.databasePath, u"/tmp/next.sqlite"_s);
    PreferencesDialog again(u"/tmp/in-use.sqlite"_s, nullptr);
    QCOMPARE(again.preferences(), p);
    QCOMPARE(again.retentionAmount()->value(), 14);
}

void tst_PreferencesDialog::invalidListenAddressRefused_R_SEC_1_data()
{
    QTest::addColumn<QString>("address");
    QTest::newRow("port too large") << u"localhost:99999"_s;
    QTest::newRow("host name") << u"example.com:8640"_s;
    QTest::newRow("no port") << u"127.0.0.1"_s;
    QTest::newRow("empty") << QString();
}

void tst_PreferencesDialog::invalidListenAddressRefused_R_SEC_1()
{
    QFETCH(QString, address);
    QSettings().setValue(u"gateway/port"_s, 8641);
    PreferencesDialog dialog(u"/tmp/in-use.sqlite"_s, nullptr);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.listenEdit()->selectAll();
    if (address.isEmpty())
        QTest::keyClick(dialog.listenEdit(), Qt::Key_Delete);
    else
        QTest::keyClicks(dialog.listenEdit(), address);
    QVERIFY(dialog.listenMessage()->isVisible());
    QCOMPARE(
        dialog.listenMessage()->text(),
        u"“%1” is not an address the gateway can listen on: write HOST:PORT with an IP "
        "address or localhost and a port from 0 to 65535, such as 127.0.0.1:8640."_s.arg(address));
    QVERIFY(!dialog.buttons()->button(QDialogButtonBox::Ok)->isEnabled());
    // The open dialog grew for the message: nothing is squeezed or drawn over the hint below it.
    QVERIFY(dialog.height() >= dialog.layout()->totalHeightForWidth(dialog.width()));
    dialog.accept(); // Enter in a field, or a caller: still refused
    QVERIFY(dialog.isVisible());
    QCOMPARE(QSettings().value(u"gateway/port"_s).toInt(), 8641);
    // Corrected, it is taken.
    dialog.listenEdit()->setText(u"localhost:0"_s);
    QVERIFY(!dialog.listenMessage()->isVisible());
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(QSettings().value(u"gateway/host"_s).toString(), u"127.0.0.1"_s);
    QCOMPARE(QSettings().value(u"gateway/port"_s).toInt(), 0);
}

void tst_PreferencesDialog::retentionPrunesTheWriter_R_RCPT_1()
{
    TempDatabase temp;
    Store::ReceiptWriter writer(temp.path());
    QVERIFY(writer.start().ok());
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (int i = 0; i < 350; ++i)
        writer.submit(
            makeReceipt(u"r%1"_s.arg(i), now.addSecs(i - 350), u"demo/chat"_s, u"sim"_s, 10));
    QVERIFY(writer.flush().ok());
    QSignalSpy pruned(&writer, &Store::ReceiptWriter::receiptsPruned);
    {
        PreferencesDialog dialog(temp.path(), &writer);
        choose(dialog.retentionBox(), int(PreferencesDialog::Retention::Receipts));
        dialog.retentionAmount()->setValue(100);
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
    }
    QCOMPARE(writer.retention(), (Store::RetentionPolicy { 0, 100 }));
    QCOMPARE(QSettings().value(u"receipts/keepReceipts"_s).toLongLong(), 100);
    QTRY_COMPARE_WITH_TIMEOUT(pruned.count(), 1, 30000);
    QCOMPARE(pruned.first().first().toLongLong(), 250);
    writer.stop();
    auto db = Store::Database::open(temp.path(), Store::Database::Mode::ReadOnly);
    QVERIFY(db);
    QSqlQuery q((*db)->handle());
    QVERIFY(q.exec(u"SELECT COUNT(*), MIN(request_id) FROM receipt"_s) && q.next());
    QCOMPARE(q.value(0).toInt(), 100);
    QCOMPARE(q.value(1).toString(), u"r250"_s); // the newest were kept
}

void tst_PreferencesDialog::editMenuOpensItWithCtrlComma_R_UI_9()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Ui::GatewayControl::GatewayMonitor monitor;
    Ui::Main::ScreenContext c;
    c.session = f.session.get();
    c.monitor = &monitor;
    c.databasePath = f.temp.path();
    Ui::Main::MainWindow window(c);
    QAction *action = window.preferencesAction();
    QVERIFY(action);
    QCOMPARE(action->text(), u"&Preferences…"_s);
    QCOMPARE(action->shortcut(), QKeySequence(u"Ctrl+,"_s));
    QCOMPARE(action->menuRole(), QAction::PreferencesRole);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // The shortcut opens the dialog (closed again from inside its event loop).
    bool opened = false;
    QTimer::singleShot(0, &window, [&] {
        auto *dialog = window.findChild<PreferencesDialog *>();
        opened = dialog && dialog->isVisible();
        if (dialog)
            dialog->reject();
    });
    QTest::keyClick(&window, Qt::Key_Comma, Qt::ControlModifier);
    QVERIFY(opened);
}

QTEST_MAIN(tst_PreferencesDialog)
#include "tst_preferencesdialog.moc"
