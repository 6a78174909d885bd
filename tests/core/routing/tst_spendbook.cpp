#include "routing/spendbook.h"

#include <QDateTime>
#include <QTest>

using namespace Qt::StringLiterals;
using Domain::SettledSpend;
using Domain::SpendLimits;
using Domain::SpendScope;
using Routing::BudgetAlert;
using Routing::BudgetHold;
using Routing::BudgetLease;
using Routing::BudgetRefusal;
using Routing::ScopeSpend;
using Routing::SpendBook;
using Routing::SpendPeriod;

namespace {

constexpr qint64 kSecondMs = 1000;
constexpr qint64 kHourMs = 3600 * kSecondMs;
constexpr qint64 kDayMs = 24 * kHourMs;

qint64 utc(int y, int mo, int d, int h = 12, int mi = 0, int s = 0)
{
    return QDateTime(QDate(y, mo, d), QTime(h, mi, s), Qt::UTC).toMSecsSinceEpoch();
}

SpendLimits daily(double usd)
{
    SpendLimits l;
    l.dailyUsd = usd;
    return l;
}

SpendLimits monthly(double usd)
{
    SpendLimits l;
    l.monthlyUsd = usd;
    return l;
}

SpendLimits both(double dayUsd, double monthUsd)
{
    SpendLimits l;
    l.dailyUsd = dayUsd;
    l.monthlyUsd = monthUsd;
    return l;
}

QString scopeText(SpendScope s)
{
    return s == SpendScope::Key ? u"key"_s : u"project"_s;
}

ScopeSpend find(const QList<ScopeSpend> &all, SpendScope scope, const QString &id)
{
    for (const ScopeSpend &s : all) {
        if (s.scope == scope && s.id == id)
            return s;
    }
    return ScopeSpend { scope, u"(missing)"_s };
}

// One key "k" in project "p", the key's limits given, the project's none.
std::optional<BudgetRefusal> reserveK(SpendBook &book, const SpendLimits &key, double amount,
                                      qint64 at, BudgetHold &hold)
{
    return book.reserve(u"k"_s, key, u"p"_s, {}, amount, at, hold);
}

} // namespace

class tst_SpendBook : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void rBill3_periodNumbersEndsAndTexts_data();
    void rBill3_periodNumbersEndsAndTexts();
    void rBill3_holdThatFitsExactlyIsReserved();
    void rBill3_holdThatDoesNotFitIsRefused();
    void rBill3_projectBudgetIsSharedByItsKeys();
    void rBill3_keyBudgetLimitsItsKeyOnly();
    void rBill3_retryAfterAtDayBoundary();
    void rBill3_retryAfterAtMonthBoundary_data();
    void rBill3_retryAfterAtMonthBoundary();
    void rBill3_monthRefusalBeatsDayRefusal();
    void rBill3_laterResetWinsBetweenKeyAndProject();
    void rBill3_settleReleasesHoldAndCountsCharge();
    void rBill3_callAcrossMidnightCountsInItsStartDay();
    void rBill3_callAcrossMonthEndCountsInItsStartMonth();
    void rBill3_settledSpendPassesBudgetOnlyByExcess();
    void rBill3_chargeWithoutHoldCounts();
    void rBill3_loadCountsTodayAndThisMonthOnly();
    void rBill3_alertOncePerPeriod();
    void rBill3_alertOncePerMonth();
    void rBill3_spendListsScopes();
    void rBill3_zeroBudgetRefusesEverything();
    void rBill3_leasedBudgetHoldsWithinTheLease();
    void rBill3_leasedBudgetUnavailableWithoutTheDatabase();
    void rBill3_leaseOfAnEndedDayIsNoLease();
};

