#include "util/progress.h"

#include <QTest>

// The time left of long work, from the rate since its first report; times are passed in.
class tst_ProgressEstimate : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void estimates_data();
    void estimates();
    void resetStartsAgain();
};

using Reports = QList<std::array<qint64, 3>>; // now ms, done, total

void tst_ProgressEstimate::estimates_data()
{
    QTest::addColumn<Reports>("reports");
    QTest::addColumn<QList<qint64>>("left");
    QTest::newRow("steady rate") << Reports { { 0, 0, 100 }, { 1000, 10, 100 }, { 2000, 20, 100 } }
                                 << QList<qint64> { -1, 9000, 8000 };
    // The work before the first report is not timed: its rate starts there.
    QTest::newRow("first report mid-way")
        << Reports { { 500, 40, 100 }, { 1500, 50, 100 } } << QList<qint64> { -1, 5000 };
    QTest::newRow("no time passed")
        << Reports { { 0, 0, 10 }, { 0, 5, 10 } } << QList<qint64> { -1, -1 };
    QTest::newRow("nothing done yet")
        << Reports { { 0, 0, 10 }, { 800, 0, 10 } } << QList<qint64> { -1, -1 };
    QTest::newRow("done") << Reports { { 0, 0, 10 }, { 800, 10, 10 } } << QList<qint64> { -1, 0 };
    // A count that goes back below the start (a new pass) starts the rate again.
    QTest::newRow("count went back")
        << Reports { { 0, 5, 10 }, { 100, 7, 10 }, { 200, 1, 10 }, { 300, 2, 10 } }
        << QList<qint64> { -1, 150, -1, 800 };
}

void tst_ProgressEstimate::estimates()
{
    QFETCH(Reports, reports);
    QFETCH(QList<qint64>, left);
    Util::ProgressEstimate estimate;
    QList<qint64> got;
    for (const auto &[now, done, total] : reports)
        got << estimate.update(now, done, total);
    QCOMPARE(got, left);
}

void tst_ProgressEstimate::resetStartsAgain()
{
    Util::ProgressEstimate estimate;
    estimate.update(0, 0, 100);
    QCOMPARE(estimate.update(1000, 50, 100), 1000);
    estimate.reset();
    QCOMPARE(estimate.update(5000, 50, 100), -1);
    QCOMPARE(estimate.update(6000, 60, 100), 4000);
}

QTEST_GUILESS_MAIN(tst_ProgressEstimate)
#include "tst_progressestimate.moc"
