#include "gateway/adminroutes.h"
#include "gateway/gatewaymetrics.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using Gateway::AdminRoutes;
using Route = Gateway::AdminRoutes::Route;

// The gateway's own routes, answered without a call (R-OBS-1, R-DIR-1): which paths they are,
// which needs a key, and what each answers, without a socket. tst_gatewayworker asks them over
// HTTP.
class tst_AdminRoutes : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void routeForPath_data();
    void routeForPath();
    void healthOpenToAnyone_R_OBS_1();
    void modelsListsWhatTheKeyMayUse_R_DIR_1_data();
    void modelsListsWhatTheKeyMayUse_R_DIR_1();
    void metricsShowCountersAndGaugesOfNow_R_OBS_1();
};

namespace {

// Models test/x, test/y and a disabled test/off; alias "fast" for test/y and "old" for test/x,
// replaced by test/y from 2025-01-01 on; one key in project "default".
Domain::Workspace workspace()
{
    Domain::Workspace ws;
    ws.projects << Domain::Project { u"default"_s, u"Default"_s, {} };
    for (const QString &name : { u"test/x"_s, u"test/y"_s, u"test/off"_s }) {
        Domain::Model m;
        m.name = name;
        m.enabled = name != u"test/off"_s;
        ws.models << m;
    }
    Domain::Alias fast;
    fast.name = u"fast"_s;
    fast.target = u"test/y"_s;
    Domain::Alias old;
    old.name = u"old"_s;
    old.target = u"test/x"_s;
    old.deprecationDate = QDate(2025, 1, 1);
    old.replacement = u"test/y"_s;
    ws.aliases << fast << old;
    Domain::Key key;
    key.id = u"key_1"_s;
    key.project = u"default"_s;
    ws.keys << key;
    return ws;
}

QStringList ids(const QByteArray &body)
{
    QStringList out;
    for (const QJsonValue &v : QJsonDocument::fromJson(body).object().value(u"data"_s).toArray())
        out << v.toObject().value(u"id"_s).toString();
    return out;
}

} // namespace

void tst_AdminRoutes::routeForPath_data()
{
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<Route>("route");
    QTest::newRow("health") << QByteArray("/healthz") << Route::Health;
    QTest::newRow("models") << QByteArray("/v1/models") << Route::Models;
    QTest::newRow("metrics") << QByteArray("/metrics") << Route::Metrics;
    QTest::newRow("a call") << QByteArray("/v1/chat/completions") << Route::None;
    QTest::newRow("trailing slash") << QByteArray("/v1/models/") << Route::None;
    QTest::newRow("other case") << QByteArray("/Metrics") << Route::None;
    QTest::newRow("empty") << QByteArray() << Route::None;
}

void tst_AdminRoutes::routeForPath()
{
    QFETCH(QByteArray, path);
    QFETCH(Route, route);
    QCOMPARE(AdminRoutes::routeFor(path), route);
}

void tst_AdminRoutes::healthOpenToAnyone_R_OBS_1()
{
    QVERIFY(!AdminRoutes::needsKey(Route::Health));
    QVERIFY(AdminRoutes::needsKey(Route::Models));
    QVERIFY(AdminRoutes::needsKey(Route::Metrics));
    QVERIFY(AdminRoutes::needsKey(Route::None)); // a call
    const Gateway::HttpResponse r = AdminRoutes::health();
    QCOMPARE(r.status, 200);
    QCOMPARE(r.contentType, QByteArray("application/json"));
    QCOMPARE(QJsonDocument::fromJson(r.body).object().value(u"status"_s).toString(), u"ok"_s);
}

void tst_AdminRoutes::modelsListsWhatTheKeyMayUse_R_DIR_1_data()
{
    QTest::addColumn<QStringList>("allowed"); // the key's allowed models; empty: any
    QTest::addColumn<QDate>("today");
    QTest::addColumn<QStringList>("listed");
    const QDate before(2024, 12, 31);
    const QDate after(2025, 1, 1);
    QTest::newRow("any model, before the alias is replaced")
        << QStringList() << before << QStringList { u"test/x"_s, u"test/y"_s, u"fast"_s, u"old"_s };
    QTest::newRow("test/y only: the alias of test/x is not listed")
        << QStringList { u"test/y"_s } << before << QStringList { u"test/y"_s, u"fast"_s };
    QTest::newRow("test/y only: from the replacement date the alias runs as test/y")
        << QStringList { u"test/y"_s } << after << QStringList { u"test/y"_s, u"fast"_s, u"old"_s };
    QTest::newRow("a disabled model only")
        << QStringList { u"test/off"_s } << before << QStringList();
}

void tst_AdminRoutes::modelsListsWhatTheKeyMayUse_R_DIR_1()
{
    QFETCH(QStringList, allowed);
    QFETCH(QDate, today);
    QFETCH(QStringList, listed);
    Domain::Workspace ws = workspace();
    if (!allowed.isEmpty())
        ws.keys.first().directives.allowedModels = allowed;
    const Gateway::HttpResponse r = AdminRoutes::models(ws, ws.keys.first(), today);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.contentType, QByteArray("application/json"));
    QCOMPARE(QJsonDocument::fromJson(r.body).object().value(u"object"_s).toString(), u"list"_s);
    QCOMPARE(ids(r.body), listed);
}

void tst_AdminRoutes::metricsShowCountersAndGaugesOfNow_R_OBS_1()
{
    Gateway::GatewayMetrics metrics;
    const AdminRoutes routes(metrics);
    metrics.recordRejected(401, u"authentication_error"_s);
    Gateway::LiveStats now;
    now.inFlight = 3;
    now.coolingDown = 2;
    now.connections = 5;
    now.receipts.queued = 7;
    const Gateway::HttpResponse r = routes.metrics(now);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.contentType, QByteArray("text/plain; version=0.0.4"));
    for (const char *line :
         { "switchboard_rejected_total{reason=\"authentication_error\"} 1\n",
           "switchboard_calls_in_flight 3\n", "switchboard_cooldowns_active 2\n",
           "switchboard_connections_open 5\n", "switchboard_receipts_queued 7\n" })
        QVERIFY2(r.body.contains(line), line);
    // The counters are read when asked, not when the routes were made.
    metrics.recordRejected(401, u"authentication_error"_s);
    QVERIFY(routes.metrics(now).body.contains(
        "switchboard_rejected_total{reason=\"authentication_error\"} 2\n"));
}

QTEST_MAIN(tst_AdminRoutes)
#include "tst_adminroutes.moc"
