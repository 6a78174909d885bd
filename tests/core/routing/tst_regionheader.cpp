#include "routing/regionheader.h"

#include <QTest>

using namespace Qt::StringLiterals;

class tst_RegionHeader : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parse_R_REG_6_data();
    void parse_R_REG_6();
    void noHeaderIsNullopt_R_REG_6();
};

void tst_RegionHeader::parse_R_REG_6_data()
{
    QTest::addColumn<QStringList>("lines");
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QString>("error"); // empty: accepted

    const QString p = u"x-gateway-model-regions: "_s;
    QTest::newRow("two names") << QStringList { u"eu-west-1,eu-central-1"_s }
                               << QStringList { u"eu-west-1"_s, u"eu-central-1"_s } << QString();
    QTest::newRow("spaces around commas ignored")
        << QStringList { u"  us-east-1 ,  us_west_2  "_s }
        << QStringList { u"us-east-1"_s, u"us_west_2"_s } << QString();
    QTest::newRow("several lines form one list")
        << QStringList { u"a"_s, u"b, c"_s } << QStringList { u"a"_s, u"b"_s, u"c"_s } << QString();
    QTest::newRow("case kept") << QStringList { u"US-East-1"_s } << QStringList { u"US-East-1"_s }
                               << QString();
    QTest::newRow("duplicates allowed")
        << QStringList { u"a,a"_s } << QStringList { u"a"_s, u"a"_s } << QString();
    QStringList thirtyTwo;
    for (int i = 0; i < 32; ++i)
        thirtyTwo << u"r%1"_s.arg(i);
    QTest::newRow("32 names") << QStringList { thirtyTwo.join(u',') } << thirtyTwo << QString();
    QTest::newRow("33 names") << QStringList { (thirtyTwo + QStringList { u"r32"_s }).join(u',') }
                              << QStringList() << p + u"more than 32 names"_s;
    QTest::newRow("duplicates count toward 32") << QStringList { thirtyTwo.join(u','), u"r0"_s }
                                                << QStringList() << p + u"more than 32 names"_s;
    QTest::newRow("dot") << QStringList { u"eu.west.1"_s } << QStringList()
                         << p + u"invalid region name \"eu.west.1\""_s;
    QTest::newRow("inner space") << QStringList { u"us east"_s } << QStringList()
                                 << p + u"invalid region name \"us east\""_s;
    QTest::newRow("64 characters")
        << QStringList { QString(64, u'a') } << QStringList { QString(64, u'a') } << QString();
    QTest::newRow("65 characters") << QStringList { QString(65, u'a') } << QStringList()
                                   << p + u"invalid region name \"%1\""_s.arg(QString(65, u'a'));
    QTest::newRow("empty value") << QStringList { u""_s } << QStringList() << p + u"empty value"_s;
    QTest::newRow("blank value") << QStringList { u"   "_s } << QStringList()
                                 << p + u"empty value"_s;
    QTest::newRow("empty element")
        << QStringList { u"a,,b"_s } << QStringList() << p + u"empty element"_s;
    QTest::newRow("trailing comma")
        << QStringList { u"a, "_s } << QStringList() << p + u"empty element"_s;
    QTest::newRow("non-ascii letter") << QStringList { u"eu-wést"_s } << QStringList()
                                      << p + u"invalid region name \"eu-wést\""_s;
}

void tst_RegionHeader::parse_R_REG_6()
{
    QFETCH(QStringList, lines);
    QFETCH(QStringList, names);
    QFETCH(QString, error);
    const auto r = Routing::parseRegionHeader(lines);
    if (error.isEmpty()) {
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().message));
        QVERIFY(r.value().has_value());
        QCOMPARE(*r.value(), names);
    } else {
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, u"invalid_region_header"_s);
        QCOMPARE(r.error().message, error);
    }
}

void tst_RegionHeader::noHeaderIsNullopt_R_REG_6()
{
    const auto r = Routing::parseRegionHeader({});
    QVERIFY(r.ok());
    QVERIFY(!r.value().has_value());
}

QTEST_GUILESS_MAIN(tst_RegionHeader)
#include "tst_regionheader.moc"
