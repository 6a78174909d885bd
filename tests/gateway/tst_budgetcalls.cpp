#include "gateway/gatewayworker.h"
#include "gatewayharness.h"
#include "rawcalls.h"

#include <QElapsedTimer>
#include <QNetworkReply>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;

// Budgets and rate limits over real sockets (R-BILL-2, R-BILL-3, R-BILL-4): holds reserved before
// the first attempt, refusals in both API shapes with their headers, the books after the calls.
class tst_BudgetCalls : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void concurrentCallsCannotOverspend_R_BILL_3();
    void budgetRefusalInBothShapes_R_BILL_3();
    void refusedOnlyAfterThePlan_R_BILL_3();
    void holdNotStoredInTimeIsRefused_R_BILL_3();
    void settledSpendCarriesIntoTheStart_R_BILL_3();
    void rateLimitRefusalAndHeaders_R_BILL_4();
    void tokensPerMinuteCorrectedFromUsage_R_BILL_4();
    void projectLimitCoversItsKeys_R_BILL_4();
    void callerCutStreamIsChargedForWhatItReceived_R_BILL_2();
};

namespace {

// Output at 2 USD per million tokens, input free: a call asking 1,000 output tokens holds
// exactly 0.002 USD (R-BILL-1).
Domain::Model &addPricedModel(GatewayHarness &h, FakeUpstream &up)
{
    h.addConnection(u"up"_s, up.baseUrl());
    // One attempt: one hold per call (R-BILL-1 holds every planned attempt).
    Domain::Model &m = h.addDirect(u"fake/chat"_s, { u"up"_s }, GatewayHarness::fastRecovery(1));
    m.inputPricePerMTok = 0.0;
    m.outputPricePerMTok = 2.0;
    return m;
}

QJsonObject body(int maxTokens, bool stream = false)
{
    QJsonObject b = GatewayHarness::chatBody(u"fake/chat"_s, stream);
    b[u"max_tokens"_s] = maxTokens;
    return b;
}

QJsonObject messagesBody(int maxTokens)
{
    return QJsonObject {
        { u"model"_s, u"fake/chat"_s },
        { u"max_tokens"_s, maxTokens },
        { u"messages"_s,
          QJsonArray { QJsonObject { { u"role"_s, u"user"_s }, { u"content"_s, u"hi"_s } } } }
    };
}

// A labelled value of GET /metrics; nan when the series is not there.
double labelled(GatewayHarness &h, const QByteArray &series)
{
    const QByteArray text = h.send("GET", u"/metrics"_s, {}).body;
    const qsizetype at = text.indexOf(QByteArray('\n' + series + ' '));
    if (at < 0)
        return std::nan("");
    const qsizetype start = at + series.size() + 2;
    return text.mid(start, text.indexOf('\n', start) - start).toDouble();
}

QByteArray spendSeries(const GatewayHarness &h, const char *name, const char *period)
{
    QByteArray s = QByteArray(name) + "{scope=\"key\",id=\"" + h.ws.keys.first().id.toUtf8() + '"';
    if (period)
        s += QByteArray(",period=\"") + period + '"';
    return s + '}';
}

double storedSpend(GatewayHarness &h, const QString &scope, const QString &period)
{
    h.writer()->flush();
    auto db = Store::Database::open(h.databasePath(), Store::Database::Mode::ReadOnly);
    if (!db)
        return -1;
    QSqlQuery q((*db)->handle());
    q.prepare(
        u"SELECT COALESCE(SUM(amount), 0) FROM spend WHERE scope = ? AND length(period) = ?"_s);
    q.addBindValue(scope);
    q.addBindValue(period == u"day" ? 10 : 7);
    return q.exec() && q.next() ? q.value(0).toDouble() : -1;
}

qint64 storedHolds(GatewayHarness &h)
{
    h.writer()->flush();
    auto db = Store::Database::open(h.databasePath(), Store::Database::Mode::ReadOnly);
    if (!db)
        return -1;
    QSqlQuery q((*db)->handle());
    return q.exec(u"SELECT COUNT(*) FROM spend_hold"_s) && q.next() ? q.value(0).toLongLong() : -1;
}

} // namespace

