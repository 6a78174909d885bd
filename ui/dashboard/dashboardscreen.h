#pragma once

#include <QDateTime>
#include <QWidget>
#include <functional>
#include <store/receiptstats.h>
#include <store/statsloader.h>

class QComboBox;
class QLabel;
class QTableWidget;
class QTimer;

namespace Store {
class ReceiptWriter;
}
namespace Ui::Common {
class WorkspaceSession;
}

namespace Ui::Dashboard {

class DashboardCharts;
class FailureTable;

// The Dashboard screen (R-UI-7): a window (last 15 min, 1 h, 24 h), a scope (all calls, one model,
// one connection, or one gateway instance when several share the database), six charts of that
// window's buckets, a table of its calls by endpoint and one of its cost of failure by deployment
// (R-BILL-2). The numbers come from Store::ReceiptStats on a thread of its own; new receipts
// refresh the charts at most once per refresh delay, and the window slides forward with the clock.
class DashboardScreen : public QWidget
{
    Q_OBJECT
public:
    enum class Span { FifteenMinutes, Hour, Day };

    // `session` (may be null) names the models and connections of the scope choice.
    DashboardScreen(const QString &databasePath, Common::WorkspaceSession *session,
                    QWidget *parent = nullptr);
    ~DashboardScreen() override;

    // Live refresh: the writer's coalesced signal, folded again into one reload per refresh delay.
    void attachWriter(Store::ReceiptWriter *writer);
    void setNow(std::function<QDateTime()> now);
    // 1,000 by default; longer while a query takes over a quarter of it, so that a busy day
    // window keeps the worker busy at most a fifth of the time.
    void setRefreshDelay(int ms);
    int liveDelay() const; // the delay now in force

    void setSpan(Span span);
    Span span() const;
    // Empty filter: all calls. A model or a connection not in the workspace is added to the choice.
    void setScope(const Store::StatsFilter &scope);
    Store::StatsFilter scope() const;
    void reload();

    // The window's bucket length and count, e.g. 1 h = 12 buckets of 5 min.
    static qint64 bucketMs(Span span);
    static int bucketCount(Span span);

    const QList<Store::StatsBucket> &buckets() const;
    DashboardCharts *charts() const;
    QTableWidget *endpointTable() const;
    // The endpoint table's rows as shown, each "name · calls · share · error rate · p50".
    QStringList endpointRows() const;
    FailureTable *failureTable() const;
    QComboBox *spanBox() const;
    QComboBox *scopeBox() const;
    QString summaryText() const;

Q_SIGNALS:
    // The charts show a new answer (or the summary an error).
    void refreshed();

private:
    void setupLayout();
    void refreshChoices();
    void noteReceiptsWritten();
    void showAnswer(const Store::StatsAnswer &answer);
    void showEndpoints(const QList<Store::EndpointStats> &endpoints);
    Store::StatsQuery currentQuery() const;
    int scopeIndex(const QString &kind, const QString &name) const;

    Store::StatsLoader *m_loader;
    Common::WorkspaceSession *m_session;
    QComboBox *m_span;
    QComboBox *m_scope;
    QLabel *m_summary;
    DashboardCharts *m_charts;
    QLabel *m_endpointTitle;
    QTableWidget *m_endpoints;
    FailureTable *m_failures;
    QTimer *m_liveTimer;
    QTimer *m_clockTimer;
    std::function<QDateTime()> m_now;
    int m_refreshDelay;
    QList<Store::StatsBucket> m_buckets;
    QStringList m_instances; // the gateway instances of the last answer; offered when several
};

// The screen for the navigation, with the writer attached when there is one.
QWidget *createDashboardScreen(const QString &databasePath, Store::ReceiptWriter *writer,
                               Common::WorkspaceSession *session, QWidget *parent);

} // namespace Ui::Dashboard
