#include "systemclock.h"

namespace Gateway {

QDateTime SystemClock::nowUtc() const
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    if (!m_today.isValid())
        return now;
    return QDateTime(m_today, now.time(), Qt::UTC);
}

} // namespace Gateway