void tst_SpendBook::rBill3_periodNumbersEndsAndTexts_data()
{
    QTest::addColumn<qint64>("at");
    QTest::addColumn<QString>("dayText");
    QTest::addColumn<QString>("monthText");
    QTest::addColumn<qint64>("dayEnd");
    QTest::addColumn<qint64>("monthEnd");

    QTest::newRow("epoch") << qint64(0) << u"1970-01-01"_s << u"1970-01"_s << kDayMs
                           << utc(1970, 2, 1, 0);
    QTest::newRow("mid-day") << utc(2026, 12, 6, 16, 2, 54) << u"2026-12-06"_s << u"2026-12"_s
                             << utc(2026, 12, 7, 0) << utc(2027, 1, 1, 0);
    QTest::newRow("first ms of a day") << utc(2026, 12, 7, 0) << u"2026-12-07"_s << u"2026-12"_s
                                       << utc(2026, 12, 8, 0) << utc(2027, 1, 1, 0);
    QTest::newRow("last ms of a day") << utc(2026, 12, 6, 0) - 1 << u"2026-12-05"_s << u"2026-12"_s
                                      << utc(2026, 12, 6, 0) << utc(2027, 1, 1, 0);
    QTest::newRow("leap day") << utc(2028, 2, 29, 23, 59, 59) << u"2028-02-29"_s << u"2028-02"_s
                              << utc(2028, 3, 1, 0) << utc(2028, 3, 1, 0);
    QTest::newRow("New Year's Eve") << utc(2026, 12, 31, 23, 59, 59) << u"2026-12-31"_s
                                    << u"2026-12"_s << utc(2027, 1, 1, 0) << utc(2027, 1, 1, 0);
}

void tst_SpendBook::rBill3_periodNumbersEndsAndTexts()
{
    QFETCH(qint64, at);
    QFETCH(QString, dayText);
    QFETCH(QString, monthText);
    QFETCH(qint64, dayEnd);
    QFETCH(qint64, monthEnd);
    const SpendPeriod p = SpendPeriod::of(at);
    const QDate date = QDateTime::fromMSecsSinceEpoch(at, Qt::UTC).date();
    QCOMPARE(p.day, QDate(1970, 1, 1).daysTo(date));
    QCOMPARE(p.month, qint64(date.year()) * 12 + date.month() - 1);
    QCOMPARE(p.dayText(), dayText);
    QCOMPARE(p.monthText(), monthText);
    QCOMPARE(p.dayEndMs(), dayEnd);
    QCOMPARE(p.monthEndMs(), monthEnd);
}

void tst_SpendBook::rBill3_holdThatFitsExactlyIsReserved()
{
    SpendBook book;
    const qint64 at = utc(2026, 12, 6);
    for (int i = 0; i < 10; ++i) {
        BudgetHold hold;
        QVERIFY2(!reserveK(book, daily(0.02), 0.002, at, hold), qPrintable(QString::number(i)));
        QCOMPARE(hold.amount, 0.002);
        QCOMPARE(hold.keyId, u"k"_s);
        QCOMPARE(hold.projectId, u"p"_s);
        QCOMPARE(hold.period.day, SpendPeriod::of(at).day);
    }
    const ScopeSpend key = find(book.spend(at), SpendScope::Key, u"k"_s);
    QCOMPARE(key.holds, 10);
    QVERIFY(qAbs(key.held - 0.02) < 1e-12);
}

void tst_SpendBook::rBill3_holdThatDoesNotFitIsRefused()
{
    SpendBook book;
    const qint64 at = utc(2026, 12, 6);
    QList<BudgetHold> holds(10);
    for (BudgetHold &hold : holds)
        QVERIFY(!reserveK(book, daily(0.02), 0.002, at, hold));
    BudgetHold eleventh;
    eleventh.amount = -1; // untouched when refused
    const std::optional<BudgetRefusal> r = reserveK(book, daily(0.02), 0.002, at, eleventh);
    QVERIFY(r);
    QCOMPARE(scopeText(r->scope), u"key"_s);
    QCOMPARE(r->id, u"k"_s);
    QVERIFY(!r->monthly);
    QCOMPARE(r->limit, 0.02);
    QVERIFY(qAbs(r->spent - 0.02) < 1e-12);
    QCOMPARE(r->retryAfterMs, 12 * kHourMs);
    QCOMPARE(eleventh.amount, -1.0);
    // Nothing was held for the refused call.
    QCOMPARE(find(book.spend(at), SpendScope::Key, u"k"_s).holds, 10);
    QCOMPARE(find(book.spend(at), SpendScope::Project, u"p"_s).holds, 10);

    // Settled at what they held, the ten still fill the budget.
    for (const BudgetHold &hold : holds)
        book.settle(hold, 0.002);
    QVERIFY(reserveK(book, daily(0.02), 0.002, at, eleventh));
    // A smaller call still does not fit: nothing is left.
    QVERIFY(reserveK(book, daily(0.02), 0.0001, at, eleventh));
}

