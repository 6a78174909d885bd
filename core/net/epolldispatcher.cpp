#include "net/epolldispatcher.h"

#include "net/log.h"

#include <QCoreApplication>
#include <QSocketNotifier>
#include <QTimerEvent>
#include <algorithm>
#include <array>
#include <cerrno>
#include <climits>
#include <ctime>
#include <sys/eventfd.h>
#include <unistd.h>

namespace Gateway {
namespace {

// epoll_event.data of the eventfd; a socket's is (serial << 32) | fd.
constexpr quint64 kWakeTag = ~quint64(0);
// A timer taken out of the heap for delivery in this turn.
constexpr qsizetype kTaken = -2;
// Events returned per epoll_wait; the rest stay ready (level-triggered) for the next turn.
constexpr int kMaxEvents = 256;

constexpr quint32 kEventsFor[3] = { EPOLLIN, EPOLLOUT, EPOLLPRI }; // Read, Write, Exception

quint64 tag(int fd, quint32 serial)
{
    return (quint64(serial) << 32) | quint32(fd);
}

} // namespace

EpollDispatcher::EpollDispatcher(QObject *parent)
    : QAbstractEventDispatcher(parent)
{
    m_epoll = ::epoll_create1(EPOLL_CLOEXEC);
    m_wakeOnlyEpoll = ::epoll_create1(EPOLL_CLOEXEC);
    m_wakeFd = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (!isValid()) {
        qCWarning(lcGateway) << "epoll dispatcher unavailable:" << qt_error_string(errno);
        return;
    }
    epoll_event ev {};
    ev.events = EPOLLIN;
    ev.data.u64 = kWakeTag;
    ::epoll_ctl(m_epoll, EPOLL_CTL_ADD, m_wakeFd, &ev);
    ::epoll_ctl(m_wakeOnlyEpoll, EPOLL_CTL_ADD, m_wakeFd, &ev);
}

EpollDispatcher::~EpollDispatcher()
{
    for (int fd : { m_epoll, m_wakeOnlyEpoll, m_wakeFd }) {
        if (fd >= 0)
            ::close(fd);
    }
}

qint64 EpollDispatcher::nowNs()
{
    // The clock epoll_wait's timeout runs on, so a timer is never found not yet due on waking.
    timespec ts {};
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

bool EpollDispatcher::processEvents(QEventLoop::ProcessEventsFlags flags)
{
    if (m_loopThread.load(std::memory_order_relaxed) == pthread_t {})
        m_loopThread.store(pthread_self(), std::memory_order_relaxed);
    m_interrupted.store(false);
    m_postedByLoop = false;
    QCoreApplication::sendPostedEvents();

    const bool withNotifiers = !flags.testFlag(QEventLoop::ExcludeSocketNotifiers);
    const bool withTimers = !flags.testFlag(QEventLoop::X11ExcludeTimers);
    bool canWait = flags.testFlag(QEventLoop::WaitForMoreEvents) && !m_interrupted.load();
    if (canWait)
        Q_EMIT aboutToBlock();
    if (m_interrupted.load())
        return false;
    applyChanges();
    // Descriptors epoll cannot watch are always ready, as poll() would report them. What this
    // thread posted itself since the top (from aboutToBlock, say) waits for no one, nor do tasks
    // added outside a turn (before the loop first ran).
    const bool postedByLoop = m_postedByLoop;
    if ((withNotifiers && m_polledCount > 0) || postedByLoop || !m_turnEnd.empty())
        canWait = false;

    int timeout = canWait ? -1 : 0;
    if (canWait && withTimers)
        timeout = waitTimeoutMs();
    // On the stack: a nested event loop run from a slot below waits into its own buffer.
    std::array<epoll_event, kMaxEvents> events;
    int n = ::epoll_wait(withNotifiers ? m_epoll : m_wakeOnlyEpoll, events.data(), kMaxEvents,
                         timeout);
    if (n < 0) {
        if (errno != EINTR)
            qCWarning(lcGateway) << "epoll_wait failed:" << qt_error_string(errno);
        n = 0;
    }
    if (timeout != 0)
        Q_EMIT awake();

    int handled = 0;
    // What was posted before the wait (by another thread, which woke us, or by this one) is
    // delivered before any socket that became ready in the same wait: it was sent first. A saved
    // workspace posted to this thread before a caller's request reached its socket must apply to
    // that request (R-UI-4; seen in CI as a call routed on the previous snapshot).
    bool woken = false;
    for (int i = 0; i < n && !woken; ++i)
        woken = events[size_t(i)].data.u64 == kWakeTag;
    if (woken || postedByLoop) {
        if (woken)
            drainWakeUp();
        m_postedByLoop = false;
        QCoreApplication::sendPostedEvents();
        ++handled;
    }
    for (int i = 0; i < n; ++i) {
        const epoll_event &ev = events[size_t(i)];
        if (ev.data.u64 == kWakeTag || !withNotifiers)
            continue;
        const int fd = int(quint32(ev.data.u64));
        const quint32 serial = quint32(ev.data.u64 >> 32);
        // poll()'s mapping, as Qt's own dispatcher does it: a hang-up or an error wakes readers
        // and writers, who then learn of it from read() or write().
        const quint32 e = ev.events;
        if (e & (EPOLLIN | EPOLLHUP | EPOLLERR))
            handled += activateNotifier(fd, serial, QSocketNotifier::Read) ? 1 : 0;
        if (e & (EPOLLOUT | EPOLLHUP | EPOLLERR))
            handled += activateNotifier(fd, serial, QSocketNotifier::Write) ? 1 : 0;
        if (e & EPOLLPRI)
            handled += activateNotifier(fd, serial, QSocketNotifier::Exception) ? 1 : 0;
    }
    if (withNotifiers && m_polledCount > 0)
        handled += activatePolledNotifiers();
    if (withTimers)
        handled += activateTimers();
    if (!m_turnEnd.empty()) {
        runTurnEnd();
        ++handled;
    }
    return handled > 0;
}

void EpollDispatcher::atTurnEnd(void *owner, TurnTask task)
{
    m_turnEnd.push_back({ owner, task });
}

void EpollDispatcher::cancelTurnEnd(const void *owner)
{
    const auto clear = [owner](std::vector<TurnEnd> &tasks) {
        for (TurnEnd &t : tasks) {
            if (t.owner == owner)
                t.task = nullptr;
        }
    };
    clear(m_turnEnd);
    clear(m_turnEndRunning);
}

void EpollDispatcher::runTurnEnd()
{
    // A task may add tasks (they run next, in this turn) or cancel pending ones; a nested loop
    // run from a task finds the batch taken.
    while (!m_turnEnd.empty() && m_turnEndRunning.empty()) {
        m_turnEndRunning.swap(m_turnEnd);
        for (size_t i = 0; i < m_turnEndRunning.size(); ++i) {
            const TurnEnd t = m_turnEndRunning[i];
            if (t.task)
                t.task(t.owner);
        }
        m_turnEndRunning.clear();
    }
}

EpollDispatcher *EpollDispatcher::of(QThread *thread)
{
    return qobject_cast<EpollDispatcher *>(QAbstractEventDispatcher::instance(thread));
}

void EpollDispatcher::drainWakeUp()
{
    quint64 value = 0;
    [[maybe_unused]] const ssize_t n = ::read(m_wakeFd, &value, sizeof value);
    // Cleared after reading, never before: a wakeUp() between a clear and the read would have its
    // write consumed here while leaving the flag set, and every later wakeUp() would then be
    // skipped (found by bench_connections: a blocking call into the thread hung). A wakeUp() that
    // sees the flag still set between the read and the clear posted its event before, and the
    // caller sends posted events after this.
    m_wakePending.store(false);
}

void EpollDispatcher::wakeUp()
{
    // Posted by the loop's own thread, which is awake by definition: processEvents() sees the flag
    // before it waits. Saves the eventfd's write, its read and an extra epoll_wait per call (a call
    // posts the deletion of its executor).
    if (pthread_equal(m_loopThread.load(std::memory_order_relaxed), pthread_self())) {
        m_postedByLoop = true;
        return;
    }
    if (m_wakePending.exchange(true))
        return;
    const quint64 one = 1;
    [[maybe_unused]] const ssize_t n = ::write(m_wakeFd, &one, sizeof one);
}

void EpollDispatcher::interrupt()
{
    m_interrupted.store(true);
    wakeUp();
}

// --- socket notifiers ---------------------------------------------------------------------

void EpollDispatcher::registerSocketNotifier(QSocketNotifier *notifier)
{
    const int fd = int(notifier->socket());
    const int type = int(notifier->type());
    if (fd < 0 || type < 0 || type > 2)
        return;
    Watch &watch = watchFor(fd);
    // A descriptor whose notifiers were all gone (perhaps closed and its number reused) starts a
    // new life: events still queued for the old one must not reach the new notifier.
    if (watch.empty()) {
        watch.serial = m_nextSerial++;
        if (m_nextSerial == 0) // 0 means "no watch"
            m_nextSerial = 1;
    }
    if (watch.notifiers[type] && watch.notifiers[type] != notifier)
        qCWarning(lcGateway) << "several socket notifiers of one type on descriptor" << fd;
    watch.notifiers[type] = notifier;
    watch.direct[type] = dynamic_cast<DirectSocketNotifier *>(notifier);
    markDirty(fd, watch);
}

void EpollDispatcher::unregisterSocketNotifier(QSocketNotifier *notifier)
{
    const int fd = int(notifier->socket());
    Watch *found = findWatch(fd);
    if (!found)
        return;
    Watch &watch = *found;
    for (int type = 0; type < 3; ++type) {
        if (watch.notifiers[type] == notifier) {
            watch.notifiers[type] = nullptr;
            watch.direct[type] = nullptr;
        }
    }
    if (watch.polled && watch.empty()) {
        --m_polledCount;
        watch = Watch {}; // never in epoll; a stale entry in m_dirty finds nothing
        return;
    }
    if (watch.empty() && watch.events != 0) {
        // Out of the kernel's set now, while the descriptor is still open: its owner usually
        // closes it next, and epoll forgets a closed descriptor only when no duplicate of it is
        // left (UpstreamConnection hands a connected socket from Qt to a TcpStream by dup(): the
        // closed original would stay in the set, writable, and wake every epoll_wait).
        ::epoll_ctl(m_epoll, EPOLL_CTL_DEL, fd, nullptr);
        watch.events = 0;
    }
    markDirty(fd, watch);
}

EpollDispatcher::Watch *EpollDispatcher::findWatch(int fd)
{
    if (fd < 0 || size_t(fd) >= m_watches.size() || m_watches[size_t(fd)].serial == 0)
        return nullptr;
    return &m_watches[size_t(fd)];
}

EpollDispatcher::Watch &EpollDispatcher::watchFor(int fd)
{
    if (size_t(fd) >= m_watches.size())
        m_watches.resize(std::max(size_t(fd) + 1, 2 * m_watches.size()));
    return m_watches[size_t(fd)];
}

void EpollDispatcher::markDirty(int fd, Watch &watch)
{
    if (!watch.dirty) {
        watch.dirty = true;
        m_dirty.push_back(fd);
    }
}

void EpollDispatcher::applyChanges()
{
    for (const int fd : m_dirty) {
        Watch *found = findWatch(fd);
        if (!found || !found->dirty)
            continue;
        Watch &watch = *found;
        watch.dirty = false;
        if (watch.polled)
            continue;
        quint32 wanted = 0;
        for (int type = 0; type < 3; ++type)
            wanted |= watch.notifiers[type] ? kEventsFor[type] : 0;
        if (wanted == 0) {
            if (watch.events != 0)
                ::epoll_ctl(m_epoll, EPOLL_CTL_DEL, fd, nullptr); // EBADF when closed: fine
            watch = Watch {};
            continue;
        }
        if (wanted == watch.events && watch.serial == watch.registeredSerial)
            continue; // enabled and disabled again (or the reverse) within the turn
        epoll_event ev {};
        ev.events = wanted;
        ev.data.u64 = tag(fd, watch.serial);
        const bool known = watch.events != 0;
        int rc = ::epoll_ctl(m_epoll, known ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, fd, &ev);
        // The kernel forgets a descriptor when it is closed; a reused number must be added again.
        if (rc != 0 && known && errno == ENOENT)
            rc = ::epoll_ctl(m_epoll, EPOLL_CTL_ADD, fd, &ev);
        else if (rc != 0 && !known && errno == EEXIST)
            rc = ::epoll_ctl(m_epoll, EPOLL_CTL_MOD, fd, &ev);
        if (rc == 0) {
            watch.events = wanted;
            watch.registeredSerial = watch.serial;
        } else if (errno == EPERM) {
            // A regular file or similar: poll() calls it always ready, and so do we.
            watch.polled = true;
            ++m_polledCount;
        } else {
            qCWarning(lcGateway) << "epoll_ctl failed for descriptor" << fd
                                 << qt_error_string(errno);
        }
    }
    m_dirty.clear();
}

DirectSocketNotifier::DirectSocketNotifier(qintptr socket, Type type, QObject *parent)
    : QSocketNotifier(type, parent)
{
    setSocket(socket);
    setEnabled(true);
}

bool DirectSocketNotifier::event(QEvent *e)
{
    if (e->type() != QEvent::SockAct && e->type() != QEvent::SockClose)
        return QSocketNotifier::event(e);
    activate();
    return true;
}

bool EpollDispatcher::activateNotifier(int fd, quint32 serial, int type)
{
    // Looked up again for each type: the previous activation may have removed or replaced it.
    const Watch *watch = findWatch(fd);
    if (!watch || watch->serial != serial)
        return false;
    QSocketNotifier *notifier = watch->notifiers[type];
    if (!notifier)
        return false;
    if (DirectSocketNotifier *direct = watch->direct[type]) {
        direct->activate();
        return true;
    }
    QEvent event(QEvent::SockAct);
    QCoreApplication::sendEvent(notifier, &event);
    return true;
}

int EpollDispatcher::activatePolledNotifiers()
{
    std::vector<std::pair<int, quint32>> polled;
    for (int fd = 0; fd < int(m_watches.size()); ++fd) {
        if (m_watches[size_t(fd)].polled)
            polled.emplace_back(fd, m_watches[size_t(fd)].serial);
    }
    int handled = 0;
    for (const auto &[fd, serial] : polled) {
        handled += activateNotifier(fd, serial, QSocketNotifier::Read) ? 1 : 0;
        handled += activateNotifier(fd, serial, QSocketNotifier::Write) ? 1 : 0;
    }
    return handled;
}

// --- timers -------------------------------------------------------------------------------

void EpollDispatcher::registerTimer(int timerId, qint64 interval, Qt::TimerType timerType,
                                    QObject *object)
{
    if (timerId <= 0 || interval < 0 || !object)
        return;
    Timer &t = m_timers[timerId];
    if (t.heapIndex >= 0)
        heapRemove(&t);
    t.id = timerId;
    t.intervalMs = interval;
    t.type = timerType;
    t.object = object;
    t.expiryNs = nowNs() + interval * 1000000;
    heapPush(&t);
}

bool EpollDispatcher::unregisterTimer(int timerId)
{
    const auto it = m_timers.find(timerId);
    if (it == m_timers.end())
        return false;
    if (it->second.heapIndex >= 0)
        heapRemove(&it->second);
    m_timers.erase(it);
    return true;
}

bool EpollDispatcher::unregisterTimers(QObject *object)
{
    bool any = false;
    for (auto it = m_timers.begin(); it != m_timers.end();) {
        if (it->second.object != object) {
            ++it;
            continue;
        }
        if (it->second.heapIndex >= 0)
            heapRemove(&it->second);
        it = m_timers.erase(it);
        any = true;
    }
    return any;
}

QList<QAbstractEventDispatcher::TimerInfo> EpollDispatcher::registeredTimers(QObject *object) const
{
    QList<TimerInfo> list;
    for (const auto &[id, t] : m_timers) {
        if (t.object == object)
            list.append(TimerInfo(id, int(qMin<qint64>(t.intervalMs, INT_MAX)), t.type));
    }
    return list;
}

int EpollDispatcher::remainingTime(int timerId)
{
    const auto it = m_timers.find(timerId);
    if (it == m_timers.end())
        return -1;
    const qint64 left = it->second.expiryNs - nowNs();
    return left <= 0 ? 0 : int(qMin<qint64>((left + 999999) / 1000000, INT_MAX));
}

int EpollDispatcher::waitTimeoutMs() const
{
    if (m_heap.empty())
        return -1;
    const qint64 left = m_heap.front().expiryNs - nowNs();
    if (left <= 0)
        return 0;
    // Rounded up: epoll_wait never returns before its timeout, so a timer is never early.
    return int(qMin<qint64>((left + 999999) / 1000000, INT_MAX));
}

int EpollDispatcher::activateTimers()
{
    if (m_heap.empty())
        return 0;
    const qint64 now = nowNs();
    if (m_heap.front().expiryNs > now)
        return 0;
    // Only the timers due now, in expiry order; taken out of the heap so that a nested event loop
    // run from a timer slot neither fires them again nor sees one with interval 0 as always due.
    std::vector<int> due;
    while (!m_heap.empty() && m_heap.front().expiryNs <= now) {
        Timer *t = m_heap.front().timer;
        heapRemove(t);
        t->heapIndex = kTaken;
        due.push_back(t->id);
    }
    int handled = 0;
    for (int id : due) {
        auto it = m_timers.find(id);
        // Killed, or killed and its id given to a new timer, by an earlier slot in this turn.
        if (it == m_timers.end() || it->second.heapIndex != kTaken)
            continue;
        Timer &t = it->second;
        const qint64 intervalNs = t.intervalMs * 1000000;
        t.expiryNs += intervalNs;
        if (t.expiryNs <= now)
            t.expiryNs = now + intervalNs; // fell behind: skip the missed beats, as Qt does
        QTimerEvent event(id);
        QCoreApplication::sendEvent(t.object, &event);
        ++handled;
        // The slot may have killed the timer, deleted its object or restarted it under this id.
        it = m_timers.find(id);
        if (it != m_timers.end() && it->second.heapIndex == kTaken)
            heapPush(&it->second);
    }
    return handled;
}

bool EpollDispatcher::earlier(const HeapEntry &a, const HeapEntry &b)
{
    // Equal expiries fire in the order they were scheduled, as in Qt's own timer list.
    return a.expiryNs < b.expiryNs || (a.expiryNs == b.expiryNs && a.sequence < b.sequence);
}

void EpollDispatcher::heapPush(Timer *timer)
{
    timer->sequence = m_nextSequence++;
    m_heap.push_back({ timer->expiryNs, timer->sequence, timer });
    heapSiftUp(qsizetype(m_heap.size()) - 1);
}

void EpollDispatcher::heapRemove(Timer *timer)
{
    const qsizetype i = timer->heapIndex;
    const HeapEntry last = m_heap.back();
    m_heap.pop_back();
    timer->heapIndex = -1;
    if (last.timer == timer)
        return;
    // The last entry fills the hole, then moves up or down to where it belongs.
    heapPlace(i, last);
    if (i > 0 && earlier(last, m_heap[size_t((i - 1) / 2)]))
        heapSiftUp(i);
    else
        heapSiftDown(i);
}

void EpollDispatcher::heapPlace(qsizetype i, const HeapEntry &entry)
{
    m_heap[size_t(i)] = entry;
    entry.timer->heapIndex = i;
}

// Both sifts carry the entry in hand and move the others into the hole it leaves: one write
// (and one timer's index) per level, not a swap.
void EpollDispatcher::heapSiftUp(qsizetype i)
{
    const HeapEntry entry = m_heap[size_t(i)];
    while (i > 0) {
        const qsizetype parent = (i - 1) / 2;
        if (!earlier(entry, m_heap[size_t(parent)]))
            break;
        heapPlace(i, m_heap[size_t(parent)]);
        i = parent;
    }
    heapPlace(i, entry);
}

void EpollDispatcher::heapSiftDown(qsizetype i)
{
    const HeapEntry entry = m_heap[size_t(i)];
    const qsizetype n = qsizetype(m_heap.size());
    for (;;) {
        const qsizetype l = 2 * i + 1, r = l + 1;
        if (l >= n)
            break;
        const qsizetype child = r < n && earlier(m_heap[size_t(r)], m_heap[size_t(l)]) ? r : l;
        if (!earlier(m_heap[size_t(child)], entry))
            break;
        heapPlace(i, m_heap[size_t(child)]);
        i = child;
    }
    heapPlace(i, entry);
}

} // namespace Gateway
