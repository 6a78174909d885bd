#include "dashboardcharts.h"

#include "common/chartaxes.h"
#include "common/format.h"
#include "common/tr.h"
#include "dashboardtext.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QDateTimeAxis>
#include <QGridLayout>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QPalette>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Ui::Dashboard {
namespace {

QChart *newChart(const QString &title, const QPalette &palette)
{
    auto *chart = new QChart;
    // Qt 6.4 has no color-scheme API: a dark window colour means a dark theme (UI.md).
    const bool dark = palette.color(QPalette::Window).lightness() < 128;
    chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setTitle(title);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    return chart;
}

QBarSet *newSet(const QString &label, const QColor &color)
{
    auto *set = new QBarSet(label);
    set->setColor(color);
    set->setBorderColor(color);
    return set;
}

QLineSeries *newLine(const QString &name, const QColor &color)
{
    auto *line = new QLineSeries;
    line->setName(name);
    line->setColor(color);
    line->setPointsVisible(true);
    return line;
}

// An upper bound for a count axis: at least 1, so an empty window still draws a sensible axis.
// Whole-number ticks 1, 2 or 5 × 10^k apart, at most five intervals: "%d" never prints 0, 0, 0
// for 0.2, 0.4, 0.6, and the labels of a chart a few lines high never crowd into "…".
void fitCountAxis(QValueAxis *axis, double max)
{
    constexpr double kMostIntervals = 5;
    const double wanted = std::max(1.0, std::ceil(max));
    double step = 1;
    for (double scale = 1;; scale *= 10) {
        const double steps[] = { scale, 2 * scale, 5 * scale };
        const auto fits = std::find_if(std::begin(steps), std::end(steps), [&](double s) {
            return std::ceil(wanted / s) <= kMostIntervals;
        });
        if (fits != std::end(steps)) {
            step = *fits;
            break;
        }
    }
    const double top = std::ceil(wanted / step) * step;
    axis->setRange(0, top);
    axis->setTickCount(int(top / step) + 1);
    axis->setLabelFormat(u"%d"_s);
}

// A bar chart's time axis. The bars stay on their category axis, hidden: a label per bar does
// not fit a third of the window past a dozen bars, turned or not. An axis of time below them,
// as the line charts have, spans the same width; an empty series carries it (Qt Charts draws
// an axis only with a series) and stays out of the legend.
QDateTimeAxis *addTimeAxis(QChart *chart, QBarCategoryAxis *categories, QValueAxis *y)
{
    categories->setVisible(false);
    auto *axis = new QDateTimeAxis;
    chart->addAxis(axis, Qt::AlignBottom);
    auto *carrier = new QLineSeries;
    chart->addSeries(carrier);
    carrier->attachAxis(axis);
    carrier->attachAxis(y);
    for (QLegendMarker *marker : chart->legend()->markers(carrier))
        marker->setVisible(false);
    return axis;
}

// One colour per error class, the same in every window; none is the "Served" green.
QColor errorColor(Domain::ErrorClass errorClass)
{
    static const QList<QColor> colors {
        QColor(0x7f, 0x8c, 0x8d), QColor(0x2c, 0x7f, 0xb8), QColor(0xe0, 0x8a, 0x1e),
        QColor(0xc0, 0x39, 0x2b), QColor(0x8e, 0x44, 0xad), QColor(0xd3, 0x54, 0x00),
        QColor(0x9b, 0x59, 0xb6), QColor(0x6d, 0x4c, 0x41), QColor(0xf1, 0xc4, 0x0f),
        QColor(0x34, 0x49, 0x5e), QColor(0xe8, 0x43, 0x93), QColor(0x16, 0xa0, 0x85),
        QColor(0xa0, 0x4e, 0x1b), QColor(0x5d, 0x6d, 0x7e), QColor(0xb0, 0x3a, 0x7a),
    };
    return colors.at(int(errorClass) % colors.size());
}

// A failed call without an upstream failure was refused before any attempt (unknown model,
// constraints, directives): say so instead of "none".
QString errorLabel(Domain::ErrorClass errorClass)
{
    if (errorClass == Domain::ErrorClass::None)
        return Tr::tr("refused before any attempt");
    return Domain::toString(errorClass).replace(u'_', u' ');
}

} // namespace

