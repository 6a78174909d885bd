#include "common/changepreviewbar.h"
#include "common/editcommands.h"
#include "history/historymodel.h"
#include "history/historyscreen.h"
#include "uitestsupport.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTableView>

using namespace Qt::StringLiterals;
using namespace Ui;

namespace {

QStringList items(const QListWidget *list)
{
    QStringList out;
    for (int i = 0; i < list->count(); ++i)
        out.append(list->item(i)->text());
    return out;
}

// Two saves after the first version: weight 3 → 5, then allowed regions none → us-east-1.
void makeHistory(Common::WorkspaceSession &s)
{
    s.push(new Common::SetWeightCommand(&s, u"demo/chat"_s, 0, 5));
    QVERIFY(s.save(u"ana"_s).ok());
    s.push(new Common::SetAllowedRegionsCommand(&s, u"demo/chat"_s, { u"us-east-1"_s }));
    QVERIFY(s.save(u"bo"_s).ok());
}

} // namespace

class tst_HistoryScreen : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void listsEveryVersion_R_UI_10();
    void compareWithCurrent_R_UI_10();
    void restoreIsPreviewedThenANewVersion_R_UI_10();
};

void tst_HistoryScreen::listsEveryVersion_R_UI_10()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    History::HistoryScreen screen(f.session.get());
    QAbstractItemModelTester tester(screen.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    screen.show();
    QCOMPARE(screen.model()->rowCount(), 1);
    makeHistory(*f.session);
    QCOMPARE(screen.model()->rowCount(), 3);
    const QAbstractItemModel *m = screen.model();
    QCOMPARE(m->index(0, History::HistoryModel::VersionColumn).data().toString(), u"3"_s);
    QCOMPARE(m->index(0, History::HistoryModel::AuthorColumn).data().toString(), u"bo"_s);
    QCOMPARE(m->index(0, History::HistoryModel::ChangesColumn).data().toString(), u"1 change"_s);
    QVERIFY(m->index(0, History::HistoryModel::TimeColumn).data().toString().endsWith(u" ago"_s));
    QVERIFY(
        !m->index(0, History::HistoryModel::TimeColumn).data(Qt::ToolTipRole).toString().isEmpty());
    screen.selectVersion(2);
    QCOMPARE(items(screen.changesList()),
             QStringList { u"Model demo/chat: Weight of sim-east/gpt-4o: 3 → 5"_s });
    QVERIFY(screen.changesTitle()->text().startsWith(u"Version 2 by ana"_s));
}

void tst_HistoryScreen::compareWithCurrent_R_UI_10()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    History::HistoryScreen screen(f.session.get());
    screen.show();
    makeHistory(*f.session);
    screen.selectVersion(1);
    QTest::mouseClick(screen.compareButton(), Qt::LeftButton);
    QCOMPARE(items(screen.changesList()),
             (QStringList { u"Model demo/chat: Weight of sim-east/gpt-4o: 3 → 5"_s,
                            u"Model demo/chat: Allowed regions: none → us-east-1"_s }));
    screen.selectVersion(3);
    QTest::mouseClick(screen.compareButton(), Qt::LeftButton);
    QCOMPARE(items(screen.changesList()), QStringList { u"No differences."_s });
}

void tst_HistoryScreen::restoreIsPreviewedThenANewVersion_R_UI_10()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    History::HistoryScreen screen(f.session.get());
    screen.show();
    makeHistory(*f.session);
    const Domain::Workspace first = f.store->loadVersion(1).value();
    screen.selectVersion(1);
    QTest::mouseClick(screen.restoreButton(), Qt::LeftButton);
    QVERIFY(f.session->edited() == first);
    QVERIFY(screen.previewBar()->isVisible());
    QCOMPARE(screen.previewBar()->changeLines(),
             (QStringList { u"Model demo/chat: Weight of sim-east/gpt-4o: 5 → 3"_s,
                            u"Model demo/chat: Allowed regions: us-east-1 → none"_s }));
    QCOMPARE(f.store->versions().size(), 3);
    QTest::mouseClick(screen.previewBar()->saveButton(), Qt::LeftButton);
    QCOMPARE(f.store->versions().size(), 4);
    QCOMPARE(screen.model()->rowCount(), 4);
    QVERIFY(f.store->load().value() == first);
    QVERIFY(!screen.previewBar()->isVisible());
}

QTEST_MAIN(tst_HistoryScreen)
#include "tst_historyscreen.moc"
