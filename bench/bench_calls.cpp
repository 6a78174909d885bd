// Calls view benchmark: fills a database with receipts (default 1,000,000; a realistic
// mix of attempts and skips) and measures, on the UI thread with real widgets (offscreen works):
//   open       the Calls screen built and its first page shown
//   next page  one fetchMore of 200 rows, deep in the table
//   filter     each filter kind applied (model, served by, status, error class, time, request id)
//   stall      the longest gap of a 1 ms event-loop probe while a ReceiptWriter writes at full
//   speed
// Targets: open < 300 ms, next page < 20 ms, filter < 500 ms, no UI stall > 50 ms.
//
//   bench_calls [--receipts N] [--db PATH] [--write-seconds S] [--no-writer-first]
//   bench_calls --writer-cost [--rate R] [--shape calls|one|two] [--receipts N] [--db PATH]
//               [--write-seconds S]
// --writer-cost measures only the receipt writer: R receipts a second (0: as fast as it commits)
// submitted for S seconds on top of the N receipts, and its thread's user and system CPU per
// receipt, read from /proc (the gateway's bench counts the same thread in its CPU per call).
// With --db PATH an existing file holding at least N receipts is reused (fill once, measure often).
// Like the studio, a ReceiptWriter is started on the file before the screen opens (its start runs
// the sampled ANALYZE the planner needs); --no-writer-first skips that.

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QRandomGenerator>
#include <QSqlQuery>
#include <QTableView>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <atomic>
#include <calls/callsfilterbar.h>
#include <calls/callsscreen.h>
#include <calls/callstablemodel.h>
#include <cstdio>
#include <ctime>
#include <gateway/errorshape.h>
#include <store/database.h>
#include <store/receiptreader.h>
#include <store/receiptsql.h>
#include <store/receiptwriter.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

const QStringList kConnections { u"openai-1"_s,  u"openai-2"_s, u"azure-eu"_s,    u"azure-us"_s,
                                 u"anthropic"_s, u"sim-east"_s, u"sim-west-eu"_s, u"bedrock"_s };
const QDateTime kEpoch = QDateTime(QDate(2026, 10, 1), QTime(0, 0), Qt::UTC);

QString modelName(int i)
{
    return u"team/model-%1"_s.arg(i);
}

Domain::Attempt makeAttempt(int index, const QString &model, const QString &connection, int status)
{
    Domain::Attempt a;
    a.index = index;
    a.model = model;
    a.deployment = connection + u"/gpt-4o"_s;
    a.connection = connection;
    a.upstreamModel = u"gpt-4o"_s;
    a.region = connection.endsWith(u"eu"_s) ? u"eu-west-1"_s : u"us-east-1"_s;
    a.httpStatus = status;
    a.served = status == 200;
    a.retryable = status >= 500;
    a.errorClass = status == 200 ? Domain::ErrorClass::None : Domain::ErrorClass::Overloaded;
    a.decision = status == 200
        ? Domain::fact(Domain::FactCode::AttemptServed, {},
                       { Domain::fact(Domain::FactCode::Served) })
        : Domain::fact(Domain::FactCode::AttemptRetried, {},
                       { Domain::fact(Domain::FactCode::StatusTransient, { 503 }) });
    a.waitMs = index > 1 ? 100 * index : 0;
    a.waitReason = index > 1 ? Domain::WaitReason::Backoff : Domain::WaitReason::None;
    a.latencyMs = 200 + index * 50;
    a.bytesSent = 800;
    a.bytesReceived = status == 200 ? 2400 : 150;
    return a;
}

