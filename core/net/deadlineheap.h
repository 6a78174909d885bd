#pragma once

#include "net/handletable.h"
#include "net/timesource.h"

#include <QObject>
#include <functional>
#include <vector>

namespace Gateway {

// Exact deadlines for many objects of one thread, driven by one Timer (issue 15): a call's deadline
// and its backoff or Retry-After wait. Where each call had a Timer of its own (a QObject and a Qt
// timer registered and unregistered with the event loop, ~3.6K instructions a call), a deadline is
// now an entry in a binary heap, O(log n) to schedule and cancel. A callback runs when its deadline
// has come on the time source, never early (R-REC-5), in deadline order. The one timer waits for
// the earliest deadline; cancelling that one leaves the timer as it is, to find nothing due when it
// fires and wait again for the next (calls mostly end long before their deadline). Coarse timeouts
// of connections stay on the DeadlineWheel.
class DeadlineHeap : public QObject
{
    Q_OBJECT
public:
    using Handle = quint64; // 0: none; a handle that fired or was cancelled is simply unknown
    using Callback = std::function<void()>;

    // time: the gateway's time source; null: the process's (TimeSource::system()).
    explicit DeadlineHeap(TimeSource *time = nullptr, QObject *parent = nullptr);
    ~DeadlineHeap() override;

    TimeSource *timeSource() const { return m_time; }
    qint64 nowMs() const { return m_time->nowMs(); }

    // deadlineMs is absolute, on nowMs()'s scale; one already past runs at the next turn of the
    // event loop, not inside schedule().
    Handle schedule(qint64 deadlineMs, Callback callback);
    bool cancel(Handle handle);
    bool isScheduled(Handle handle) const;
    int size() const { return int(m_heap.size()); }

    // Runs, in deadline order, every callback that was scheduled before this call and is due;
    // returns how many ran. The timer calls it; tests may call it after moving simulated time.
    int expire();

private:
    struct Entry
    {
        Callback callback;
        quint32 generation = 1;
        int heapIndex = -1; // -1: free
    };
    struct HeapItem
    {
        qint64 deadlineMs;
        quint64 order; // scheduling order, among equal deadlines
        int entry;
    };

    const Entry *find(Handle handle) const;
    static bool earlier(const HeapItem &a, const HeapItem &b);
    void place(size_t i, const HeapItem &item);
    void siftUp(size_t i);
    void siftDown(size_t i);
    void removeAt(size_t i);
    void release(int entry);
    void waitForEarliest();

    TimeSource *m_time;
    Timer m_timer;
    quint64 m_nextOrder = 0;
    HandleTable<Entry> m_entries;
    std::vector<HeapItem> m_heap;
};

} // namespace Gateway
