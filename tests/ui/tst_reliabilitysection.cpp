// The studio's side of reliability probes (R-REL-*): a Direct model's Reliability section, "Probe
// now" on the model's page and on the Providers screen, and the workspace's probe settings; real
// widgets offscreen, probes run through a real gateway to simulator connections.
#include "common/changepreviewbar.h"
#include "common/probenow.h"
#include "models/modeloverviewtab.h"
#include "models/reliabilitysection.h"
#include "probeworkspace.h"
#include "providers/providersscreen.h"
#include "uitestsupport.h"
#include "workspace/workspacesettingsscreen.h"

#include <QDir>
#include <QLabel>
#include <QLoggingCategory>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QUndoStack>
#include <gateway/gatewayservice.h>
#include <runtime/probescheduler.h>

using namespace Qt::StringLiterals;
using namespace Ui;

class tst_ReliabilitySection : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void probeNowFillsTheModelsReliability_R_REL_1();
    void probeNowForTheSelectedProvider_R_REL_1();
    void probeSettingsInTheChangeBar_R_REL_1();
};

namespace {

constexpr int kTimeoutMs = 30000;

using ProbeFixture::offering;
using ProbeFixture::simulator;

// probe/chat on "good", "bad" (every answer malformed) and "paid" (metered); no schedule.
Domain::Workspace probeWorkspace()
{
    Domain::Workspace ws = fixtureWorkspace();
    ws.probeIntervalHours = 0;
    ws.connections << simulator(u"good"_s, 0.0) << simulator(u"bad"_s, 1.0)
                   << simulator(u"paid"_s, 0.0, true);
    Domain::Model chat;
    chat.name = u"probe/chat"_s;
    chat.offerings << offering(u"good"_s) << offering(u"bad"_s) << offering(u"paid"_s);
    ws.models << chat;
    return ws;
}

struct ProbeGateway
{
    Gateway::GatewayService gateway;
    Runtime::ProbeScheduler probes { nullptr, &gateway };

    bool start(const Domain::Workspace &ws)
    {
        probes.setWorkspace(ws);
        QSignalSpy started(&gateway, &Gateway::GatewayService::started);
        Gateway::GatewayOptions options;
        options.port = 0;
        gateway.start(options, std::make_shared<const Domain::Workspace>(ws));
        return started.wait(kTimeoutMs);
    }
    ~ProbeGateway()
    {
        QSignalSpy stopped(&gateway, &Gateway::GatewayService::stopped);
        gateway.stop();
        stopped.wait(kTimeoutMs);
    }
};

QString childText(QWidget *block, const QString &name)
{
    if (auto *label = block->findChild<QLabel *>(name))
        return label->text();
    if (auto *edit = block->findChild<QPlainTextEdit *>(name))
        return edit->toPlainText();
    return u"(none)"_s;
}

QWidget *blockOf(Models::ReliabilitySection *section, const QString &connection)
{
    for (QWidget *b : section->offeringBlocks()) {
        if (b->objectName() == u"offering:"_s + connection)
            return b;
    }
    return nullptr;
}

void screenshot(QWidget *w, const QString &file)
{
    // The layouts' requests, each of which may post its parent's: the scroll areas' sizes.
    for (int i = 0; i < 4; ++i)
        QCoreApplication::sendPostedEvents();
    if (const QString dir = qEnvironmentVariable("SWITCHBOARD_SCREENSHOTS"); !dir.isEmpty())
        QVERIFY(w->grab().save(QDir(dir).filePath(file)));
}

} // namespace

void tst_ReliabilitySection::initTestCase()
{
    // The gateway has no receipt writer here: the receipts are not this test's subject.
    QLoggingCategory::setFilterRules(u"sb.gateway.warning=false"_s);
}

