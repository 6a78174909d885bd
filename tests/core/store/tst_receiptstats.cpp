#include "store/database.h"
#include "store/receiptstats.h"
#include "store/receiptwriter.h"
#include "store/storeerror.h"

#include <QTest>
#include <pgdatabase.h>
#include <receiptfactory.h>

using namespace Qt::StringLiterals;
using Domain::Endpoint;
using Domain::ErrorClass;
using Domain::StatusClass;
using Store::DeploymentFailures;
using Store::EndpointStats;
using Store::KindStats;
using Store::ReceiptStats;
using Store::StatsBucket;
using Store::StatsFilter;

namespace {

const QDateTime kBase(QDate(2026, 11, 1), QTime(12, 0), Qt::UTC);
constexpr qint64 kMinute = 60000;

Domain::Receipt call(qint64 atMs, const QString &model, const QString &connection, qint64 latencyMs,
                     int attempts = 1, ErrorClass failure = ErrorClass::None)
{
    static int serial = 0;
    return makeReceipt(u"req_%1"_s.arg(++serial), kBase.addMSecs(atMs), model, connection,
                       latencyMs, attempts, failure);
}

// Minute 0: four calls of "a" on c1 (one asked through an alias, one failed overloaded); minute 1:
// a hundred calls of "a" on c1 taking 1…100 ms; minute 2: two calls of "b" on c2, one failed rate
// limited after three attempts. One call just before the window and one at its end are not counted.
QList<Domain::Receipt> knownCalls()
{
    QList<Domain::Receipt> calls {
        call(-1, u"a"_s, u"c1"_s, 7777),
        call(0, u"a"_s, u"c1"_s, 100),
        call(10000, u"a"_s, u"c1"_s, 300, 2),
        call(20000, u"a"_s, u"c1"_s, 400, 1, ErrorClass::Overloaded),
        call(59999, u"a"_s, u"c1"_s, 200),
        call(2 * kMinute + 5, u"b"_s, u"c2"_s, 1000),
        call(2 * kMinute + 6, u"b"_s, u"c2"_s, 50, 3, ErrorClass::RateLimited),
        call(3 * kMinute, u"a"_s, u"c1"_s, 8888),
    };
    calls[2].modelAsked = u"org/fast"_s; // an alias: still a call of model "a"
    // By endpoint: b's two calls are Responses calls, a's failed one a messages call, every tenth
    // call of minute 1 an embedding (1, 11, …, 91 ms); the rest chat completions.
    calls[3].endpoint = Endpoint::Messages;
    calls[5].endpoint = Endpoint::Responses;
    calls[6].endpoint = Endpoint::Responses;
    for (int i = 1; i <= 100; ++i) {
        calls << call(kMinute + i * 100, u"a"_s, u"c1"_s, 101 - i);
        if (i % 10 == 0)
            calls.last().endpoint = Endpoint::Embeddings;
    }
    // Not caller traffic, so in no figure above: two probes (one of "a" on c1 in minute 0, failed
    // after two attempts, on messages; one of "b" on c2 in minute 2) and a rehearsal of "a".
    calls << call(30000, u"a"_s, u"c1"_s, 5000, 2, ErrorClass::ServerError)
          << call(2 * kMinute + 7, u"b"_s, u"c2"_s, 3000)
          << call(kMinute + 50, u"a"_s, u"c1"_s, 9000, 1, ErrorClass::Overloaded);
    const qsizetype probe = calls.size() - 3;
    calls[probe].kind = Domain::CallKind::Probe;
    calls[probe].endpoint = Endpoint::Messages;
    calls[probe].cost = 0.25;
    calls[probe + 1].kind = Domain::CallKind::Probe;
    calls[probe + 1].cost = 0.5;
    calls[probe + 2].kind = Domain::CallKind::Rehearsal;
    return calls;
}

// The cost of failure, each call in a minute of its own:
//   0: "a" served on c1 at the second attempt; the first kept its hold of 0.002 (a started 2xx
//      that did not finish), took 300 ms, and the retry waited 200 ms. Cost 0.01.
//   1: "a" failed on c3 (100 ms, hold released) and fell back to "b", served on c2 after 50 ms.
//   2: "b" served on c2 at once (cost 0.001), and "b" failed on c2 after 800 ms keeping 0.005.
//   3: "a" on c1 failed twice (100 ms each, waits of 100 and 200 ms) and then served (0.002).
// A probe in minute 0 with a failed attempt that kept a hold counts nowhere.
QList<Domain::Receipt> failureCalls()
{
    const QString a = u"a"_s, b = u"b"_s;
    Domain::Attempt billed = makeAttempt(a, u"c1"_s, u"gpt-a"_s, 0, 300, false);
    billed.httpStatus = 200;
    billed.holdAmount = 0.002;
    billed.holdKept = true;
    Domain::Attempt cut = makeAttempt(b, u"c2"_s, u"gpt-b"_s, 0, 800, false);
    cut.holdAmount = 0.005;
    cut.holdKept = true;
    Domain::Attempt released = makeAttempt(a, u"c3"_s, u"gpt-a"_s, 0, 100, false);
    released.holdAmount = 0.004; // not kept: the upstream said no, nothing billed
    Domain::Attempt fallback = makeAttempt(b, u"c2"_s, u"gpt-b"_s, 50, 600, true);
    fallback.fallback = true;
    QList<Domain::Receipt> calls {
        withAttempts(call(0, a, u"c1"_s, 900, 2),
                     { billed, makeAttempt(a, u"c1"_s, u"gpt-a"_s, 200, 400, true) }, 0.01),
        withAttempts(call(kMinute, a, u"c2"_s, 750, 2), { released, fallback }, 0.004),
        withAttempts(call(2 * kMinute, b, u"c2"_s, 90),
                     { makeAttempt(b, u"c2"_s, u"gpt-b"_s, 0, 90, true) }, 0.001),
        withAttempts(call(2 * kMinute + 1, b, u"c2"_s, 800, 1, ErrorClass::Transport), { cut },
                     0.0),
        withAttempts(call(3 * kMinute, a, u"c1"_s, 900, 3),
                     { makeAttempt(a, u"c1"_s, u"gpt-a"_s, 0, 100, false),
                       makeAttempt(a, u"c1"_s, u"gpt-a"_s, 100, 100, false),
                       makeAttempt(a, u"c1"_s, u"gpt-a"_s, 200, 300, true) },
                     0.002),
        withAttempts(call(5, a, u"c1"_s, 100, 1, ErrorClass::Transport), { billed }, 0.0),
    };
    calls[1].modelServed = b;
    calls[1].fallbackModel = b;
    calls[1].statusClass = StatusClass::FellBack;
    calls.last().kind = Domain::CallKind::Probe;
    return calls;
}

StatsBucket bucket(int minute, qint64 calls, qint64 failed, QMap<ErrorClass, qint64> errors,
                   double attempts, qint64 p50, qint64 p95, qint64 p99)
{
    return { kBase.addMSecs(minute * kMinute), calls, failed, errors, attempts, p50, p95, p99 };
}

} // namespace

