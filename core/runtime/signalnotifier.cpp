#include "signalnotifier.h"

#include <QSocketNotifier>
#include <csignal>
#include <sys/socket.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Runtime {
namespace {

int g_signalFd[2] = { -1, -1 };

void onSignal(int signal)
{
    const char b = char(signal);
    [[maybe_unused]] const ssize_t n = ::write(g_signalFd[0], &b, 1);
}

bool setHandler(int signal, void (*handler)(int))
{
    struct sigaction sa = {};
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    return ::sigaction(signal, &sa, nullptr) == 0;
}

} // namespace

SignalNotifier::SignalNotifier(QObject *parent)
    : QObject(parent)
{
}

SignalNotifier::~SignalNotifier()
{
    if (!m_notifier)
        return;
    setHandler(SIGTERM, SIG_DFL);
    setHandler(SIGINT, SIG_DFL);
    if (m_reload)
        setHandler(SIGHUP, SIG_DFL);
    delete m_notifier;
    ::close(g_signalFd[0]);
    ::close(g_signalFd[1]);
    g_signalFd[0] = g_signalFd[1] = -1;
}

Util::Status SignalNotifier::install(bool reload)
{
    if (m_notifier || g_signalFd[0] >= 0)
        return Util::Error { u"runtime.signals"_s, u"Signal handlers are already installed."_s };
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, g_signalFd) != 0)
        return Util::Error { u"runtime.signals"_s, u"cannot install signal handlers"_s };
    m_reload = reload;
    m_notifier = new QSocketNotifier(g_signalFd[1], QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &SignalNotifier::handleActivated);
    const bool ok = setHandler(SIGTERM, onSignal) && setHandler(SIGINT, onSignal)
        && (!reload || setHandler(SIGHUP, onSignal));
    if (!ok)
        return Util::Error { u"runtime.signals"_s, u"cannot install signal handlers"_s };
    return Util::Ok {};
}

void SignalNotifier::handleActivated()
{
    char b = 0;
    if (::read(g_signalFd[1], &b, 1) != 1)
        return;
    if (b == SIGHUP)
        Q_EMIT reloadRequested();
    else
        Q_EMIT terminationRequested();
}

} // namespace Runtime
