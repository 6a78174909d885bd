#pragma once

#include "util/clock.h"

#include <QDateTime>

// A clock that moves only when a test says so (STYLE.md: no test depends on wall time).
class ManualClock : public Util::Clock
{
public:
    explicit ManualClock(qint64 startMs = 1000000,
                         QDateTime startUtc = QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC))
        : m_ms(startMs)
        , m_startMs(startMs)
        , m_startUtc(std::move(startUtc))
    {
    }

    qint64 nowMs() const override { return m_ms; }
    QDateTime nowUtc() const override { return m_startUtc.addMSecs(m_ms - m_startMs); }

    void advance(qint64 ms) { m_ms += ms; }
    void setNowMs(qint64 ms) { m_ms = ms; }

private:
    qint64 m_ms;
    qint64 m_startMs;
    QDateTime m_startUtc;
};
