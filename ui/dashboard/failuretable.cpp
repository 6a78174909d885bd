#include "failuretable.h"

#include "common/format.h"
#include "common/tr.h"
#include "dashboardtext.h"

#include <QHeaderView>
#include <QLabel>
#include <QStackedWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace Ui::Dashboard {
namespace {

enum Column {
    Deployment,
    Failed,
    Retried,
    FellBack,
    MayHaveBilled,
    ShareOfCost,
    TimeAdded,
    PerCall
};
constexpr int kColumns = 8;
// As tall as the endpoint table beside it (four rows) and at most six rows, then it scrolls.
constexpr int kMinVisibleRows = 4;
constexpr int kMaxVisibleRows = 6;

QString deploymentName(const Store::DeploymentFailures &d)
{
    if (d.connection.isEmpty())
        return d.upstreamModel;
    return d.upstreamModel.isEmpty() ? d.connection : d.connection + u'/' + d.upstreamModel;
}

} // namespace

FailureTable::FailureTable(QWidget *parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_pages(new QStackedWidget(this))
    , m_table(new QTableWidget(0, kColumns, this))
    , m_empty(new QLabel(this))
{
    auto *title = new QLabel(Tr::tr("Cost of failure by deployment"), this);
    QFont titleFont = title->font();
    titleFont.setBold(true);
    title->setFont(titleFont);
    title->setToolTip(Tr::tr("Attempts that did not serve their call: what they may have billed "
                             "(the holds they kept) and the time they added"));
    m_summary->setObjectName(u"failureSummary"_s);
    // Wrapped rather than widening the section: a long translation must not squeeze the
    // endpoint table beside it.
    m_summary->setWordWrap(true);
    m_table->setObjectName(u"dashboardFailures"_s);
    // Headers of several words on two lines: the table fits beside the endpoints' at 1200 px.
    QStringList headers {
        Tr::tr("Deployment"),      Tr::tr("Failed attempts"),
        Tr::tr("Retried"),         Tr::tr("Fell back", "a column of failed attempts"),
        Tr::tr("May have billed"), Tr::tr("Share of cost"),
        Tr::tr("Time added, s"),   Tr::tr("Per call, ms")
    };
    for (QString &h : headers) {
        qsizetype best = -1;
        for (qsizetype i = h.indexOf(u' '); i >= 0; i = h.indexOf(u' ', i + 1)) {
            if (best < 0 || qAbs(i - h.size() / 2) < qAbs(best - h.size() / 2))
                best = i;
        }
        if (best > 0 && h.size() > 9)
            h[best] = u'\n';
    }
    m_table->setHorizontalHeaderLabels(headers);
    const QString tips[kColumns] = {
        Tr::tr("Connection and upstream model"),
        Tr::tr("Attempts on this deployment that did not serve their call"),
        Tr::tr("Failed attempts followed by another attempt of the same model"),
        Tr::tr("Failed attempts after which the call moved to a fallback model"),
        Tr::tr("The holds of failed attempts that may have billed: an answer that started and "
               "did not finish keeps its hold"),
        Tr::tr("What they may have billed, as a share of everything the window's calls cost"),
        Tr::tr("Their latency, and the wait before the attempt after each"),
        Tr::tr("Time added per call with a failed attempt on this deployment"),
    };
    for (int column = 0; column < kColumns; ++column) {
        QTableWidgetItem *header = m_table->horizontalHeaderItem(column);
        header->setToolTip(tips[column]);
        header->setTextAlignment(column == Deployment ? Qt::AlignLeft | Qt::AlignVCenter
                                                      : Qt::AlignRight | Qt::AlignVCenter);
    }
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(Deployment, QHeaderView::Stretch);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setEnabled(false); // the palette's quieter text
    m_pages->addWidget(m_table);
    m_pages->addWidget(m_empty);
    // The title on the line of the endpoint table's, the table level with it, the sum below.
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(title);
    layout->addWidget(m_pages);
    layout->addWidget(m_summary);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setFailures({}, 0.0);
}

void FailureTable::setFailures(const QList<Store::DeploymentFailures> &failures, double totalCost)
{
    double billed = 0;
    qint64 addedMs = 0;
    m_table->setRowCount(int(failures.size()));
    for (int row = 0; row < failures.size(); ++row) {
        setRow(row, failures.at(row), totalCost);
        billed += failures.at(row).mayHaveBilled;
        addedMs += failures.at(row).addedMs;
    }
    m_empty->setText(Tr::tr("No attempt failed in this window: retries and fallbacks cost nothing "
                            "and added no time."));
    m_pages->setCurrentWidget(failures.isEmpty() ? static_cast<QWidget *>(m_empty) : m_table);
    if (failures.isEmpty())
        m_summary->clear();
    else if (totalCost > 0)
        m_summary->setText(Tr::tr("Failed attempts may have billed %1 (%2 of %3) and added %4")
                               .arg(money(billed), percent(billed / totalCost), money(totalCost),
                                    Common::seconds(addedMs)));
    else
        m_summary->setText(
            Tr::tr("Failed attempts billed nothing and added %1").arg(Common::seconds(addedMs)));
    fitHeight();
}

void FailureTable::setUnavailable()
{
    setFailures({}, 0.0);
    m_empty->setText(Tr::tr("No figures for this window."));
}

void FailureTable::setRow(int row, const Store::DeploymentFailures &d, double totalCost)
{
    const QString texts[kColumns] = {
        deploymentName(d),
        Common::number(d.failedAttempts),
        Common::number(d.retried),
        Common::number(d.fellBack),
        money(d.mayHaveBilled),
        totalCost > 0 ? percent(d.mayHaveBilled / totalCost) : u"—"_s,
        Common::number(double(d.addedMs) / 1000.0, 1),
        Common::number(d.calls > 0 ? d.addedMs / d.calls : 0),
    };
    for (int column = 0; column < kColumns; ++column) {
        QTableWidgetItem *item = m_table->item(row, column);
        if (!item) {
            item = new QTableWidgetItem;
            m_table->setItem(row, column, item);
        }
        item->setText(texts[column]);
        item->setTextAlignment(column == Deployment ? Qt::AlignLeft | Qt::AlignVCenter
                                                    : Qt::AlignRight | Qt::AlignVCenter);
    }
    m_table->item(row, Deployment)->setToolTip(texts[Deployment]); // in case it is elided
    m_table->item(row, PerCall)
        ->setToolTip(
            Tr::tr("%1 over %Ln call(s)", nullptr, int(d.calls)).arg(Common::seconds(d.addedMs)));
}

void FailureTable::fitHeight()
{
    const int rows = std::clamp(m_table->rowCount(), kMinVisibleRows, kMaxVisibleRows);
    const int height = m_table->horizontalHeader()->sizeHint().height()
        + rows * m_table->verticalHeader()->defaultSectionSize() + 2 * m_table->frameWidth();
    m_pages->setFixedHeight(height);
}

QTableWidget *FailureTable::table() const
{
    return m_table;
}

QStringList FailureTable::rows() const
{
    QStringList rows;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        QStringList cells;
        for (int column = 0; column < m_table->columnCount(); ++column)
            cells << m_table->item(row, column)->text();
        rows << cells.join(u" · "_s);
    }
    return rows;
}

QString FailureTable::summaryText() const
{
    return m_summary->text();
}

bool FailureTable::showsEmptyState() const
{
    return m_pages->currentWidget() == m_empty;
}

} // namespace Ui::Dashboard
