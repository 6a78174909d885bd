#pragma once

#include <QHash>
#include <QHostAddress>

namespace Util {
class Clock;
}

namespace Gateway {

// Failed caller authentications, slowed per peer address: a token bucket per address
// holds up to `burst` failures and refills at `perSecond`; a failure that finds the bucket empty is
// throttled (the gateway answers 429 + Retry-After without looking further). A good key never takes
// a token and is never refused by the bucket, so on loopback, where every local caller shares one
// address, another program's bad keys cannot slow a good caller down. Times come from the gateway's
// clock (Util::Clock::nowMs), so tests drive it with a ManualClock.
class AuthThrottle
{
public:
    struct Verdict
    {
        bool throttled = false;
        int retryAfterSeconds = 0; // when throttled: until the bucket holds a token again (≥ 1)
    };

    AuthThrottle(const Util::Clock *clock, int burst, double perSecond);

    // One failed authentication from `peer`: takes a token, or says it is throttled.
    Verdict recordFailure(const QHostAddress &peer);
    // Tokens left for `peer` now (a peer never seen has a full bucket).
    double tokens(const QHostAddress &peer) const;
    int trackedPeers() const { return int(m_buckets.size()); }

    // Buckets kept at most; beyond, the full ones (which mean nothing) are forgotten.
    static constexpr int kMaxTrackedPeers = 4096;

private:
    struct Bucket
    {
        double tokens = 0;
        qint64 updatedMs = 0;
    };
    double refilled(const Bucket &b, qint64 nowMs) const;
    void forgetFullBuckets(qint64 nowMs);

    const Util::Clock *m_clock;
    int m_burst;
    double m_perSecond;
    QHash<QHostAddress, Bucket> m_buckets;
};

} // namespace Gateway
