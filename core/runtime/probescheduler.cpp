#include "probescheduler.h"

#include "gateway/gatewayservice.h"
#include "gateway/proberunner.h"
#include "net/log.h"
#include "net/timesource.h"
#include "probes/probeset.h"
#include "store/database.h"
#include "store/probestore.h"
#include "util/result.h"

using namespace Qt::StringLiterals;

namespace Runtime {

ProbeScheduler::ProbeScheduler(Store::Database *db, Gateway::GatewayService *gateway,
                               Gateway::TimeSource *time, QObject *parent)
    : QObject(parent)
    , m_db(db)
    , m_gateway(gateway)
    , m_time(time ? time : Gateway::TimeSource::system())
    , m_timer(std::make_unique<Gateway::Timer>(m_time))
{
    connect(m_timer.get(), &Gateway::Timer::timeout, this, &ProbeScheduler::tick);
    connect(m_gateway, &Gateway::GatewayService::probesFinished, this, &ProbeScheduler::finished);
    // The first due offerings as soon as the gateway listens, not a tick later.
    connect(m_gateway, &Gateway::GatewayService::started, this, [this] {
        if (m_started)
            m_timer->start(0);
    });
}

ProbeScheduler::~ProbeScheduler() = default;

QString ProbeScheduler::offeringKey(const QString &model, const Domain::Offering &o) const
{
    return model + u'\n' + o.connection + u'\n' + o.upstreamModel;
}

void ProbeScheduler::setWorkspace(const Domain::Workspace &ws)
{
    const bool windowChanged = ws.probeWindowHours != m_ws.probeWindowHours || m_recent.isEmpty();
    m_ws = ws;
    if (windowChanged)
        reload();
}

void ProbeScheduler::reload()
{
    m_recent.clear();
    if (!m_db)
        return;
    const qint64 since
        = m_time->nowUtc().toMSecsSinceEpoch() - qint64(m_ws.probeWindowHours) * 3600'000;
    Util::Result<QList<Domain::ProbeResult>> loaded = Store::ProbeStore(*m_db).since(since);
    if (!loaded) {
        qCWarning(Gateway::lcGateway) << "probe results not read:" << Util::logText(loaded.error());
        return;
    }
    m_recent = *loaded;
    for (const Domain::ProbeResult &r : std::as_const(m_recent)) {
        const QString key = r.model + u'\n' + r.connection + u'\n' + r.upstreamModel;
        m_lastRunMs[key] = qMax(m_lastRunMs.value(key), r.atMs);
    }
}

void ProbeScheduler::start()
{
    if (!m_scheduled)
        return;
    m_started = true;
    m_timer->start(0);
}

bool ProbeScheduler::runNow(const Domain::ProbeRequest &request)
{
    if (m_running)
        return false;
    m_running = true;
    m_gateway->runProbes(request);
    return true;
}

void ProbeScheduler::tick()
{
    m_timer->start(kTickMs);
    if (m_running || m_ws.probeIntervalHours <= 0 || !m_gateway->isRunning())
        return;
    const qint64 now = m_time->nowUtc().toMSecsSinceEpoch();
    const qint64 interval = qint64(m_ws.probeIntervalHours) * 3600'000;
    Domain::ProbeRequest scheduled;
    scheduled.scheduled = true;
    // The first due offering's run: a run probes one offering, so each keeps its own interval.
    for (const auto &[model, index] : Gateway::probeTargets(m_ws, scheduled)) {
        const Domain::Offering &o = m_ws.model(model)->offerings.at(index);
        const qint64 last = m_lastRunMs.value(offeringKey(model, o), -1);
        if (last >= 0 && now - last < interval)
            continue;
        Domain::ProbeRequest due = scheduled;
        due.model = model;
        due.connection = o.connection;
        m_lastRunMs[offeringKey(model, o)] = now; // tried: not again before the interval
        runNow(due);
        return;
    }
}

void ProbeScheduler::finished(const QList<Domain::ProbeResult> &results)
{
    m_running = false;
    if (m_db && !results.isEmpty()) {
        if (Util::Status s = Store::ProbeStore(*m_db).add(results); !s) {
            qCWarning(Gateway::lcGateway)
                << "probe results not stored:" << Util::logText(s.error());
            Q_EMIT failed(Util::logText(s.error()));
        }
    }
    const qint64 windowStart
        = m_time->nowUtc().toMSecsSinceEpoch() - qint64(m_ws.probeWindowHours) * 3600'000;
    m_recent.removeIf([&](const Domain::ProbeResult &r) { return r.atMs < windowStart; });
    // The schedule counts on its own clock: the run ended now.
    const qint64 now = m_time->nowUtc().toMSecsSinceEpoch();
    for (const Domain::ProbeResult &r : results) {
        m_recent.append(r);
        m_lastRunMs[r.model + u'\n' + r.connection + u'\n' + r.upstreamModel] = now;
    }
    Q_EMIT runFinished(results);
    if (!results.isEmpty())
        Q_EMIT changed();
    if (m_started)
        m_timer->start(0); // the next due offering, if any, without waiting a tick
}

void ProbeScheduler::apply(Domain::Workspace &config) const
{
    const QString version = Probes::probeSet().version;
    const qint64 windowStart
        = m_time->nowUtc().toMSecsSinceEpoch() - qint64(config.probeWindowHours) * 3600'000;
    QList<Domain::ProbeResult> inWindow = m_recent;
    inWindow.removeIf([&](const Domain::ProbeResult &r) { return r.atMs < windowStart; });
    Store::applyProbeCounts(config, inWindow, version);
}

QDateTime ProbeScheduler::lastRun(const QString &model, const Domain::Offering &o) const
{
    const qint64 last = m_lastRunMs.value(offeringKey(model, o), -1);
    return last < 0 ? QDateTime() : QDateTime::fromMSecsSinceEpoch(last, Qt::UTC);
}

QDateTime ProbeScheduler::nextRun(const QString &model, const Domain::Offering &o) const
{
    const Domain::Connection *c = m_ws.connection(o.connection);
    if (!m_started || m_ws.probeIntervalHours <= 0 || !o.certified || !c || c->metered)
        return {};
    const qint64 last = m_lastRunMs.value(offeringKey(model, o), -1);
    const qint64 now = m_time->nowUtc().toMSecsSinceEpoch();
    const qint64 due = last < 0 ? now : last + qint64(m_ws.probeIntervalHours) * 3600'000;
    return QDateTime::fromMSecsSinceEpoch(qMax(due, now), Qt::UTC);
}

} // namespace Runtime
