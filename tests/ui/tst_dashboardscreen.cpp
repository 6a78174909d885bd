#include <QApplication>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QDir>
#include <QHeaderView>
#include <QLineSeries>
#include <QLocale>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QValueAxis>
#include <common/translations.h>
#include <common/workspacesession.h>
#include <dashboard/dashboardcharts.h>
#include <dashboard/dashboardscreen.h>
#include <dashboard/failuretable.h>
#include <receiptfactory.h>
#include <store/receiptwriter.h>
#include <tempdatabase.h>

using namespace Qt::StringLiterals;
using Domain::ErrorClass;
using Ui::Dashboard::DashboardScreen;

namespace {

// The studio clock of these tests: the last hour's window is 12:00–13:00 UTC in 5 min buckets.
const QDateTime kNow(QDate(2026, 11, 29), QTime(12, 59, 30), Qt::UTC);

Domain::Receipt call(const QString &id, QTime at, const QString &model, const QString &connection,
                     qint64 latencyMs, int attempts = 1, ErrorClass failure = ErrorClass::None)
{
    return makeReceipt(id, QDateTime(kNow.date(), at, Qt::UTC), model, connection, latencyMs,
                       attempts, failure);
}

// Bucket 0 (12:00–12:05): two served calls of demo/chat and one that failed overloaded after
// three attempts; bucket 11 (12:55–13:00): one demo/small call served on its second attempt. One
// call at 11:50 lies outside the hour but inside the day.
QList<Domain::Receipt> knownCalls()
{
    return {
        call(u"req_1"_s, QTime(12, 1), u"demo/chat"_s, u"openai-2"_s, 300),
        call(u"req_2"_s, QTime(12, 2), u"demo/chat"_s, u"openai-2"_s, 100),
        call(u"req_3"_s, QTime(12, 3), u"demo/chat"_s, u"openai-2"_s, 900, 3,
             ErrorClass::Overloaded),
        call(u"req_4"_s, QTime(12, 56), u"demo/small"_s, u"sim-east"_s, 50, 2),
        call(u"req_5"_s, QTime(11, 50), u"demo/chat"_s, u"openai-2"_s, 70),
    };
}

// The cost of failure: at 12:01 a demo/chat call served on openai-2 at its second attempt, the
// first having kept its hold of 0.002 (a 2xx that did not finish) after 300 ms, the retry waiting
// 200 ms (cost 0.01); at 12:02 one that failed on openai-2 after 100 ms (hold released) and fell
// back to demo/small on sim-east (cost 0.0005); at 12:56 a plain demo/small call (cost 0.0015).
QList<Domain::Receipt> costlyCalls()
{
    const QString chat = u"demo/chat"_s, small = u"demo/small"_s;
    Domain::Attempt billed = makeAttempt(chat, u"openai-2"_s, u"gpt-4o"_s, 0, 300, false);
    billed.httpStatus = 200;
    billed.holdAmount = 0.002;
    billed.holdKept = true;
    Domain::Attempt released = makeAttempt(chat, u"openai-2"_s, u"gpt-4o"_s, 0, 100, false);
    released.holdAmount = 0.003;
    Domain::Attempt fallback = makeAttempt(small, u"sim-east"_s, u"small-1"_s, 0, 250, true);
    fallback.fallback = true;
    QList<Domain::Receipt> calls {
        withAttempts(call(u"req_1"_s, QTime(12, 1), chat, u"openai-2"_s, 1000, 2),
                     { billed, makeAttempt(chat, u"openai-2"_s, u"gpt-4o"_s, 200, 500, true) },
                     0.01),
        withAttempts(call(u"req_2"_s, QTime(12, 2), chat, u"sim-east"_s, 350, 2),
                     { released, fallback }, 0.0005),
        withAttempts(call(u"req_3"_s, QTime(12, 56), small, u"sim-east"_s, 80),
                     { makeAttempt(small, u"sim-east"_s, u"small-1"_s, 0, 80, true) }, 0.0015),
    };
    calls[1].modelServed = small;
    calls[1].fallbackModel = small;
    calls[1].statusClass = Domain::StatusClass::FellBack;
    return calls;
}

Domain::Workspace workspace()
{
    Domain::Workspace ws;
    ws.providers = { { u"openai"_s, u"OpenAI"_s }, { u"simulator"_s, {} } };
    ws.connections = { { u"openai-2"_s, u"openai"_s }, { u"sim-east"_s, u"simulator"_s } };
    for (const QString &name : { u"demo/chat"_s, u"demo/small"_s }) {
        Domain::Model m;
        m.name = name;
        ws.models << m;
    }
    return ws;
}

QList<double> values(const QBarSet *set)
{
    QList<double> out;
    for (int i = 0; i < set->count(); ++i)
        out << set->at(i);
    return out;
}

QList<double> ys(const QLineSeries *series)
{
    QList<double> out;
    for (const QPointF &p : series->points())
        out << p.y();
    return out;
}

// Twelve values, all zero but the given ones.
QList<double> hour(std::initializer_list<std::pair<int, double>> set)
{
    QList<double> out(12, 0.0);
    for (const auto &[index, value] : set)
        out[index] = value;
    return out;
}

struct Fixture
{
    TempDatabase temp;
    Store::ReceiptWriter writer { temp.path() };
    Ui::Common::WorkspaceSession session;
    std::unique_ptr<DashboardScreen> screen;

