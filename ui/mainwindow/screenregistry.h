#pragma once

#include <QList>
#include <QString>
#include <functional>

class QWidget;

namespace Store {
class ReceiptWriter;
}
namespace Gateway {
class GatewayService;
}
namespace Runtime {
class ListingRefresher;
class ProbeScheduler;
} // namespace Runtime
namespace Ui::Common {
class WorkspaceSession;
}
namespace Ui::GatewayControl {
class GatewayMonitor;
}

namespace Ui::Main {

// What a screen may use. Pointers may be null (no gateway with --no-gateway; no receipt writer in
// some tests); a screen shows what it can without them.
struct ScreenContext
{
    Common::WorkspaceSession *session = nullptr;
    GatewayControl::GatewayMonitor *monitor = nullptr;
    QString databasePath; // for a screen's own read-only connection
    Store::ReceiptWriter *receipts = nullptr; // receiptsWritten: new calls arrived
    Gateway::GatewayService *gateway = nullptr;
    QString demoKey; // the caller key created on this run for the demo workspace, if any
    Runtime::ProbeScheduler *probes = nullptr; // "Probe now" and the probe results (R-REL-*)
    Runtime::ListingRefresher *listings = nullptr; // the providers' listings, "Refresh now"
};

// One line per screen in screenregistry.cpp: navigation shows exactly these, in this order, and
// Ctrl+<shortcut> switches to it.
struct ScreenEntry
{
    QString id; // QSettings and --screenshot file name: "models"
    QString title; // translated
    int shortcut; // 0…9: Ctrl+0…Ctrl+9; -1: none (navigation and the View menu only)
    std::function<QWidget *(const ScreenContext &, QWidget *parent)> create;
};

QList<ScreenEntry> screens();

} // namespace Ui::Main
