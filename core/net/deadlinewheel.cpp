#include "net/deadlinewheel.h"

#include <QPointer>

namespace Gateway {
namespace {

// 512 slots of 10 ms: one turn is 5.12 s, so a 60 s idle timeout is looked at about 12 times
// before it fires, and 8,000 connections put about 16 entries in each slot.
constexpr int kSlots = 512;

qint64 floorDiv(qint64 a, qint64 b)
{
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

} // namespace

DeadlineWheel::DeadlineWheel(TimeSource *time, int tickMs, QObject *parent)
    : DeadlineQueue(time, parent)
    , m_tickMs(qMax(1, tickMs))
    , m_slots(kSlots, -1)
{
    m_nextTick = floorDiv(nowMs(), m_tickMs);
    connect(&m_timer, &Timer::timeout, this, &DeadlineWheel::expire);
}

DeadlineWheel::~DeadlineWheel() = default;

void DeadlineWheel::tickLater()
{
    // At the next tick boundary: one timer for every entry, whatever their number.
    m_timer.startAt((floorDiv(nowMs(), m_tickMs) + 1) * m_tickMs);
}

void DeadlineWheel::file(int index, qint64 deadlineMs)
{
    link(index, deadlineMs);
    // Started here and stopped only by a tick that finds the wheel empty, so one connection
    // going busy and idle again does not start and stop a timer per request.
    if (!m_timer.isActive())
        tickLater();
}

bool DeadlineWheel::reschedule(Handle handle, qint64 deadlineMs)
{
    const WheelEntry *e = find(handle);
    if (!e)
        return false;
    const int index = m_entries.indexOf(e);
    unfile(index);
    link(index, deadlineMs);
    return true;
}

int DeadlineWheel::expire()
{
    const qint64 now = nowMs();
    const qint64 current = floorDiv(now, m_tickMs);
    // After a stall longer than a turn, one pass over every slot covers all the missed ticks.
    const qint64 first = qMax(m_nextTick, current - kSlots + 1);
    // The cursor moves before any callback runs: a deadline already past that a callback schedules
    // while older ticks are caught up on goes to the current slot, swept below, not to a slot
    // already swept (which would wait a whole turn).
    m_nextTick = qMax(m_nextTick, current);
    QPointer<DeadlineWheel> alive(this);
    int fired = 0;
    for (qint64 tick = first; tick <= current; ++tick) {
        fired += expireSlot(int(tick % kSlots), now);
        if (!alive)
            return fired;
    }
    if (size() == 0)
        m_timer.stop();
    else
        tickLater();
    return fired;
}

int DeadlineWheel::expireSlot(int slot, qint64 now)
{
    // Collected first: a callback may cancel, reschedule or schedule anything, this slot included.
    std::vector<std::pair<int, quint32>> due;
    for (int i = m_slots[size_t(slot)]; i >= 0; i = m_entries[i].next) {
        if (m_entries[i].deadlineMs <= now)
            due.emplace_back(i, m_entries[i].generation);
    }
    QPointer<DeadlineWheel> alive(this);
    int fired = 0;
    for (const auto &[index, generation] : due) {
        const WheelEntry &e = m_entries[index];
        if (e.at != slot || e.generation != generation || e.deadlineMs > now)
            continue;
        const Callback callback = take(index);
        ++fired;
        callback();
        if (!alive)
            break;
    }
    return fired;
}

void DeadlineWheel::link(int index, qint64 deadlineMs)
{
    WheelEntry &e = m_entries[index];
    e.deadlineMs = deadlineMs;
    // A deadline already past goes to the next slot looked at, not to one behind the cursor.
    const qint64 tick = qMax(floorDiv(deadlineMs, m_tickMs), m_nextTick);
    e.at = int(tick % kSlots);
    e.prev = -1;
    e.next = m_slots[size_t(e.at)];
    if (e.next >= 0)
        m_entries[e.next].prev = index;
    m_slots[size_t(e.at)] = index;
}

void DeadlineWheel::unfile(int index)
{
    WheelEntry &e = m_entries[index];
    if (e.prev >= 0)
        m_entries[e.prev].next = e.next;
    else
        m_slots[size_t(e.at)] = e.next;
    if (e.next >= 0)
        m_entries[e.next].prev = e.prev;
    e.prev = e.next = -1;
}

} // namespace Gateway
