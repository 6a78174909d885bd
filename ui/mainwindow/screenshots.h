#pragma once

#include <QString>

namespace Gateway {
class GatewayService;
}
namespace Ui::Common {
class WorkspaceSession;
}

namespace Ui::Main {

class MainWindow;

// `switchboard --screenshot DIR`: renders every screen of the window into DIR/<screen>.png, plus
// the Models screen's settings, a Direct model and unsaved edits in the preview bar, printing each
// file name. Waits (up to 5 s) for `gateway`, when given, to listen first. Returns the exit code:
// 0 when every file was written.
int takeScreenshots(MainWindow &window, Common::WorkspaceSession &session,
                    Gateway::GatewayService *gateway, const QString &dir);

} // namespace Ui::Main
