// Two gateways sharing one database through Runtime::HealthSync (README "Several gateways"): a
// candidate one cools down or drains is skipped by the other within a second, a re-enable on
// either ends it on both, and each decides from its own book meanwhile.
#include "gatewayharness.h"
#include "runtime/healthsync.h"
#include "store/candidatehealthstore.h"
#include "store/database.h"

#include <QSignalSpy>
#include <QSqlQuery>
#include <QTest>
#include <pgdatabase.h>

using namespace Qt::StringLiterals;
using Gateway::HealthEntry;
using Response = FakeUpstream::Response;

namespace {

// Generous, for a loaded machine: the 1 s promise is the poll interval's (plus the gateway's
// 100 ms health report), checked as such; tst_severalgateways logs the announcement's latency.
constexpr int kPropagationMs = 10000;
static_assert(Runtime::HealthSync::kPollMs <= 500);

const QString kFailing = u"conn-a/up-x"_s;

// One gateway instance: its harness (a gateway with a receipt writer of its own) and its sync on
// its own connection to the shared database.
struct Instance
{
    GatewayHarness h;
    std::unique_ptr<Store::Database> db;
    std::unique_ptr<Runtime::HealthSync> sync;
    std::unique_ptr<QSignalSpy> health;

    bool start(const QString &location, const QString &name)
    {
        if (!h.start())
            return false;
        auto opened = Store::Database::open(location);
        if (!opened) {
            qWarning("%s", qPrintable(Util::logText(opened.error())));
            return false;
        }
        db = std::move(opened).value();
        health = std::make_unique<QSignalSpy>(h.service.get(),
                                              &Gateway::GatewayService::healthChanged);
        sync = std::make_unique<Runtime::HealthSync>(*db, h.service.get(), name);
        sync->start();
        return true;
    }

    // The candidate's entry in the gateway's last health report; an empty key when none.
    HealthEntry entry(const QString &key) const
    {
        if (health->isEmpty())
            return {};
        for (const HealthEntry &e : health->last().at(0).value<QList<HealthEntry>>()) {
            if (e.key == key)
                return e;
        }
        return {};
    }
};

// Ends every other connection to the database, as a server restart would.
bool dropOtherConnections(const QString &location)
{
    auto db = Store::Database::open(location);
    if (!db)
        return false;
    QSqlQuery q((*db)->handle());
    return q.exec(u"SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                  "WHERE datname = current_database() AND pid <> pg_backend_pid()"_s);
}

} // namespace

class tst_HealthSync : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data() { addEngineRows(); }
    void init();
    void cleanup();
    void cooldownOnOneIsSkippedByTheOther_R_REC_2();
    void drainAndReenableReachTheOther_R_UI_11();
    void reenableOnTheOtherEndsTheCooldown_R_UI_11();
    void laterStartAppliesWhatIsCooling_R_REC_2();
    void drainWaitsForTheDatabase_R_UI_11();
    void sameInstanceNameStillShares_R_REC_2();

private:
    void setUpInstance(Instance &i);

    std::unique_ptr<EngineDatabase> m_shared;
    std::unique_ptr<FakeUpstream> m_a; // conn-a: always 503
    std::unique_ptr<FakeUpstream> m_b; // conn-b: answers
    std::unique_ptr<Instance> m_one;
    std::unique_ptr<Instance> m_two;
};

void tst_HealthSync::init()
{
    REQUIRE_ENGINE();
    m_shared = std::make_unique<EngineDatabase>();
    QVERIFY(m_shared->isValid());
    m_a = std::make_unique<FakeUpstream>();
    m_b = std::make_unique<FakeUpstream>();
    QVERIFY(m_a->listen() && m_b->listen());
    m_a->setDefault(FakeUpstream::openAiError(503, u"overloaded"_s, u"try later"_s));
    m_b->setDefault(FakeUpstream::openAiChat(u"up-x"_s));
    m_one = std::make_unique<Instance>();
    m_two = std::make_unique<Instance>();
    setUpInstance(*m_one);
    setUpInstance(*m_two);
}

void tst_HealthSync::cleanup()
{
    m_one.reset();
    m_two.reset();
    m_a.reset();
    m_b.reset();
    m_shared.reset();
}

