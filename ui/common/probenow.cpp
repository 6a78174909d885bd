#include "probenow.h"

#include "common/tr.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>
#include <runtime/probescheduler.h>

namespace Ui::Common {

ProbeNowControl::ProbeNowControl(QWidget *parent)
    : QWidget(parent)
    , m_button(new QPushButton(Tr::tr("Probe now"), this))
    , m_status(new QLabel(this))
{
    m_button->setObjectName(QStringLiteral("probeNow"));
    m_status->setObjectName(QStringLiteral("probeStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true);
    auto *row = new QHBoxLayout;
    row->addWidget(m_button);
    row->addStretch();
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(m_status);
    connect(m_button, &QPushButton::clicked, this, &ProbeNowControl::start);
    refresh();
}

void ProbeNowControl::setScheduler(Runtime::ProbeScheduler *probes)
{
    if (m_probes)
        disconnect(m_probes, nullptr, this, nullptr);
    m_probes = probes;
    if (m_probes) {
        connect(m_probes, &Runtime::ProbeScheduler::changed, this, &ProbeNowControl::refresh);
        connect(m_probes, &Runtime::ProbeScheduler::runFinished, this,
                [this](const QList<Domain::ProbeResult> &results) {
                    if (m_mine)
                        m_status->setText(outcomeText(results));
                    m_mine = false;
                    refresh();
                });
        connect(m_probes, &Runtime::ProbeScheduler::failed, this, [this](const QString &message) {
            m_status->setText(Tr::tr("The results could not be stored: %1").arg(message));
            m_mine = false; // the run's end that follows does not cover this with its counts
        });
    }
    refresh();
}

void ProbeNowControl::setRequest(std::function<Domain::ProbeRequest()> request)
{
    m_request = std::move(request);
    refresh();
}

void ProbeNowControl::start()
{
    if (!m_probes || !m_request)
        return;
    if (m_probes->runNow(m_request())) {
        m_mine = true;
        m_status->setText(Tr::tr("Probing…"));
    } else {
        m_status->setText(Tr::tr("A probe run is already under way."));
    }
    refresh();
}

void ProbeNowControl::refresh()
{
    const bool busy = m_probes && m_probes->running();
    m_button->setEnabled(m_probes && m_request && !busy);
    m_button->setToolTip(!m_probes ? Tr::tr("The gateway is not running.")
                                   : (busy ? Tr::tr("A probe run is under way.")
                                           : Tr::tr("Send the probe set to these offerings now")));
}

QString ProbeNowControl::outcomeText(const QList<Domain::ProbeResult> &results)
{
    if (results.isEmpty())
        return Tr::tr("Nothing to probe: no certified offering here.");
    int passed = 0;
    int failed = 0;
    int errors = 0;
    for (const Domain::ProbeResult &r : results) {
        if (r.outcome == Domain::ProbeResult::Outcome::Passed)
            ++passed;
        else if (r.outcome == Domain::ProbeResult::Outcome::Failed)
            ++failed;
        else
            ++errors;
    }
    const QLocale l;
    QString text = Tr::tr("%1 probes: %2 passed, %3 failed")
                       .arg(l.toString(results.size()), l.toString(passed), l.toString(failed));
    if (errors > 0)
        text += Tr::tr(", %1 without an answer").arg(l.toString(errors));
    return text;
}

} // namespace Ui::Common
