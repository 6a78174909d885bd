#include "domain/upstreamerror.h"

#include <QTest>

using namespace Qt::StringLiterals;
using Domain::UpstreamError;

Q_DECLARE_METATYPE(UpstreamError)

// The one reader of upstream error bodies: the classifier's pass-through (R-ERR-1), the
// content-refusal check (R-REC-8) and stream error events (R-STR-*) all read through it.
class tst_UpstreamError : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void shapes_R_ERR_1_data();
    void shapes_R_ERR_1();
};

void tst_UpstreamError::shapes_R_ERR_1_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<UpstreamError>("expected");
    QTest::newRow("openai") << QByteArray(
        R"({"error":{"message":"Bad tool","type":"invalid_request_error","code":"bad_tool"}})")
                            << UpstreamError { u"bad_tool"_s, u"invalid_request_error"_s,
                                               u"Bad tool"_s };
    QTest::newRow("openai null code")
        << QByteArray(R"({"error":{"message":"Nope","type":"invalid_request_error","code":null}})")
        << UpstreamError { {}, u"invalid_request_error"_s, u"Nope"_s };
    QTest::newRow("anthropic") << QByteArray(
        R"({"type":"error","error":{"type":"overloaded_error","message":"Busy"}})")
                               << UpstreamError { {}, u"overloaded_error"_s, u"Busy"_s };
    QTest::newRow("bare string") << QByteArray(R"({"error":"Something broke"})")
                                 << UpstreamError { {}, {}, u"Something broke"_s };
    QTest::newRow("not json") << QByteArray("<html>502</html>") << UpstreamError {};
    QTest::newRow("no error") << QByteArray(R"({"id":"x"})") << UpstreamError {};
}

void tst_UpstreamError::shapes_R_ERR_1()
{
    QFETCH(QByteArray, body);
    QFETCH(UpstreamError, expected);
    const UpstreamError got = Domain::parseUpstreamError(body);
    QCOMPARE(got.code, expected.code);
    QCOMPARE(got.type, expected.type);
    QCOMPARE(got.message, expected.message);
}

QTEST_GUILESS_MAIN(tst_UpstreamError)
#include "tst_upstreamerror.moc"
