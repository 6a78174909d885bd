#include "gateway/gatewayservice.h"

#include "gateway/gatewayworker.h"
#include "net/epolldispatcher.h"
#include "net/log.h"
#include "net/openfilelimit.h"
#include "util/check.h"

#include <QThread>

using namespace Qt::StringLiterals;

namespace Gateway {

GatewayService::GatewayService(QObject *parent)
    : QObject(parent)
{
}

GatewayService::~GatewayService()
{
    if (!m_thread)
        return;
    // Blocking here is bounded: stopNow() answers every caller at once and writes every receipt.
    QMetaObject::invokeMethod(m_worker, &GatewayWorker::stopNow, Qt::BlockingQueuedConnection);
    m_thread->quit();
    m_thread->wait();
    delete m_thread;
}

void GatewayService::setReceiptWriter(Store::ReceiptWriter *writer)
{
    m_writer = writer;
}

void GatewayService::setTimeSource(TimeSource *time)
{
    SB_CHECK(!m_thread, return );
    m_time = time;
}

void GatewayService::installDispatcher(QThread *thread)
{
    // The benchmark's "before" figures run Qt's own dispatcher from the same binary.
    if (qEnvironmentVariable("SWITCHBOARD_GATEWAY_DISPATCHER") == u"qt"_s) {
        qCInfo(lcGateway) << "gateway thread keeps Qt's event dispatcher";
        return;
    }
    auto dispatcher = std::make_unique<EpollDispatcher>();
    if (!dispatcher->isValid())
        return;
    // Set before start(): the thread takes ownership and deletes it when it finishes.
    thread->setEventDispatcher(dispatcher.release());
}

void GatewayService::ensureThread()
{
    if (m_thread)
        return;
    raiseOpenFileLimit();
    m_thread = new QThread;
    m_thread->setObjectName(u"gateway"_s);
    installDispatcher(m_thread);
    m_worker = new GatewayWorker(m_writer, m_time);
    m_worker->moveToThread(m_thread);
    // Deleted by the thread as it finishes (QThread sends deferred deletes after finished()). A
    // deleteLater() queued just before quit() never ran: the loop left first and the worker, its
    // server, transports and executors leaked at every stop (LeakSanitizer).
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &GatewayWorker::started, this, &GatewayService::handleStarted);
    connect(m_worker, &GatewayWorker::stopped, this, &GatewayService::handleStopped);
    connect(m_worker, &GatewayWorker::failed, this, &GatewayService::handleFailed);
    connect(m_worker, &GatewayWorker::statsChanged, this, &GatewayService::statsChanged);
    connect(m_worker, &GatewayWorker::healthChanged, this, &GatewayService::healthChanged);
    connect(m_worker, &GatewayWorker::callsFinished, this, &GatewayService::handleCallsFinished);
    connect(m_worker, &GatewayWorker::probesFinished, this, &GatewayService::probesFinished);
    connect(m_worker, &GatewayWorker::spendChanged, this,
            [this](const QList<Routing::ScopeSpend> &spend) {
                m_spend = spend;
                Q_EMIT spendChanged(spend);
            });
    connect(m_worker, &GatewayWorker::rateCountsChanged, this,
            [this](const QList<Routing::RateCount> &counts) { m_rateCounts = counts; });
    m_thread->start();
}

void GatewayService::start(const GatewayOptions &options, Domain::WorkspaceSnapshot config)
{
    if (!config) {
        Q_EMIT failed(u"No workspace to serve."_s);
        return;
    }
    ensureThread();
    GatewayWorker *worker = m_worker;
    GatewayOptions effective = options;
    if (m_today.isValid())
        effective.today = m_today;
    QMetaObject::invokeMethod(
        m_worker, [worker, effective, config] { worker->start(effective, config); },
        Qt::QueuedConnection);
}

void GatewayService::stop()
{
    if (m_worker)
        QMetaObject::invokeMethod(m_worker, &GatewayWorker::stop, Qt::QueuedConnection);
    else // never started: answer the same way, later, as a running gateway would
        QMetaObject::invokeMethod(this, &GatewayService::handleStopped, Qt::QueuedConnection);
}

void GatewayService::applyConfig(Domain::WorkspaceSnapshot config)
{
    if (!m_worker || !config)
        return;
    GatewayWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        m_worker, [worker, config] { worker->applyConfig(config); }, Qt::QueuedConnection);
}

void GatewayService::setBudgetLeases(const QList<Routing::BudgetLease> &leases, bool reachable)
{
    if (!m_worker)
        return;
    GatewayWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        m_worker, [worker, leases, reachable] { worker->setBudgetLeases(leases, reachable); },
        Qt::QueuedConnection);
}

void GatewayService::setOtherRates(const QList<Routing::RateCount> &others)
{
    if (!m_worker)
        return;
    GatewayWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        m_worker, [worker, others] { worker->setOtherRates(others); }, Qt::QueuedConnection);
}

void GatewayService::setDatabaseAvailable(bool available)
{
    if (!m_worker)
        return;
    GatewayWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        m_worker, [worker, available] { worker->setDatabaseAvailable(available); },
        Qt::QueuedConnection);
}

void GatewayService::runProbes(const Domain::ProbeRequest &request)
{
    if (!m_worker || !m_running)
        return Q_EMIT probesFinished({});
    GatewayWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        m_worker, [worker, request] { worker->runProbes(request); }, Qt::QueuedConnection);
}

void GatewayService::drain(const QString &candidateKey)
{
    if (!m_worker)
        return;
    GatewayWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        m_worker, [worker, candidateKey] { worker->drain(candidateKey); }, Qt::QueuedConnection);
    Q_EMIT drainedByHand(candidateKey);
}

void GatewayService::reenable(const QString &candidateKey)
{
    if (!m_worker)
        return;
    GatewayWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        m_worker, [worker, candidateKey] { worker->reenable(candidateKey); }, Qt::QueuedConnection);
    Q_EMIT reenabledByHand(candidateKey);
}

void GatewayService::applySharedHealth(const QList<SharedHealth> &changes)
{
    if (!m_worker || changes.isEmpty())
        return;
    GatewayWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        m_worker, [worker, changes] { worker->applySharedHealth(changes); }, Qt::QueuedConnection);
}

void GatewayService::handleStarted(const QString &address)
{
    m_running = true;
    m_address = address;
    Q_EMIT started(address);
}

void GatewayService::handleStopped()
{
    m_running = false;
    Q_EMIT stopped();
}

void GatewayService::handleFailed(const QString &message)
{
    Q_EMIT failed(message);
}

void GatewayService::handleCallsFinished(const QStringList &ids)
{
    for (const QString &id : ids)
        Q_EMIT callFinished(id);
}

} // namespace Gateway
