#pragma once

#include "common/entitylistmodel.h"

namespace Ui::GatewayControl {
class GatewayMonitor;
}

namespace Ui::Models {

// The Models list: the edited workspace's models with their health mark, route and modality.
class ModelListModel : public Common::EntityListModel
{
    Q_OBJECT
public:
    enum Column { HealthColumn, NameColumn, RouteColumn, ModalityColumn, ColumnCount };
    enum Role { ModelNameRole = Qt::UserRole + 1 };

    ModelListModel(Common::WorkspaceSession *session, GatewayControl::GatewayMonitor *monitor,
                   QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    QString modelName(int row) const;

    // "●" healthy, "◐" some deployments cooling down, "○" disabled; and the tooltip saying so.
    static QString healthMark(bool enabled, bool someCooling);

private:
    QVariant display(int row, int column) const;
    QString healthTip(int row) const;
    bool someCooling(int row) const;

    GatewayControl::GatewayMonitor *m_monitor;
};

} // namespace Ui::Models
