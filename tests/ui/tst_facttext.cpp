#include "../core/routing/routingfixtures.h"

#include <QTest>
#include <QTranslator>
#include <common/facttext.h>
#include <functional>
#include <routing/overview.h>

using namespace Qt::StringLiterals;
using namespace RoutingFixtures;

using Edit = std::function<void(Domain::Workspace &)>;
Q_DECLARE_METATYPE(Edit)
Q_DECLARE_METATYPE(Domain::Fact)

// The studio words the routing core's facts: the Overview's sentences (R-UI-2), the
// receipts' decisions and skips, in English by default and in German with its translator.
class tst_FactText : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }
    void sentences_R_UI_2_data();
    void sentences_R_UI_2();
    void joinWithAnd_R_UI_2_data();
    void joinWithAnd_R_UI_2();
    void receiptFacts_R_RCPT_1_data();
    void receiptFacts_R_RCPT_1();
    void germanWithItsTranslator_R_UI_9();

private:
    static void addPoolRows(const QString &defaults);
    static void addDirectRows(const QString &defaults);
    static void addTimeoutRows();
};

void tst_FactText::sentences_R_UI_2_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<Edit>("edit");
    QTest::addColumn<QStringList>("expected");

    const QString defaults = u"Recovery uses the defaults: 3 attempts, deadline 180,000 ms, "
                             "backoff 100 to 2,000 ms, cooldown 5,000 ms."_s;
    addPoolRows(defaults);
    addDirectRows(defaults);
    addTimeoutRows();
}

// R-REC-9: Default means the workspace's defaults; timeouts that differ from SPEC's are named.
void tst_FactText::addTimeoutRows()
{
    QTest::newRow("workspace defaults apply to Default R-REC-9")
        << u"sim/solo"_s << Edit([](Domain::Workspace &w) {
               w.recoveryDefaults.attempts = 2;
               w.recoveryDefaults.connectTimeoutMs = 2000;
           })
        << QStringList { u"Direct to 1 offering: sim-east."_s,
                         u"Recovery uses the defaults: 2 attempts, deadline 180,000 ms, backoff "
                         "100 to 2,000 ms, cooldown 5,000 ms, connect timeout 2,000 ms."_s };
    QTest::newRow("override names its timeouts R-REC-9")
        << u"sim/solo"_s << Edit([](Domain::Workspace &w) {
               w.recoveryDefaults.connectTimeoutMs = 2000; // replaced by the Override
               Domain::Model *m = w.model(u"sim/solo"_s);
               m->recovery.overridden = true;
               m->recovery.override.streamStartTimeoutMs = 45000;
               m->recovery.override.streamIdleTimeoutMs = 1000;
           })
        << QStringList { u"Direct to 1 offering: sim-east."_s,
                         u"Recovery is overridden: 3 attempts, deadline 180,000 ms, backoff 100 to "
                         "2,000 ms, cooldown 5,000 ms, stream start timeout 45,000 ms, stream idle "
                         "timeout 1,000 ms."_s };
}

