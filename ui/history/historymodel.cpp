#include "historymodel.h"

#include "common/changetext.h"
#include "common/format.h"
#include "common/tr.h"

namespace Ui::History {

HistoryModel::HistoryModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void HistoryModel::setVersions(const QList<Store::VersionInfo> &versions, const QDateTime &now)
{
    beginResetModel();
    m_versions = versions;
    m_now = now;
    endResetModel();
}

const Store::VersionInfo *HistoryModel::version(int row) const
{
    return row >= 0 && row < m_versions.size() ? &m_versions.at(row) : nullptr;
}

int HistoryModel::rowOfVersion(int version) const
{
    for (int i = 0; i < m_versions.size(); ++i) {
        if (m_versions.at(i).version == version)
            return i;
    }
    return -1;
}

int HistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_versions.size());
}

int HistoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HistoryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Store::VersionInfo &v = m_versions.at(index.row());
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case VersionColumn:
            return Common::number(v.version);
        case TimeColumn:
            return Common::relativeTime(v.savedAt, m_now);
        case AuthorColumn:
            return v.author;
        case ChangesColumn:
            return Tr::tr("%n change(s)", nullptr, int(v.changes.size()));
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        if (index.column() == TimeColumn)
            return Common::exactTime(v.savedAt);
        if (index.column() == ChangesColumn)
            return Common::changeLines(v.changes).join(u'\n');
    }
    if (role == Qt::TextAlignmentRole && index.column() == VersionColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant HistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case VersionColumn:
        return Tr::tr("Version");
    case TimeColumn:
        return Tr::tr("Saved");
    case AuthorColumn:
        return Tr::tr("Author");
    case ChangesColumn:
        return Tr::tr("Changes");
    default:
        return {};
    }
}

} // namespace Ui::History
