#include "routing/deadlinecheck.h"

#include <QTest>

using namespace Qt::StringLiterals;

// The deadline check (R-UI-8, R-REC-4, R-REC-6): when each planned attempt starts if every one
// fails at its timeout, and the wait rule the live walk shares.
class tst_DeadlineCheck : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void startsWhenEveryAttemptTimesOut_R_UI_8();
    void streamingTakesTheLongerTimeout_R_REC_9();
    void singleCandidateWaitsItsCooldown_R_REC_3();
    void attemptsPastTheDeadlineAreLost_R_REC_6();
    void waitBeforeNextTakesTheLongest_R_REC_5();
    void factNamesWhatIsNeverReached_R_UI_8();
    void fallbackGoesAheadAtOnce_R_REC_6();
};

namespace {

Domain::RecoverySettings defaults()
{
    return {}; // SPEC's: 3 attempts, 180 s deadline, backoff 100 → 2,000 ms, cooldown 5 s
}

QList<qint64> starts(const Routing::DeadlineCheck &c)
{
    return { c.startMs.cbegin(), c.startMs.cend() };
}

} // namespace

void tst_DeadlineCheck::startsWhenEveryAttemptTimesOut_R_UI_8()
{
    const Routing::DeadlineCheck c = Routing::checkDeadline(defaults(), false, 3);
    // 10 s connect timeout each, backoff 100 then 200 ms.
    QCOMPARE(starts(c), (QList<qint64> { 0, 10100, 20300 }));
    QCOMPARE(c.worstCaseMs, qint64(30300));
    QCOMPARE(c.reachable, 3);
    QVERIFY(c.fits());
    QCOMPARE(Routing::checkDeadline(defaults(), false, 0).worstCaseMs, qint64(0));
}

void tst_DeadlineCheck::streamingTakesTheLongerTimeout_R_REC_9()
{
    Domain::RecoverySettings r = defaults();
    QCOMPARE(Routing::attemptTimeoutMs(r, false), qint64(10000));
    QCOMPARE(Routing::attemptTimeoutMs(r, true), qint64(30000));
    // Both timers run from the attempt's start: a longer connect timeout is the bound.
    r.connectTimeoutMs = 40000;
    QCOMPARE(Routing::attemptTimeoutMs(r, true), qint64(40000));
    QCOMPARE(Routing::checkDeadline(r, true, 2).worstCaseMs, qint64(2 * 40000 + 100));
}

void tst_DeadlineCheck::singleCandidateWaitsItsCooldown_R_REC_3()
{
    const Routing::DeadlineCheck c = Routing::checkDeadline(defaults(), false, 3, 3, 5000);
    QCOMPARE(starts(c), (QList<qint64> { 0, 15000, 30000 }));
    QCOMPARE(c.worstCaseMs, qint64(40000));
    // Only the single candidate's own retries wait for its cooldown; a fallback's do not.
    const Routing::DeadlineCheck mixed = Routing::checkDeadline(defaults(), false, 3, 2, 5000);
    QCOMPARE(starts(mixed), (QList<qint64> { 0, 15000, 25200 }));
}

void tst_DeadlineCheck::attemptsPastTheDeadlineAreLost_R_REC_6()
{
    Domain::RecoverySettings r = defaults();
    r.attempts = 5;
    r.deadlineMs = 20300;
    const Routing::DeadlineCheck c = Routing::checkDeadline(r, false, 5);
    // An attempt starting exactly at the deadline is not started, as the live walk's wait rule.
    QCOMPARE(starts(c), (QList<qint64> { 0, 10100, 20300, 30700, 41500 }));
    QCOMPARE(c.reachable, 2);
    QVERIFY(!c.fits());
    QVERIFY(Routing::startsBeforeDeadline(20299, 20300));
    QVERIFY(!Routing::startsBeforeDeadline(20300, 20300));
}

void tst_DeadlineCheck::waitBeforeNextTakesTheLongest_R_REC_5()
{
    const Domain::RecoverySettings r = defaults();
    using Domain::WaitReason;
    const auto check
        = [&](int made, qint64 cooldown, qint64 retryAfter, qint64 ms, WaitReason why) {
              const Routing::PlannedWait w = Routing::waitBeforeNext(r, made, cooldown, retryAfter);
              QCOMPARE(w.ms, ms);
              QCOMPARE(Domain::toString(w.why), Domain::toString(why));
          };
    check(1, 0, 0, 100, WaitReason::Backoff);
    check(3, 0, 0, 400, WaitReason::Backoff);
    check(9, 0, 0, 2000, WaitReason::Backoff); // capped at the maximum
    check(1, 4000, 0, 4000, WaitReason::Cooldown);
    check(1, 4000, 6000, 6000, WaitReason::RetryAfter);
    check(1, 4000, 3000, 4000, WaitReason::Cooldown);
    check(2, 0, 150, 200, WaitReason::Backoff);
}

void tst_DeadlineCheck::factNamesWhatIsNeverReached_R_UI_8()
{
    Domain::RecoverySettings r = defaults();
    r.attempts = 4;
    r.deadlineMs = 15000;
    const Routing::DeadlineCheck c = Routing::checkDeadline(r, true, 4);
    // Streaming: 30 s each; only the first attempt starts in time.
    const Domain::Fact f = Routing::deadlineFact(c, true, { { u"m/one"_s, 3 }, { u"m/two"_s, 4 } });
    QCOMPARE(Domain::toString(f.code), u"deadline_cannot_fit"_s);
    QCOMPARE(f.number(0), c.worstCaseMs);
    QCOMPARE(f.number(1), qint64(15000));
    QCOMPARE(f.number(2), qint64(2)); // attempt 2 is the first that never starts
    QCOMPARE(f.number(3), qint64(4));
    QCOMPARE(f.names(4), (QStringList { u"m/one"_s, u"m/two"_s }));
    QCOMPARE(f.number(5), qint64(1));
    // Every attempt starts, the last one is cut short: nothing is named lost.
    r.deadlineMs = 30000;
    const Domain::Fact cut
        = Routing::deadlineFact(Routing::checkDeadline(r, false, 3), false, { { u"m/one"_s, 3 } });
    QCOMPARE(cut.number(2), qint64(0));
    QVERIFY(cut.names(4).isEmpty());
}

// A fallback model's first attempt goes ahead at once when its backoff would not fit, as the live
// walk does (CallRouter::fallBack); the requested model's own retry does not.
void tst_DeadlineCheck::fallbackGoesAheadAtOnce_R_REC_6()
{
    Domain::RecoverySettings r = defaults();
    r.deadlineMs = 10050; // the first attempt times out at 10,000 ms; +100 ms backoff is too late
    const int fallbackSecond[] = { 2 };
    const Routing::DeadlineCheck c = Routing::checkDeadline(r, false, 2, 0, 0, 0, fallbackSecond);
    QCOMPARE(starts(c), (QList<qint64> { 0, 10000 }));
    QCOMPARE(c.reachable, 2);
    const Routing::DeadlineCheck own = Routing::checkDeadline(r, false, 2);
    QCOMPARE(starts(own), (QList<qint64> { 0, 10100 }));
    QCOMPARE(own.reachable, 1);
    // When the backoff fits, the fallback waits it like any retry.
    r.deadlineMs = 10150;
    QCOMPARE(starts(Routing::checkDeadline(r, false, 2, 0, 0, 0, fallbackSecond)),
             (QList<qint64> { 0, 10100 }));
}

QTEST_GUILESS_MAIN(tst_DeadlineCheck)
#include "tst_deadlinecheck.moc"
