#include "common/editcommands.h"
#include "uitestsupport.h"

#include <QSignalSpy>
#include <QUndoStack>

using namespace Qt::StringLiterals;
using namespace Ui::Common;

class tst_WorkspaceSession : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void editIsPreviewed_R_UI_4();
    void undoRedoRestoreExactly_R_UI_4_data();
    void undoRedoRestoreExactly_R_UI_4();
    void typingInOneFieldMerges_R_UI_4();
    void discardRestoresSavedAndIsUndoable_R_UI_4();
    void saveWritesOneVersionAndPublishes_R_UI_4();
    void errorsBlockSave_R_UI_3();
    void macroIsOneStep_R_UI_4();
};

void tst_WorkspaceSession::editIsPreviewed_R_UI_4()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    WorkspaceSession &s = *f.session;
    QVERIFY(!s.isModified());
    QVERIFY(s.changes().isEmpty());
    QSignalSpy edited(&s, &WorkspaceSession::editedChanged);
    s.push(new SetWeightCommand(&s, u"demo/chat"_s, 0, 5));
    QCOMPARE(edited.count(), 1);
    QVERIFY(s.isModified());
    QCOMPARE(s.changes().size(), 1);
    QCOMPARE(changeLine(s.changes().first()),
             u"Model demo/chat: Weight of sim-east/gpt-4o: 3 → 5"_s);
}

void tst_WorkspaceSession::undoRedoRestoreExactly_R_UI_4_data()
{
    QTest::addColumn<int>("kind");
    QTest::newRow("route kind") << 0;
    QTest::newRow("add deployment") << 1;
    QTest::newRow("remove deployment") << 2;
    QTest::newRow("allowed regions") << 3;
    QTest::newRow("recovery field") << 4;
    QTest::newRow("delete model") << 5;
    QTest::newRow("move offering") << 6;
}

void tst_WorkspaceSession::undoRedoRestoreExactly_R_UI_4()
{
    QFETCH(int, kind);
    StudioFixture f;
    Domain::Workspace ws = fixtureWorkspace();
    // A second offering, so that a reorder is possible.
    ws.model(u"sim-east/gpt-4o"_s)
        ->offerings.append(Domain::Offering { u"sim-flaky"_s, u"gpt-4o"_s });
    QVERIFY(f.open(ws));
    WorkspaceSession &s = *f.session;
    const Domain::Workspace before = s.edited();
    const QString pool = u"demo/chat"_s;
    QUndoCommand *cmd = nullptr;
    switch (kind) {
    case 0:
        cmd = new SetRouteKindCommand(&s, pool, Domain::RouteKind::Direct);
        break;
    case 1:
        cmd = new AddDeploymentCommand(&s, pool, { u"sim-flaky/gpt-4o"_s, 2 });
        break;
    case 2:
        cmd = new RemoveDeploymentCommand(&s, pool, 0);
        break;
    case 3:
        cmd = new SetAllowedRegionsCommand(&s, pool, { u"us-east-1"_s });
        break;
    case 4:
        cmd = new SetRecoveryFieldCommand(&s, pool, SetRecoveryFieldCommand::Field::Attempts, 5);
        break;
    case 5:
        cmd = new DeleteModelCommand(&s, u"sim-east/claude-sonnet-5"_s);
        break;
    case 6:
        cmd = new MoveOfferingCommand(&s, u"sim-east/gpt-4o"_s, 0, 1);
        break;
    }
    s.push(cmd);
    const Domain::Workspace after = s.edited();
    QVERIFY(!(after == before));
    s.undoStack()->undo();
    QVERIFY(s.edited() == before);
    QVERIFY(!s.isModified());
    QVERIFY(s.changes().isEmpty());
    s.undoStack()->redo();
    QVERIFY(s.edited() == after);
}

