#include "common/changepreviewbar.h"
#include "keys/keycreateddialog.h"
#include "keys/keylistmodel.h"
#include "keys/keysscreen.h"
#include "uitestsupport.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <config/keys.h>

using namespace Qt::StringLiterals;
using namespace Ui;

class tst_KeysScreen : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void createdKeyShownOnceThenPrefix_R_UI_6();
    void revokeAsksFirst_R_UI_6_data();
    void revokeAsksFirst_R_UI_6();
    void dialogShowsSecretWithCopy_R_UI_6();
};

void tst_KeysScreen::createdKeyShownOnceThenPrefix_R_UI_6()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Keys::KeysScreen screen(f.session.get());
    QAbstractItemModelTester tester(screen.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QStringList shown;
    screen.showSecret = [&](const QString &, const QString &secret) { shown.append(secret); };
    screen.show();
    QVERIFY(!screen.createButton()->isEnabled());
    typeInto(screen.keyNameEdit(), u"ci-runner"_s);
    QVERIFY(screen.createButton()->isEnabled());
    QTest::mouseClick(screen.createButton(), Qt::LeftButton);
    QCOMPARE(shown.size(), 1);
    QVERIFY(shown.first().startsWith(u"sb-"_s));
    QCOMPARE(screen.model()->rowCount(), 1);
    const QString prefix
        = screen.model()->index(0, Keys::KeyListModel::PrefixColumn).data().toString();
    QVERIFY(prefix.endsWith(u"…"_s));
    QVERIFY(shown.first().startsWith(prefix.chopped(1)));
    QVERIFY(prefix.size() < shown.first().size());
    const Domain::Key &key = f.session->edited().keys.first();
    QCOMPARE(key.sha256Hex, Config::hashKey(shown.first()));
    QCOMPARE(key.project, u"default"_s);
    QTest::mouseClick(screen.previewBar()->saveButton(), Qt::LeftButton);
    QCOMPARE(f.store->load().value().keys.size(), 1);
    const QStringList lines = Common::changeLines(f.store->versions().first().changes);
    QVERIFY(!lines.isEmpty());
    for (const QString &line : lines)
        QVERIFY(!line.contains(shown.first()));
}

void tst_KeysScreen::revokeAsksFirst_R_UI_6_data()
{
    QTest::addColumn<bool>("confirmed");
    QTest::newRow("confirmed") << true;
    QTest::newRow("cancelled") << false;
}

void tst_KeysScreen::revokeAsksFirst_R_UI_6()
{
    QFETCH(bool, confirmed);
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Keys::KeysScreen screen(f.session.get());
    screen.showSecret = [](const QString &, const QString &) {};
    QStringList asked;
    screen.confirm = [&](const QString &question) {
        asked.append(question);
        return confirmed;
    };
    screen.show();
    screen.createKey(u"research"_s, u"notebook"_s);
    QVERIFY(f.session->save(u"t"_s).ok());
    screen.view()->selectRow(0);
    QVERIFY(screen.revokeButton()->isEnabled());
    QTest::mouseClick(screen.revokeButton(), Qt::LeftButton);
    QCOMPARE(asked.size(), 1);
    QVERIFY(asked.first().contains(u"notebook"_s));
    QCOMPARE(f.session->edited().keys.first().revoked, confirmed);
    QCOMPARE(screen.model()->index(0, Keys::KeyListModel::StateColumn).data().toString(),
             confirmed ? u"revoked"_s : u"active"_s);
    QCOMPARE(screen.revokeButton()->isEnabled(), !confirmed);
}

void tst_KeysScreen::dialogShowsSecretWithCopy_R_UI_6()
{
    Keys::KeyCreatedDialog dialog(u"ci"_s, u"sb-abcdef"_s);
    QCOMPARE(dialog.secretEdit()->text(), u"sb-abcdef"_s);
    QVERIFY(dialog.secretEdit()->isReadOnly());
    QTest::mouseClick(dialog.copyButton(), Qt::LeftButton);
    QCOMPARE(dialog.copyButton()->text(), u"Copied"_s);
}

QTEST_MAIN(tst_KeysScreen)
#include "tst_keysscreen.moc"
