#include "connectionlistmodel.h"

#include "common/tr.h"
#include "common/workspacesession.h"
#include "credentialtext.h"

namespace Ui::Connections {

ConnectionListModel::ConnectionListModel(Common::WorkspaceSession *session, QObject *parent)
    : QAbstractTableModel(parent)
    , m_session(session)
{
    connect(m_session, &Common::WorkspaceSession::editedChanged, this, &ConnectionListModel::handleEdited);
    handleEdited();
}

int ConnectionListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_names.size());
}

int ConnectionListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ConnectionListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Domain::Connection *c = m_session->edited().connection(m_names.at(index.row()));
    if (!c)
        return {};
    if (role == NameRole)
        return c->name;
    if (role == Qt::ForegroundRole && !c->enabled)
        return QVariant::fromValue(Qt::gray);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case NameColumn:
        return c->enabled ? c->name : Tr::tr("%1 (off)").arg(c->name);
    case KindColumn:
        return Domain::toString(c->kind);
    case RegionColumn:
        return c->region.isEmpty() ? Tr::tr("—") : c->region;
    case CredentialColumn:
        return credentialText(c->credential);
    default:
        return {};
    }
}

QVariant ConnectionListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return Tr::tr("Connection");
    case KindColumn:
        return Tr::tr("Kind");
    case RegionColumn:
        return Tr::tr("Region");
    case CredentialColumn:
        return Tr::tr("Credential");
    default:
        return {};
    }
}

int ConnectionListModel::rowOf(const QString &name) const
{
    return int(m_names.indexOf(name));
}

void ConnectionListModel::handleEdited()
{
    QStringList names;
    for (const Domain::Connection &c : m_session->edited().connections)
        names.append(c.name);
    if (names != m_names) {
        beginResetModel();
        m_names = names;
        endResetModel();
    } else if (!m_names.isEmpty()) {
        Q_EMIT dataChanged(index(0, 0), index(int(m_names.size()) - 1, ColumnCount - 1));
    }
}

} // namespace Ui::Connections