// 85 % served first time, 8 % retried, 2 % fell back, 5 % failed; about one in four with skips.
Domain::Receipt makeReceipt(qint64 n, QRandomGenerator &rng, qint64 total)
{
    Domain::Receipt r;
    r.requestId = u"req_%1"_s.arg(n, 12, 16, QChar(u'0'));
    r.startedAt = kEpoch.addMSecs(n * (60LL * 86400 * 1000 / std::max<qint64>(1, total)));
    r.modelAsked = modelName(int(rng.bounded(20)));
    r.modelResolved = r.modelAsked;
    r.keyId = u"key_%1"_s.arg(rng.bounded(5));
    r.projectId = u"default"_s;
    const int roll = int(rng.bounded(100));
    const QString c1 = kConnections.at(int(rng.bounded(kConnections.size())));
    const QString c2 = kConnections.at(int(rng.bounded(kConnections.size())));
    if (roll < 85) {
        r.attempts = { makeAttempt(1, r.modelResolved, c1, 200) };
    } else if (roll < 93) {
        r.attempts = { makeAttempt(1, r.modelResolved, c1, 503),
                       makeAttempt(2, r.modelResolved, c2, 200) };
        r.statusClass = Domain::StatusClass::RetriedOk;
    } else if (roll < 95) {
        r.fallbackModel = modelName(int(rng.bounded(20)));
        r.fallbackReason = Domain::fact(Domain::FactCode::NoCandidateLeft, { r.modelResolved });
        r.attempts = { makeAttempt(1, r.modelResolved, c1, 503),
                       makeAttempt(2, r.fallbackModel, c2, 200) };
        r.attempts[1].fallback = true;
        r.statusClass = Domain::StatusClass::FellBack;
    } else {
        r.attempts
            = { makeAttempt(1, r.modelResolved, c1, 503), makeAttempt(2, r.modelResolved, c1, 503),
                makeAttempt(3, r.modelResolved, c1, 503) };
        r.statusClass = Domain::StatusClass::Failed;
        r.errorCode = u"no_healthy_route"_s;
        r.errorClass = Domain::ErrorClass::Overloaded;
    }
    const bool served = r.statusClass != Domain::StatusClass::Failed;
    r.httpStatus = served ? 200 : 503;
    r.modelServed
        = served ? (r.fallbackModel.isEmpty() ? r.modelResolved : r.fallbackModel) : QString();
    r.servedBy = r.attempts.last().connection;
    if (rng.bounded(4) == 0) {
        r.skips = { { r.modelResolved, u"sim-west-eu/gpt-4o"_s, u"sim-west-eu"_s,
                      Domain::SkipReason::OutOfRegion, Domain::DirectiveLevel::None,
                      Domain::fact(Domain::FactCode::RegionNotInHeader,
                                   { u"eu-west-1"_s, QStringList { u"us-east-1"_s } }) } };
    }
    r.usage = { qint64(rng.bounded(4000)), qint64(rng.bounded(800)) };
    r.cost = double(r.usage.inputTokens + 2 * r.usage.outputTokens) / 1e6;
    r.latencyMs = 0;
    for (const Domain::Attempt &a : r.attempts)
        r.latencyMs += a.waitMs + a.latencyMs;
    return r;
}

// A file of an older schema is migrated (as the studio's writer start does), timed, and reused.
qint64 existingCount(const QString &path)
{
    if (!QFile::exists(path))
        return 0;
    auto db = Store::Database::open(path, Store::Database::Mode::ReadOnly);
    if (!db.ok()) {
        QElapsedTimer t;
        t.start();
        auto migrated = Store::Database::open(path);
        if (!migrated.ok())
            return 0;
        std::printf("migrated to schema %d in %.1f s\n", Store::Database::latestSchemaVersion(),
                    double(t.elapsed()) / 1000.0);
        QSqlQuery q(migrated.value()->handle());
        return q.exec(u"SELECT MAX(id) FROM receipt"_s) && q.next() ? q.value(0).toLongLong() : 0;
    }
    QSqlQuery q(db.value()->handle());
    return q.exec(u"SELECT MAX(id) FROM receipt"_s) && q.next() ? q.value(0).toLongLong() : 0;
}

// One transaction, statements prepared once: the store's own inserter, so the schema matches.
bool fill(const QString &path, qint64 count)
{
    auto opened = Store::Database::open(path);
    if (!opened.ok()) {
        std::fprintf(stderr, "cannot open %s: %s\n", qPrintable(path),
                     qPrintable(opened.error().message));
        return false;
    }
    Store::Database &db = *opened.value();
    QElapsedTimer t;
    t.start();
    QRandomGenerator rng(20261129);
    const Util::Status done = db.transaction([&]() -> Util::Status {
        Store::ReceiptInserter inserter(db.handle());
        if (Util::Status s = inserter.prepare(); !s.ok())
            return s;
        for (qint64 n = 0; n < count; ++n) {
            auto id = inserter.insert(makeReceipt(n, rng, count));
            if (!id.ok())
                return id.error();
        }
        return Util::Ok {};
    });
    if (!done.ok()) {
        std::fprintf(stderr, "fill failed: %s\n", qPrintable(done.error().message));
        return false;
    }
    std::printf("filled %lld receipts in %.1f s\n", static_cast<long long>(count),
                double(t.elapsed()) / 1000.0);
    return true;
}

