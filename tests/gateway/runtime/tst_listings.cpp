#include "config/receiptjson.h"
#include "domain/callrecord.h"
#include "domain/listing.h"
#include "fakeupstream.h"
#include "gateway/listingmetrics.h"
#include "routing/planner.h"
#include "runtime/listingrefresher.h"
#include "simulatedtime.h"
#include "store/database.h"
#include "store/listingstore.h"
#include "tempdatabase.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

// Provider listings (docs/listings.md, SPEC §2 step 9): the file format, the refresher with a
// local file and a local HTTP server on the simulated clock, staleness, the planner's reason, the
// receipt's listing times and the /metrics series.
class tst_Listings : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parse_data();
    void parse();
    void sources_data();
    void sources();
    void fileRefreshGivesFacts();
    void failedRefreshKeepsLastGoodFacts();
    void staleListingCountsAsNeither_SPEC_2_9();
    void missingListingCountsAsNeither_SPEC_2_9();
    void httpRefresh();
    void demoListingIsAResource();
    void receiptNamesListingTimes_SPEC_2_9();
    void metricsSeries();
};

namespace {

QByteArray listing(bool zdr, bool noTraining, const QString &id = u"openai"_s)
{
    return u"{\"format\":\"switchboard-provider-listing/1\",\"published\":"
           "\"2026-11-28T09:00:00Z\",\"providers\":[{\"id\":\"other\",\"zeroDataRetention\":"
           "true,\"noTraining\":true},{\"id\":\"%1\",\"zeroDataRetention\":%2,\"noTraining\":%3}]}"_s
               .arg(id, zdr ? u"true"_s : u"false"_s, noTraining ? u"true"_s : u"false"_s)
               .toUtf8();
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

// One provider with a listing source, one connection and one certified direct model.
Domain::Workspace workspace(const QString &source)
{
    Domain::Workspace ws;
    Domain::Provider p;
    p.id = u"openai"_s;
    p.zeroDataRetention = true; // set by hand: ignored while a source is set
    p.noTraining = true;
    p.listingSource = source;
    ws.providers << p;
    Domain::Connection c;
    c.name = u"openai-1"_s;
    c.provider = u"openai"_s;
    c.baseUrl = u"https://api.openai.com/v1"_s;
    ws.connections << c;
    Domain::Model m;
    m.name = u"gpt"_s;
    Domain::Offering o;
    o.connection = u"openai-1"_s;
    o.upstreamModel = u"gpt-4o"_s;
    m.offerings << o;
    ws.models << m;
    return ws;
}

Routing::Plan planWithZdr(const Domain::Workspace &ws)
{
    Domain::Workspace required = ws;
    required.directives.requireZdr = true;
    Routing::RequestSummary r;
    r.model = u"gpt"_s;
    const auto dir = Routing::mergeDirectives(required, {}, {});
    Routing::SeededRandom random(7);
    return Routing::plan(required, *required.model(u"gpt"_s), r, dir, std::nullopt, {}, 0, random);
}

} // namespace

void tst_Listings::parse_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("error");
    QTest::newRow("its own entry") << listing(false, true) << true << QString();
    QTest::newRow("not json") << "{nope"_ba << false << u"not JSON"_s;
    QTest::newRow("not an object") << "[1]"_ba << false << u"not a JSON object"_s;
    QTest::newRow("other format") << R"({"format":"x/1","providers":[]})"_ba << false
                                  << u"format is \"x/1\""_s;
    QTest::newRow("no providers") << R"({"format":"switchboard-provider-listing/1"})"_ba << false
                                  << u"no \"providers\" array"_s;
    QTest::newRow("not listed") << listing(true, true, u"azure"_s) << false
                                << u"does not list provider \"openai\""_s;
    QTest::newRow("not booleans")
        << R"({"format":"switchboard-provider-listing/1","providers":[{"id":"openai","zeroDataRetention":"yes","noTraining":true}]})"_ba
        << false << u"needs the booleans"_s;
    QTest::newRow("bad published")
        << R"({"format":"switchboard-provider-listing/1","published":"soon","providers":[]})"_ba
        << false << u"\"published\""_s;
}

void tst_Listings::parse()
{
    QFETCH(QByteArray, bytes);
    QFETCH(bool, ok);
    QFETCH(QString, error);
    QString why;
    const auto facts = Domain::parseListing(bytes, u"openai"_s, &why);
    QCOMPARE(facts.has_value(), ok);
    if (ok) {
        QVERIFY(!facts->zeroDataRetention);
        QVERIFY(facts->noTraining);
        QCOMPARE(facts->published, QDateTime(QDate(2026, 11, 28), QTime(9, 0), Qt::UTC));
    } else {
        QVERIFY2(why.contains(error), qPrintable(why));
    }
}

