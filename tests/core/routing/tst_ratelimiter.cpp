#include "routing/ratelimiter.h"

#include <QTest>

using namespace Qt::StringLiterals;
using Domain::SpendLimits;
using Domain::SpendScope;
using Routing::RateCount;
using Routing::RateLimiter;
using Routing::RateRefusal;
using Routing::RateStanding;
using Routing::RateTicket;

namespace {

using Headers = QList<std::pair<QByteArray, QByteArray>>;

SpendLimits rpm(qint64 n)
{
    SpendLimits l;
    l.requestsPerMinute = n;
    return l;
}

SpendLimits tpm(qint64 n)
{
    SpendLimits l;
    l.tokensPerMinute = n;
    return l;
}

QString scopeText(SpendScope s)
{
    return s == SpendScope::Key ? u"key"_s : u"project"_s;
}

QByteArray header(const Headers &headers, const QByteArray &name)
{
    for (const auto &[n, v] : headers) {
        if (n == name)
            return v;
    }
    return "(missing)";
}

// Key "k" of project "p": the key's limits given, the project's none.
struct Caller
{
    RateLimiter limiter;
    SpendLimits key;
    SpendLimits project;
    RateTicket ticket;
    RateStanding standing;

    std::optional<RateRefusal> call(qint64 nowMs, qint64 tokens = 0)
    {
        ticket = {};
        return limiter.admit(u"k"_s, key, u"p"_s, project, tokens, nowMs, ticket, standing);
    }
};

} // namespace

class tst_RateLimiter : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void rBill4_requestOverLimitIsRefusedUntilOldestLeaves();
    void rBill4_refusedCallsDoNotCount();
    void rBill4_windowSlides();
    void rBill4_projectLimitIsSharedByItsKeys();
    void rBill4_tokensCountedAtAdmission();
    void rBill4_correctLowersAndRaisesTokens();
    void rBill4_callLargerThanTokenLimitRunsInEmptyWindow();
    void rBill4_headersAfterThisCall();
    void rBill4_headersReportLevelWithFewestLeft();
    void rBill4_headersResetFormats_data();
    void rBill4_headersResetFormats();
    void rBill4_noLimitNoHeaders();
    void rBill4_otherInstancesCountInTheWindow();
    void rBill4_countsAreThisInstancesOwn();
};

void tst_RateLimiter::rBill4_requestOverLimitIsRefusedUntilOldestLeaves()
{
    Caller c;
    c.key = rpm(3);
    QVERIFY(!c.call(0));
    QVERIFY(!c.call(10000));
    QVERIFY(!c.call(20000));
    QVERIFY(c.ticket.sequence != 0);
    const std::optional<RateRefusal> r = c.call(30000);
    QVERIFY(r);
    QCOMPARE(scopeText(r->scope), u"key"_s);
    QCOMPARE(r->id, u"k"_s);
    QVERIFY(!r->tokens);
    QCOMPARE(r->limit, qint64(3));
    QCOMPARE(r->retryAfterMs, qint64(30000)); // the call at 0 leaves at 60 s
    QCOMPARE(c.ticket.sequence, quint64(0));
    QCOMPARE(c.standing.requests.remaining, qint64(0));
}

void tst_RateLimiter::rBill4_refusedCallsDoNotCount()
{
    Caller c;
    c.key = rpm(3);
    for (qint64 at : { 0, 1000, 2000 })
        QVERIFY(!c.call(at));
    for (qint64 at : { 3000, 4000, 5000 }) {
        const std::optional<RateRefusal> r = c.call(at);
        QVERIFY(r);
        QCOMPARE(r->retryAfterMs, 60000 - at);
    }
    // Each admitted call leaves in turn and one more is admitted; the refused ones never block.
    QVERIFY(!c.call(60000));
    QVERIFY(!c.call(61000));
    QVERIFY(!c.call(62000));
    QCOMPARE(c.standing.requests.remaining, qint64(0));
    const std::optional<RateRefusal> r = c.call(62500);
    QVERIFY(r);
    QCOMPARE(r->retryAfterMs, qint64(120000 - 62500));
}

void tst_RateLimiter::rBill4_windowSlides()
{
    Caller c;
    c.key = rpm(2);
    QVERIFY(!c.call(1000));
    QVERIFY(!c.call(50000));
    const std::optional<RateRefusal> r = c.call(55000);
    QVERIFY(r);
    QCOMPARE(r->retryAfterMs, qint64(6000));
    QVERIFY(c.call(55000 + r->retryAfterMs - 1));
    QVERIFY(!c.call(55000 + r->retryAfterMs));
    // The window is 60 s wide: the call at 50 s leaves at 110 s.
    const std::optional<RateRefusal> again = c.call(100000);
    QVERIFY(again);
    QCOMPARE(again->retryAfterMs, qint64(10000));
}