struct Stats
{
    double median = 0;
    double max = 0;
};

Stats stats(QList<double> v)
{
    std::sort(v.begin(), v.end());
    return { v.isEmpty() ? 0 : v.at(v.size() / 2), v.isEmpty() ? 0 : v.last() };
}

// CPU time of the calling thread: tells the UI thread's own work apart from waiting for a core.
double threadCpuMs()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

double msSince(const QElapsedTimer &t)
{
    return double(t.nsecsElapsed()) / 1e6;
}

void showAndPaint(QWidget &w)
{
    w.show();
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents();
    w.repaint();
}

void report(const char *what, double ms, double target)
{
    std::printf("%-44s %9.1f ms   target < %4.0f ms   %s\n", what, ms, target,
                ms < target ? "ok" : "MISSED");
}

void measurePages(Ui::Calls::CallsScreen &screen)
{
    Ui::Calls::CallsTableModel *model = screen.tableModel();
    QList<double> times;
    for (int i = 0; i < 50 && model->canFetchMore({}); ++i) {
        QElapsedTimer t;
        t.start();
        model->fetchMore({});
        screen.tableView()->viewport()->repaint();
        times << msSince(t);
    }
    const Stats s = stats(times);
    std::printf("next page (%d pages of %d, to row %d): median %.2f ms\n", int(times.size()),
                model->pageSize(), model->rowCount(), s.median);
    report("next page, slowest", s.max, 20);
}

void measureFilters(Ui::Calls::CallsScreen &screen, qint64 count)
{
    const QDateTime end = kEpoch.addMSecs(60LL * 86400 * 1000);
    QList<std::pair<const char *, Store::ReceiptFilter>> filters;
    Store::ReceiptFilter f;
    f.model = modelName(7);
    filters.append({ "filter: model", f });
    f = {};
    f.servedBy = u"azure-eu"_s;
    filters.append({ "filter: served by", f });
    f = {};
    f.statusClass = Domain::StatusClass::Failed;
    filters.append({ "filter: status failed", f });
    f.statusClass = Domain::StatusClass::FellBack;
    filters.append({ "filter: status fell back", f });
    f = {};
    f.errorClass = Domain::ErrorClass::Overloaded;
    filters.append({ "filter: error class", f });
    f = {};
    f.from = end.addSecs(-3600);
    filters.append({ "filter: last hour", f });
    f = {};
    f.from = kEpoch.addDays(10);
    f.to = kEpoch.addDays(11);
    filters.append({ "filter: one day, 50 days back", f });
    f = {};
    f.requestId = u"req_%1"_s.arg(count / 3, 12, 16, QChar(u'0'));
    filters.append({ "filter: request id", f });
    f = {};
    f.model = modelName(3);
    f.statusClass = Domain::StatusClass::FellBack;
    f.servedBy = u"bedrock"_s;
    filters.append({ "filter: model + status + served by", f });
    filters.append({ "filter: cleared", Store::ReceiptFilter {} });
    for (const auto &[name, filter] : filters) {
        QElapsedTimer t;
        t.start();
        screen.tableModel()->setFilter(filter);
        screen.tableView()->viewport()->repaint();
        const double ms = msSince(t);
        std::printf("  (%d rows)\n", screen.tableModel()->rowCount());
        report(name, ms, 500);
    }
}

