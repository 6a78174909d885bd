#include "domain/connection.h"
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
    void simulatorApiNames_R_XLAT_1();
    void effectiveDialect_R_XLAT_1_data();
    void effectiveDialect_R_XLAT_1();
};

Q_DECLARE_METATYPE(Domain::Dialect)
Q_DECLARE_METATYPE(Domain::SimulatorApi)

void tst_Enums::simulatorApiNames_R_XLAT_1()
{
    const QList<std::pair<SimulatorApi, QString>> names { { SimulatorApi::Both, u"both"_s },
                                                          { SimulatorApi::OpenAi, u"openai"_s },
                                                          { SimulatorApi::Anthropic,
                                                            u"anthropic"_s } };
    for (const auto &[api, name] : names) {
        QCOMPARE(toString(api), name);
        QVERIFY(simulatorApiFromString(name) == api);
    }
    QVERIFY(!simulatorApiFromString(u"OpenAI"_s));
    QVERIFY(SimulatorSettings {}.api == SimulatorApi::Both);
}

// A simulator that speaks one API counts as a connection of that API; any other connection is
// its kind, whatever its (unused) simulator settings say.
void tst_Enums::effectiveDialect_R_XLAT_1_data()
{
    QTest::addColumn<Dialect>("kind");
    QTest::addColumn<SimulatorApi>("api");
    QTest::addColumn<Dialect>("expected");
    QTest::newRow("simulator, both")
        << Dialect::Simulator << SimulatorApi::Both << Dialect::Simulator;
    QTest::newRow("simulator, openai")
        << Dialect::Simulator << SimulatorApi::OpenAi << Dialect::OpenAi;
    QTest::newRow("simulator, anthropic")
        << Dialect::Simulator << SimulatorApi::Anthropic << Dialect::Anthropic;
    QTest::newRow("openai") << Dialect::OpenAi << SimulatorApi::Anthropic << Dialect::OpenAi;
    QTest::newRow("azure") << Dialect::AzureOpenAi << SimulatorApi::Both << Dialect::AzureOpenAi;
    QTest::newRow("anthropic") << Dialect::Anthropic << SimulatorApi::OpenAi << Dialect::Anthropic;
}

void tst_Enums::effectiveDialect_R_XLAT_1()
{
    QFETCH(Dialect, kind);
    QFETCH(SimulatorApi, api);
    QFETCH(Dialect, expected);
    Connection c;
    c.kind = kind;
    c.simulator.api = api;
    QCOMPARE(toString(effectiveDialect(c)), toString(expected));
}

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
