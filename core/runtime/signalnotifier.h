#pragma once

#include "util/result.h"

#include <QObject>

class QSocketNotifier;

namespace Runtime {

// POSIX signals as Qt signals on the event loop: the handler only writes the signal number to a
// socket pair, which a QSocketNotifier reads (the one async-signal-safe way into Qt). One instance
// per process.
class SignalNotifier : public QObject
{
    Q_OBJECT
public:
    explicit SignalNotifier(QObject *parent = nullptr);
    ~SignalNotifier() override; // restores the default handlers

    // Installs handlers for SIGTERM and SIGINT, and for SIGHUP when `reload` is true.
    Util::Status install(bool reload);

Q_SIGNALS:
    void terminationRequested(); // SIGTERM or SIGINT: stop gracefully
    void reloadRequested(); // SIGHUP: read the saved workspace again

private:
    void handleActivated();

    QSocketNotifier *m_notifier = nullptr;
    bool m_reload = false;
};

} // namespace Runtime
