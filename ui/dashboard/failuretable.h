#pragma once

#include <QList>
#include <QWidget>
#include <store/receiptstats.h>

class QLabel;
class QStackedWidget;
class QTableWidget;

namespace Ui::Dashboard {

// The Dashboard's cost of failure (R-BILL-2): per deployment, the attempts that did not serve a
// call, how many were retried or fell back, what they may have billed (their kept holds), their
// share of the window's cost and the time they added, in the store's order (money, then time).
// Without failed attempts it says so instead of showing an empty table.
class FailureTable : public QWidget
{
    Q_OBJECT
public:
    explicit FailureTable(QWidget *parent = nullptr);

    // `totalCost`: everything the window's calls cost (served calls and kept holds), for shares.
    void setFailures(const QList<Store::DeploymentFailures> &failures, double totalCost);
    // No figures at all (the statistics could not be read): neither rows nor "none failed".
    void setUnavailable();

    QTableWidget *table() const;
    // The rows as shown, each "deployment · failed · retried · … · per call".
    QStringList rows() const;
    QString summaryText() const;
    bool showsEmptyState() const;

private:
    void setRow(int row, const Store::DeploymentFailures &d, double totalCost);
    void fitHeight();

    QLabel *m_summary;
    QStackedWidget *m_pages;
    QTableWidget *m_table;
    QLabel *m_empty;
};

} // namespace Ui::Dashboard
