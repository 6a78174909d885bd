#pragma once

#include "common/entitylistmodel.h"

namespace Ui::Connections {

// The connections of the edited workspace: name, kind, region, credential (masked) and enabled.
class ConnectionListModel : public Common::EntityListModel
{
    Q_OBJECT
public:
    enum Column { NameColumn, KindColumn, RegionColumn, CredentialColumn, ColumnCount };
    enum Role { NameRole = Qt::UserRole + 1 };

    explicit ConnectionListModel(Common::WorkspaceSession *session, QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
};

} // namespace Ui::Connections
