#pragma once

#include <QDateTime>
#include <QtGlobal>

namespace Util {

// Time as the routing core and the network layer see it. Injected so that routing stays pure and
// tests never depend on the wall clock (STYLE.md, Envoy): the gateway passes a real clock, tests a
// ManualClock.
class Clock
{
public:
    virtual ~Clock() = default;
    // Milliseconds on a monotonic-ish scale; only differences matter (deadlines, cooldowns).
    virtual qint64 nowMs() const = 0;
    // Current UTC time, for HTTP-date Retry-After values and alias deprecation dates.
    virtual QDateTime nowUtc() const = 0;
};

} // namespace Util
