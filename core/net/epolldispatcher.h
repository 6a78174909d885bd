#pragma once

#include <QAbstractEventDispatcher>
#include <QSocketNotifier>
#include <atomic>
#include <pthread.h>
#include <sys/epoll.h>
#include <unordered_map>
#include <vector>

namespace Gateway {

// A socket notifier that EpollDispatcher activates by a plain call instead of a QEvent sent
// through QCoreApplication: the event's path reads the notifier's QObject data and the thread's,
// cold with thousands of calls in flight. Any other dispatcher sends the event, which
// event() turns into the same call.
class DirectSocketNotifier : public QSocketNotifier
{
public:
    // Enabled here rather than in QSocketNotifier's constructor, where the dispatcher could not
    // tell it from a plain notifier yet.
    DirectSocketNotifier(qintptr socket, Type type, QObject *parent);
    // The descriptor is ready. May delete this notifier.
    virtual void activate() = 0;

protected:
    bool event(QEvent *e) override;
};

// An event dispatcher whose cost per wake-up does not grow with the number of open sockets
// (DESIGN.md "Threads"): Qt 6.4's glib and UNIX dispatchers hand every socket to poll() on every
// turn, so 4,000 idle callers cut the gateway to a fifth of its speed. Installed on the gateway
// thread only, with QThread::setEventDispatcher() before the thread starts.
//
// - Socket notifiers live in one epoll set, level-triggered (the semantics of poll() that
//   QSocketNotifier users expect); read, write and exception notifiers may share a descriptor.
//   Changes reach epoll once per turn, just before it waits: QAbstractSocket enables its write
//   notifier for every write and disables it when the write went out at once, which would
//   otherwise cost two epoll_ctl calls per write for no net change (a changelist, as in
//   libevent's kqueue back end).
// - Timers sit in a binary min-heap keyed by expiry: registering, killing and firing are
//   O(log n). Every timer type fires at or after its expiry, never before (Coarse and VeryCoarse
//   are treated as precise).
// - wakeUp() writes an eventfd and may be called from any thread.
class EpollDispatcher : public QAbstractEventDispatcher
{
    Q_OBJECT
public:
    explicit EpollDispatcher(QObject *parent = nullptr);
    ~EpollDispatcher() override;

    bool processEvents(QEventLoop::ProcessEventsFlags flags) override;

    void registerSocketNotifier(QSocketNotifier *notifier) override;
    void unregisterSocketNotifier(QSocketNotifier *notifier) override;

    void registerTimer(int timerId, qint64 interval, Qt::TimerType timerType,
                       QObject *object) override;
    bool unregisterTimer(int timerId) override;
    bool unregisterTimers(QObject *object) override;
    QList<TimerInfo> registeredTimers(QObject *object) const override;
    int remainingTime(int timerId) override;

    void wakeUp() override;
    void interrupt() override;

    // False when the kernel refused epoll or eventfd; the thread then must keep Qt's dispatcher.
    bool isValid() const { return m_epoll >= 0 && m_wakeFd >= 0 && m_wakeOnlyEpoll >= 0; }

    // Work for the end of this turn, once its events are handled: what an event posted to the
    // loop's own thread does, without the event's allocation and the queue's lock. Tasks run in
    // the order added, on the loop's thread; one added by a task runs in the same turn. An owner
    // that may go first takes its tasks back with cancelTurnEnd().
    using TurnTask = void (*)(void *owner);
    void atTurnEnd(void *owner, TurnTask task);
    void cancelTurnEnd(const void *owner);
    // The dispatcher of `thread` when it is an EpollDispatcher; null for any other.
    static EpollDispatcher *of(QThread *thread);

private:
    // One per descriptor number, in a table indexed by it (descriptors are small and dense): an
    // event finds its watch in one cache line, where a hash map's bucket and node were two cold
    // reads with thousands of sockets open. serial 0: no watch on that descriptor.
    struct alignas(64) Watch
    {
        QSocketNotifier *notifiers[3] = { nullptr, nullptr, nullptr }; // QSocketNotifier::Type
        DirectSocketNotifier *direct[3] = { nullptr, nullptr, nullptr }; // the same, when one
        quint32 serial = 0; // tells a reused descriptor from the one an event was reported for
        quint32 events = 0; // what epoll is asked for now
        quint32 registeredSerial = 0; // the serial epoll reports it with now
        bool polled = false; // epoll refused it (a regular file): reported ready on every turn
        bool dirty = false; // in m_dirty: epoll is told of the change before the next wait
        bool empty() const { return !notifiers[0] && !notifiers[1] && !notifiers[2]; }
    };
    struct Timer
    {
        int id = 0;
        qint64 intervalMs = 0;
        Qt::TimerType type = Qt::CoarseTimer;
        QObject *object = nullptr;
        qint64 expiryNs = 0;
        quint64 sequence = 0; // order of scheduling, among equal expiries
        qsizetype heapIndex = -1; // -1: not in the heap; -2: taken out for delivery
    };

    static qint64 nowNs();
    void markDirty(int fd, Watch &watch);
    void applyChanges();
    int waitTimeoutMs() const;
    void drainWakeUp();
    int activatePolledNotifiers();
    bool activateNotifier(int fd, quint32 serial, int type);
    int activateTimers();

    // The heap holds each timer's key beside its pointer: comparisons read the heap's own array,
    // not timers scattered over the map's nodes (with 8,000 calls in flight, 8,000 deadlines).
    struct HeapEntry
    {
        qint64 expiryNs;
        quint64 sequence;
        Timer *timer;
    };
    static bool earlier(const HeapEntry &a, const HeapEntry &b);
    void heapPush(Timer *timer);
    void heapRemove(Timer *timer);
    void heapPlace(qsizetype i, const HeapEntry &entry);
    void heapSiftUp(qsizetype i);
    void heapSiftDown(qsizetype i);

    int m_epoll = -1;
    int m_wakeOnlyEpoll = -1; // the eventfd alone, for ExcludeSocketNotifiers
    int m_wakeFd = -1;
    std::atomic<bool> m_wakePending { false };
    std::atomic<bool> m_interrupted { false };
    // The thread running the loop (set by its first processEvents()), and whether it posted
    // itself an event since the loop last sent posted events: then the next wait must not block.
    std::atomic<pthread_t> m_loopThread {};
    bool m_postedByLoop = false;
    struct TurnEnd
    {
        void *owner;
        TurnTask task;
    };
    std::vector<TurnEnd> m_turnEnd; // this turn's tasks, in the order added
    std::vector<TurnEnd> m_turnEndRunning; // the batch being run (kept for its capacity)
    void runTurnEnd();
    quint32 m_nextSerial = 1;
    quint64 m_nextSequence = 0;
    Watch *findWatch(int fd);
    Watch &watchFor(int fd); // made when absent
    std::vector<Watch> m_watches; // indexed by descriptor
    std::vector<int> m_dirty; // descriptors whose wanted events may differ from epoll's
    int m_polledCount = 0;
    std::unordered_map<int, Timer> m_timers;
    std::vector<HeapEntry> m_heap;
};

} // namespace Gateway
