#include "routing/outcome.h"

#include <QCoreApplication>
#include <QTest>
#include <QTranslator>

using namespace Qt::StringLiterals;
using Routing::AttemptOutcome;
using Phase = Routing::AttemptOutcome::Phase;
using Domain::ErrorClass;

Q_DECLARE_METATYPE(Routing::AttemptOutcome)

class tst_Outcome : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void classify_R_REC_7_8_data();
    void classify_R_REC_7_8();
    void mapFinalError_R_ERR_1_data();
    void mapFinalError_R_ERR_1();
    void parseRetryAfter_R_REC_5_data();
    void parseRetryAfter_R_REC_5();
    void backoff_R_REC_4_data();
    void backoff_R_REC_4();
    void passedThroughAsSent_R_DET_data();
    void passedThroughAsSent_R_DET();
    void streamErrorEventQuoted_R_DET();
    void callerErrorsStayEnglishWhateverTheStudioLanguage_R_API_2();

private:
    static void addRows(bool withServed);
    static void addRetryableRows();
    static void addFinalRows();
};

namespace {

AttemptOutcome status(int s, QByteArray body = {}, Phase phase = Phase::AfterStatus)
{
    AttemptOutcome o;
    o.phase = phase;
    o.httpStatus = s;
    o.errorBody = std::move(body);
    return o;
}

AttemptOutcome transport(ErrorClass c, Phase phase = Phase::BeforeStatus, int s = 0)
{
    AttemptOutcome o;
    o.phase = phase;
    o.transport = c;
    o.httpStatus = s;
    return o;
}

} // namespace

// One row per SPEC case: outcome → class, retryable, cools down, caller status and code.
void tst_Outcome::addRows(bool withServed)
{
    QTest::addColumn<AttemptOutcome>("outcome");
    QTest::addColumn<QString>("errorClass");
    QTest::addColumn<bool>("retryable");
    QTest::addColumn<bool>("coolsDown");
    QTest::addColumn<int>("callerStatus");
    QTest::addColumn<QString>("callerCode");
    addRetryableRows();
    addFinalRows();
    AttemptOutcome served = status(200);
    served.served = true;
    if (withServed)
        QTest::newRow("served") << served << u"none"_s << false << false << 0 << QString();
}

// R-REC-7: retried while nothing of an answer exists; the last one maps per R-ERR-1.
void tst_Outcome::addRetryableRows()
{
    QTest::newRow("429") << status(429) << u"rate_limited"_s << true << true << 429
                         << u"upstream_rate_limited"_s;
    QTest::newRow("408") << status(408) << u"request_timeout"_s << true << true << 503
                         << u"no_healthy_route"_s;
    QTest::newRow("500") << status(500) << u"server_error"_s << true << true << 503
                         << u"no_healthy_route"_s;
    QTest::newRow("502") << status(502) << u"server_error"_s << true << true << 503
                         << u"no_healthy_route"_s;
    QTest::newRow("503") << status(503) << u"overloaded"_s << true << true << 503
                         << u"no_healthy_route"_s;
    QTest::newRow("529 overload") << status(529) << u"overloaded"_s << true << true << 503
                                  << u"no_healthy_route"_s;
    QTest::newRow("connect timeout")
        << transport(ErrorClass::ConnectTimeout) << u"connect_timeout"_s << true << true << 503
        << u"no_healthy_route"_s;
    QTest::newRow("stream: no status in 30 s")
        << transport(ErrorClass::FirstByteTimeout) << u"first_byte_timeout"_s << true << true << 503
        << u"no_healthy_route"_s;
    QTest::newRow("refused/reset/TLS/DNS") << transport(ErrorClass::Transport) << u"transport"_s
                                           << true << true << 503 << u"no_healthy_route"_s;
}

