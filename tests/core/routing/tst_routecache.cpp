#include "fixedrandom.h"
#include "routing/routecache.h"
#include "routingfixtures.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace RoutingFixtures;
using Routing::RequestSummary;

namespace {

// A workspace where every input of the cache key changes the route: a second key with its own
// directives, fallback on, an alias that turns into its replacement on a date.
Domain::Workspace workspace()
{
    Domain::Workspace ws = seedWorkspace();
    ws.directives.allowModelFallback = true;
    ws.directives.fallbackModels = QStringList { u"sim/backup"_s, u"sim/solo"_s };
    Domain::Key denied;
    denied.id = u"key_2"_s;
    denied.project = u"default"_s;
    denied.directives.deniedProviders = { u"azure"_s };
    ws.keys << denied;
    Domain::Alias alias;
    alias.name = u"chat-old"_s;
    alias.target = u"demo/chat"_s;
    alias.deprecationDate = QDate(2026, 6, 1);
    alias.replacement = u"sim/three"_s;
    ws.aliases << alias;
    ws.model(u"sim/three"_s)->offerings[1].capabilities.tools = false;
    ws.model(u"azure-eu/gpt-4o"_s)->offerings[0].capabilities.vision = false;
    ws.model(u"openai-2/gpt-4o"_s)->offerings[0].capabilities.structuredOutput = false;
    return ws;
}

// Everything a route decides, with its plans finished on `book` at `nowMs`, as text.
QString describe(const Routing::Route &r, const Routing::CooldownBook &book, qint64 nowMs)
{
    const Routing::Admission &a = r.admission;
    QStringList out;
    out << u"model %1 alias %2 deprecation %3 attempts %4 deadline %5"_s.arg(
        a.model ? a.model->name : u"-"_s, a.alias.alias, a.alias.deprecationHeader,
        QString::number(a.attempts), QString::number(a.recovery.deadlineMs));
    if (a.refusal)
        out << u"refused %1 %2 %3"_s.arg(a.refusal->httpStatus)
                   .arg(a.refusal->code(), a.refusal->message());
    out << u"regions %1"_s.arg(a.regionHeader ? a.regionHeader->join(u',') : u"none"_s);
    out << u"fallbacks %1"_s.arg(a.directives.fallbackModels.value.join(u','));
    auto plan = [&](const QString &name, const Routing::StaticPlan &sp) {
        const Routing::Plan p = Routing::finishPlan(sp, &book, nowMs, nullptr);
        for (const Routing::Candidate &c : p.candidates)
            out << u"%1 candidate %2 %3 %4 %5 %6 %7"_s.arg(
                name, c.connection, c.upstreamModel, c.region, QString::number(c.firstChance),
                book.coolingDown(c.key(), nowMs) ? u"cooling"_s : u"free"_s,
                Domain::toString(c.translation));
        for (const Domain::Skip &s : p.skips)
            out << u"%1 skip %2 %3 %4"_s.arg(name, s.candidate, Domain::toString(s.reason),
                                             Domain::encodeFact(s.detail));
        out << u"%1 earliest %2 only-cooling %3"_s.arg(name)
                   .arg(p.earliestCooldownEndMs)
                   .arg(p.onlyCooldowns);
    };
    plan(u"plan"_s, r.plan);
    for (auto it = r.fallbackPlans.cbegin(); it != r.fallbackPlans.cend(); ++it)
        plan(it.key(), it.value());
    return out.join(u'\n');
}

using Vary = std::function<void(RequestSummary &, QDate &)>;

QList<std::pair<QString, Vary>> variants()
{
    return {
        { u"base"_s, [](RequestSummary &, QDate &) {} },
        { u"other model"_s, [](RequestSummary &r, QDate &) { r.model = u"sim/three"_s; } },
        { u"unknown model"_s, [](RequestSummary &r, QDate &) { r.model = u"nope"_s; } },
        { u"alias"_s, [](RequestSummary &r, QDate &) { r.model = u"chat-old"_s; } },
        { u"alias after its date"_s,
          [](RequestSummary &r, QDate &d) {
              r.model = u"chat-old"_s;
              d = QDate(2026, 6, 2);
          } },
        { u"messages"_s,
          [](RequestSummary &r, QDate &) { r.endpoint = Domain::Endpoint::Messages; } },
        { u"embeddings"_s,
          [](RequestSummary &r, QDate &) {
              r.endpoint = Domain::Endpoint::Embeddings;
              r.modality = Domain::Modality::Embedding;
          } },
        { u"tools"_s,
          [](RequestSummary &r, QDate &) {
              r.model = u"sim/three"_s;
              r.usesTools = true;
          } },
        { u"json schema"_s,
          [](RequestSummary &r, QDate &) {
              r.responseFormat = RequestSummary::ResponseFormat::JsonSchema;
          } },
        { u"vision"_s, [](RequestSummary &r, QDate &) { r.vision = true; } },
        { u"messages"_s,
          [](RequestSummary &r, QDate &) { r.endpoint = Domain::Endpoint::Messages; } },
        { u"n not carried"_s, [](RequestSummary &r, QDate &) { r.notCarried = u"n"_s; } },
        { u"top_k not carried"_s,
          [](RequestSummary &r, QDate &) {
              r.endpoint = Domain::Endpoint::Messages;
              r.notCarried = u"top_k"_s;
          } },
        { u"web search"_s, [](RequestSummary &r, QDate &) { r.webSearchToolVersion = u"v1"_s; } },
        { u"region header"_s,
          [](RequestSummary &r, QDate &) { r.regionHeaderLines = { u"us-east-1"_s }; } },
        { u"bad region header"_s,
          [](RequestSummary &r, QDate &) { r.regionHeaderLines = { u"us east"_s }; } },
        { u"other key"_s, [](RequestSummary &r, QDate &) { r.keyId = u"key_2"_s; } },
        { u"no messages"_s,
          [](RequestSummary &r, QDate &) { r.requiredFields = Routing::RequiredFields {}; } },
        { u"messages given"_s,
          [](RequestSummary &r, QDate &) {
              Routing::RequiredFields f;
              f.messages = Routing::RequiredFields::State::Valid;
              r.requiredFields = f;
          } },
    };
}

} // namespace

