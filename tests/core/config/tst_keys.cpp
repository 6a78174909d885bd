#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QTimeZone>
#include <config/keys.h>

using namespace Qt::StringLiterals;

class tst_Keys : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void hashIsSha256Hex_R_SEC_3_data();
    void hashIsSha256Hex_R_SEC_3();
    void makeKeyShape_R_SEC_3();
    void secretsDiffer_R_SEC_3();
};

void tst_Keys::hashIsSha256Hex_R_SEC_3_data()
{
    QTest::addColumn<QString>("secret");
    QTest::addColumn<QString>("hex");
    // Reference digests: FIPS 180-2 test vectors.
    QTest::newRow("empty") << QString()
                           << u"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"_s;
    QTest::newRow("abc") << u"abc"_s
                         << u"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"_s;
}

void tst_Keys::hashIsSha256Hex_R_SEC_3()
{
    QFETCH(QString, secret);
    QFETCH(QString, hex);
    QCOMPARE(Config::hashKey(secret), hex);
}

void tst_Keys::makeKeyShape_R_SEC_3()
{
    const QDateTime now(QDate(2026, 11, 29), QTime(19, 0), QTimeZone::utc());
    const Config::NewKey k = Config::makeKey(u"research"_s, u"ci-bot"_s, now);
    static const QRegularExpression secretShape(u"^sb-[A-Za-z0-9_-]{40}$"_s);
    static const QRegularExpression idShape(u"^key_[0-9a-f]{12}$"_s);
    QVERIFY2(secretShape.match(k.secret).hasMatch(), qPrintable(k.secret));
    QVERIFY2(idShape.match(k.key.id).hasMatch(), qPrintable(k.key.id));
    QCOMPARE(k.key.prefix, k.secret.left(10));
    QCOMPARE(k.key.sha256Hex, Config::hashKey(k.secret));
    QCOMPARE(k.key.project, u"research"_s);
    QCOMPARE(k.key.name, u"ci-bot"_s);
    QCOMPARE(k.key.createdAt, now);
    QVERIFY(!k.key.revoked);
}

void tst_Keys::secretsDiffer_R_SEC_3()
{
    QSet<QString> secrets;
    QSet<QString> ids;
    for (int i = 0; i < 50; ++i) {
        const Config::NewKey k = Config::makeKey(u"default"_s, u"k"_s, QDateTime());
        secrets.insert(k.secret);
        ids.insert(k.key.id);
    }
    QCOMPARE(secrets.size(), 50);
    QCOMPARE(ids.size(), 50);
}

QTEST_GUILESS_MAIN(tst_Keys)
#include "tst_keys.moc"
