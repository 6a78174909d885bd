#include "net/deadlinewheel.h"
#include "simulatedtime.h"

#include <QRandomGenerator>
#include <QTest>

using namespace Gateway;

// Coarse connection deadlines (DESIGN.md "Threads"; the idle and request timeouts of R-SEC-2).
// Driven by a SimulatedTime and expire(), except the one case that checks its own timer.
class tst_DeadlineWheel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void firesAtItsDeadlineNotBefore_R_SEC_2();
    void cancelledNeverFires();
    void rescheduleMovesLaterAndEarlier();
    void deadlineBeyondOneTurnWaitsForIt();
    void pastDeadlineFiresAtNextTick();
    void pastDeadlineScheduledWhileCatchingUpFiresAtNextTick();
    void manyDeadlinesFireOnceInOrderOfTicks();
    void callbackMayCancelOrScheduleOthers();
    void stallLongerThanATurnFiresEverythingDue();
    void ownTimerDrivesItOnARealClock();
};

void tst_DeadlineWheel::firesAtItsDeadlineNotBefore_R_SEC_2()
{
    SimulatedTime clock;
    DeadlineWheel wheel(&clock);
    int fired = 0;
    const auto h = wheel.schedule(clock.nowMs() + 100, [&] { ++fired; });
    QVERIFY(h != 0);
    QCOMPARE(wheel.size(), 1);
    clock.advance(99);
    QCOMPARE(wheel.expire(), 0);
    clock.advance(1);
    QCOMPARE(wheel.expire(), 1);
    QCOMPARE(fired, 1);
    QVERIFY(!wheel.cancel(h)); // a handle that fired is unknown
    QCOMPARE(wheel.size(), 0);
    clock.advance(1000);
    wheel.expire();
    QCOMPARE(fired, 1);
}

void tst_DeadlineWheel::cancelledNeverFires()
{
    SimulatedTime clock;
    DeadlineWheel wheel(&clock);
    int fired = 0;
    const auto h = wheel.schedule(clock.nowMs() + 50, [&] { ++fired; });
    QVERIFY(wheel.cancel(h));
    QVERIFY(!wheel.cancel(h));
    QVERIFY(!wheel.reschedule(h, clock.nowMs() + 10));
    // The slot is reused; the old handle must not reach the new entry.
    const auto other = wheel.schedule(clock.nowMs() + 50, [&] { fired += 10; });
    QVERIFY(other != h);
    QVERIFY(!wheel.cancel(h));
    clock.advance(100);
    wheel.expire();
    QCOMPARE(fired, 10);
    QVERIFY(!wheel.cancel(other)); // fired handles are unknown too
}

void tst_DeadlineWheel::rescheduleMovesLaterAndEarlier()
{
    SimulatedTime clock;
    DeadlineWheel wheel(&clock);
    const qint64 t0 = clock.nowMs();
    int fired = 0;
    const auto h = wheel.schedule(t0 + 100, [&] { ++fired; });
    QVERIFY(wheel.reschedule(h, t0 + 300));
    clock.setNowMs(t0 + 200);
    wheel.expire();
    QCOMPARE(fired, 0);
    QVERIFY(wheel.reschedule(h, t0 + 250));
    clock.setNowMs(t0 + 249);
    wheel.expire();
    QCOMPARE(fired, 0);
    clock.setNowMs(t0 + 250);
    wheel.expire();
    QCOMPARE(fired, 1);
}

void tst_DeadlineWheel::deadlineBeyondOneTurnWaitsForIt()
{
    SimulatedTime clock;
    DeadlineWheel wheel(&clock);
    const qint64 t0 = clock.nowMs();
    qint64 firedAt = -1;
    wheel.schedule(t0 + 60000, [&] { firedAt = clock.nowMs(); }); // an idle timeout
    for (qint64 t = t0; t <= t0 + 61000; t += 10) {
        clock.setNowMs(t);
        wheel.expire();
    }
    QCOMPARE(firedAt, t0 + 60000);
}

void tst_DeadlineWheel::pastDeadlineFiresAtNextTick()
{
    SimulatedTime clock;
    DeadlineWheel wheel(&clock);
    clock.advance(500);
    wheel.expire();
    int fired = 0;
    wheel.schedule(clock.nowMs() - 300, [&] { ++fired; });
    QCOMPARE(wheel.expire(), 1);
    QCOMPARE(fired, 1);
}

