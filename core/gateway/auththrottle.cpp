#include "gateway/auththrottle.h"

#include "util/clock.h"

#include <cmath>

namespace Gateway {

AuthThrottle::AuthThrottle(const Util::Clock *clock, int burst, double perSecond)
    : m_clock(clock)
    , m_burst(qMax(1, burst))
    , m_perSecond(qMax(0.001, perSecond))
{
}

double AuthThrottle::refilled(const Bucket &b, qint64 nowMs) const
{
    const double elapsedSeconds = double(qMax<qint64>(0, nowMs - b.updatedMs)) / 1000.0;
    return qMin(double(m_burst), b.tokens + elapsedSeconds * m_perSecond);
}

AuthThrottle::Verdict AuthThrottle::recordFailure(const QHostAddress &peer)
{
    const qint64 now = m_clock->nowMs();
    auto it = m_buckets.find(peer);
    if (it == m_buckets.end()) {
        if (m_buckets.size() >= kMaxTrackedPeers)
            forgetFullBuckets(now);
        if (m_buckets.size() >= kMaxTrackedPeers)
            m_buckets.erase(m_buckets.begin()); // memory stays bounded: one peer starts afresh
        it = m_buckets.insert(peer, Bucket { double(m_burst), now });
    }
    Bucket &b = *it;
    b.tokens = refilled(b, now);
    b.updatedMs = now;
    if (b.tokens >= 1.0) {
        b.tokens -= 1.0;
        return {};
    }
    const double seconds = (1.0 - b.tokens) / m_perSecond;
    return { true, qMax(1, int(std::ceil(seconds))) };
}

double AuthThrottle::tokens(const QHostAddress &peer) const
{
    const auto it = m_buckets.constFind(peer);
    return it == m_buckets.cend() ? double(m_burst) : refilled(*it, m_clock->nowMs());
}

void AuthThrottle::forgetFullBuckets(qint64 nowMs)
{
    for (auto it = m_buckets.begin(); it != m_buckets.end();) {
        if (refilled(*it, nowMs) >= double(m_burst))
            it = m_buckets.erase(it);
        else
            ++it;
    }
}

} // namespace Gateway