// A click on a column header (CallsTableModel::sort, keyset pages on (column, id)),
// then 20 pages further down; alone and under four filters (the model's and the connection's
// matches are about 5 % and 12.5 % of the rows).
void measureSorts(Ui::Calls::CallsScreen &screen)
{
    using Model = Ui::Calls::CallsTableModel;
    Model *model = screen.tableModel();
    const QDateTime end = kEpoch.addMSecs(60LL * 86400 * 1000);
    Store::ReceiptFilter failed;
    failed.statusClass = Domain::StatusClass::Failed;
    Store::ReceiptFilter lastDay;
    lastDay.from = end.addDays(-1);
    Store::ReceiptFilter oneModel;
    oneModel.model = modelName(7);
    Store::ReceiptFilter oneConnection;
    oneConnection.servedBy = u"azure-eu"_s;
    const QList<std::pair<const char *, Store::ReceiptFilter>> filters {
        { "", {} },
        { ", status failed", failed },
        { ", last 24 hours", lastDay },
        { ", model", oneModel },
        { ", served by", oneConnection },
    };
    for (const auto &[filterName, filter] : filters) {
        model->setFilter(filter);
        for (const int column : { Model::ModelAskedColumn, Model::ModelServedColumn,
                                  Model::StatusColumn, Model::AttemptsColumn, Model::ServedByColumn,
                                  Model::LatencyColumn, Model::TimeColumn }) {
            for (const Qt::SortOrder order : { Qt::AscendingOrder, Qt::DescendingOrder }) {
                if (column == Model::TimeColumn && order == Qt::DescendingOrder)
                    continue; // newest first: "open" and "next page" above
                QElapsedTimer t;
                t.start();
                model->sort(column, order);
                screen.tableView()->viewport()->repaint();
                const double first = msSince(t);
                double slowest = 0;
                for (int i = 0; i < 20 && model->canFetchMore({}); ++i) {
                    t.restart();
                    model->fetchMore({});
                    slowest = std::max(slowest, msSince(t));
                }
                const QByteArray name
                    = u"sort: %1 %2%3"_s
                          .arg(model->headerData(column, Qt::Horizontal).toString(),
                               order == Qt::AscendingOrder ? u"asc"_s : u"desc"_s,
                               QString::fromLatin1(filterName))
                          .toUtf8();
                report(name.constData(), first, 500);
                report("  then 20 pages, slowest", slowest, 20);
            }
        }
        model->sort(Model::TimeColumn, Qt::DescendingOrder);
    }
    model->setFilter({});
}

// Adds what the writer commits to `written`, on the writer's thread.
void countWritten(Store::ReceiptWriter &writer, std::atomic<qint64> &written)
{
    QObject::connect(
        &writer, &Store::ReceiptWriter::receiptsWritten, &writer,
        [&written](const QList<Store::ReceiptRow> &rows) { written += rows.size(); },
        Qt::DirectConnection);
}

// Submits receipts as fast as the writer commits them, keeping at most 5,000 waiting.
QThread *startProducer(Store::ReceiptWriter &writer, std::atomic<qint64> &written,
                       std::atomic<bool> &stop, qint64 count)
{
    QThread *producer = QThread::create([&writer, &written, &stop, count] {
        QRandomGenerator rng(7);
        constexpr qint64 ahead = 5000;
        for (qint64 n = 0; !stop; ++n) {
            while (n - written > ahead && !stop)
                QThread::usleep(200);
            Domain::Receipt r = makeReceipt(n, rng, count);
            r.requestId = u"live_%1_%2"_s.arg(QCoreApplication::applicationPid()).arg(n);
            r.startedAt = QDateTime::currentDateTimeUtc();
            writer.submit(r);
        }
    });
    return producer;
}

// Keeps the writer busy without letting its queue grow without bound: at most `ahead` receipts
// submitted and not yet committed.
void measureStall(Ui::Calls::CallsScreen &screen, const QString &path, qint64 count, int seconds)
{
    Store::ReceiptWriter writer(path);
    if (!writer.start().ok()) {
        std::printf("stall: cannot start the writer\n");
        return;
    }
    screen.attachWriter(&writer);
    std::atomic<qint64> written { 0 };
    countWritten(writer, written);
    std::atomic<bool> stop { false };
    QThread *producer = startProducer(writer, written, stop, count);
    QElapsedTimer gap;
    double worst = 0, worstCpu = 0, cpuAt = threadCpuMs();
    QList<double> gaps;
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const double ms = msSince(gap);
        const double cpu = threadCpuMs();
        gaps << ms;
        worst = std::max(worst, ms);
        // The UI thread's own work between two ticks, without time it was preempted by others.
        worstCpu = std::max(worstCpu, cpu - cpuAt);
        cpuAt = cpu;
        gap.restart();
    });
    const int rowsBefore = screen.tableModel()->rowCount();
    QElapsedTimer run;
    run.start();
    gap.start();
    probe.start(1);
    producer->start();
    QEventLoop loop;
    QTimer::singleShot(seconds * 1000, &loop, &QEventLoop::quit);
    loop.exec();
    probe.stop();
    stop = true;
    producer->wait();
    delete producer;
    writer.stop();
    const Stats s = stats(gaps);
    std::printf(
        "writer: %lld receipts in %.1f s (%.0f/s); %d live rows shown; probe median %.2f ms\n",
        static_cast<long long>(written.load()), double(run.elapsed()) / 1000.0,
        double(written.load()) * 1000.0 / double(run.elapsed()),
        screen.tableModel()->rowCount() - rowsBefore, s.median);
    report("UI stall while writing, longest (wall)", worst, 50);
    report("UI thread busy between ticks, longest (CPU)", worstCpu, 50);
}