// R-REL-1: Probe now on a model's page runs its offerings' probes; the section then shows each
// offering's pass rates, a chart, and the failing one's last failure with its output.
void tst_ReliabilitySection::probeNowFillsTheModelsReliability_R_REL_1()
{
    StudioFixture f;
    const Domain::Workspace ws = probeWorkspace();
    QVERIFY(f.open(ws));
    ProbeGateway g;
    QVERIFY(g.start(ws));
    Models::ModelOverviewTab tab(f.session.get(), nullptr);
    tab.setProbes(&g.probes);
    tab.setModelName(u"probe/chat"_s);
    tab.resize(900, 1100);
    tab.show();
    Models::ReliabilitySection *section = tab.reliability();
    QCOMPARE(section->offeringBlocks().size(), 3);
    QWidget *good = blockOf(section, u"good"_s);
    QVERIFY(good);
    QCOMPARE(childText(good, u"rates"_s),
             u"Tools: no probes yet · Structured output: no probes yet"_s);
    QCOMPARE(childText(good, u"schedule"_s),
             u"Never probed · Next run: not scheduled: probes are off in the workspace settings"_s);
    QCOMPARE(childText(blockOf(section, u"paid"_s), u"schedule"_s),
             u"Never probed · Next run: not scheduled: metered connection"_s);

    QPushButton *button = section->probeNow()->button();
    QVERIFY(button->isEnabled());
    QVERIFY(button->focusPolicy() & Qt::TabFocus);
    QSignalSpy finished(&g.probes, &Runtime::ProbeScheduler::runFinished);
    QTest::mouseClick(button, Qt::LeftButton);
    QVERIFY(!button->isEnabled()); // one run at a time
    QCOMPARE(section->probeNow()->statusLabel()->text(), u"Probing…"_s);
    QVERIFY(finished.wait(kTimeoutMs));
    // Three offerings, three tool and three structured-output tasks each; "bad" fails them all.
    QCOMPARE(section->probeNow()->statusLabel()->text(), u"18 probes: 12 passed, 6 failed"_s);
    QVERIFY(button->isEnabled());

    good = blockOf(section, u"good"_s);
    QWidget *bad = blockOf(section, u"bad"_s);
    QVERIFY(good && bad);
    QCOMPARE(childText(good, u"rates"_s),
             u"Tools: 3 of 3 passed (100 %) · Structured output: 3 of 3 passed (100 %)"_s);
    QCOMPARE(childText(bad, u"rates"_s),
             u"Tools: 0 of 3 passed (0 %) · Structured output: 0 of 3 passed (0 %)"_s);
    QVERIFY(childText(good, u"schedule"_s).startsWith(u"Last run "_s));
    QVERIFY(good->findChild<QWidget *>(u"lastFailure"_s) == nullptr);
    QVERIFY(childText(bad, u"lastFailure"_s).startsWith(u"Last failure: "_s));
    QVERIFY(!childText(bad, u"failureReason"_s).isEmpty());
    QVERIFY(!childText(bad, u"failingOutput"_s).isEmpty());
    QVERIFY(childText(bad, u"receipt"_s).startsWith(u"Receipt: "_s));
    screenshot(&tab, u"model-reliability.png"_s);
}

// R-REL-1: the Providers screen's Probe now probes the selected provider's offerings; it is
// reachable from the keyboard.
void tst_ReliabilitySection::probeNowForTheSelectedProvider_R_REL_1()
{
    StudioFixture f;
    const Domain::Workspace ws = probeWorkspace();
    QVERIFY(f.open(ws));
    ProbeGateway g;
    QVERIFY(g.start(ws));
    Providers::ProvidersScreen screen(f.session.get());
    screen.setProbes(&g.probes);
    screen.resize(1200, 800);
    screen.show();
    QVERIFY(screen.selectProvider(u"simulator"_s));
    QPushButton *button = screen.probeNow()->button();
    QVERIFY(button->isEnabled());
    QSignalSpy finished(&g.probes, &Runtime::ProbeScheduler::runFinished);
    button->setFocus();
    QTest::keyClick(button, Qt::Key_Space);
    QVERIFY(finished.wait(kTimeoutMs));
    const auto results = finished.at(0).at(0).value<QList<Domain::ProbeResult>>();
    QVERIFY(!results.isEmpty());
    for (const Domain::ProbeResult &r : results)
        QCOMPARE(ws.connection(r.connection)->provider, u"simulator"_s);
    QVERIFY(screen.probeNow()->statusLabel()->text().contains(u" probes: "_s));
    screenshot(&screen, u"providers-probe-now.png"_s);
}

// The probe interval and window are edited like every workspace setting: undoable, previewed.
void tst_ReliabilitySection::probeSettingsInTheChangeBar_R_REL_1()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Workspace::WorkspaceSettingsScreen screen(f.session.get());
    screen.resize(900, 900);
    screen.show();
    QCOMPARE(screen.probeIntervalSpin()->value(), 6);
    QCOMPARE(screen.probeWindowSpin()->value(), 72);
    screen.probeIntervalSpin()->setValue(0);
    screen.probeWindowSpin()->setValue(24);
    QCOMPARE(f.session->edited().probeIntervalHours, 0);
    QCOMPARE(f.session->edited().probeWindowHours, 24);
    const QString changes = Common::changeLines(f.session->changes()).join(u'\n');
    QVERIFY2(changes.contains(u"Probe interval, hours"_s), qPrintable(changes));
    QVERIFY2(changes.contains(u"Probe window, hours"_s), qPrintable(changes));
    QCOMPARE(screen.probeIntervalSpin()->text(), u"Off"_s);
    screenshot(&screen, u"workspace-probes.png"_s);
    f.session->undoStack()->undo();
    QCOMPARE(screen.probeWindowSpin()->value(), 72);
}

QTEST_MAIN(tst_ReliabilitySection)
#include "tst_reliabilitysection.moc"
