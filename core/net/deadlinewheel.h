#pragma once

#include "net/deadlinequeue.h"

#include <vector>

namespace Gateway {

struct WheelEntry : DeadlineEntry
{
    qint64 deadlineMs = 0;
    int prev = -1; // in its slot's list
    int next = -1;
};

// Coarse deadlines for many objects of one thread (DESIGN.md "Threads"): connection idle and
// request-arrival timeouts, and an upstream call's connect, first-byte and stream-idle timeouts.
// Why not the DeadlineHeap: these move at every request and body chunk, and a hashed timing
// wheel moves them in O(1) however many are pending. A callback runs at the first tick at or after
// its deadline: never early, at most one tick late (plus the event loop's delay).
class DeadlineWheel : public DeadlineQueue<DeadlineWheel, WheelEntry>
{
public:
    static constexpr int kDefaultTickMs = 10;

    explicit DeadlineWheel(TimeSource *time = nullptr, int tickMs = kDefaultTickMs,
                           QObject *parent = nullptr);
    ~DeadlineWheel() override;

    // A deadline in the past fires at the next tick.
    bool reschedule(Handle handle, qint64 deadlineMs);

    // Runs every callback whose deadline is at or before nowMs(); returns how many ran. The
    // ticking timer calls it; tests may call it themselves after moving simulated time.
    int expire();

private:
    friend DeadlineQueue;

    void file(int index, qint64 deadlineMs);
    void unfile(int index);
    void link(int index, qint64 deadlineMs);
    int expireSlot(int slot, qint64 now);
    void tickLater();

    int m_tickMs;
    qint64 m_nextTick = 0; // ticks before it are empty; it may still hold entries not yet due
    std::vector<int> m_slots; // head entry index per slot
};

} // namespace Gateway