void tst_SpendBook::rBill3_projectBudgetIsSharedByItsKeys()
{
    SpendBook book;
    const qint64 at = utc(2026, 12, 6);
    const SpendLimits project = daily(0.01);
    BudgetHold a, b, c;
    QVERIFY(!book.reserve(u"a"_s, {}, u"p"_s, project, 0.006, at, a));
    const std::optional<BudgetRefusal> r = book.reserve(u"b"_s, {}, u"p"_s, project, 0.005, at, b);
    QVERIFY(r);
    QCOMPARE(scopeText(r->scope), u"project"_s);
    QCOMPARE(r->id, u"p"_s);
    QCOMPARE(r->limit, 0.01);
    QCOMPARE(r->spent, 0.006);
    QVERIFY(!book.reserve(u"b"_s, {}, u"p"_s, project, 0.004, at, b));
    QVERIFY(book.reserve(u"a"_s, {}, u"p"_s, project, 0.0001, at, c));
    // Another project's keys are not touched.
    QVERIFY(!book.reserve(u"c"_s, {}, u"q"_s, project, 0.01, at, c));

    const QList<ScopeSpend> spend = book.spend(at);
    QCOMPARE(find(spend, SpendScope::Project, u"p"_s).holds, 2);
    QCOMPARE(find(spend, SpendScope::Key, u"a"_s).held, 0.006);
    QCOMPARE(find(spend, SpendScope::Key, u"b"_s).held, 0.004);
}

void tst_SpendBook::rBill3_keyBudgetLimitsItsKeyOnly()
{
    SpendBook book;
    const qint64 at = utc(2026, 12, 6);
    BudgetHold h;
    QVERIFY(!book.reserve(u"a"_s, daily(0.01), u"p"_s, daily(1.0), 0.01, at, h));
    const std::optional<BudgetRefusal> r
        = book.reserve(u"a"_s, daily(0.01), u"p"_s, daily(1.0), 0.001, at, h);
    QVERIFY(r);
    QCOMPARE(scopeText(r->scope), u"key"_s);
    QCOMPARE(r->id, u"a"_s);
    // The key beside it in the same project still has the project's budget.
    QVERIFY(!book.reserve(u"b"_s, daily(0.01), u"p"_s, daily(1.0), 0.01, at, h));
}

void tst_SpendBook::rBill3_retryAfterAtDayBoundary()
{
    SpendBook book;
    BudgetHold h;
    const std::optional<BudgetRefusal> r
        = reserveK(book, daily(0.01), 0.02, utc(2026, 12, 6, 23, 59, 30), h);
    QVERIFY(r);
    QVERIFY(!r->monthly);
    QCOMPARE(r->retryAfterMs, 30 * kSecondMs);
    // At the reset the day starts empty.
    QVERIFY(!reserveK(book, daily(0.01), 0.01, utc(2026, 12, 7, 0), h));
}

void tst_SpendBook::rBill3_retryAfterAtMonthBoundary_data()
{
    QTest::addColumn<qint64>("at");
    QTest::addColumn<qint64>("retryAfter");
    QTest::addColumn<qint64>("reset");

    QTest::newRow("30 s before December")
        << utc(2026, 11, 30, 23, 59, 30) << 30 * kSecondMs << utc(2026, 12, 1, 0);
    QTest::newRow("December to January")
        << utc(2026, 12, 31, 12) << 12 * kHourMs << utc(2027, 1, 1, 0);
    QTest::newRow("mid-December") << utc(2026, 12, 6, 12) << 25 * kDayMs + 12 * kHourMs
                                  << utc(2027, 1, 1, 0);
    QTest::newRow("leap February") << utc(2028, 2, 28, 0) << 2 * kDayMs << utc(2028, 3, 1, 0);
    QTest::newRow("common February") << utc(2027, 2, 28, 0) << kDayMs << utc(2027, 3, 1, 0);
}

