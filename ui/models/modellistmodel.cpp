#include "modellistmodel.h"

#include "common/format.h"
#include "common/theme.h"
#include "common/tr.h"
#include "gateway/gatewaymonitor.h"

#include <QFont>

using namespace Qt::StringLiterals;

#include <QGuiApplication>

namespace Ui::Models {

ModelListModel::ModelListModel(Common::WorkspaceSession *session,
                               GatewayControl::GatewayMonitor *monitor, QObject *parent)
    : EntityListModel(session, ColumnCount,
                      keysOf(&Domain::Workspace::models, &Domain::Model::name), parent)
    , m_monitor(monitor)
{
    if (m_monitor) {
        connect(m_monitor, &GatewayControl::GatewayMonitor::healthChanged, this,
                [this] { columnChanged(HealthColumn); });
    }
}

QVariant ModelListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row();
    switch (role) {
    case Qt::DisplayRole:
        return display(row, index.column());
    case Qt::ToolTipRole:
        return index.column() == HealthColumn ? healthTip(row) : display(row, index.column());
    case ModelNameRole:
        return keyAt(row);
    case Qt::TextAlignmentRole:
        return index.column() == HealthColumn ? QVariant(Qt::AlignCenter) : QVariant();
    case Qt::ForegroundRole: {
        const Domain::Model *m = edited().model(keyAt(row));
        if (m && !m->enabled && index.column() != HealthColumn)
            return Common::mutedTextColor(QGuiApplication::palette());
        return {};
    }
    default:
        return {};
    }
}

QVariant ModelListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case HealthColumn:
        return QString();
    case NameColumn:
        return Tr::tr("Model");
    case RouteColumn:
        return Tr::tr("Route");
    case ModalityColumn:
        return Tr::tr("Modality");
    default:
        return {};
    }
}

QString ModelListModel::modelName(int row) const
{
    return keyAt(row);
}

QString ModelListModel::healthMark(bool enabled, bool someCooling)
{
    if (!enabled)
        return u"○"_s;
    return someCooling ? u"◐"_s : u"●"_s;
}

QVariant ModelListModel::display(int row, int column) const
{
    const Domain::Model *m = edited().model(keyAt(row));
    if (!m)
        return {};
    switch (column) {
    case HealthColumn:
        return healthMark(m->enabled, someCooling(row));
    case NameColumn:
        return m->name;
    case RouteColumn:
        return m->isPool() ? Tr::tr("Pool · %1").arg(Common::number(m->pool.deployments.size()))
                           : Tr::tr("Direct");
    case ModalityColumn:
        return m->modality == Domain::Modality::Chat ? Tr::tr("chat") : Tr::tr("embedding");
    default:
        return {};
    }
}

QString ModelListModel::healthTip(int row) const
{
    const Domain::Model *m = edited().model(keyAt(row));
    if (!m)
        return {};
    if (!m->enabled)
        return Tr::tr("Disabled: calls naming %1 are refused.").arg(m->name);
    if (someCooling(row))
        return Tr::tr("Some deployments are cooling down after a failure.");
    return Tr::tr("Healthy: no deployment is cooling down.");
}

bool ModelListModel::someCooling(int row) const
{
    if (!m_monitor)
        return false;
    const Domain::Model *m = edited().model(keyAt(row));
    if (!m)
        return false;
    if (m_monitor->isCoolingDown(m->name))
        return true;
    if (m->isPool()) {
        for (const Domain::PoolEntry &e : m->pool.deployments) {
            if (m_monitor->isCoolingDown(e.model))
                return true;
        }
    }
    return false;
}

} // namespace Ui::Models
