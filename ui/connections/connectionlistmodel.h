#pragma once

#include <QAbstractTableModel>
#include <QStringList>

namespace Ui::Common {
class WorkspaceSession;
}

namespace Ui::Connections {

// The connections of the edited workspace: name, kind, region, credential (masked) and enabled.
class ConnectionListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { NameColumn, KindColumn, RegionColumn, CredentialColumn, ColumnCount };
    enum Role { NameRole = Qt::UserRole + 1 };

    explicit ConnectionListModel(Common::WorkspaceSession *session, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    int rowOf(const QString &name) const;

private:
    void handleEdited();

    Common::WorkspaceSession *m_session;
    QStringList m_names;
};

} // namespace Ui::Connections
