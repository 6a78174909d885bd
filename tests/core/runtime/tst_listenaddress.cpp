// The one --listen parser of both programs (R-SEC-1: loopback unless chosen otherwise).
#include "runtime/listenaddress.h"

#include <QTest>

using namespace Qt::StringLiterals;

class tst_ListenAddress : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void accepted_R_SEC_1_data();
    void accepted_R_SEC_1();
    void refusedWithReason_data();
    void refusedWithReason();
    void defaultIsLoopback_R_SEC_1();
};

void tst_ListenAddress::accepted_R_SEC_1_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("address");
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("shown");
    QTest::newRow("IPv4") << u"127.0.0.1:8640"_s << u"127.0.0.1"_s << 8640 << u"127.0.0.1:8640"_s;
    QTest::newRow("IPv6 in brackets") << u"[::1]:8640"_s << u"::1"_s << 8640 << u"[::1]:8640"_s;
    QTest::newRow("IPv6 without brackets") << u"::1:8641"_s << u"::1"_s << 8641 << u"[::1]:8641"_s;
    QTest::newRow("localhost") << u"localhost:8640"_s << u"127.0.0.1"_s << 8640
                               << u"127.0.0.1:8640"_s;
    QTest::newRow("LOCALHOST") << u"LOCALHOST:1"_s << u"127.0.0.1"_s << 1 << u"127.0.0.1:1"_s;
    QTest::newRow("every interface") << u"0.0.0.0:80"_s << u"0.0.0.0"_s << 80 << u"0.0.0.0:80"_s;
    QTest::newRow("IPv6 any") << u"[::]:8640"_s << u"::"_s << 8640 << u"[::]:8640"_s;
    QTest::newRow("any free port") << u"127.0.0.1:0"_s << u"127.0.0.1"_s << 0 << u"127.0.0.1:0"_s;
    QTest::newRow("highest port") << u"127.0.0.1:65535"_s << u"127.0.0.1"_s << 65535
                                  << u"127.0.0.1:65535"_s;
    QTest::newRow("spaces around")
        << u" 127.0.0.1:8640 "_s << u"127.0.0.1"_s << 8640 << u"127.0.0.1:8640"_s;
}

void tst_ListenAddress::accepted_R_SEC_1()
{
    QFETCH(QString, text);
    QFETCH(QString, address);
    QFETCH(int, port);
    QFETCH(QString, shown);
    const auto parsed = Runtime::parseListenAddress(text);
    QVERIFY2(parsed, qPrintable(parsed ? QString() : parsed.error().message));
    QCOMPARE(parsed->address, QHostAddress(address));
    QCOMPARE(int(parsed->port), port);
    QCOMPARE(parsed->text(), shown);
}

void tst_ListenAddress::refusedWithReason_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("reason");
    QTest::newRow("empty") << u""_s << u"is empty"_s;
    QTest::newRow("no port") << u"127.0.0.1"_s << u"has no port"_s;
    QTest::newRow("localhost without port") << u"localhost"_s << u"has no port"_s;
    QTest::newRow("no host") << u":8640"_s << u"has no host"_s;
    QTest::newRow("empty brackets") << u"[]:8640"_s << u"has no host"_s;
    QTest::newRow("port too big") << u"127.0.0.1:65536"_s << u"not a number from 0 to 65535"_s;
    QTest::newRow("port not a number") << u"127.0.0.1:http"_s << u"not a number from 0 to 65535"_s;
    QTest::newRow("signed port") << u"127.0.0.1:+80"_s << u"not a number from 0 to 65535"_s;
    QTest::newRow("empty port") << u"127.0.0.1:"_s << u"not a number from 0 to 65535"_s;
    QTest::newRow("host name") << u"example.com:8640"_s << u"neither an IP address nor localhost"_s;
    QTest::newRow("unclosed bracket") << u"[::1:8640"_s << u"does not close"_s;
    QTest::newRow("bracket without port") << u"[::1]"_s << u"no :PORT after"_s;
    QTest::newRow("bad IPv6") << u"[::g]:8640"_s << u"neither an IP address nor localhost"_s;
}

void tst_ListenAddress::refusedWithReason()
{
    QFETCH(QString, text);
    QFETCH(QString, reason);
    const auto parsed = Runtime::parseListenAddress(text);
    QVERIFY(!parsed);
    QCOMPARE(parsed.error().code, u"cli.listen"_s);
    const QString message = parsed.error().message;
    QVERIFY2(message.startsWith(u"--listen wants HOST:PORT"_s), qPrintable(message));
    QVERIFY2(message.contains(u'"' + text.trimmed() + u'"'), qPrintable(message));
    QVERIFY2(message.contains(reason), qPrintable(message));
}

void tst_ListenAddress::defaultIsLoopback_R_SEC_1()
{
    const Runtime::ListenAddress address;
    QVERIFY(address.address.isLoopback());
    QCOMPARE(address.text(), u"127.0.0.1:8640"_s);
}

QTEST_GUILESS_MAIN(tst_ListenAddress)
#include "tst_listenaddress.moc"
