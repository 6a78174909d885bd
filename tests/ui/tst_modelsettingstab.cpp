#include "models/modelsettingstab.h"
#include "models/qualityeditor.h"
#include "uitestsupport.h"

#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QScrollArea>
#include <QSpinBox>
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
    void qualityTierEditedAndUndone();
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

// Mixed-model sessions (SPEC §6): a tier per task class, stepped with the keyboard, undoable.
void tst_ModelSettingsTab::qualityTierEditedAndUndone()
{
    const QString name = u"sim-east/gpt-4o"_s;
    Domain::Workspace ws = fixtureWorkspace();
    ws.model(name)->quality.setTier(Domain::TaskClass::Code, 4);
    StudioFixture f;
    QVERIFY(f.open(ws));
    Models::ModelSettingsTab tab(f.session.get());
    tab.setModelName(name);
    tab.show();
    QVERIFY(QTest::qWaitForWindowExposed(&tab));
    Models::QualityEditor *q = tab.qualityEditor();
    QSpinBox *code = q->spin(Domain::TaskClass::Code);
    QSpinBox *chat = q->spin(Domain::TaskClass::ChitChat);
    QCOMPARE(code->value(), 4);
    QCOMPARE(chat->text(), u"Not rated"_s);
    QVERIFY(!code->toolTip().isEmpty());

    // Two steps of one tier are one undo step.
    chat->setFocus();
    QTest::keyClick(chat, Qt::Key_Up);
    QTest::keyClick(chat, Qt::Key_Up);
    QCOMPARE(chat->text(), u"2"_s);
    QCOMPARE(f.session->edited().model(name)->quality.tier(Domain::TaskClass::ChitChat), 2);
    QVERIFY(f.session->isModified());
    typeInto(code, u"5"_s);
    QCOMPARE(f.session->edited().model(name)->quality.tier(Domain::TaskClass::Code), 5);
    QStringList lines;
    for (const Config::Change &c : f.session->changes())
        lines << Common::changeLine(c);
    QCOMPARE(lines,
             (QStringList { u"Model sim-east/gpt-4o: Quality for Chit-chat: not rated → 2"_s,
                            u"Model sim-east/gpt-4o: Quality for Code: 4 → 5"_s }));
    // Not a check: the group, when SWITCHBOARD_SCREENSHOTS names a folder.
    if (const QString dir = qEnvironmentVariable("SWITCHBOARD_SCREENSHOTS"); !dir.isEmpty()) {
        tab.resize(800, 700);
        if (auto *scroll = tab.findChild<QScrollArea *>())
            scroll->ensureWidgetVisible(q);
        QCoreApplication::processEvents();
        tab.grab().save(dir + u"/model-settings-quality.png"_s);
    }
    // Out of range is not taken: the spin box keeps to 0..5.
    typeInto(code, u"9"_s);
    QCOMPARE(f.session->edited().model(name)->quality.tier(Domain::TaskClass::Code), 5);

    f.session->undoStack()->undo();
    QCOMPARE(code->value(), 4);
    QCOMPARE(f.session->edited().model(name)->quality.tier(Domain::TaskClass::Code), 4);
    f.session->undoStack()->undo();
    QCOMPARE(chat->text(), u"Not rated"_s);
    QVERIFY(!f.session->isModified());

    // Another model shows its own tiers.
    tab.setModelName(u"sim-east/gpt-4o-mini"_s);
    QCOMPARE(code->text(), u"Not rated"_s);
    QVERIFY(q->isVisibleTo(&tab));
    // Sessions classify chat turns: an embedding model has no tiers to set.
    tab.setModelName(u"sim-east/text-embedding-3-small"_s);
    QVERIFY(!q->isVisibleTo(&tab));
}

QTEST_MAIN(tst_ModelSettingsTab)
#include "tst_modelsettingstab.moc"