void tst_Listings::sources_data()
{
    using K = Domain::ListingSourceKind;
    QTest::addColumn<QString>("source");
    QTest::addColumn<K>("kind");
    QTest::addColumn<QString>("location");
    QTest::newRow("none") << QString() << K::None << QString();
    QTest::newRow("https") << u"https://example.com/l.json"_s << K::Http
                           << u"https://example.com/l.json"_s;
    QTest::newRow("http") << u"http://127.0.0.1:9/l"_s << K::Http << u"http://127.0.0.1:9/l"_s;
    QTest::newRow("path") << u"/etc/listing.json"_s << K::File << u"/etc/listing.json"_s;
    QTest::newRow("file url") << u"file:///etc/listing.json"_s << K::File << u"/etc/listing.json"_s;
    QTest::newRow("qrc") << u"qrc:/switchboard/demo-listing.json"_s << K::Resource
                         << u":/switchboard/demo-listing.json"_s;
    QTest::newRow("relative") << u"listing.json"_s << K::Invalid << u"listing.json"_s;
    QTest::newRow("ftp") << u"ftp://example.com/l.json"_s << K::Invalid
                         << u"ftp://example.com/l.json"_s;
    QTest::newRow("no host") << u"https:///l.json"_s << K::Invalid << u"https:///l.json"_s;
}

void tst_Listings::sources()
{
    QFETCH(QString, source);
    QFETCH(Domain::ListingSourceKind, kind);
    QFETCH(QString, location);
    const Domain::ListingSource s = Domain::classifyListingSource(source);
    QVERIFY(s.kind == kind);
    QCOMPARE(s.location, location);
}

void tst_Listings::fileRefreshGivesFacts()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"listing.json"_s);
    QVERIFY(writeFile(path, listing(false, true)));
    TempDatabase file;
    auto db = Store::Database::open(file.path());
    QVERIFY(db);
    SimulatedTime time;
    Runtime::ListingRefresher refresher(db->get(), &time);
    const Domain::Workspace ws = workspace(path);
    refresher.setWorkspace(ws);
    QSignalSpy changed(&refresher, &Runtime::ListingRefresher::changed);
    refresher.start();
    QCOMPARE(changed.count(), 1);
    const auto run = refresher.apply(ws);
    const Domain::Provider &p = run->providers.at(0);
    QVERIFY(!p.zeroDataRetention); // the listing's, not the hand-set true
    QVERIFY(p.noTraining);
    QCOMPARE(p.listingFetchedAt, time.nowUtc());
    QVERIFY(p.listingError.isEmpty());
    // Stored: a new process starts from it.
    const auto stored = Store::ListingStore(**db).load();
    QVERIFY(stored);
    QCOMPARE(stored->size(), 1);
    QCOMPARE(stored->at(0).fetchedAt, time.nowUtc());
    QCOMPARE(stored->at(0).source, path);
    QVERIFY(stored->at(0).facts.noTraining);
    // The next round comes listingRefreshMinutes later.
    QVERIFY(writeFile(path, listing(true, true)));
    time.advance(59 * 60 * 1000);
    QCoreApplication::processEvents();
    QVERIFY(!refresher.apply(ws)->providers.at(0).zeroDataRetention);
    time.advance(60 * 1000);
    QTRY_VERIFY_WITH_TIMEOUT(refresher.apply(ws)->providers.at(0).zeroDataRetention, 5000);
}

void tst_Listings::failedRefreshKeepsLastGoodFacts()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"listing.json"_s);
    QVERIFY(writeFile(path, listing(true, true)));
    TempDatabase file;
    auto db = Store::Database::open(file.path());
    QVERIFY(db);
    SimulatedTime time;
    Runtime::ListingRefresher refresher(db->get(), &time);
    const Domain::Workspace ws = workspace(path);
    refresher.setWorkspace(ws);
    refresher.start();
    const QDateTime good = time.nowUtc();
    QVERIFY(writeFile(path, "{\"format\":\"something-else\"}"));
    time.advance(10 * 60 * 1000);
    QSignalSpy failed(&refresher, &Runtime::ListingRefresher::refreshFailed);
    refresher.refresh();
    QCOMPARE(failed.count(), 1);
    QCOMPARE(failed.at(0).at(0).toString(), u"openai"_s);
    const auto run = refresher.apply(ws);
    const Domain::Provider &p = run->providers.at(0);
    QVERIFY(p.zeroDataRetention);
    QVERIFY(p.noTraining);
    QCOMPARE(p.listingFetchedAt, good);
    QVERIFY2(p.listingError.contains(u"something-else"_s), qPrintable(p.listingError));
    QCOMPARE(p.listingRefreshFailures, quint64(1));
    const auto stored = Store::ListingStore(**db).load();
    QVERIFY(stored);
    QCOMPARE(stored->at(0).fetchedAt, good);
    QCOMPARE(stored->at(0).lastAttemptAt, time.nowUtc());
    QCOMPARE(stored->at(0).lastError, p.listingError);
    QVERIFY(stored->at(0).facts.zeroDataRetention);
    // A missing file is a failed refresh too.
    QVERIFY(QFile::remove(path));
    refresher.refresh();
    QCOMPARE(failed.count(), 2);
    QVERIFY(refresher.apply(ws)->providers.at(0).zeroDataRetention);
}

