#include "net/deadlineheap.h"
#include "simulatedtime.h"

#include <QRandomGenerator>
#include <QTest>

using namespace Gateway;
using namespace Qt::StringLiterals;

namespace {

// A deadline whose callback checks that it did not come early and records it in firedAt.
DeadlineHeap::Handle scheduleRecorded(DeadlineHeap &heap, const SimulatedTime &clock,
                                      qint64 deadline, QList<qint64> &firedAt)
{
    return heap.schedule(deadline, [&firedAt, &clock, deadline] {
        QVERIFY(clock.nowMs() >= deadline); // never early
        firedAt << deadline;
    });
}

// Time moves on in steps; the heap's timer fires on the event loop after each.
void advanceInSteps(SimulatedTime &clock, int steps, qint64 stepMs)
{
    for (int step = 0; step < steps; ++step) {
        clock.advance(stepMs);
        QCoreApplication::processEvents();
    }
}

} // namespace

// The calls' exact deadlines and waits (R-REC-5: a Retry-After wait is never cut short; R-REC-7:
// the call deadline), many on one timer. Driven by a SimulatedTime: its timer fires the heap when
// time moves, as the process's clock would.
class tst_DeadlineHeap : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void firesAtItsDeadlineNotBefore_R_REC_5();
    void cancelledNeverFires();
    void manyDeadlinesFireInDeadlineOrder_R_REC_7();
    void cancellingTheEarliestKeepsTheNext();
    void callsGoingRoundFireOnlyTheLiveOnesInOrder_R_REC_7();
    void callbackMayCancelOrScheduleOthers();
    void zeroWaitScheduledByACallbackRunsNextTurn();
    void ownTimerDrivesItOnARealClock();
};

void tst_DeadlineHeap::firesAtItsDeadlineNotBefore_R_REC_5()
{
    SimulatedTime clock;
    DeadlineHeap heap(&clock);
    int fired = 0;
    const auto h = heap.schedule(clock.nowMs() + 100, [&] { ++fired; });
    QVERIFY(h != 0);
    QCOMPARE(heap.size(), 1);
    clock.advance(99);
    QCoreApplication::processEvents();
    QCOMPARE(heap.expire(), 0);
    QCOMPARE(fired, 0);
    clock.advance(1); // its timer fires on the event loop
    QTRY_COMPARE(fired, 1);
    QVERIFY(!heap.cancel(h)); // a handle that fired is unknown
    QCOMPARE(heap.size(), 0);
    QCOMPARE(clock.pendingTimers(), 0); // nothing left to wait for
    clock.advance(1000);
    QCoreApplication::processEvents();
    QCOMPARE(fired, 1);
}

void tst_DeadlineHeap::cancelledNeverFires()
{
    SimulatedTime clock;
    DeadlineHeap heap(&clock);
    int fired = 0;
    const auto h = heap.schedule(clock.nowMs() + 50, [&] { ++fired; });
    QVERIFY(heap.cancel(h));
    QVERIFY(!heap.cancel(h));
    QVERIFY(!heap.cancel(0));
    // The entry is reused; the old handle must not reach the new one.
    const auto other = heap.schedule(clock.nowMs() + 50, [&] { fired += 10; });
    QVERIFY(other != h);
    QVERIFY(!heap.cancel(h));
    QCOMPARE(heap.size(), 1);
    clock.advance(50);
    QTRY_COMPARE(fired, 10);
}

void tst_DeadlineHeap::manyDeadlinesFireInDeadlineOrder_R_REC_7()
{
    SimulatedTime clock;
    DeadlineHeap heap(&clock);
    const qint64 start = clock.nowMs();
    QList<qint64> firedAt;
    QList<DeadlineHeap::Handle> handles;
    QRandomGenerator random(7);
    QList<qint64> deadlines;
    for (int i = 0; i < 2000; ++i) {
        const qint64 d = start + 1 + random.bounded(5000);
        deadlines << d;
        handles << scheduleRecorded(heap, clock, d, firedAt);
    }
    // Every third one cancelled, as calls that end before their deadline.
    QList<qint64> expected;
    for (int i = 0; i < handles.size(); ++i) {
        if (i % 3 == 0)
            QVERIFY(heap.cancel(handles[i]));
        else
            expected << deadlines[i];
    }
    std::sort(expected.begin(), expected.end());
    advanceInSteps(clock, 60, 100);
    QTRY_COMPARE(firedAt.size(), expected.size());
    QCOMPARE(firedAt, expected);
    QCOMPARE(heap.size(), 0);
}

