#pragma once

#include <QStringList>
#include <QWidget>
#include <runtime/impactloader.h>

class QLabel;
class QPushButton;
class QScrollArea;
class QSpinBox;
class QTableWidget;
class QTimer;

namespace Ui::Common {

class WorkspaceSession;

// The impact preview of the change-preview bar (R-UI-4): the last N caller calls
// replayed through the saved settings and the draft with the routing core, under the gateway's
// health now (Routing::replayImpact): share of first picks per deployment and per region, calls
// left without an eligible route by reason, calls that would fall back or wait, and the cost per
// 1,000 calls, saved → draft. The replay runs off the UI thread; while the user keeps editing,
// the latest edit wins and older answers are dropped.
class ImpactPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ImpactPanel(WorkspaceSession *session, QWidget *parent = nullptr);
    ~ImpactPanel() override;

    // "Impact", for the bar's button row: shows the panel (replaying at once) or hides it; hidden
    // when the session has no ImpactSource.
    QPushButton *button() const;
    QSpinBox *countBox() const;

    // What the user reads, for the tests: one "a · b · c" line per table row.
    QString statusText() const;
    QStringList summaryRows() const;
    QStringList deploymentRows() const;
    QStringList regionRows() const;
    QStringList refusalRows() const;
    // The edit whose figures are shown equals the latest edit asked about.
    bool isCurrent() const;

Q_SIGNALS:
    void impactShown(); // the figures of the latest edit are on screen

public Q_SLOTS:
    void replay(); // asks about the edited state now

private:
    void setActive(bool active);
    void handleEdited();
    void handleAnswer(const Runtime::ImpactAnswer &answer);
    void showImpact(const Routing::Impact &impact);
    QTableWidget *makeTable(const QString &name, const QStringList &headers);

    WorkspaceSession *m_session;
    QPushButton *m_button;
    QSpinBox *m_count;
    QLabel *m_status;
    QTableWidget *m_summary;
    QTableWidget *m_deployments;
    QTableWidget *m_regions;
    QTableWidget *m_refusals;
    QWidget *m_figures; // the tables, inside m_scroll
    QScrollArea *m_scroll;
    QTimer *m_debounce;
    Runtime::ImpactLoader *m_loader = nullptr; // made on first use: a thread of its own
    quint64 m_asked = 0; // serial of the latest question
    quint64 m_shown = 0; // serial of the answer on screen
    bool m_askedWithHealth = false; // the latest question carried the gateway's cooldowns
};

} // namespace Ui::Common
