#pragma once

#include "net/timesource.h"

#include <QDateTime>
#include <QHash>
#include <QMutex>
#include <algorithm>
#include <atomic>
#include <vector>

// The gateway's time source under a test's control (one time source, simulated in tests): time
// moves only when the test calls advance(), and every timer that becomes due then
// fires on its own thread, in deadline order, as the process's source would have fired it. Safe to
// advance from the test's thread while the gateway thread arms and stops timers.
class SimulatedTime : public Gateway::TimeSource
{
public:
    explicit SimulatedTime(qint64 startMs = 1000000,
                           QDateTime startUtc
                           = QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC))
        : m_now(startMs)
        , m_startMs(startMs)
        , m_startUtc(std::move(startUtc))
    {
    }

    qint64 nowMs() const override { return m_now.load(); }
    QDateTime nowUtc() const override { return m_startUtc.addMSecs(nowMs() - m_startMs); }

    // Moves time forward by ms and fires every timer due by then.
    void advance(qint64 ms) { setNowMs(nowMs() + ms); }
    void setNowMs(qint64 ms)
    {
        // Posted with the lock held: a timer's destructor stops it, which waits for the lock, so
        // no timer is posted to after it started to go away.
        QMutexLocker lock(&m_mutex);
        m_now.store(qMax(m_now.load(), ms));
        std::vector<Due> due;
        for (auto it = m_armed.begin(); it != m_armed.end();) {
            if (it->deadlineMs <= m_now.load()) {
                due.push_back({ it->deadlineMs, it.key(), it->generation });
                it = m_armed.erase(it);
            } else {
                ++it;
            }
        }
        std::stable_sort(due.begin(), due.end(),
                         [](const Due &a, const Due &b) { return a.deadlineMs < b.deadlineMs; });
        for (const Due &d : due)
            post(d.timer, d.generation);
    }
    int pendingTimers() const
    {
        QMutexLocker lock(&m_mutex);
        return int(m_armed.size());
    }
    // Whether a timer waits for exactly this instant: a wait the code under test has started and
    // that has not fired (time has not reached it) nor been stopped.
    bool hasTimerAt(qint64 deadlineMs) const
    {
        QMutexLocker lock(&m_mutex);
        return std::any_of(m_armed.cbegin(), m_armed.cend(),
                           [deadlineMs](const Armed &a) { return a.deadlineMs == deadlineMs; });
    }

protected:
    void arm(Gateway::Timer *timer) override
    {
        QMutexLocker lock(&m_mutex);
        if (timer->deadlineMs() <= m_now.load()) {
            lock.unlock();
            post(timer, timer->generation());
            return;
        }
        m_armed.insert(timer, { timer->deadlineMs(), timer->generation() });
    }
    void disarm(Gateway::Timer *timer) override
    {
        QMutexLocker lock(&m_mutex);
        m_armed.remove(timer);
    }

private:
    struct Armed
    {
        qint64 deadlineMs;
        quint64 generation;
    };
    struct Due
    {
        qint64 deadlineMs;
        Gateway::Timer *timer;
        quint64 generation;
    };

    // Delivered on the timer's thread; a timer deleted meanwhile takes the event with it, and one
    // stopped or started again meanwhile ignores it (its generation moved on).
    static void post(Gateway::Timer *timer, quint64 generation)
    {
        QMetaObject::invokeMethod(
            timer, [timer, generation] { fire(timer, generation); }, Qt::QueuedConnection);
    }

    mutable QMutex m_mutex;
    std::atomic<qint64> m_now;
    qint64 m_startMs;
    QDateTime m_startUtc;
    QHash<Gateway::Timer *, Armed> m_armed;
};