void tst_WorkspaceSession::typingInOneFieldMerges_R_UI_4()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    WorkspaceSession &s = *f.session;
    for (int w : { 1, 10, 100, 1000 })
        s.push(new SetWeightCommand(&s, u"demo/chat"_s, 1, w));
    QCOMPARE(s.undoStack()->count(), 1);
    // Another row is another field: a new step.
    s.push(new SetWeightCommand(&s, u"demo/chat"_s, 0, 7));
    QCOMPARE(s.undoStack()->count(), 2);
    s.undoStack()->undo();
    s.undoStack()->undo();
    QCOMPARE(s.edited().model(u"demo/chat"_s)->pool.deployments.at(1).weight, 1);
    QVERIFY(!s.isModified());
    // A value set to what it already is is not a step.
    s.push(new SetWeightCommand(&s, u"demo/chat"_s, 0, 3));
    QCOMPARE(s.undoStack()->index(), 0);
}

void tst_WorkspaceSession::discardRestoresSavedAndIsUndoable_R_UI_4()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    WorkspaceSession &s = *f.session;
    s.push(new SetModelEnabledCommand(&s, u"demo/chat"_s, false));
    const Domain::Workspace edited = s.edited();
    s.discard();
    QVERIFY(s.edited() == s.saved());
    QVERIFY(!s.isModified());
    s.undoStack()->undo();
    QVERIFY(s.edited() == edited);
}

void tst_WorkspaceSession::saveWritesOneVersionAndPublishes_R_UI_4()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    WorkspaceSession &s = *f.session;
    QCOMPARE(f.store->versions().size(), 1);
    QSignalSpy published(&s, &WorkspaceSession::snapshotPublished);
    s.push(new SetWeightCommand(&s, u"demo/chat"_s, 0, 5));
    s.push(new SetAllowedRegionsCommand(&s, u"demo/chat"_s, { u"us-east-1"_s }));
    const Util::Result<int> version = s.save(u"tester"_s);
    QVERIFY2(version.ok(), qPrintable(version.ok() ? QString() : Util::logText(version.error())));
    QCOMPARE(f.store->versions().size(), 2);
    const Store::VersionInfo latest = f.store->versions().first();
    QCOMPARE(latest.author, u"tester"_s);
    QCOMPARE(changeLines(latest.changes),
             (QStringList { u"Model demo/chat: Weight of sim-east/gpt-4o: 3 → 5"_s,
                            u"Model demo/chat: Allowed regions: none → us-east-1"_s }));
    QVERIFY(!s.isModified());
    QVERIFY(s.undoStack()->isClean());
    QCOMPARE(published.count(), 1);
    const auto snapshot = published.first().first().value<Domain::WorkspaceSnapshot>();
    QVERIFY(snapshot);
    QCOMPARE(snapshot->model(u"demo/chat"_s)->pool.deployments.at(0).weight, 5);
    QVERIFY(f.store->load().value() == s.saved());
}

void tst_WorkspaceSession::errorsBlockSave_R_UI_3()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    WorkspaceSession &s = *f.session;
    s.push(new SetWeightCommand(&s, u"demo/chat"_s, 0, 0));
    QVERIFY(s.hasErrors());
    QCOMPARE(s.saveBlockedReason(),
             u"Cannot save: Weight of sim-east/gpt-4o must be between 1 and 10,000 (is 0)."_s);
    QCOMPARE(s.problemsAt(u"models[6].pool.deployments[0]"_s).size(), 1);
    QVERIFY(s.problemsAt(u"models[6].pool.deployments[1]"_s).isEmpty());
    const Util::Result<int> refused = s.save(u"tester"_s);
    QVERIFY(!refused.ok());
    QCOMPARE(f.store->versions().size(), 1);
}

void tst_WorkspaceSession::macroIsOneStep_R_UI_4()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    WorkspaceSession &s = *f.session;
    s.pushMacro(u"Disable 2 models"_s,
                { new SetModelEnabledCommand(&s, u"demo/chat"_s, false),
                  new SetModelEnabledCommand(&s, u"demo/resilient"_s, false) });
    QCOMPARE(s.undoStack()->count(), 1);
    QCOMPARE(s.changes().size(), 2);
    s.undoStack()->undo();
    QVERIFY(!s.isModified());
}

QTEST_MAIN(tst_WorkspaceSession)
#include "tst_workspacesession.moc"
