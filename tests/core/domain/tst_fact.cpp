#include "domain/fact.h"
#include "util/jsonliteral.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Domain;

// A receipt's facts as stored (R-RCPT-1): the receipt writer encodes them without building a
// QJsonDocument, and must write exactly what the document would, so that every stored receipt
// reads back the same.
class tst_Fact : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void stringLiteralIsTheDocuments_data();
    void stringLiteralIsTheDocuments();
    void encodedFactIsTheDocuments_data();
    void encodedFactIsTheDocuments();
    void onlyAnEncodedFactDecodes_R_RCPT_1_data();
    void onlyAnEncodedFactDecodes_R_RCPT_1();
};

void tst_Fact::stringLiteralIsTheDocuments_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("plain") << u"eu-west-1"_s;
    QTest::newRow("empty") << QString();
    QTest::newRow("quotes and backslash") << u"say \"hi\" \\ bye"_s;
    QTest::newRow("control characters") << QString::fromUtf16(u"\b\f\n\r\t\x01\x1f\x7f end");
    QTest::newRow("accents and CJK") << u"café 東京"_s;
    QTest::newRow("outside the BMP") << u"model 🚀"_s;
    QTest::newRow("lone high surrogate") << QString(QChar(0xd83d)) + u"x"_s;
    QTest::newRow("lone low surrogate at the end") << u"x"_s + QChar(0xde80);
    QTest::newRow("reversed pair") << QString(QChar(0xde80)) + QChar(0xd83d);
}

void tst_Fact::stringLiteralIsTheDocuments()
{
    QFETCH(QString, text);
    QByteArray ours;
    Util::appendJsonString(ours, text);
    const QByteArray document = QJsonDocument(QJsonArray { text }).toJson(QJsonDocument::Compact);
    QCOMPARE(ours, document.mid(1, document.size() - 2));
}

void tst_Fact::encodedFactIsTheDocuments_data()
{
    QTest::addColumn<Fact>("value");
    QTest::newRow("no args") << fact(FactCode::PooledDeployment);
    QTest::newRow("numbers") << fact(FactCode::OverviewRecovery,
                                     { qint64(1), qint64(3), qint64(30000), qint64(1000000),
                                       qint64(-250), qint64(0), qint64(1) << 60 });
    QTest::newRow("names and lists")
        << fact(FactCode::OverviewPool,
                { u"a \"quoted\" deployment"_s, QStringList { u"eu-west-1"_s, u"東京"_s } });
    QTest::newRow("empty list") << fact(FactCode::OverviewPool, { u"p"_s, QStringList() });
    QTest::newRow("causes, nested")
        << fact(FactCode::OverviewRecovery, { qint64(2) },
                { fact(FactCode::ConnectTimeoutIs, { qint64(10000) }),
                  fact(FactCode::StreamIdleTimeoutIs, { qint64(30000) },
                       { fact(FactCode::ConnectionOff, { u"conn\n1"_s }) }) });
    QTest::newRow("an empty cause") << fact(FactCode::PooledDeployment, {}, { Fact() });
}

void tst_Fact::encodedFactIsTheDocuments()
{
    QFETCH(Fact, value);
    const QString document = QString::fromUtf8(
        QJsonDocument(factToJson(value).toObject()).toJson(QJsonDocument::Compact));
    QCOMPARE(encodeFact(value), document);
    const Fact back = decodeFact(encodeFact(value));
    QCOMPARE(encodeFact(back), document);
}

void tst_Fact::onlyAnEncodedFactDecodes_R_RCPT_1_data()
{
    QTest::addColumn<QString>("stored");
    QTest::newRow("empty") << QString();
    QTest::newRow("a sentence") << u"retried: 503 is transient"_s;
    QTest::newRow("a brace, then words") << u"{not json} served"_s;
    QTest::newRow("an object of no known code") << uR"({"code":"no_such_code"})"_s;
    QTest::newRow("an array") << uR"([{"code":"pooled_deployment"}])"_s;
}

// Every receipt ever written by a released package holds facts: anything else is no fact.
void tst_Fact::onlyAnEncodedFactDecodes_R_RCPT_1()
{
    QFETCH(QString, stored);
    QVERIFY(decodeFact(stored).isEmpty());
    QCOMPARE(factFromJson(QJsonValue(stored)), Fact());
    QCOMPARE(encodeFact(Fact()), QString());
    QCOMPARE(factToJson(Fact()), QJsonValue(QJsonValue::Null));
}

QTEST_GUILESS_MAIN(tst_Fact)
#include "tst_fact.moc"