DashboardCharts::DashboardCharts(QWidget *parent)
    : QWidget(parent)
    , m_calls(newChart(Tr::tr("Calls"), palette()))
    , m_latency(newChart(Tr::tr("Latency, ms"), palette()))
    , m_errors(newChart(Tr::tr("Failed calls by error class"), palette()))
    , m_attempts(newChart(Tr::tr("Attempts per call"), palette()))
    , m_cost(newChart(Tr::tr("Cost"), palette()))
    , m_timeAdded(newChart(Tr::tr("Time added by failed attempts, s"), palette()))
{
    // Amounts with decimals in the user's locale, like every other number of the studio (UI.md).
    // Not the count axes: Qt 6.4 drops their "%d" labels when numbers are localized.
    for (QChart *chart : { m_cost, m_timeAdded }) {
        chart->setLocalizeNumbers(true);
        chart->setLocale(QLocale());
    }
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(6);
    setupCalls();
    setupErrors();
    setupLines();
    setupCost();
    m_barTimeAxes
        = { addTimeAxis(m_calls, m_callsX, m_callsY), addTimeAxis(m_errors, m_errorsX, m_errorsY),
            addTimeAxis(m_cost, m_costX, m_costY),
            addTimeAxis(m_timeAdded, m_timeAddedX, m_timeAddedY) };
    addView(m_calls, 0, 0);
    addView(m_latency, 0, 1);
    addView(m_cost, 0, 2);
    addView(m_errors, 1, 0);
    addView(m_attempts, 1, 1);
    addView(m_timeAdded, 1, 2);
}

QChartView *DashboardCharts::addView(QChart *chart, int row, int column)
{
    auto *view = new QChartView(chart, this); // the view owns its chart
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(320, 220);
    static_cast<QGridLayout *>(layout())->addWidget(view, row, column);
    return view;
}

void DashboardCharts::setupCalls()
{
    m_callsSeries = new QStackedBarSeries;
    m_served = newSet(Tr::tr("Served"), QColor(0x3a, 0x9a, 0x5b));
    m_failed = newSet(Tr::tr("Failed"), QColor(0xd6, 0x45, 0x45));
    m_callsSeries->append({ m_served, m_failed });
    m_calls->addSeries(m_callsSeries);
    m_callsX = new QBarCategoryAxis;
    m_callsY = new QValueAxis;
    m_calls->addAxis(m_callsX, Qt::AlignBottom);
    m_calls->addAxis(m_callsY, Qt::AlignLeft);
    m_callsSeries->attachAxis(m_callsX);
    m_callsSeries->attachAxis(m_callsY);
    connect(m_callsSeries, &QStackedBarSeries::hovered, this, &DashboardCharts::showBarTip);
}

void DashboardCharts::setupErrors()
{
    m_errorsSeries = new QStackedBarSeries;
    m_errors->addSeries(m_errorsSeries);
    m_errorsX = new QBarCategoryAxis;
    m_errorsY = new QValueAxis;
    m_errors->addAxis(m_errorsX, Qt::AlignBottom);
    m_errors->addAxis(m_errorsY, Qt::AlignLeft);
    m_errorsSeries->attachAxis(m_errorsX);
    m_errorsSeries->attachAxis(m_errorsY);
    connect(m_errorsSeries, &QStackedBarSeries::hovered, this, &DashboardCharts::showBarTip);
}

void DashboardCharts::showBarTip(bool entered, int index, QBarSet *set)
{
    if (!entered) {
        QToolTip::hideText();
        return;
    }
    const QLocale locale;
    QToolTip::showText(
        QCursor::pos(),
        Tr::tr("%1 · %2: %3")
            .arg(m_labels.value(index), set->label(), locale.toString(qint64(set->at(index)))));
}

void DashboardCharts::setupCost()
{
    m_costSeries = new QStackedBarSeries;
    m_servedCost = newSet(Tr::tr("Served calls"), QColor(0x3a, 0x9a, 0x5b));
    m_failureCost = newSet(Tr::tr("Failed attempts (kept holds)"), QColor(0xd6, 0x45, 0x45));
    m_costSeries->append({ m_servedCost, m_failureCost });
    m_cost->addSeries(m_costSeries);
    m_costX = new QBarCategoryAxis;
    m_costY = new QValueAxis;
    m_cost->addAxis(m_costX, Qt::AlignBottom);
    m_cost->addAxis(m_costY, Qt::AlignLeft);
    m_costSeries->attachAxis(m_costX);
    m_costSeries->attachAxis(m_costY);
    connect(m_costSeries, &QStackedBarSeries::hovered, this, &DashboardCharts::showValueTip);
    m_timeAddedSeries = new QBarSeries;
    m_timeAddedSet
        = newSet(Tr::tr("Latency and waits of failed attempts"), QColor(0xe0, 0x8a, 0x1e));
    m_timeAddedSeries->append(m_timeAddedSet);
    m_timeAdded->addSeries(m_timeAddedSeries);
    m_timeAddedX = new QBarCategoryAxis;
    m_timeAddedY = new QValueAxis;
    m_timeAdded->addAxis(m_timeAddedX, Qt::AlignBottom);
    m_timeAdded->addAxis(m_timeAddedY, Qt::AlignLeft);
    m_timeAddedSeries->attachAxis(m_timeAddedX);
    m_timeAddedSeries->attachAxis(m_timeAddedY);
    connect(m_timeAddedSeries, &QBarSeries::hovered, this, &DashboardCharts::showValueTip);
}

