#pragma once

#include <QtGlobal>

namespace Gateway {

// The connections one gateway is sized for (bench/README.md measures up to 8,000 held open).
constexpr int kIntendedMaxConnections = 8192;
// Each caller connection holds a descriptor, and one more for its upstream socket while its call
// is in flight; the database, the epoll set, pipes and the listener need a few dozen more.
constexpr qint64 kNeededOpenFiles = 2 * qint64(kIntendedMaxConnections) + 64;

struct OpenFileLimit
{
    qint64 soft = -1; // after raising; -1 when unknown
    qint64 hard = -1;
};

// Raises the soft RLIMIT_NOFILE to the hard limit (Debian's default soft limit, 1,024, ends a
// gateway at about 500 callers: accept() fails with EMFILE) and warns once when it stays below
// kNeededOpenFiles. Idempotent; called when the gateway thread is first created.
OpenFileLimit raiseOpenFileLimit();

// The caller connections the gateway may keep open: `configured`, lowered (with a log line) to
// what the open-file soft limit allows, each connection counting two descriptors.
int connectionLimit(int configured);

} // namespace Gateway
