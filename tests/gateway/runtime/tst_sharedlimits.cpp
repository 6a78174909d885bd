// Budgets and rate limits shared by two gateways on one database (R-BILL-3, R-BILL-4): each
// instance decides its calls from its own books, bounded by the leases Runtime::SharedLimits
// takes in the database and by the other instance's published rate counts. The syncs are run by
// the test (interval 0), so that what each instance knew when is counted, not timed.
#include "gatewayharness.h"
#include "runtime/sharedlimits.h"

#include <QSqlQuery>
#include <QTest>
#include <pgdatabase.h>
#include <simulatedtime.h>

using namespace Qt::StringLiterals;
using Runtime::SharedLimits;

namespace {

// Output at 2 USD per million tokens, input free: a call asking 1,000 output tokens holds
// exactly 0.002 USD (R-BILL-1).
void addPricedModel(GatewayHarness &h, FakeUpstream &up)
{
    h.addConnection(u"up"_s, up.baseUrl());
    // A deadline far beyond the tests' loops: a held call must stay in flight through them.
    Domain::Model &m
        = h.addDirect(u"fake/chat"_s, { u"up"_s }, GatewayHarness::fastRecovery(1, 60000, 120000));
    m.inputPricePerMTok = 0.0;
    m.outputPricePerMTok = 2.0;
}

QJsonObject body(int maxTokens)
{
    QJsonObject b = GatewayHarness::chatBody(u"fake/chat"_s);
    b[u"max_tokens"_s] = maxTokens;
    return b;
}

// One gateway instance with a writer of its own, on a database several share.
class Instance
{
public:
    Instance(const QString &location, const QString &name)
        : writer(location)
    {
        writer.setInstance(name);
    }
    ~Instance()
    {
        service.reset();
        writer.stop();
    }
    bool start(const Domain::Workspace &ws, const Gateway::GatewayOptions &options)
    {
        if (!writer.start())
            return false;
        service = std::make_unique<Gateway::GatewayService>();
        service->setReceiptWriter(&writer);
        QSignalSpy started(service.get(), &Gateway::GatewayService::started);
        service->start(options, std::make_shared<const Domain::Workspace>(ws));
        if (!started.wait(5000))
            return false;
        address = started.at(0).at(0).toString();
        return true;
    }

    Store::ReceiptWriter writer;
    std::unique_ptr<Gateway::GatewayService> service;
    QString address;
};

// The harness's calls, sent to another address.
template<typename F> auto on(GatewayHarness &h, const QString &address, F call)
{
    const QString own = h.address;
    h.address = address;
    auto result = call();
    h.address = own;
    return result;
}

QString codeOf(const QByteArray &answer)
{
    return QJsonDocument::fromJson(answer).object()[u"error"_s][u"code"_s].toString();
}

double stored(const QString &path, const QString &sql)
{
    auto db = Store::Database::open(path, Store::Database::Mode::ReadOnly);
    if (!db)
        return -1;
    QSqlQuery q((*db)->handle());
    return q.exec(sql) && q.next() ? q.value(0).toDouble() : -1;
}

int holds(const Gateway::GatewayService &g)
{
    int n = 0;
    for (const Routing::ScopeSpend &s : g.spend())
        n += s.scope == Routing::SpendScope::Key ? s.holds : 0;
    return n;
}

double largestHold(const Gateway::GatewayService &g)
{
    double largest = 0;
    for (const Routing::ScopeSpend &s : g.spend())
        largest = std::max(largest, s.scope == Routing::SpendScope::Key ? s.largestHold : 0.0);
    return largest;
}

qint64 admitted(const Gateway::GatewayService &g)
{
    qint64 n = 0;
    for (const Routing::RateCount &c : g.rateCounts())
        n += c.scope == Routing::SpendScope::Key ? c.requests : 0;
    return n;
}

} // namespace