    bool open(const QList<Domain::Receipt> &receipts)
    {
        if (!writer.start().ok())
            return false;
        for (const Domain::Receipt &r : receipts)
            writer.submit(r);
        if (!writer.flush().ok())
            return false;
        session.load(workspace(), 1);
        screen = std::make_unique<DashboardScreen>(temp.path(), &session);
        screen->setRefreshDelay(50);
        screen->attachWriter(&writer);
        QSignalSpy spy(screen.get(), &DashboardScreen::refreshed);
        screen->setNow([] { return kNow; });
        screen->resize(1200, 720);
        screen->show();
        return QTest::qWaitForWindowExposed(screen.get()) && spy.wait() && settled();
    }

    // Waits for the answer to the question asked last (a stale one may arrive first).
    bool settled()
    {
        QSignalSpy spy(screen.get(), &DashboardScreen::refreshed);
        screen->reload();
        return spy.wait();
    }
};

} // namespace

class tst_DashboardScreen : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY(Ui::Common::installEnglishPlurals()); // "1 probe", as the studio says it
    }

    // Probes and rehearsals are not caller traffic: in no chart, total or endpoint row, whatever
    // their outcome; the summary says what they cost apart.
    void probesAreNotCallerTraffic_R_UI_7()
    {
        QList<Domain::Receipt> calls = knownCalls();
        calls << call(u"req_probe_1"_s, QTime(12, 2), u"demo/chat"_s, u"openai-2"_s, 4000, 2,
                      ErrorClass::ServerError)
              << call(u"req_probe_2"_s, QTime(12, 57), u"demo/small"_s, u"sim-east"_s, 20)
              << call(u"req_rehearsal"_s, QTime(12, 30), u"demo/chat"_s, u"openai-2"_s, 800);
        calls[5].kind = Domain::CallKind::Probe;
        calls[5].endpoint = Domain::Endpoint::Messages;
        calls[5].cost = 0.0125;
        calls[6].kind = Domain::CallKind::Probe;
        calls[6].cost = 0.0005;
        calls[7].kind = Domain::CallKind::Rehearsal;
        Fixture f;
        QVERIFY(f.open(calls));
        const auto *charts = f.screen->charts();
        QCOMPARE(values(charts->servedSet()), hour({ { 0, 2 }, { 11, 1 } }));
        QCOMPARE(values(charts->failedSet()), hour({ { 0, 1 } }));
        QCOMPARE(ys(charts->latencySeries(99)), (QList<double> { 900, 50 }));
        QCOMPARE(charts->errorSets().size(), 1);
        QCOMPARE(f.screen->summaryText(),
                 u"4 calls · 1 failed · one bar per 5 min · 2 probes cost $0.0130 · "
                 "1 rehearsal cost $0.00"_s);
        QCOMPARE(
            f.screen->endpointRows(),
            (QStringList { u"Chat completions · 4 · 100.0 % · 25.0 % · 100"_s,
                           u"Responses · 0 · 0.0 % · — · —"_s, u"Messages · 0 · 0.0 % · — · —"_s,
                           u"Embeddings · 0 · 0.0 % · — · —"_s }));
        // Scoped to a model: only its probe.
        QSignalSpy spy(f.screen.get(), &DashboardScreen::refreshed);
        f.screen->scopeBox()->setCurrentIndex(2); // model demo/small
        QVERIFY(spy.wait());
        QCOMPARE(f.screen->summaryText(),
                 u"1 call · 0 failed · one bar per 5 min · 1 probe cost $0.0005"_s);
    }

    void lastHourCharts_R_UI_7()
    {
        Fixture f;
        QVERIFY(f.open(knownCalls()));
        QCOMPARE(f.screen->span(), DashboardScreen::Span::Hour);
        const auto *charts = f.screen->charts();
        QCOMPARE(charts->categories().size(), 12);
        QCOMPARE(values(charts->servedSet()), hour({ { 0, 2 }, { 11, 1 } }));
        QCOMPARE(values(charts->failedSet()), hour({ { 0, 1 } }));
        // Buckets without calls have no latency point.
        QCOMPARE(ys(charts->latencySeries(50)), (QList<double> { 300, 50 }));
        QCOMPARE(ys(charts->latencySeries(95)), (QList<double> { 900, 50 }));
        QCOMPARE(ys(charts->latencySeries(99)), (QList<double> { 900, 50 }));
        QCOMPARE(charts->attemptsSeries()->count(), 2);
        QCOMPARE(charts->attemptsSeries()->at(0).y(), 5.0 / 3.0);
        QCOMPARE(charts->attemptsSeries()->at(1).y(), 2.0);
        QCOMPARE(charts->errorSets().size(), 1);
        QCOMPARE(charts->errorSets().at(0)->label(), u"overloaded"_s);
        QCOMPARE(values(charts->errorSets().at(0)), hour({ { 0, 1 } }));
        QCOMPARE(f.screen->summaryText(), u"4 calls · 1 failed · one bar per 5 min"_s);
    }

    // The window's calls by endpoint, every endpoint shown (0 when it had none), following the
    // window and the scope.
    void byEndpoint_R_UI_7()
    {
        QList<Domain::Receipt> calls = knownCalls();
        calls[1].endpoint = Domain::Endpoint::Responses; // req_2, 100 ms
        calls[2].endpoint = Domain::Endpoint::Responses; // req_3, failed, 900 ms
        calls[4].endpoint = Domain::Endpoint::Embeddings; // req_5, 11:50: outside the hour
        Fixture f;
        QVERIFY(f.open(calls));
        QCOMPARE(f.screen->endpointRows(),
                 (QStringList { u"Chat completions · 2 · 50.0 % · 0.0 % · 50"_s,
                                u"Responses · 2 · 50.0 % · 50.0 % · 100"_s,
                                u"Messages · 0 · 0.0 % · — · —"_s,
                                u"Embeddings · 0 · 0.0 % · — · —"_s }));
        QSignalSpy spy(f.screen.get(), &DashboardScreen::refreshed);
        f.screen->spanBox()->setCurrentIndex(2); // the day: 11:50 is inside
        QVERIFY(spy.wait());
        QCOMPARE(f.screen->endpointRows().at(3), u"Embeddings · 1 · 20.0 % · 0.0 % · 70"_s);
        f.screen->scopeBox()->setCurrentIndex(2); // model demo/small: one chat call
        QVERIFY(spy.wait());
        QCOMPARE(
            f.screen->endpointRows(),
            (QStringList { u"Chat completions · 1 · 100.0 % · 0.0 % · 50"_s,
                           u"Responses · 0 · 0.0 % · — · —"_s, u"Messages · 0 · 0.0 % · — · —"_s,
                           u"Embeddings · 0 · 0.0 % · — · —"_s }));
        // The table shows every row without scrolling.
        const QTableWidget *table = f.screen->endpointTable();
        QVERIFY(table->viewport()->height() >= table->verticalHeader()->length());
    }

    void scopeFiltersCharts_R_UI_7_data()
    {
        QTest::addColumn<int>("scopeRow");
        QTest::addColumn<QList<double>>("served");
        QTest::addColumn<QList<double>>("failed");
        QTest::addColumn<QList<double>>("p50");
        QTest::addColumn<int>("errorSets");
        // Scope rows: All calls, Model demo/chat, Model demo/small, Connection openai-2, sim-east.
        QTest::newRow("model demo/chat")
            << 1 << hour({ { 0, 2 } }) << hour({ { 0, 1 } }) << QList<double> { 300 } << 1;
        QTest::newRow("model demo/small")
            << 2 << hour({ { 11, 1 } }) << hour({}) << QList<double> { 50 } << 0;
        QTest::newRow("connection openai-2: the calls it served")
            << 3 << hour({ { 0, 2 } }) << hour({}) << QList<double> { 100 } << 0;
    }

    void scopeFiltersCharts_R_UI_7()
    {
        QFETCH(int, scopeRow);
        QFETCH(QList<double>, served);
        QFETCH(QList<double>, failed);
        QFETCH(QList<double>, p50);
        QFETCH(int, errorSets);
        Fixture f;
        QVERIFY(f.open(knownCalls()));
        QCOMPARE(f.screen->scopeBox()->count(), 5);
        QSignalSpy spy(f.screen.get(), &DashboardScreen::refreshed);
        f.screen->scopeBox()->setCurrentIndex(scopeRow); // as a user would choose it
        QVERIFY(spy.wait());
        const auto *charts = f.screen->charts();
        QCOMPARE(values(charts->servedSet()), served);
        QCOMPARE(values(charts->failedSet()), failed);
        QCOMPARE(ys(charts->latencySeries(50)), p50);
        QCOMPARE(charts->errorSets().size(), errorSets);
    }

    // Several gateways on one database: the scope offers each instance once two have stored
    // calls, and one instance's scope counts only its calls.
    void scopeByInstance_R_UI_7()
    {
        Fixture f;
        f.writer.setInstance(u"gw-a"_s);
        QVERIFY(f.open(knownCalls()));
        QCOMPARE(f.screen->scopeBox()->count(), 5); // one instance: nothing to choose
        Store::ReceiptWriter other(f.temp.path());
        other.setInstance(u"gw-b"_s);
        QVERIFY(other.start().ok());
        other.submit(call(u"req_b"_s, QTime(12, 31), u"demo/chat"_s, u"openai-2"_s, 400));
        QVERIFY(other.flush().ok());
        QVERIFY(f.settled());
        QStringList scopes;
        for (int i = 0; i < f.screen->scopeBox()->count(); ++i)
            scopes << f.screen->scopeBox()->itemText(i);
        QCOMPARE(scopes.mid(5), (QStringList { u"Instance gw-a"_s, u"Instance gw-b"_s }));
        const auto *charts = f.screen->charts();
        QCOMPARE(values(charts->servedSet()), hour({ { 0, 2 }, { 6, 1 }, { 11, 1 } }));
        QSignalSpy spy(f.screen.get(), &DashboardScreen::refreshed);
        f.screen->scopeBox()->setCurrentIndex(6); // Instance gw-b
        QVERIFY(spy.wait());
        QCOMPARE(f.screen->scope().instance, u"gw-b"_s);
        QCOMPARE(values(charts->servedSet()), hour({ { 6, 1 } }));
        QCOMPARE(f.screen->summaryText(), u"1 call · 0 failed · one bar per 5 min"_s);
        f.screen->scopeBox()->setCurrentIndex(5); // Instance gw-a
        QVERIFY(spy.wait());
        QCOMPARE(values(charts->servedSet()), hour({ { 0, 2 }, { 11, 1 } }));
        QCOMPARE(values(charts->failedSet()), hour({ { 0, 1 } }));
    }

    void dayWindow_R_UI_7()
    {
        Fixture f;
        QVERIFY(f.open(knownCalls()));
        QSignalSpy spy(f.screen.get(), &DashboardScreen::refreshed);
        f.screen->spanBox()->setCurrentIndex(2);
        QVERIFY(spy.wait());
        QCOMPARE(f.screen->span(), DashboardScreen::Span::Day);
        const auto *charts = f.screen->charts();
        QCOMPARE(charts->categories().size(), 24);
        QList<double> served(24, 0.0);
        served[22] = 1; // 11:50
        served[23] = 3; // 12:01, 12:02, 12:56
        QCOMPARE(values(charts->servedSet()), served);
        QCOMPARE(f.screen->summaryText(), u"5 calls · 1 failed · one bar per 1 h"_s);
        QCOMPARE(f.screen->buckets().at(23).start, QDateTime(kNow.date(), QTime(12, 0), Qt::UTC));
    }

    void newReceiptsUpdateCharts_R_UI_7()
    {
        Fixture f;
        QVERIFY(f.open(knownCalls()));
        const auto *charts = f.screen->charts();
        f.writer.submit(call(u"req_6"_s, QTime(12, 57), u"demo/chat"_s, u"openai-2"_s, 400, 2,
                             ErrorClass::RateLimited));
        f.writer.submit(call(u"req_7"_s, QTime(12, 58), u"demo/chat"_s, u"openai-2"_s, 200));
        QVERIFY(f.writer.flush().ok());
        QTRY_COMPARE(values(charts->failedSet()), hour({ { 0, 1 }, { 11, 1 } }));
        QCOMPARE(values(charts->servedSet()), hour({ { 0, 2 }, { 11, 2 } }));
        QCOMPARE(charts->errorSets().size(), 2); // in the classes' order: rate limited first
        QCOMPARE(charts->errorSets().at(0)->label(), u"rate limited"_s);
        QCOMPARE(values(charts->errorSets().at(0)), hour({ { 11, 1 } }));
        QCOMPARE(values(charts->errorSets().at(1)), hour({ { 0, 1 } }));
        QCOMPARE(ys(charts->latencySeries(99)), (QList<double> { 900, 400 }));
    }

    // Cost over time stacks the served calls' cost and the holds failed attempts kept; the table
    // says per deployment what its failed attempts may have billed and the time they added.
    void costOfFailure_R_BILL_2()
    {
        Fixture f;
        QVERIFY(f.open(costlyCalls()));
        const auto *charts = f.screen->charts();
        const QList<double> served = hour({ { 0, 0.0105 }, { 11, 0.0015 } });
        const QList<double> kept = hour({ { 0, 0.002 } });
        const QList<double> seconds = hour({ { 0, 0.6 } });
        for (int i = 0; i < 12; ++i) {
            QCOMPARE(charts->servedCostSet()->at(i), served.at(i));
            QCOMPARE(charts->failureCostSet()->at(i), kept.at(i));
            QCOMPARE(charts->timeAddedSet()->at(i), seconds.at(i));
        }
        QCOMPARE(charts->costChart()->title(), u"Cost: $0.0140"_s);
        // 300 ms and the 200 ms wait after it, then 100 ms before the fallback: 600 ms over two
        // calls; 0.002 of the 0.014 the window cost.
        const Ui::Dashboard::FailureTable *table = f.screen->failureTable();
        QVERIFY(!table->showsEmptyState());
        QCOMPARE(table->rows(),
                 QStringList { u"openai-2/gpt-4o · 2 · 1 · 1 · $0.0020 · 14.3 % · 0.6 · 300"_s });
        QCOMPARE(table->summaryText(),
                 u"Failed attempts may have billed $0.0020 (14.3 % of $0.0140) and added 0.6 s"_s);
        // Scoped to demo/small: the call that fell back to it, and its own.
        QSignalSpy spy(f.screen.get(), &DashboardScreen::refreshed);
        f.screen->scopeBox()->setCurrentIndex(2);
        QVERIFY(spy.wait());
        QCOMPARE(table->rows(),
                 QStringList { u"openai-2/gpt-4o · 1 · 0 · 1 · $0.00 · 0.0 % · 0.1 · 100"_s });
        QCOMPARE(charts->costChart()->title(), u"Cost: $0.0020"_s);
    }

    void costOfFailureEmptyState_R_BILL_2()
    {
        Fixture f;
        QVERIFY(f.open({ costlyCalls().at(2) }));
        const Ui::Dashboard::FailureTable *table = f.screen->failureTable();
        QVERIFY(table->showsEmptyState());
        QVERIFY(table->isVisible());
        QCOMPARE(table->summaryText(), QString());
        QCOMPARE(f.screen->charts()->failureCostSet()->at(11), 0.0);
        QCOMPARE(f.screen->charts()->servedCostSet()->at(11), 0.0015);
        QCOMPARE(f.screen->charts()->timeAddedChart()->title(),
                 u"Time added by failed attempts: none"_s);
    }

    void missingDatabaseIsExplained_R_UI_7()
    {
        QTemporaryDir dir;
        DashboardScreen screen(dir.filePath(u"absent.sqlite"_s), nullptr);
        QSignalSpy spy(&screen, &DashboardScreen::refreshed);
        QVERIFY(spy.wait());
        QVERIFY2(screen.summaryText().startsWith(u"The dashboard cannot be shown"_s),
                 qPrintable(screen.summaryText()));
        QCOMPARE(screen.scopeBox()->count(), 1); // all calls; no workspace to name others
    }

    // A count axis has whole-number ticks 1, 2 or 5 × 10^k apart, at most five intervals, from 0 to
    // at least the largest count: nine calls had ten ticks, whose labels crowded into "…".
    void countAxisTicksStayFew_R_UI_7_data()
    {
        QTest::addColumn<int>("calls");
        QTest::addColumn<int>("top");
        QTest::addColumn<int>("ticks");
        QTest::newRow("none") << 0 << 1 << 2;
        QTest::newRow("3") << 3 << 3 << 4;
        QTest::newRow("9") << 9 << 10 << 6;
        QTest::newRow("37") << 37 << 40 << 5;
        QTest::newRow("1234") << 1234 << 1500 << 4;
    }
    void countAxisTicksStayFew_R_UI_7()
    {
        QFETCH(int, calls);
        QFETCH(int, top);
        QFETCH(int, ticks);
        Ui::Dashboard::DashboardCharts charts;
        Store::StatsBucket bucket;
        bucket.start = QDateTime::currentDateTimeUtc();
        bucket.calls = calls;
        charts.setBuckets({ bucket }, 60000, u"HH:mm"_s);
        const auto axes = charts.callsChart()->axes(Qt::Vertical);
        QCOMPARE(axes.size(), 1);
        const auto *axis = qobject_cast<QValueAxis *>(axes.first());
        QVERIFY(axis);
        QCOMPARE(axis->max(), double(top));
        QCOMPARE(axis->tickCount(), ticks);
    }

    // Not a check: writes docs/screenshots/dashboard.png when SWITCHBOARD_SCREENSHOTS names a
    // folder.
    void screenshot();
};

