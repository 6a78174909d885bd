#include "progress.h"

#include <cmath>

namespace Util {

void ProgressEstimate::reset()
{
    m_startMs = -1;
    m_startDone = 0;
}

qint64 ProgressEstimate::update(qint64 nowMs, qint64 done, qint64 total)
{
    if (m_startMs < 0 || done < m_startDone) {
        m_startMs = nowMs;
        m_startDone = done;
        return -1;
    }
    const qint64 elapsed = nowMs - m_startMs;
    const qint64 progressed = done - m_startDone;
    if (elapsed <= 0 || progressed <= 0)
        return -1;
    const qint64 left = std::max<qint64>(0, total - done);
    return qint64(std::llround(double(left) * double(elapsed) / double(progressed)));
}

} // namespace Util