class tst_ReceiptStats : public QObject
{
    Q_OBJECT

    // One database per engine, written by init() before the first test function of its rows.
    EngineDatabases m_temps;
    EngineDatabase *m_temp = nullptr;
    std::map<QString, std::unique_ptr<Store::Database>> m_dbs;
    Store::Database *m_db = nullptr;
    EngineDatabases m_failures;

    // The database of failureCalls(), written once.
    std::unique_ptr<Store::Database> failureDatabase()
    {
        bool fresh = false;
        EngineDatabase &failures = m_failures.current(&fresh);
        if (fresh) {
            Store::ReceiptWriter writer(failures.path());
            if (!writer.start().ok())
                return {};
            for (const Domain::Receipt &r : failureCalls())
                writer.submit(r);
            if (!writer.flush().ok())
                return {};
            writer.stop();
        }
        auto db = Store::Database::open(failures.path(), Store::Database::Mode::ReadOnly);
        return db ? std::move(db).value() : nullptr;
    }

private Q_SLOTS:
    void initTestCase_data() { addEngineRows(); }

    void init()
    {
        REQUIRE_ENGINE();
        bool fresh = false;
        m_temp = &m_temps.current(&fresh);
        m_db = m_dbs[currentEngine()].get();
        if (!fresh)
            return;
        Store::ReceiptWriter writer(m_temp->path());
        QVERIFY(writer.start().ok());
        for (const Domain::Receipt &r : knownCalls())
            writer.submit(r);
        QVERIFY(writer.flush().ok());
        writer.stop();
        auto db = Store::Database::open(m_temp->path(), Store::Database::Mode::ReadOnly);
        QVERIFY(db.ok());
        m_db = (m_dbs[currentEngine()] = std::move(db).value()).get();
    }

