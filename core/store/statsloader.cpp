#include "statsloader.h"

#include "database.h"
#include "receiptreader.h"
#include "storeutil.h"

#include <QElapsedTimer>
#include <QThread>

using namespace Qt::StringLiterals;

namespace Store {
namespace {

// A figure into its place in the answer, or the answer's error.
template<typename T> void take(Util::Result<T> result, T &into, StatsAnswer &answer)
{
    if (result)
        into = std::move(result).value();
    else
        answer.error = result.error();
}

// Each Dashboard figure of the window in turn; the first error ends the answer.
void readDashboard(const ReceiptStats &stats, const StatsQuery &query, StatsAnswer &answer)
{
    const qint64 windowMs = query.bucketMs * query.count;
    take(stats.buckets(query.from, query.bucketMs, query.count, query.filter), answer.buckets,
         answer);
    if (!answer.error)
        take(stats.byEndpoint(query.from, windowMs, query.filter), answer.endpoints, answer);
    if (!answer.error)
        take(stats.notCallerTraffic(query.from, windowMs, query.filter), answer.notCallerTraffic,
             answer);
    if (!answer.error)
        take(stats.failuresByDeployment(query.from, windowMs, query.filter), answer.failures,
             answer);
}

// A window the Dashboard's figures can be computed for (ReceiptStats::buckets' limits).
bool fitsDashboard(const StatsQuery &query)
{
    return query.count > 0 && query.count <= ReceiptStats::kMaxBuckets
        && query.bucketMs * query.count <= ReceiptStats::kMaxWindowMs;
}

} // namespace

StatsWorker::StatsWorker(QString databasePath)
    : m_path(std::move(databasePath))
{
}

StatsWorker::~StatsWorker() = default;

void StatsWorker::run(const StatsQuery &query)
{
    QElapsedTimer timer;
    timer.start();
    StatsAnswer answer { query, {}, {}, {}, 0 };
    if (!m_db) {
        auto db = Database::open(m_path, Database::Mode::ReadOnly); // NoPath when there is none
        if (!db) {
            answer.error = db.error();
            Q_EMIT answered(answer);
            return;
        }
        m_db = std::move(db).value();
    }
    const ReceiptStats stats(*m_db);
    if (query.sessions)
        take(stats.sessionsByKey(query.from, query.bucketMs * query.count), answer.sessions,
             answer);
    // A window of days (the Keys screen's) is past the Dashboard's limits: its figures stay out.
    if (!answer.error && (!query.sessions || fitsDashboard(query))) {
        readDashboard(stats, query, answer);
        answer.instances = ReceiptReader(*m_db).recentInstances();
    }
    answer.elapsedMs = timer.elapsed();
    Q_EMIT answered(answer);
}

StatsLoader::StatsLoader(const QString &databasePath, QObject *parent)
    : QObject(parent)
    , m_thread(new QThread(this))
    , m_worker(new StatsWorker(databasePath))
{
    m_thread->setObjectName(u"dashboard-stats"_s);
    m_worker->moveToThread(m_thread);
    // The worker, and with it its connection, is deleted on its own thread once that stops.
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &StatsWorker::answered, this, &StatsLoader::handleAnswer,
            Qt::QueuedConnection);
    m_thread->start();
}

StatsLoader::~StatsLoader()
{
    m_thread->quit();
    m_thread->wait();
}

void StatsLoader::request(const StatsQuery &query)
{
    if (m_busy) {
        m_waiting = query;
        return;
    }
    dispatch(query);
}

bool StatsLoader::isBusy() const
{
    return m_busy;
}

void StatsLoader::dispatch(const StatsQuery &query)
{
    m_busy = true;
    StatsWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, query] { worker->run(query); }, Qt::QueuedConnection);
}

void StatsLoader::handleAnswer(const StatsAnswer &answer)
{
    m_busy = false;
    if (m_waiting) {
        // The answer is already stale: ask the newer question instead of showing it.
        const StatsQuery next = *m_waiting;
        m_waiting.reset();
        dispatch(next);
        return;
    }
    Q_EMIT answered(answer);
}

} // namespace Store
