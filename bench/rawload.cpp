#include "rawload.h"

#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sched.h>
#include <string>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <unistd.h>
#include <vector>

namespace Bench {
namespace {

using Clock = std::chrono::steady_clock;

void raiseFileLimit()
{
    rlimit r {};
    if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur < r.rlim_max) {
        r.rlim_cur = r.rlim_max;
        setrlimit(RLIMIT_NOFILE, &r);
    }
}

void setNonBlocking(int fd)
{
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    const int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

// Length of the first complete HTTP message in buf (head + Content-Length body), 0 if incomplete.
size_t messageLength(const std::string &buf)
{
    const size_t headEnd = buf.find("\r\n\r\n");
    if (headEnd == std::string::npos)
        return 0;
    size_t contentLength = 0;
    for (size_t pos = 0; pos < headEnd;) {
        const size_t eol = buf.find("\r\n", pos);
        if (eol - pos > 15 && strncasecmp(buf.data() + pos, "content-length:", 15) == 0)
            contentLength = size_t(std::strtoul(buf.data() + pos + 15, nullptr, 10));
        pos = eol + 2;
    }
    const size_t total = headEnd + 4 + contentLength;
    return buf.size() >= total ? total : 0;
}

struct Peer
{
    std::string in;
    std::string out;
    unsigned generation = 0;
    bool open = false;
    bool connecting = false;
    bool held = false;
    bool wantWrite = false;
    std::string trickle; // bytes still to send one at a time (TrickleHead, TrickleBody)
    Clock::time_point nextByte;
};

void watch(int epoll, int fd, bool write, bool add)
{
    epoll_event ev {};
    ev.events = EPOLLIN | (write ? EPOLLOUT : 0u);
    ev.data.fd = fd;
    epoll_ctl(epoll, add ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, fd, &ev);
}

// Writes what it can; asks for EPOLLOUT only while something is left.
bool flush(int epoll, int fd, Peer &p)
{
    while (!p.out.empty()) {
        const ssize_t n = ::send(fd, p.out.data(), p.out.size(), MSG_NOSIGNAL);
        if (n < 0 && errno == EAGAIN)
            break;
        if (n <= 0)
            return false;
        p.out.erase(0, size_t(n));
    }
    const bool want = !p.out.empty();
    if (want != p.wantWrite) {
        p.wantWrite = want;
        watch(epoll, fd, want, false);
    }
    return true;
}

std::string cannedAnswer()
{
    const std::string body
        = R"({"id":"chatcmpl-fake","object":"chat.completion","model":"up-x","choices":[{"index":0,)"
          R"("message":{"role":"assistant","content":"Hello from the fake upstream."},)"
          R"("finish_reason":"stop"}],"usage":{"prompt_tokens":11,"completion_tokens":7,)"
          R"("total_tokens":18}})";
    return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
        + std::to_string(body.size()) + "\r\nConnection: keep-alive\r\n\r\n" + body;
}

} // namespace

int runUpstream(int delayMs)
{
    raiseFileLimit();
    const int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    const int one = 1;
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr {};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    if (::bind(listener, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0
        || ::listen(listener, 4096) != 0
        || getsockname(listener, reinterpret_cast<sockaddr *>(&addr), &len) != 0)
        return 1;
    std::printf("port %d\n", ntohs(addr.sin_port));
    std::fflush(stdout);

    const std::string answer = cannedAnswer();
    const int epoll = epoll_create1(0);
    watch(epoll, listener, false, true);
    std::vector<Peer> peers(1 << 16);
    struct Due
    {
        Clock::time_point at;
        int fd;
        unsigned generation;
    };
    std::deque<Due> waiting; // one delay for all, so arrival order is expiry order
    epoll_event events[256];
    for (;;) {
        int timeout = -1;
        if (!waiting.empty()) {
            const auto left
                = std::chrono::ceil<std::chrono::milliseconds>(waiting.front().at - Clock::now());
            timeout = int(std::max<long>(0, long(left.count())));
        }
        const int n = epoll_wait(epoll, events, 256, timeout);
        for (int i = 0; i < n; ++i) {
            const int fd = events[i].data.fd;
            if (fd == listener) {
                for (int c; (c = ::accept4(listener, nullptr, nullptr, SOCK_NONBLOCK)) >= 0;) {
                    setNonBlocking(c);
                    peers[size_t(c)].open = true;
                    peers[size_t(c)].in.clear();
                    peers[size_t(c)].out.clear();
                    peers[size_t(c)].wantWrite = false;
                    watch(epoll, c, false, true);
                }
                continue;
            }
            Peer &p = peers[size_t(fd)];
            bool ok = true;
            if (events[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR)) {
                char buf[16384];
                const ssize_t r = ::recv(fd, buf, sizeof buf, 0);
                ok = r > 0 || (r < 0 && errno == EAGAIN);
                if (r > 0)
                    p.in.append(buf, size_t(r));
                for (size_t m; ok && (m = messageLength(p.in)) > 0;) {
                    p.in.erase(0, m);
                    if (delayMs <= 0)
                        p.out += answer;
                    else
                        waiting.push_back({ Clock::now() + std::chrono::milliseconds(delayMs), fd,
                                            p.generation });
                }
            }
            ok = ok && flush(epoll, fd, p);
            if (!ok) {
                ::close(fd);
                p.open = false;
                ++p.generation;
            }
        }
        const auto now = Clock::now();
        while (!waiting.empty() && waiting.front().at <= now) {
            const Due d = waiting.front();
            waiting.pop_front();
            Peer &p = peers[size_t(d.fd)];
            if (!p.open || p.generation != d.generation)
                continue;
            p.out += answer;
            if (!flush(epoll, d.fd, p)) {
                ::close(d.fd);
                p.open = false;
                ++p.generation;
            }
        }
    }
}

namespace {

std::string firstMessage(const HoldOptions &o)
{
    const std::string head = std::string("Host: 127.0.0.1:") + std::to_string(o.port)
        + "\r\nAuthorization: " + o.authorization + "\r\nContent-Type: application/json\r\n";
    switch (o.kind) {
    case HoldKind::Idle:
        return "GET /healthz HTTP/1.1\r\n" + head + "\r\n";
    case HoldKind::Partial:
        return std::string("POST ") + o.path + " HTTP/1.1\r\n" + head
            + "Content-Length: 1000\r\n\r\n{\"model\":";
    case HoldKind::TrickleBody:
        return std::string("POST ") + o.path + " HTTP/1.1\r\n" + head
            + "Content-Length: 1000\r\n\r\n";
    case HoldKind::Calls:
    case HoldKind::TrickleHead:
        break;
    }
    return std::string("POST ") + o.path + " HTTP/1.1\r\n" + head
        + "Content-Length: " + std::to_string(std::strlen(o.body)) + "\r\n\r\n" + o.body;
}

bool trickles(HoldKind kind)
{
    return kind == HoldKind::TrickleHead || kind == HoldKind::TrickleBody;
}

// What a trickling connection sends one byte at a time after its first message.
std::string trickled(const HoldOptions &o, const std::string &request)
{
    if (o.kind == HoldKind::TrickleBody)
        return "{\"model\":\"bench/x\",\"messages\":[{\"role\":\"user\",\"content\":\""
            + std::string(1000 - 61, 'a') + "\"}]}";
    return request; // TrickleHead: the whole request, from its first byte
}

struct Holder
{
    const HoldOptions &o;
    std::string request;
    std::vector<int> trickling; // fds of held trickling connections
    int epoll = epoll_create1(0);
    std::vector<Peer> peers = std::vector<Peer>(1 << 16);
    int started = 0, connecting = 0, held = 0, closed = 0;
    long long completed = 0, failed = 0; // calls answered 200, and otherwise

    void connectMore()
    {
        // A hundred or so at a time: a burst of thousands overflows the server's accept backlog.
        while (started < o.count && connecting < 128) {
            const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
            if (fd < 0)
                return;
            setNonBlocking(fd);
            sockaddr_in addr {};
            addr.sin_family = AF_INET;
            addr.sin_port = htons(uint16_t(o.port));
            addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            ::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr);
            Peer &p = peers[size_t(fd)];
            p = Peer {};
            p.open = p.connecting = true;
            p.out = o.kind == HoldKind::TrickleHead ? std::string() : request;
            if (trickles(o.kind)) {
                p.trickle = trickled(o, request);
                // Spread over one interval, so the target sees a steady count of bytes per second.
                p.nextByte = Clock::now()
                    + std::chrono::milliseconds(started * o.trickleIntervalMs / o.count);
            }
            p.wantWrite = true;
            watch(epoll, fd, true, true);
            ++started;
            ++connecting;
        }
    }

    void markHeld(int fd, Peer &p)
    {
        if (p.held)
            return;
        p.held = true;
        ++held;
        --connecting;
        if (trickles(o.kind))
            trickling.push_back(fd);
    }

    // One byte to every trickling connection whose time came; the next one an interval later.
    void trickle()
    {
        const auto now = Clock::now();
        for (const int fd : trickling) {
            Peer &p = peers[size_t(fd)];
            if (!p.open || p.trickle.empty() || now < p.nextByte)
                continue;
            p.out += p.trickle.front();
            p.trickle.erase(0, 1);
            p.nextByte += std::chrono::milliseconds(o.trickleIntervalMs);
            if (!flush(epoll, fd, p))
                drop(fd);
        }
    }

    void drop(int fd)
    {
        Peer &p = peers[size_t(fd)];
        if (p.held)
            --held;
        else
            --connecting;
        ::close(fd);
        p.open = false;
        ++closed;
    }

    void handle(int fd, unsigned events)
    {
        Peer &p = peers[size_t(fd)];
        if (!p.open)
            return;
        if (events & (EPOLLIN | EPOLLHUP | EPOLLERR)) {
            char buf[16384];
            const ssize_t r = ::recv(fd, buf, sizeof buf, 0);
            if (r == 0 || (r < 0 && errno != EAGAIN))
                return drop(fd);
            if (r > 0)
                p.in.append(buf, size_t(r));
            for (size_t m; (m = messageLength(p.in)) > 0;) {
                const bool ok = p.in.compare(0, 12, "HTTP/1.1 200") == 0;
                p.in.erase(0, m);
                if (o.kind == HoldKind::Idle)
                    markHeld(fd, p);
                if (o.kind == HoldKind::Calls) {
                    ++(ok ? completed : failed);
                    p.out += request;
                }
            }
        }
        if (!flush(epoll, fd, p))
            return drop(fd);
        // Partial: held once its bytes are out; Calls: once the first call is on its way.
        if (o.kind != HoldKind::Idle && p.out.empty() && !(events & (EPOLLHUP | EPOLLERR)))
            markHeld(fd, p);
    }
};

} // namespace

int runHolder(const HoldOptions &options)
{
    raiseFileLimit();
    Holder h { options, firstMessage(options) };
    bool announced = false;
    auto lastStat = Clock::now();
    // A line on standard input asks for a stat line at once ("now …"), so the bench reads the
    // count of completed calls at the moment it reads the target's CPU, not up to 250 ms before.
    fcntl(STDIN_FILENO, F_SETFL, fcntl(STDIN_FILENO, F_GETFL) | O_NONBLOCK);
    watch(h.epoll, STDIN_FILENO, false, true);
    epoll_event events[256];
    for (;;) {
        h.connectMore();
        const int n = epoll_wait(h.epoll, events, 256, 50);
        for (int i = 0; i < n; ++i) {
            if (events[i].data.fd != STDIN_FILENO) {
                h.handle(events[i].data.fd, events[i].events);
                continue;
            }
            char buf[64];
            const ssize_t r = ::read(STDIN_FILENO, buf, sizeof buf);
            if (r == 0) // nobody will ask again
                epoll_ctl(h.epoll, EPOLL_CTL_DEL, STDIN_FILENO, nullptr);
            if (r > 0) {
                std::printf("now %d %d %lld %lld\n", h.held, h.closed, h.completed, h.failed);
                std::fflush(stdout);
            }
        }
        h.trickle();
        if (!announced && h.started == options.count && h.connecting == 0) {
            announced = true;
            std::printf("ready %d\n", h.held);
            std::fflush(stdout);
        }
        if (Clock::now() - lastStat >= std::chrono::milliseconds(250)) {
            lastStat = Clock::now();
            std::printf("stat %d %d %lld %lld\n", h.held, h.closed, h.completed, h.failed);
            std::fflush(stdout);
        }
    }
}

namespace {

struct OpenLoop
{
    const OpenLoopOptions &o;
    std::string request;
    int epoll = epoll_create1(0);
    int timer = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK);
    std::vector<Peer> peers = std::vector<Peer>(1 << 16); // held: connected
    std::vector<long long> callOf = std::vector<long long>(1 << 16, -1); // the call in flight
    std::vector<int> idle; // connected, no call in flight; the last freed on top
    std::deque<long long> waiting; // due calls that found no idle connection
    int connecting = 0, connected = 0, connectFailed = 0, closedByTarget = 0;
    Clock::time_point start;
    long long warmupCalls = 0, totalCalls = 0, next = 0, inFlight = 0;
    // Of the measured calls only:
    long long ok = 0, failed = 0, late = 0, waitedForConnection = 0;
    std::vector<long long> latencyNs, lagNs;
    Clock::time_point lastAnswer;

