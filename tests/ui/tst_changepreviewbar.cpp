#include "common/changepreviewbar.h"
#include "common/editcommands.h"
#include "uitestsupport.h"

#include <QLabel>
#include <QPushButton>
#include <QToolButton>

using namespace Qt::StringLiterals;
using namespace Ui;

class tst_ChangePreviewBar : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void appearsOnlyWhenSomethingDiffers_R_UI_4();
    void summaryAndExpandedList_R_UI_4_data();
    void summaryAndExpandedList_R_UI_4();
    void saveDisabledWithReason_R_UI_3();
    void warnsWhenAnEditCannotFitTheDeadline_R_UI_8();
};

void tst_ChangePreviewBar::appearsOnlyWhenSomethingDiffers_R_UI_4()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    QWidget page; // the bar lives in a screen; it hides itself while nothing differs
    Common::ChangePreviewBar &bar = *new Common::ChangePreviewBar(f.session.get(), &page);
    page.show();
    QVERIFY(!bar.isVisible());
    Common::WorkspaceSession &s = *f.session;
    s.push(new Common::SetWeightCommand(&s, u"demo/chat"_s, 0, 4));
    QVERIFY(bar.isVisible());
    QCOMPARE(bar.summaryText(), u"1 change: Model demo/chat: Weight of sim-east/gpt-4o: 3 → 4"_s);
    QVERIFY(!bar.findChild<QToolButton *>()->isVisible()); // nothing more to expand
    // Typed back to the saved value: nothing differs, the bar goes away.
    s.push(new Common::SetWeightCommand(&s, u"demo/chat"_s, 0, 3));
    QVERIFY(!bar.isVisible());
}

void tst_ChangePreviewBar::summaryAndExpandedList_R_UI_4_data()
{
    QTest::addColumn<int>("edits");
    QTest::addColumn<QString>("summary");
    QTest::newRow("two") << 2
                         << u"2 changes: Model demo/chat: Weight of sim-east/gpt-4o: 3 → 4 · "
                            "Model demo/chat: Weight of sim-west-eu/gpt-4o: 1 → 4"_s;
    QTest::newRow("three") << 3
                           << u"3 changes: Model demo/chat: Weight of sim-east/gpt-4o: 3 → 4 · "
                              "Model demo/chat: Weight of sim-west-eu/gpt-4o: 1 → 4 · …"_s;
}

void tst_ChangePreviewBar::summaryAndExpandedList_R_UI_4()
{
    QFETCH(int, edits);
    QFETCH(QString, summary);
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    QWidget page; // the bar lives in a screen; it hides itself while nothing differs
    Common::ChangePreviewBar &bar = *new Common::ChangePreviewBar(f.session.get(), &page);
    page.show();
    Common::WorkspaceSession &s = *f.session;
    s.push(new Common::SetWeightCommand(&s, u"demo/chat"_s, 0, 4));
    s.push(new Common::SetWeightCommand(&s, u"demo/chat"_s, 1, 4));
    if (edits > 2)
        s.push(new Common::SetAllowedRegionsCommand(&s, u"demo/chat"_s, { u"us-east-1"_s }));
    QCOMPARE(bar.summaryText(), summary);
    QCOMPARE(bar.changeLines().size(), edits);
    auto *toggle = bar.findChild<QToolButton *>();
    QCOMPARE(toggle->isVisible(), edits > 2);
    if (edits > 2) {
        QVERIFY(!bar.isExpanded());
        QTest::mouseClick(toggle, Qt::LeftButton);
        QVERIFY(bar.isExpanded());
        QCOMPARE(bar.findChild<QLabel *>(u"changeList"_s)->text(), bar.changeLines().join(u'\n'));
        QTest::mouseClick(toggle, Qt::LeftButton);
        QVERIFY(!bar.isExpanded());
    }
}

void tst_ChangePreviewBar::saveDisabledWithReason_R_UI_3()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    QWidget page; // the bar lives in a screen; it hides itself while nothing differs
    Common::ChangePreviewBar &bar = *new Common::ChangePreviewBar(f.session.get(), &page);
    page.show();
    Common::WorkspaceSession &s = *f.session;
    s.push(new Common::SetAllowedRegionsCommand(&s, u"demo/chat"_s, { u"us east"_s }));
    QVERIFY(!bar.saveButton()->isEnabled());
    QVERIFY(bar.saveButton()->toolTip().startsWith(u"Cannot save: "_s));
    QVERIFY(!bar.problemsText().isEmpty());
    QVERIFY(bar.saveButton()->toolTip().contains(bar.problemsText().section(u'\n', 0, 0)));
    QTest::mouseClick(bar.discardButton(), Qt::LeftButton);
    QVERIFY(!bar.isVisible());
    QVERIFY(!s.isModified());
}

// An edit that leaves attempts unable to start within the deadline is named in the bar, as a
// warning: Save stays allowed, and the warning goes when the edit is undone.
void tst_ChangePreviewBar::warnsWhenAnEditCannotFitTheDeadline_R_UI_8()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    QWidget page;
    Common::ChangePreviewBar &bar = *new Common::ChangePreviewBar(f.session.get(), &page);
    page.show();
    Common::WorkspaceSession &s = *f.session;
    s.push(new Common::SetRecoveryModeCommand(&s, u"demo/chat"_s, true));
    QVERIFY(bar.isVisible());
    QVERIFY(bar.deadlineWarningsText().isEmpty()); // the defaults fit
    s.push(new Common::SetRecoveryFieldCommand(&s, u"demo/chat"_s,
                                               Domain::RecoveryField::DeadlineMs, 8000));
    // Two deployments, each tried once and timing out after 10 s: the second starts at 10,100 ms.
    QCOMPARE(bar.deadlineWarningsText(),
             u"Warning: demo/chat: When every attempt times out, attempts and waits take up to "
             "20,100 ms, past the deadline of 8,000 ms: attempt 2 can never start."_s);
    QVERIFY(bar.saveButton()->isEnabled());
    s.undoStack()->undo();
    QVERIFY(bar.deadlineWarningsText().isEmpty());
}

QTEST_MAIN(tst_ChangePreviewBar)
#include "tst_changepreviewbar.moc"
