#pragma once

#include "routing/clock.h"

#include <QDate>

namespace Gateway {

// The gateway's clock: monotonic milliseconds for deadlines and cooldowns, UTC for Retry-After
// dates and alias deprecation; the date can be pinned so tests control deprecation (R-ALIAS-2).
// Milliseconds count from one epoch per process, so the cooldown book, which outlives a stop and
// start of the gateway, keeps meaning the same instants (a new epoch per start would stretch every
// running cooldown by the previous run's length).
class SystemClock : public Routing::Clock
{
public:
    explicit SystemClock(QDate today = {})
        : m_today(today)
    {
    }
    qint64 nowMs() const override;
    QDateTime nowUtc() const override;

private:
    QDate m_today;
};

} // namespace Gateway
