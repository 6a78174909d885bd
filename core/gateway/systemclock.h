#pragma once

#include "routing/clock.h"

#include <QDate>
#include <QElapsedTimer>

namespace Gateway {

// The gateway's clock: monotonic milliseconds for deadlines and cooldowns, UTC for Retry-After
// dates and alias deprecation; the date can be pinned so tests control deprecation (R-ALIAS-2).
class SystemClock : public Routing::Clock
{
public:
    explicit SystemClock(QDate today = {}) : m_today(today) { m_timer.start(); }
    qint64 nowMs() const override { return m_timer.elapsed(); }
    QDateTime nowUtc() const override;

private:
    QElapsedTimer m_timer;
    QDate m_today;
};

} // namespace Gateway