void tst_FactText::addPoolRows(const QString &defaults)
{
    auto overridden = [](Domain::Workspace &w) {
        Domain::Model *m = w.model(u"demo/chat"_s);
        m->recovery.overridden = true;
        m->recovery.override = { 5, 60000, 200, 4000, 10000 };
    };
    QTest::newRow("seed: pool only in us-east-1, recovery overridden")
        << u"demo/chat"_s << Edit([&](Domain::Workspace &w) {
               w.model(u"demo/chat"_s)->pool.allowedRegions = { u"us-east-1"_s };
               overridden(w);
           })
        << QStringList { u"Weighted across 2 deployments, only in us-east-1."_s,
                         u"Recovery is overridden: 5 attempts, deadline 60,000 ms, backoff 200 to "
                         "4,000 ms, cooldown 10,000 ms."_s,
                         // One deployment left: it retries after its 10 s cooldown (R-UI-8).
                         u"When every attempt times out, attempts and waits take up to 90,000 ms, "
                         "past the deadline of 60,000 ms: attempts 4 to 5 can never start."_s };
    QTest::newRow("pool without regions, default recovery")
        << u"demo/chat"_s << Edit([](Domain::Workspace &) {})
        << QStringList { u"Weighted across 2 deployments, in any region."_s, defaults };
    QTest::newRow("pool with two regions")
        << u"demo/chat"_s << Edit([](Domain::Workspace &w) {
               w.model(u"demo/chat"_s)->pool.allowedRegions = { u"us-east-1"_s, u"us-west-2"_s };
           })
        << QStringList { u"Weighted across 2 deployments, only in us-east-1 and us-west-2."_s,
                         defaults };
    QTest::newRow("pool with one deployment, three regions")
        << u"demo/chat"_s << Edit([](Domain::Workspace &w) {
               Domain::Model *m = w.model(u"demo/chat"_s);
               m->pool.deployments.removeLast();
               m->pool.allowedRegions = { u"a"_s, u"b"_s, u"c"_s };
           })
        << QStringList { u"Weighted across 1 deployment, only in a, b and c."_s, defaults };
    QTest::newRow("empty pool")
        << u"demo/chat"_s
        << Edit([](Domain::Workspace &w) { w.model(u"demo/chat"_s)->pool.deployments.clear(); })
        << QStringList { u"Pool with no deployments yet: calls fail until one is added."_s,
                         defaults };
}

void tst_FactText::addDirectRows(const QString &defaults)
{
    QTest::newRow("direct with three offerings")
        << u"sim/three"_s << Edit([](Domain::Workspace &) {})
        << QStringList { u"Direct to 3 offerings, tried in a fixed order."_s, defaults };
    QTest::newRow("direct with one offering, used by a pool")
        << u"openai-2/gpt-4o"_s << Edit([](Domain::Workspace &) {})
        << QStringList { u"Direct to 1 offering: openai-2."_s, u"Deployment in demo/chat."_s,
                         defaults };
    QTest::newRow("direct without offerings")
        << u"sim/solo"_s
        << Edit([](Domain::Workspace &w) { w.model(u"sim/solo"_s)->offerings.clear(); })
        << QStringList { u"Direct, with no offerings yet: calls fail until one is added."_s,
                         defaults };
    QTest::newRow("direct with a region override")
        << u"sim/solo"_s << Edit([](Domain::Workspace &w) {
               w.model(u"sim/solo"_s)->servingRegionOverride = u"eu-west-1"_s;
           })
        << QStringList { u"Direct to 1 offering: sim-east."_s,
                         u"Serves from eu-west-1 (overridden)."_s, defaults };
    QTest::newRow("disabled model, one attempt")
        << u"sim/solo"_s << Edit([](Domain::Workspace &w) {
               Domain::Model *m = w.model(u"sim/solo"_s);
               m->enabled = false;
               m->recovery.overridden = true;
               m->recovery.override.attempts = 1;
           })
        << QStringList { u"This model is off: calls naming it get 403 model_disabled."_s,
                         u"Direct to 1 offering: sim-east."_s,
                         u"Recovery is overridden: 1 attempt, deadline 180,000 ms, backoff 100 to "
                         "2,000 ms, cooldown 5,000 ms."_s };
}

void tst_FactText::sentences_R_UI_2()
{
    QFETCH(QString, model);
    QFETCH(Edit, edit);
    QFETCH(QStringList, expected);
    Domain::Workspace ws = seedWorkspace();
    edit(ws);
    QCOMPARE(Ui::Common::overviewSentences(ws, *ws.model(model)), expected);
}

void tst_FactText::joinWithAnd_R_UI_2_data()
{
    QTest::addColumn<QStringList>("items");
    QTest::addColumn<QString>("expected");
    QTest::newRow("none") << QStringList() << QString();
    QTest::newRow("one") << QStringList { u"a"_s } << u"a"_s;
    QTest::newRow("two") << QStringList { u"a"_s, u"b"_s } << u"a and b"_s;
    QTest::newRow("four") << QStringList { u"a"_s, u"b"_s, u"c"_s, u"d"_s } << u"a, b, c and d"_s;
}