// The issue's test: 100 concurrent calls against a budget that fits 10 holds: at most 10 run, the
// rest get budget_exceeded, and the books balance to the cent once they end.
void tst_BudgetCalls::concurrentCallsCannotOverspend_R_BILL_3()
{
    GatewayHarness h;
    FakeUpstream up;
    QVERIFY(up.listen());
    FakeUpstream::Response held = FakeUpstream::openAiChat(u"up-chat"_s);
    held.before = FakeUpstream::Response::Before::Hold;
    up.setDefault(held);
    addPricedModel(h, up);
    h.ws.keys.first().limits.dailyUsd = 0.02; // ten holds of 0.002
    QVERIFY(h.start());

    const QString port = h.address.section(u':', -1);
    RawCalls calls(QHostAddress::LocalHost, port.toUShort(), h.key, u"fake/chat"_s, 100,
                   R"(,"max_tokens":1000)");
    const auto answered = [&] {
        const QList<QByteArray> answers = calls.answers();
        return int(std::count_if(answers.cbegin(), answers.cend(),
                                 [](const QByteArray &a) { return a.contains("\r\n\r\n"); }));
    };
    QTRY_COMPARE_WITH_TIMEOUT(answered(), 90, 20000);
    QTRY_COMPARE_WITH_TIMEOUT(up.requestCount(), 10, 20000);
    QCOMPARE(labelled(h, spendSeries(h, "switchboard_spend_held_usd", nullptr)), 0.02);
    // Held in full: past the alert share (80 %) until the calls settle at their usage.
    QCOMPARE(labelled(h, spendSeries(h, "switchboard_budget_alert", "day")), 1.0);
    up.releaseHeld();
    QTRY_COMPARE_WITH_TIMEOUT(calls.closed(), 100, 20000);
    QCOMPARE(up.requestCount(), 10);

    int served = 0;
    int refused = 0;
    double charged = 0;
    for (const QByteArray &answer : calls.answers()) {
        const qsizetype end = answer.indexOf("\r\n\r\n");
        const QList<QByteArray> head = answer.left(end).split('\n');
        const auto header = [&](const QByteArray &name) {
            for (const QByteArray &line : head) {
                if (line.toLower().startsWith(QByteArray(name + ':')))
                    return line.mid(name.size() + 1).trimmed();
            }
            return QByteArray();
        };
        const int status = head.first().split(' ').value(1).toInt();
        if (status == 200) {
            ++served;
        } else {
            QCOMPARE(status, 429);
            QVERIFY(answer.contains(R"("code":"budget_exceeded")"));
            QCOMPARE(header("x-should-retry"), QByteArray("false"));
            QVERIFY(header("retry-after").toLongLong() > 0);
            ++refused;
        }
        const std::optional<Domain::Receipt> receipt
            = h.receipt(QString::fromLatin1(header("x-request-id")));
        QVERIFY(receipt);
        QCOMPARE(receipt->attempts.isEmpty(), status == 429);
        charged += receipt->charged;
    }
    QCOMPARE(served, 10);
    QCOMPARE(refused, 90);
    // Each served call is charged its usage: 7 output tokens at 2 USD per million.
    QCOMPARE(charged, 10 * 7 * 2.0 / 1e6);
    QTRY_COMPARE(labelled(h, spendSeries(h, "switchboard_spend_held_usd", nullptr)), 0.0);
    QCOMPARE(labelled(h, spendSeries(h, "switchboard_spend_usd", "day")), charged);
    QCOMPARE(labelled(h, spendSeries(h, "switchboard_budget_alert", "day")), 0.0);
    QCOMPARE(labelled(h, "switchboard_budget_refusals_total{code=\"budget_exceeded\"}"), 90.0);
    // The store has the same books: holds gone with their receipts, spend per day and month.
    QCOMPARE(storedHolds(h), 0);
    QVERIFY(qAbs(storedSpend(h, u"key"_s, u"day"_s) - charged) < 1e-12);
    QVERIFY(qAbs(storedSpend(h, u"project"_s, u"month"_s) - charged) < 1e-12);
}