class tst_SharedLimits : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void twoGatewaysStopTogetherAtTheBudget_R_BILL_3_data() { addEngineRows(); }
    void twoGatewaysStopTogetherAtTheBudget_R_BILL_3();
    void budgetUnavailableWithoutTheDatabase_R_BILL_3();
    void postgresConnectionsLostAndBack_R_BILL_3();
    void monthlyLeaseOutlivesTheDay_R_BILL_3();
    void leaseOfSettledHoldsGoesBack_R_BILL_3_data() { addEngineRows(); }
    void leaseOfSettledHoldsGoesBack_R_BILL_3();
    void othersRatesAgeWithoutTheDatabase_R_BILL_4();
    void gatewayStartedAgainLeasesAfresh_R_BILL_3();
    void rateLimitSharedWithinItsBound_R_BILL_4_data() { addEngineRows(); }
    void rateLimitSharedWithinItsBound_R_BILL_4();
};

// Calls held open alternate between two gateways on a budget of ten holds: ten reach the upstream
// in all, however the leases fell, and once both instances have leased the whole budget each
// refuses with budget_exceeded.
void tst_SharedLimits::twoGatewaysStopTogetherAtTheBudget_R_BILL_3()
{
    GatewayHarness h;
    FakeUpstream up;
    QVERIFY(up.listen());
    FakeUpstream::Response held = FakeUpstream::openAiChat(u"up-chat"_s);
    held.before = FakeUpstream::Response::Before::Hold;
    up.setDefault(held);
    addPricedModel(h, up);
    h.ws.keys.first().limits.dailyUsd = 0.02; // ten holds of 0.002
    h.options.leasedBudgets = true;
    QFETCH(QString, engine);
    if (engine == u"postgres")
        SKIP_WITHOUT_POSTGRES();
    EngineDatabase db(engine);
    QVERIFY(db.isValid());
    Instance a(db.path(), u"gw-a"_s);
    Instance b(db.path(), u"gw-b"_s);
    QVERIFY(a.start(h.ws, h.options));
    QVERIFY(b.start(h.ws, h.options));
    h.address = a.address; // the harness's calls go to the first
    SharedLimits sa(a.service.get());
    SharedLimits sb(b.service.get());
    QVERIFY(sa.open(db.path(), u"gw-a"_s));
    QVERIFY(sb.open(db.path(), u"gw-b"_s));
    const auto ws = std::make_shared<const Domain::Workspace>(h.ws);
    sa.setWorkspace(ws);
    sb.setWorkspace(ws);
    sa.start(0);
    sb.start(0);

    QNetworkAccessManager nam;
    QList<QNetworkReply *> replies;
    QStringList refusals;
    for (int i = 0; i < 30; ++i) {
        const bool onB = i % 2 == 1;
        Gateway::GatewayService &g = onB ? *b.service : *a.service;
        const int before = up.requestCount();
        const int holdsBefore = holds(g);
        QNetworkReply *r = on(h, onB ? b.address : a.address, [&] {
            QNetworkRequest req(h.url(u"/v1/chat/completions"_s));
            req.setHeader(QNetworkRequest::ContentTypeHeader,
                          QByteArrayLiteral("application/json"));
            req.setRawHeader("Authorization", "Bearer " + h.key.toLatin1());
            return nam.post(req, QJsonDocument(body(1000)).toJson(QJsonDocument::Compact));
        });
        replies << r;
        QTRY_VERIFY_WITH_TIMEOUT(up.requestCount() > before || r->isFinished(), 10000);
        if (r->isFinished()) {
            refusals << codeOf(r->readAll());
        } else {
            // The instance's report of its holds, which sizes its next lease.
            QTRY_VERIFY_WITH_TIMEOUT(holds(g) > holdsBefore, 10000);
        }
        sa.sync();
        sb.sync();
    }
    QCOMPARE(up.requestCount(), 10);
    QCOMPARE(refusals.size(), 20);
    for (const QString &code : refusals)
        QVERIFY2(code == u"budget_exceeded" || code == u"budget_unavailable", qPrintable(code));
    // The last call of each instance: the budget is leased in full, so it is over it.
    QCOMPARE(refusals.mid(refusals.size() - 2),
             (QStringList { u"budget_exceeded"_s, u"budget_exceeded"_s }));
    const double leased = stored(db.path(),
                                 u"SELECT COALESCE(SUM(leased), 0) FROM budget_lease WHERE "
                                 "length(period) = 10"_s);
    QVERIFY2(leased <= 0.02 + 1e-9, qPrintable(QString::number(leased)));

    up.releaseHeld();
    for (QNetworkReply *r : replies)
        QTRY_VERIFY_WITH_TIMEOUT(r->isFinished(), 10000);
    a.writer.flush();
    b.writer.flush();
    const double spent = stored(db.path(),
                                u"SELECT COALESCE(SUM(amount), 0) FROM spend WHERE scope = 'key' "
                                "AND length(period) = 10"_s);
    QVERIFY(spent > 0);
    QVERIFY(spent <= 0.02 + 1e-9);
    // Each charge came out of its instance's lease: spend and leases still add up to the grants.
    const double left = stored(db.path(),
                               u"SELECT COALESCE(SUM(leased), 0) FROM budget_lease WHERE "
                               "length(period) = 10"_s);
    QVERIFY(qAbs(spent + left - leased) < 1e-9);
    sa.release();
    sb.release();
    QCOMPARE(stored(db.path(), u"SELECT COUNT(*) FROM budget_lease"_s), 0.0);
    qDeleteAll(replies);
}

