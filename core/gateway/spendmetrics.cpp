#include "spendmetrics.h"

namespace Gateway {
namespace {

QByteArray escaped(const QString &s)
{
    QByteArray out = s.toUtf8();
    out.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n");
    return out;
}

QByteArray labels(const Routing::ScopeSpend &s, const char *period = nullptr)
{
    QByteArray l = QByteArray("{scope=\"")
        + (s.scope == Routing::SpendScope::Key ? "key" : "project") + "\",id=\"" + escaped(s.id)
        + '"';
    if (period)
        l += QByteArray(",period=\"") + period + '"';
    return l + '}';
}

QByteArray number(double v)
{
    return QByteArray::number(v, 'g', 12);
}

} // namespace

QByteArray spendMetricsText(const QList<Routing::ScopeSpend> &spend, int alertPercent,
                            const SpendRefusals &refusals)
{
    QByteArray spent;
    QByteArray held;
    QByteArray budgets;
    QByteArray alerts;
    for (const Routing::ScopeSpend &s : spend) {
        spent += "switchboard_spend_usd" + labels(s, "day") + ' ' + number(s.daySpent) + '\n';
        spent += "switchboard_spend_usd" + labels(s, "month") + ' ' + number(s.monthSpent) + '\n';
        held += "switchboard_spend_held_usd" + labels(s) + ' ' + number(s.held) + '\n';
        const auto budget = [&](const std::optional<double> &limit, double settled,
                                const char *period) {
            if (!limit)
                return;
            budgets += "switchboard_budget_usd" + labels(s, period) + ' ' + number(*limit) + '\n';
            const bool alert
                = Routing::budgetAlert(limit, settled, s.held, alertPercent).has_value();
            alerts += "switchboard_budget_alert" + labels(s, period) + (alert ? " 1\n" : " 0\n");
        };
        budget(s.limits.dailyUsd, s.daySpent, "day");
        budget(s.limits.monthlyUsd, s.monthSpent, "month");
    }
    QByteArray out
        = "# HELP switchboard_budget_refusals_total Callers' calls refused by a budget or a rate "
          "limit.\n# TYPE switchboard_budget_refusals_total counter\n"
          "switchboard_budget_refusals_total{code=\"budget_exceeded\"} "
        + QByteArray::number(refusals.budget)
        + "\nswitchboard_budget_refusals_total{code=\"rate_limit_exceeded\"} "
        + QByteArray::number(refusals.rate)
        + "\nswitchboard_budget_refusals_total{code=\"budget_unavailable\"} "
        + QByteArray::number(refusals.unavailable) + '\n';
    if (spent.isEmpty())
        return out;
    out += "# HELP switchboard_spend_usd Settled spend of each key and project this UTC day and "
           "month.\n# TYPE switchboard_spend_usd gauge\n"
        + spent
        + "# HELP switchboard_spend_held_usd Holds of the calls in flight.\n"
          "# TYPE switchboard_spend_held_usd gauge\n"
        + held;
    if (budgets.isEmpty())
        return out;
    return out + "# HELP switchboard_budget_usd Each budget.\n# TYPE switchboard_budget_usd gauge\n"
        + budgets
        + "# HELP switchboard_budget_alert 1 when settled spend plus holds reach the alert share "
          "of the budget.\n# TYPE switchboard_budget_alert gauge\n"
        + alerts;
}

} // namespace Gateway
