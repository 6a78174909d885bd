#pragma once

#include <QString>
#include <QtGlobal>

namespace Store {

// A call's hold as the store keeps it while the call runs (table spend_hold, R-BILL-3): written
// before its first attempt, deleted in the transaction that writes its receipt and spend. One left
// at a start belongs to a run that stopped before that receipt, and is charged in full
// (SpendStore::settleOrphanedHolds).
struct SpendHold
{
    QString requestId;
    QString keyId;
    QString projectId;
    qint64 startedAtMs = 0; // UTC, ms since the epoch: the day and month it is charged to
    double amount = 0;

    bool operator==(const SpendHold &) const = default;
};

} // namespace Store