// The database gone, a key with a budget gets 503 budget_unavailable (worth retrying), a key
// without one is served; with the database back, both are.
void tst_SharedLimits::budgetUnavailableWithoutTheDatabase_R_BILL_3()
{
    GatewayHarness h;
    FakeUpstream up;
    QVERIFY(up.listen());
    up.setDefault(FakeUpstream::openAiChat(u"up-chat"_s));
    addPricedModel(h, up);
    h.ws.keys.first().limits.dailyUsd = 1.0;
    const Config::NewKey free
        = Config::makeKey(u"default"_s, u"no budget"_s, QDateTime::currentDateTimeUtc());
    h.ws.keys << free.key;
    h.options.leasedBudgets = true;
    h.writer()->setInstance(u"gw-a"_s);
    QVERIFY(h.start());
    SharedLimits shared(h.service.get());
    QVERIFY(shared.open(h.databasePath(), u"gw-a"_s));
    shared.setWorkspace(std::make_shared<const Domain::Workspace>(h.ws));
    shared.start(0);
    QVERIFY(shared.reachable());
    const QString budgeted = h.key;
    QCOMPARE(h.post(u"/v1/chat/completions"_s, body(100)).status, 200);

    // The table every sync writes out of reach: its statements fail, as on a database that is gone.
    auto db = Store::Database::open(h.databasePath());
    QVERIFY(db);
    QSqlQuery q((*db)->handle());
    QVERIFY(q.exec(u"ALTER TABLE rate_share RENAME TO rate_share_away"_s));
    QSignalSpy lost(&shared, &SharedLimits::reachableChanged);
    shared.sync();
    QVERIFY(!shared.reachable());
    QCOMPARE(lost.size(), 1);
    const GatewayHarness::Reply refused = h.post(u"/v1/chat/completions"_s, body(100));
    QCOMPARE(refused.status, 503);
    QCOMPARE(codeOf(refused.body), u"budget_unavailable"_s);
    QCOMPARE(refused.header("x-should-retry"), QByteArray("true"));
    QVERIFY(refused.hasHeader("retry-after"));
    h.key = free.secret;
    QCOMPARE(h.post(u"/v1/chat/completions"_s, body(100)).status, 200);
    QCOMPARE(h.metric("switchboard_budget_refusals_total{code=\"budget_unavailable\"}"), 1);

    QVERIFY(q.exec(u"ALTER TABLE rate_share_away RENAME TO rate_share"_s));
    shared.sync();
    QVERIFY(shared.reachable());
    h.key = budgeted;
    QCOMPARE(h.post(u"/v1/chat/completions"_s, body(100)).status, 200);
}