// What a screenshot's call cost and where its attempts went: demo/chat's pool of openai-2 and
// azure-eu (gpt-4o), demo/small on sim-east; backoff waits between attempts; now and then a
// failed attempt that kept its hold, or a demo/chat call that fell back to demo/small.
void withCosts(Domain::Receipt &r, int i)
{
    const bool chat = r.modelAsked == u"demo/chat"_s;
    const bool failed = r.statusClass == Domain::StatusClass::Failed;
    if (chat && !failed && i % 13 == 0) {
        r.attempts << r.attempts.first();
        r.attempts.last().index = int(r.attempts.size());
        r.attempts.last().model = u"demo/small"_s;
        r.attempts.last().connection = u"sim-east"_s;
        r.attempts.last().fallback = true;
        r.modelServed = u"demo/small"_s;
        r.servedBy = u"sim-east"_s;
        r.statusClass = Domain::StatusClass::FellBack;
    }
    const qsizetype n = r.attempts.size();
    for (qsizetype k = 0; k < n; ++k) {
        Domain::Attempt &a = r.attempts[k];
        const bool small = a.model == u"demo/small"_s;
        if (!small && (i + k) % 3 == 1)
            a.connection = u"azure-eu"_s;
        a.deployment = a.model;
        a.upstreamModel = small ? u"small-1"_s : u"gpt-4o"_s;
        a.latencyMs = r.latencyMs / n;
        a.waitMs = k == 0 ? 0 : 200LL << (k - 1);
        a.served = !failed && k == n - 1;
        a.holdAmount = small ? 0.0008 : 0.004;
        a.holdKept = !a.served && (i + k) % 4 == 0;
    }
    r.cost = failed ? 0.0 : (r.attempts.last().model == u"demo/small"_s ? 0.0004 : 0.0021);
}

