#include "keylistmodel.h"

#include "common/format.h"
#include "common/theme.h"
#include "common/tr.h"
#include "sessioncells.h"

using namespace Qt::StringLiterals;

#include <QGuiApplication>

namespace Ui::Keys {

KeyListModel::KeyListModel(Common::WorkspaceSession *session, QObject *parent)
    : EntityListModel(session, ColumnCount, keysOf(&Domain::Workspace::keys, &Domain::Key::id),
                      parent)
    , m_now(QDateTime::currentDateTimeUtc())
{
}

QVariant KeyListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Domain::Key *k = edited().keyById(keyAt(index.row()));
    if (!k)
        return {};
    if (role == KeyIdRole)
        return k->id;
    if (role == Qt::ForegroundRole && k->revoked)
        return Common::mutedTextColor(QGuiApplication::palette());
    if (index.column() == SessionsColumn)
        return sessionsData(role, edited().sessions(*k),
                            k->sessions.mode == Domain::SessionMode::Off);
    if (index.column() >= BudgetColumn)
        return spendData(SpendColumn(index.column() - BudgetColumn), role, k->limits, m_spend,
                         Domain::SpendScope::Key, k->id);
    if (role == Qt::ToolTipRole && index.column() == CreatedColumn)
        return Common::exactTime(k->createdAt);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case ProjectColumn: {
        const Domain::Project *p = edited().project(k->project);
        return p ? p->name : k->project;
    }
    case NameColumn:
        return k->name;
    case PrefixColumn:
        return QString(k->prefix + u"…"_s);
    case CreatedColumn:
        return Common::relativeTime(k->createdAt, m_now);
    case StateColumn:
        return k->revoked ? Tr::tr("revoked") : Tr::tr("active");
    default:
        return {};
    }
}

QVariant KeyListModel::headerData(int section, Qt::Orientation orientation, int role) const
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
    case ProjectColumn:
        return Tr::tr("Project");
    case NameColumn:
        return Tr::tr("Key");
    case PrefixColumn:
        return Tr::tr("Starts with");
    case CreatedColumn:
        return Tr::tr("Created");
    case StateColumn:
        return Tr::tr("State");
    default:
        return {};
    }
}

void KeyListModel::setNow(const QDateTime &now)
{
    m_now = now;
    columnChanged(CreatedColumn);
}

void KeyListModel::setSpend(const SpendFigures &spend)
{
    m_spend = spend;
    for (int column : { SpentColumn, RemainingColumn, HoldsColumn })
        columnChanged(column);
}

} // namespace Ui::Keys
