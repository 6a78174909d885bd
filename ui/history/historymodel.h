#pragma once

#include <QAbstractTableModel>
#include <QDateTime>
#include <store/configstore.h>

namespace Ui::History {

// The saved versions, newest first: version, time (relative, exact in the tooltip), author and the
// number of changes (R-UI-10).
class HistoryModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { VersionColumn, TimeColumn, AuthorColumn, ChangesColumn, ColumnCount };

    explicit HistoryModel(QObject *parent = nullptr);

    void setVersions(const QList<Store::VersionInfo> &versions, const QDateTime &now);
    const Store::VersionInfo *version(int row) const;
    int rowOfVersion(int version) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QList<Store::VersionInfo> m_versions;
    QDateTime m_now;
};

} // namespace Ui::History
