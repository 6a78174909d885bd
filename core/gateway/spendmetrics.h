#pragma once

#include "routing/spendbook.h"

#include <QByteArray>
#include <QList>

namespace Gateway {

// Refusals of callers' calls by the budgets and rate limits (R-BILL-3, R-BILL-4).
struct SpendRefusals
{
    qint64 budget = 0; // budget_exceeded
    qint64 rate = 0; // rate_limit_exceeded
    qint64 unavailable = 0; // budget_unavailable (several gateways, the database not answering)
};

// The budget series of GET /metrics, from the spend book at scrape time (nothing per call):
// switchboard_spend_usd{scope,id,period} (settled), switchboard_spend_held_usd{scope,id},
// switchboard_budget_usd{scope,id,period}, switchboard_budget_alert{scope,id,period} (1 from
// `alertPercent` of the budget used, settled plus held) and the refusals by code.
QByteArray spendMetricsText(const QList<Routing::ScopeSpend> &spend, int alertPercent,
                            const SpendRefusals &refusals);

} // namespace Gateway
