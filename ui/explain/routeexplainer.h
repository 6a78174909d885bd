#pragma once

#include <QDateTime>
#include <QDialog>
#include <QWidget>
#include <domain/receipt.h>
#include <functional>
#include <routing/requestsummary.h>
#include <routing/routeexplainer.h>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QTableWidget;

namespace Ui::Common {
class WorkspaceSession;
}
namespace Ui::GatewayControl {
class GatewayMonitor;
}

namespace Ui::Explain {

// The route explainer (R-UI-8): a sample request and the plan that the session's edited workspace,
// saved or not, would produce for it: candidates with their chance of going first, skips with
// reason and directive level, the attempt budget, fallback and the deadline warning. It follows
// every edit (WorkspaceSession::editedChanged) and every change of the sample request.
class RouteExplainer : public QWidget
{
    Q_OBJECT
public:
    explicit RouteExplainer(Common::WorkspaceSession *session, QWidget *parent = nullptr);

    // Live cooldowns from the running gateway, so "cooling_down" skips show too; may be null.
    void setMonitor(GatewayControl::GatewayMonitor *monitor);
    // The clock behind alias deprecation dates and cooldowns; tests pass a fixed one.
    void setNow(std::function<QDateTime()> now);

    // Prefills the form (from a model page or from a call in the Calls drawer).
    void setRequest(const Routing::RequestSummary &request);
    Routing::RequestSummary request() const;
    const Routing::Explanation &explanation() const;

    // What the user reads.
    QString sourceText() const; // saved settings, or the editor's with n unsaved changes
    QString headlineText() const;
    QString budgetText() const;
    QString fallbackText() const;
    QString warningText() const; // empty when no deadline warning is shown
    QStringList candidateRows() const; // "deployment · connection · region · weight · chance"
    QStringList skipRows() const; // "candidate · connection · reason · level · detail"

    QComboBox *modelBox() const;
    QCheckBox *toolsBox() const;
    QCheckBox *streamBox() const;
    QLineEdit *regionEdit() const;

public Q_SLOTS:
    void refresh();

private:
    QWidget *buildForm();
    QWidget *buildResult();
    void refillChoices();
    void showExplanation();
    void showCandidates();
    void showSkips();
    void handleKeyChosen();
    static QStringList tableRows(const QTableWidget *table);

    Common::WorkspaceSession *m_session;
    GatewayControl::GatewayMonitor *m_monitor = nullptr;
    std::function<QDateTime()> m_now;
    Routing::Explanation m_explanation;
    bool m_filling = false;

    QComboBox *m_model = nullptr;
    QComboBox *m_key = nullptr;
    QComboBox *m_project = nullptr;
    QComboBox *m_endpoint = nullptr;
    QCheckBox *m_tools = nullptr;
    QComboBox *m_format = nullptr;
    QCheckBox *m_vision = nullptr;
    QLineEdit *m_region = nullptr;
    QCheckBox *m_stream = nullptr;

    QLabel *m_source = nullptr;
    QLabel *m_headline = nullptr;
    QTableWidget *m_candidates = nullptr;
    QTableWidget *m_skips = nullptr;
    QLabel *m_budget = nullptr;
    QLabel *m_fallback = nullptr;
    QLabel *m_warning = nullptr;
};

// The sample request a past call makes: what it named, its endpoint, key, project, region header
// and streaming. (Receipts do not keep tools, response format or vision: the form keeps its own.)
Routing::RequestSummary requestFromReceipt(const Domain::Receipt &receipt,
                                           const Routing::RequestSummary &base = {});

// The explainer in its own non-modal window.
class RouteExplainerDialog : public QDialog
{
    Q_OBJECT
public:
    explicit RouteExplainerDialog(Common::WorkspaceSession *session, QWidget *parent = nullptr);
    RouteExplainer *explainer() const;

private:
    RouteExplainer *m_explainer;
};

} // namespace Ui::Explain
