#pragma once

#include "gateway/gatewaymonitor.h"

#include <QAbstractTableModel>
#include <domain/workspace.h>

namespace Ui::Common {
class WorkspaceSession;
}

namespace Ui::Models {

// Overview → live health per deployment (pool) or offering (direct) (R-UI-2, R-UI-11): weight,
// share of first picks, region, health, cooldown countdown and last error.
class DeploymentHealthModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        TargetColumn,
        WeightColumn,
        ShareColumn,
        RegionColumn,
        HealthColumn,
        CooldownColumn,
        LastErrorColumn,
        ColumnCount
    };

    DeploymentHealthModel(Common::WorkspaceSession *session,
                          GatewayControl::GatewayMonitor *monitor, QObject *parent = nullptr);

    void setModelName(const QString &name);
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // The gateway's health row of a table row, if it reported one (only cooling or drained
    // candidates are reported).
    std::optional<GatewayControl::HealthRow> healthRow(int row) const;
    // The cooldown keys ("<connection>/<upstream model>") a row stands for: drain/re-enable use
    // them.
    QStringList candidateKeys(int row) const;
    // Share of first picks in percent for a pool row (weight over the weights that can be picked).
    static double firstPickShare(const Domain::Workspace &ws, const Domain::Model &pool, int row);
    // Called every second while something cools down, so the countdown moves.
    void tick();

private:
    struct Target
    {
        QString name; // deployment model or connection
        QString model; // the model the gateway reports health under
        QString connection;
        QStringList keys;
        int weight = 0; // 0 for offerings
        double share = 0.0;
        QString region;
        bool enabled = true;
    };

    void rebuild();
    QVariant display(const Target &t, int row, int column) const;
    QString healthText(const Target &t, int row) const;

    Common::WorkspaceSession *m_session;
    GatewayControl::GatewayMonitor *m_monitor;
    QString m_model;
    QList<Target> m_targets;
};

} // namespace Ui::Models