void tst_RateLimiter::rBill4_projectLimitIsSharedByItsKeys()
{
    RateLimiter limiter;
    RateTicket t;
    RateStanding s;
    const SpendLimits project = rpm(2);
    QVERIFY(!limiter.admit(u"a"_s, {}, u"p"_s, project, 0, 0, t, s));
    QVERIFY(!limiter.admit(u"b"_s, {}, u"p"_s, project, 0, 1000, t, s));
    const std::optional<RateRefusal> r = limiter.admit(u"c"_s, {}, u"p"_s, project, 0, 2000, t, s);
    QVERIFY(r);
    QCOMPARE(scopeText(r->scope), u"project"_s);
    QCOMPARE(r->id, u"p"_s);
    QCOMPARE(r->retryAfterMs, qint64(58000));
    // A key with no limit of its own is limited by its project, and reports it.
    QCOMPARE(s.requests.limit, qint64(2));
    QCOMPARE(s.requests.remaining, qint64(0));
    // Another project is not touched.
    QVERIFY(!limiter.admit(u"c"_s, {}, u"q"_s, project, 0, 2000, t, s));
    QCOMPARE(s.requests.remaining, qint64(1));
}

void tst_RateLimiter::rBill4_tokensCountedAtAdmission()
{
    Caller c;
    c.key = tpm(1000);
    QVERIFY(!c.call(0, 600));
    QCOMPARE(c.ticket.tokens, qint64(600));
    QCOMPARE(c.standing.tokens.limit, qint64(1000));
    QCOMPARE(c.standing.tokens.remaining, qint64(400));
    QVERIFY(!c.call(10000, 400)); // fits exactly
    QCOMPARE(c.standing.tokens.remaining, qint64(0));
    const std::optional<RateRefusal> r = c.call(20000, 1);
    QVERIFY(r);
    QVERIFY(r->tokens);
    QCOMPARE(r->limit, qint64(1000));
    QCOMPARE(r->retryAfterMs, qint64(40000)); // the 600 leave at 60 s
    // Needing more than the oldest frees: wait for the second too.
    const std::optional<RateRefusal> big = c.call(20000, 700);
    QVERIFY(big);
    QCOMPARE(big->retryAfterMs, qint64(50000));
    QVERIFY(!c.call(60000, 600));
    QVERIFY(c.call(60000, 1));
}

void tst_RateLimiter::rBill4_correctLowersAndRaisesTokens()
{
    Caller c;
    c.key = tpm(1000);
    QVERIFY(!c.call(0, 800)); // input plus max_tokens while it runs
    const RateTicket first = c.ticket;
    QVERIFY(c.call(1000, 500));
    c.limiter.correct(first, 300, 2000); // the usage said 300
    QVERIFY(!c.call(3000, 500));
    const RateTicket second = c.ticket;
    QCOMPARE(c.standing.tokens.remaining, qint64(200));
    c.limiter.correct(second, 650, 4000); // more than estimated
    const std::optional<RateRefusal> r = c.call(5000, 100);
    QVERIFY(r);
    QVERIFY(r->tokens);
    QCOMPARE(r->retryAfterMs, qint64(55000)); // the 300 at 0 s leaving frees enough
    const RateStanding s = c.limiter.standing(u"k"_s, c.key, u"p"_s, c.project, 5000);
    QCOMPARE(s.tokens.remaining, qint64(50));
    // A correction after the entry left the window changes nothing.
    c.limiter.correct(first, 5000, 61000);
    QVERIFY(!c.call(61000, 350));
    QCOMPARE(c.standing.tokens.remaining, qint64(0));
    c.limiter.correct(RateTicket {}, 5000, 61000); // no ticket: nothing
    QCOMPARE(c.limiter.standing(u"k"_s, c.key, u"p"_s, c.project, 61000).tokens.remaining,
             qint64(0));
}

