#pragma once

#include "net/handletable.h"
#include "net/timesource.h"

#include <QObject>
#include <functional>
#include <vector>

namespace Gateway {

// Coarse deadlines for many objects of one thread, checked by one timer (DESIGN.md "Threads"):
// a hashed timing wheel, so schedule, cancel and reschedule are O(1) however many are pending,
// where a QTimer per connection restarted per request costs a sorted insert into Qt's timer list.
// A callback runs at the first tick at or after its deadline: never early, at most one tick late
// (plus the event loop's delay). For connection idle and request-arrival timeouts, and for an
// upstream call's connect, first-byte and stream-idle timeouts; call deadlines, backoffs and
// Retry-After waits are exact, in a DeadlineHeap. Both run on the gateway's one TimeSource.
class DeadlineWheel : public QObject
{
    Q_OBJECT
public:
    using Handle = quint64; // 0: none; a handle that fired or was cancelled is simply unknown
    using Callback = std::function<void()>;
    static constexpr int kDefaultTickMs = 10;

    // time: the gateway's time source; null: the process's (TimeSource::system()).
    explicit DeadlineWheel(TimeSource *time = nullptr, int tickMs = kDefaultTickMs,
                           QObject *parent = nullptr);
    ~DeadlineWheel() override;

    TimeSource *timeSource() const { return m_time; }
    qint64 nowMs() const { return m_time->nowMs(); }
    int tickMs() const { return m_tickMs; }

    // deadlineMs is absolute, on nowMs()'s scale; one in the past fires at the next tick.
    Handle schedule(qint64 deadlineMs, Callback callback);
    bool cancel(Handle handle);
    bool reschedule(Handle handle, qint64 deadlineMs);
    bool isScheduled(Handle handle) const;
    qint64 deadline(Handle handle) const; // -1 when not scheduled
    int size() const { return m_size; }

    // Runs every callback whose deadline is at or before nowMs(); returns how many ran. The
    // ticking timer calls it; tests may call it themselves after moving simulated time.
    int expire();

private:
    struct Entry
    {
        Callback callback;
        qint64 deadlineMs = 0;
        quint32 generation = 1;
        int slot = -1; // -1: free
        int prev = -1;
        int next = -1;
    };

    Entry *find(Handle handle);
    const Entry *find(Handle handle) const;
    void link(int index, qint64 deadlineMs);
    void unlink(int index);
    void release(int index);
    int expireSlot(int slot, qint64 now);
    void tickLater();

    TimeSource *m_time;
    int m_tickMs;
    Timer m_timer;
    qint64 m_nextTick = 0; // ticks before it are empty; it may still hold entries not yet due
    std::vector<int> m_slots; // head entry index per slot
    HandleTable<Entry> m_entries;
    int m_size = 0;
};

} // namespace Gateway
