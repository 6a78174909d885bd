#include "keylistmodel.h"

#include "common/format.h"
#include "common/tr.h"
#include "common/workspacesession.h"

using namespace Qt::StringLiterals;

namespace Ui::Keys {

KeyListModel::KeyListModel(Common::WorkspaceSession *session, QObject *parent)
    : QAbstractTableModel(parent)
    , m_session(session)
    , m_now(QDateTime::currentDateTimeUtc())
{
    connect(m_session, &Common::WorkspaceSession::editedChanged, this, &KeyListModel::handleEdited);
    handleEdited();
}

int KeyListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_ids.size());
}

int KeyListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant KeyListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Domain::Key *k = m_session->edited().keyById(m_ids.at(index.row()));
    if (!k)
        return {};
    if (role == KeyIdRole)
        return k->id;
    if (role == Qt::ForegroundRole && k->revoked)
        return QVariant::fromValue(Qt::gray);
    if (role == Qt::ToolTipRole && index.column() == CreatedColumn)
        return Common::exactTime(k->createdAt);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case ProjectColumn: {
        const Domain::Project *p = m_session->edited().project(k->project);
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
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
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

int KeyListModel::rowOf(const QString &keyId) const
{
    return int(m_ids.indexOf(keyId));
}

void KeyListModel::setNow(const QDateTime &now)
{
    m_now = now;
    if (!m_ids.isEmpty())
        Q_EMIT dataChanged(index(0, CreatedColumn), index(int(m_ids.size()) - 1, CreatedColumn));
}

void KeyListModel::handleEdited()
{
    QStringList ids;
    for (const Domain::Key &k : m_session->edited().keys)
        ids.append(k.id);
    if (ids != m_ids) {
        beginResetModel();
        m_ids = ids;
        endResetModel();
    } else if (!m_ids.isEmpty()) {
        Q_EMIT dataChanged(index(0, 0), index(int(m_ids.size()) - 1, ColumnCount - 1));
    }
}

} // namespace Ui::Keys
