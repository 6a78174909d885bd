#include "gatewaybinding.h"

#include "common/workspacesession.h"
#include "gatewaymonitor.h"

#include <QHostAddress>
#include <gateway/gatewayservice.h>
#include <runtime/runtime.h>

namespace Ui::GatewayControl {
void bindGateway(Gateway::GatewayService *gateway, GatewayMonitor *monitor,
                 Common::WorkspaceSession *session, Runtime::Runtime *runtime)
{
    monitor->setAvailable(true);
    QObject::connect(gateway, &Gateway::GatewayService::statsChanged, monitor,
                     [monitor](const Gateway::LiveStats &stats) {
                         monitor->setFigures({ stats, monitor->figures().lastError });
                     });
    QObject::connect(gateway, &Gateway::GatewayService::started, monitor,
                     [monitor, gateway](const QString &address) {
                         LiveFigures f = monitor->figures();
                         f.running = true;
                         f.address = address;
                         f.lastError.clear();
                         monitor->setFigures(f);
                         // The gateway reports spend only when it differs from its last report,
                         // so that report is where a started gateway's spend begins (R-BILL-3).
                         monitor->setSpend(gateway->spend());
                     });
    QObject::connect(gateway, &Gateway::GatewayService::stopped, monitor, [monitor] {
        LiveFigures f = monitor->figures();
        f.running = false;
        f.callsPerSecond = 0;
        f.inFlight = 0;
        monitor->setFigures(f);
        monitor->setHealth({});
        monitor->clearSpend();
    });
    QObject::connect(gateway, &Gateway::GatewayService::failed, monitor,
                     [monitor](const QString &message) {
                         LiveFigures f = monitor->figures();
                         f.running = false;
                         f.lastError = message;
                         monitor->setFigures(f);
                         monitor->clearSpend();
                     });
    QObject::connect(gateway, &Gateway::GatewayService::healthChanged, monitor,
                     &GatewayMonitor::setHealth);
    QObject::connect(gateway, &Gateway::GatewayService::spendChanged, monitor,
                     &GatewayMonitor::setSpend);
    QObject::connect(monitor, &GatewayMonitor::startRequested, gateway,
                     [gateway, session, runtime](const QString &host, quint16 port) {
                         Gateway::GatewayOptions options;
                         options.address = QHostAddress(host);
                         options.port = port;
                         if (runtime) {
                             options.settledSpend = runtime->spendAtStart();
                             // As the runtime started it: under its name, with the budgets
                             // leased from the database the other gateways share.
                             options.instance = runtime->instance();
                             options.leasedBudgets = runtime->sharedLimits() != nullptr;
                         }
                         // The runtime's version is the latest saved, also while the
                         // screens keep edits on an older one.
                         gateway->start(
                             options,
                             runtime ? runtime->withListings(runtime->workspace())
                                     : std::make_shared<const Domain::Workspace>(session->saved()));
                     });
    QObject::connect(monitor, &GatewayMonitor::stopRequested, gateway,
                     &Gateway::GatewayService::stop);
    QObject::connect(monitor, &GatewayMonitor::drainRequested, gateway,
                     &Gateway::GatewayService::drain);
    QObject::connect(monitor, &GatewayMonitor::reenableRequested, gateway,
                     &Gateway::GatewayService::reenable);
    if (runtime)
        QObject::connect(session, &Common::WorkspaceSession::snapshotPublished, runtime,
                         &Runtime::Runtime::publish);
    else
        QObject::connect(session, &Common::WorkspaceSession::snapshotPublished, gateway,
                         &Gateway::GatewayService::applyConfig);
}

} // namespace Ui::GatewayControl