void tst_BudgetCalls::budgetRefusalInBothShapes_R_BILL_3()
{
    GatewayHarness h;
    FakeUpstream up;
    QVERIFY(up.listen());
    up.setDefault(FakeUpstream::openAiChat(u"up-chat"_s));
    addPricedModel(h, up);
    h.ws.projects.first().limits.monthlyUsd = 0.001; // less than one hold
    QVERIFY(h.start());

    const GatewayHarness::Reply chat = h.post(u"/v1/chat/completions"_s, body(1000));
    QCOMPARE(chat.status, 429);
    QCOMPARE(chat.json()[u"error"_s][u"code"_s].toString(), u"budget_exceeded"_s);
    QCOMPARE(chat.json()[u"error"_s][u"type"_s].toString(), u"rate_limit_error"_s);
    QVERIFY(chat.json()[u"error"_s][u"message"_s].toString().contains(
        u"monthly budget of project default"_s));
    QCOMPARE(chat.header("x-should-retry"), QByteArray("false"));
    // Until the next UTC month: at most 31 days.
    const qint64 retry = chat.header("retry-after").toLongLong();
    QVERIFY(retry > 0 && retry <= 31 * 86400);

    const GatewayHarness::Reply messages = h.post(u"/v1/messages"_s, messagesBody(1000));
    QCOMPARE(messages.status, 429);
    QCOMPARE(messages.json()[u"type"_s].toString(), u"error"_s);
    QCOMPARE(messages.json()[u"error"_s][u"type"_s].toString(), u"rate_limit_error"_s);
    QCOMPARE(messages.json()[u"error"_s][u"details"_s][u"error_code"_s].toString(),
             u"budget_exceeded"_s);
    QCOMPARE(up.requestCount(), 0);

    const std::optional<Domain::Receipt> receipt = h.receipt(chat.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->httpStatus, 429);
    QCOMPARE(receipt->errorCode, u"budget_exceeded"_s);
    QVERIFY(receipt->attempts.isEmpty());
    QCOMPARE(receipt->charged, 0.0);
}

// Budgets and limits are checked once the plan is made: a call refused before (404) counts nowhere.
void tst_BudgetCalls::refusedOnlyAfterThePlan_R_BILL_3()
{
    GatewayHarness h;
    FakeUpstream up;
    QVERIFY(up.listen());
    addPricedModel(h, up);
    h.ws.keys.first().limits.dailyUsd = 0.0;
    h.ws.keys.first().limits.requestsPerMinute = 1;
    QVERIFY(h.start());
    QCOMPARE(h.post(u"/v1/chat/completions"_s, GatewayHarness::chatBody(u"no/such"_s)).status, 404);
    QCOMPARE(h.post(u"/v1/chat/completions"_s, body(10)).status, 429);
    QCOMPARE(labelled(h, "switchboard_budget_refusals_total{code=\"budget_exceeded\"}"), 1.0);
    QCOMPARE(labelled(h, "switchboard_budget_refusals_total{code=\"rate_limit_exceeded\"}"), 0.0);
}

// A hold must be stored before the first attempt (a restart must know it). While the database
// takes no writes (here another connection holds its write lock) the call is refused with a
// retryable 503 budget_unavailable after kHoldStoreWaitMs instead of waiting out its deadline; its
// hold is settled once the database takes writes again, and it takes no rate-limit slot.
void tst_BudgetCalls::holdNotStoredInTimeIsRefused_R_BILL_3()
{
    GatewayHarness h;
    FakeUpstream up;
    QVERIFY(up.listen());
    up.setDefault(FakeUpstream::openAiChat(u"up-chat"_s));
    addPricedModel(h, up);
    h.ws.keys.first().limits.dailyUsd = 10.0;
    h.ws.keys.first().limits.requestsPerMinute = 2; // the refused call must not take the second
    QVERIFY(h.start());
    QCOMPARE(h.post(u"/v1/chat/completions"_s, body(1000)).status, 200);

    const QString name = u"tst.lock"_s;
    QString requestId;
    {
        QSqlDatabase lock = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
        lock.setDatabaseName(h.databasePath());
        QVERIFY(lock.open());
        QSqlQuery q(lock);
        QVERIFY(q.exec(u"BEGIN EXCLUSIVE"_s));
        QElapsedTimer waited;
        waited.start();
        const GatewayHarness::Reply refused = h.post(u"/v1/chat/completions"_s, body(1000));
        QCOMPARE(refused.status, 503);
        QCOMPARE(refused.json()[u"error"_s][u"code"_s].toString(), u"budget_unavailable"_s);
        QCOMPARE(refused.header("x-should-retry"), QByteArray("true"));
        QVERIFY(refused.header("retry-after").toInt() >= 1);
        requestId = refused.requestId();
        QVERIFY(waited.elapsed() >= Gateway::GatewayWorker::kHoldStoreWaitMs);
        QCOMPARE(up.requestCount(), 1); // no attempt
        QVERIFY(q.exec(u"COMMIT"_s));
        lock.close();
    }
    QSqlDatabase::removeDatabase(name);

    const std::optional<Domain::Receipt> receipt = h.receipt(requestId);
    QVERIFY(receipt);
    QCOMPARE(receipt->httpStatus, 503);
    QCOMPARE(receipt->errorCode, u"budget_unavailable"_s);
    QVERIFY(receipt->attempts.isEmpty());
    QCOMPARE(receipt->charged, 0.0);
    QCOMPARE(storedHolds(h), 0);
    const auto held = [&h] {
        double sum = 0;
        for (const Routing::ScopeSpend &s : h.service->spend())
            sum += s.held;
        return sum;
    };
    QTRY_COMPARE(held(), 0.0);
    QCOMPARE(h.post(u"/v1/chat/completions"_s, body(1000)).status, 200);
}