    // Exact for any rate: no rounding error adds up over the run.
    Clock::time_point due(long long k) const
    {
        return start + std::chrono::nanoseconds(k * 1000000000LL / o.rate);
    }
    bool measured(long long k) const { return k >= warmupCalls; }

    void open()
    {
        const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
        if (fd < 0 || fd >= int(peers.size())) {
            if (fd >= 0)
                ::close(fd);
            ++connectFailed;
            return;
        }
        setNonBlocking(fd);
        sockaddr_in addr {};
        addr.sin_family = AF_INET;
        addr.sin_port = htons(uint16_t(o.port));
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        ::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr);
        Peer &p = peers[size_t(fd)];
        p = Peer {};
        p.open = p.connecting = p.wantWrite = true;
        callOf[size_t(fd)] = -1;
        watch(epoll, fd, true, true);
        ++connecting;
    }

    void drop(int fd)
    {
        Peer &p = peers[size_t(fd)];
        ::close(fd);
        p.open = false;
        if (p.connecting) {
            --connecting;
            ++connectFailed;
            return;
        }
        --connected;
        ++closedByTarget;
        const long long k = callOf[size_t(fd)];
        callOf[size_t(fd)] = -1;
        if (k >= 0) {
            --inFlight;
            if (measured(k))
                ++failed;
        } else if (const auto it = std::find(idle.begin(), idle.end(), fd); it != idle.end()) {
            idle.erase(it);
        }
        if (next < totalCalls)
            open(); // the pool keeps its size while calls are still due
    }

