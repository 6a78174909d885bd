#include "studio.h"

#include "common/impactsource.h"
#include "common/workspacesession.h"
#include "gateway/gatewaybinding.h"
#include "gateway/gatewaymonitor.h"
#include "mainwindow.h"

#include <runtime/runtime.h>

namespace Ui::Main {

Studio::Studio(Runtime::Runtime *runtime, bool gateway, QObject *parent)
    : QObject(parent)
    , m_runtime(runtime)
    , m_session(std::make_unique<Common::WorkspaceSession>())
    , m_monitor(std::make_unique<GatewayControl::GatewayMonitor>())
{
    m_session->setStore(runtime->configStore());
    m_session->load(runtime->workspace(), runtime->version());
    // A version saved elsewhere runs at once (the runtime reloads it); the screens show it unless
    // there are unsaved edits, which stay, with a notice to review. The studio's own saves are
    // current without being read back.
    Common::WorkspaceSession *session = m_session.get();
    connect(runtime, &Runtime::Runtime::versionLoaded, session,
            &Common::WorkspaceSession::checkForNewerVersion);
    connect(session, &Common::WorkspaceSession::savedChanged, runtime, [runtime, session](int v) {
        if (v > runtime->version())
            runtime->adoptSaved(session->saved(), v);
    });
    if (gateway)
        GatewayControl::bindGateway(runtime->gateway(), m_monitor.get(), m_session.get(), runtime);
    // The impact preview replays past calls under the running gateway's cooldowns.
    GatewayControl::GatewayMonitor *monitor = m_monitor.get();
    Common::ImpactSource::attach(m_session.get(), runtime->databasePath(),
                                 [monitor](qint64 nowMs) -> std::optional<Routing::CooldownBook> {
                                     if (!monitor->isAvailable())
                                         return std::nullopt;
                                     return monitor->cooldownBookAt(nowMs);
                                 });
    ScreenContext context;
    context.session = m_session.get();
    context.monitor = m_monitor.get();
    context.databasePath = runtime->databasePath();
    context.receipts = gateway ? runtime->receiptWriter() : nullptr;
    context.gateway = gateway ? runtime->gateway() : nullptr;
    context.demoKey = runtime->demoKey();
    context.probes = gateway ? runtime->probes() : nullptr;
    context.listings = gateway ? runtime->listings() : nullptr;
    m_window = std::make_unique<MainWindow>(context);
    connect(runtime, &Runtime::Runtime::databaseAvailabilityChanged, m_window.get(),
            &MainWindow::setDatabaseAvailable);
    connect(m_window.get(), &MainWindow::openRequested, this,
            [this](const QString &location) { m_reopen = location; });
    connect(m_window.get(), &MainWindow::closed, runtime, &Runtime::Runtime::shutdown);
    connect(runtime, &Runtime::Runtime::shutdownFinished, this, &Studio::finished);
}

Studio::~Studio() = default;

void Studio::quit()
{
    m_window->hide();
    m_runtime->shutdown();
}

} // namespace Ui::Main