// What the store settled today is where the book starts: a restart does not forget spending.
void tst_BudgetCalls::settledSpendCarriesIntoTheStart_R_BILL_3()
{
    GatewayHarness h;
    FakeUpstream up;
    QVERIFY(up.listen());
    up.setDefault(FakeUpstream::openAiChat(u"up-chat"_s));
    addPricedModel(h, up);
    h.ws.keys.first().limits.dailyUsd = 0.02;
    const QString today = QDateTime::currentDateTimeUtc().date().toString(Qt::ISODate);
    h.options.settledSpend << Domain::SettledSpend { Domain::SpendScope::Key, h.ws.keys.first().id,
                                                     today, 0.019 };
    QVERIFY(h.start());
    QCOMPARE(h.post(u"/v1/chat/completions"_s, body(1000)).status, 429); // 0.019 + 0.002 > 0.02
    QCOMPARE(h.post(u"/v1/chat/completions"_s, body(400)).status, 200); // 0.019 + 0.0008 fits
    QCOMPARE(up.requestCount(), 1);
}

void tst_BudgetCalls::rateLimitRefusalAndHeaders_R_BILL_4()
{
    GatewayHarness h;
    FakeUpstream up;
    QVERIFY(up.listen());
    up.setDefault(FakeUpstream::openAiChat(u"up-chat"_s));
    addPricedModel(h, up);
    h.ws.keys.first().limits.requestsPerMinute = 2;
    QVERIFY(h.start());

    const GatewayHarness::Reply first = h.post(u"/v1/chat/completions"_s, body(10));
    QCOMPARE(first.status, 200);
    QCOMPARE(first.header("x-ratelimit-limit-requests"), QByteArray("2"));
    QCOMPARE(first.header("x-ratelimit-remaining-requests"), QByteArray("1"));
    QCOMPARE(first.header("x-ratelimit-reset-requests"), QByteArray("60s"));
    QVERIFY(!first.hasHeader("x-ratelimit-limit-tokens"));
    QCOMPARE(h.post(u"/v1/chat/completions"_s, body(10)).header("x-ratelimit-remaining-requests"),
             QByteArray("0"));

    const GatewayHarness::Reply over = h.post(u"/v1/chat/completions"_s, body(10));
    QCOMPARE(over.status, 429);
    QCOMPARE(over.json()[u"error"_s][u"code"_s].toString(), u"rate_limit_exceeded"_s);
    QCOMPARE(over.header("x-should-retry"), QByteArray("true"));
    const qint64 retry = over.header("retry-after").toLongLong();
    QVERIFY2(retry >= 59 && retry <= 60, over.header("retry-after"));
    QVERIFY(over.header("retry-after-ms").toLongLong() > 0);
    QCOMPARE(over.header("x-ratelimit-remaining-requests"), QByteArray("0"));

    const GatewayHarness::Reply messages = h.post(u"/v1/messages"_s, messagesBody(10));
    QCOMPARE(messages.status, 429);
    QCOMPARE(messages.json()[u"error"_s][u"type"_s].toString(), u"rate_limit_error"_s);
    QCOMPARE(messages.json()[u"error"_s][u"details"_s][u"error_code"_s].toString(),
             u"rate_limit_exceeded"_s);
    QCOMPARE(messages.header("x-should-retry"), QByteArray("true"));
    QCOMPARE(up.requestCount(), 2);

    const std::optional<Domain::Receipt> receipt = h.receipt(over.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->errorCode, u"rate_limit_exceeded"_s);
    QVERIFY(receipt->attempts.isEmpty());
    QCOMPARE(labelled(h, "switchboard_budget_refusals_total{code=\"rate_limit_exceeded\"}"), 2.0);
}

