#include "impactloader.h"

#include "store/database.h"

#include <QElapsedTimer>
#include <QThread>

using namespace Qt::StringLiterals;

namespace Runtime {

QList<Routing::ReplayCall> replayCalls(const QList<Store::PastRequest> &past)
{
    QList<Routing::ReplayCall> calls;
    calls.reserve(past.size());
    for (const Store::PastRequest &p : past) {
        calls.append({ Routing::replayedRequest(p.model, p.endpoint, p.stream, p.keyId, p.projectId,
                                                p.regionHeader, p.shape),
                       p.inputTokens, p.outputTokens });
    }
    return calls;
}

ImpactWorker::ImpactWorker(QString databasePath)
    : m_path(std::move(databasePath))
{
}

ImpactWorker::~ImpactWorker() = default;

void ImpactWorker::run(const ImpactQuery &query)
{
    ImpactAnswer answer;
    answer.serial = query.serial;
    QElapsedTimer timer;
    timer.start();
    if (!m_db) {
        auto db = Store::Database::open(m_path, Store::Database::Mode::ReadOnly);
        if (!db) {
            answer.error = db.error();
            Q_EMIT answered(answer);
            return;
        }
        m_db = std::move(db).value();
    }
    auto past = Store::pastRequests(*m_db, query.count);
    if (!past) {
        answer.error = past.error();
        Q_EMIT answered(answer);
        return;
    }
    const QList<Routing::ReplayCall> calls = replayCalls(*past);
    answer.readMs = timer.restart();
    answer.impact = Routing::replayImpact(query.before, query.after, calls,
                                          query.health ? &*query.health : nullptr, query.nowMs,
                                          query.todayUtc);
    answer.replayMs = timer.elapsed();
    Q_EMIT answered(answer);
}

ImpactLoader::ImpactLoader(const QString &databasePath, QObject *parent)
    : QObject(parent)
    , m_thread(new QThread(this))
    , m_worker(new ImpactWorker(databasePath))
{
    m_thread->setObjectName(u"impact-preview"_s);
    m_worker->moveToThread(m_thread);
    // The worker, and with it its connection, is deleted on its own thread once that stops.
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &ImpactWorker::answered, this, &ImpactLoader::handleAnswer,
            Qt::QueuedConnection);
    m_thread->start();
}

ImpactLoader::~ImpactLoader()
{
    m_thread->quit();
    m_thread->wait();
}

void ImpactLoader::request(ImpactQuery query)
{
    if (m_busy) {
        m_waiting = std::move(query);
        return;
    }
    dispatch(std::move(query));
}

bool ImpactLoader::isBusy() const
{
    return m_busy;
}

void ImpactLoader::dispatch(ImpactQuery query)
{
    m_busy = true;
    ImpactWorker *worker = m_worker;
    auto shared = std::make_shared<const ImpactQuery>(std::move(query));
    QMetaObject::invokeMethod(
        worker, [worker, shared] { worker->run(*shared); }, Qt::QueuedConnection);
}

void ImpactLoader::handleAnswer(const ImpactAnswer &answer)
{
    m_busy = false;
    if (m_waiting) {
        // The answer is already stale: replay the newer edit instead of showing it.
        ImpactQuery next = std::move(*m_waiting);
        m_waiting.reset();
        dispatch(std::move(next));
        return;
    }
    Q_EMIT answered(answer);
}

} // namespace Runtime