void tst_SpendBook::rBill3_retryAfterAtMonthBoundary()
{
    QFETCH(qint64, at);
    QFETCH(qint64, retryAfter);
    QFETCH(qint64, reset);
    SpendBook book;
    BudgetHold h;
    QVERIFY(!reserveK(book, monthly(0.01), 0.01, at, h));
    const std::optional<BudgetRefusal> r = reserveK(book, monthly(0.01), 0.001, at, h);
    QVERIFY(r);
    QVERIFY(r->monthly);
    QCOMPARE(r->retryAfterMs, retryAfter);
    QCOMPARE(at + r->retryAfterMs, reset);
    book.settle(h, 0.01);
    QVERIFY(reserveK(book, monthly(0.01), 0.001, reset - 1, h));
    QVERIFY(!reserveK(book, monthly(0.01), 0.001, reset, h));
}

void tst_SpendBook::rBill3_monthRefusalBeatsDayRefusal()
{
    SpendBook book;
    BudgetHold h;
    const qint64 at = utc(2026, 12, 6, 18);
    // Both budgets refuse: the month's reset is the later one, so it is the answer.
    std::optional<BudgetRefusal> r = reserveK(book, both(0.01, 0.01), 0.02, at, h);
    QVERIFY(r);
    QVERIFY(r->monthly);
    QCOMPARE(r->limit, 0.01);
    QCOMPARE(at + r->retryAfterMs, utc(2027, 1, 1, 0));
    // Only the day refuses: the day's reset.
    r = reserveK(book, both(0.01, 1.0), 0.02, at, h);
    QVERIFY(r);
    QVERIFY(!r->monthly);
    QCOMPARE(r->retryAfterMs, 6 * kHourMs);
    // Only the month refuses.
    r = reserveK(book, both(1.0, 0.01), 0.02, at, h);
    QVERIFY(r);
    QVERIFY(r->monthly);
}

void tst_SpendBook::rBill3_laterResetWinsBetweenKeyAndProject()
{
    const qint64 at = utc(2026, 12, 6, 18);
    BudgetHold h;
    {
        SpendBook book;
        const std::optional<BudgetRefusal> r
            = book.reserve(u"k"_s, daily(0.01), u"p"_s, monthly(0.01), 0.02, at, h);
        QVERIFY(r);
        QCOMPARE(scopeText(r->scope), u"project"_s);
        QVERIFY(r->monthly);
        QCOMPARE(at + r->retryAfterMs, utc(2027, 1, 1, 0));
    }
    {
        SpendBook book;
        const std::optional<BudgetRefusal> r
            = book.reserve(u"k"_s, monthly(0.01), u"p"_s, daily(0.01), 0.02, at, h);
        QVERIFY(r);
        QCOMPARE(scopeText(r->scope), u"key"_s);
        QVERIFY(r->monthly);
    }
    {
        SpendBook book; // the project alone refuses
        const std::optional<BudgetRefusal> r
            = book.reserve(u"k"_s, daily(1.0), u"p"_s, daily(0.01), 0.02, at, h);
        QVERIFY(r);
        QCOMPARE(scopeText(r->scope), u"project"_s);
        QCOMPARE(r->retryAfterMs, 6 * kHourMs);
        // Nothing was held at the key either.
        QCOMPARE(find(book.spend(at), SpendScope::Key, u"k"_s).holds, 0);
        QCOMPARE(find(book.spend(at), SpendScope::Key, u"k"_s).held, 0.0);
    }
}

void tst_SpendBook::rBill3_settleReleasesHoldAndCountsCharge()
{
    SpendBook book;
    const qint64 at = utc(2026, 12, 6);
    BudgetHold h1, h2;
    QVERIFY(!reserveK(book, both(0.01, 0.1), 0.006, at, h1));
    QVERIFY(!reserveK(book, both(0.01, 0.1), 0.004, at, h2));
    book.settle(h1, 0.001);
    ScopeSpend key = find(book.spend(at), SpendScope::Key, u"k"_s);
    QCOMPARE(key.holds, 1);
    QVERIFY(qAbs(key.held - 0.004) < 1e-12);
    QCOMPARE(key.daySpent, 0.001);
    QCOMPARE(key.monthSpent, 0.001);
    QCOMPARE(find(book.spend(at), SpendScope::Project, u"p"_s).daySpent, 0.001);
    // What the settled call did not use is free again.
    QVERIFY(!reserveK(book, both(0.01, 0.1), 0.005, at, h1));
    book.settle(h1, 0.005);
    book.settle(h2, 0.004);
    key = find(book.spend(at), SpendScope::Key, u"k"_s);
    QCOMPARE(key.holds, 0);
    QCOMPARE(key.held, 0.0);
    QVERIFY(qAbs(key.daySpent - 0.01) < 1e-12);
    QVERIFY(reserveK(book, both(0.01, 0.1), 0.0001, at, h1));
}

