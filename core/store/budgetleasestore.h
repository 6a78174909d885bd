#pragma once

#include "domain/spendlimits.h"
#include "util/result.h"

#include <QList>
#include <QString>

namespace Store {

class Database;

// Budgets and rate limits shared by several gateways on one database (R-BILL-3, R-BILL-4), on the
// connection of the thread that uses it (the runtime's, never the gateway thread's).
//
// A lease is what one instance may still hold or charge in a scope's UTC period beyond the spend
// table. grow() grants more only while the spend plus every instance's lease fits the limit, in a
// transaction serialized against every other grant (BEGIN IMMEDIATE on SQLite, an advisory lock
// on PostgreSQL); the receipt writer lowers its instance's lease by each charge in the transaction
// that adds the charge to spend (SpendWriter). So the instances together never hold or charge more
// than the budget, but where a call's actual cost exceeded its hold.
class BudgetLeaseStore
{
public:
    struct Grant
    {
        double granted = 0; // added to this instance's lease, 0 … want
        double left = 0; // what no instance has leased or spent after it: 0 when exhausted
    };
    // One instance's admitted requests and tokens in its last minute for a scope.
    struct RateCount
    {
        Domain::SpendScope scope = Domain::SpendScope::Key;
        QString id;
        qint64 requests = 0;
        qint64 tokens = 0;

        bool operator==(const RateCount &) const = default;
    };

    BudgetLeaseStore(Database &db, QString instance);

    // Adds up to `want` to this instance's lease of `scope`/`id` in `period` ("2026-12-06" or
    // "2026-12", as spend names it), within `limit`.
    Util::Result<Grant> grow(Domain::SpendScope scope, const QString &id, const QString &period,
                             double limit, double want);
    // Takes `amount` off this instance's lease (what it no longer needs, once its gateway no
    // longer counts on it): the others may lease it.
    Util::Status shrink(Domain::SpendScope scope, const QString &id, const QString &period,
                        double amount);
    // This instance's lease as stored (0 without one).
    Util::Result<double> leased(Domain::SpendScope scope, const QString &id,
                                const QString &period) const;
    // Gives every lease of this instance back (it stopped, or starts again after a stop whose
    // receipts are all written); with `keepPeriods`, only those of other periods.
    Util::Status release(const QStringList &keepPeriods = {});

    // Replaces this instance's published counts by `counts`, stamped `nowMs` (UTC).
    Util::Status publishRates(const QList<RateCount> &counts, qint64 nowMs);
    // The other instances' counts published since `sinceMs`, summed per scope.
    Util::Result<QList<RateCount>> otherRates(qint64 sinceMs) const;

private:
    Database &m_db;
    QString m_instance;
};

} // namespace Store