void tst_RateLimiter::rBill4_callLargerThanTokenLimitRunsInEmptyWindow()
{
    Caller c;
    c.key = tpm(1000);
    QVERIFY(!c.call(0, 100));
    QVERIFY(!c.call(10000, 100));
    const std::optional<RateRefusal> r = c.call(20000, 1500);
    QVERIFY(r);
    QVERIFY(r->tokens);
    QCOMPARE(r->retryAfterMs, qint64(50000)); // until the window is empty
    QVERIFY(c.call(69999, 1500));
    QVERIFY(!c.call(70000, 1500));
    QCOMPARE(c.standing.tokens.remaining, qint64(-500));
    QCOMPARE(header(c.standing.headers(), "x-ratelimit-remaining-tokens"), QByteArray("0"));
    const std::optional<RateRefusal> next = c.call(70000, 1);
    QVERIFY(next);
    QCOMPARE(next->retryAfterMs, qint64(60000));
}

void tst_RateLimiter::rBill4_headersAfterThisCall()
{
    Caller c;
    c.key = rpm(3);
    c.key.tokensPerMinute = 1000;
    QVERIFY(!c.call(0, 100));
    const Headers h = c.standing.headers();
    QCOMPARE(h.size(), 6);
    QCOMPARE(header(h, "x-ratelimit-limit-requests"), QByteArray("3"));
    QCOMPARE(header(h, "x-ratelimit-remaining-requests"), QByteArray("2"));
    QCOMPARE(header(h, "x-ratelimit-reset-requests"), QByteArray("60s"));
    QCOMPARE(header(h, "x-ratelimit-limit-tokens"), QByteArray("1000"));
    QCOMPARE(header(h, "x-ratelimit-remaining-tokens"), QByteArray("900"));
    QCOMPARE(header(h, "x-ratelimit-reset-tokens"), QByteArray("60s"));
    QVERIFY(!c.call(1000, 100));
    QVERIFY(!c.call(2000, 100));
    QCOMPARE(header(c.standing.headers(), "x-ratelimit-remaining-requests"), QByteArray("0"));
    // A refused call's headers say where the caller stands, nothing taken.
    QVERIFY(c.call(3000, 100));
    QCOMPARE(header(c.standing.headers(), "x-ratelimit-remaining-requests"), QByteArray("0"));
    QCOMPARE(header(c.standing.headers(), "x-ratelimit-remaining-tokens"), QByteArray("700"));
    QCOMPARE(header(c.standing.headers(), "x-ratelimit-reset-requests"), QByteArray("59s"));
}

void tst_RateLimiter::rBill4_headersReportLevelWithFewestLeft()
{
    RateLimiter limiter;
    RateTicket t;
    RateStanding s;
    const SpendLimits project = rpm(5);
    // Key b uses three of the project's five.
    for (qint64 at : { 0, 1000, 2000 })
        QVERIFY(!limiter.admit(u"b"_s, rpm(100), u"p"_s, project, 0, at, t, s));
    // Key a's own limit has 9 left, its project 1: the project's is reported.
    QVERIFY(!limiter.admit(u"a"_s, rpm(10), u"p"_s, project, 0, 3000, t, s));
    QCOMPARE(header(s.headers(), "x-ratelimit-limit-requests"), QByteArray("5"));
    QCOMPARE(header(s.headers(), "x-ratelimit-remaining-requests"), QByteArray("1"));
    // Key c's own limit has fewer left than its project.
    QVERIFY(!limiter.admit(u"c"_s, rpm(2), u"q"_s, rpm(100), 0, 3000, t, s));
    QCOMPARE(header(s.headers(), "x-ratelimit-limit-requests"), QByteArray("2"));
    QCOMPARE(header(s.headers(), "x-ratelimit-remaining-requests"), QByteArray("1"));
    // Requests from the key, tokens from the project: each kind reports its own level.
    QVERIFY(!limiter.admit(u"d"_s, rpm(4), u"r"_s, tpm(500), 120, 3000, t, s));
    const Headers h = s.headers();
    QCOMPARE(h.size(), 6);
    QCOMPARE(header(h, "x-ratelimit-limit-requests"), QByteArray("4"));
    QCOMPARE(header(h, "x-ratelimit-remaining-requests"), QByteArray("3"));
    QCOMPARE(header(h, "x-ratelimit-limit-tokens"), QByteArray("500"));
    QCOMPARE(header(h, "x-ratelimit-remaining-tokens"), QByteArray("380"));
}

void tst_RateLimiter::rBill4_headersResetFormats_data()
{
    QTest::addColumn<qint64>("lastCallAt");
    QTest::addColumn<qint64>("now");
    QTest::addColumn<QByteArray>("reset");

    QTest::newRow("12 s") << qint64(0) << qint64(48000) << QByteArray("12s");
    QTest::newRow("rounded up to a second") << qint64(0) << qint64(48999) << QByteArray("12s");
    QTest::newRow("one second") << qint64(0) << qint64(59000) << QByteArray("1s");
    QTest::newRow("250 ms") << qint64(0) << qint64(59750) << QByteArray("250ms");
    QTest::newRow("1 ms") << qint64(0) << qint64(59999) << QByteArray("1ms");
    QTest::newRow("window empty") << qint64(0) << qint64(60000) << QByteArray("0s");
    QTest::newRow("whole window") << qint64(5000) << qint64(5000) << QByteArray("60s");
}