void tst_SpendBook::rBill3_callAcrossMidnightCountsInItsStartDay()
{
    SpendBook book;
    const SpendLimits limits = daily(0.01);
    BudgetHold before, after;
    QVERIFY(!reserveK(book, limits, 0.008, utc(2026, 12, 6, 23, 59, 50), before));
    // A call of the new day: the hold in flight still counts, the old day's spend does not.
    const qint64 today = utc(2026, 12, 7, 0, 0, 10);
    QVERIFY(!reserveK(book, limits, 0.002, today, after));
    book.settle(before, 0.008);
    ScopeSpend key = find(book.spend(today), SpendScope::Key, u"k"_s);
    QCOMPARE(key.daySpent, 0.0);
    QCOMPARE(key.monthSpent, 0.008); // the same month
    QCOMPARE(key.holds, 1);
    // Today's budget is whole again but for the hold in flight.
    BudgetHold more;
    QVERIFY(!reserveK(book, limits, 0.008, today, more));

    // Settled after midnight with no call of the new day yet: shown in the old day only.
    SpendBook quiet;
    QVERIFY(!reserveK(quiet, limits, 0.008, utc(2026, 12, 6, 23, 59, 50), before));
    quiet.settle(before, 0.008);
    QCOMPARE(find(quiet.spend(utc(2026, 12, 6, 23, 59, 59)), SpendScope::Key, u"k"_s).daySpent,
             0.008);
    key = find(quiet.spend(today), SpendScope::Key, u"k"_s);
    QCOMPARE(key.daySpent, 0.0);
    QCOMPARE(key.monthSpent, 0.008);
    QVERIFY(!reserveK(quiet, limits, 0.01, today, more));
}

void tst_SpendBook::rBill3_callAcrossMonthEndCountsInItsStartMonth()
{
    SpendBook book;
    const SpendLimits limits = both(0.01, 0.01);
    BudgetHold before, after;
    QVERIFY(!reserveK(book, limits, 0.008, utc(2026, 12, 31, 23, 59, 50), before));
    const qint64 newYear = utc(2027, 1, 1, 0, 0, 10);
    QVERIFY(!reserveK(book, limits, 0.002, newYear, after));
    book.settle(before, 0.008);
    const ScopeSpend key = find(book.spend(newYear), SpendScope::Key, u"k"_s);
    QCOMPARE(key.daySpent, 0.0);
    QCOMPARE(key.monthSpent, 0.0);
    const ScopeSpend project = find(book.spend(newYear), SpendScope::Project, u"p"_s);
    QCOMPARE(project.daySpent, 0.0);
    QCOMPARE(project.monthSpent, 0.0);
    book.settle(after, 0.002);
    QCOMPARE(find(book.spend(newYear), SpendScope::Key, u"k"_s).monthSpent, 0.002);
    QVERIFY(!reserveK(book, limits, 0.008, newYear, after));
}

void tst_SpendBook::rBill3_settledSpendPassesBudgetOnlyByExcess()
{
    SpendBook book;
    const qint64 at = utc(2026, 12, 6);
    const SpendLimits limits = daily(0.01);
    BudgetHold a, b;
    QVERIFY(!reserveK(book, limits, 0.005, at, a));
    QVERIFY(!reserveK(book, limits, 0.005, at, b));
    // Charged what they held or less: never past the budget.
    book.settle(a, 0.005);
    QVERIFY(find(book.spend(at), SpendScope::Key, u"k"_s).daySpent <= 0.01);
    // One charge exceeded its hold by 0.0015: the budget is passed by exactly that.
    book.settle(b, 0.0065);
    const ScopeSpend key = find(book.spend(at), SpendScope::Key, u"k"_s);
    QVERIFY(qAbs(key.daySpent - (0.01 + 0.0015)) < 1e-12);
    QVERIFY(qAbs(find(book.spend(at), SpendScope::Project, u"p"_s).daySpent - 0.0115) < 1e-12);
    // Past the budget, nothing more is held.
    const std::optional<BudgetRefusal> r = reserveK(book, limits, 0.0001, at, a);
    QVERIFY(r);
    QVERIFY(qAbs(r->spent - 0.0115) < 1e-12);
}