void tst_Listings::staleListingCountsAsNeither_SPEC_2_9()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"listing.json"_s);
    QVERIFY(writeFile(path, listing(true, true)));
    SimulatedTime time;
    Runtime::ListingRefresher refresher(nullptr, &time);
    Domain::Workspace ws = workspace(path);
    ws.listingRefreshMinutes = 10080; // one round a week: the listing ages meanwhile
    ws.listingMaxAgeHours = 2;
    refresher.setWorkspace(ws);
    refresher.start();
    const QDateTime fetched = time.nowUtc();
    QVERIFY(planWithZdr(*refresher.apply(ws)).skips.isEmpty());
    QVERIFY(QFile::remove(path)); // every later refresh fails
    refresher.refresh();
    QSignalSpy changed(&refresher, &Runtime::ListingRefresher::changed);
    time.advance(2 * 3600 * 1000 + 2000);
    // The refresher says when a listing passes its age, so the gateway's snapshot follows.
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, 5000);
    const auto run = refresher.apply(ws);
    const Domain::Provider &p = run->providers.at(0);
    QVERIFY(!p.zeroDataRetention);
    QVERIFY(!p.noTraining);
    QVERIFY(p.listingStale);
    const Routing::Plan plan = planWithZdr(*run);
    QVERIFY(plan.candidates.isEmpty());
    QCOMPARE(plan.skips.size(), 1);
    QVERIFY(plan.skips.at(0).reason == Domain::SkipReason::NoZdr);
    const Domain::Fact &why = plan.skips.at(0).detail;
    QVERIFY(why.code == Domain::FactCode::ProviderNoZdr);
    QCOMPARE(why.causes.size(), std::size_t(1));
    QVERIFY(why.causes.at(0).code == Domain::FactCode::ListingStale);
    QCOMPARE(why.causes.at(0).number(0), 2);
    QCOMPARE(why.causes.at(0).name(1), fetched.toString(Qt::ISODateWithMs));
}

void tst_Listings::missingListingCountsAsNeither_SPEC_2_9()
{
    SimulatedTime time;
    Runtime::ListingRefresher refresher(nullptr, &time);
    const Domain::Workspace ws = workspace(u"/nonexistent/listing.json"_s);
    refresher.setWorkspace(ws);
    refresher.start();
    const auto run = refresher.apply(ws);
    QVERIFY(!run->providers.at(0).zeroDataRetention);
    QVERIFY(!run->providers.at(0).listingFetchedAt.isValid());
    QVERIFY(!run->providers.at(0).listingError.isEmpty());
    const Routing::Plan plan = planWithZdr(*run);
    QCOMPARE(plan.skips.size(), 1);
    QVERIFY(plan.skips.at(0).detail.causes.at(0).code == Domain::FactCode::ListingMissing);
    // Without a source the facts set by hand stand, and no cause is given.
    Domain::Workspace byHand = workspace(QString());
    QVERIFY(planWithZdr(*refresher.apply(byHand)).skips.isEmpty());
    byHand.providers[0].zeroDataRetention = false;
    const Routing::Plan refused = planWithZdr(byHand);
    QCOMPARE(refused.skips.size(), 1);
    QVERIFY(refused.skips.at(0).detail.causes.empty());
}

void tst_Listings::httpRefresh()
{
    FakeUpstream server;
    QVERIFY(server.listen());
    server.enqueue(FakeUpstream::json(200, listing(true, false)));
    const QString url = u"http://127.0.0.1:%1/listing.json"_s.arg(server.port());
    SimulatedTime time;
    Runtime::ListingRefresher refresher(nullptr, &time);
    const Domain::Workspace ws = workspace(url);
    refresher.setWorkspace(ws);
    QSignalSpy finished(&refresher, &Runtime::ListingRefresher::finished);
    refresher.start();
    QCOMPARE(refresher.pending(), 1);
    QVERIFY(finished.wait(10000));
    QCOMPARE(server.received().at(0).target, "/listing.json"_ba);
    auto run = refresher.apply(ws);
    QVERIFY(run->providers.at(0).zeroDataRetention);
    QVERIFY(!run->providers.at(0).noTraining);
    const QDateTime good = run->providers.at(0).listingFetchedAt;
    QCOMPARE(good, time.nowUtc());
    // An error status is a failed refresh: the last good facts stay.
    server.enqueue(FakeUpstream::json(503, "{}"));
    time.advance(60000);
    QSignalSpy failed(&refresher, &Runtime::ListingRefresher::refreshFailed);
    refresher.refresh();
    QVERIFY(finished.wait(10000));
    QCOMPARE(failed.count(), 1);
    run = refresher.apply(ws);
    QVERIFY(run->providers.at(0).zeroDataRetention);
    QCOMPARE(run->providers.at(0).listingFetchedAt, good);
    QVERIFY2(run->providers.at(0).listingError.contains(u"HTTP 503"_s),
             qPrintable(run->providers.at(0).listingError));
}