    void send(int fd, long long k)
    {
        const auto now = Clock::now();
        callOf[size_t(fd)] = k;
        ++inFlight;
        if (measured(k)) {
            const long long lag = std::chrono::nanoseconds(now - due(k)).count();
            lagNs.push_back(lag);
            if (lag > 1000000)
                ++late;
        }
        Peer &p = peers[size_t(fd)];
        p.out = request;
        if (!flush(epoll, fd, p))
            drop(fd);
    }

    void handle(int fd, unsigned events)
    {
        Peer &p = peers[size_t(fd)];
        if (!p.open)
            return;
        if (p.connecting) {
            int error = 0;
            socklen_t len = sizeof error;
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &len);
            if (error != 0 || (events & (EPOLLERR | EPOLLHUP)))
                return drop(fd);
            if (!(events & EPOLLOUT))
                return;
            p.connecting = false;
            p.held = true;
            p.wantWrite = false;
            watch(epoll, fd, false, false);
            --connecting;
            ++connected;
            idle.push_back(fd);
            return;
        }
        if (events & (EPOLLIN | EPOLLHUP | EPOLLERR)) {
            char buf[16384];
            const ssize_t r = ::recv(fd, buf, sizeof buf, 0);
            if (r == 0 || (r < 0 && errno != EAGAIN))
                return drop(fd);
            if (r > 0)
                p.in.append(buf, size_t(r));
            for (size_t m; (m = messageLength(p.in)) > 0;) {
                const auto now = Clock::now();
                const bool answeredOk = p.in.compare(0, 12, "HTTP/1.1 200") == 0;
                p.in.erase(0, m);
                const long long k = callOf[size_t(fd)];
                if (k < 0)
                    continue; // an answer to no call: not counted
                callOf[size_t(fd)] = -1;
                --inFlight;
                idle.push_back(fd);
                if (!measured(k))
                    continue;
                lastAnswer = now;
                if (answeredOk) {
                    ++ok;
                    latencyNs.push_back(std::chrono::nanoseconds(now - due(k)).count());
                } else {
                    ++failed;
                }
            }
        }
        if (!flush(epoll, fd, p))
            drop(fd);
    }

    // The timer fires when call `next` is due (timer slack is set to 1 ns: on time to the µs).
    // Armed once per call: setting a timer can cost a VM exit.
    long long armedFor = -1;
    void armTimer()
    {
        if (armedFor == next)
            return;
        armedFor = next;
        const long long ns = std::chrono::nanoseconds(due(next).time_since_epoch()).count();
        itimerspec at {};
        at.it_value.tv_sec = time_t(ns / 1000000000LL);
        at.it_value.tv_nsec = long(ns % 1000000000LL);
        timerfd_settime(timer, TFD_TIMER_ABSTIME, &at, nullptr);
    }
};

