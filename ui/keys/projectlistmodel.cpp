#include "projectlistmodel.h"

#include "common/format.h"
#include "common/tr.h"
#include "sessioncells.h"

namespace Ui::Keys {

ProjectListModel::ProjectListModel(Common::WorkspaceSession *session, QObject *parent)
    : EntityListModel(session, ColumnCount,
                      keysOf(&Domain::Workspace::projects, &Domain::Project::id), parent)
{
}

QVariant ProjectListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Domain::Project *p = edited().project(keyAt(index.row()));
    if (!p)
        return {};
    if (role == ProjectIdRole)
        return p->id;
    if (index.column() == SessionsColumn)
        return sessionsData(role, p->sessions, false);
    if (index.column() >= BudgetColumn)
        return spendData(SpendColumn(index.column() - BudgetColumn), role, p->limits, m_spend,
                         Domain::SpendScope::Project, p->id);
    if (role == Qt::ToolTipRole && index.column() == NameColumn && p->name != p->id)
        return Tr::tr("Project id: %1").arg(p->id);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case NameColumn:
        return p->name.isEmpty() ? p->id : p->name;
    case KeysColumn: {
        qint64 active = 0;
        for (const Domain::Key &k : edited().keys)
            active += k.project == p->id && !k.revoked ? 1 : 0;
        return Common::number(active);
    }
    default:
        return {};
    }
}

QVariant ProjectListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (section == SessionsColumn)
        return sessionsHeader(role);
    if (section >= BudgetColumn && section < ColumnCount) {
        const auto column = SpendColumn(section - BudgetColumn);
        if (role == Qt::ToolTipRole)
            return spendHeaderToolTip(column);
        return role == Qt::DisplayRole ? spendHeader(column) : QVariant();
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return Tr::tr("Project");
    case KeysColumn:
        return Tr::tr("Active keys");
    default:
        return {};
    }
}

void ProjectListModel::setSpend(const SpendFigures &spend)
{
    m_spend = spend;
    for (int column : { SpentColumn, RemainingColumn, HoldsColumn })
        columnChanged(column);
}

} // namespace Ui::Keys
