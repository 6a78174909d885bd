#include "net/timesource.h"

#include <QElapsedTimer>
#include <QTimerEvent>
#include <limits>

namespace Gateway {

TimeSource *TimeSource::system()
{
    static TimeSource source;
    return &source;
}

qint64 TimeSource::nowMs() const
{
    // Started on first use and never restarted: monotonic for the life of the process.
    static const QElapsedTimer epoch = [] {
        QElapsedTimer t;
        t.start();
        return t;
    }();
    return epoch.elapsed();
}

QDateTime TimeSource::nowUtc() const
{
    return QDateTime::currentDateTimeUtc();
}

void TimeSource::arm(Timer *timer)
{
    const qint64 left = qMax<qint64>(0, timer->m_deadlineMs - nowMs());
    // Precise: a coarse Qt timer may fire 5 % early, and a Retry-After wait must not be cut short
    // (R-REC-5). Qt's timers run on the same monotonic clock as nowMs().
    timer->m_qtTimerId = timer->startTimer(
        std::chrono::milliseconds(qMin<qint64>(left, std::numeric_limits<int>::max())),
        Qt::PreciseTimer);
}

void TimeSource::disarm(Timer *timer)
{
    if (timer->m_qtTimerId != 0) {
        timer->killTimer(timer->m_qtTimerId);
        timer->m_qtTimerId = 0;
    }
}

void TimeSource::fire(Timer *timer, quint64 generation)
{
    timer->fireIfCurrent(generation);
}

Timer::Timer(TimeSource *time, QObject *parent)
    : QObject(parent)
    , m_time(time ? time : TimeSource::system())
{
}

Timer::~Timer()
{
    stop();
}

void Timer::startAt(qint64 deadlineMs)
{
    stop();
    m_deadlineMs = qMax<qint64>(0, deadlineMs);
    ++m_generation;
    m_time->arm(this);
}

void Timer::stop()
{
    if (m_deadlineMs < 0)
        return;
    m_time->disarm(this);
    m_deadlineMs = -1;
    ++m_generation;
}

void Timer::timerEvent(QTimerEvent *event)
{
    if (event->timerId() != m_qtTimerId)
        return QObject::timerEvent(event);
    fireIfCurrent(m_generation);
}

void Timer::fireIfCurrent(quint64 generation)
{
    if (generation != m_generation || m_deadlineMs < 0)
        return; // stopped or started again since
    stop();
    Q_EMIT timeout();
}

QDateTime DatedClock::nowUtc() const
{
    const QDateTime now = m_time->nowUtc();
    if (!m_today.isValid())
        return now;
    return QDateTime(m_today, now.time(), Qt::UTC);
}

} // namespace Gateway