class tst_RouteCache : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cachedRouteAgreesWithFreshOne_R_DET_data();
    void cachedRouteAgreesWithFreshOne_R_DET();
    void cooldownsStayPerCall_R_REC_2();
    void newSnapshotDropsRoutes_R_DET();
    void boundedInSize();
};

void tst_RouteCache::cachedRouteAgreesWithFreshOne_R_DET_data()
{
    QTest::addColumn<int>("first");
    QTest::addColumn<int>("second");
    const auto v = variants();
    for (int i = 0; i < v.size(); ++i) {
        for (int j = 0; j < v.size(); ++j) {
            if (i != j)
                QTest::addRow("%s, then %s", qPrintable(v[i].first), qPrintable(v[j].first))
                    << i << j;
        }
    }
}

// Whatever was cached before, a call gets the route a fresh computation gives it: the key holds
// every input the route depends on.
void tst_RouteCache::cachedRouteAgreesWithFreshOne_R_DET()
{
    QFETCH(int, first);
    QFETCH(int, second);
    const auto ws = snapshot(workspace());
    const auto v = variants();
    Routing::CooldownBook book;
    Routing::RouteCache cache(book);
    auto request = [&](int i, QDate &day) {
        RequestSummary r = chat(u"demo/chat"_s);
        day = QDate(2026, 5, 1);
        v[i].second(r, day);
        return r;
    };
    QDate day1, day2;
    const RequestSummary r1 = request(first, day1);
    const RequestSummary r2 = request(second, day2);
    cache.route(ws, r1, day1);
    const auto cached = cache.route(ws, r2, day2);
    const auto again = cache.route(ws, r2, day2);
    QCOMPARE(again.get(), cached.get());
    const auto fresh = Routing::computeRoute(ws, r2, day2, book);
    QCOMPARE(describe(*cached, book, 0), describe(*fresh, book, 0));
}

// A cached route is finished with the cooldowns of the moment: a candidate cooling now is skipped
// by the next call although the route was cached while it was free.
void tst_RouteCache::cooldownsStayPerCall_R_REC_2()
{
    const auto ws = snapshot(workspace());
    Routing::CooldownBook book;
    Routing::RouteCache cache(book);
    const RequestSummary r = chat(u"sim/three"_s);
    const QDate day(2026, 5, 1);
    const auto route = cache.route(ws, r, day);
    const Routing::Plan before = Routing::finishPlan(route->plan, &book, 1000, nullptr);
    QCOMPARE(before.candidates.size(), 3);
    book.fail(u"sim-east/a"_s, 1000, 30000);
    const auto same = cache.route(ws, r, day);
    QCOMPARE(same.get(), route.get());
    const Routing::Plan after = Routing::finishPlan(same->plan, &book, 2000, nullptr);
    QCOMPARE(after.candidates.size(), 2);
    QCOMPARE(after.skips.size(), 1);
    QVERIFY(after.skips.front().reason == Domain::SkipReason::CoolingDown);
    QCOMPARE(Domain::encodeFact(after.skips.front().detail),
             Domain::encodeFact(Domain::fact(Domain::FactCode::CoolingDownFor, { qint64(29000) })));
    const auto fresh = Routing::computeRoute(ws, r, day, book);
    QCOMPARE(describe(*same, book, 2000), describe(*fresh, book, 2000));
}

void tst_RouteCache::newSnapshotDropsRoutes_R_DET()
{
    Routing::CooldownBook book;
    Routing::RouteCache cache(book);
    const RequestSummary r = chat(u"demo/chat"_s);
    const QDate day(2026, 5, 1);
    const auto first = cache.route(snapshot(workspace()), r, day);
    QCOMPARE(first->plan.groups.size(), 2);
    Domain::Workspace changed = workspace();
    changed.model(u"demo/chat"_s)->pool.deployments.removeLast();
    const auto ws2 = snapshot(changed);
    const auto second = cache.route(ws2, r, day);
    QCOMPARE(second->plan.groups.size(), 1);
    QCOMPARE(cache.size(), 1);
    QCOMPARE(second->ws, ws2);
}

void tst_RouteCache::boundedInSize()
{
    const auto ws = snapshot(workspace());
    Routing::CooldownBook book;
    Routing::RouteCache cache(book);
    RequestSummary r = chat(u"demo/chat"_s);
    for (int i = 0; i < Routing::RouteCache::kMaxRoutes + 10; ++i) {
        r.regionHeaderLines = { u"region-%1"_s.arg(i) };
        cache.route(ws, r, QDate(2026, 5, 1));
        QVERIFY(cache.size() <= Routing::RouteCache::kMaxRoutes);
    }
    QCOMPARE(cache.misses(), quint64(Routing::RouteCache::kMaxRoutes + 10));
}

QTEST_GUILESS_MAIN(tst_RouteCache)
#include "tst_routecache.moc"
