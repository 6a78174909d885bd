#pragma once

#include "domain/spendlimits.h"

#include <QHash>
#include <QList>
#include <QString>
#include <optional>
#include <unordered_map>

namespace Routing {

using Domain::SettledSpend;
using Domain::SpendScope;

// The UTC day and month a call started in: spend is counted in the periods a call started in.
struct SpendPeriod
{
    qint64 day = 0; // days since 1970-01-01
    qint64 month = 0; // year × 12 + month − 1
    static SpendPeriod of(qint64 utcMs);
    qint64 dayEndMs() const; // the next day's start, UTC ms
    qint64 monthEndMs() const; // the next month's start
    QString dayText() const; // "2026-12-06", as the store keeps it
    QString monthText() const; // "2026-12"
};

// One scope's spend as the book has it now.
struct ScopeSpend
{
    SpendScope scope = SpendScope::Key;
    QString id;
    double daySpent = 0; // settled, the current UTC day
    double monthSpent = 0; // settled, the current UTC month
    double held = 0; // the holds of calls in flight
    int holds = 0; // calls in flight holding
    Domain::SpendLimits limits; // as the last snapshot that named this scope said
    // Leased budgets (SpendBook::setLeased): what this instance charged in the day and the month
    // since it started, and its largest hold, from which the runtime sizes its leases.
    double dayUsed = 0;
    double monthUsed = 0;
    double largestHold = 0;
    // The lease the book applies now (setLeases), so the runtime knows when a lowered one holds.
    double dayGranted = 0;
    double monthGranted = 0;

    bool operator==(const ScopeSpend &) const = default;
};

// A budget a call's hold does not fit (R-BILL-3).
struct BudgetRefusal
{
    SpendScope scope = SpendScope::Key;
    QString id;
    bool monthly = false; // else daily
    double limit = 0;
    double spent = 0; // settled plus held, before this call
    qint64 retryAfterMs = 0; // until the period resets
    // Leased budgets: the budget cannot be known to fit now (the database is unreachable, or the
    // lease has not grown yet): 503 budget_unavailable, not budget_exceeded.
    bool unavailable = false;
};

// What one instance may hold and charge in all, in a scope's day and month, while several
// gateways share the budgets through the database (Store::BudgetLeaseStore, leased by the
// runtime): granted since this instance started, each only for the period it names.
struct BudgetLease
{
    SpendScope scope = SpendScope::Key;
    QString id;
    qint64 day = -1; // SpendPeriod::day the day's grant is for
    qint64 month = -1;
    double dayGranted = 0;
    double monthGranted = 0;
    // No instance can lease more: a call that does not fit is over the budget.
    bool dayExhausted = false;
    bool monthExhausted = false;

    bool operator==(const BudgetLease &) const = default;
};

// A hold reserved against the budgets; settle() releases it.
struct BudgetHold
{
    QString keyId;
    QString projectId;
    double amount = 0;
    SpendPeriod period;
};

// A budget crossing the workspace's alert share (budgetAlertPercent).
struct BudgetAlert
{
    SpendScope scope = SpendScope::Key;
    QString id;
    bool monthly = false;
    int percent = 0; // of the budget used (settled plus held), rounded down
};

// How much of `budget` settled spend plus holds use, in whole percent rounded down, when that
// reaches `alertPercent` (0: never); nullopt when it does not or there is no budget. The one rule
// of the log, /metrics and the studio's status bar (R-BILL-3).
std::optional<int> budgetAlert(const std::optional<double> &budget, double spent, double held,
                               int alertPercent);

// Budgets per key and per project (R-BILL-3) on the gateway thread: settled spend of the current
// UTC day and month, and the holds of calls in flight. Pure: times are passed in. Every call's
// charge is counted, with a budget or not, so a budget set later starts from the day's real spend.
class SpendBook
{
public:
    SpendBook() = default;
    // Moved, its states keep their addresses (the last lookups point at them).
    SpendBook(SpendBook &&) = default;
    SpendBook &operator=(SpendBook &&) = default;
    SpendBook(const SpendBook &) = delete;
    SpendBook &operator=(const SpendBook &) = delete;

    void load(const QList<SettledSpend> &settled, qint64 nowUtcMs);
    // Several gateways: a budget is also bounded by this instance's lease of it (what it holds and
    // charges in the period stays within what it was granted); without a lease's answer, or while
    // the database is unreachable, a call of a scope with a budget is refused as unavailable.
    void setLeased(bool leased) { m_leased = leased; }
    bool leased() const { return m_leased; }
    void setLeases(const QList<BudgetLease> &leases, bool reachable, qint64 nowUtcMs);
    // Reserves `amount` at both levels when it fits every budget of the key and of its project
    // (settled + held + amount ≤ budget); else the refusal whose reset is latest, nothing held.
    std::optional<BudgetRefusal> reserve(const QString &keyId, const Domain::SpendLimits &key,
                                         const QString &projectId,
                                         const Domain::SpendLimits &project, double amount,
                                         qint64 utcMs, BudgetHold &hold);
    // Releases the hold and counts `charged` in the hold's periods.
    void settle(const BudgetHold &hold, double charged);
    // A call without a hold (no budget applied) cost `charged`.
    void charge(const QString &keyId, const QString &projectId, double charged, qint64 utcMs);
    // The share of `alertPercent` crossed since the last call, each once per period.
    QList<BudgetAlert> takeAlerts(int alertPercent);
    QList<ScopeSpend> spend(qint64 nowUtcMs) const;

private:
    struct State
    {
        qint64 day = -1;
        qint64 month = -1;
        double daySpent = 0;
        double monthSpent = 0;
        double held = 0;
        int holds = 0;
        Domain::SpendLimits limits;
        bool dayAlerted = false;
        bool monthAlerted = false;
        // Leased budgets: charged by this instance in the period, granted to it, and whether
        // every instance together has leased the budget.
        double dayUsed = 0;
        double monthUsed = 0;
        double dayGranted = 0;
        double monthGranted = 0;
        bool dayExhausted = false;
        bool monthExhausted = false;
        double largestHold = 0;
        void roll(const SpendPeriod &p);
    };
    State &state(SpendScope scope, const QString &id);
    void add(SpendScope scope, const QString &id, double charged, const SpendPeriod &p);
    std::optional<BudgetRefusal> check(SpendScope scope, const QString &id,
                                       const Domain::SpendLimits &limits, double amount,
                                       const SpendPeriod &p, qint64 utcMs);
    std::optional<BudgetRefusal> checkLease(SpendScope scope, const QString &id,
                                            const Domain::SpendLimits &limits, State &st,
                                            double amount, const SpendPeriod &p,
                                            qint64 utcMs) const;

    // Node-based: a looked-up state keeps its address while others are added.
    std::unordered_map<QString, State> m_keys;
    std::unordered_map<QString, State> m_projects;
    struct LastState
    {
        QString id;
        State *state = nullptr;
    };
    LastState m_lastKey;
    LastState m_lastProject;
    bool m_leased = false;
    bool m_reachable = true;
};

} // namespace Routing
