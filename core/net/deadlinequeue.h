#pragma once

#include "net/handletable.h"
#include "net/timesource.h"

#include <QObject>
#include <functional>

namespace Gateway {

// An entry of a DeadlineQueue: `at` is where the queue filed it (-1: free).
struct DeadlineEntry
{
    std::function<void()> callback;
    quint32 generation = 1; // HandleTable's
    int at = -1;
};

// What the thread's two deadline queues share (DeadlineHeap, DeadlineWheel): many callbacks named
// by handles on the gateway's time source, behind one Timer. A fired or cancelled handle is simply
// unknown. Derived files an entry by its deadline and takes it out again (`file(index,
// deadlineMs)`, `unfile(index)`), called statically: no virtual call per schedule or cancel.
template<typename Derived, typename Entry> class DeadlineQueue : public QObject
{
public:
    using Handle = quint64; // 0: none
    using Callback = std::function<void()>;

    TimeSource *timeSource() const { return m_time; }
    qint64 nowMs() const { return m_time->nowMs(); }
    int size() const { return m_size; }

    // deadlineMs is absolute, on nowMs()'s scale. The callback never runs inside schedule().
    Handle schedule(qint64 deadlineMs, Callback callback)
    {
        const int index = m_entries.acquire();
        m_entries[index].callback = std::move(callback);
        ++m_size;
        derived().file(index, deadlineMs);
        return m_entries.handleOf(index);
    }
    bool cancel(Handle handle)
    {
        const Entry *e = find(handle);
        if (!e)
            return false;
        const int index = m_entries.indexOf(e);
        derived().unfile(index);
        release(index);
        return true;
    }

protected:
    // time: the gateway's time source; null: the process's (TimeSource::system()).
    DeadlineQueue(TimeSource *time, QObject *parent)
        : QObject(parent)
        , m_time(time ? time : TimeSource::system())
        , m_timer(m_time, this)
    {
    }

    const Entry *find(Handle handle) const
    {
        return m_entries.find(handle, [](const Entry &e) { return e.at >= 0; });
    }
    // Takes a due entry out, for its callback to run: what it does then cannot reach the entry.
    Callback take(int index)
    {
        Callback callback = std::move(m_entries[index].callback);
        derived().unfile(index);
        release(index);
        return callback;
    }

    TimeSource *const m_time;
    Timer m_timer; // waits for the next entry that may be due
    HandleTable<Entry> m_entries;

private:
    Derived &derived() { return static_cast<Derived &>(*this); }
    void release(int index)
    {
        Entry &e = m_entries[index];
        e.at = -1;
        e.callback = nullptr;
        m_entries.release(index);
        --m_size;
    }

    int m_size = 0;
};

} // namespace Gateway
