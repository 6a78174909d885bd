#include "entitylistmodel.h"

#include "workspacesession.h"

namespace Ui::Common {

EntityListModel::EntityListModel(WorkspaceSession *session, int columnCount, Keys keys,
                                 QObject *parent)
    : QAbstractTableModel(parent)
    , m_session(session)
    , m_columnCount(columnCount)
    , m_keys(std::move(keys))
{
    connect(m_session, &WorkspaceSession::editedChanged, this, &EntityListModel::handleEdited);
    handleEdited();
}

int EntityListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rowKeys.size());
}

int EntityListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_columnCount;
}

int EntityListModel::rowOf(const QString &key) const
{
    return int(m_rowKeys.indexOf(key));
}

const Domain::Workspace &EntityListModel::edited() const
{
    return m_session->edited();
}

QString EntityListModel::keyAt(int row) const
{
    return row >= 0 && row < m_rowKeys.size() ? m_rowKeys.at(row) : QString();
}

void EntityListModel::columnChanged(int column)
{
    if (!m_rowKeys.isEmpty())
        Q_EMIT dataChanged(index(0, column), index(int(m_rowKeys.size()) - 1, column));
}

void EntityListModel::handleEdited()
{
    const QStringList keys = m_keys(m_session->edited());
    if (keys != m_rowKeys) {
        beginResetModel();
        m_rowKeys = keys;
        endResetModel();
    } else if (!m_rowKeys.isEmpty()) {
        Q_EMIT dataChanged(index(0, 0), index(int(m_rowKeys.size()) - 1, m_columnCount - 1));
    }
}

} // namespace Ui::Common
