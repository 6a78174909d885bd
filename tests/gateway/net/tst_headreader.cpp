#include "net/headreader.h"

#include <QTest>

using Gateway::HeadReader;

// How both HTTP/1.1 ends gather a message head from llhttp's pieces: names and values joined
// across reads, every byte counted against the head's bound (R-SEC-2: 431 for a caller, an
// undecodable answer for an upstream).
class tst_HeadReader : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void piecesJoinIntoOneHeader();
    void nextNameStartsAfterAValue();
    void boundCountsEveryByte_R_SEC_2_data();
    void boundCountsEveryByte_R_SEC_2();
    void beginForgetsTheLastMessage();
};

void tst_HeadReader::piecesJoinIntoOneHeader()
{
    HeadReader head(1024);
    head.begin();
    QVERIFY(head.addName("Content-"));
    QVERIFY(head.addName("Type"));
    QVERIFY(head.addValue(" application/"));
    QVERIFY(head.addValue("json  "));
    QCOMPARE(head.name(), QByteArray("Content-Type"));
    QCOMPARE(head.takeValue(), QByteArray("application/json")); // trimmed
}

void tst_HeadReader::nextNameStartsAfterAValue()
{
    HeadReader head(1024);
    head.begin();
    QVERIFY(head.addName("Host"));
    QVERIFY(head.addValue("a"));
    head.dropValue();
    QVERIFY(head.addName("X-"));
    QVERIFY(head.addName("Id"));
    QVERIFY(head.addValue("7"));
    QCOMPARE(head.name(), QByteArray("X-Id"));
    QCOMPARE(head.takeValue(), QByteArray("7")); // nothing of the dropped value
}

void tst_HeadReader::boundCountsEveryByte_R_SEC_2_data()
{
    QTest::addColumn<int>("target"); // bytes of the request target, counted as well
    QTest::addColumn<bool>("within");
    // "Name" + "value" is 9 bytes against a bound of 12.
    QTest::newRow("at the bound") << 3 << true;
    QTest::newRow("one byte over") << 4 << false;
}

void tst_HeadReader::boundCountsEveryByte_R_SEC_2()
{
    QFETCH(int, target);
    QFETCH(bool, within);
    HeadReader head(12);
    head.begin();
    QVERIFY(head.count(target));
    QVERIFY(head.addName("Name"));
    QCOMPARE(head.addValue("value"), within);
    QCOMPARE(head.tooLarge(), !within);
}

void tst_HeadReader::beginForgetsTheLastMessage()
{
    HeadReader head(10);
    head.begin();
    QVERIFY(!head.addName("A-very-long-name"));
    QVERIFY(head.tooLarge());
    head.begin();
    QVERIFY(!head.tooLarge());
    QVERIFY(head.addName("B"));
    QCOMPARE(head.name(), QByteArray("B"));
}

QTEST_MAIN(tst_HeadReader)
#include "tst_headreader.moc"