// conn-a is tried first; a failure there cools it for a minute, and the call goes on to conn-b.
void tst_HealthSync::setUpInstance(Instance &i)
{
    i.h.addConnection(u"conn-a"_s, m_a->baseUrl());
    i.h.addConnection(u"conn-b"_s, m_b->baseUrl());
    i.h.addDirect(u"test/x"_s, { u"conn-a"_s, u"conn-b"_s });
}

void tst_HealthSync::cooldownOnOneIsSkippedByTheOther_R_REC_2()
{
    QVERIFY(m_one->start(m_shared->path(), u"gw-1"_s));
    QVERIFY(m_two->start(m_shared->path(), u"gw-2"_s));
    const auto first = m_one->h.chat(u"test/x"_s);
    QCOMPARE(first.status, 200);
    QCOMPARE(first.header("x-gateway-served-by"), QByteArray("conn-b"));
    QCOMPARE(m_a->requestCount(), 1);
    QTRY_VERIFY(m_one->entry(kFailing).cooldownRemainingMs > 0);
    QVERIFY(!m_one->entry(kFailing).shared); // its own

    QTRY_VERIFY_WITH_TIMEOUT(m_two->entry(kFailing).cooldownRemainingMs > 0, kPropagationMs);
    const HealthEntry told = m_two->entry(kFailing);
    QVERIFY(told.shared);
    QVERIFY(!told.drained);
    QCOMPARE(told.lastError, u"overloaded"_s); // the 503's class, as instance 1 recorded it
    QCOMPARE(told.lastError, m_one->entry(kFailing).lastError);
    QVERIFY(told.cooldownRemainingMs > 50000); // the minute's rest, not a fresh default
    const auto second = m_two->h.chat(u"test/x"_s);
    QCOMPARE(second.status, 200);
    QCOMPARE(second.header("x-gateway-served-by"), QByteArray("conn-b"));
    QCOMPARE(m_a->requestCount(), 1); // instance 2 never tried conn-a

    // Instance 2 does not announce what it was told as its own: the row stays instance 1's.
    for (int polls = 0; polls < 3; ++polls) {
        QSignalSpy polled(m_two->h.service.get(), &Gateway::GatewayService::healthChanged);
        QVERIFY(polled.wait(2000));
        m_two->sync->poll();
    }
    const auto rows = Store::CandidateHealthStore(*m_two->db).readAll();
    QVERIFY(rows);
    QCOMPARE(rows->size(), 1);
    QCOMPARE(rows->at(0).candidate, kFailing);
    QCOMPARE(rows->at(0).instance, u"gw-1"_s);
}

void tst_HealthSync::drainAndReenableReachTheOther_R_UI_11()
{
    m_a->setDefault(FakeUpstream::openAiChat(u"up-x"_s));
    QVERIFY(m_one->start(m_shared->path(), u"gw-1"_s));
    QVERIFY(m_two->start(m_shared->path(), u"gw-2"_s));
    m_one->h.service->drain(kFailing);
    QTRY_VERIFY_WITH_TIMEOUT(m_two->entry(kFailing).drained, kPropagationMs);
    QVERIFY(m_two->entry(kFailing).shared);
    QVERIFY(!m_one->entry(kFailing).shared);
    QCOMPARE(m_two->h.chat(u"test/x"_s).header("x-gateway-served-by"), QByteArray("conn-b"));
    QCOMPARE(m_a->requestCount(), 0);

    m_one->h.service->reenable(kFailing);
    QTRY_VERIFY_WITH_TIMEOUT(m_two->entry(kFailing).key.isEmpty(), kPropagationMs);
    QCOMPARE(m_two->h.chat(u"test/x"_s).header("x-gateway-served-by"), QByteArray("conn-a"));
    QCOMPARE(m_a->requestCount(), 1);

    // The other way round: a drain on instance 2 reaches instance 1.
    m_two->h.service->drain(kFailing);
    QTRY_VERIFY_WITH_TIMEOUT(m_one->entry(kFailing).drained, kPropagationMs);
    QCOMPARE(m_one->h.chat(u"test/x"_s).header("x-gateway-served-by"), QByteArray("conn-b"));
    QCOMPARE(m_a->requestCount(), 1);
}

