// Receipts per second into one PostgreSQL database from two gateway instances (two receipt writers,
// each with its own connection and instance name, as two `switchboard-gateway serve` have), beside
// one instance alone and one writer into an SQLite file on the same machine. Each writer is given
// its receipts as fast as submit() takes them and flushed; the figure is receipts committed per
// second of wall time, the median of RUNS runs (the spread printed too).
//
//   scripts/pg-cluster start /tmp/pgbench      # prints the URL
//   bench_pgreceipts URL [RECEIPTS] [RUNS]     (defaults 20000 per instance, 3)

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <algorithm>
#include <cstdio>
#include <memory>
#include <store/database.h>
#include <store/receiptwriter.h>
#include <thread>
#include <vector>

using namespace Qt::StringLiterals;

namespace {

// A served call after one retried attempt, with one skipped candidate: the typical receipt.
Domain::Receipt receipt(const QString &requestId)
{
    Domain::Receipt r;
    r.requestId = requestId;
    r.startedAt = QDateTime::currentDateTimeUtc();
    r.modelAsked = r.modelResolved = r.modelServed = u"demo/chat"_s;
    r.servedBy = u"sim-east"_s;
    r.httpStatus = 200;
    r.keyId = u"key_bench"_s;
    r.projectId = u"default"_s;
    r.latencyMs = 420;
    r.firstByteMs = 180;
    r.usage.inputTokens = 1200;
    r.usage.outputTokens = 300;
    r.cost = 0.0042;
    for (int i = 0; i < 2; ++i) {
        Domain::Attempt a;
        a.index = i + 1;
        a.model = u"demo/chat"_s;
        a.connection = i == 0 ? u"sim-west"_s : u"sim-east"_s;
        a.upstreamModel = u"gpt-4o"_s;
        a.httpStatus = i == 0 ? 503 : 200;
        a.served = i == 1;
        a.latencyMs = 200;
        r.attempts << a;
    }
    Domain::Skip s;
    s.model = u"demo/chat"_s;
    s.candidate = u"sim-eu/gpt-4o"_s;
    s.connection = u"sim-eu"_s;
    r.skips << s;
    return r;
}

// Receipts per second of `writers` writers on `location`, `count` receipts each, submitted from one
// thread per writer at once.
double run(const QString &location, int writers, int count, const QString &tag)
{
    std::vector<std::unique_ptr<Store::ReceiptWriter>> all;
    for (int w = 0; w < writers; ++w) {
        auto writer = std::make_unique<Store::ReceiptWriter>(location);
        writer->setInstance(u"bench-%1"_s.arg(w));
        if (!writer->start())
            return -1;
        all.push_back(std::move(writer));
    }
    QElapsedTimer clock;
    clock.start();
    std::vector<std::thread> threads;
    for (int w = 0; w < writers; ++w) {
        threads.emplace_back([&, w] {
            for (int i = 0; i < count; ++i)
                all[size_t(w)]->submit(receipt(u"req_%1_%2_%3"_s.arg(tag).arg(w).arg(i)));
        });
    }
    for (std::thread &t : threads)
        t.join();
    for (auto &writer : all) {
        if (!writer->flush())
            return -1;
    }
    const double seconds = double(clock.nsecsElapsed()) / 1e9;
    for (auto &writer : all)
        writer->stop();
    return double(writers) * count / seconds;
}

void report(const char *what, std::vector<double> figures)
{
    std::sort(figures.begin(), figures.end());
    std::printf("%-44s %9.0f receipts/s (runs: %.0f … %.0f)\n", what, figures[figures.size() / 2],
                figures.front(), figures.back());
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2 || !Store::Database::isPostgresLocation(args.at(1))) {
        std::fprintf(stderr, "usage: bench_pgreceipts postgresql://… [RECEIPTS] [RUNS]\n");
        return 2;
    }
    const QString url = args.at(1);
    const int count = args.size() > 2 ? args.at(2).toInt() : 20000;
    const int runs = args.size() > 3 ? args.at(3).toInt() : 3;
    if (auto db = Store::Database::open(url); !db) {
        std::fprintf(stderr, "cannot open %s\n", qPrintable(url));
        return 1;
    }
    QTemporaryDir dir;
    const QString stamp = QString::number(QDateTime::currentMSecsSinceEpoch());
    std::vector<double> two, one, sqlite;
    for (int r = 0; r < runs; ++r) {
        two.push_back(run(url, 2, count, u"two%1_%2"_s.arg(stamp).arg(r)));
        one.push_back(run(url, 1, count, u"one%1_%2"_s.arg(stamp).arg(r)));
        sqlite.push_back(run(dir.filePath(u"bench%1.sqlite"_s.arg(r)), 1, count, u"lite"_s));
    }
    std::printf("%d receipts per instance, median of %d runs\n", count, runs);
    report("PostgreSQL, two instances together", two);
    report("PostgreSQL, one instance", one);
    report("SQLite file, one instance", sqlite);
    return 0;
}