struct ThreadCpu
{
    double userMs = 0;
    double systemMs = 0;
};

// The named thread of this process, from /proc/self/task/*/stat (utime, stime in clock ticks).
ThreadCpu threadCpuByName(const QByteArray &name)
{
    const double msPerTick = 1000.0 / double(sysconf(_SC_CLK_TCK));
    const QDir tasks(u"/proc/self/task"_s);
    for (const QString &tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile comm(tasks.filePath(tid + u"/comm"_s));
        if (!comm.open(QIODevice::ReadOnly) || comm.readAll().trimmed() != name)
            continue;
        QFile stat(tasks.filePath(tid + u"/stat"_s));
        if (!stat.open(QIODevice::ReadOnly))
            break;
        const QByteArray line = stat.readAll();
        // Fields after the parenthesised name: state is field 3, utime 14, stime 15.
        const QList<QByteArray> f = line.mid(line.lastIndexOf(')') + 2).split(' ');
        if (f.size() < 13)
            break;
        return { f.at(11).toDouble() * msPerTick, f.at(12).toDouble() * msPerTick };
    }
    return {};
}

// What --writer-cost submits: the Calls mix above, or receipts shaped like bench_connections':
// "one", every call served first time by one model on one connection in 0-1 ms (the 16
// callers alone); "two", two in three of them by a second model on a second connection in
// 500-520 ms (the 16 beside 8,000 calls on the 500 ms upstream).
enum class Shape { Calls, One, Two };

Domain::Receipt shapedReceipt(Shape shape, qint64 n, QRandomGenerator &rng, qint64 total)
{
    if (shape == Shape::Calls)
        return makeReceipt(n, rng, total);
    const bool slow = shape == Shape::Two && rng.bounded(3) < 2;
    const QString model = slow ? u"bench/slow"_s : u"bench/x"_s;
    const QString connection = slow ? u"slow"_s : u"fast"_s;
    Domain::Receipt r;
    r.startedAt = QDateTime::currentDateTimeUtc();
    r.keyId = u"key_0"_s;
    r.projectId = u"default"_s;
    r.modelAsked = r.modelResolved = r.modelServed = model;
    r.servedBy = connection;
    r.attempts = { makeAttempt(1, model, connection, 200) };
    r.attempts[0].latencyMs = slow ? 500 + rng.bounded(21) : rng.bounded(2);
    r.latencyMs = r.attempts[0].latencyMs;
    r.firstByteMs = r.latencyMs;
    r.httpStatus = 200;
    r.usage = { 12, 9 };
    return r;
}

// The receipt writer alone: receipts submitted at `rate` a second (0: as fast as it commits, at
// most 5,000 waiting) for `seconds`, on top of what the file holds.
int measureWriterCost(const QString &path, qint64 count, int seconds, int rate, Shape shape)
{
    Store::ReceiptWriter writer(path);
    if (Util::Status started = writer.start(); !started.ok()) {
        std::fprintf(stderr, "cannot start the writer: %s\n", qPrintable(started.error().message));
        return 1;
    }
    std::atomic<qint64> written { 0 };
    countWritten(writer, written);
    std::atomic<bool> stop { false };
    QThread *producer = rate > 0 ? QThread::create([&writer, &stop, count, rate, shape] {
        QRandomGenerator rng(11);
        QElapsedTimer clock;
        clock.start();
        qint64 n = 0;
        while (!stop) {
            const qint64 due = clock.elapsed() * rate / 1000;
            for (; n < due; ++n) {
                Domain::Receipt r = shapedReceipt(shape, count + n, rng, count);
                r.requestId = Gateway::newRequestId(); // as the gateway makes them
                writer.submit(r);
            }
            QThread::msleep(2);
        }
    })
                                 : startProducer(writer, written, stop, count);
    const ThreadCpu before = threadCpuByName("sb.store.writer");
    const qint64 writtenBefore = written;
    QElapsedTimer run;
    run.start();
    producer->start();
    QThread::sleep(seconds);
    const ThreadCpu after = threadCpuByName("sb.store.writer");
    const qint64 receipts = written - writtenBefore;
    const double elapsed = double(run.elapsed()) / 1000.0;
    stop = true;
    producer->wait();
    delete producer;
    writer.stop();
    if (receipts <= 0) {
        std::printf("writer: nothing written\n");
        return 1;
    }
    const double user = (after.userMs - before.userMs) * 1000.0 / double(receipts);
    const double system = (after.systemMs - before.systemMs) * 1000.0 / double(receipts);
    std::printf("writer: %lld receipts in %.1f s (%.0f/s, asked %d/s); writer thread CPU per "
                "receipt %.1f us (user %.1f, system %.1f)\n",
                static_cast<long long>(receipts), elapsed, double(receipts) / elapsed, rate,
                user + system, user, system);
    return 0;
}