// R-REC-8: final at once; caller errors and refusals do not cool down, provider failures do.
void tst_Outcome::addFinalRows()
{
    AttemptOutcome refusal
        = status(400, R"({"error":{"message":"flagged","code":"content_policy_violation"}})");
    refusal.contentRefusal = true;
    // A passed-through 4xx keeps the upstream's code; none sent stays none (R-DET).
    QTest::newRow("400") << status(
        400, R"({"error":{"message":"bad field","type":"invalid_request_error"}})")
                         << u"invalid_request"_s << false << false << 400 << QString();
    QTest::newRow("404") << status(404) << u"invalid_request"_s << false << false << 404
                         << QString();
    QTest::newRow("413") << status(413) << u"invalid_request"_s << false << false << 413
                         << QString();
    QTest::newRow("422") << status(422) << u"invalid_request"_s << false << false << 422
                         << QString();
    QTest::newRow("401 upstream auth")
        << status(401) << u"auth_failed"_s << false << true << 502 << u"upstream_auth_failed"_s;
    QTest::newRow("403 upstream auth")
        << status(403) << u"auth_failed"_s << false << true << 502 << u"upstream_auth_failed"_s;
    QTest::newRow("content refusal keeps its code")
        << refusal << u"content_refusal"_s << false << false << 400
        << u"content_policy_violation"_s;
    QTest::newRow("2xx undecodable")
        << transport(ErrorClass::BadResponse, Phase::AfterStatus, 200) << u"bad_response"_s << false
        << true << 502 << u"upstream_bad_response"_s;
    QTest::newRow("2xx stream died before first event")
        << transport(ErrorClass::StoppedAnswering, Phase::AfterStatus, 200)
        << u"stopped_answering"_s << false << true << 502 << u"upstream_bad_response"_s;
    QTest::newRow("2xx stream silent 30 s")
        << transport(ErrorClass::FirstByteTimeout, Phase::AfterStatus, 200)
        << u"stopped_answering"_s << false << true << 502 << u"upstream_bad_response"_s;
    QTest::newRow("reset after 2xx")
        << transport(ErrorClass::Transport, Phase::AfterStatus, 200) << u"stopped_answering"_s
        << false << true << 502 << u"upstream_bad_response"_s;
    QTest::newRow("failure after bytes reached caller")
        << transport(ErrorClass::Transport, Phase::AfterFirstByteToCaller, 200)
        << u"stopped_answering"_s << false << true << 502 << u"upstream_bad_response"_s;
    QTest::newRow("deadline") << transport(ErrorClass::Deadline) << u"deadline"_s << false << false
                              << 504 << u"deadline_exceeded"_s;
    QTest::newRow("caller hung up") << transport(ErrorClass::CallerClosed) << u"caller_closed"_s
                                    << false << false << 499 << u"caller_closed"_s;
}

void tst_Outcome::classify_R_REC_7_8_data()
{
    addRows(true);
}

void tst_Outcome::classify_R_REC_7_8()
{
    QFETCH(AttemptOutcome, outcome);
    QFETCH(QString, errorClass);
    QFETCH(bool, retryable);
    QFETCH(bool, coolsDown);
    const Routing::Classification c = Routing::classify(outcome);
    QCOMPARE(Domain::toString(c.errorClass), errorClass);
    QCOMPARE(c.retryable, retryable);
    QCOMPARE(c.coolsDown, coolsDown);
    QVERIFY(!c.why.isEmpty());
}

namespace {

// Translates every text of every context, as a complete translation would: the studio installs its
// translator for the whole process, the embedded gateway's thread included.
class EveryTextTranslator : public QTranslator
{
public:
    QString translate(const char *, const char *, const char *, int) const override
    {
        return u"[übersetzt]"_s;
    }
    bool isEmpty() const override { return false; }
};

} // namespace

void tst_Outcome::callerErrorsStayEnglishWhateverTheStudioLanguage_R_API_2()
{
    EveryTextTranslator translator;
    QVERIFY(QCoreApplication::installTranslator(&translator));
    AttemptOutcome failed;
    failed.phase = Phase::AfterStatus;
    QStringList messages;
    for (int status : { 429, 503, 401, 410 }) {
        failed.httpStatus = status;
        messages << Routing::mapFinalError(failed, Routing::classify(failed), false).message();
    }
    messages << Routing::mapFinalError(failed, Routing::classify(failed), true).message();
    messages << Routing::noHealthyRoute(0).message();
    QCoreApplication::removeTranslator(&translator);
    for (const QString &m : std::as_const(messages)) {
        QVERIFY2(!m.isEmpty() && !m.contains(u"übersetzt"_s), qPrintable(m));
    }
}

