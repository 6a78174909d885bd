#pragma once

#include "net/deadlinequeue.h"

#include <vector>

namespace Gateway {

// Exact deadlines for many objects of one thread: each call's deadline and its backoff or
// Retry-After wait. Why not a Timer each: a QObject and a Qt timer registered and unregistered per
// call cost more than an entry in one binary heap, O(log n) to schedule and cancel. A callback runs
// when its deadline has come on the time source, never early (R-REC-5), in deadline order. The one
// timer waits for the earliest deadline; cancelling that one leaves the timer as it is, to find
// nothing due when it fires and wait again for the next (calls mostly end long before their
// deadline).
class DeadlineHeap : public DeadlineQueue<DeadlineHeap, DeadlineEntry>
{
public:
    explicit DeadlineHeap(TimeSource *time = nullptr, QObject *parent = nullptr);
    ~DeadlineHeap() override;

    // Runs, in deadline order, every callback that was scheduled before this call and is due;
    // returns how many ran. The timer calls it; tests may call it after moving simulated time.
    int expire();

private:
    friend DeadlineQueue;
    struct HeapItem
    {
        qint64 deadlineMs;
        quint64 order; // scheduling order, among equal deadlines
        int entry;
    };

    void file(int entry, qint64 deadlineMs);
    void unfile(int entry) { removeAt(size_t(m_entries[entry].at)); }
    static bool earlier(const HeapItem &a, const HeapItem &b);
    void place(size_t i, const HeapItem &item);
    void siftUp(size_t i);
    void siftDown(size_t i);
    void removeAt(size_t i);
    void waitForEarliest();

    quint64 m_nextOrder = 0;
    std::vector<HeapItem> m_heap;
};

} // namespace Gateway