// The studio starts its receipt writer before Calls can be shown; the fill above bypasses it.
bool startWriterFirst(const QString &path)
{
    QElapsedTimer t;
    t.start();
    Store::ReceiptWriter writer(path);
    if (Util::Status started = writer.start(); !started.ok()) {
        std::fprintf(stderr, "cannot start the writer: %s\n", qPrintable(started.error().message));
        return false;
    }
    std::printf("writer started first (sampled ANALYZE included): %.1f ms\n", msSince(t));
    writer.stop();
    return true;
}

int runMeasurements(const QString &path, qint64 count, int writeSeconds)
{
    QElapsedTimer t;
    t.start();
    auto db = Store::Database::open(path, Store::Database::Mode::ReadOnly);
    if (!db.ok()) {
        std::fprintf(stderr, "cannot open: %s\n", qPrintable(db.error().message));
        return 1;
    }
    Store::ReceiptReader reader(*db.value());
    Ui::Calls::CallsScreen screen(&reader, nullptr);
    screen.resize(1400, 800);
    showAndPaint(screen);
    report("open (first page shown)", msSince(t), 300);
    measurePages(screen);
    measureFilters(screen, count);
    screen.tableModel()->setFilter({});
    measureSorts(screen);
    measureStall(screen, path, count, writeSeconds);
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(u"switchboard-bench"_s);
    QCommandLineParser parser;
    parser.addOption({ u"receipts"_s, u"How many receipts."_s, u"N"_s, u"1000000"_s });
    parser.addOption({ u"db"_s, u"Database file (reused when it holds enough)."_s, u"PATH"_s });
    parser.addOption({ u"write-seconds"_s, u"How long the writer runs."_s, u"S"_s, u"5"_s });
    parser.addOption({ u"no-writer-first"_s, u"Open Calls without starting a writer first."_s });
    parser.addOption({ u"writer-cost"_s, u"Measure only the receipt writer's CPU per receipt."_s });
    parser.addOption(
        { u"rate"_s, u"Receipts a second for --writer-cost (0: full speed)."_s, u"R"_s, u"0"_s });
    parser.addOption({ u"shape"_s,
                       u"What --writer-cost's receipts are like: calls (the Calls mix), one or "
                       "two (bench_connections' 16 callers alone, or beside the 8,000)."_s,
                       u"SHAPE"_s, u"calls"_s });
    parser.addHelpOption();
    parser.process(app);
    const QString shapeName = parser.value(u"shape"_s);
    const std::optional<Shape> shape = shapeName == u"calls"_s ? std::optional(Shape::Calls)
        : shapeName == u"one"_s                                ? std::optional(Shape::One)
        : shapeName == u"two"_s                                ? std::optional(Shape::Two)
                                                               : std::nullopt;
    if (!shape) {
        std::fprintf(stderr, "--shape: calls, one or two\n");
        return 2;
    }
    const qint64 count = parser.value(u"receipts"_s).toLongLong();
    QTemporaryDir dir;
    const QString path
        = parser.isSet(u"db"_s) ? parser.value(u"db"_s) : dir.filePath(u"bench.sqlite"_s);
    if (existingCount(path) < count && !fill(path, count))
        return 1;
    std::printf("database %s, %lld receipts\n", qPrintable(path),
                static_cast<long long>(existingCount(path)));
    if (parser.isSet(u"writer-cost"_s)) {
        return measureWriterCost(path, count, parser.value(u"write-seconds"_s).toInt(),
                                 parser.value(u"rate"_s).toInt(), *shape);
    }
    if (!parser.isSet(u"no-writer-first"_s) && !startWriterFirst(path))
        return 1;
    return runMeasurements(path, count, parser.value(u"write-seconds"_s).toInt());
}