// Money in USD, time in seconds, as the charts' axes read.
void DashboardCharts::showValueTip(bool entered, int index, QBarSet *set)
{
    if (!entered) {
        QToolTip::hideText();
        return;
    }
    const double value = set->at(index);
    const QString text
        = set == m_timeAddedSet ? Common::seconds(qint64(value * 1000.0)) : money(value);
    QToolTip::showText(QCursor::pos(),
                       Tr::tr("%1 · %2: %3").arg(m_labels.value(index), set->label(), text));
}

void DashboardCharts::setupLines()
{
    m_p50 = newLine(Tr::tr("p50"), QColor(0x2f, 0x6f, 0xc0));
    m_p95 = newLine(Tr::tr("p95"), QColor(0xe0, 0x8a, 0x1e));
    m_p99 = newLine(Tr::tr("p99"), QColor(0xc0, 0x39, 0x2b));
    m_latencyX = new QDateTimeAxis;
    m_latencyY = new QValueAxis;
    m_latency->addAxis(m_latencyX, Qt::AlignBottom);
    m_latency->addAxis(m_latencyY, Qt::AlignLeft);
    for (QLineSeries *line : { m_p50, m_p95, m_p99 }) {
        m_latency->addSeries(line);
        line->attachAxis(m_latencyX);
        line->attachAxis(m_latencyY);
    }
    m_attemptsLine = newLine(Tr::tr("Mean attempts"), QColor(0x6a, 0x4c, 0xb0));
    m_attemptsX = new QDateTimeAxis;
    m_attemptsY = new QValueAxis;
    m_attempts->addAxis(m_attemptsX, Qt::AlignBottom);
    m_attempts->addAxis(m_attemptsY, Qt::AlignLeft);
    m_attempts->addSeries(m_attemptsLine);
    m_attemptsLine->attachAxis(m_attemptsX);
    m_attemptsLine->attachAxis(m_attemptsY);
}

void DashboardCharts::setBuckets(const QList<Store::StatsBucket> &buckets, qint64 bucketMs,
                                 const QString &labelFormat)
{
    QStringList labels;
    const QLocale locale;
    for (const Store::StatsBucket &b : buckets)
        labels << locale.toString(b.start.toLocalTime().time(), labelFormat);
    m_labels = labels;
    for (QBarCategoryAxis *axis : { m_callsX, m_errorsX, m_costX, m_timeAddedX })
        axis->setCategories(labels);
    for (QDateTimeAxis *axis : QList { m_latencyX, m_attemptsX } + m_barTimeAxes) {
        axis->setFormat(labelFormat);
        axis->setTickCount(5);
        if (!buckets.isEmpty())
            axis->setRange(buckets.first().start, buckets.last().start.addMSecs(bucketMs));
    }
    showCalls(buckets);
    showErrors(buckets);
    showLines(buckets, bucketMs);
    showCost(buckets);
}

void DashboardCharts::showCost(const QList<Store::StatsBucket> &buckets)
{
    m_servedCost->remove(0, m_servedCost->count());
    m_failureCost->remove(0, m_failureCost->count());
    m_timeAddedSet->remove(0, m_timeAddedSet->count());
    double total = 0, maxCost = 0, maxSeconds = 0;
    for (const Store::StatsBucket &b : buckets) {
        m_servedCost->append(b.cost);
        m_failureCost->append(b.failureCost);
        m_timeAddedSet->append(double(b.failureMs) / 1000.0);
        total += b.cost + b.failureCost;
        maxCost = std::max(maxCost, b.cost + b.failureCost);
        maxSeconds = std::max(maxSeconds, double(b.failureMs) / 1000.0);
    }
    m_cost->setTitle(Tr::tr("Cost: %1").arg(money(total)));
    m_timeAdded->setTitle(maxSeconds > 0 ? Tr::tr("Time added by failed attempts, s")
                                         : Tr::tr("Time added by failed attempts: none"));
    Common::fitAmountAxis(m_costY, maxCost, Common::moneyPattern());
    Common::fitAmountAxis(m_timeAddedY, maxSeconds, u"%1"_s);
}

