#pragma once

#include <QAbstractTableModel>
#include <QStringList>
#include <domain/workspace.h>
#include <functional>

namespace Ui::Common {

class WorkspaceSession;

// Base of the tables that show one kind of entity of the edited workspace, a row per entity in
// workspace order, each row known by its key (name or id). Rows are reset only when the keys
// change; any other edit reports every cell changed, so a view keeps its selection while a field
// is typed in.
class EntityListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    // The keys of the rows, read from the edited workspace.
    using Keys = std::function<QStringList(const Domain::Workspace &)>;

    // The keys read from the member `key` of each item of the workspace's `list`.
    template<typename T> static Keys keysOf(QList<T> Domain::Workspace::*list, QString T::*key)
    {
        return [list, key](const Domain::Workspace &ws) {
            QStringList keys;
            for (const T &item : ws.*list)
                keys.append(item.*key);
            return keys;
        };
    }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    int rowOf(const QString &key) const;

protected:
    EntityListModel(WorkspaceSession *session, int columnCount, Keys keys, QObject *parent);

    WorkspaceSession *session() const { return m_session; }
    const Domain::Workspace &edited() const;
    // The key of a row; empty when the row is out of range.
    QString keyAt(int row) const;
    // dataChanged for every row of `column`, when there are rows.
    void columnChanged(int column);

private:
    void handleEdited();

    WorkspaceSession *m_session;
    int m_columnCount;
    Keys m_keys;
    QStringList m_rowKeys;
};

} // namespace Ui::Common