void tst_HealthSync::reenableOnTheOtherEndsTheCooldown_R_UI_11()
{
    QVERIFY(m_one->start(m_shared->path(), u"gw-1"_s));
    QVERIFY(m_two->start(m_shared->path(), u"gw-2"_s));
    QCOMPARE(m_one->h.chat(u"test/x"_s).status, 200);
    QTRY_VERIFY_WITH_TIMEOUT(m_two->entry(kFailing).cooldownRemainingMs > 0, kPropagationMs);
    // Re-enabled by hand where it was only heard of: the gateway that cooled it hears of it.
    m_two->h.service->reenable(kFailing);
    QTRY_VERIFY(m_two->entry(kFailing).key.isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(m_one->entry(kFailing).key.isEmpty(), kPropagationMs);
    const int before = m_a->requestCount();
    m_one->h.chat(u"test/x"_s);
    QCOMPARE(m_a->requestCount(), before + 1); // conn-a is tried again
}

void tst_HealthSync::laterStartAppliesWhatIsCooling_R_REC_2()
{
    QVERIFY(m_one->start(m_shared->path(), u"gw-1"_s));
    QCOMPARE(m_one->h.chat(u"test/x"_s).status, 200);
    m_one->h.service->drain(u"conn-b/up-x"_s);
    QTRY_VERIFY(m_one->entry(u"conn-b/up-x"_s).drained);
    // Once both are in the table, a gateway that starts now begins with them.
    QTRY_VERIFY([&] {
        const auto rows = Store::CandidateHealthStore(*m_one->db).readAll();
        return rows && rows->size() == 2;
    }());
    QVERIFY(m_two->start(m_shared->path(), u"gw-2"_s));
    QTRY_VERIFY_WITH_TIMEOUT(m_two->entry(kFailing).cooldownRemainingMs > 0
                                 && m_two->entry(u"conn-b/up-x"_s).drained,
                             kPropagationMs);
    QCOMPARE(m_two->h.chat(u"test/x"_s).status, 503); // both candidates skipped
    QCOMPARE(m_a->requestCount(), 1);
    QCOMPARE(m_b->requestCount(), 1);
}

void tst_HealthSync::drainWaitsForTheDatabase_R_UI_11()
{
    if (currentEngine() != u"postgres"_s)
        QSKIP("An SQLite file has no connection to lose.");
    m_a->setDefault(FakeUpstream::openAiChat(u"up-x"_s));
    QVERIFY(m_one->start(m_shared->path(), u"gw-1"_s));
    QVERIFY(m_two->start(m_shared->path(), u"gw-2"_s));
    QVERIFY(dropOtherConnections(m_shared->path()));
    m_one->h.service->drain(kFailing);
    QTRY_VERIFY(m_one->sync->isFailing());
    // Decided here at once, whatever the database does.
    QTRY_VERIFY(m_one->entry(kFailing).drained);
    QCOMPARE(m_one->h.chat(u"test/x"_s).header("x-gateway-served-by"), QByteArray("conn-b"));
    // The runtime reconnects (Runtime::pollVersion); the drain waited and is written then.
    QVERIFY(m_one->db->reconnect());
    QVERIFY(m_two->db->reconnect());
    QTRY_VERIFY_WITH_TIMEOUT(m_two->entry(kFailing).drained, 10000);
    QVERIFY(!m_one->sync->isFailing());
    QCOMPARE(m_two->h.chat(u"test/x"_s).header("x-gateway-served-by"), QByteArray("conn-b"));
    QCOMPARE(m_a->requestCount(), 0);
}

// The studio's gateway and `serve` on one machine both default to the host's name: each still
// hears the other, since a process knows its own rows by what it wrote, not by the name alone.
void tst_HealthSync::sameInstanceNameStillShares_R_REC_2()
{
    QVERIFY(m_one->start(m_shared->path(), u"host"_s));
    QVERIFY(m_two->start(m_shared->path(), u"host"_s));
    QCOMPARE(m_one->h.chat(u"test/x"_s).status, 200);
    QTRY_VERIFY_WITH_TIMEOUT(m_two->entry(kFailing).cooldownRemainingMs > 0, kPropagationMs);
    QVERIFY(m_two->entry(kFailing).shared);
    m_two->h.service->drain(u"conn-b/up-x"_s);
    QTRY_VERIFY_WITH_TIMEOUT(m_one->entry(u"conn-b/up-x"_s).drained, kPropagationMs);
}

QTEST_MAIN(tst_HealthSync)
#include "tst_healthsync.moc"
