#include "models/modelsettingstab.h"
#include "uitestsupport.h"

#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QUndoStack>

using namespace Qt::StringLiterals;
using namespace Ui;

class tst_ModelSettingsTab : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void servingRegionOverride_R_UI_3_data();
    void servingRegionOverride_R_UI_3();
    void backToDefaultClearsOverride_R_UI_3();
};

void tst_ModelSettingsTab::servingRegionOverride_R_UI_3_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<bool>("valid");
    QTest::newRow("region name") << u"us-west-2"_s << true;
    QTest::newRow("dot") << u"eu.west.1"_s << false;
    QTest::newRow("space") << u"us east"_s << false;
}

void tst_ModelSettingsTab::servingRegionOverride_R_UI_3()
{
    QFETCH(QString, typed);
    QFETCH(bool, valid);
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Models::ModelSettingsTab tab(f.session.get());
    tab.setModelName(u"sim-east/gpt-4o"_s);
    tab.show();
    QVERIFY(tab.regionDefaultButton()->isChecked());
    QVERIFY(!tab.regionEdit()->isEnabled());
    QTest::mouseClick(tab.regionOverrideButton(), Qt::LeftButton);
    QVERIFY(tab.regionEdit()->isEnabled());
    typeInto(tab.regionEdit(), typed);
    QCOMPARE(f.session->edited().model(u"sim-east/gpt-4o"_s)->servingRegionOverride, typed);
    QVERIFY(tab.regionOverrideButton()->isChecked());
    QCOMPARE(tab.regionError()->isVisible(), !valid);
    QCOMPARE(f.session->hasErrors(), !valid);
    if (valid)
        QCOMPARE(Common::changeLine(f.session->changes().first()),
                 u"Model sim-east/gpt-4o: Serving region: Default → Override (us-west-2)"_s);
}

void tst_ModelSettingsTab::backToDefaultClearsOverride_R_UI_3()
{
    Domain::Workspace ws = fixtureWorkspace();
    ws.model(u"sim-east/gpt-4o"_s)->servingRegionOverride = u"us-west-2"_s;
    StudioFixture f;
    QVERIFY(f.open(ws));
    Models::ModelSettingsTab tab(f.session.get());
    tab.setModelName(u"sim-east/gpt-4o"_s);
    tab.show();
    QVERIFY(tab.regionOverrideButton()->isChecked());
    QCOMPARE(tab.regionEdit()->text(), u"us-west-2"_s);
    QTest::mouseClick(tab.regionDefaultButton(), Qt::LeftButton);
    QVERIFY(f.session->edited().model(u"sim-east/gpt-4o"_s)->servingRegionOverride.isEmpty());
    QVERIFY(!tab.regionEdit()->isEnabled());
    f.session->undoStack()->undo();
    QVERIFY(tab.regionOverrideButton()->isChecked());
    QCOMPARE(tab.regionEdit()->text(), u"us-west-2"_s);
}

QTEST_MAIN(tst_ModelSettingsTab)
#include "tst_modelsettingstab.moc"
