#include "deploymenthealthmodel.h"

#include "common/format.h"
#include "common/tr.h"
#include "common/workspacesession.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Ui::Models {
namespace {

bool canBePicked(const Domain::Workspace &ws, const Domain::Model &pool, const QString &name)
{
    const Domain::Model *d = ws.model(name);
    if (!d || !d->enabled)
        return false;
    if (pool.pool.allowedRegions.isEmpty())
        return true;
    // Any offering in an allowed region serves the deployment (R-DET).
    const QStringList regions = ws.servingRegions(*d);
    return std::any_of(regions.cbegin(), regions.cend(),
                       [&](const QString &r) { return pool.pool.allowedRegions.contains(r); });
}

} // namespace

DeploymentHealthModel::DeploymentHealthModel(Common::WorkspaceSession *session,
                                             GatewayControl::GatewayMonitor *monitor,
                                             QObject *parent)
    : QAbstractTableModel(parent)
    , m_session(session)
    , m_monitor(monitor)
{
    // It shows the saved configuration (what the gateway routes on): edits do not reset it.
    connect(m_session, &Common::WorkspaceSession::savedChanged, this,
            &DeploymentHealthModel::rebuild);
    if (m_monitor)
        connect(m_monitor, &GatewayControl::GatewayMonitor::healthChanged, this,
                &DeploymentHealthModel::tick);
}

void DeploymentHealthModel::setModelName(const QString &name)
{
    m_model = name;
    rebuild();
}

int DeploymentHealthModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_targets.size());
}

int DeploymentHealthModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DeploymentHealthModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Target &t = m_targets.at(index.row());
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
        return display(t, index.row(), index.column());
    if (role == Qt::TextAlignmentRole
        && (index.column() == WeightColumn || index.column() == ShareColumn
            || index.column() == CooldownColumn))
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant DeploymentHealthModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TargetColumn:
        return Tr::tr("Deployment");
    case WeightColumn:
        return Tr::tr("Weight");
    case ShareColumn:
        return Tr::tr("First picks");
    case RegionColumn:
        return Tr::tr("Region");
    case HealthColumn:
        return Tr::tr("Health");
    case CooldownColumn:
        return Tr::tr("Cooling down");
    case LastErrorColumn:
        return Tr::tr("Last error");
    default:
        return {};
    }
}

std::optional<GatewayControl::HealthRow> DeploymentHealthModel::healthRow(int row) const
{
    if (!m_monitor || row < 0 || row >= m_targets.size())
        return std::nullopt;
    for (const GatewayControl::HealthRow &h : m_monitor->health()) {
        if (m_targets.at(row).keys.contains(h.key))
            return h;
    }
    return std::nullopt;
}

QStringList DeploymentHealthModel::candidateKeys(int row) const
{
    return row >= 0 && row < m_targets.size() ? m_targets.at(row).keys : QStringList();
}

double DeploymentHealthModel::firstPickShare(const Domain::Workspace &ws, const Domain::Model &pool,
                                             int row)
{
    const QList<Domain::PoolEntry> &rows = pool.pool.deployments;
    if (row < 0 || row >= rows.size() || !canBePicked(ws, pool, rows.at(row).model))
        return 0.0;
    qint64 total = 0;
    for (const Domain::PoolEntry &e : rows) {
        if (canBePicked(ws, pool, e.model) && e.weight > 0)
            total += e.weight;
    }
    return total > 0 ? 100.0 * qMax(0, rows.at(row).weight) / double(total) : 0.0;
}

void DeploymentHealthModel::tick()
{
    if (!m_targets.isEmpty())
        Q_EMIT dataChanged(index(0, HealthColumn),
                           index(int(m_targets.size()) - 1, LastErrorColumn));
}

void DeploymentHealthModel::rebuild()
{
    QList<Target> targets;
    const Domain::Workspace &ws = m_session->saved(); // what the gateway routes on now
    if (const Domain::Model *m = ws.model(m_model)) {
        if (m->isPool()) {
            for (int i = 0; i < m->pool.deployments.size(); ++i) {
                const Domain::PoolEntry &e = m->pool.deployments.at(i);
                const Domain::Model *d = ws.model(e.model);
                QStringList keys;
                for (const Domain::Offering &o : d ? d->offerings : QList<Domain::Offering> {})
                    keys.append(o.connection + u'/' + o.upstreamModel);
                targets.append({ e.model,
                                 e.model,
                                 {},
                                 keys,
                                 e.weight,
                                 firstPickShare(ws, *m, i),
                                 d ? ws.servingRegions(*d).join(u", "_s) : QString(),
                                 d && d->enabled });
            }
        } else {
            for (const Domain::Offering &o : m->offerings) {
                const Domain::Connection *c = ws.connection(o.connection);
                targets.append({ o.connection,
                                 m->name,
                                 o.connection,
                                 { o.connection + u'/' + o.upstreamModel },
                                 0,
                                 0.0,
                                 ws.servingRegion(*m, o),
                                 c && c->enabled });
            }
        }
    }
    beginResetModel();
    m_targets = targets;
    endResetModel();
}

QVariant DeploymentHealthModel::display(const Target &t, int row, int column) const
{
    const std::optional<GatewayControl::HealthRow> h = healthRow(row);
    switch (column) {
    case TargetColumn:
        return t.name;
    case WeightColumn:
        return t.weight > 0 ? Common::number(t.weight) : QString();
    case ShareColumn:
        return t.weight > 0 ? Tr::tr("%1 %").arg(Common::number(t.share, 0)) : QString();
    case RegionColumn:
        return t.region.isEmpty() ? Tr::tr("—") : t.region;
    case HealthColumn:
        return healthText(t, row);
    case CooldownColumn: {
        const qint64 left = h ? m_monitor->cooldownRemainingNow(*h) : 0;
        return left > 0 ? Common::seconds(left) : QString();
    }
    case LastErrorColumn:
        return h ? h->lastError : QString();
    default:
        return {};
    }
}

QString DeploymentHealthModel::healthText(const Target &t, int row) const
{
    if (!t.enabled)
        return Tr::tr("○ disabled");
    const std::optional<GatewayControl::HealthRow> h = healthRow(row);
    if (h && h->drained)
        return Tr::tr("◐ drained");
    if (h && m_monitor->cooldownRemainingNow(*h) > 0)
        return Tr::tr("◐ cooling down");
    return Tr::tr("● healthy");
}

} // namespace Ui::Models
