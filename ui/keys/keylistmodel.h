#pragma once

#include "common/entitylistmodel.h"

#include <QDateTime>

namespace Ui::Keys {

// Caller keys of the edited workspace: project, name, prefix (never the key), created, state.
class KeyListModel : public Common::EntityListModel
{
    Q_OBJECT
public:
    enum Column {
        ProjectColumn,
        NameColumn,
        PrefixColumn,
        CreatedColumn,
        StateColumn,
        ColumnCount
    };
    enum Role { KeyIdRole = Qt::UserRole + 1 };

    explicit KeyListModel(Common::WorkspaceSession *session, QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    void setNow(const QDateTime &now); // relative times are computed against it

private:
    QDateTime m_now;
};

} // namespace Ui::Keys
