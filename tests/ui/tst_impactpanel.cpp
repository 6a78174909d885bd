// The change-preview bar's impact preview (issue 43): past calls of a crafted database replayed
// through the saved settings and the draft, off the UI thread, the latest edit winning.
#include "common/changepreviewbar.h"
#include "common/editcommands.h"
#include "common/format.h"
#include "common/impactpanel.h"
#include "common/impactsource.h"
#include "common/preferences.h"
#include "uitestsupport.h"

#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QVBoxLayout>
#include <receiptfactory.h>
#include <store/receiptwriter.h>

using namespace Qt::StringLiterals;
using namespace Ui;

class tst_ImpactPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void showsBeforeAndAfter_R_UI_4_R_UI_8();
    void latestEditWins_R_UI_4();
    void lastNCallsOnly_R_UI_4();
    void noCallsToReplayYet_R_UI_4();
    void freshFiguresAfterDiscard_R_UI_4();
};

namespace {

const QDateTime kNow(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC);

// Two old calls of demo/resilient, then eight plain calls of demo/chat (1,000 tokens in, 500
// out) and two asking for eu-west-1 (2,000 in, 1,000 out), newest last.
bool writeCalls(const QString &path)
{
    QList<Domain::Receipt> receipts;
    int n = 0;
    const auto add = [&](const QString &model, qint64 in, qint64 out, const QString &region) {
        ++n;
        Domain::Receipt r
            = makeReceipt(u"req_%1"_s.arg(n), kNow.addSecs(n - 100), model, u"sim-east"_s, 100);
        r.usage.inputTokens = in;
        r.usage.outputTokens = out;
        r.regionHeader = region;
        receipts << r;
    };
    add(u"demo/resilient"_s, 10, 10, {});
    add(u"demo/resilient"_s, 10, 10, {});
    for (int i = 0; i < 8; ++i)
        add(u"demo/chat"_s, 1000, 500, {});
    add(u"demo/chat"_s, 2000, 1000, u"eu-west-1"_s);
    add(u"demo/chat"_s, 2000, 1000, u"eu-west-1"_s);
    Store::ReceiptWriter writer(path);
    if (!writer.start().ok())
        return false;
    for (const Domain::Receipt &r : std::as_const(receipts))
        writer.submit(r);
    const bool ok = writer.flush().ok();
    writer.stop();
    return ok;
}

struct Bench
{
    StudioFixture f;
    QWidget page;
    Common::ChangePreviewBar *bar = nullptr;
    Common::ImpactPanel *panel = nullptr;

    bool open(bool withCalls)
    {
        if (!f.open(fixtureWorkspace()) || (withCalls && !writeCalls(f.temp.path())))
            return false;
        Common::ImpactSource::attach(f.session.get(), f.temp.path())->setNow([] { return kNow; });
        Common::setImpactReplayCount(1000);
        bar = new Common::ChangePreviewBar(f.session.get(), &page);
        auto *layout = new QVBoxLayout(&page); // as in a screen: the bar at the bottom
        layout->addStretch();
        layout->addWidget(bar);
        panel = bar->impactPanel();
        page.resize(900, 600);
        page.show();
        return true;
    }
    void restrict(const QStringList &regions)
    {
        f.session->push(
            new Common::SetAllowedRegionsCommand(f.session.get(), u"demo/chat"_s, regions));
    }
};

} // namespace

void tst_ImpactPanel::initTestCase()
{
    QCoreApplication::setOrganizationName(u"switchboard-tests"_s);
    QCoreApplication::setApplicationName(u"tst_impactpanel"_s);
}

// The draft keeps demo/chat in us-east-1: sim-east takes every plain call, the eu-west-1 calls
// have no route left; the cost per 1,000 calls follows.
void tst_ImpactPanel::showsBeforeAndAfter_R_UI_4_R_UI_8()
{
    Bench b;
    QVERIFY(b.open(true));
    b.restrict({ u"us-east-1"_s });
    QVERIFY(b.bar->isVisible());
    QPushButton *button = b.panel->button();
    QVERIFY(button->isVisible());
    QVERIFY(!b.panel->isVisible());
    QSignalSpy shown(b.panel, &Common::ImpactPanel::impactShown);
    button->setFocus(); // keyboard: Space presses the focused button
    QTest::keyClick(button, Qt::Key_Space);
    QVERIFY(b.panel->isVisible());
    QTRY_VERIFY(b.panel->isCurrent());
    QCOMPARE(shown.size(), 1);
    QCOMPARE(b.panel->countBox()->value(), 1000);
    QCOMPARE(b.panel->statusText(),
             u"The last 12 calls, saved settings → draft, with every deployment healthy (no "
             "gateway). A pool's shares are expected first picks, not random draws."_s);
    QCOMPARE(b.panel->deploymentRows(),
             QStringList({ u"sim-east/gpt-4o · sim-east · us-east-1 · 58.3 % · 75.0 %"_s,
                           u"sim-flaky/gpt-4o · sim-flaky · us-east-1 · 8.3 % · 8.3 %"_s,
                           u"sim-west-eu/gpt-4o · sim-west-eu · eu-west-1 · 33.3 % · 0.0 %"_s }));
    QCOMPARE(b.panel->regionRows(),
             QStringList({ u"us-east-1 · 66.7 % · 83.3 %"_s, u"eu-west-1 · 33.3 % · 0.0 %"_s }));
    QCOMPARE(b.panel->refusalRows(),
             QStringList({ u"route_constraints_unmet, mostly out_of_region · 0 · 2"_s }));
    // Before: 6 × $0.0075 + 2 × $0.0075 + 2 × $0.015 plus two tiny calls, over 12 served; after
    // the two eu-west-1 calls are not served.
    const double tiny = (10 * 2.5 + 10 * 10.0) / 1e6;
    const double before = (8 * 0.0075 + 2 * 0.015 + 2 * tiny) * 1000 / 12;
    const double after = (8 * 0.0075 + 2 * tiny) * 1000 / 10;
    QCOMPARE(b.panel->summaryRows(),
             QStringList({ u"Tried at once · 12 · 10"_s, u"Would fall back · 0 · 0"_s,
                           u"Would wait for a cooldown · 0 · 0"_s, u"No eligible route · 0 · 2"_s,
                           u"Cost per 1,000 calls · %1 · %2"_s.arg(Common::money(before),
                                                                   Common::money(after)) }));
    if (const QString png = qEnvironmentVariable("SWITCHBOARD_IMPACT_PNG"); !png.isEmpty())
        QVERIFY(b.page.grab().save(png));
    // Pressed again: the panel goes away.
    QTest::keyClick(button, Qt::Key_Space);
    QVERIFY(!b.panel->isVisible());
}

