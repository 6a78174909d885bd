#pragma once

#include <QAbstractTableModel>
#include <QDateTime>
#include <QStringList>

namespace Ui::Common {
class WorkspaceSession;
}

namespace Ui::Keys {

// Caller keys of the edited workspace: project, name, prefix (never the key), created, state.
class KeyListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { ProjectColumn, NameColumn, PrefixColumn, CreatedColumn, StateColumn, ColumnCount };
    enum Role { KeyIdRole = Qt::UserRole + 1 };

    explicit KeyListModel(Common::WorkspaceSession *session, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    int rowOf(const QString &keyId) const;
    void setNow(const QDateTime &now); // relative times are computed against it

private:
    void handleEdited();

    Common::WorkspaceSession *m_session;
    QStringList m_ids;
    QDateTime m_now;
};

} // namespace Ui::Keys
