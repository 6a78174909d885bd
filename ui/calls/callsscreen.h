#pragma once

#include <QDateTime>
#include <QPointer>
#include <QStringList>
#include <QVariantList>
#include <QWidget>
#include <domain/receipt.h>
#include <functional>
#include <routing/requestsummary.h>

class QLabel;
class QPushButton;
class QSplitter;
class QToolButton;
class QTableView;
class QTimer;

namespace Store {
class ReceiptReader;
class ReceiptWriter;
} // namespace Store
namespace Ui::Common {
class WorkspaceSession;
}
namespace Ui::GatewayControl {
class GatewayMonitor;
}
namespace Ui::Explain {
class RouteExplainerDialog;
}

namespace Ui::Calls {

class CallsDrawer;
class CallsFilterBar;
class CallsTableModel;

// The Calls screen, and the Calls tab of a model page with setFixedModel() (R-UI-5, UI.md):
// filters, the table, and the drawer beside it in a splitter whose width is remembered. A click or
// Enter opens the drawer, Esc closes it, and while it is open it follows the current row (arrow
// keys).
class CallsScreen : public QWidget
{
    Q_OBJECT
public:
    // `reader` must outlive the screen. `session` (may be null) names the models and connections of
    // the filters and backs "Explain route".
    CallsScreen(Store::ReceiptReader *reader, Common::WorkspaceSession *session,
                QWidget *parent = nullptr);
    ~CallsScreen() override;

    // The Calls tab of one model: only its calls, no model chooser.
    void setFixedModel(const QString &model);
    // Live rows while the gateway runs: listens to the writer's coalesced signal.
    void attachWriter(Store::ReceiptWriter *writer);
    void setNow(std::function<QDateTime()> now);

    // Seed 000: "Open Calls and select the call". False when the call is not in the current view.
    bool selectRequestId(const QString &requestId);
    QString selectedRequestId() const;
    void openDrawer();
    // Live cooldowns for the explainer it opens (R-UI-8, R-UI-11).
    void setMonitor(GatewayControl::GatewayMonitor *monitor) { m_monitor = monitor; }
    void closeDrawer();
    bool isDrawerOpen() const;
    void reload();

    CallsTableModel *tableModel() const;
    QTableView *tableView() const;
    CallsFilterBar *filterBar() const;
    CallsDrawer *drawer() const;
    QSplitter *splitter() const;
    QString totalText() const;
    // "12 new calls — Refresh" while sorted other than newest first (hidden when none wait).
    QPushButton *pendingButton() const;
    // Chooses the order by keyboard: a menu of the sortable columns and the direction.
    QToolButton *sortButton() const;
    // How long a read runs before its progress dialog shows (tests: 0).
    void setProgressDelay(int ms);
    Explain::RouteExplainerDialog *explainerDialog() const; // null until first opened

Q_SIGNALS:
    void explainRequested(const Routing::RequestSummary &request);

private:
    void setupView();
    void applyFilter();
    void refreshChoices();
    void noteInstances(const QModelIndex &parent, int first, int last);
    void showInstances();
    void showCurrent();
    void handleAboutToInsert(const QModelIndex &parent, int first, int last);
    void handleLiveRows(int count);
    void handleExplain(const Domain::Receipt &receipt);
    void updateTotal();
    void fitColumns();
    void rememberDrawerWidth();
    void rememberColumns();
    void handleSortIndicator(int column, Qt::SortOrder order);
    void handleSortChanged(int column, Qt::SortOrder order);
    void handlePending(qint64 count);
    void rebuildSortMenu();
    // Runs read (a query on the reader) with a cancellable progress dialog after the delay.
    bool withProgress(const QString &label, const std::function<bool()> &read);

    Store::ReceiptReader *m_reader;
    Common::WorkspaceSession *m_session;
    GatewayControl::GatewayMonitor *m_monitor = nullptr;
    CallsFilterBar *m_filters;
    CallsTableModel *m_model;
    QTableView *m_view;
    CallsDrawer *m_drawer;
    QSplitter *m_splitter;
    QLabel *m_total;
    QPushButton *m_pending;
    QToolButton *m_sortButton;
    int m_progressDelay = 1000;
    QVariantList m_filterChoices; // of the filter the rows show
    QTimer *m_clockTimer;
    QPointer<Explain::RouteExplainerDialog> m_explainer;
    std::function<QDateTime()> m_now;
    int m_scrollBefore = 0;
    QString m_selectedBefore;
    bool m_fitting = false; // resizing columns ourselves, not the user
    bool m_userColumns = false; // widths the user set (now or on an earlier run) are kept
    QStringList m_instances; // sorted: of the newest receipts when shown, and of every row since
};

} // namespace Ui::Calls