    void buckets_R_UI_7_data()
    {
        QTest::addColumn<StatsFilter>("filter");
        QTest::addColumn<QList<StatsBucket>>("expected");
        const StatsBucket emptyMinute1 = bucket(1, 0, 0, {}, 0, 0, 0, 0);
        const StatsBucket emptyMinute2 = bucket(2, 0, 0, {}, 0, 0, 0, 0);
        const StatsBucket minute0
            = bucket(0, 4, 1, { { ErrorClass::Overloaded, 1 } }, 1.25, 200, 400, 400);
        const StatsBucket minute1 = bucket(1, 100, 0, {}, 1.0, 50, 95, 99);
        const StatsBucket minute2
            = bucket(2, 2, 1, { { ErrorClass::RateLimited, 1 } }, 2.0, 50, 1000, 1000);
        QTest::newRow("all calls") << StatsFilter {} << QList { minute0, minute1, minute2 };
        QTest::newRow("model a, also when asked by alias")
            << StatsFilter { u"a"_s, {} } << QList { minute0, minute1, emptyMinute2 };
        QTest::newRow("model b") << StatsFilter { u"b"_s, {} }
                                 << QList { bucket(0, 0, 0, {}, 0, 0, 0, 0), emptyMinute1,
                                            minute2 };
        QTest::newRow("connection c2: only the call it served")
            << StatsFilter { {}, u"c2"_s }
            << QList { bucket(0, 0, 0, {}, 0, 0, 0, 0), emptyMinute1,
                       bucket(2, 1, 0, {}, 1.0, 1000, 1000, 1000) };
        QTest::newRow("model and connection that never met")
            << StatsFilter { u"b"_s, u"c1"_s }
            << QList { bucket(0, 0, 0, {}, 0, 0, 0, 0), emptyMinute1, emptyMinute2 };
    }

    void buckets_R_UI_7()
    {
        QFETCH(StatsFilter, filter);
        QFETCH(QList<StatsBucket>, expected);
        const auto result = ReceiptStats(*m_db).buckets(kBase, kMinute, 3, filter);
        QVERIFY2(result.ok(), qPrintable(result ? QString() : Util::logText(result.error())));
        QCOMPARE(result->size(), expected.size());
        for (int i = 0; i < expected.size(); ++i) {
            const StatsBucket &got = result->at(i);
            const StatsBucket &want = expected.at(i);
            QCOMPARE(got.start, want.start);
            QCOMPARE(got.calls, want.calls);
            QCOMPARE(got.failed, want.failed);
            QCOMPARE(got.errors, want.errors);
            QCOMPARE(got.attemptsPerCall, want.attemptsPerCall);
            QCOMPARE(got.p50, want.p50);
            QCOMPARE(got.p95, want.p95);
            QCOMPARE(got.p99, want.p99);
        }
    }

    void wholeMinutesAsOneBucket_R_UI_7()
    {
        const auto result = ReceiptStats(*m_db).buckets(kBase, 3 * kMinute, 1);
        QVERIFY(result.ok());
        QCOMPARE(result->size(), 1);
        QCOMPARE(result->at(0).calls, 106);
        QCOMPARE(result->at(0).failed, 2);
        QCOMPARE(result->at(0).p99, 400); // rank 105 of 106: above the 1…100 ms and 200, 300 ms
    }

    void rejectsUnboundedWindows_R_UI_7_data()
    {
        QTest::addColumn<QDateTime>("from");
        QTest::addColumn<qint64>("bucketMs");
        QTest::addColumn<int>("count");
        QTest::newRow("no start") << QDateTime() << kMinute << 10;
        QTest::newRow("zero bucket") << kBase << qint64(0) << 10;
        QTest::newRow("no buckets") << kBase << kMinute << 0;
        QTest::newRow("longer than a day") << kBase << 60 * kMinute << 25;
        QTest::newRow("too many buckets") << kBase << qint64(1000) << 1441;
    }

    void rejectsUnboundedWindows_R_UI_7()
    {
        QFETCH(QDateTime, from);
        QFETCH(qint64, bucketMs);
        QFETCH(int, count);
        const auto result = ReceiptStats(*m_db).buckets(from, bucketMs, count);
        QVERIFY(!result.ok());
        QCOMPARE(result.error().code, Store::toString(Store::ErrorCode::BadStatisticsWindow));
        QCOMPARE(result.error().number(0), qint64(1440)); // the most buckets, for the wording
    }

