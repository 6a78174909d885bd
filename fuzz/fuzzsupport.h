#pragma once

// Shared by the fuzz targets: quiet logging (warnings about bad input are expected by the thousand
// and would slow libFuzzer down), fatal messages still abort so libFuzzer reports them.

#include <QString>
#include <QtGlobal>
#include <cstdio>
#include <cstdlib>

namespace Fuzz {

inline void dropMessages(QtMsgType type, const QMessageLogContext &, const QString &message)
{
    if (type == QtFatalMsg) {
        std::fprintf(stderr, "qFatal: %s\n", qPrintable(message));
        std::abort();
    }
}

inline void quietQt()
{
    static const bool once = [] {
        qInstallMessageHandler(dropMessages);
        return true;
    }();
    (void)once;
}

// A property the code under test promised does not hold: abort so libFuzzer saves the input.
#define FUZZ_CHECK(condition)                                                                      \
    do {                                                                                           \
        if (!(condition)) {                                                                        \
            std::fprintf(stderr, "FUZZ_CHECK failed: %s (%s:%d)\n", #condition, __FILE__,          \
                         __LINE__);                                                                \
            std::abort();                                                                          \
        }                                                                                          \
    } while (false)

} // namespace Fuzz
