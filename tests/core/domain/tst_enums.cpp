#include "domain/enums.h"
#include "domain/receipt.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Domain;

class tst_Enums : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void skipReasonsRoundTrip_R_PLAN_4_data();
    void skipReasonsRoundTrip_R_PLAN_4();
    void unknownNamesAreRejected();
};

void tst_Enums::skipReasonsRoundTrip_R_PLAN_4_data()
{
    QTest::addColumn<QString>("name");
    const QStringList names { u"disabled"_s,
                              u"cannot_serve"_s,
                              u"out_of_region"_s,
                              u"cooling_down"_s,
                              u"uncertified"_s,
                              u"policy_denied"_s,
                              u"no_zdr"_s,
                              u"no_training"_s,
                              u"below_min_precision"_s,
                              u"unreliable_tools"_s,
                              u"unreliable_structured_output"_s };
    for (const QString &n : names)
        QTest::newRow(qPrintable(n)) << n;
}

void tst_Enums::skipReasonsRoundTrip_R_PLAN_4()
{
    QFETCH(QString, name);
    const auto reason = skipReasonFromString(name);
    QVERIFY(reason.has_value());
    QCOMPARE(toString(*reason), name);
}

void tst_Enums::unknownNamesAreRejected()
{
    QVERIFY(!skipReasonFromString(u"nope"_s));
    QVERIFY(!precisionFromString(u"FP8"_s));
    QVERIFY(precisionFromString(u"fp8"_s) == Precision::Fp8);
    QVERIFY(precisionRank(Precision::Bf16) > precisionRank(Precision::Fp8));
    QCOMPARE(toString(StatusClass::RetriedOk), u"retried_ok"_s);
}

QTEST_GUILESS_MAIN(tst_Enums)
#include "tst_enums.moc"
