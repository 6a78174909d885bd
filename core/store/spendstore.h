#pragma once

#include "domain/spendlimits.h"
#include "util/result.h"

#include <QList>

namespace Store {

class Database;

// What keys and projects have spent (R-BILL-3): table spend, one row per scope, id and UTC period,
// added to by the receipt writer as it writes receipts that charge; and the holds of calls in
// flight (spend_hold). The gateway starts its budgets from settledSpend(); settleOrphanedHolds()
// runs once at startup, before the gateway, so that a run killed with calls in flight still
// counts what they may have cost.
class SpendStore
{
public:
    // Holds a stopped run left, charged and deleted: how many, and their amounts' sum.
    struct OrphanedHolds
    {
        qint64 count = 0;
        double total = 0;

        bool operator==(const OrphanedHolds &) const = default;
    };

    explicit SpendStore(Database &db)
        : m_db(db)
    {
    }

    // Every scope's spend in the UTC day and the UTC month of nowUtcMs, by scope, id and period.
    Util::Result<QList<Domain::SettledSpend>> settledSpend(qint64 nowUtcMs) const;
    // Each hold left in spend_hold, by a run that stopped before writing its receipt, is charged
    // in full (its usage never became known, R-BILL-2) to its key and project in the day and
    // month it started, and deleted: all in one transaction. With an instance, only its own holds
    // and those naming none: the other gateways' on the database are their calls in flight.
    Util::Result<OrphanedHolds> settleOrphanedHolds(const QString &instance = {});

private:
    Database &m_db;
};

} // namespace Store
