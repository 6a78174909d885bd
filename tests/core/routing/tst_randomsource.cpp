#include "routing/randomsource.h"

#include <QTest>

class tst_RandomSource : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void seededIsReproducible_R_PLAN_1();
    void uniformStaysInUnitInterval_R_PLAN_1();
};

void tst_RandomSource::seededIsReproducible_R_PLAN_1()
{
    Routing::SeededRandom a(42), b(42), c(43);
    bool differs = false;
    for (int i = 0; i < 100; ++i) {
        const double x = a.uniform();
        QCOMPARE(b.uniform(), x);
        differs = differs || c.uniform() != x;
    }
    QVERIFY(differs);
}

void tst_RandomSource::uniformStaysInUnitInterval_R_PLAN_1()
{
    Routing::SeededRandom r(7);
    double sum = 0;
    constexpr int kDraws = 100000;
    for (int i = 0; i < kDraws; ++i) {
        const double x = r.uniform();
        QVERIFY(x >= 0.0 && x < 1.0);
        sum += x;
    }
    QVERIFY(std::abs(sum / kDraws - 0.5) < 0.01); // fixed seed: a stated tolerance, not luck
}

QTEST_GUILESS_MAIN(tst_RandomSource)
#include "tst_randomsource.moc"