// The demo's sample listing is built in: a first run without a network reads it.
void tst_Listings::demoListingIsAResource()
{
    SimulatedTime time;
    Runtime::ListingRefresher refresher(nullptr, &time);
    Domain::Workspace ws = workspace(u"qrc:/switchboard/demo-listing.json"_s);
    ws.providers[0].id = u"azure"_s;
    ws.connections[0].provider = u"azure"_s;
    refresher.setWorkspace(ws);
    refresher.start();
    const auto run = refresher.apply(ws);
    QVERIFY2(run->providers.at(0).listingError.isEmpty(),
             qPrintable(run->providers.at(0).listingError));
    QVERIFY(run->providers.at(0).zeroDataRetention);
    QVERIFY(run->providers.at(0).noTraining);
    QCOMPARE(run->providers.at(0).listingFetchedAt, time.nowUtc());
}

void tst_Listings::receiptNamesListingTimes_SPEC_2_9()
{
    Domain::Workspace ws = workspace(u"/l.json"_s);
    const QDateTime fetched(QDate(2026, 11, 29), QTime(11, 30), Qt::UTC);
    ws.providers[0].listingFetchedAt = fetched;
    Domain::Provider byHand;
    byHand.id = u"azure"_s;
    ws.providers << byHand;
    Domain::Receipt r;
    r.modelResolved = u"gpt"_s;
    // No ZDR or no-training rule: nothing recorded, and the receipt JSON has no such field.
    QVERIFY(Domain::judgedListings(ws, nullptr, r).isEmpty());
    QVERIFY(!Config::receiptToJson(r).contains(u"listings"_s));
    ws.directives.requireNoTraining = true;
    r.listings = Domain::judgedListings(ws, nullptr, r);
    QCOMPARE(r.listings.size(), 1); // azure has no listing source
    QCOMPARE(r.listings.at(0).provider, u"openai"_s);
    QCOMPARE(r.listings.at(0).fetchedAt, fetched);
    const QJsonObject json = Config::receiptToJson(r);
    QCOMPARE(json.value(u"listings"_s).toObject().value(u"openai"_s).toString(),
             u"2026-11-29T11:30:00.000Z"_s);
    QCOMPARE(Domain::listingTimesFromJson(json.value(u"listings"_s)), r.listings);
    // The gateway's call record names them when the writer turns it into the receipt.
    Domain::CallRecord record;
    auto snapshot = std::make_shared<Domain::Workspace>(ws);
    snapshot->directives.requireNoTraining = std::nullopt;
    record.ws = snapshot;
    record.modelResolved = u"other"_s;
    Domain::Skip skip;
    skip.connection = u"openai-1"_s;
    skip.reason = Domain::SkipReason::NoZdr;
    record.skips << skip;
    QVERIFY(record.toReceipt().listings.isEmpty()); // no rule applied
    snapshot->directives.requireZdr = true;
    QCOMPARE(record.toReceipt().listings, r.listings);
    // A listing never fetched is named with null.
    ws.providers[0].listingFetchedAt = {};
    const auto missing = Domain::judgedListings(ws, nullptr, r);
    QVERIFY(Domain::listingTimesToJson(missing).toObject().value(u"openai"_s).isNull());
}

void tst_Listings::metricsSeries()
{
    Domain::Workspace ws = workspace(u"/l.json"_s);
    const QDateTime now(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC);
    QVERIFY(Gateway::listingMetricsText(workspace(QString()), now).isEmpty());
    ws.providers[0].listingFetchedAt = now.addSecs(-90);
    ws.providers[0].listingRefreshFailures = 3;
    const QByteArray text = Gateway::listingMetricsText(ws, now);
    QVERIFY(text.contains("switchboard_listing_age_seconds{provider=\"openai\"} 90\n"));
    QVERIFY(text.contains("switchboard_listing_refresh_failures_total{provider=\"openai\"} 3\n"));
    QVERIFY(text.contains("# TYPE switchboard_listing_refresh_failures_total counter\n"));
}

QTEST_GUILESS_MAIN(tst_Listings)
#include "tst_listings.moc"
