#include "connectionlistmodel.h"

#include "common/theme.h"
#include "common/tr.h"
#include "credentialtext.h"

#include <QGuiApplication>

namespace Ui::Connections {

ConnectionListModel::ConnectionListModel(Common::WorkspaceSession *session, QObject *parent)
    : EntityListModel(session, ColumnCount,
                      keysOf(&Domain::Workspace::connections, &Domain::Connection::name), parent)
{
}

QVariant ConnectionListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Domain::Connection *c = edited().connection(keyAt(index.row()));
    if (!c)
        return {};
    if (role == NameRole)
        return c->name;
    if (role == Qt::ForegroundRole && !c->enabled)
        return Common::mutedTextColor(QGuiApplication::palette());
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

} // namespace Ui::Connections
