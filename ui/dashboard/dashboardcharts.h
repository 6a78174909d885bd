#pragma once

#include <QList>
#include <QWidget>
#include <store/receiptstats.h>

class QBarCategoryAxis;
class QBarSeries;
class QBarSet;
class QChart;
class QChartView;
class QDateTimeAxis;
class QLineSeries;
class QStackedBarSeries;
class QValueAxis;

namespace Ui::Dashboard {

// The dashboard's six charts in a 3 × 2 grid (R-UI-7): calls per bucket stacked served / failed,
// latency p50 / p95 / p99, failed calls by error class, attempts per call, and the cost of
// failure's column: cost per bucket stacked served calls / failed attempts' kept holds (R-BILL-2)
// and the time failed attempts added. setBuckets() replaces the data in place, so a live refresh
// does not rebuild the charts.
class DashboardCharts : public QWidget
{
    Q_OBJECT
public:
    explicit DashboardCharts(QWidget *parent = nullptr);

    // `labelFormat` is a QLocale time format for the bucket starts ("HH:mm").
    void setBuckets(const QList<Store::StatsBucket> &buckets, qint64 bucketMs,
                    const QString &labelFormat);

    QChart *callsChart() const;
    QChart *latencyChart() const;
    QChart *errorsChart() const;
    QChart *attemptsChart() const;
    QChart *costChart() const;
    QChart *timeAddedChart() const;
    QBarSet *servedSet() const;
    QBarSet *failedSet() const;
    QList<QBarSet *> errorSets() const; // one per error class seen in the window
    QLineSeries *latencySeries(int percentile) const; // 50, 95 or 99
    QLineSeries *attemptsSeries() const;
    QStringList categories() const; // the buckets' names, also those the axes leave out
    QBarSet *servedCostSet() const; // USD per bucket
    QBarSet *failureCostSet() const; // USD per bucket
    QBarSet *timeAddedSet() const; // seconds per bucket

private:
    QChartView *addView(QChart *chart, int row, int column);
    void showBarTip(bool entered, int index, QBarSet *set);
    void setupCalls();
    void setupErrors();
    void setupLines();
    void setupCost();
    void showValueTip(bool entered, int index, QBarSet *set);
    void showCalls(const QList<Store::StatsBucket> &buckets);
    void showErrors(const QList<Store::StatsBucket> &buckets);
    void showLines(const QList<Store::StatsBucket> &buckets, qint64 bucketMs);
    void showCost(const QList<Store::StatsBucket> &buckets);

    QChart *m_calls;
    QChart *m_latency;
    QChart *m_errors;
    QChart *m_attempts;
    QStackedBarSeries *m_callsSeries;
    QBarSet *m_served;
    QBarSet *m_failed;
    QBarCategoryAxis *m_callsX;
    QValueAxis *m_callsY;
    QStackedBarSeries *m_errorsSeries;
    QBarCategoryAxis *m_errorsX;
    QValueAxis *m_errorsY;
    QLineSeries *m_p50;
    QLineSeries *m_p95;
    QLineSeries *m_p99;
    QDateTimeAxis *m_latencyX;
    QValueAxis *m_latencyY;
    QLineSeries *m_attemptsLine;
    QDateTimeAxis *m_attemptsX;
    QValueAxis *m_attemptsY;
    QStringList m_labels;
    QList<QDateTimeAxis *> m_barTimeAxes; // below the calls, errors, cost and time added bars
    QChart *m_cost;
    QChart *m_timeAdded;
    QStackedBarSeries *m_costSeries;
    QBarSet *m_servedCost;
    QBarSet *m_failureCost;
    QBarCategoryAxis *m_costX;
    QValueAxis *m_costY;
    QBarSeries *m_timeAddedSeries;
    QBarSet *m_timeAddedSet;
    QBarCategoryAxis *m_timeAddedX;
    QValueAxis *m_timeAddedY;
};

} // namespace Ui::Dashboard
