#pragma once

#include <QList>
#include <QWidget>
#include <store/receiptstats.h>

class QBarCategoryAxis;
class QBarSet;
class QChart;
class QChartView;
class QDateTimeAxis;
class QLineSeries;
class QStackedBarSeries;
class QValueAxis;

namespace Ui::Dashboard {

// The dashboard's four charts in a 2 × 2 grid (R-UI-7): calls per bucket stacked served / failed,
// latency p50 / p95 / p99, failed calls by error class, and attempts per call. setBuckets()
// replaces the data in place, so a live refresh does not rebuild the charts.
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
    QBarSet *servedSet() const;
    QBarSet *failedSet() const;
    QList<QBarSet *> errorSets() const; // one per error class seen in the window
    QLineSeries *latencySeries(int percentile) const; // 50, 95 or 99
    QLineSeries *attemptsSeries() const;
    QStringList categories() const;

private:
    QChartView *addView(QChart *chart, int row, int column);
    void showBarTip(bool entered, int index, QBarSet *set);
    void setupCalls();
    void setupErrors();
    void setupLines();
    void showCalls(const QList<Store::StatsBucket> &buckets);
    void showErrors(const QList<Store::StatsBucket> &buckets);
    void showLines(const QList<Store::StatsBucket> &buckets, qint64 bucketMs);

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
};

} // namespace Ui::Dashboard