// Tokens count input plus the most output while the call runs, and its usage after (R-BILL-4).
void tst_BudgetCalls::tokensPerMinuteCorrectedFromUsage_R_BILL_4()
{
    GatewayHarness h;
    FakeUpstream up;
    QVERIFY(up.listen());
    up.setDefault(FakeUpstream::openAiChat(u"up-chat"_s)); // usage: 11 in, 7 out
    addPricedModel(h, up);
    h.ws.keys.first().limits.tokensPerMinute = 1100;
    QVERIFY(h.start());
    const GatewayHarness::Reply first = h.post(u"/v1/chat/completions"_s, body(1000));
    QCOMPARE(first.status, 200);
    QCOMPARE(first.header("x-ratelimit-limit-tokens"), QByteArray("1100"));
    QVERIFY(first.header("x-ratelimit-remaining-tokens").toLongLong() < 100);
    // Corrected to 18 tokens when it ended: another 1,000 fit.
    const GatewayHarness::Reply second = h.post(u"/v1/chat/completions"_s, body(1000));
    QCOMPARE(second.status, 200);
    const GatewayHarness::Reply third = h.post(u"/v1/chat/completions"_s, body(1080));
    QCOMPARE(third.status, 429);
    QCOMPARE(third.json()[u"error"_s][u"message"_s].toString().left(30),
             u"The tokens per minute limit of"_s);
}

// A project's limit counts the calls of all its keys; the headers tell the level with fewest left.
void tst_BudgetCalls::projectLimitCoversItsKeys_R_BILL_4()
{
    GatewayHarness h;
    FakeUpstream up;
    QVERIFY(up.listen());
    up.setDefault(FakeUpstream::openAiChat(u"up-chat"_s));
    addPricedModel(h, up);
    const Config::NewKey second
        = Config::makeKey(u"default"_s, u"second"_s, QDateTime::currentDateTimeUtc());
    h.ws.keys << second.key;
    h.ws.keys.first().limits.requestsPerMinute = 10;
    h.ws.projects.first().limits.requestsPerMinute = 3;
    QVERIFY(h.start());
    const GatewayHarness::Reply a = h.post(u"/v1/chat/completions"_s, body(10));
    QCOMPARE(a.header("x-ratelimit-limit-requests"), QByteArray("3"));
    QCOMPARE(a.header("x-ratelimit-remaining-requests"), QByteArray("2"));
    const QString first = h.key;
    h.key = second.secret;
    QCOMPARE(h.post(u"/v1/chat/completions"_s, body(10)).status, 200);
    QCOMPARE(h.post(u"/v1/chat/completions"_s, body(10)).status, 200);
    const GatewayHarness::Reply over = h.post(u"/v1/chat/completions"_s, body(10));
    QCOMPARE(over.status, 429);
    QVERIFY(over.json()[u"error"_s][u"message"_s].toString().contains(u"project default"_s));
    h.key = first;
    QCOMPARE(h.post(u"/v1/chat/completions"_s, body(10)).status, 429);
}

// R-BILL-2: a stream the caller cut is charged for what it received, not its whole hold.
void tst_BudgetCalls::callerCutStreamIsChargedForWhatItReceived_R_BILL_2()
{
    GatewayHarness h;
    FakeUpstream up;
    QVERIFY(up.listen());
    up.setDefault(FakeUpstream::openAiStream(u"up-chat"_s, 200, 20));
    addPricedModel(h, up);
    h.ws.keys.first().limits.dailyUsd = 1.0;
    h.ws.keys.first().limits.requestsPerMinute = 10;
    QVERIFY(h.start());
    const GatewayHarness::Streamed cut
        = h.stream(u"/v1/chat/completions"_s, body(1000, true), /*abortAfterReads*/ 3);
    QVERIFY(!cut.reads.isEmpty());
    // A streamed answer's head carries the rate limit's headers too (R-BILL-4).
    QCOMPARE(cut.reply.header("x-ratelimit-limit-requests"), QByteArray("10"));
    QCOMPARE(cut.reply.header("x-ratelimit-remaining-requests"), QByteArray("9"));
    QTRY_COMPARE_WITH_TIMEOUT(up.clientAborts(), 1, 10000);
    QTRY_COMPARE(labelled(h, spendSeries(h, "switchboard_spend_held_usd", nullptr)), 0.0);
    const double spent = labelled(h, spendSeries(h, "switchboard_spend_usd", "day"));
    QVERIFY2(spent > 0 && spent < 0.002, QByteArray::number(spent));
}

QTEST_GUILESS_MAIN(tst_BudgetCalls)
#include "tst_budgetcalls.moc"
