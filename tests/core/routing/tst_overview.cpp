#include "routing/overview.h"
#include "routingfixtures.h"

#include <QTest>
#include <functional>

using namespace Qt::StringLiterals;
using namespace RoutingFixtures;

using Edit = std::function<void(Domain::Workspace &)>;
Q_DECLARE_METATYPE(Edit)

class tst_Overview : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sentences_R_UI_2_data();
    void sentences_R_UI_2();
    void joinWithAnd_R_UI_2_data();
    void joinWithAnd_R_UI_2();

private:
    static void addPoolRows(const QString &defaults);
    static void addDirectRows(const QString &defaults);
    static void addTimeoutRows();
};

void tst_Overview::sentences_R_UI_2_data()
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
void tst_Overview::addTimeoutRows()
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

void tst_Overview::addPoolRows(const QString &defaults)
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
                         "4,000 ms, cooldown 10,000 ms."_s };
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

void tst_Overview::addDirectRows(const QString &defaults)
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

void tst_Overview::sentences_R_UI_2()
{
    QFETCH(QString, model);
    QFETCH(Edit, edit);
    QFETCH(QStringList, expected);
    Domain::Workspace ws = seedWorkspace();
    edit(ws);
    QCOMPARE(Routing::overviewSentences(ws, *ws.model(model)), expected);
}

void tst_Overview::joinWithAnd_R_UI_2_data()
{
    QTest::addColumn<QStringList>("items");
    QTest::addColumn<QString>("expected");
    QTest::newRow("none") << QStringList() << QString();
    QTest::newRow("one") << QStringList { u"a"_s } << u"a"_s;
    QTest::newRow("two") << QStringList { u"a"_s, u"b"_s } << u"a and b"_s;
    QTest::newRow("four") << QStringList { u"a"_s, u"b"_s, u"c"_s, u"d"_s } << u"a, b, c and d"_s;
}

void tst_Overview::joinWithAnd_R_UI_2()
{
    QFETCH(QStringList, items);
    QFETCH(QString, expected);
    QCOMPARE(Routing::joinWithAnd(items), expected);
}

QTEST_GUILESS_MAIN(tst_Overview)
#include "tst_overview.moc"
