#include "spendtext.h"

#include "common/format.h"
#include "common/theme.h"
#include "common/tr.h"

#include <QGuiApplication>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace Ui::Keys {

using Common::money;
namespace {

using Domain::SpendLimits;
using Routing::ScopeSpend;

const QString kSeparator = u" · "_s;
const QString kUnknown = u"—"_s;

QString budgetText(const SpendLimits &l)
{
    QStringList parts;
    if (l.dailyUsd)
        parts << Tr::tr("%1/day").arg(money(*l.dailyUsd));
    if (l.monthlyUsd)
        parts << Tr::tr("%1/month").arg(money(*l.monthlyUsd));
    return parts.join(kSeparator);
}

QString rateText(const SpendLimits &l)
{
    QStringList parts;
    if (l.requestsPerMinute)
        parts << Tr::tr("%1 req/min").arg(Common::number(*l.requestsPerMinute));
    if (l.tokensPerMinute)
        parts << Tr::tr("%1 tok/min").arg(Common::number(*l.tokensPerMinute));
    return parts.join(kSeparator);
}

// What is left of one period's budget: budget − (settled + held), R-BILL-3.
double left(double budget, double spent, const ScopeSpend &s)
{
    return budget - (spent + s.held);
}

bool usedUp(const SpendLimits &l, const ScopeSpend &s)
{
    return (l.dailyUsd && left(*l.dailyUsd, s.daySpent, s) <= 0)
        || (l.monthlyUsd && left(*l.monthlyUsd, s.monthSpent, s) <= 0);
}

QString remainingText(const SpendLimits &l, const ScopeSpend &s)
{
    QStringList parts;
    if (l.dailyUsd)
        parts << Tr::tr("%1/day").arg(money(qMax(0.0, left(*l.dailyUsd, s.daySpent, s))));
    if (l.monthlyUsd)
        parts << Tr::tr("%1/month").arg(money(qMax(0.0, left(*l.monthlyUsd, s.monthSpent, s))));
    return parts.join(kSeparator);
}

QString remainingToolTip(const SpendLimits &l, const ScopeSpend &s)
{
    QStringList lines;
    const auto line = [&](const QString &text, double budget, double spent) {
        lines << text.arg(money(budget), money(spent), money(s.held),
                          money(left(budget, spent, s)));
    };
    if (l.dailyUsd)
        line(Tr::tr("Today (UTC): %1 budget − (%2 spent + %3 held) = %4"), *l.dailyUsd, s.daySpent);
    if (l.monthlyUsd)
        line(Tr::tr("This month (UTC): %1 budget − (%2 spent + %3 held) = %4"), *l.monthlyUsd,
             s.monthSpent);
    return lines.join(u'\n');
}

QVariant display(SpendColumn column, const SpendLimits &l, const SpendFigures &f,
                 const ScopeSpend &s)
{
    switch (column) {
    case SpendColumn::Budget:
        return l.hasBudget() ? budgetText(l) : Tr::tr("none");
    case SpendColumn::RateLimits:
        return l.hasRateLimit() ? rateText(l) : Tr::tr("none");
    case SpendColumn::Spent:
        return f.isKnown() ? Tr::tr("%1 · %2").arg(money(s.daySpent), money(s.monthSpent))
                           : kUnknown;
    case SpendColumn::Remaining:
        if (!l.hasBudget())
            return QString();
        return f.isKnown() ? remainingText(l, s) : kUnknown;
    case SpendColumn::Holds:
        if (!f.isKnown())
            return kUnknown;
        return s.holds == 0 ? Common::number(qint64(0))
                            : Tr::tr("%1 · %2").arg(Common::number(qint64(s.holds)), money(s.held));
    }
    return {};
}

QVariant toolTip(SpendColumn column, const SpendLimits &l, const SpendFigures &f,
                 const ScopeSpend &s)
{
    const bool spendColumn = column == SpendColumn::Spent || column == SpendColumn::Holds
        || (column == SpendColumn::Remaining && l.hasBudget());
    if (spendColumn && !f.isKnown())
        return Tr::tr("Spend is shown while the gateway runs.");
    switch (column) {
    case SpendColumn::Spent:
        return Tr::tr("Settled today (UTC): %1\nSettled this month (UTC): %2")
            .arg(money(s.daySpent), money(s.monthSpent));
    case SpendColumn::Remaining:
        return l.hasBudget() ? remainingToolTip(l, s) : QVariant();
    case SpendColumn::Holds:
        return Tr::tr("%n call(s) in flight hold %1", nullptr, s.holds).arg(money(s.held));
    case SpendColumn::Budget:
    case SpendColumn::RateLimits:
        break;
    }
    return {};
}

} // namespace

SpendFigures::SpendFigures(const QList<Routing::ScopeSpend> &spend)
    : m_known(true)
{
    for (const ScopeSpend &s : spend)
        (s.scope == Domain::SpendScope::Key ? m_keys : m_projects).insert(s.id, s);
}

Routing::ScopeSpend SpendFigures::of(Domain::SpendScope scope, const QString &id) const
{
    const QHash<QString, ScopeSpend> &map = scope == Domain::SpendScope::Key ? m_keys : m_projects;
    return map.value(id, ScopeSpend { scope, id });
}

QVariant spendData(SpendColumn column, int role, const Domain::SpendLimits &limits,
                   const SpendFigures &figures, Domain::SpendScope scope, const QString &id)
{
    const ScopeSpend s = figures.of(scope, id);
    switch (role) {
    case Qt::DisplayRole:
        return display(column, limits, figures, s);
    case Qt::ToolTipRole:
        return toolTip(column, limits, figures, s);
    case Qt::ForegroundRole:
        if (column == SpendColumn::Remaining && figures.isKnown() && usedUp(limits, s))
            return Common::errorColor(QGuiApplication::palette());
        if ((column == SpendColumn::Budget && !limits.hasBudget())
            || (column == SpendColumn::RateLimits && !limits.hasRateLimit()))
            return Common::mutedTextColor(QGuiApplication::palette());
        return {};
    default:
        return {};
    }
}

QString spendHeader(SpendColumn column)
{
    switch (column) {
    case SpendColumn::Budget:
        return Tr::tr("Budget");
    case SpendColumn::Spent:
        return Tr::tr("Spent (today · month)");
    case SpendColumn::Remaining:
        return Tr::tr("Remaining");
    case SpendColumn::Holds:
        return Tr::tr("Holds in flight");
    case SpendColumn::RateLimits:
        return Tr::tr("Rate limits");
    }
    return {};
}

QString spendHeaderToolTip(SpendColumn column)
{
    switch (column) {
    case SpendColumn::Budget:
        return Tr::tr("USD per UTC day and month; a call whose hold does not fit what is left is "
                      "refused (budget_exceeded).");
    case SpendColumn::Spent:
        return Tr::tr("What settled calls cost, the current UTC day and month.");
    case SpendColumn::Remaining:
        return Tr::tr("Budget − (spent + held), per period.");
    case SpendColumn::Holds:
        return Tr::tr("Calls in flight and the estimated maximum cost they hold.");
    case SpendColumn::RateLimits:
        return Tr::tr("Requests and tokens (input + output) per sliding minute; over a limit, a "
                      "call is refused (rate_limit_exceeded).");
    }
    return {};
}

} // namespace Ui::Keys
