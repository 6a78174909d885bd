#pragma once

#include <QAbstractTableModel>
#include <QStringList>

namespace Ui::Common {
class WorkspaceSession;
}
namespace Ui::GatewayControl {
class GatewayMonitor;
}

namespace Ui::Models {

// The Models list: the edited workspace's models with their health mark, route and modality.
class ModelListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { HealthColumn, NameColumn, RouteColumn, ModalityColumn, ColumnCount };
    enum Role { ModelNameRole = Qt::UserRole + 1 };

    ModelListModel(Common::WorkspaceSession *session, GatewayControl::GatewayMonitor *monitor,
                   QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    QString modelName(int row) const;
    int rowOf(const QString &name) const;

    // "●" healthy, "◐" some deployments cooling down, "○" disabled; and the tooltip saying so.
    static QString healthMark(bool enabled, bool someCooling);

private:
    void handleEdited();
    QVariant display(int row, int column) const;
    QString healthTip(int row) const;
    bool someCooling(int row) const;

    Common::WorkspaceSession *m_session;
    GatewayControl::GatewayMonitor *m_monitor;
    QStringList m_names;
};

} // namespace Ui::Models
