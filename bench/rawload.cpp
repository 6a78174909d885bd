#include "rawload.h"

#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
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

} // namespace Bench