// The value at quantile q of sorted values, in µs (0 if there are none).
double quantileUs(const std::vector<long long> &sorted, double q)
{
    if (sorted.empty())
        return 0;
    const size_t rank = size_t(std::ceil(q * double(sorted.size())));
    return double(sorted[std::min(sorted.size() - 1, rank > 0 ? rank - 1 : 0)]) / 1000.0;
}

} // namespace

int runOpenLoop(const OpenLoopOptions &options)
{
    raiseFileLimit();
    prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
    HoldOptions asHold;
    asHold.port = options.port;
    asHold.kind = HoldKind::Calls;
    asHold.path = options.path;
    asHold.body = options.body;
    asHold.authorization = options.authorization;
    OpenLoop l { options, firstMessage(asHold) };
    l.warmupCalls = static_cast<long long>(options.warmupSeconds * options.rate);
    l.totalCalls = l.warmupCalls + static_cast<long long>(options.seconds * options.rate);
    l.latencyNs.reserve(size_t(l.totalCalls - l.warmupCalls));
    l.lagNs.reserve(size_t(l.totalCalls - l.warmupCalls));
    const int pool
        = options.connections > 0 ? options.connections : std::max(64, options.rate / 10);
    epoll_event events[256];
    // A hundred or so connecting at a time, as the holder does, so the accept backlog holds them.
    for (int started = 0; started < pool || l.connecting > 0;) {
        while (started < pool && l.connecting < 128) {
            l.open();
            ++started;
        }
        const int n = epoll_wait(l.epoll, events, 256, 1000);
        for (int i = 0; i < n; ++i)
            l.handle(events[i].data.fd, events[i].events);
    }
    sched_param priority {};
    priority.sched_priority = 1;
    const bool fifo = options.realtime && sched_setscheduler(0, SCHED_FIFO, &priority) == 0;
    std::printf("ready %d %s\n", l.connected, fifo ? "fifo" : "normal");
    std::fflush(stdout);
    if (l.connected == 0)
        return 1;
    for (char c = 0; c != '\n' && ::read(STDIN_FILENO, &c, 1) == 1;) { }

    watch(l.epoll, l.timer, false, true);
    l.start = Clock::now() + std::chrono::milliseconds(1);
    bool announcedMeasuring = false, announcedSent = false;
    Clock::time_point giveUp;
    for (;;) {
        const auto now = Clock::now();
        for (; l.next < l.totalCalls && l.due(l.next) <= now; ++l.next) {
            if (l.idle.size() <= l.waiting.size() && l.measured(l.next))
                ++l.waitedForConnection;
            l.waiting.push_back(l.next);
        }
        while (!l.waiting.empty() && !l.idle.empty()) {
            const int fd = l.idle.back();
            l.idle.pop_back();
            const long long k = l.waiting.front();
            l.waiting.pop_front();
            l.send(fd, k);
        }
        if (!announcedMeasuring && l.next > l.warmupCalls) {
            announcedMeasuring = true;
            std::printf("measuring\n");
            std::fflush(stdout);
        }
        if (!announcedSent && l.next == l.totalCalls && l.waiting.empty()) {
            announcedSent = true;
            giveUp = Clock::now() + std::chrono::seconds(10);
            std::printf("sent\n");
            std::fflush(stdout);
        }
        if (announcedSent && (l.inFlight == 0 || Clock::now() >= giveUp))
            break;
        int timeout = 100;
        if (l.next < l.totalCalls) {
            l.armTimer();
            timeout = -1;
        }
        const int n = epoll_wait(l.epoll, events, 256, timeout);
        for (int i = 0; i < n; ++i) {
            if (events[i].data.fd == l.timer) {
                l.armedFor = -1;
                uint64_t expirations = 0;
                [[maybe_unused]] const ssize_t r
                    = ::read(l.timer, &expirations, sizeof expirations);
                continue;
            }
            l.handle(events[i].data.fd, events[i].events);
        }
    }

    const long long calls = l.totalCalls - l.warmupCalls;
    rusage used {};
    getrusage(RUSAGE_SELF, &used);
    const double cpuUs = double(used.ru_utime.tv_sec + used.ru_stime.tv_sec) * 1e6
        + double(used.ru_utime.tv_usec + used.ru_stime.tv_usec);
    std::sort(l.latencyNs.begin(), l.latencyNs.end());
    std::sort(l.lagNs.begin(), l.lagNs.end());
    const double seconds = l.ok + l.failed > 0
        ? std::chrono::duration<double>(l.lastAnswer - l.due(l.warmupCalls)).count()
        : 0;
    std::printf("result calls=%lld ok=%lld failed=%lld unanswered=%lld late=%lld waited=%lld "
                "connections=%d closed=%d seconds=%.3f p50=%.1f p99=%.1f p999=%.1f max=%.1f "
                "lag_p99=%.1f lag_max=%.1f caller_us=%.1f\n",
                calls, l.ok, l.failed, calls - l.ok - l.failed, l.late, l.waitedForConnection, pool,
                l.closedByTarget, seconds, quantileUs(l.latencyNs, 0.5),
                quantileUs(l.latencyNs, 0.99), quantileUs(l.latencyNs, 0.999),
                quantileUs(l.latencyNs, 1.0), quantileUs(l.lagNs, 0.99), quantileUs(l.lagNs, 1.0),
                cpuUs / double(std::max(1LL, l.totalCalls)));
    std::fflush(stdout);
    return 0;
}

} // namespace Bench
