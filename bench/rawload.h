#pragma once

// Plain epoll programs the benchmarks (bench_connections, bench_openloop) re-execute themselves as,
// so that neither the fake upstream nor the clients share a process (or a Qt event loop) with the
// gateway being measured. Not Qt: they must cost next to nothing per connection.
namespace Bench {

// Serves a canned OpenAI chat answer to every request on 127.0.0.1 (keep-alive), each after
// delayMs. Prints "port <n>" once listening, then serves until killed.
int runUpstream(int delayMs);

enum class HoldKind {
    Idle, // one request answered, then the connection stays open doing nothing (keep-alive)
    Partial, // a request head and part of its body sent, the rest never
    Calls, // a complete call, and the next as soon as its answer arrives (closed loop)
    TrickleHead, // slowloris: the whole request (head, then body) one byte per trickle interval
    TrickleBody, // the head at once (Content-Length: 1000), then the body one byte per interval
};

struct HoldOptions
{
    int port = 0;
    int count = 0;
    HoldKind kind = HoldKind::Idle;
    const char *path = "/v1/chat/completions"; // Calls and Partial
    const char *body = ""; // Calls: the JSON body
    const char *authorization = ""; // "Bearer …"
    int trickleIntervalMs = 1000; // TrickleHead, TrickleBody: one byte per connection this often
};

// Opens count connections to 127.0.0.1:port (up to 128 connecting at a time) and holds them.
// Prints "ready" once all are held (Calls: all have a call in flight; Trickle*: all connected, the
// first trickled bytes spread evenly over one interval), then every 250 ms
// "stat <held> <closed by the server> <calls answered 200> <calls answered otherwise>".
int runHolder(const HoldOptions &options);

struct OpenLoopOptions
{
    int port = 0;
    int rate = 1000; // calls per second, one every 1/rate s
    double seconds = 30; // measured
    double warmupSeconds = 2; // sent on the same schedule before, not measured
    int connections = 0; // opened before the first call; 0: rate / 10, at least 64
    const char *path = "/v1/chat/completions";
    const char *body = "";
    const char *authorization = "";
    // SCHED_FIFO for the caller (needs the privilege): its own lateness in sending and in reading
    // answers is then not added to every target's figures, but it preempts the target too.
    bool realtime = false;
};

// Open loop: call k is due at start + k / rate whatever the answers do, sent on an idle connection
// of a pool opened beforehand (or, if none is idle, as soon as one is), and its latency counts
// from when it was due, not from when it left, so a stalled target is not measured only by the few
// calls it let through (coordinated omission). Prints "ready <connections> <fifo|normal>", starts
// on a line on standard input, prints "measuring" when the warm-up ends and "sent" after the last
// call, then one line "result key=value …" (latencies in µs; caller_us: its own CPU per call,
// connecting and warm-up included) once every call is answered or 10 s have passed.
int runOpenLoop(const OpenLoopOptions &options);

} // namespace Bench
