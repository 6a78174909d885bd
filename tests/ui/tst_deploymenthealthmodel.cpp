#include "common/editcommands.h"
#include "gateway/gatewaymonitor.h"
#include "models/deploymenthealthmodel.h"
#include "uitestsupport.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>

using namespace Qt::StringLiterals;
using namespace Ui;
using Column = Models::DeploymentHealthModel::Column;

class tst_DeploymentHealthModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void poolRows_R_UI_2();
    void firstPickShare_R_PLAN_1_data();
    void firstPickShare_R_PLAN_1();
    void liveHealthAndKeys_R_UI_11();
    void directOfferings_R_UI_2();
};

void tst_DeploymentHealthModel::poolRows_R_UI_2()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Models::DeploymentHealthModel model(f.session.get(), nullptr);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setModelName(u"demo/chat"_s);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(0, Column::TargetColumn).data().toString(), u"sim-east/gpt-4o"_s);
    QCOMPARE(model.index(0, Column::WeightColumn).data().toString(), u"3"_s);
    QCOMPARE(model.index(0, Column::ShareColumn).data().toString(), u"75 %"_s);
    QCOMPARE(model.index(1, Column::ShareColumn).data().toString(), u"25 %"_s);
    QCOMPARE(model.index(1, Column::RegionColumn).data().toString(), u"eu-west-1"_s);
    QCOMPARE(model.index(0, Column::HealthColumn).data().toString(), u"● healthy"_s);
    // The table shows what is saved (what the gateway routes on), not unsaved edits.
    // An unsaved edit does not even reset it (the user's current row and Drain stay put).
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    f.session->push(new Common::RemoveDeploymentCommand(f.session.get(), u"demo/chat"_s, 1));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(resets.count(), 0);
    QVERIFY(f.session->save(u"t"_s).ok());
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0, Column::ShareColumn).data().toString(), u"100 %"_s);
}

void tst_DeploymentHealthModel::firstPickShare_R_PLAN_1_data()
{
    QTest::addColumn<QStringList>("allowedRegions");
    QTest::addColumn<bool>("westEnabled");
    QTest::addColumn<bool>("eastAlsoInEu"); // sim-east/gpt-4o gains an offering on sim-west-eu
    QTest::addColumn<double>("eastShare");
    QTest::addColumn<double>("westShare");
    QTest::newRow("by weight") << QStringList {} << true << false << 75.0 << 25.0;
    QTest::newRow("out of region")
        << QStringList { u"us-east-1"_s } << true << false << 100.0 << 0.0;
    QTest::newRow("disabled deployment") << QStringList {} << false << false << 100.0 << 0.0;
    // Each offering serves from its own connection's region, as the gateway plans it (R-DET).
    QTest::newRow("a later offering in region")
        << QStringList { u"eu-west-1"_s } << true << true << 75.0 << 25.0;
}

void tst_DeploymentHealthModel::firstPickShare_R_PLAN_1()
{
    QFETCH(QStringList, allowedRegions);
    QFETCH(bool, westEnabled);
    QFETCH(bool, eastAlsoInEu);
    QFETCH(double, eastShare);
    QFETCH(double, westShare);
    Domain::Workspace ws = fixtureWorkspace();
    if (eastAlsoInEu) {
        Domain::Offering eu = ws.model(u"sim-east/gpt-4o"_s)->offerings.front();
        eu.connection = u"sim-west-eu"_s;
        ws.model(u"sim-east/gpt-4o"_s)->offerings << eu;
    }
    ws.model(u"demo/chat"_s)->pool.allowedRegions = allowedRegions;
    ws.model(u"sim-west-eu/gpt-4o"_s)->enabled = westEnabled;
    const Domain::Model &pool = *ws.model(u"demo/chat"_s);
    QCOMPARE(Models::DeploymentHealthModel::firstPickShare(ws, pool, 0), eastShare);
    QCOMPARE(Models::DeploymentHealthModel::firstPickShare(ws, pool, 1), westShare);
}

void tst_DeploymentHealthModel::liveHealthAndKeys_R_UI_11()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    GatewayControl::GatewayMonitor monitor;
    Models::DeploymentHealthModel model(f.session.get(), &monitor);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setModelName(u"demo/chat"_s);
    QCOMPARE(model.candidateKeys(1), QStringList { u"sim-west-eu/gpt-4o"_s });
    monitor.setHealth({ { u"sim-west-eu/gpt-4o"_s, u"sim-west-eu/gpt-4o"_s, u"sim-west-eu"_s,
                          600000, false, u"unavailable"_s } });
    QCOMPARE(model.index(1, Column::HealthColumn).data().toString(), u"◐ cooling down"_s);
    QVERIFY(model.index(1, Column::CooldownColumn).data().toString().endsWith(u" s"_s));
    QCOMPARE(model.index(1, Column::LastErrorColumn).data().toString(), u"unavailable"_s);
    QCOMPARE(model.index(0, Column::HealthColumn).data().toString(), u"● healthy"_s);
    monitor.setHealth(
        { { u"sim-west-eu/gpt-4o"_s, u"sim-west-eu/gpt-4o"_s, u"sim-west-eu"_s, 0, true, {} } });
    QCOMPARE(model.index(1, Column::HealthColumn).data().toString(), u"◐ drained"_s);
}

void tst_DeploymentHealthModel::directOfferings_R_UI_2()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Models::DeploymentHealthModel model(f.session.get(), nullptr);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setModelName(u"sim-flaky/gpt-4o"_s);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0, Column::TargetColumn).data().toString(), u"sim-flaky"_s);
    QCOMPARE(model.index(0, Column::WeightColumn).data().toString(), QString());
    QCOMPARE(model.index(0, Column::RegionColumn).data().toString(), u"us-east-1"_s);
    QCOMPARE(model.candidateKeys(0), QStringList { u"sim-flaky/gpt-4o"_s });
    model.setModelName(u"no/such-model"_s);
    QCOMPARE(model.rowCount(), 0);
}

QTEST_MAIN(tst_DeploymentHealthModel)
#include "tst_deploymenthealthmodel.moc"