void tst_SpendBook::rBill3_chargeWithoutHoldCounts()
{
    SpendBook book;
    const qint64 at = utc(2026, 12, 6);
    book.charge(u"k"_s, u"p"_s, 0.007, at);
    book.charge(u"k"_s, u"p"_s, 0, at); // nothing
    ScopeSpend key = find(book.spend(at), SpendScope::Key, u"k"_s);
    QCOMPARE(key.daySpent, 0.007);
    QCOMPARE(key.monthSpent, 0.007);
    QCOMPARE(key.holds, 0);
    // A budget set later starts from the day's real spend.
    BudgetHold h;
    QVERIFY(reserveK(book, daily(0.01), 0.004, at, h));
    QVERIFY(!reserveK(book, daily(0.01), 0.003, at, h));
    // A charge of the previous day does not count today.
    book.charge(u"k"_s, u"p"_s, 0.5, at - kDayMs);
    key = find(book.spend(at), SpendScope::Key, u"k"_s);
    QCOMPARE(key.daySpent, 0.007);
    QCOMPARE(key.monthSpent, 0.507);
}

void tst_SpendBook::rBill3_loadCountsTodayAndThisMonthOnly()
{
    const qint64 now = utc(2026, 12, 6, 16);
    SpendBook book;
    book.load({ { SpendScope::Key, u"k"_s, u"2026-12-06"_s, 0.003 },
                { SpendScope::Key, u"k"_s, u"2026-12"_s, 0.009 },
                { SpendScope::Key, u"k"_s, u"2026-12-05"_s, 0.006 }, // yesterday
                { SpendScope::Key, u"k"_s, u"2026-11"_s, 0.5 }, // last month
                { SpendScope::Key, u"k"_s, u"2025-12-06"_s, 0.5 }, // a year ago
                { SpendScope::Project, u"p"_s, u"2026-12-06"_s, 0.004 },
                { SpendScope::Project, u"p"_s, u"2026-12"_s, 0.02 },
                { SpendScope::Project, u"p"_s, u"2026-11-30"_s, 0.5 } },
              now);
    const QList<ScopeSpend> spend = book.spend(now);
    const ScopeSpend key = find(spend, SpendScope::Key, u"k"_s);
    QCOMPARE(key.daySpent, 0.003);
    QCOMPARE(key.monthSpent, 0.009);
    QCOMPARE(key.held, 0.0);
    const ScopeSpend project = find(spend, SpendScope::Project, u"p"_s);
    QCOMPARE(project.daySpent, 0.004);
    QCOMPARE(project.monthSpent, 0.02);
    // The loaded spend counts against the budgets.
    BudgetHold h;
    QVERIFY(!reserveK(book, daily(0.01), 0.007, now, h));
    QVERIFY(reserveK(book, daily(0.01), 0.001, now, h));
    QVERIFY(!book.reserve(u"k"_s, {}, u"p"_s, monthly(0.03), 0.003, now, h));
    QVERIFY(book.reserve(u"k"_s, {}, u"p"_s, monthly(0.03), 0.001, now, h));
}

void tst_SpendBook::rBill3_alertOncePerPeriod()
{
    SpendBook book;
    const SpendLimits limits = both(0.01, 0.1);
    const qint64 day1 = utc(2026, 12, 6, 10);
    QList<BudgetHold> holds(3);
    QVERIFY(book.takeAlerts(80).isEmpty());
    QVERIFY(!reserveK(book, limits, 0.007, day1, holds[0]));
    QVERIFY(book.takeAlerts(80).isEmpty()); // 70 %
    QVERIFY(!reserveK(book, limits, 0.001, day1, holds[1])); // 80 % with the holds in flight
    QList<BudgetAlert> alerts = book.takeAlerts(80);
    QCOMPARE(alerts.size(), 1);
    QCOMPARE(scopeText(alerts[0].scope), u"key"_s);
    QCOMPARE(alerts[0].id, u"k"_s);
    QVERIFY(!alerts[0].monthly);
    QCOMPARE(alerts[0].percent, 80);
    // Further spend in the same day does not alert again.
    QVERIFY(!reserveK(book, limits, 0.0015, day1, holds[2]));
    QVERIFY(book.takeAlerts(80).isEmpty());
    for (const BudgetHold &h : holds)
        book.settle(h, h.amount);
    QVERIFY(book.takeAlerts(80).isEmpty());
    QVERIFY(book.takeAlerts(0).isEmpty()); // alerts off

    // The next day alerts again; the month (9.5 % + 9 %) does not.
    const qint64 day2 = day1 + kDayMs;
    BudgetHold h;
    QVERIFY(!reserveK(book, limits, 0.009, day2, h));
    alerts = book.takeAlerts(80);
    QCOMPARE(alerts.size(), 1);
    QCOMPARE(alerts[0].id, u"k"_s);
    QVERIFY(!alerts[0].monthly);
    QCOMPARE(alerts[0].percent, 90);
    QVERIFY(book.takeAlerts(80).isEmpty());
}

