#pragma once

#include "enums.h"

#include <QString>
#include <QStringList>
#include <optional>

namespace Domain {

// Routing rules set at one level (workspace/team, project or key). Unset (nullopt) means "this
// level says nothing"; the routing core merges levels (R-DIR-*, R-PREC-*, R-FALL-*).
struct Directives
{
    std::optional<QStringList> allowedModels; // names or "vendor/*"; unset = all
    std::optional<QStringList> allowedProviders; // unset = all
    QStringList deniedProviders;
    std::optional<bool> requireZdr;
    std::optional<bool> requireNoTraining;
    std::optional<Precision> minPrecision;
    std::optional<int> maxApplicationAttempts;
    std::optional<bool> allowModelFallback;
    std::optional<QStringList> fallbackModels;

    bool isEmpty() const { return *this == Directives {}; }
    bool operator==(const Directives &) const = default;
};

} // namespace Domain
