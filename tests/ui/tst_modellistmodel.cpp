#include "common/editcommands.h"
#include "gateway/gatewaymonitor.h"
#include "models/modellistmodel.h"
#include "uitestsupport.h"

#include <QAbstractItemModelTester>
#include <QUndoStack>

using namespace Qt::StringLiterals;
using namespace Ui;

class tst_ModelListModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rowsFollowTheEditedWorkspace_R_UI_1();
    void routeAndModality_R_UI_1_data();
    void routeAndModality_R_UI_1();
    void healthMark_R_UI_11_data();
    void healthMark_R_UI_11();
};

void tst_ModelListModel::rowsFollowTheEditedWorkspace_R_UI_1()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    GatewayControl::GatewayMonitor monitor;
    Models::ModelListModel model(f.session.get(), &monitor);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 8);
    Common::WorkspaceSession &s = *f.session;
    s.push(new Common::DuplicateModelCommand(&s, u"demo/chat"_s, u"demo/chat-copy"_s));
    QCOMPARE(model.rowCount(), 9);
    QCOMPARE(model.modelName(7), u"demo/chat-copy"_s);
    s.push(new Common::DeleteModelCommand(&s, u"sim-east/claude-sonnet-5"_s));
    QCOMPARE(model.rowCount(), 8);
    QCOMPARE(model.rowOf(u"sim-east/claude-sonnet-5"_s), -1);
    s.undoStack()->undo();
    s.undoStack()->undo();
    QCOMPARE(model.rowCount(), 8);
    QCOMPARE(model.rowOf(u"sim-east/claude-sonnet-5"_s), 4);
    monitor.setHealth(
        { { u"sim-east/gpt-4o"_s, u"sim-east/gpt-4o"_s, u"sim-east"_s, 1000, false, {} } });
}

void tst_ModelListModel::routeAndModality_R_UI_1_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("route");
    QTest::addColumn<QString>("modality");
    QTest::newRow("pool") << u"demo/chat"_s << u"Pool · 2"_s << u"chat"_s;
    QTest::newRow("direct") << u"sim-east/gpt-4o"_s << u"Direct"_s << u"chat"_s;
    QTest::newRow("embedding") << u"sim-east/text-embedding-3-small"_s << u"Direct"_s
                               << u"embedding"_s;
}

void tst_ModelListModel::routeAndModality_R_UI_1()
{
    QFETCH(QString, name);
    QFETCH(QString, route);
    QFETCH(QString, modality);
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Models::ModelListModel model(f.session.get(), nullptr);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const int row = model.rowOf(name);
    QVERIFY(row >= 0);
    QCOMPARE(model.index(row, Models::ModelListModel::NameColumn).data().toString(), name);
    QCOMPARE(model.index(row, Models::ModelListModel::RouteColumn).data().toString(), route);
    QCOMPARE(model.index(row, Models::ModelListModel::ModalityColumn).data().toString(), modality);
}

void tst_ModelListModel::healthMark_R_UI_11_data()
{
    QTest::addColumn<bool>("enabled");
    QTest::addColumn<qint64>("cooldownMs");
    QTest::addColumn<bool>("drained");
    QTest::addColumn<QString>("mark");
    QTest::addColumn<QString>("tip");
    QTest::newRow("healthy") << true << qint64(0) << false << u"●"_s
                             << u"Healthy: no deployment is cooling down."_s;
    QTest::newRow("deployment cooling") << true << qint64(30000) << false << u"◐"_s
                                        << u"Some deployments are cooling down after a failure."_s;
    QTest::newRow("deployment drained") << true << qint64(0) << true << u"◐"_s
                                        << u"Some deployments are cooling down after a failure."_s;
    QTest::newRow("disabled") << false << qint64(30000) << false << u"○"_s
                              << u"Disabled: calls naming demo/chat are refused."_s;
}

void tst_ModelListModel::healthMark_R_UI_11()
{
    QFETCH(bool, enabled);
    QFETCH(qint64, cooldownMs);
    QFETCH(bool, drained);
    QFETCH(QString, mark);
    QFETCH(QString, tip);
    Domain::Workspace ws = fixtureWorkspace();
    ws.model(u"demo/chat"_s)->enabled = enabled;
    StudioFixture f;
    QVERIFY(f.open(ws));
    GatewayControl::GatewayMonitor monitor;
    Models::ModelListModel model(f.session.get(), &monitor);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    if (cooldownMs > 0 || drained)
        monitor.setHealth({ { u"sim-west-eu/gpt-4o"_s, u"sim-west-eu/gpt-4o"_s, u"sim-west-eu"_s,
                              cooldownMs, drained, u"unavailable"_s } });
    const QModelIndex i
        = model.index(model.rowOf(u"demo/chat"_s), Models::ModelListModel::HealthColumn);
    QCOMPARE(i.data().toString(), mark);
    QCOMPARE(i.data(Qt::ToolTipRole).toString(), tip);
}

QTEST_MAIN(tst_ModelListModel)
#include "tst_modellistmodel.moc"
