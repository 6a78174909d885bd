#include "net/deadlineheap.h"

#include <QPointer>

namespace Gateway {

DeadlineHeap::DeadlineHeap(TimeSource *time, QObject *parent)
    : DeadlineQueue(time, parent)
{
    connect(&m_timer, &Timer::timeout, this, &DeadlineHeap::expire);
}

DeadlineHeap::~DeadlineHeap() = default;

void DeadlineHeap::file(int entry, qint64 deadlineMs)
{
    m_heap.push_back({ deadlineMs, m_nextOrder++, entry });
    siftUp(m_heap.size() - 1);
    // The timer is moved only when this deadline comes before the one it waits for.
    if (!m_timer.isActive() || deadlineMs < m_timer.deadlineMs())
        m_timer.startAt(deadlineMs);
}

int DeadlineHeap::expire()
{
    const qint64 now = nowMs();
    // What a callback schedules waits for the next turn, even when already due: a zero wait
    // scheduled again and again cannot keep this loop going.
    const quint64 scheduledBefore = m_nextOrder;
    QPointer<DeadlineHeap> alive(this);
    int fired = 0;
    while (!m_heap.empty() && m_heap.front().deadlineMs <= now) {
        if (m_heap.front().order >= scheduledBefore)
            break; // scheduled by a callback of this pass: the next pass (next turn) runs it
        const Callback callback = take(m_heap.front().entry);
        ++fired;
        callback(); // may cancel, schedule, or delete anything, this heap included
        if (!alive)
            return fired;
    }
    waitForEarliest();
    return fired;
}

void DeadlineHeap::waitForEarliest()
{
    if (m_heap.empty())
        m_timer.stop();
    else if (!m_timer.isActive() || m_timer.deadlineMs() != m_heap.front().deadlineMs)
        m_timer.startAt(m_heap.front().deadlineMs);
}

bool DeadlineHeap::earlier(const HeapItem &a, const HeapItem &b)
{
    return a.deadlineMs != b.deadlineMs ? a.deadlineMs < b.deadlineMs : a.order < b.order;
}

void DeadlineHeap::place(size_t i, const HeapItem &item)
{
    m_heap[i] = item;
    m_entries[item.entry].at = int(i);
}

void DeadlineHeap::siftUp(size_t i)
{
    const HeapItem item = m_heap[i];
    while (i > 0) {
        const size_t parent = (i - 1) / 2;
        if (!earlier(item, m_heap[parent]))
            break;
        place(i, m_heap[parent]);
        i = parent;
    }
    place(i, item);
}

void DeadlineHeap::siftDown(size_t i)
{
    const HeapItem item = m_heap[i];
    const size_t n = m_heap.size();
    for (;;) {
        size_t child = 2 * i + 1;
        if (child >= n)
            break;
        if (child + 1 < n && earlier(m_heap[child + 1], m_heap[child]))
            ++child;
        if (!earlier(m_heap[child], item))
            break;
        place(i, m_heap[child]);
        i = child;
    }
    place(i, item);
}

void DeadlineHeap::removeAt(size_t i)
{
    const size_t last = m_heap.size() - 1;
    if (i != last) {
        place(i, m_heap[last]);
        m_heap.pop_back();
        if (i > 0 && earlier(m_heap[i], m_heap[(i - 1) / 2]))
            siftUp(i);
        else
            siftDown(i);
    } else {
        m_heap.pop_back();
    }
}

} // namespace Gateway