void tst_DeadlineHeap::cancellingTheEarliestKeepsTheNext()
{
    SimulatedTime clock;
    DeadlineHeap heap(&clock);
    QStringList fired;
    const auto early = heap.schedule(clock.nowMs() + 10, [&] { fired << u"early"_s; });
    heap.schedule(clock.nowMs() + 30, [&] { fired << u"late"_s; });
    QVERIFY(heap.cancel(early));
    clock.advance(10); // the timer still waits for the cancelled one: it finds nothing due
    QCoreApplication::processEvents();
    QVERIFY(fired.isEmpty());
    clock.advance(19);
    QCoreApplication::processEvents();
    QVERIFY(fired.isEmpty());
    clock.advance(1);
    QTRY_COMPARE(fired, QStringList { u"late"_s });
}

// As with 8,000 calls in flight: deadlines scheduled in the order the calls start, most cancelled
// soon after from near the top of the heap (calls end long before their deadline), a few left to
// time out. None of the cancelled ones fires; the rest fire in order, each at its deadline.
void tst_DeadlineHeap::callsGoingRoundFireOnlyTheLiveOnesInOrder_R_REC_7()
{
    SimulatedTime clock;
    DeadlineHeap heap(&clock);
    constexpr qint64 kTimeoutMs = 60000;
    const qint64 start = clock.nowMs();
    struct Call
    {
        DeadlineHeap::Handle handle;
        qint64 deadline;
    };
    QList<Call> inFlight;
    QList<qint64> firedAt, expected; // expected: the deadlines left to fire
    QRandomGenerator random(15);
    for (int i = 0; i < 30000; ++i) {
        const qint64 d = start + kTimeoutMs + i / 10; // start + the same timeout: in order
        inFlight << Call { scheduleRecorded(heap, clock, d, firedAt), d };
        // 8,000 in flight: the oldest ends, unless it is one of the few that time out.
        if (inFlight.size() > 8000) {
            const Call oldest = inFlight.takeFirst();
            if (random.bounded(100) == 0)
                expected << oldest.deadline;
            else
                QVERIFY(heap.cancel(oldest.handle));
        }
        QCOMPARE(heap.size(), inFlight.size() + expected.size());
    }
    for (int k = 0; k < inFlight.size(); ++k) {
        if (k % 2 == 0)
            QVERIFY(heap.cancel(inFlight[k].handle));
        else
            expected << inFlight[k].deadline;
    }
    QCOMPARE(heap.size(), expected.size());
    std::sort(expected.begin(), expected.end());
    advanceInSteps(clock, 1, kTimeoutMs - 1);
    QVERIFY(firedAt.isEmpty());
    advanceInSteps(clock, 40, 100);
    QTRY_COMPARE(firedAt.size(), expected.size());
    QCOMPARE(firedAt, expected);
    QCOMPARE(heap.size(), 0);
    QCOMPARE(clock.pendingTimers(), 0);
}

void tst_DeadlineHeap::callbackMayCancelOrScheduleOthers()
{
    SimulatedTime clock;
    DeadlineHeap heap(&clock);
    QStringList fired;
    DeadlineHeap::Handle second = 0;
    heap.schedule(clock.nowMs() + 10, [&] {
        fired << u"first"_s;
        QVERIFY(heap.cancel(second)); // due in the same pass: must not run
        heap.schedule(clock.nowMs() + 5, [&] { fired << u"third"_s; });
    });
    second = heap.schedule(clock.nowMs() + 10, [&] { fired << u"second"_s; });
    clock.advance(10);
    QTRY_COMPARE(fired, QStringList { u"first"_s });
    clock.advance(5);
    QTRY_COMPARE(fired, (QStringList { u"first"_s, u"third"_s }));
    QCOMPARE(heap.size(), 0);
}

void tst_DeadlineHeap::zeroWaitScheduledByACallbackRunsNextTurn()
{
    SimulatedTime clock;
    DeadlineHeap heap(&clock);
    int runs = 0;
    std::function<void()> again = [&] {
        if (++runs < 5)
            heap.schedule(clock.nowMs(), again); // due at once, like a zero backoff
    };
    heap.schedule(clock.nowMs() + 1, again);
    clock.advance(1);
    QCOMPARE(heap.expire(), 1); // one pass runs what was due before it, not what it scheduled
    QCOMPARE(runs, 1);
    QTRY_COMPARE(runs, 5); // each on a later turn of the loop
    QCOMPARE(heap.size(), 0);
}

void tst_DeadlineHeap::ownTimerDrivesItOnARealClock()
{
    DeadlineHeap heap;
    const qint64 deadline = heap.nowMs() + 30;
    qint64 firedAt = -1;
    heap.schedule(heap.nowMs() + 60'000, [] { QFAIL("a minute early"); });
    heap.schedule(deadline, [&] { firedAt = heap.nowMs(); });
    QTRY_VERIFY(firedAt >= 0);
    QVERIFY(firedAt >= deadline);
    QCOMPARE(heap.size(), 1);
}

QTEST_GUILESS_MAIN(tst_DeadlineHeap)
#include "tst_deadlineheap.moc"
