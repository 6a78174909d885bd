// The impact preview's replay (issue 43): 1,000 caller calls' request summaries, as the store
// gives them back, replayed through the demo workspace saved and with an edit (demo/chat kept in
// us-east-1, sim-east's weight raised) under a cooldown book with one drained and one cooling
// candidate. Prints the median, fastest and slowest of several runs of reading the receipts and
// of replaying them (Routing::replayImpact), and the figures of one run.
//
//   bench_impact [CALLS] [RUNS]     (defaults 1000 and 21)

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <algorithm>
#include <config/demo.h>
#include <cstdio>
#include <routing/impact.h>
#include <runtime/impactloader.h>
#include <store/database.h>
#include <store/pastrequests.h>
#include <store/receiptwriter.h>

using namespace Qt::StringLiterals;

namespace {

// A mix of what callers send the demo: its pools and direct models, aliases, an embedding, some
// with tools or a JSON schema, some asking for a region, on different projects.
QList<Domain::Receipt> demoCalls(int count)
{
    const QStringList models { u"demo/chat"_s,       u"demo/chat"_s,
                               u"demo/resilient"_s,  u"demo/mixed"_s,
                               u"org/fast"_s,        u"org/steady"_s,
                               u"sim-east/gpt-4o"_s, u"sim-west-eu/gpt-4o"_s,
                               u"org/legacy"_s,      u"sim-anthropic/claude-sonnet-5"_s };
    const QStringList projects { u"default"_s, u"research"_s, u"no-azure"_s, u"default"_s };
    QList<Domain::Receipt> out;
    for (int i = 0; i < count; ++i) {
        Domain::Receipt r;
        r.requestId = u"req_bench_%1"_s.arg(i);
        r.startedAt = QDateTime::currentDateTimeUtc();
        r.modelAsked
            = i % 50 == 7 ? u"sim-east/text-embedding-3-small"_s : models.at(i % models.size());
        r.endpoint = i % 50 == 7 ? Domain::Endpoint::Embeddings : Domain::Endpoint::ChatCompletions;
        r.projectId = projects.at((i / 10) % projects.size());
        r.stream = i % 3 == 0;
        if (i % 9 == 4)
            r.regionHeader = u"eu-west-1"_s;
        r.request.usesTools = i % 5 == 1;
        r.request.jsonSchema = i % 17 == 3;
        r.request.contextTokens = 200 + (i * 37) % 4000;
        r.request.maxOutputTokens = i % 4 == 0 ? 0 : 512;
        r.usage.inputTokens = r.request.contextTokens;
        r.usage.outputTokens = 50 + (i * 13) % 700;
        out << r;
    }
    return out;
}

Domain::Workspace edited(Domain::Workspace ws)
{
    Domain::Model *chat = ws.model(u"demo/chat"_s);
    chat->pool.allowedRegions = { u"us-east-1"_s };
    chat->pool.deployments[0].weight += 2;
    return ws;
}

double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    return v.isEmpty() ? 0.0 : v.at(v.size() / 2);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int calls = args.size() > 1 ? args.at(1).toInt() : 1000;
    const int runs = args.size() > 2 ? args.at(2).toInt() : 21;
    QTemporaryDir dir;
    const QString path = dir.filePath(u"bench.sqlite"_s);
    {
        Store::ReceiptWriter writer(path);
        if (!writer.start().ok())
            return 1;
        for (const Domain::Receipt &r : demoCalls(calls))
            writer.submit(r);
        if (!writer.flush().ok())
            return 1;
        writer.stop();
    }
    auto db = Store::Database::open(path, Store::Database::Mode::ReadOnly);
    if (!db)
        return 1;
    const Domain::Workspace before = Config::demoWorkspace();
    const Domain::Workspace after = edited(before);
    Routing::CooldownBook health;
    health.drain(u"sim-flaky/gpt-4o"_s, 0);
    health.fail(u"sim-west-eu/gpt-4o"_s, 0, 3000);
    const QDate today(2026, 12, 6);
    QList<double> readMs, replayMs;
    Routing::Impact impact;
    for (int run = 0; run < runs; ++run) {
        QElapsedTimer t;
        t.start();
        const auto past = Store::pastRequests(**db, calls);
        if (!past)
            return 1;
        const QList<Routing::ReplayCall> replay = Runtime::replayCalls(*past);
        readMs << t.nsecsElapsed() / 1e6;
        t.restart();
        impact = Routing::replayImpact(before, after, replay, &health, 0, today);
        replayMs << t.nsecsElapsed() / 1e6;
    }
    std::printf("impact preview, %d calls (%d request shapes), %d runs\n", impact.calls,
                impact.shapes, runs);
    std::printf("  read receipts:  median %.2f ms (fastest %.2f, slowest %.2f)\n", median(readMs),
                *std::min_element(readMs.begin(), readMs.end()),
                *std::max_element(readMs.begin(), readMs.end()));
    std::printf("  replay:         median %.2f ms (fastest %.2f, slowest %.2f)\n", median(replayMs),
                *std::min_element(replayMs.begin(), replayMs.end()),
                *std::max_element(replayMs.begin(), replayMs.end()));
    std::printf("  saved: %d at once, %d fall back, %d wait, %d refused, $%.4f per 1,000\n",
                impact.before.routed, impact.before.fallingBack, impact.before.waiting,
                impact.before.refused, impact.before.costPer1000());
    std::printf("  draft: %d at once, %d fall back, %d wait, %d refused, $%.4f per 1,000\n",
                impact.after.routed, impact.after.fallingBack, impact.after.waiting,
                impact.after.refused, impact.after.costPer1000());
    return 0;
}
