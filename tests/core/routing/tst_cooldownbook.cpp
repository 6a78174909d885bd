#include "routing/cooldownbook.h"

#include <QTest>

using namespace Qt::StringLiterals;
using Routing::CooldownBook;

class tst_CooldownBook : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void extendsNeverShortens_R_REC_2_data();
    void extendsNeverShortens_R_REC_2();
    void expiresWithoutSweep_R_REC_2();
    void drainUntilReenabled_R_UI_11();
    void activeListsCoolingAndDrained_R_OBS_1();
    void sharedUntilAFailureHereExtendsIt_R_REC_2();
};

void tst_CooldownBook::extendsNeverShortens_R_REC_2_data()
{
    QTest::addColumn<QList<qint64>>("failAt"); // now of each failure
    QTest::addColumn<QList<qint64>>("cooldown"); // cooldown of each failure
    QTest::addColumn<QList<qint64>>("retryAfter"); // Retry-After of each failure
    QTest::addColumn<qint64>("remainingAt0"); // remaining at t = 0 after all of them

    QTest::newRow("plain cooldown")
        << QList<qint64> { 0 } << QList<qint64> { 5000 } << QList<qint64> { 0 } << qint64(5000);
    QTest::newRow("second failure extends")
        << QList<qint64> { -3000, 0 } << QList<qint64> { 5000, 5000 } << QList<qint64> { 0, 0 }
        << qint64(5000);
    QTest::newRow("shorter cooldown does not shorten")
        << QList<qint64> { 0, 0 } << QList<qint64> { 10000, 1000 } << QList<qint64> { 0, 0 }
        << qint64(10000);
    QTest::newRow("Retry-After extends past cooldown")
        << QList<qint64> { 0 } << QList<qint64> { 5000 } << QList<qint64> { 30000 }
        << qint64(30000);
    QTest::newRow("Retry-After capped at 120 s (R-REC-5)")
        << QList<qint64> { 0 } << QList<qint64> { 5000 } << QList<qint64> { 600000 }
        << qint64(120000);
    QTest::newRow("zero cooldown")
        << QList<qint64> { 0 } << QList<qint64> { 0 } << QList<qint64> { 0 } << qint64(0);
}

void tst_CooldownBook::extendsNeverShortens_R_REC_2()
{
    QFETCH(QList<qint64>, failAt);
    QFETCH(QList<qint64>, cooldown);
    QFETCH(QList<qint64>, retryAfter);
    QFETCH(qint64, remainingAt0);
    CooldownBook book;
    for (qsizetype i = 0; i < failAt.size(); ++i)
        book.fail(u"c/m"_s, failAt[i], cooldown[i], retryAfter[i]);
    QCOMPARE(book.remainingMs(u"c/m"_s, 0), remainingAt0);
    QCOMPARE(book.coolingDown(u"c/m"_s, 0), remainingAt0 > 0);
    QVERIFY(!book.coolingDown(u"other/m"_s, 0));
}

void tst_CooldownBook::expiresWithoutSweep_R_REC_2()
{
    CooldownBook book;
    book.fail(u"c/m"_s, 1000, 5000);
    QVERIFY(book.coolingDown(u"c/m"_s, 5999));
    QVERIFY(!book.coolingDown(u"c/m"_s, 6000));
    QCOMPARE(book.remainingMs(u"c/m"_s, 7000), qint64(0));
    book.prune(7000);
    QVERIFY(book.active(7000).isEmpty());
}

void tst_CooldownBook::drainUntilReenabled_R_UI_11()
{
    CooldownBook book;
    book.drain(u"c/m"_s, 0);
    QVERIFY(book.coolingDown(u"c/m"_s, 10'000'000));
    QVERIFY(book.drained(u"c/m"_s));
    QCOMPARE(book.remainingMs(u"c/m"_s, 0), qint64(-1));
    book.reenable(u"c/m"_s);
    QVERIFY(!book.coolingDown(u"c/m"_s, 0));
    QVERIFY(!book.drained(u"c/m"_s));
}

void tst_CooldownBook::activeListsCoolingAndDrained_R_OBS_1()
{
    CooldownBook book;
    book.fail(u"b/m"_s, 0, 5000, 0, Domain::ErrorClass::AuthFailed);
    book.fail(u"b/m"_s, 0, 5000);
    book.fail(u"old/m"_s, -10000, 5000);
    book.drain(u"a/m"_s, 0);
    const auto active = book.active(1000);
    QCOMPARE(active.size(), 2);
    QCOMPARE(active[0].key, u"a/m"_s);
    QVERIFY(active[0].drained);
    QCOMPARE(active[1].key, u"b/m"_s);
    QCOMPARE(active[1].remainingMs, qint64(4000));
    QCOMPARE(active[1].failures, 2);
}

void tst_CooldownBook::sharedUntilAFailureHereExtendsIt_R_REC_2()
{
    CooldownBook book;
    book.share(u"c/m"_s, 0, 5000, Domain::ErrorClass::RateLimited);
    QVERIFY(book.coolingDown(u"c/m"_s, 4999));
    QList<Routing::CooldownEntry> active = book.active(0);
    QCOMPARE(active.size(), 1);
    QVERIFY(active[0].shared);
    QCOMPARE(active[0].failures, 0); // nothing failed here
    QVERIFY(active[0].lastError == Domain::ErrorClass::RateLimited);
    // A shorter one from elsewhere, or a failure here that ends earlier, changes nothing.
    book.share(u"c/m"_s, 0, 1000);
    book.fail(u"c/m"_s, 0, 3000);
    QCOMPARE(book.remainingMs(u"c/m"_s, 0), qint64(5000));
    QVERIFY(book.active(0)[0].shared);
    // A failure here that ends later makes the cooldown this book's own.
    book.fail(u"c/m"_s, 1000, 6000);
    active = book.active(1000);
    QCOMPARE(active[0].remainingMs, qint64(6000));
    QVERIFY(!active[0].shared);
    // A drain heard of is shared; one by hand here is not.
    book.drain(u"d/m"_s, 0, true);
    QVERIFY(book.active(0)[1].shared);
    book.drain(u"d/m"_s, 0);
    QVERIFY(!book.active(0)[1].shared);
    book.share(u"never/m"_s, 0, 0); // nothing left of it: no entry
    QCOMPARE(book.active(0).size(), 2);
}

QTEST_GUILESS_MAIN(tst_CooldownBook)
#include "tst_cooldownbook.moc"
