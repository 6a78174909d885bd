#include "spendbook.h"

#include <QDate>
#include <QDateTime>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Routing {
namespace {

constexpr qint64 kDayMs = 86400000;
// Amounts are sums of products of prices and token counts: a hold that fits exactly must not be
// refused for a rounding error in the last bit.
constexpr double kSlackUsd = 1e-9;
// A leased budget not known to fit: the runtime grows leases about four times a second.
constexpr qint64 kLeaseRetryMs = 1000;

QDate dateOfDay(qint64 day)
{
    return QDate(1970, 1, 1).addDays(day);
}

QDate firstOfMonth(qint64 month)
{
    return QDate(int(month / 12), int(month % 12) + 1, 1);
}

qint64 startMs(const QDate &d)
{
    return QDateTime(d, QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
}

} // namespace

SpendPeriod SpendPeriod::of(qint64 utcMs)
{
    SpendPeriod p;
    p.day = utcMs >= 0 ? utcMs / kDayMs : (utcMs - kDayMs + 1) / kDayMs;
    const QDate d = dateOfDay(p.day);
    p.month = qint64(d.year()) * 12 + d.month() - 1;
    return p;
}

qint64 SpendPeriod::dayEndMs() const
{
    return (day + 1) * kDayMs;
}

qint64 SpendPeriod::monthEndMs() const
{
    return startMs(firstOfMonth(month).addMonths(1));
}

QString SpendPeriod::dayText() const
{
    return dateOfDay(day).toString(Qt::ISODate);
}

QString SpendPeriod::monthText() const
{
    return firstOfMonth(month).toString(u"yyyy-MM"_s);
}

void SpendBook::State::roll(const SpendPeriod &p)
{
    if (day != p.day) {
        day = p.day;
        daySpent = 0;
        dayAlerted = false;
        dayUsed = 0;
        dayGranted = 0;
        dayExhausted = false;
    }
    if (month != p.month) {
        month = p.month;
        monthSpent = 0;
        monthAlerted = false;
        monthUsed = 0;
        monthGranted = 0;
        monthExhausted = false;
    }
}

SpendBook::State &SpendBook::state(SpendScope scope, const QString &id)
{
    // The last id looked up, kept shared: while it is, no other text can take its address, so the
    // same address is the same id (a call's reserve, settle and charge hash it once).
    LastState &last = scope == SpendScope::Key ? m_lastKey : m_lastProject;
    if (!last.state || last.id.constData() != id.constData() || last.id.size() != id.size()) {
        last.state = &(scope == SpendScope::Key ? m_keys[id] : m_projects[id]);
        last.id = id;
    }
    return *last.state;
}

void SpendBook::load(const QList<SettledSpend> &settled, qint64 nowUtcMs)
{
    const SpendPeriod now = SpendPeriod::of(nowUtcMs);
    const QString day = now.dayText();
    const QString month = now.monthText();
    for (const SettledSpend &s : settled) {
        State &st = state(s.scope, s.id);
        st.roll(now);
        if (s.period == day)
            st.daySpent += s.amount;
        else if (s.period == month)
            st.monthSpent += s.amount;
    }
}

std::optional<BudgetRefusal> SpendBook::check(SpendScope scope, const QString &id,
                                              const Domain::SpendLimits &limits, double amount,
                                              const SpendPeriod &p, qint64 utcMs)
{
    State &st = state(scope, id);
    st.roll(p);
    st.limits = limits;
    std::optional<BudgetRefusal> refusal;
    const auto over = [&](const std::optional<double> &budget, double spent, bool monthly) {
        // A budget of 0 refuses every call, even one whose hold is 0 (a model without a price).
        if (!budget || (*budget > 0 && spent + st.held + amount <= *budget + kSlackUsd))
            return;
        const qint64 end = monthly ? p.monthEndMs() : p.dayEndMs();
        refusal = BudgetRefusal { scope, id, monthly, *budget, spent + st.held, end - utcMs };
    };
    over(limits.dailyUsd, st.daySpent, false);
    over(limits.monthlyUsd, st.monthSpent, true); // a month's reset comes last: it is the answer
    if (m_leased && !refusal)
        refusal = checkLease(scope, id, limits, st, amount, p, utcMs);
    return refusal;
}

std::optional<BudgetRefusal> SpendBook::checkLease(SpendScope scope, const QString &id,
                                                   const Domain::SpendLimits &limits, State &st,
                                                   double amount, const SpendPeriod &p,
                                                   qint64 utcMs) const
{
    if (!limits.hasBudget())
        return std::nullopt;
    st.largestHold = std::max(st.largestHold, amount);
    std::optional<BudgetRefusal> refusal;
    const auto over = [&](const std::optional<double> &budget, double used, double granted,
                          bool exhausted, bool monthly) {
        if (!budget || refusal)
            return;
        if (m_reachable && used + st.held + amount <= granted + kSlackUsd)
            return;
        const qint64 end = monthly ? p.monthEndMs() : p.dayEndMs();
        if (m_reachable && exhausted) // every instance together has leased it: it is spent
            refusal = BudgetRefusal { scope, id, monthly, *budget, *budget, end - utcMs };
        else
            refusal = BudgetRefusal {
                scope, id, monthly, *budget, used + st.held, std::min(kLeaseRetryMs, end - utcMs),
                true
            };
    };
    over(limits.dailyUsd, st.dayUsed, st.dayGranted, st.dayExhausted, false);
    over(limits.monthlyUsd, st.monthUsed, st.monthGranted, st.monthExhausted, true);
    return refusal;
}

void SpendBook::setLeases(const QList<BudgetLease> &leases, bool reachable, qint64 nowUtcMs)
{
    m_reachable = reachable;
    const SpendPeriod now = SpendPeriod::of(nowUtcMs);
    for (const BudgetLease &l : leases) {
        State &st = state(l.scope, l.id);
        st.roll(now);
        // A grant for a period that has ended is no lease of the current one.
        if (l.day == st.day) {
            st.dayGranted = l.dayGranted;
            st.dayExhausted = l.dayExhausted;
        }
        if (l.month == st.month) {
            st.monthGranted = l.monthGranted;
            st.monthExhausted = l.monthExhausted;
        }
    }
}

std::optional<BudgetRefusal> SpendBook::reserve(const QString &keyId,
                                                const Domain::SpendLimits &key,
                                                const QString &projectId,
                                                const Domain::SpendLimits &project, double amount,
                                                qint64 utcMs, BudgetHold &hold)
{
    const SpendPeriod p = SpendPeriod::of(utcMs);
    std::optional<BudgetRefusal> byKey = check(SpendScope::Key, keyId, key, amount, p, utcMs);
    std::optional<BudgetRefusal> byProject
        = check(SpendScope::Project, projectId, project, amount, p, utcMs);
    if (byKey || byProject) {
        if (byKey && byProject)
            return byProject->retryAfterMs > byKey->retryAfterMs ? byProject : byKey;
        return byKey ? byKey : byProject;
    }
    for (State *st : { &state(SpendScope::Key, keyId), &state(SpendScope::Project, projectId) }) {
        st->held += amount;
        ++st->holds;
    }
    hold = BudgetHold { keyId, projectId, amount, p };
    return std::nullopt;
}

void SpendBook::add(SpendScope scope, const QString &id, double charged, const SpendPeriod &p)
{
    State &st = state(scope, id);
    // A call that started in a period that has ended counts there only (the store has it).
    if (p.day >= st.day)
        st.roll(p);
    if (st.day == p.day) {
        st.daySpent += charged;
        st.dayUsed += charged;
    }
    if (st.month == p.month) {
        st.monthSpent += charged;
        st.monthUsed += charged;
    }
}

void SpendBook::settle(const BudgetHold &hold, double charged)
{
    for (State *st :
         { &state(SpendScope::Key, hold.keyId), &state(SpendScope::Project, hold.projectId) }) {
        st->held = std::max(0.0, st->held - hold.amount);
        if (--st->holds <= 0) {
            st->holds = 0;
            st->held = 0; // no rounding error outlives the last hold
        }
    }
    add(SpendScope::Key, hold.keyId, charged, hold.period);
    add(SpendScope::Project, hold.projectId, charged, hold.period);
}

void SpendBook::charge(const QString &keyId, const QString &projectId, double charged, qint64 utcMs)
{
    if (charged <= 0)
        return;
    const SpendPeriod p = SpendPeriod::of(utcMs);
    add(SpendScope::Key, keyId, charged, p);
    add(SpendScope::Project, projectId, charged, p);
}

std::optional<int> budgetAlert(const std::optional<double> &budget, double spent, double held,
                               int alertPercent)
{
    if (alertPercent <= 0 || !budget || *budget <= 0)
        return std::nullopt;
    // Slack for sums of products of prices: 80 % reached exactly is reached.
    const double used = (spent + held) / *budget * 100.0 + 1e-9;
    if (used < alertPercent)
        return std::nullopt;
    return int(std::floor(used));
}

QList<BudgetAlert> SpendBook::takeAlerts(int alertPercent)
{
    QList<BudgetAlert> out;
    if (alertPercent <= 0)
        return out;
    const auto scan = [&](SpendScope scope, std::unordered_map<QString, State> &states) {
        for (auto &entry : states) {
            // Named, not bound: clang 14 cannot capture a structured binding in a lambda.
            const QString &id = entry.first;
            State &st = entry.second;
            const auto crossed = [&](const std::optional<double> &budget, double spent,
                                     bool &alerted, bool monthly) {
                if (alerted)
                    return;
                if (const std::optional<int> used
                    = budgetAlert(budget, spent, st.held, alertPercent)) {
                    alerted = true;
                    out << BudgetAlert { scope, id, monthly, *used };
                }
            };
            crossed(st.limits.dailyUsd, st.daySpent, st.dayAlerted, false);
            crossed(st.limits.monthlyUsd, st.monthSpent, st.monthAlerted, true);
        }
    };
    scan(SpendScope::Key, m_keys);
    scan(SpendScope::Project, m_projects);
    return out;
}

QList<ScopeSpend> SpendBook::spend(qint64 nowUtcMs) const
{
    const SpendPeriod now = SpendPeriod::of(nowUtcMs);
    QList<ScopeSpend> out;
    const auto list = [&](SpendScope scope, const std::unordered_map<QString, State> &states) {
        for (const auto &[id, st] : states) {
            out << ScopeSpend { scope,
                                id,
                                st.day == now.day ? st.daySpent : 0.0,
                                st.month == now.month ? st.monthSpent : 0.0,
                                st.held,
                                st.holds,
                                st.limits,
                                st.day == now.day ? st.dayUsed : 0.0,
                                st.month == now.month ? st.monthUsed : 0.0,
                                st.largestHold,
                                st.day == now.day ? st.dayGranted : 0.0,
                                st.month == now.month ? st.monthGranted : 0.0 };
        }
    };
    list(SpendScope::Key, m_keys);
    list(SpendScope::Project, m_projects);
    return out;
}

} // namespace Routing
