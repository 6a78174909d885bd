// Linked into every gateway test: their main threads run on the gateway's epoll dispatcher, so the
// whole suite (QTest, QSignalSpy waits, sockets, QProcess) exercises it, not only the threads a
// GatewayService starts. SWITCHBOARD_TEST_DISPATCHER=qt keeps Qt's own, to compare.
#include "net/epolldispatcher.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace {

// Before main(): QCoreApplication takes a main-thread dispatcher only before it is constructed.
const bool g_installed = [] {
    if (qEnvironmentVariable("SWITCHBOARD_TEST_DISPATCHER") == u"qt"_s)
        return false;
    QCoreApplication::setEventDispatcher(new Gateway::EpollDispatcher);
    return true;
}();

} // namespace