void tst_DeadlineWheel::pastDeadlineScheduledWhileCatchingUpFiresAtNextTick()
{
    // expire() catches up on several ticks at once; a callback fired for an early one schedules a
    // deadline already past. It fires on the next expire(), not a whole turn (5.12 s) later.
    SimulatedTime clock;
    DeadlineWheel wheel(&clock, 10);
    clock.advance(1000);
    wheel.expire();
    int late = 0;
    const qint64 t0 = clock.nowMs();
    // Fires while tick t0 + 60 is swept and schedules a deadline of tick t0 + 20, already swept.
    wheel.schedule(t0 + 60, [&] { wheel.schedule(t0 + 20, [&] { ++late; }); });
    clock.advance(110); // eleven ticks behind
    wheel.expire();
    clock.advance(10);
    wheel.expire();
    QCOMPARE(late, 1);
}

void tst_DeadlineWheel::manyDeadlinesFireOnceInOrderOfTicks()
{
    SimulatedTime clock;
    DeadlineWheel wheel(&clock, 10);
    const qint64 t0 = clock.nowMs();
    QRandomGenerator random(42);
    QList<int> counts(5000, 0);
    int early = 0, late = 0;
    for (int i = 0; i < counts.size(); ++i) {
        const qint64 deadline = t0 + random.bounded(20000);
        wheel.schedule(deadline, [&, i, deadline] {
            ++counts[i];
            early += clock.nowMs() < deadline ? 1 : 0;
            late += clock.nowMs() >= deadline + 10 ? 1 : 0; // more than one tick late
        });
    }
    for (qint64 t = t0; t <= t0 + 20010; t += 10) {
        clock.setNowMs(t);
        wheel.expire();
    }
    QCOMPARE(wheel.size(), 0);
    QCOMPARE(counts.count(1), counts.size());
    QCOMPARE(early, 0);
    QCOMPARE(late, 0);
}

void tst_DeadlineWheel::callbackMayCancelOrScheduleOthers()
{
    SimulatedTime clock;
    DeadlineWheel wheel(&clock);
    const qint64 t0 = clock.nowMs();
    // Two entries due in the same tick, in no defined order: whichever runs first cancels the
    // other, which then must not run, and schedules a third that is already due.
    int a = 0, b = 0, c = 0;
    DeadlineWheel::Handle ha = 0, hb = 0;
    const auto first = [&](int &mine, DeadlineWheel::Handle &other) {
        ++mine;
        QVERIFY(wheel.cancel(other));
        wheel.schedule(t0 + 20, [&] { ++c; }); // runs at the latest at the next expire
    };
    ha = wheel.schedule(t0 + 20, [&] { first(a, hb); });
    hb = wheel.schedule(t0 + 20, [&] { first(b, ha); });
    clock.advance(20);
    wheel.expire();
    wheel.expire();
    QCOMPARE(a + b, 1);
    QCOMPARE(c, 1);
    QCOMPARE(wheel.size(), 0);
}

void tst_DeadlineWheel::stallLongerThanATurnFiresEverythingDue()
{
    SimulatedTime clock;
    DeadlineWheel wheel(&clock);
    const qint64 t0 = clock.nowMs();
    int fired = 0, pending = 0;
    for (int ms : { 5, 700, 3000, 9000, 15000 })
        wheel.schedule(t0 + ms, [&] { ++fired; });
    wheel.schedule(t0 + 40000, [&] { ++pending; });
    clock.advance(20000);
    QCOMPARE(wheel.expire(), 5);
    QCOMPARE(fired, 5);
    QCOMPARE(pending, 0);
    QCOMPARE(wheel.size(), 1);
}

void tst_DeadlineWheel::ownTimerDrivesItOnARealClock()
{
    DeadlineWheel wheel;
    bool fired = false;
    const qint64 deadline = wheel.nowMs() + 30;
    qint64 firedAt = -1;
    wheel.schedule(deadline, [&] {
        fired = true;
        firedAt = wheel.nowMs();
    });
    QTRY_VERIFY(fired);
    QVERIFY(firedAt >= deadline);
    QTRY_COMPARE(wheel.size(), 0);
}

QTEST_GUILESS_MAIN(tst_DeadlineWheel)
#include "tst_deadlinewheel.moc"