void tst_SpendBook::rBill3_alertOncePerMonth()
{
    SpendBook book;
    const qint64 at = utc(2026, 12, 30, 10);
    BudgetHold h;
    QVERIFY(!book.reserve(u"k"_s, {}, u"p"_s, monthly(0.01), 0.0095, at, h));
    QList<BudgetAlert> alerts = book.takeAlerts(90);
    QCOMPARE(alerts.size(), 1);
    QCOMPARE(scopeText(alerts[0].scope), u"project"_s);
    QCOMPARE(alerts[0].id, u"p"_s);
    QVERIFY(alerts[0].monthly);
    QCOMPARE(alerts[0].percent, 95);
    book.settle(h, 0.0095);
    // A new day of the same month: the month has alerted already.
    QVERIFY(!book.reserve(u"k"_s, {}, u"p"_s, monthly(0.01), 0.0005, at + kDayMs, h));
    QVERIFY(book.takeAlerts(90).isEmpty());
    book.settle(h, 0.0005);
    // The next month alerts again.
    QVERIFY(!book.reserve(u"k"_s, {}, u"p"_s, monthly(0.01), 0.01, utc(2027, 1, 1, 0), h));
    alerts = book.takeAlerts(90);
    QCOMPARE(alerts.size(), 1);
    QVERIFY(alerts[0].monthly);
    QCOMPARE(alerts[0].percent, 100);
}

void tst_SpendBook::rBill3_spendListsScopes()
{
    SpendBook book;
    const qint64 at = utc(2026, 12, 6);
    BudgetHold a, b;
    QVERIFY(!book.reserve(u"a"_s, daily(1.0), u"p"_s, monthly(2.0), 0.25, at, a));
    QVERIFY(!book.reserve(u"b"_s, {}, u"p"_s, monthly(2.0), 0.5, at, b));
    book.settle(a, 0.125);
    const QList<ScopeSpend> spend = book.spend(at);
    QCOMPARE(spend.size(), 3);
    const auto expect = [&](const ScopeSpend &want) {
        const ScopeSpend got = find(spend, want.scope, want.id);
        QCOMPARE(got.id, want.id);
        QCOMPARE(got.daySpent, want.daySpent);
        QCOMPARE(got.monthSpent, want.monthSpent);
        QCOMPARE(got.held, want.held);
        QCOMPARE(got.holds, want.holds);
        QVERIFY(got.limits == want.limits);
    };
    expect({ SpendScope::Key, u"a"_s, 0.125, 0.125, 0, 0, daily(1.0) });
    expect({ SpendScope::Key, u"b"_s, 0, 0, 0.5, 1, {} });
    expect({ SpendScope::Project, u"p"_s, 0.125, 0.125, 0.5, 1, monthly(2.0) });
    // Another day: the settled day is gone, the month stays.
    const ScopeSpend next = find(book.spend(at + kDayMs), SpendScope::Key, u"a"_s);
    QCOMPARE(next.daySpent, 0.0);
    QCOMPARE(next.monthSpent, 0.125);
}

void tst_SpendBook::rBill3_zeroBudgetRefusesEverything()
{
    const qint64 at = utc(2026, 12, 6);
    BudgetHold h;
    for (double amount : { 1.0, 0.000001, 1e-12, 0.0 }) {
        SpendBook book;
        std::optional<BudgetRefusal> r = reserveK(book, daily(0), amount, at, h);
        QVERIFY2(r, qPrintable(QString::number(amount)));
        QVERIFY(!r->monthly);
        r = reserveK(book, monthly(0), amount, at, h);
        QVERIFY2(r, qPrintable(QString::number(amount)));
        QVERIFY(r->monthly);
        r = book.reserve(u"k"_s, {}, u"p"_s, daily(0), amount, at, h);
        QVERIFY2(r, qPrintable(QString::number(amount)));
        QCOMPARE(scopeText(r->scope), u"project"_s);
    }
}

