#pragma once

#include "bounds.h"

#include <QString>
#include <QtGlobal>
#include <optional>

namespace Domain {

// A key's or a project's spend and rate limits (R-BILL-3, R-BILL-4). Unset: no limit at this
// level. Budgets are USD per UTC day and per UTC month; rates are per sliding minute.
struct SpendLimits
{
    std::optional<double> dailyUsd;
    std::optional<double> monthlyUsd;
    std::optional<qint64> requestsPerMinute;
    std::optional<qint64> tokensPerMinute; // input + output

    static constexpr Bounds<double> kBudgetUsd { 0.0, 1e9 };
    static constexpr Bounds<qint64> kRequestsPerMinute { 1, 1000000 };
    static constexpr Bounds<qint64> kTokensPerMinute { 1, 10000000000 };

    bool hasBudget() const { return dailyUsd || monthlyUsd; }
    bool hasRateLimit() const { return requestsPerMinute || tokensPerMinute; }
    bool isEmpty() const { return !hasBudget() && !hasRateLimit(); }
    bool operator==(const SpendLimits &) const = default;
};

// Whose spend: a key or a project, by id.
enum class SpendScope { Key, Project };

// Spend settled in one period, as the store keeps it (table spend): what the gateway starts from.
struct SettledSpend
{
    SpendScope scope = SpendScope::Key;
    QString id;
    QString period; // "2026-12-06" (a UTC day) or "2026-12" (a UTC month)
    double amount = 0;
};

} // namespace Domain
