#pragma once

#include "util/clock.h"

#include <QDate>
#include <QObject>

namespace Gateway {

class Timer;

// The gateway's one time source: what time it is and when a timer fires, on one scale, read by the
// router, the executor, the transports and the connections alike. The process's own source
// (system()) counts milliseconds from its first use and is never restarted, so the cooldown book,
// which outlives a stop and start of the gateway, keeps meaning the same instants. Tests give the
// gateway a simulated source (tests/support/simulatedtime.h) and move time themselves instead of
// waiting for it.
class TimeSource : public Util::Clock
{
public:
    static TimeSource *system();

    qint64 nowMs() const override;
    QDateTime nowUtc() const override;

protected:
    friend class Timer;
    // Called on the timer's thread when it is started or stopped. The process's source runs a
    // precise Qt timer for the time left; a simulated one keeps the timer until its time comes
    // and then calls fire() on the timer's thread.
    virtual void arm(Timer *timer);
    virtual void disarm(Timer *timer);
    static void fire(Timer *timer, quint64 generation);
};

// The gateway thread's timers, the fewest its measured costs allow (bench/README.md), one reason
// each:
// - EpollDispatcher's timer heap: Qt's own timers (QObject::startTimer) need their dispatcher's.
// - Timer: a lone wait on a TimeSource, which tests move by hand (a QTimer only knows wall time).
// - DeadlineHeap: many exact waits (calls' deadlines, backoffs) without a Qt timer per call.
// - DeadlineWheel: many coarse timeouts moved at every request and chunk, in O(1).
//
// A single-shot timer at an instant on a TimeSource's scale: QTimer's role for everything in the
// gateway that waits alone (the grace period, the pool sweep, a simulated latency, the live
// figures) and the one timer behind each deadline queue. Fires on its thread, never early.
class Timer : public QObject
{
    Q_OBJECT
public:
    explicit Timer(TimeSource *time, QObject *parent = nullptr);
    ~Timer() override;

    TimeSource *timeSource() const { return m_time; }
    void startAt(qint64 deadlineMs);
    void start(qint64 intervalMs) { startAt(m_time->nowMs() + qMax<qint64>(0, intervalMs)); }
    void stop();
    bool isActive() const { return m_deadlineMs >= 0; }
    qint64 deadlineMs() const { return m_deadlineMs; } // -1 when not active
    quint64 generation() const { return m_generation; } // changes at every start and stop

Q_SIGNALS:
    void timeout();

protected:
    void timerEvent(QTimerEvent *event) override;

private:
    friend class TimeSource;
    void fireIfCurrent(quint64 generation);

    TimeSource *m_time;
    qint64 m_deadlineMs = -1;
    quint64 m_generation = 0;
    int m_qtTimerId = 0;
};

// The routing core's view of a TimeSource, with the UTC date pinned when a test asks for one
// (alias deprecation, R-ALIAS-2). Time itself still comes from the source.
class DatedClock : public Util::Clock
{
public:
    explicit DatedClock(const TimeSource *time, QDate today = {})
        : m_time(time)
        , m_today(today)
    {
    }
    qint64 nowMs() const override { return m_time->nowMs(); }
    QDateTime nowUtc() const override;

private:
    const TimeSource *m_time;
    QDate m_today;
};

} // namespace Gateway
