#pragma once

#include <QWidget>
#include <domain/proberesult.h>
#include <functional>

class QLabel;
class QPushButton;

namespace Runtime {
class ProbeScheduler;
}

namespace Ui::Common {

// "Probe now" (R-REL-1): runs the offerings the request names through the runtime's probe
// scheduler. The button is disabled while any run is under way; the label says "Probing…" and then
// what this button's run found.
class ProbeNowControl : public QWidget
{
    Q_OBJECT
public:
    explicit ProbeNowControl(QWidget *parent = nullptr);

    // `probes` may be null (no gateway): the button stays disabled.
    void setScheduler(Runtime::ProbeScheduler *probes);
    void setRequest(std::function<Domain::ProbeRequest()> request);

    QPushButton *button() const { return m_button; }
    QLabel *statusLabel() const { return m_status; }

    // "12 probes: 9 passed, 3 failed" (and how many got no answer).
    static QString outcomeText(const QList<Domain::ProbeResult> &results);

private:
    void start();
    void refresh();

    Runtime::ProbeScheduler *m_probes = nullptr;
    std::function<Domain::ProbeRequest()> m_request;
    QPushButton *m_button;
    QLabel *m_status;
    bool m_mine = false; // the run under way is this button's
};

} // namespace Ui::Common