void DashboardCharts::showCalls(const QList<Store::StatsBucket> &buckets)
{
    m_served->remove(0, m_served->count());
    m_failed->remove(0, m_failed->count());
    qint64 max = 0;
    for (const Store::StatsBucket &b : buckets) {
        m_served->append(double(b.calls - b.failed));
        m_failed->append(double(b.failed));
        max = std::max(max, b.calls);
    }
    fitCountAxis(m_callsY, double(max));
}

void DashboardCharts::showErrors(const QList<Store::StatsBucket> &buckets)
{
    // One set per class seen in the window, in the enum's order, so colours and order are stable.
    QList<Domain::ErrorClass> classes;
    qint64 max = 0;
    for (const Store::StatsBucket &b : buckets) {
        qint64 failed = 0;
        for (auto it = b.errors.cbegin(); it != b.errors.cend(); ++it) {
            if (!classes.contains(it.key()))
                classes << it.key();
            failed += it.value();
        }
        max = std::max(max, failed);
    }
    std::sort(classes.begin(), classes.end());
    m_errorsSeries->clear();
    for (Domain::ErrorClass errorClass : classes) {
        QBarSet *set = newSet(errorLabel(errorClass), errorColor(errorClass));
        for (const Store::StatsBucket &b : buckets)
            set->append(double(b.errors.value(errorClass)));
        m_errorsSeries->append(set);
    }
    m_errors->setTitle(classes.isEmpty() ? Tr::tr("Failed calls by error class: none")
                                         : Tr::tr("Failed calls by error class"));
    fitCountAxis(m_errorsY, double(max));
}

void DashboardCharts::showLines(const QList<Store::StatsBucket> &buckets, qint64 bucketMs)
{
    // A bucket without calls has no latency: it is left out rather than drawn as 0 ms.
    QList<QPointF> p50, p95, p99, attempts;
    double maxLatency = 0, maxAttempts = 0;
    for (const Store::StatsBucket &b : buckets) {
        if (b.calls == 0)
            continue;
        const double x = double(b.start.toMSecsSinceEpoch() + bucketMs / 2);
        p50 << QPointF(x, double(b.p50));
        p95 << QPointF(x, double(b.p95));
        p99 << QPointF(x, double(b.p99));
        attempts << QPointF(x, b.attemptsPerCall);
        maxLatency = std::max(maxLatency, double(b.p99));
        maxAttempts = std::max(maxAttempts, b.attemptsPerCall);
    }
    m_p50->replace(p50);
    m_p95->replace(p95);
    m_p99->replace(p99);
    m_attemptsLine->replace(attempts);
    fitCountAxis(m_latencyY, maxLatency * 1.1);
    // Whole attempts on the axis: a mean of 1.2 reads against 1 and 2, not against 0.8 and 1.5.
    const double top = std::max(2.0, std::ceil(maxAttempts));
    m_attemptsY->setRange(0, top);
    m_attemptsY->setTickCount(top <= 10 ? int(top) + 1 : 5);
    m_attemptsY->setLabelFormat(top <= 10 ? u"%d"_s : u"%.1f"_s);
}

QChart *DashboardCharts::callsChart() const
{
    return m_calls;
}
QChart *DashboardCharts::latencyChart() const
{
    return m_latency;
}
QChart *DashboardCharts::errorsChart() const
{
    return m_errors;
}
QChart *DashboardCharts::attemptsChart() const
{
    return m_attempts;
}
QChart *DashboardCharts::costChart() const
{
    return m_cost;
}
QChart *DashboardCharts::timeAddedChart() const
{
    return m_timeAdded;
}
QBarSet *DashboardCharts::servedCostSet() const
{
    return m_servedCost;
}
QBarSet *DashboardCharts::failureCostSet() const
{
    return m_failureCost;
}
QBarSet *DashboardCharts::timeAddedSet() const
{
    return m_timeAddedSet;
}
QBarSet *DashboardCharts::servedSet() const
{
    return m_served;
}
QBarSet *DashboardCharts::failedSet() const
{
    return m_failed;
}
QLineSeries *DashboardCharts::attemptsSeries() const
{
    return m_attemptsLine;
}
QStringList DashboardCharts::categories() const
{
    return m_labels;
}

QList<QBarSet *> DashboardCharts::errorSets() const
{
    return m_errorsSeries->barSets();
}

QLineSeries *DashboardCharts::latencySeries(int percentile) const
{
    switch (percentile) {
    case 50:
        return m_p50;
    case 95:
        return m_p95;
    case 99:
        return m_p99;
    default:
        return nullptr;
    }
}

} // namespace Ui::Dashboard