    void byEndpoint_R_UI_7_data()
    {
        QTest::addColumn<StatsFilter>("filter");
        QTest::addColumn<QList<EndpointStats>>("expected");
        // Chat: 90 calls of minute 1 (2…100 ms but 11, 21, …, 91) and 100, 300, 200 ms of minute
        // 0; its median is rank 47 of 93, 53 ms.
        QTest::newRow("all calls") << StatsFilter {}
                                   << QList<EndpointStats> {
                                          { Endpoint::ChatCompletions, 93, 0, 53 },
                                          { Endpoint::Responses, 2, 1, 50 },
                                          { Endpoint::Messages, 1, 1, 400 },
                                          { Endpoint::Embeddings, 10, 0, 41 },
                                      };
        QTest::newRow("model b: only its Responses calls")
            << StatsFilter { u"b"_s, {} }
            << QList<EndpointStats> {
                   { Endpoint::ChatCompletions, 0, 0, 0 },
                   { Endpoint::Responses, 2, 1, 50 },
                   { Endpoint::Messages, 0, 0, 0 },
                   { Endpoint::Embeddings, 0, 0, 0 },
               };
        QTest::newRow("connection c2: the call it served")
            << StatsFilter { {}, u"c2"_s }
            << QList<EndpointStats> {
                   { Endpoint::ChatCompletions, 0, 0, 0 },
                   { Endpoint::Responses, 1, 0, 1000 },
                   { Endpoint::Messages, 0, 0, 0 },
                   { Endpoint::Embeddings, 0, 0, 0 },
               };
    }

    // The Dashboard's "by endpoint": every endpoint, in a fixed order, with its calls, failures
    // and median latency over the window; the calls before and at its end are not counted.
    void byEndpoint_R_UI_7()
    {
        QFETCH(StatsFilter, filter);
        QFETCH(QList<EndpointStats>, expected);
        const auto result = ReceiptStats(*m_db).byEndpoint(kBase, 3 * kMinute, filter);
        QVERIFY2(result.ok(), qPrintable(result ? QString() : Util::logText(result.error())));
        QCOMPARE(result->size(), expected.size());
        for (int i = 0; i < expected.size(); ++i) {
            const EndpointStats &got = result->at(i);
            const EndpointStats &want = expected.at(i);
            QCOMPARE(Domain::toString(got.endpoint), Domain::toString(want.endpoint));
            QCOMPARE(got.calls, want.calls);
            QCOMPARE(got.failed, want.failed);
            QCOMPARE(got.p50, want.p50);
        }
    }

    void byEndpointRejectsUnboundedWindows_R_UI_7()
    {
        for (const qint64 windowMs : { qint64(0), ReceiptStats::kMaxWindowMs + 1 }) {
            const auto result = ReceiptStats(*m_db).byEndpoint(kBase, windowMs);
            QVERIFY(!result.ok());
            QCOMPARE(result.error().code, Store::toString(Store::ErrorCode::BadStatisticsWindow));
        }
        QVERIFY(!ReceiptStats(*m_db).byEndpoint(QDateTime(), kMinute).ok());
    }

    void notCallerTraffic_R_UI_7_data()
    {
        QTest::addColumn<StatsFilter>("filter");
        QTest::addColumn<QList<KindStats>>("expected");
        QTest::newRow("all") << StatsFilter {}
                             << QList<KindStats> { { Domain::CallKind::Probe, 2, 0.75 },
                                                   { Domain::CallKind::Rehearsal, 1, 0.0 } };
        QTest::newRow("model b") << StatsFilter { u"b"_s, {} }
                                 << QList<KindStats> { { Domain::CallKind::Probe, 1, 0.5 } };
        QTest::newRow("connection c3: none") << StatsFilter { {}, u"c3"_s } << QList<KindStats> {};
    }

    // The probes and rehearsals of the window, which the buckets and endpoints above leave out,
    // are counted apart with what they cost.
    void notCallerTraffic_R_UI_7()
    {
        QFETCH(StatsFilter, filter);
        QFETCH(QList<KindStats>, expected);
        const auto result = ReceiptStats(*m_db).notCallerTraffic(kBase, 3 * kMinute, filter);
        QVERIFY2(result.ok(), qPrintable(result ? QString() : Util::logText(result.error())));
        QCOMPARE(result->size(), expected.size());
        for (int i = 0; i < expected.size(); ++i) {
            QCOMPARE(Domain::toString(result->at(i).kind), Domain::toString(expected.at(i).kind));
            QCOMPARE(result->at(i).calls, expected.at(i).calls);
            QCOMPARE(result->at(i).cost, expected.at(i).cost);
        }
        QVERIFY(!ReceiptStats(*m_db).notCallerTraffic(kBase, 0).ok());
    }

