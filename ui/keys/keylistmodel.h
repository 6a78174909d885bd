#pragma once

#include "common/entitylistmodel.h"
#include "spendtext.h"

#include <QDateTime>

namespace Ui::Keys {

// Caller keys of the edited workspace: project, name, prefix (never the key), created, state; then
// the key's own budget, spend, what is left, holds in flight and rate limits (R-BILL-3, R-BILL-4).
class KeyListModel : public Common::EntityListModel
{
    Q_OBJECT
public:
    enum Column {
        ProjectColumn,
        NameColumn,
        PrefixColumn,
        CreatedColumn,
        StateColumn,
        BudgetColumn,
        SpentColumn,
        RemainingColumn,
        HoldsColumn,
        RateLimitsColumn,
        SessionsColumn, // the mixed-model session mode in force
        ColumnCount
    };
    enum Role { KeyIdRole = Qt::UserRole + 1 };

    explicit KeyListModel(Common::WorkspaceSession *session, QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    void setNow(const QDateTime &now); // relative times are computed against it
    void setSpend(const SpendFigures &spend);

private:
    QDateTime m_now;
    SpendFigures m_spend;
};

} // namespace Ui::Keys
