// Reliability probes run by the runtime (docs/probes.md, R-REL-*): on demand and on a schedule,
// through the gateway's own engine to simulator connections, graded, stored, receipted with kind
// probe, and feeding the order in which tool requests are routed.
#include "config/changelist.h"
#include "config/keys.h"
#include "gateway/gatewayservice.h"
#include "probeworkspace.h"
#include "runtime/operations.h"
#include "runtime/probescheduler.h"
#include "runtime/runtime.h"
#include "simulatedtime.h"
#include "store/configstore.h"
#include "store/database.h"
#include "store/probestore.h"
#include "store/receiptreader.h"
#include "tempdatabase.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;

class tst_ProbeRuns : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void runNowGradesStoresAndReceipts_R_REL_1();
    void shutdownDuringProbesWritesTheirReceipts_R_RCPT_1();
    void probeRunReordersToolRequests_R_REL_1();
    void scheduleSkipsMeteredAndWaitsItsInterval_R_REL_1();
};

namespace {

constexpr int kTimeoutMs = 30000;

using ProbeFixture::offering;
using ProbeFixture::simulator;

// probe/chat on "bad" (every answer malformed) then "good"; probe/paid on a metered connection.
// Returns the caller key's secret.
QString seed(const QString &path, int intervalHours, int latencyMs = 0)
{
    Domain::Workspace ws;
    ws.probeIntervalHours = intervalHours;
    ws.projects << Domain::Project { u"default"_s, u"Default"_s, {} };
    ws.providers << Domain::Provider { u"simulator"_s, u"Simulator"_s, true, true, {} };
    ws.connections << simulator(u"bad"_s, 1.0) << simulator(u"good"_s, 0.0)
                   << simulator(u"paid"_s, 0.0, true);
    for (Domain::Connection &c : ws.connections)
        c.simulator.latencyMs = latencyMs;
    Domain::Model chat;
    chat.name = u"probe/chat"_s;
    chat.offerings << offering(u"bad"_s) << offering(u"good"_s);
    Domain::Model paid;
    paid.name = u"probe/paid"_s;
    paid.offerings << offering(u"paid"_s);
    ws.models << chat << paid;
    const Config::NewKey key
        = Config::makeKey(u"default"_s, u"test"_s, QDateTime::currentDateTimeUtc());
    ws.keys << key.key;
    auto db = Store::Database::open(path);
    if (!db)
        return {};
    Store::ConfigStore store(**db);
    return store.save(ws, { Config::workspaceCreated(u"Seed"_s) }, u"test"_s) ? key.secret
                                                                              : QString();
}

bool startAndWait(Runtime::Runtime &runtime)
{
    QSignalSpy started(runtime.gateway(), &Gateway::GatewayService::started);
    Gateway::GatewayOptions options;
    options.port = 0;
    return runtime.start(options) && started.wait(kTimeoutMs);
}

bool shutDown(Runtime::Runtime &runtime)
{
    QSignalSpy finished(&runtime, &Runtime::Runtime::shutdownFinished);
    runtime.shutdown();
    return finished.wait(kTimeoutMs);
}

// A chat call with a tool on the runtime's gateway: the connection that served it and the
// receipt's skips as "candidate:reason".
struct Served
{
    int status = 0;
    QString servedBy;
    QString requestId;
};

Served callWithTool(Runtime::Runtime &runtime, const QString &key)
{
    const QJsonObject tool {
        { u"type"_s, u"function"_s },
        { u"function"_s,
          QJsonObject { { u"name"_s, u"lookup"_s },
                        { u"parameters"_s, QJsonObject { { u"type"_s, u"object"_s } } } } }
    };
    const QJsonObject body {
        { u"model"_s, u"probe/chat"_s },
        { u"tools"_s, QJsonArray { tool } },
        { u"messages"_s,
          QJsonArray { QJsonObject { { u"role"_s, u"user"_s }, { u"content"_s, u"hi"_s } } } }
    };
    QNetworkAccessManager nam;
    QNetworkRequest request(
        QUrl(u"http://"_s + runtime.gateway()->address() + u"/v1/chat/completions"_s));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Authorization", "Bearer " + key.toLatin1());
    QNetworkReply *reply = nam.post(request, QJsonDocument(body).toJson());
    QSignalSpy done(reply, &QNetworkReply::finished);
    Served s;
    if (!done.wait(kTimeoutMs))
        return s;
    s.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    s.servedBy = QString::fromLatin1(reply->rawHeader("x-gateway-served-by"));
    s.requestId = QString::fromLatin1(reply->rawHeader("x-request-id"));
    reply->deleteLater();
    return s;
}

QList<Domain::ProbeResult> runAndWait(Runtime::Runtime &runtime,
                                      const Domain::ProbeRequest &request)
{
    QSignalSpy finished(runtime.probes(), &Runtime::ProbeScheduler::runFinished);
    if (!runtime.probes()->runNow(request) || !finished.wait(kTimeoutMs))
        return {};
    return finished.at(0).at(0).value<QList<Domain::ProbeResult>>();
}

} // namespace

