#include "models/offeringseditor.h"
#include "uitestsupport.h"

#include <QCheckBox>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QUndoStack>

using namespace Qt::StringLiterals;
using namespace Ui;

namespace {

QStringList connectionsOf(const Common::WorkspaceSession &s, const QString &model)
{
    QStringList out;
    for (const Domain::Offering &o : s.edited().model(model)->offerings)
        out.append(o.connection);
    return out;
}

} // namespace

class tst_OfferingsEditor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void reorderAddRemove_R_PLAN_3();
    void editSelectedOffering_R_UI_3();
};

void tst_OfferingsEditor::reorderAddRemove_R_PLAN_3()
{
    Domain::Workspace ws = fixtureWorkspace();
    ws.model(u"sim-east/gpt-4o"_s)
        ->offerings.append(Domain::Offering { u"sim-flaky"_s, u"gpt-4o"_s });
    StudioFixture f;
    QVERIFY(f.open(ws));
    Models::OfferingsEditor editor(f.session.get());
    editor.setModelName(u"sim-east/gpt-4o"_s);
    editor.show();
    QCOMPARE(editor.list()->count(), 2);
    QVERIFY(!editor.upButton()->isEnabled());
    QTest::mouseClick(editor.downButton(), Qt::LeftButton);
    QCOMPARE(connectionsOf(*f.session, u"sim-east/gpt-4o"_s),
             (QStringList { u"sim-flaky"_s, u"sim-east"_s }));
    QCOMPARE(editor.list()->currentRow(), 1);
    QVERIFY(editor.list()->item(0)->text().startsWith(u"1. sim-flaky"_s));
    QCOMPARE(Ui::Common::changeText(f.session->changes().last()),
             u"Offering order: sim-east, sim-flaky → sim-flaky, sim-east"_s);
    QTest::mouseClick(editor.upButton(), Qt::LeftButton);
    QVERIFY(!f.session->isModified());

    QTest::mouseClick(editor.addButton(), Qt::LeftButton);
    QCOMPARE(editor.list()->count(), 3);
    QCOMPARE(editor.list()->currentRow(), 2);
    QTest::mouseClick(editor.removeButton(), Qt::LeftButton);
    QCOMPARE(editor.list()->count(), 2);
    f.session->undoStack()->undo();
    QCOMPARE(editor.list()->count(), 3);
}

void tst_OfferingsEditor::editSelectedOffering_R_UI_3()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Models::OfferingsEditor editor(f.session.get());
    editor.setModelName(u"sim-flaky/gpt-4o"_s);
    editor.show();
    typeInto(editor.upstreamEdit(), u"gpt-4o-2024-08-06"_s);
    QCOMPARE(f.session->edited().model(u"sim-flaky/gpt-4o"_s)->offerings.first().upstreamModel,
             u"gpt-4o-2024-08-06"_s);
    QCOMPARE(f.session->undoStack()->count(), 1); // typing merges into one step
    QVERIFY(editor.list()->item(0)->text().contains(u"gpt-4o-2024-08-06"_s));
}

QTEST_MAIN(tst_OfferingsEditor)
#include "tst_offeringseditor.moc"
