#pragma once

// Plain epoll programs the connection-scaling benchmark re-executes itself as, so that neither the
// fake upstream nor the clients holding thousands of connections share a process (or a Qt event
// loop) with the gateway being measured. Not Qt: they must cost next to nothing per connection.
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

} // namespace Bench