// An hour of varied traffic: a busy patch, a run of rate limiting, slower calls late on.
void tst_DashboardScreen::screenshot()
{
    const QString dir = qEnvironmentVariable("SWITCHBOARD_SCREENSHOTS");
    if (dir.isEmpty())
        QSKIP("SWITCHBOARD_SCREENSHOTS is not set");
    QApplication::setStyle(u"Fusion"_s);
    QList<Domain::Receipt> receipts;
    const QStringList models { u"demo/chat"_s, u"demo/small"_s };
    for (int i = 0; i < 600; ++i) {
        const int second = (i * 3559) % 3600; // spread over the hour, not in order
        const int minute = second / 60;
        const QTime at = QTime(12, 0).addSecs(second);
        ErrorClass failure = ErrorClass::None;
        if (minute >= 20 && minute < 30 && i % 4 == 0)
            failure = ErrorClass::RateLimited;
        else if (i % 37 == 0)
            failure = ErrorClass::Overloaded;
        else if (i % 53 == 0)
            failure = ErrorClass::Transport;
        const int attempts = failure != ErrorClass::None ? 3 : (i % 9 == 0 ? 2 : 1);
        const qint64 latency = 120 + (i * 7919) % 400 + minute * 6 + (i % 50 == 0 ? 1500 : 0);
        receipts << call(u"req_s%1"_s.arg(i), at, models.at(i % 3 == 0 ? 1 : 0),
                         i % 3 == 0 ? u"sim-east"_s : u"openai-2"_s, latency, attempts, failure);
        receipts.last().endpoint = i % 4 == 1 ? Domain::Endpoint::Responses
            : i % 7 == 2                      ? Domain::Endpoint::Messages
            : i % 11 == 3                     ? Domain::Endpoint::Embeddings
                                              : Domain::Endpoint::ChatCompletions;
        withCosts(receipts.last(), i);
        if (i % 60 == 7) { // the gateway's own probes: in the summary's cost, no chart
            receipts.last().kind = Domain::CallKind::Probe;
            receipts.last().cost = 0.0004;
        }
    }
    Fixture f;
    QVERIFY(f.open(receipts));
    f.screen->resize(1280, 760);
    QCoreApplication::processEvents();
    QVERIFY(f.screen->grab().save(QDir(dir).filePath(u"dashboard.png"_s)));
}

QTEST_MAIN(tst_DashboardScreen)
#include "tst_dashboardscreen.moc"
