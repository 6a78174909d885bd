#include "systemclock.h"

#include <QElapsedTimer>

namespace Gateway {

qint64 SystemClock::nowMs() const
{
    // Started on first use and never restarted: monotonic for the life of the process.
    static const QElapsedTimer epoch = [] {
        QElapsedTimer t;
        t.start();
        return t;
    }();
    return epoch.elapsed();
}

QDateTime SystemClock::nowUtc() const
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    if (!m_today.isValid())
        return now;
    return QDateTime(m_today, now.time(), Qt::UTC);
}

} // namespace Gateway