// R-REL-1: "Probe now" sends every task of the set to each certified offering through the
// gateway: a well-behaved offering passes all, one whose answers a caller's code cannot use fails
// all, with the reason and its output; each result is stored, and each probe has a receipt of
// kind probe.
void tst_ProbeRuns::runNowGradesStoresAndReceipts_R_REL_1()
{
    TempDatabase db;
    QVERIFY(!seed(db.path(), 0).isEmpty());
    Runtime::Runtime runtime;
    QVERIFY(runtime.open(db.path(), u"test"_s));
    QVERIFY(startAndWait(runtime));
    const QList<Domain::ProbeResult> results = runAndWait(runtime, { u"probe/chat"_s, {}, false });
    QCOMPARE(results.size(), 12); // 2 offerings × 6 tasks
    int goodPassed = 0;
    int badFailed = 0;
    for (const Domain::ProbeResult &r : results) {
        QCOMPARE(r.model, u"probe/chat"_s);
        QVERIFY(!r.requestId.isEmpty());
        if (r.connection == u"good"_s) {
            QVERIFY2(r.outcome == Domain::ProbeResult::Outcome::Passed, qPrintable(r.reason));
            ++goodPassed;
        } else {
            QCOMPARE(r.connection, u"bad"_s);
            QCOMPARE(Domain::toString(r.outcome), u"failed"_s);
            QVERIFY(!r.reason.isEmpty());
            QVERIFY(!r.output.isEmpty());
            if (r.kind == u"tools"_s)
                QVERIFY2(r.reason.contains(u"text"_s), qPrintable(r.reason));
            ++badFailed;
        }
    }
    QCOMPARE(goodPassed, 6);
    QCOMPARE(badFailed, 6);
    QVERIFY(shutDown(runtime));

    {
        auto read = Store::Database::open(db.path(), Store::Database::Mode::ReadOnly);
        QVERIFY(read);
        const auto stored = Store::ProbeStore(**read).since(0);
        QVERIFY(stored);
        QCOMPARE(stored->size(), 12);
        for (const Domain::ProbeResult &r : results) {
            const auto receipt = Store::ReceiptReader(**read).receiptByRequestId(r.requestId);
            QVERIFY2(receipt, qPrintable(r.requestId));
            QCOMPARE(Domain::toString(receipt->kind), u"probe"_s);
            QCOMPARE(receipt->servedBy, r.connection);
            QCOMPARE(receipt->modelAsked, u"probe/chat"_s);
        }
    }

    // SPEC §5: the export carries the offerings' recent probe results.
    auto ops = Runtime::Operations::open(db.path(), u"test"_s);
    QVERIFY(ops);
    const QString exported = db.path() + u".export.json"_s;
    QVERIFY((*ops)->exportWorkspace(exported));
    QFile file(exported);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QJsonObject chat;
    for (const QJsonValue &m : QJsonDocument::fromJson(file.readAll())[u"models"_s].toArray()) {
        if (m[u"name"_s] == u"probe/chat"_s)
            chat = m.toObject();
    }
    const QJsonObject badProbes = chat[u"offerings"_s][0][u"probes"_s].toObject();
    QCOMPARE(badProbes[u"toolsPassed"_s].toInt(), 0);
    QCOMPARE(badProbes[u"toolsTotal"_s].toInt(), 3);
    const QJsonObject goodProbes = chat[u"offerings"_s][1][u"probes"_s].toObject();
    QCOMPARE(goodProbes[u"structuredPassed"_s].toInt(), 3);
    QCOMPARE(goodProbes[u"structuredTotal"_s].toInt(), 3);
}