// Two edits asked about in a row: the first one's answer is dropped, the second one's shown once.
void tst_ImpactPanel::latestEditWins_R_UI_4()
{
    Bench b;
    QVERIFY(b.open(true));
    b.restrict({ u"us-east-1"_s });
    QTest::mouseClick(b.panel->button(), Qt::LeftButton);
    QTRY_VERIFY(b.panel->isCurrent());
    // What was on screen each time figures were shown: never the first edit's (eu-west-1 only,
    // where the plain calls would all go to sim-west-eu).
    QList<QStringList> seen;
    connect(b.panel, &Common::ImpactPanel::impactShown, this,
            [&] { seen << b.panel->regionRows(); });
    b.restrict({ u"eu-west-1"_s });
    b.panel->replay(); // asked at once, without waiting for typing to settle
    QVERIFY(!b.panel->isCurrent());
    b.restrict({ u"us-east-1"_s, u"eu-west-1"_s });
    b.panel->replay();
    QTRY_VERIFY(b.panel->isCurrent());
    QTest::qWait(300); // the debounced replays of the edits themselves, and any late answer
    QTRY_VERIFY(b.panel->isCurrent());
    // The figures are the last edit's: both regions allowed again, nothing changes.
    const QStringList last { u"us-east-1 · 66.7 % · 66.7 %"_s, u"eu-west-1 · 33.3 % · 33.3 %"_s };
    QCOMPARE(b.panel->refusalRows(), QStringList());
    QCOMPARE(b.panel->regionRows(), last);
    QVERIFY(!seen.isEmpty());
    for (const QStringList &rows : std::as_const(seen))
        QCOMPARE(rows, last);
}

// N is a spin box, remembered: the last 10 calls leave the two old demo/resilient calls out.
void tst_ImpactPanel::lastNCallsOnly_R_UI_4()
{
    Bench b;
    QVERIFY(b.open(true));
    b.restrict({ u"us-east-1"_s });
    QTest::mouseClick(b.panel->button(), Qt::LeftButton);
    QTRY_VERIFY(b.panel->isCurrent());
    b.panel->countBox()->setValue(10);
    QCOMPARE(Common::impactReplayCount(), 10);
    QTRY_VERIFY(b.panel->isCurrent() && b.panel->statusText().startsWith(u"The last 10 calls"_s));
    QCOMPARE(b.panel->deploymentRows(),
             QStringList({ u"sim-east/gpt-4o · sim-east · us-east-1 · 60.0 % · 80.0 %"_s,
                           u"sim-west-eu/gpt-4o · sim-west-eu · eu-west-1 · 40.0 % · 0.0 %"_s }));
    Common::setImpactReplayCount(1000);
}

void tst_ImpactPanel::noCallsToReplayYet_R_UI_4()
{
    Bench b;
    QVERIFY(b.open(false));
    b.restrict({ u"us-east-1"_s });
    QTest::mouseClick(b.panel->button(), Qt::LeftButton);
    QTRY_VERIFY(b.panel->isCurrent());
    QCOMPARE(b.panel->statusText(), u"No calls to replay yet."_s);
    QVERIFY(b.panel->summaryRows().isEmpty());
    QVERIFY(b.panel->deploymentRows().isEmpty());
    QVERIFY(b.panel->refusalRows().isEmpty());
}

// A discard hides the bar; the next edit shows it again with that edit's figures, never the
// discarded draft's.
void tst_ImpactPanel::freshFiguresAfterDiscard_R_UI_4()
{
    Bench b;
    QVERIFY(b.open(true));
    b.restrict({ u"us-east-1"_s });
    QTest::mouseClick(b.panel->button(), Qt::LeftButton);
    QTRY_VERIFY(b.panel->isCurrent());
    QCOMPARE(b.panel->regionRows(),
             QStringList({ u"us-east-1 · 66.7 % · 83.3 %"_s, u"eu-west-1 · 33.3 % · 0.0 %"_s }));
    b.f.session->discard();
    QVERIFY(!b.bar->isVisible());
    b.restrict({ u"eu-west-1"_s });
    QVERIFY(b.bar->isVisible());
    // demo/chat's ten calls go to sim-west-eu; demo/resilient's two stay in us-east-1.
    QTRY_COMPARE(
        b.panel->regionRows(),
        QStringList({ u"eu-west-1 · 33.3 % · 83.3 %"_s, u"us-east-1 · 66.7 % · 16.7 %"_s }));
    QVERIFY(b.panel->isVisible());
}

QTEST_MAIN(tst_ImpactPanel)
#include "tst_impactpanel.moc"
