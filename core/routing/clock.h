#pragma once

#include <QDateTime>
#include <QtGlobal>

namespace Routing {

// Time as the routing core sees it. Injected so that routing stays pure and tests never depend on
// the wall clock (STYLE.md, Envoy): the gateway passes a real clock, tests a ManualClock.
class Clock
{
public:
    virtual ~Clock() = default;
    // Milliseconds on a monotonic-ish scale; only differences matter (deadlines, cooldowns).
    virtual qint64 nowMs() const = 0;
    // Current UTC time, for HTTP-date Retry-After values and alias deprecation dates.
    virtual QDateTime nowUtc() const = 0;
};

} // namespace Routing