// R-REL-1: before any probe, a tool request goes to the first offering in the fixed order; once
// a probe run found it failing its tool tasks, the same request skips it as unreliable_tools and
// is served by the offering that passed.
void tst_ProbeRuns::probeRunReordersToolRequests_R_REL_1()
{
    TempDatabase db;
    const QString key = seed(db.path(), 0);
    QVERIFY(!key.isEmpty());
    Runtime::Runtime runtime;
    QVERIFY(runtime.open(db.path(), u"test"_s));
    QVERIFY(startAndWait(runtime));
    const Served before = callWithTool(runtime, key);
    QCOMPARE(before.status, 200);
    QCOMPARE(before.servedBy, u"bad"_s);
    QCOMPARE(runAndWait(runtime, { u"probe/chat"_s, {}, false }).size(), 12);
    const Domain::WorkspaceSnapshot run = runtime.withListings(runtime.workspace());
    const Domain::Model *m = run->model(u"probe/chat"_s);
    QCOMPARE(m->offerings.at(0).probes.toolsPassed, 0);
    QCOMPARE(m->offerings.at(0).probes.toolsTotal, 3);
    QCOMPARE(m->offerings.at(1).probes.toolsPassed, 3);
    QCOMPARE(m->offerings.at(1).probes.structuredPassed, 3);
    const Served after = callWithTool(runtime, key);
    QCOMPARE(after.status, 200);
    QCOMPARE(after.servedBy, u"good"_s);
    QVERIFY(shutDown(runtime));
    auto read = Store::Database::open(db.path(), Store::Database::Mode::ReadOnly);
    QVERIFY(read);
    const auto receipt = Store::ReceiptReader(**read).receiptByRequestId(after.requestId);
    QVERIFY(receipt);
    QCOMPARE(Domain::toString(receipt->kind), u"call"_s);
    QCOMPARE(receipt->skips.size(), 1);
    QCOMPARE(Domain::toString(receipt->skips.at(0).reason), u"unreliable_tools"_s);
}

// R-REL-1: scheduled runs probe each certified offering on a connection that is not metered
// once its interval has passed, and leave the metered one alone.
void tst_ProbeRuns::scheduleSkipsMeteredAndWaitsItsInterval_R_REL_1()
{
    TempDatabase db;
    QVERIFY(!seed(db.path(), 1).isEmpty());
    SimulatedTime time;
    Runtime::Runtime runtime;
    runtime.setTimeSource(&time);
    QVERIFY(runtime.open(db.path(), u"test"_s));
    QSignalSpy runs(runtime.probes(), &Runtime::ProbeScheduler::runFinished);
    QVERIFY(startAndWait(runtime));
    time.advance(1);
    // One run per offering due: bad, then good; the metered "paid" never.
    QTRY_COMPARE_WITH_TIMEOUT(runs.size(), 2, kTimeoutMs);
    QSet<QString> probed;
    for (const QList<QVariant> &run : std::as_const(runs)) {
        for (const Domain::ProbeResult &r : run.at(0).value<QList<Domain::ProbeResult>>())
            probed.insert(r.connection);
    }
    QCOMPARE(probed, QSet<QString>({ u"bad"_s, u"good"_s }));
    const Domain::Offering good = runtime.workspace().model(u"probe/chat"_s)->offerings.at(1);
    const Domain::Offering paid = runtime.workspace().model(u"probe/paid"_s)->offerings.at(0);
    QVERIFY(runtime.probes()->lastRun(u"probe/chat"_s, good).isValid());
    QVERIFY(!runtime.probes()->nextRun(u"probe/paid"_s, paid).isValid());
    QCOMPARE(runtime.probes()->nextRun(u"probe/chat"_s, good),
             runtime.probes()->lastRun(u"probe/chat"_s, good).addSecs(3600));

    // Half an hour on: nothing is due (the scheduler's ticks find nothing).
    time.advance(30 * 60 * 1000);
    QCoreApplication::processEvents(); // the due ticks fire here; a run would start at once
    QVERIFY(!runtime.probes()->running());
    QCOMPARE(runs.size(), 2);
    // An hour after the first runs: both are probed again.
    time.advance(31 * 60 * 1000);
    QTRY_COMPARE_WITH_TIMEOUT(runs.size(), 4, kTimeoutMs);
    QVERIFY(shutDown(runtime));
}

// A graceful stop while the gateway's own probes are in flight ends them, each with its receipt,
// before the gateway reports stopped: the writer then stops with nothing left unwritten.
void tst_ProbeRuns::shutdownDuringProbesWritesTheirReceipts_R_RCPT_1()
{
    TempDatabase db;
    QVERIFY(!seed(db.path(), 0, 5000).isEmpty());
    Runtime::Runtime runtime;
    QVERIFY(runtime.open(db.path(), u"test"_s));
    QVERIFY(startAndWait(runtime));
    QVERIFY(runtime.probes()->runNow({ u"probe/chat"_s, {}, false }));
    QSignalSpy finished(&runtime, &Runtime::Runtime::shutdownFinished);
    runtime.shutdown();
    QVERIFY(finished.wait(kTimeoutMs));
    QCOMPARE(finished.at(0).at(0).toBool(), true); // every receipt written
    auto reading = Store::Database::open(db.path(), Store::Database::Mode::ReadOnly);
    QVERIFY(reading);
    QSqlQuery q((*reading)->handle());
    QVERIFY(q.exec(u"SELECT COUNT(*) FROM receipt WHERE kind = 'probe'"_s) && q.next());
    QVERIFY2(q.value(0).toInt() > 0, "the probes in flight left no receipt");
}

QTEST_MAIN(tst_ProbeRuns)
#include "tst_proberuns.moc"