void tst_RateLimiter::rBill4_headersResetFormats()
{
    QFETCH(qint64, lastCallAt);
    QFETCH(qint64, now);
    QFETCH(QByteArray, reset);
    Caller c;
    c.key = rpm(3);
    QVERIFY(!c.call(lastCallAt));
    const RateStanding s = c.limiter.standing(u"k"_s, c.key, u"p"_s, c.project, now);
    QVERIFY(s.limited());
    QCOMPARE(header(s.headers(), "x-ratelimit-reset-requests"), reset);
    QCOMPARE(header(s.headers(), "x-ratelimit-remaining-requests"),
             QByteArray(now - lastCallAt >= RateLimiter::kWindowMs ? "3" : "2"));
}

void tst_RateLimiter::rBill4_noLimitNoHeaders()
{
    Caller c;
    for (qint64 i = 0; i < 100; ++i)
        QVERIFY(!c.call(i, 1000000));
    QVERIFY(!c.standing.limited());
    QVERIFY(c.standing.headers().isEmpty());
    // Only one kind limited: only its headers.
    c.key = tpm(10);
    QVERIFY(!c.call(200000, 1));
    QVERIFY(c.standing.limited());
    QCOMPARE(c.standing.headers().size(), 3);
    QCOMPARE(header(c.standing.headers(), "x-ratelimit-limit-requests"), QByteArray("(missing)"));
}

// Several gateways: what the others last published counts in this instance's window, in the
// refusal and in the headers, until the next publication replaces it.
void tst_RateLimiter::rBill4_otherInstancesCountInTheWindow()
{
    Caller c;
    c.key = rpm(5);
    c.limiter.setOthers({ RateCount { SpendScope::Key, u"k"_s, 3, 0 } });
    QVERIFY(!c.call(0));
    QCOMPARE(c.standing.requests.remaining, qint64(1));
    QVERIFY(!c.call(1000));
    // This instance's own calls leave first: the answer is when enough of them have.
    std::optional<RateRefusal> r = c.call(2000);
    QVERIFY(r);
    QCOMPARE(r->retryAfterMs, qint64(58000)); // the call at 0 leaves at 60 s
    // The others alone fill the window: theirs leave unseen here, ask again soon.
    c.limiter.setOthers({ RateCount { SpendScope::Key, u"k"_s, 5, 0 } });
    r = c.call(3000);
    QVERIFY(r);
    QCOMPARE(r->retryAfterMs, qint64(1000));
    QCOMPARE(header(c.standing.headers(), "x-ratelimit-remaining-requests"), QByteArray("0"));
    c.limiter.setOthers({}); // the others no longer published: none counted
    QVERIFY(!c.call(4000));
    // Tokens likewise.
    Caller t;
    t.key = tpm(100);
    t.limiter.setOthers({ RateCount { SpendScope::Project, u"p"_s, 1, 10 },
                          RateCount { SpendScope::Key, u"k"_s, 1, 90 } });
    QVERIFY(!t.call(0, 10));
    r = t.call(0, 1);
    QVERIFY(r && r->tokens);
}

void tst_RateLimiter::rBill4_countsAreThisInstancesOwn()
{
    Caller c;
    c.key = rpm(10);
    c.limiter.setOthers({ RateCount { SpendScope::Key, u"k"_s, 3, 0 } });
    QVERIFY(!c.call(0, 7));
    QVERIFY(!c.call(1000, 5));
    QCOMPARE(c.limiter.counts(2000),
             (QList<RateCount> { RateCount { SpendScope::Key, u"k"_s, 2, 12 },
                                 RateCount { SpendScope::Project, u"p"_s, 2, 12 } }));
    QCOMPARE(c.limiter.counts(60500),
             (QList<RateCount> { RateCount { SpendScope::Key, u"k"_s, 1, 5 },
                                 RateCount { SpendScope::Project, u"p"_s, 1, 5 } }));
    QCOMPARE(c.limiter.counts(61000), QList<RateCount> {});
}

QTEST_GUILESS_MAIN(tst_RateLimiter)
#include "tst_ratelimiter.moc"
