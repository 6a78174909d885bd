#pragma once

#include <QWidget>

class QLabel;
class QVBoxLayout;

namespace Runtime {
class ProbeScheduler;
}

namespace Ui::Common {
class ProbeNowControl;
class WorkspaceSession;
} // namespace Ui::Common

namespace Ui::Models {

// A Direct model's Reliability (R-REL-*): for each offering its tool and structured-output pass
// rates over the probe window, a small chart of the pass rate per run, the last failing output,
// and when it was last probed and is next due; "Probe now" for the model's offerings.
class ReliabilitySection : public QWidget
{
    Q_OBJECT
public:
    explicit ReliabilitySection(Common::WorkspaceSession *session, QWidget *parent = nullptr);

    void setScheduler(Runtime::ProbeScheduler *probes);
    void setModelName(const QString &name);

    Common::ProbeNowControl *probeNow() const { return m_probeNow; }
    // One block per offering, in the model's order (object name "offering:<connection>").
    QList<QWidget *> offeringBlocks() const { return m_blocks; }

private:
    void rebuild();
    QWidget *buildBlock(int index);

    Common::WorkspaceSession *m_session;
    Runtime::ProbeScheduler *m_probes = nullptr;
    QString m_model;
    QLabel *m_empty;
    QVBoxLayout *m_list;
    Common::ProbeNowControl *m_probeNow;
    QList<QWidget *> m_blocks;
};

} // namespace Ui::Models
