#pragma once

#include "common/entitylistmodel.h"
#include "spendtext.h"

namespace Ui::Keys {

// Projects of the edited workspace: name, how many active keys, then the budget, spend, what is
// left, holds in flight and rate limits of all its keys together (R-BILL-3, R-BILL-4).
class ProjectListModel : public Common::EntityListModel
{
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        KeysColumn,
        BudgetColumn,
        SpentColumn,
        RemainingColumn,
        HoldsColumn,
        RateLimitsColumn,
        SessionsColumn, // the mixed-model session mode in force
        ColumnCount
    };
    enum Role { ProjectIdRole = Qt::UserRole + 1 };

    explicit ProjectListModel(Common::WorkspaceSession *session, QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    void setSpend(const SpendFigures &spend);

private:
    SpendFigures m_spend;
};

} // namespace Ui::Keys
