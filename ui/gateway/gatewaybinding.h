#pragma once

#include <domain/workspace.h>

namespace Gateway {
class GatewayService;
}
namespace Runtime {
class Runtime;
}
namespace Ui::Common {
class WorkspaceSession;
}

namespace Ui::GatewayControl {

class GatewayMonitor;

// Wires the studio to the embedded gateway: its reports into the monitor, the monitor's requests to
// its slots, and every saved snapshot of the session to applyConfig, so the next call uses it.
// All connections are queued-safe: the service lives in the UI thread and owns its worker thread.
// With a runtime, each snapshot goes through it, so the gateway gets it with the provider
// listings' effective facts (Runtime::publish).
void bindGateway(Gateway::GatewayService *gateway, GatewayMonitor *monitor,
                 Common::WorkspaceSession *session, Runtime::Runtime *runtime = nullptr);

} // namespace Ui::GatewayControl