void tst_Outcome::mapFinalError_R_ERR_1_data()
{
    addRows(false); // a served call has no caller error
}

void tst_Outcome::mapFinalError_R_ERR_1()
{
    QFETCH(AttemptOutcome, outcome);
    QFETCH(int, callerStatus);
    QFETCH(QString, callerCode);
    outcome.retryAfter = u"7"_s;
    outcome.retryAfterMs = u"6500"_s;
    const auto e = Routing::mapFinalError(outcome, Routing::classify(outcome), false);
    QCOMPARE(e.httpStatus, callerStatus);
    QCOMPARE(e.code(), callerCode);
    QVERIFY(!e.message().isEmpty());
    // R-DET: only a final 429 passes the upstream's Retry-After and retry-after-ms on.
    QCOMPARE(e.retryAfter, callerStatus == 429 ? u"7"_s : QString());
    QCOMPARE(e.retryAfterMs, callerStatus == 429 ? u"6500"_s : QString());
    // A deadline that passed overrides every class: 504.
    const auto late = Routing::mapFinalError(outcome, Routing::classify(outcome), true);
    QCOMPARE(late.httpStatus, 504);
    QCOMPARE(late.code(), u"deadline_exceeded"_s);
}

void tst_Outcome::parseRetryAfter_R_REC_5_data()
{
    QTest::addColumn<QString>("retryAfter");
    QTest::addColumn<QString>("retryAfterMs");
    QTest::addColumn<qint64>("expected"); // -1: nullopt

    QTest::newRow("seconds") << u"3"_s << QString() << qint64(3000);
    QTest::newRow("ms preferred") << u"3"_s << u"1500"_s << qint64(1500);
    QTest::newRow("fractional ms rounds up") << QString() << u"1.2"_s << qint64(2);
    QTest::newRow("ms not a number ignored") << u"2"_s << u"soon"_s << qint64(2000);
    QTest::newRow("ms garbage, none else") << QString() << u"soon"_s << qint64(-1);
    QTest::newRow("http date") << u"Sun, 29 Nov 2026 12:00:30 GMT"_s << QString() << qint64(30000);
    QTest::newRow("http date in the past")
        << u"Sun, 29 Nov 2026 11:00:00 GMT"_s << QString() << qint64(0);
    QTest::newRow("asctime date") << u"Sun Nov 29 12:01:00 2026"_s << QString() << qint64(60000);
    QTest::newRow("garbage") << u"later"_s << QString() << qint64(-1);
    QTest::newRow("negative seconds") << u"-5"_s << QString() << qint64(-1);
    QTest::newRow("absent") << QString() << QString() << qint64(-1);
    // Huge values must not overflow qint64 when converted or multiplied (a fuzz_retryafter case
    // under UBSan): bounded at a year.
    const qint64 year = 365LL * 24 * 3600 * 1000;
    QTest::newRow("huge ms") << QString() << u"1e30"_s << year;
    QTest::newRow("huge seconds") << u"99999999999999999"_s << QString() << year;
    QTest::newRow("date far ahead") << u"Fri, 31 Dec 9999 23:59:59 GMT"_s << QString() << year;
}

void tst_Outcome::parseRetryAfter_R_REC_5()
{
    QFETCH(QString, retryAfter);
    QFETCH(QString, retryAfterMs);
    QFETCH(qint64, expected);
    const QDateTime now(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC);
    const auto r = Routing::parseRetryAfter(retryAfter, retryAfterMs, now);
    QCOMPARE(r.has_value(), expected >= 0);
    if (r)
        QCOMPARE(*r, expected);
}