    // What each minute's calls cost, and what their failed attempts may have billed and added:
    // the wait before an attempt is added by the failed attempt before it.
    void costOverTime_R_BILL_2()
    {
        const std::unique_ptr<Store::Database> db = failureDatabase();
        QVERIFY(db);
        const auto result = ReceiptStats(*db).buckets(kBase, kMinute, 4);
        QVERIFY2(result.ok(), qPrintable(result ? QString() : Util::logText(result.error())));
        const QList<double> cost { 0.01, 0.004, 0.001, 0.002 };
        const QList<double> failureCost { 0.002, 0.0, 0.005, 0.0 };
        const QList<qint64> failureMs { 500, 150, 800, 500 };
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(result->at(i).cost, cost.at(i));
            QCOMPARE(result->at(i).failureCost, failureCost.at(i));
            QCOMPARE(result->at(i).failureMs, failureMs.at(i));
        }
    }

    void failuresByDeployment_R_BILL_2_data()
    {
        QTest::addColumn<StatsFilter>("filter");
        QTest::addColumn<QList<DeploymentFailures>>("expected");
        // connection, upstream model, failed, retried, fell back, may have billed, added, calls
        const DeploymentFailures c2 { u"c2"_s, u"gpt-b"_s, 1, 0, 0, 0.005, 800, 1 };
        const DeploymentFailures c1 { u"c1"_s, u"gpt-a"_s, 3, 3, 0, 0.002, 1000, 2 };
        const DeploymentFailures c3 { u"c3"_s, u"gpt-a"_s, 1, 0, 1, 0.0, 150, 1 };
        QTest::newRow("all calls, by money then time") << StatsFilter {} << QList { c2, c1, c3 };
        QTest::newRow("model b: its failed call and the fallback to it")
            << StatsFilter { u"b"_s, {} } << QList { c2, c3 };
        QTest::newRow("connection c1: the calls it served")
            << StatsFilter { {}, u"c1"_s } << QList { c1 };
    }

    void failuresByDeployment_R_BILL_2()
    {
        QFETCH(StatsFilter, filter);
        QFETCH(QList<DeploymentFailures>, expected);
        const std::unique_ptr<Store::Database> db = failureDatabase();
        QVERIFY(db);
        const auto result = ReceiptStats(*db).failuresByDeployment(kBase, 4 * kMinute, filter);
        QVERIFY2(result.ok(), qPrintable(result ? QString() : Util::logText(result.error())));
        QCOMPARE(result->size(), expected.size());
        for (int i = 0; i < expected.size(); ++i) {
            const DeploymentFailures &got = result->at(i);
            const DeploymentFailures &want = expected.at(i);
            QCOMPARE(got.connection, want.connection);
            QCOMPARE(got.upstreamModel, want.upstreamModel);
            QCOMPARE(got.failedAttempts, want.failedAttempts);
            QCOMPARE(got.retried, want.retried);
            QCOMPARE(got.fellBack, want.fellBack);
            QCOMPARE(got.mayHaveBilled, want.mayHaveBilled);
            QCOMPARE(got.addedMs, want.addedMs);
            QCOMPARE(got.calls, want.calls);
        }
        // The first minute alone: the retried call only.
        const auto first = ReceiptStats(*db).failuresByDeployment(kBase, kMinute);
        QVERIFY(first.ok());
        QCOMPARE(first->size(), 1);
        QCOMPARE(first->at(0).addedMs, 500);
        QVERIFY(!ReceiptStats(*db).failuresByDeployment(kBase, 0).ok());
    }

    void aDayIsAllowed_R_UI_7()
    {
        const auto result = ReceiptStats(*m_db).buckets(kBase, 60 * kMinute, 24);
        QVERIFY(result.ok());
        QCOMPARE(result->at(0).calls, 107); // the call at minute 3 is now inside
    }
};

QTEST_GUILESS_MAIN(tst_ReceiptStats)
#include "tst_receiptstats.moc"
