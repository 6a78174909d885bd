#include "common/editcommands.h"
#include "gateway/gatewaybinding.h"
#include "gateway/gatewaymonitor.h"
#include "models/deploymenthealthmodel.h"
#include "models/modeloverviewtab.h"
#include "uitestsupport.h"

#include <QPushButton>
#include <QTableView>
#include <gateway/gatewayservice.h>

using namespace Qt::StringLiterals;
using namespace Ui;
using Column = Models::DeploymentHealthModel::Column;

class tst_ModelOverviewTab : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sentencesDescribeTheSavedModel_R_UI_2();
    void drainAndReenableThroughTheGateway_R_UI_11();
};

void tst_ModelOverviewTab::sentencesDescribeTheSavedModel_R_UI_2()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Models::ModelOverviewTab tab(f.session.get(), nullptr);
    tab.setModelName(u"demo/chat"_s);
    QCOMPARE(
        tab.sentencesText(),
        u"Weighted across 2 deployments, in any region.\nRecovery uses the defaults: 3 attempts, "
        "deadline 180,000 ms, backoff 100 to 2,000 ms, cooldown 5,000 ms."_s);
    Common::WorkspaceSession &s = *f.session;
    s.push(new Common::SetAllowedRegionsCommand(&s, u"demo/chat"_s, { u"us-east-1"_s }));
    s.push(new Common::SetRecoveryModeCommand(&s, u"demo/chat"_s, true));
    s.push(new Common::SetRecoveryFieldCommand(
        &s, u"demo/chat"_s, Common::SetRecoveryFieldCommand::Field::Attempts, 5));
    // Unsaved edits do not change what the gateway does yet.
    QVERIFY(tab.sentencesText().startsWith(u"Weighted across 2 deployments, in any region."_s));
    QVERIFY(s.save(u"t"_s).ok());
    QCOMPARE(
        tab.sentencesText(),
        u"Weighted across 2 deployments, only in us-east-1.\nRecovery is overridden: 5 attempts, "
        "deadline 180,000 ms, backoff 100 to 2,000 ms, cooldown 5,000 ms."_s);
    // A deadline the attempts cannot fit is said, with what can never start (R-UI-8): one
    // deployment left in us-east-1 retries after its 5 s cooldown, so the fifth attempt would
    // start at 60,000 ms.
    s.push(new Common::SetRecoveryFieldCommand(
        &s, u"demo/chat"_s, Common::SetRecoveryFieldCommand::Field::DeadlineMs, 60000));
    QVERIFY(s.save(u"t"_s).ok());
    QCOMPARE(tab.sentencesText().section(u'\n', 2),
             u"When every attempt times out, attempts and waits take up to 70,000 ms, past the "
             "deadline of 60,000 ms: attempt 5 can never start."_s);
}

void tst_ModelOverviewTab::drainAndReenableThroughTheGateway_R_UI_11()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Gateway::GatewayService gateway;
    GatewayControl::GatewayMonitor monitor;
    GatewayControl::bindGateway(&gateway, &monitor, f.session.get());
    Models::ModelOverviewTab tab(f.session.get(), &monitor);
    tab.setModelName(u"demo/chat"_s);
    tab.show();
    QVERIFY(!tab.drainButton()->isEnabled()); // gateway not running
    Gateway::GatewayOptions options;
    options.port = 0;
    gateway.start(options, std::make_shared<const Domain::Workspace>(f.session->saved()));
    QTRY_VERIFY_WITH_TIMEOUT(monitor.figures().running, 10000);

    tab.healthView()->selectRow(1);
    QVERIFY(tab.drainButton()->isEnabled());
    QVERIFY(!tab.reenableButton()->isEnabled());
    QTest::mouseClick(tab.drainButton(), Qt::LeftButton);
    const QAbstractItemModel *m = tab.healthView()->model();
    QTRY_COMPARE_WITH_TIMEOUT(m->index(1, Column::HealthColumn).data().toString(), u"◐ drained"_s,
                              10000);
    QCOMPARE(m->index(0, Column::HealthColumn).data().toString(), u"● healthy"_s);
    QVERIFY(!tab.drainButton()->isEnabled());
    QVERIFY(tab.reenableButton()->isEnabled());
    QTest::mouseClick(tab.reenableButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(m->index(1, Column::HealthColumn).data().toString(), u"● healthy"_s,
                              10000);
    gateway.stop();
    QTRY_VERIFY_WITH_TIMEOUT(!monitor.figures().running, 15000);
}

QTEST_MAIN(tst_ModelOverviewTab)
#include "tst_modeloverviewtab.moc"