// Several gateways: a budget is also bounded by this instance's lease. Within the grant a hold is
// reserved; beyond it the call is unavailable for now (the lease grows within a second), or over
// the budget once every instance together has leased it.
void tst_SpendBook::rBill3_leasedBudgetHoldsWithinTheLease()
{
    const qint64 at = utc(2026, 12, 6);
    const SpendPeriod p = SpendPeriod::of(at);
    SpendBook book;
    book.setLeased(true);
    BudgetHold hold;
    std::optional<BudgetRefusal> r = reserveK(book, daily(1.0), 0.1, at, hold);
    QVERIFY(r && r->unavailable); // no lease yet
    QCOMPARE(r->retryAfterMs, 1000);
    book.setLeases(
        { BudgetLease { SpendScope::Key, u"k"_s, p.day, p.month, 0.25, 0, false, false } }, true,
        at);
    QVERIFY(!reserveK(book, daily(1.0), 0.1, at, hold));
    book.settle(hold, 0.1);
    QVERIFY(!reserveK(book, daily(1.0), 0.1, at, hold));
    BudgetHold second;
    r = reserveK(book, daily(1.0), 0.1, at, second); // 0.1 charged + 0.1 held + 0.1 > 0.25
    QVERIFY(r && r->unavailable);
    QCOMPARE(r->spent, 0.2);
    QCOMPARE(find(book.spend(at), SpendScope::Key, u"k"_s).largestHold, 0.1);
    QCOMPARE(find(book.spend(at), SpendScope::Key, u"k"_s).dayUsed, 0.1);
    // Every instance together has leased the budget: the call is over it, until the day ends.
    book.setLeases(
        { BudgetLease { SpendScope::Key, u"k"_s, p.day, p.month, 0.25, 0, true, false } }, true,
        at);
    r = reserveK(book, daily(1.0), 0.1, at, second);
    QVERIFY(r && !r->unavailable);
    QCOMPARE(r->retryAfterMs, utc(2026, 12, 7, 0) - at);
    // A project without a budget needs no lease.
    QVERIFY(!book.reserve(u"free"_s, {}, u"p"_s, {}, 0.1, at, second));
}

void tst_SpendBook::rBill3_leasedBudgetUnavailableWithoutTheDatabase()
{
    const qint64 at = utc(2026, 12, 6);
    const SpendPeriod p = SpendPeriod::of(at);
    SpendBook book;
    book.setLeased(true);
    const QList<BudgetLease> leases { BudgetLease { SpendScope::Key, u"k"_s, p.day, p.month, 1.0,
                                                    1.0, false, false } };
    book.setLeases(leases, false, at);
    BudgetHold hold;
    const std::optional<BudgetRefusal> r = reserveK(book, monthly(1.0), 0.1, at, hold);
    QVERIFY(r && r->unavailable);
    QVERIFY(!book.reserve(u"free"_s, {}, u"p"_s, {}, 0.1, at, hold)); // no budget: served
    book.setLeases(leases, true, at);
    QVERIFY(!reserveK(book, monthly(1.0), 0.1, at, hold));
}

void tst_SpendBook::rBill3_leaseOfAnEndedDayIsNoLease()
{
    const qint64 at = utc(2026, 12, 6);
    const SpendPeriod yesterday = SpendPeriod::of(at - kDayMs);
    SpendBook book;
    book.setLeased(true);
    book.setLeases({ BudgetLease { SpendScope::Key, u"k"_s, yesterday.day, yesterday.month, 1.0,
                                   1.0, false, false } },
                   true, at);
    BudgetHold hold;
    std::optional<BudgetRefusal> r = reserveK(book, daily(1.0), 0.1, at, hold);
    QVERIFY(r && r->unavailable);
    QVERIFY(!reserveK(book, monthly(1.0), 0.1, at, hold)); // the same month
}

QTEST_GUILESS_MAIN(tst_SpendBook)
#include "tst_spendbook.moc"
