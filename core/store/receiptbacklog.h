#pragma once

#include <QtGlobal>

namespace Store {

// What the writer holds in memory and has given up on (GET /metrics, the studio's status bar).
struct ReceiptBacklog
{
    qint64 queued = 0; // accepted, not yet committed: what a crash now would lose
    qint64 dropped = 0; // refused because `limit` receipts were already queued; never written
    qint64 limit = 0;
    bool failing = false; // the last write failed (full disk, unwritable file); retrying

    bool operator==(const ReceiptBacklog &) const = default;
};

} // namespace Store
