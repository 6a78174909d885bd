#include "gatewaymonitor.h"

namespace Ui::GatewayControl {

GatewayMonitor::GatewayMonitor(QObject *parent)
    : QObject(parent)
{
    m_healthAge.start();
}

bool GatewayMonitor::isAvailable() const
{
    return m_available;
}

void GatewayMonitor::setAvailable(bool available)
{
    m_available = available;
    Q_EMIT figuresChanged();
}

const LiveFigures &GatewayMonitor::figures() const
{
    return m_figures;
}

const QList<HealthRow> &GatewayMonitor::health() const
{
    return m_health;
}

qint64 GatewayMonitor::cooldownRemainingNow(const HealthRow &row) const
{
    return qMax<qint64>(0, row.cooldownRemainingMs - m_healthAge.elapsed());
}

Routing::CooldownBook GatewayMonitor::cooldownBookAt(qint64 nowMs) const
{
    Routing::CooldownBook book;
    for (const HealthRow &row : m_health) {
        if (row.drained)
            book.drain(row.key, nowMs);
        else if (const qint64 left = cooldownRemainingNow(row); left > 0)
            book.fail(row.key, nowMs, left);
    }
    return book;
}

QList<HealthRow> GatewayMonitor::healthOf(const QString &model) const
{
    QList<HealthRow> rows;
    for (const HealthRow &r : m_health) {
        if (r.model == model)
            rows.append(r);
    }
    return rows;
}

bool GatewayMonitor::isCoolingDown(const QString &model) const
{
    for (const HealthRow &r : m_health) {
        if (r.model == model && (r.drained || cooldownRemainingNow(r) > 0))
            return true;
    }
    return false;
}

bool GatewayMonitor::hasSpend() const
{
    return m_hasSpend;
}

const QList<Routing::ScopeSpend> &GatewayMonitor::spend() const
{
    return m_spend;
}

void GatewayMonitor::setFigures(const LiveFigures &figures)
{
    if (figures == m_figures)
        return;
    m_figures = figures;
    Q_EMIT figuresChanged();
}

void GatewayMonitor::setHealth(const QList<HealthRow> &rows)
{
    m_health = rows;
    m_healthAge.restart();
    Q_EMIT healthChanged();
}

void GatewayMonitor::setSpend(const QList<Routing::ScopeSpend> &spend)
{
    m_hasSpend = true;
    m_spend = spend;
    Q_EMIT spendChanged();
}

void GatewayMonitor::clearSpend()
{
    if (!m_hasSpend)
        return;
    m_hasSpend = false;
    m_spend.clear();
    Q_EMIT spendChanged();
}

void GatewayMonitor::requestStart(const QString &host, quint16 port)
{
    Q_EMIT startRequested(host, port);
}

void GatewayMonitor::requestStop()
{
    Q_EMIT stopRequested();
}

void GatewayMonitor::requestDrain(const QString &key)
{
    Q_EMIT drainRequested(key);
}

void GatewayMonitor::requestReenable(const QString &key)
{
    Q_EMIT reenableRequested(key);
}

} // namespace Ui::GatewayControl
