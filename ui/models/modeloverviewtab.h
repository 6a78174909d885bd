#pragma once

#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;
class QScrollArea;
class QTimer;

namespace Runtime {
class ProbeScheduler;
}

namespace Ui::Common {
class WorkspaceSession;
}
namespace Ui::GatewayControl {
class GatewayMonitor;
}

namespace Ui::Models {

class DeploymentHealthModel;
class ReliabilitySection;

// Overview: "Routing and health" in large text (Common::overviewSentences, R-UI-2) and the live
// health table with Drain / Re-enable (R-UI-11).
class ModelOverviewTab : public QWidget
{
    Q_OBJECT
public:
    ModelOverviewTab(Common::WorkspaceSession *session, GatewayControl::GatewayMonitor *monitor,
                     QWidget *parent = nullptr);
    void setModelName(const QString &name);
    // The runtime's probes, for the Reliability section (null: no gateway).
    void setProbes(Runtime::ProbeScheduler *probes);

    QString sentencesText() const;
    QTableView *healthView() const;
    DeploymentHealthModel *healthModel() const;
    QPushButton *drainButton() const;
    QPushButton *reenableButton() const;
    ReliabilitySection *reliability() const { return m_reliability; }

private:
    void connectSignals();
    void refresh();
    void refreshButtons();

    Common::WorkspaceSession *m_session;
    GatewayControl::GatewayMonitor *m_monitor;
    QString m_model;
    QLabel *m_title;
    QLabel *m_sentences;
    QLabel *m_note;
    DeploymentHealthModel *m_health;
    QTableView *m_view;
    QPushButton *m_drain;
    QPushButton *m_reenable;
    QTimer *m_tick;
    ReliabilitySection *m_reliability;
    QScrollArea *m_reliabilityScroll;
};

} // namespace Ui::Models
