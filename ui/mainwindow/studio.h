#pragma once

#include <QObject>
#include <QString>
#include <memory>

namespace Runtime {
class Runtime;
}
namespace Ui::Common {
class WorkspaceSession;
}
namespace Ui::GatewayControl {
class GatewayMonitor;
}

namespace Ui::Main {

class MainWindow;

// The studio's front end on an open Runtime: the editing session on the runtime's store, the
// gateway monitor bound to its gateway, and the main window. Closing the window (or quit()) shuts
// the runtime down in order; finished() follows once every receipt of the calls still in flight
// is committed, and the studio quits on it (R-RCPT-1).
class Studio : public QObject
{
    Q_OBJECT
public:
    // Create before runtime->start(), so that the monitor hears the gateway start. With `gateway`
    // false the screens get no gateway and no live receipts (--no-gateway).
    Studio(Runtime::Runtime *runtime, bool gateway, QObject *parent = nullptr);
    ~Studio() override;

    MainWindow *window() const { return m_window.get(); }
    Common::WorkspaceSession *session() const { return m_session.get(); }
    // Shuts down without the window's question about unsaved changes (SIGTERM).
    void quit();
    // Where File → Open workspace… asked to start again once finished(); empty otherwise.
    QString reopenLocation() const { return m_reopen; }

Q_SIGNALS:
    void finished(bool complete); // Runtime::shutdownFinished

private:
    Runtime::Runtime *m_runtime;
    std::unique_ptr<Common::WorkspaceSession> m_session;
    std::unique_ptr<GatewayControl::GatewayMonitor> m_monitor;
    std::unique_ptr<MainWindow> m_window; // last: destroyed before what its screens use
    QString m_reopen;
};

} // namespace Ui::Main
