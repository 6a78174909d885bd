#pragma once

#include "util/result.h"

#include <QtGlobal>

namespace Store {

class Database;

// How long receipts are kept (the studio's Preferences): the newest keepReceipts, and none started
// more than keepDays days ago. 0 means no limit of that kind; both 0 keeps everything.
struct RetentionPolicy
{
    int keepDays = 0;
    qint64 keepReceipts = 0;

    bool keepsEverything() const { return keepDays <= 0 && keepReceipts <= 0; }
    bool operator==(const RetentionPolicy &) const = default;
};

// Deletes up to `limit` receipts the policy no longer keeps, oldest first, with their attempts and
// skipped candidates (ON DELETE CASCADE), in one transaction. Returns how many it deleted: fewer
// than `limit` means nothing more is due. Runs in the receipt writer's thread on its connection
// (ReceiptWriterWorker), one bounded step at a time so that writes go on in between.
Util::Result<qint64> pruneReceipts(Database &db, const RetentionPolicy &policy, qint64 nowMs,
                                   qint64 limit);

// How many receipts the policy no longer keeps: what a pruning pass is about to delete (its
// progress shows "done of due").
Util::Result<qint64> countDueReceipts(Database &db, const RetentionPolicy &policy, qint64 nowMs);

} // namespace Store
