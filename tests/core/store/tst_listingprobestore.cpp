// Provider listings and probe results, the store's operational tables, on both engines.
#include "store/database.h"
#include "store/listingstore.h"
#include "store/probestore.h"

#include <QTest>
#include <pgdatabase.h>

using namespace Qt::StringLiterals;
using Store::Database;

namespace {

std::unique_ptr<Database> openOrFail(const QString &location)
{
    auto db = Database::open(location);
    if (!db) {
        qWarning("%s", qPrintable(Util::logText(db.error())));
        return nullptr;
    }
    return std::move(db).value();
}

const QDateTime kAt(QDate(2026, 12, 1), QTime(8, 30, 0, 250), Qt::UTC);

Domain::ProbeResult probe(qint64 atMs, const QString &model, const QString &kind,
                          Domain::ProbeResult::Outcome outcome)
{
    Domain::ProbeResult r;
    r.atMs = atMs;
    r.model = model;
    r.connection = u"sim"_s;
    r.upstreamModel = u"up-"_s + model;
    r.setVersion = u"2026-11"_s;
    r.taskId = u"task-%1"_s.arg(atMs);
    r.kind = kind;
    r.outcome = outcome;
    r.reason = outcome == Domain::ProbeResult::Outcome::Passed ? QString() : u"no JSON"_s;
    r.output = "{\"answer\": \"é\"}";
    r.requestId = u"req_probe_%1"_s.arg(atMs);
    return r;
}

} // namespace

class tst_ListingProbeStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data() { addEngineRows(); }
    void init() { REQUIRE_ENGINE(); }
    void listingsRoundTripAndReplace();
    void probeResultsByWindowAndOffering_R_REL_1();
};

// One row per provider, in provider order; saving a provider again replaces its row, and a state
// without times or error keeps them empty.
void tst_ListingProbeStore::listingsRoundTripAndReplace()
{
    EngineDatabase temp;
    auto db = openOrFail(temp.path());
    QVERIFY(db);
    Store::ListingStore store(*db);
    QCOMPARE(store.load()->size(), 0);

    Domain::ListingState b;
    b.provider = u"b-provider"_s;
    b.source = u"https://example.test/b.json"_s;
    b.facts = { true, false, kAt.addDays(-30) };
    b.fetchedAt = kAt;
    b.lastAttemptAt = kAt;
    Domain::ListingState a;
    a.provider = u"a-provider"_s;
    a.source = u"file:///listings/a.json"_s;
    a.lastAttemptAt = kAt;
    a.lastError = u"not JSON"_s;
    QVERIFY(store.save(b).ok());
    QVERIFY(store.save(a).ok());
    auto loaded = store.load();
    QVERIFY(loaded.ok());
    QCOMPARE(*loaded, (QList<Domain::ListingState> { a, b }));

    b.facts = { false, true, {} };
    b.lastError = u"timed out"_s;
    b.lastAttemptAt = kAt.addSecs(3600);
    QVERIFY(store.save(b).ok());
    loaded = store.load();
    QVERIFY(loaded.ok());
    QCOMPARE(loaded->size(), 2);
    QCOMPARE(loaded->at(1), b);
}

// Results since a time, oldest first, of every offering or of one; the counts leave out what erred.
void tst_ListingProbeStore::probeResultsByWindowAndOffering_R_REL_1()
{
    using Outcome = Domain::ProbeResult::Outcome;
    EngineDatabase temp;
    auto db = openOrFail(temp.path());
    QVERIFY(db);
    Store::ProbeStore store(*db);
    const qint64 t = kAt.toMSecsSinceEpoch();
    const QList<Domain::ProbeResult> results {
        probe(t, u"m1"_s, u"tools"_s, Outcome::Passed),
        probe(t + 1, u"m2"_s, u"structured_output"_s, Outcome::Failed),
        probe(t + 2, u"m1"_s, u"structured_output"_s, Outcome::Failed),
        probe(t + 3, u"m1"_s, u"tools"_s, Outcome::Error),
    };
    QVERIFY(store.add({}).ok());
    QVERIFY(store.add(results).ok());

    const auto all = store.since(t);
    QVERIFY(all.ok());
    QCOMPARE(*all, results);
    const auto later = store.since(t + 2);
    QVERIFY(later.ok());
    QCOMPARE(*later, results.mid(2));
    const auto m1 = store.since(t, u"m1"_s, u"sim"_s, u"up-m1"_s);
    QVERIFY(m1.ok());
    QCOMPARE(*m1, (QList { results.at(0), results.at(2), results.at(3) }));

    const Domain::Offering offering { u"sim"_s, u"up-m1"_s, {}, {}, true, {} };
    const Domain::ProbeResults counts = Store::probeCounts(*all, u"m1"_s, offering, u"2026-11"_s);
    QCOMPARE(counts, (Domain::ProbeResults { 1, 1, 0, 1 }));
}

QTEST_GUILESS_MAIN(tst_ListingProbeStore)
#include "tst_listingprobestore.moc"
