#include "common/editcommands.h"
#include "gateway/gatewaybinding.h"
#include "gateway/gatewaymonitor.h"
#include "gateway/gatewayscreen.h"
#include "uitestsupport.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <config/keys.h>
#include <gateway/gatewayservice.h>
#include <store/receiptwriter.h>

using namespace Qt::StringLiterals;
using namespace Ui;

class tst_GatewayScreen : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void loopbackDetection_R_SEC_1_data();
    void loopbackDetection_R_SEC_1();
    void nonLoopbackAsksFirst_R_SEC_1();
    void savedChangeUsedByNextCall_R_UI_4();
};

void tst_GatewayScreen::loopbackDetection_R_SEC_1_data()
{
    QTest::addColumn<QString>("host");
    QTest::addColumn<bool>("loopback");
    QTest::newRow("127.0.0.1") << u"127.0.0.1"_s << true;
    QTest::newRow("::1") << u"::1"_s << true;
    QTest::newRow("[::1]") << u"[::1]"_s << true;
    QTest::newRow("localhost") << u"localhost"_s << true;
    QTest::newRow("any address") << u"0.0.0.0"_s << false;
    QTest::newRow("lan") << u"192.168.1.20"_s << false;
}

void tst_GatewayScreen::loopbackDetection_R_SEC_1()
{
    QFETCH(QString, host);
    QFETCH(bool, loopback);
    QCOMPARE(GatewayControl::GatewayScreen::isLoopback(host), loopback);
}

void tst_GatewayScreen::nonLoopbackAsksFirst_R_SEC_1()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    GatewayControl::GatewayMonitor monitor;
    monitor.setAvailable(true);
    GatewayControl::GatewayScreen screen(f.session.get(), &monitor);
    QStringList asked;
    screen.confirmExposure = [&](const QString &host) {
        asked.append(host);
        return false;
    };
    screen.show();
    QSignalSpy starts(&monitor, &GatewayControl::GatewayMonitor::startRequested);
    typeInto(screen.hostEdit(), u"0.0.0.0"_s);
    QTest::mouseClick(screen.startButton(), Qt::LeftButton);
    QCOMPARE(asked, QStringList { u"0.0.0.0"_s });
    QCOMPARE(starts.count(), 0);
    typeInto(screen.hostEdit(), u"127.0.0.1"_s);
    QTest::mouseClick(screen.startButton(), Qt::LeftButton);
    QCOMPARE(asked.size(), 1);
    QCOMPARE(starts.count(), 1);
    // The running address shows IPv6 in brackets; starting again from it works.
    typeInto(screen.hostEdit(), u"[::1]"_s);
    QTest::mouseClick(screen.startButton(), Qt::LeftButton);
    QCOMPARE(asked.size(), 1);
    QCOMPARE(starts.count(), 2);
    QCOMPARE(starts.at(1).at(0).toString(), u"::1"_s);
}

// A real gateway on port 0 with the demo workspace's simulator: a test call succeeds, then the
// model is turned off and saved, and the very next call is refused because the gateway got the
// snapshot.
void tst_GatewayScreen::savedChangeUsedByNextCall_R_UI_4()
{
    Domain::Workspace ws = fixtureWorkspace();
    const Config::NewKey key
        = Config::makeKey(u"default"_s, u"test"_s, QDateTime::currentDateTimeUtc());
    ws.keys.append(key.key);
    StudioFixture f;
    QVERIFY(f.open(ws));
    Store::ReceiptWriter writer(f.temp.path());
    QVERIFY(writer.start().ok());
    Gateway::GatewayService gateway;
    gateway.setReceiptWriter(&writer);
    GatewayControl::GatewayMonitor monitor;
    GatewayControl::bindGateway(&gateway, &monitor, f.session.get());
    GatewayControl::GatewayScreen screen(f.session.get(), &monitor);
    screen.show();
    QVERIFY(QTest::qWaitForWindowExposed(&screen));

    typeInto(screen.hostEdit(), u"127.0.0.1"_s);
    typeInto(screen.portSpin(), u"0"_s);
    QTest::mouseClick(screen.startButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(monitor.figures().running, 10000);
    QVERIFY(!screen.startButton()->isEnabled());
    QVERIFY(screen.testButton()->isEnabled());

    screen.testModelCombo()->setCurrentIndex(
        screen.testModelCombo()->findText(u"sim-east/gpt-4o"_s));
    typeInto(screen.testKeyEdit(), key.secret);
    QTest::mouseClick(screen.testButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(screen.testResultLabel()->text().startsWith(u"HTTP "_s), 15000);
    QVERIFY2(screen.testResultLabel()->text().startsWith(
                 u"HTTP 200 · served by sim-east · 1 attempt(s)"_s),
             qPrintable(screen.testResultLabel()->text()));

    Common::WorkspaceSession &s = *f.session;
    s.push(new Common::SetModelEnabledCommand(&s, u"sim-east/gpt-4o"_s, false));
    QVERIFY(s.save(u"tester"_s).ok());
    QTest::mouseClick(screen.testButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(screen.testResultLabel()->text().startsWith(u"HTTP "_s), 15000);
    QVERIFY2(screen.testResultLabel()->text().startsWith(u"HTTP 403"_s),
             qPrintable(screen.testResultLabel()->text()));

    QTest::mouseClick(screen.stopButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!monitor.figures().running, 15000);
    QVERIFY(screen.startButton()->isEnabled());
}

QTEST_MAIN(tst_GatewayScreen)
#include "tst_gatewayscreen.moc"
