#include "faultlabmodel.h"

#include "common/format.h"
#include "common/theme.h"
#include "common/tr.h"
#include "faultlabtext.h"

#include <QApplication>
#include <QPalette>

using namespace Qt::StringLiterals;

namespace Ui::FaultLab {

FaultLabModel::FaultLabModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void FaultLabModel::reset(const QList<Lab::Case> &cases)
{
    beginResetModel();
    m_rows.clear();
    for (const Lab::Case &c : cases)
        m_rows.append(Row { c, State::Waiting, std::nullopt });
    endResetModel();
}

void FaultLabModel::setRunning(int row)
{
    if (row < 0 || row >= m_rows.size())
        return;
    m_rows[row].state = State::Running;
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void FaultLabModel::setResult(int row, const Lab::CaseResult &result)
{
    if (row < 0 || row >= m_rows.size())
        return;
    m_rows[row].state = State::Finished;
    m_rows[row].result = result;
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void FaultLabModel::setCancelled()
{
    for (int row = 0; row < m_rows.size(); ++row) {
        if (m_rows.at(row).state != State::Finished) {
            m_rows[row].state = State::NotRun;
            Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
        }
    }
}

int FaultLabModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int FaultLabModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

int FaultLabModel::finishedCount() const
{
    return int(std::count_if(m_rows.cbegin(), m_rows.cend(),
                             [](const Row &r) { return r.state == State::Finished; }));
}

int FaultLabModel::failedCount() const
{
    return int(std::count_if(m_rows.cbegin(), m_rows.cend(),
                             [](const Row &r) { return r.result && !r.result->passed(); }));
}

QVariant FaultLabModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row &row = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return display(row, index.column());
    case Qt::ToolTipRole:
        return toolTip(row, index.column());
    case Qt::TextAlignmentRole:
        if (index.column() == AttemptsColumn || index.column() == TimeColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole:
        if (index.column() == ResultColumn && row.result && !row.result->passed())
            return Common::errorColor(QApplication::palette());
        if (row.state == State::Waiting || row.state == State::NotRun)
            return Common::mutedTextColor(QApplication::palette());
        return {};
    case PassedRole:
        return row.result ? QVariant(row.result->passed()) : QVariant();
    default:
        return {};
    }
}

QVariant FaultLabModel::display(const Row &row, int column) const
{
    if (column == CaseColumn)
        return caseName(row.testCase);
    if (column == StreamColumn)
        return streamingName(row.testCase.stream);
    if (!row.result) {
        if (column != ResultColumn)
            return {};
        switch (row.state) {
        case State::Running:
            return Tr::tr("Running…");
        case State::NotRun:
            return Tr::tr("Not run");
        default:
            return Tr::tr("Waiting");
        }
    }
    const Lab::CaseResult &r = *row.result;
    switch (column) {
    case SawColumn:
        return r.error.isEmpty() ? callerSaw(r) : Tr::tr("not run: %1").arg(r.error);
    case AttemptsColumn:
        return Common::number(r.attempts);
    case WaitsColumn:
        return waitsText(r.waitsMs);
    case TimeColumn:
        return Tr::tr("%1 ms").arg(Common::number(r.elapsedMs));
    case ServedColumn:
        return servedText(r);
    case ResultColumn:
        return r.passed() ? Tr::tr("✓ Pass") : Tr::tr("✗ Fail");
    default:
        return {};
    }
}

QString FaultLabModel::toolTip(const Row &row, int column) const
{
    if (!row.result)
        return {};
    const Lab::CaseResult &r = *row.result;
    if (column == SawColumn && r.error.isEmpty())
        return headersText(r.seen);
    if (column == ServedColumn && !r.servedBy.isEmpty())
        return Tr::tr("Connection %1").arg(r.servedBy);
    if (column != ResultColumn && column != CaseColumn)
        return {};
    if (!r.error.isEmpty())
        return Tr::tr("The case could not run: %1").arg(r.error);
    const QList<Lab::Check> failed = r.failedChecks();
    if (failed.isEmpty())
        return Tr::tr("Every rule held (%n check(s))", nullptr, int(r.checks.size()));
    QStringList lines;
    for (const Lab::Check &c : failed)
        lines << checkLine(c);
    return lines.join(u'\n');
}

QVariant FaultLabModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case CaseColumn:
        return Tr::tr("Case");
    case StreamColumn:
        return Tr::tr("Streaming");
    case SawColumn:
        return Tr::tr("Caller saw");
    case AttemptsColumn:
        return Tr::tr("Attempts");
    case WaitsColumn:
        return Tr::tr("Waits");
    case TimeColumn:
        return Tr::tr("Time");
    case ServedColumn:
        return Tr::tr("Served by");
    case ResultColumn:
        return Tr::tr("Result");
    default:
        return {};
    }
}

} // namespace Ui::FaultLab
