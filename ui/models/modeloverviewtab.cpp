#include "modeloverviewtab.h"

#include "common/facttext.h"
#include "common/tr.h"
#include "common/workspacesession.h"
#include "deploymenthealthmodel.h"
#include "gateway/gatewaymonitor.h"
#include "reliabilitysection.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <routing/overview.h>

using namespace Qt::StringLiterals;

namespace Ui::Models {

ModelOverviewTab::ModelOverviewTab(Common::WorkspaceSession *session,
                                   GatewayControl::GatewayMonitor *monitor, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_monitor(monitor)
    , m_title(new QLabel(Tr::tr("Routing and health"), this))
    , m_sentences(new QLabel(this))
    , m_note(new QLabel(this))
    , m_health(new DeploymentHealthModel(session, monitor, this))
    , m_view(new QTableView(this))
    , m_drain(new QPushButton(Tr::tr("Drain"), this))
    , m_reenable(new QPushButton(Tr::tr("Re-enable"), this))
    , m_tick(new QTimer(this))
    , m_reliability(new ReliabilitySection(session, this))
    , m_reliabilityScroll(new QScrollArea(this))
{
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    QFont big = m_sentences->font();
    big.setPointSizeF(big.pointSizeF() * 1.35);
    m_sentences->setFont(big);
    m_sentences->setWordWrap(true);
    m_sentences->setObjectName(u"overviewSentences"_s);
    m_sentences->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_note->setEnabled(false);
    m_note->setWordWrap(true);
    m_view->setModel(m_health);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    m_drain->setToolTip(Tr::tr("Stop sending calls to the selected deployment until re-enabled"));
    m_reenable->setToolTip(
        Tr::tr("Send calls to the selected deployment again and end its cooldown"));

    auto *buttons = new QHBoxLayout;
    buttons->addStretch();
    buttons->addWidget(m_drain);
    buttons->addWidget(m_reenable);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_sentences);
    layout->addSpacing(8);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_note);
    layout->addLayout(buttons);
    m_reliabilityScroll->setWidget(m_reliability);
    m_reliabilityScroll->setWidgetResizable(true);
    m_reliabilityScroll->setFrameShape(QFrame::NoFrame);
    layout->addSpacing(8);
    layout->addWidget(m_reliabilityScroll, 3);
    connectSignals();
}

void ModelOverviewTab::connectSignals()
{
    connect(m_session, &Common::WorkspaceSession::editedChanged, this, &ModelOverviewTab::refresh);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &ModelOverviewTab::refreshButtons);
    connect(m_health, &QAbstractItemModel::modelReset, this, [this] {
        m_view->resizeColumnsToContents();
        refreshButtons();
    });
    if (m_monitor) {
        connect(m_monitor, &GatewayControl::GatewayMonitor::healthChanged, this,
                &ModelOverviewTab::refreshButtons);
        connect(m_monitor, &GatewayControl::GatewayMonitor::figuresChanged, this,
                &ModelOverviewTab::refreshButtons);
    }
    connect(m_drain, &QPushButton::clicked, this, [this] {
        for (const QString &key : m_health->candidateKeys(m_view->currentIndex().row()))
            m_monitor->requestDrain(key);
    });
    connect(m_reenable, &QPushButton::clicked, this, [this] {
        for (const QString &key : m_health->candidateKeys(m_view->currentIndex().row()))
            m_monitor->requestReenable(key);
    });
    // The countdown moves once a second; the gateway reports only when something changes.
    m_tick->setInterval(1000);
    connect(m_tick, &QTimer::timeout, m_health, &DeploymentHealthModel::tick);
    m_tick->start();
}

void ModelOverviewTab::setModelName(const QString &name)
{
    m_model = name;
    m_health->setModelName(name);
    m_reliability->setModelName(name);
    refresh();
}

void ModelOverviewTab::setProbes(Runtime::ProbeScheduler *probes)
{
    m_reliability->setScheduler(probes);
}

QString ModelOverviewTab::sentencesText() const
{
    return m_sentences->text();
}

QTableView *ModelOverviewTab::healthView() const
{
    return m_view;
}
DeploymentHealthModel *ModelOverviewTab::healthModel() const
{
    return m_health;
}
QPushButton *ModelOverviewTab::drainButton() const
{
    return m_drain;
}
QPushButton *ModelOverviewTab::reenableButton() const
{
    return m_reenable;
}

void ModelOverviewTab::refresh()
{
    // The sentences describe what is saved and therefore what the gateway does now.
    const Domain::Model *saved = m_session->saved().model(m_model);
    const Domain::Model *edited = m_session->edited().model(m_model);
    if (saved)
        m_sentences->setText(Common::overviewSentences(m_session->saved(), *saved).join(u'\n'));
    else
        m_sentences->setText(Tr::tr("This model is new: save it to route calls to it."));
    // A model on Default also changes with the workspace's recovery defaults (R-REC-9).
    m_note->setText(
        edited && saved
                && (!(*edited == *saved)
                    || m_session->edited().recovery(*edited) != m_session->saved().recovery(*saved))
            ? Tr::tr("Unsaved changes to this model take effect when saved.")
            : QString());
    m_note->setVisible(!m_note->text().isEmpty());
    // Probes test a Direct model's offerings; a pool has none of its own.
    m_reliabilityScroll->setVisible(saved && !saved->offerings.isEmpty());
    refreshButtons();
}

void ModelOverviewTab::refreshButtons()
{
    const int row = m_view->currentIndex().row();
    const auto h = m_health->healthRow(row);
    const bool live = m_monitor && m_monitor->figures().running;
    const bool chosen = !m_health->candidateKeys(row).isEmpty();
    m_drain->setEnabled(live && chosen && !(h && h->drained));
    m_reenable->setEnabled(live && h && (h->drained || m_monitor->cooldownRemainingNow(*h) > 0));
    const QString why = !live ? Tr::tr("The gateway is not running.")
                              : (!chosen ? Tr::tr("Select a deployment first.") : QString());
    m_drain->setToolTip(why.isEmpty() ? Tr::tr("Stop sending calls to the selected deployment")
                                      : why);
}

} // namespace Ui::Models