// Two gateways, a limit of 20 requests a minute: each sends two calls, then both sync, and again
// until both refuse. Between two syncs an instance does not see the other's two calls, so the
// stated bound is the limit plus what the other admitted in one sync interval: 20 + 2. Without
// sharing they would admit 40.
void tst_SharedLimits::rateLimitSharedWithinItsBound_R_BILL_4()
{
    GatewayHarness h;
    FakeUpstream up;
    QVERIFY(up.listen());
    up.setDefault(FakeUpstream::openAiChat(u"up-chat"_s));
    addPricedModel(h, up);
    constexpr int kLimit = 20;
    constexpr int kPerSync = 2;
    h.ws.keys.first().limits.requestsPerMinute = kLimit;
    h.options.leasedBudgets = true;
    QFETCH(QString, engine);
    if (engine == u"postgres")
        SKIP_WITHOUT_POSTGRES();
    EngineDatabase db(engine);
    QVERIFY(db.isValid());
    Instance a(db.path(), u"gw-a"_s);
    Instance b(db.path(), u"gw-b"_s);
    QVERIFY(a.start(h.ws, h.options));
    QVERIFY(b.start(h.ws, h.options));
    h.address = a.address; // the harness's calls go to the first
    SharedLimits sa(a.service.get());
    SharedLimits sb(b.service.get());
    QVERIFY(sa.open(db.path(), u"gw-a"_s));
    QVERIFY(sb.open(db.path(), u"gw-b"_s));
    const auto ws = std::make_shared<const Domain::Workspace>(h.ws);
    sa.setWorkspace(ws);
    sb.setWorkspace(ws);
    sa.start(0);
    sb.start(0);

    int served = 0;
    int refusedA = 0;
    int refusedB = 0;
    qint64 admittedA = 0;
    qint64 admittedB = 0;
    for (int round = 0; round < 20 && (refusedA == 0 || refusedB == 0); ++round) {
        for (int i = 0; i < kPerSync; ++i) {
            const int a = h.chat(u"fake/chat"_s).status;
            const int bs = on(h, b.address, [&] { return h.chat(u"fake/chat"_s).status; });
            served += (a == 200) + (bs == 200);
            admittedA += a == 200;
            admittedB += bs == 200;
            refusedA += a == 429;
            refusedB += bs == 429;
        }
        // Each instance's own counts as its gateway reported them, then the syncs.
        QTRY_COMPARE_WITH_TIMEOUT(admitted(*a.service), admittedA, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(admitted(*b.service), admittedB, 5000);
        sa.sync();
        sb.sync();
    }
    QVERIFY(refusedA > 0 && refusedB > 0);
    QVERIFY2(served >= kLimit, qPrintable(QString::number(served)));
    QVERIFY2(served <= kLimit + kPerSync, qPrintable(QString::number(served)));
}

// PostgreSQL's connections ended as a server restart ends them: the next sync fails, the budget's
// calls get budget_unavailable and the others are served; the sync after connects again.
void tst_SharedLimits::postgresConnectionsLostAndBack_R_BILL_3()
{
    PgDatabase pg;
    REQUIRE_POSTGRES(pg);
    GatewayHarness h;
    FakeUpstream up;
    QVERIFY(up.listen());
    up.setDefault(FakeUpstream::openAiChat(u"up-chat"_s));
    addPricedModel(h, up);
    h.ws.keys.first().limits.dailyUsd = 1.0;
    const Config::NewKey free
        = Config::makeKey(u"default"_s, u"no budget"_s, QDateTime::currentDateTimeUtc());
    h.ws.keys << free.key;
    h.options.leasedBudgets = true;
    Instance a(pg.url(), u"gw-a"_s);
    QVERIFY(a.start(h.ws, h.options));
    h.address = a.address;
    SharedLimits shared(a.service.get());
    QVERIFY(shared.open(pg.url(), u"gw-a"_s));
    shared.setWorkspace(std::make_shared<const Domain::Workspace>(h.ws));
    shared.start(0);
    const QString budgeted = h.key;
    QCOMPARE(h.post(u"/v1/chat/completions"_s, body(100)).status, 200);

    {
        auto admin = Store::Database::open(pg.url());
        QVERIFY(admin);
        QSqlQuery q((*admin)->handle());
        QVERIFY(q.exec(u"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                       "datname = current_database() AND pid <> pg_backend_pid()"_s));
    }
    shared.sync();
    QVERIFY(!shared.reachable());
    const GatewayHarness::Reply refused = h.post(u"/v1/chat/completions"_s, body(100));
    QCOMPARE(refused.status, 503);
    QCOMPARE(codeOf(refused.body), u"budget_unavailable"_s);
    h.key = free.secret;
    QCOMPARE(h.post(u"/v1/chat/completions"_s, body(100)).status, 200);

    shared.sync();
    QVERIFY(shared.reachable());
    h.key = budgeted;
    QCOMPARE(h.post(u"/v1/chat/completions"_s, body(100)).status, 200);
}

// A monthly budget's lease is the month's: a new UTC day leaves what the instance was granted and
// charged this month as it was, so a call that fits the month is served after midnight too.
void tst_SharedLimits::monthlyLeaseOutlivesTheDay_R_BILL_3()
{
    SimulatedTime time(1000000, QDateTime(QDate(2026, 11, 29), QTime(23, 58), Qt::UTC));
    GatewayHarness h;
    h.time = &time;
    FakeUpstream up;
    QVERIFY(up.listen());
    FakeUpstream::Response full = FakeUpstream::openAiChat(u"up-chat"_s);
    full.body.replace("\"completion_tokens\":7", "\"completion_tokens\":1000");
    up.setDefault(full); // each call charged its whole hold, 0.002
    addPricedModel(h, up);
    h.ws.keys.first().limits.monthlyUsd = 0.02;
    h.options.leasedBudgets = true;
    h.writer()->setInstance(u"gw-a"_s);
    QVERIFY(h.start());
    SharedLimits shared(h.service.get(), &time);
    QVERIFY(shared.open(h.databasePath(), u"gw-a"_s));
    shared.setWorkspace(std::make_shared<const Domain::Workspace>(h.ws));
    shared.start(0);
    const auto monthUsed = [&] {
        for (const Routing::ScopeSpend &s : h.service->spend()) {
            if (s.scope == Routing::SpendScope::Key)
                return s.monthUsed;
        }
        return 0.0;
    };
    for (int i = 1; i <= 6; ++i) {
        QCOMPARE(h.post(u"/v1/chat/completions"_s, body(1000)).status, 200);
        QTRY_VERIFY_WITH_TIMEOUT(monthUsed() > 0.002 * i - 1e-9, 5000);
        h.writer()->flush();
        shared.sync();
    }
    time.advance(3 * 60 * 1000); // 2026-11-30, the same month
    shared.sync();
    QCOMPARE(h.post(u"/v1/chat/completions"_s, body(1000)).status, 200);
    QCOMPARE(up.requestCount(), 7);
}

// Another instance's published count holds this one back; without the database for longer than a
// silent instance is counted, it counts no more and the limit is this instance's alone.
void tst_SharedLimits::othersRatesAgeWithoutTheDatabase_R_BILL_4()
{
    SimulatedTime time;
    GatewayHarness h;
    FakeUpstream up;
    QVERIFY(up.listen());
    up.setDefault(FakeUpstream::openAiChat(u"up-chat"_s));
    addPricedModel(h, up);
    h.ws.keys.first().limits.requestsPerMinute = 3;
    h.options.leasedBudgets = true;
    h.writer()->setInstance(u"gw-a"_s);
    QVERIFY(h.start());
    auto db = Store::Database::open(h.databasePath());
    QVERIFY(db);
    QSqlQuery q((*db)->handle());
    q.prepare(u"INSERT INTO rate_share (scope, id, instance, requests, tokens, updated_at) "
              "VALUES ('key', ?, 'gw-b', 3, 0, ?)"_s);
    q.addBindValue(h.ws.keys.first().id);
    q.addBindValue(time.nowUtc().toMSecsSinceEpoch());
    QVERIFY(q.exec());
    SharedLimits shared(h.service.get(), &time);
    QVERIFY(shared.open(h.databasePath(), u"gw-a"_s));
    shared.setWorkspace(std::make_shared<const Domain::Workspace>(h.ws));
    shared.start(0);
    QCOMPARE(h.chat(u"fake/chat"_s).status, 429); // gw-b used the minute's three

    QVERIFY(q.exec(u"ALTER TABLE rate_share RENAME TO rate_share_away"_s));
    time.advance(SharedLimits::kRatesFreshMs / 2);
    shared.sync();
    QVERIFY(!shared.reachable());
    QCOMPARE(h.chat(u"fake/chat"_s).status, 429); // still counted
    time.advance(SharedLimits::kRatesFreshMs);
    shared.sync();
    QCOMPARE(h.chat(u"fake/chat"_s).status, 200);
}

// Holds that settled for far less than they held leave a lease the instance no longer needs: it
// goes back (down to one step), and the other instance leases it.
void tst_SharedLimits::leaseOfSettledHoldsGoesBack_R_BILL_3()
{
    GatewayHarness h;
    FakeUpstream up;
    QVERIFY(up.listen());
    FakeUpstream::Response held = FakeUpstream::openAiChat(u"up-chat"_s);
    held.before = FakeUpstream::Response::Before::Hold;
    up.setDefault(held); // 7 output tokens: each call charged 0.000014 of its 0.2 hold
    addPricedModel(h, up);
    h.ws.keys.first().limits.dailyUsd = 1.0; // five holds of 0.2
    h.options.leasedBudgets = true;
    QFETCH(QString, engine);
    if (engine == u"postgres")
        SKIP_WITHOUT_POSTGRES();
    EngineDatabase db(engine);
    QVERIFY(db.isValid());
    Instance a(db.path(), u"gw-a"_s);
    Instance b(db.path(), u"gw-b"_s);
    QVERIFY(a.start(h.ws, h.options));
    QVERIFY(b.start(h.ws, h.options));
    SharedLimits sa(a.service.get());
    SharedLimits sb(b.service.get());
    QVERIFY(sa.open(db.path(), u"gw-a"_s));
    QVERIFY(sb.open(db.path(), u"gw-b"_s));
    const auto ws = std::make_shared<const Domain::Workspace>(h.ws);
    sa.setWorkspace(ws);
    sb.setWorkspace(ws);
    sa.start(0); // gw-b leases nothing before it is called

    QNetworkAccessManager nam;
    QList<QNetworkReply *> replies;
    // One call on `g`: true when it reached the upstream (held there), false when refused.
    const auto call = [&](Instance &g) {
        const int before = up.requestCount();
        const int holdsBefore = holds(*g.service);
        QNetworkRequest req(QUrl(u"http://"_s + g.address + u"/v1/chat/completions"_s));
        req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        req.setRawHeader("Authorization", "Bearer " + h.key.toLatin1());
        QNetworkReply *r
            = nam.post(req, QJsonDocument(body(100000)).toJson(QJsonDocument::Compact));
        replies << r;
        if (!QTest::qWaitFor([&] { return up.requestCount() > before || r->isFinished(); }, 10000))
            return false;
        if (r->isFinished()) {
            // Its report of the hold it asked for, which sizes its next lease.
            (void)QTest::qWaitFor([&] { return largestHold(*g.service) > 0.2 - 1e-9; }, 10000);
            return false;
        }
        return QTest::qWaitFor([&] { return holds(*g.service) > holdsBefore; }, 10000);
    };
    int admittedA = 0;
    for (int i = 0; i < 8; ++i) {
        admittedA += call(a);
        sa.sync();
    }
    QCOMPARE(admittedA, 5);
    sb.start(0);
    QVERIFY(!call(b)); // all of it is leased by gw-a
    sb.sync();

    up.releaseHeld();
    for (QNetworkReply *r : replies)
        QTRY_VERIFY_WITH_TIMEOUT(r->isFinished(), 10000);
    QVERIFY(a.writer.flush());
    QTRY_COMPARE_WITH_TIMEOUT(holds(*a.service), 0, 5000);
    sa.sync(); // lowers gw-a's lease in its gateway first
    const auto granted = [&] {
        for (const Routing::ScopeSpend &s : a.service->spend()) {
            if (s.scope == Routing::SpendScope::Key)
                return s.dayGranted;
        }
        return -1.0;
    };
    QTRY_VERIFY_WITH_TIMEOUT(granted() < 0.5, 5000);
    sa.sync(); // then in the database
    const double leasedA = stored(db.path(),
                                  u"SELECT COALESCE(SUM(leased), 0) FROM budget_lease WHERE "
                                  "instance = 'gw-a' AND length(period) = 10"_s);
    QVERIFY2(leasedA < 0.5, qPrintable(QString::number(leasedA)));

    int admittedB = 0;
    for (int i = 0; i < 4; ++i) {
        sb.sync();
        admittedB += call(b);
    }
    QCOMPARE(admittedB, 2); // what gw-a gave back, but for its few charges
    const double total = stored(db.path(),
                                u"SELECT COALESCE(SUM(leased), 0) FROM budget_lease "
                                "WHERE length(period) = 10"_s)
        + stored(db.path(),
                 u"SELECT COALESCE(SUM(amount), 0) FROM spend WHERE scope = 'key' "
                 "AND length(period) = 10"_s);
    QVERIFY2(total <= 1.0 + 1e-9, qPrintable(QString::number(total)));
    up.releaseHeld();
    for (QNetworkReply *r : replies)
        QTRY_VERIFY_WITH_TIMEOUT(r->isFinished(), 10000);
    qDeleteAll(replies);
}

// The gateway stopped and started again by hand begins its books at nothing charged: its old run's
// lease is given back and it is leased afresh, so what it may still use is never more than what
// the database holds as its lease.
void tst_SharedLimits::gatewayStartedAgainLeasesAfresh_R_BILL_3()
{
    GatewayHarness h;
    FakeUpstream up;
    QVERIFY(up.listen());
    FakeUpstream::Response full = FakeUpstream::openAiChat(u"up-chat"_s);
    full.body.replace("\"completion_tokens\":7", "\"completion_tokens\":1000");
    up.setDefault(full); // each call charged its whole hold, 0.002
    addPricedModel(h, up);
    h.ws.keys.first().limits.dailyUsd = 0.01;
    h.options.leasedBudgets = true;
    h.writer()->setInstance(u"gw-a"_s);
    QVERIFY(h.start());
    SharedLimits shared(h.service.get());
    QVERIFY(shared.open(h.databasePath(), u"gw-a"_s));
    shared.setWorkspace(std::make_shared<const Domain::Workspace>(h.ws));
    shared.start(0);
    const auto key = [&]() -> Routing::ScopeSpend {
        for (const Routing::ScopeSpend &s : h.service->spend()) {
            if (s.scope == Routing::SpendScope::Key)
                return s;
        }
        return {};
    };
    const auto leased = [&] {
        return stored(h.databasePath(),
                      u"SELECT COALESCE(SUM(leased), 0) FROM budget_lease WHERE instance = "
                      "'gw-a' AND length(period) = 10"_s);
    };
    QCOMPARE(h.post(u"/v1/chat/completions"_s, body(1000)).status, 503); // a step too small
    QTRY_VERIFY_WITH_TIMEOUT(key().largestHold > 0, 5000);
    shared.sync();
    QCOMPARE(h.post(u"/v1/chat/completions"_s, body(1000)).status, 200);
    QTRY_VERIFY_WITH_TIMEOUT(key().dayUsed > 0, 5000);
    h.writer()->flush();
    shared.sync();

    QSignalSpy stopped(h.service.get(), &Gateway::GatewayService::stopped);
    h.service->stop();
    QVERIFY(stopped.wait(5000));
    h.writer()->flush();
    QSignalSpy started(h.service.get(), &Gateway::GatewayService::started);
    h.service->start(h.options, std::make_shared<const Domain::Workspace>(h.ws));
    QVERIFY(started.wait(5000));
    h.address = started.at(0).at(0).toString();
    shared.sync();
    QTRY_VERIFY_WITH_TIMEOUT(key().dayGranted > 0 && key().dayUsed == 0, 5000);
    const Routing::ScopeSpend now = key();
    QVERIFY2(now.dayGranted - now.dayUsed - now.held <= leased() + 1e-9,
             qPrintable(u"%1 granted, %2 leased"_s.arg(now.dayGranted).arg(leased())));
    QCOMPARE(h.post(u"/v1/chat/completions"_s, body(100)).status, 200);
}

QTEST_MAIN(tst_SharedLimits)
#include "tst_sharedlimits.moc"
