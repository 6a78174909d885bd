#pragma once

#include <QAbstractTableModel>
#include <faultlab/faultlab.h>
#include <optional>

namespace Ui::FaultLab {

namespace Lab = ::FaultLab;

// The fault lab's table: one row per case of the run, in the runner's order; a row waits, runs,
// then shows what the caller saw and whether every rule held. A failing row's tooltip names each
// failed rule with expected and observed.
class FaultLabModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        CaseColumn,
        StreamColumn,
        ResultColumn, // before the wide columns, so a narrow window (drawer open) still shows it
        SawColumn,
        AttemptsColumn,
        WaitsColumn,
        TimeColumn,
        ServedColumn,
        ColumnCount
    };
    enum Role { PassedRole = Qt::UserRole + 1 }; // bool, or invalid while unfinished

    explicit FaultLabModel(QObject *parent = nullptr);

    // A new run: every case waits.
    void reset(const QList<Lab::Case> &cases);
    void setRunning(int row);
    void setResult(int row, const Lab::CaseResult &result);
    // The run stopped: rows never started say so.
    void setCancelled();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    const Lab::Case &testCase(int row) const { return m_rows.at(row).testCase; }
    const std::optional<Lab::CaseResult> &result(int row) const { return m_rows.at(row).result; }
    int finishedCount() const;
    int failedCount() const;

private:
    enum class State { Waiting, Running, Finished, NotRun };
    struct Row
    {
        Lab::Case testCase;
        State state = State::Waiting;
        std::optional<Lab::CaseResult> result;
    };

    QVariant display(const Row &row, int column) const;
    QString toolTip(const Row &row, int column) const;

    QList<Row> m_rows;
};

} // namespace Ui::FaultLab