void tst_FactText::joinWithAnd_R_UI_2()
{
    QFETCH(QStringList, items);
    QFETCH(QString, expected);
    QCOMPARE(Ui::Common::joinWithAnd(items), expected);
}

void tst_FactText::receiptFacts_R_RCPT_1_data()
{
    using Domain::fact;
    using Domain::FactCode;
    QTest::addColumn<Domain::Fact>("fact");
    QTest::addColumn<QString>("expected");
    QTest::newRow("retried") << fact(FactCode::AttemptRetried, {},
                                     { fact(FactCode::StatusTransient, { 503 }) })
                             << u"retried: 503 is transient"_s;
    QTest::newRow("final, gave up")
        << fact(FactCode::AttemptFinalGaveUp, {},
                { fact(FactCode::TransportTransient, { u"connect_timeout"_s }),
                  fact(FactCode::NoCandidateLeft, { u"demo/chat"_s }) })
        << u"final: connect_timeout before an answer is transient, but demo/chat has no "
           "candidate left"_s;
    QTest::newRow("served") << fact(FactCode::AttemptServed, {}, { fact(FactCode::Served) })
                            << u"served"_s;
    QTest::newRow("caller's error")
        << fact(FactCode::AttemptFinal, {}, { fact(FactCode::CallerError, { 400 }) })
        << u"final: 400 is the caller's error"_s;
    QTest::newRow("cooling, thousands grouped")
        << fact(FactCode::CoolingDownFor, { 12500 }) << u"cooling down for 12,500 ms more"_s;
    QTest::newRow("no region in a pool")
        << fact(FactCode::RegionNotInPool, { QString(), QStringList { u"us-east-1"_s, u"eu"_s } })
        << u"serving region (none) is not in the pool's allowed regions us-east-1, eu"_s;
    QTest::newRow("provider denied")
        << fact(FactCode::ProviderDenied, { u"azure"_s, u"project"_s })
        << u"provider azure is not allowed by the project directives"_s;
    QTest::newRow("probes") << fact(FactCode::ProbesPassed, { 1, 4 })
                            << u"passed 1 of 4 recent probes"_s;
    QTest::newRow("fallback reason")
        << fact(FactCode::LastAttemptReserved) << u"the last attempt is reserved for fallback"_s;
}

void tst_FactText::receiptFacts_R_RCPT_1()
{
    QFETCH(Domain::Fact, fact);
    QFETCH(QString, expected);
    QCOMPARE(Ui::Common::factText(fact), expected);
    // What a receipt stores reads back as the same fact.
    QCOMPARE(Domain::decodeFact(Domain::encodeFact(fact)), fact);
}

void tst_FactText::germanWithItsTranslator_R_UI_9()
{
    QTranslator german;
    QVERIFY(german.load(u":/i18n/switchboard_de.qm"_s));
    QCoreApplication::installTranslator(&german);
    const Domain::Fact retried
        = Domain::fact(Domain::FactCode::AttemptRetried, {},
                       { Domain::fact(Domain::FactCode::StatusTransient, { 503 }) });
    const QString text = Ui::Common::factText(retried);
    Domain::Workspace ws = seedWorkspace();
    const QStringList overview = Ui::Common::overviewSentences(ws, *ws.model(u"demo/chat"_s));
    QCoreApplication::removeTranslator(&german);
    QCOMPARE(text, u"wiederholt: 503 ist vorübergehend"_s);
    QCOMPARE(overview.first(), u"Gewichtet über 2 Deployments, in jeder Region."_s);
    QCOMPARE(Ui::Common::factText(retried), u"retried: 503 is transient"_s);
}

QTEST_MAIN(tst_FactText)
#include "tst_facttext.moc"
