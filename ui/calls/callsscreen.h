#pragma once

#include <QDateTime>
#include <QPointer>
#include <QWidget>
#include <domain/receipt.h>
#include <functional>
#include <routing/requestsummary.h>

class QLabel;
class QSplitter;
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
    Explain::RouteExplainerDialog *explainerDialog() const; // null until first opened

Q_SIGNALS:
    void explainRequested(const Routing::RequestSummary &request);

private:
    void setupView();
    void applyFilter();
    void refreshChoices();
    void showCurrent();
    void handleAboutToInsert(const QModelIndex &parent, int first, int last);
    void handleLiveRows(int count);
    void handleExplain(const Domain::Receipt &receipt);
    void updateTotal();
    void fitColumns();
    void rememberDrawerWidth();
    void rememberColumns();

    Store::ReceiptReader *m_reader;
    Common::WorkspaceSession *m_session;
    GatewayControl::GatewayMonitor *m_monitor = nullptr;
    CallsFilterBar *m_filters;
    CallsTableModel *m_model;
    QTableView *m_view;
    CallsDrawer *m_drawer;
    QSplitter *m_splitter;
    QLabel *m_total;
    QTimer *m_clockTimer;
    QPointer<Explain::RouteExplainerDialog> m_explainer;
    std::function<QDateTime()> m_now;
    int m_scrollBefore = 0;
    QString m_selectedBefore;
    bool m_fitting = false; // resizing columns ourselves, not the user
    bool m_userColumns = false; // widths the user set (now or on an earlier run) are kept
};

} // namespace Ui::Calls