void tst_Outcome::backoff_R_REC_4_data()
{
    QTest::addColumn<int>("first");
    QTest::addColumn<int>("max");
    QTest::addColumn<QList<qint64>>("sequence"); // before attempts 2, 3, …

    QTest::newRow("defaults") << 100 << 2000
                              << QList<qint64> { 100, 200, 400, 800, 1600, 2000, 2000 };
    QTest::newRow("override 200..4000")
        << 200 << 4000 << QList<qint64> { 200, 400, 800, 1600, 3200, 4000 };
    QTest::newRow("first equals max") << 500 << 500 << QList<qint64> { 500, 500, 500 };
    QTest::newRow("zero first") << 0 << 100 << QList<qint64> { 0, 0 };
}

void tst_Outcome::backoff_R_REC_4()
{
    QFETCH(int, first);
    QFETCH(int, max);
    QFETCH(QList<qint64>, sequence);
    Domain::RecoverySettings s;
    s.backoffFirstMs = first;
    s.backoffMaxMs = max;
    for (int k = 1; k <= sequence.size(); ++k)
        QCOMPARE(Routing::backoffMs(s, k), sequence.at(k - 1));
    QCOMPARE(Routing::backoffMs(s, 60), qint64(max)); // no overflow far out
}

void tst_Outcome::passedThroughAsSent_R_DET_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("message");
    QTest::newRow("410 with code null")
        << 410
        << QByteArray(R"({"error":{"message":"gone","type":"invalid_request_error","code":null}})")
        << QString() << u"invalid_request_error"_s << u"gone"_s;
    QTest::newRow("code left out, no type") << 400 << QByteArray(R"({"error":{"message":"bad"}})")
                                            << QString() << QString() << u"bad"_s;
    QTest::newRow("code and type kept")
        << 422 << QByteArray(R"({"error":{"message":"m","type":"t","code":"c_1"}})") << u"c_1"_s
        << u"t"_s << u"m"_s;
    QTest::newRow("content-policy code kept")
        << 400 << QByteArray(R"({"error":{"message":"no","code":"content_filter"}})")
        << u"content_filter"_s << QString() << u"no"_s;
    QTest::newRow("anthropic shape")
        << 404
        << QByteArray(R"({"type":"error","error":{"type":"not_found_error","message":"nope"}})")
        << QString() << u"not_found_error"_s << u"nope"_s;
}

// An upstream 4xx passed through keeps its code, type and message as sent; a code left out or
// sent as null stays null: nothing is invented from the type or the status (R-DET).
void tst_Outcome::passedThroughAsSent_R_DET()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(QString, code);
    QFETCH(QString, type);
    QFETCH(QString, message);
    AttemptOutcome o;
    o.phase = AttemptOutcome::Phase::AfterStatus;
    o.httpStatus = status;
    o.errorBody = body;
    const auto e = Routing::mapFinalError(o, Routing::classify(o), false);
    QCOMPARE(e.httpStatus, status);
    QVERIFY(e.passedThrough());
    QCOMPARE(e.code(), code);
    QCOMPARE(e.type, type);
    QCOMPARE(e.message(), message);
}

// An error event inside a 2xx stream as its first event: 502 upstream_bad_response quoting the
// upstream's message, final (the upstream had started), the candidate cools down (R-DET).
void tst_Outcome::streamErrorEventQuoted_R_DET()
{
    AttemptOutcome o;
    o.phase = AttemptOutcome::Phase::AfterStatus;
    o.httpStatus = 200;
    o.transport = Domain::ErrorClass::StoppedAnswering;
    o.upstreamErrorMessage = u"Overloaded"_s;
    const auto c = Routing::classify(o);
    QVERIFY(!c.retryable);
    QVERIFY(c.coolsDown);
    const auto e = Routing::mapFinalError(o, c, false);
    QCOMPARE(e.httpStatus, 502);
    QCOMPARE(e.code(), u"upstream_bad_response"_s);
    QVERIFY2(e.message().contains(u"Overloaded"_s), qPrintable(e.message()));
    QVERIFY(!e.passedThrough());
}

QTEST_GUILESS_MAIN(tst_Outcome)
#include "tst_outcome.moc"
