#pragma once

#include "domain/workspace.h"

#include <QLocale>
#include <QStringList>

namespace Routing {

// The Overview tab's "Routing and health" sentences (R-UI-2), the one place that words them:
// route ("Weighted across 2 deployments, only in us-east-1.", "Direct to 3 offerings, tried in a
// fixed order.", …), then recovery ("Recovery is overridden: 5 attempts, deadline 60,000 ms,
// backoff 200 to 4,000 ms, cooldown 10,000 ms." or "Recovery uses the defaults: …", the defaults
// being the workspace's, with the timeouts that differ from SPEC's appended). A disabled
// model gets a first sentence saying so. Numbers use `locale` (English by default).
QStringList overviewSentences(const Domain::Workspace &ws, const Domain::Model &model,
                              const QLocale &locale
                              = QLocale(QLocale::English, QLocale::UnitedStates));

// The timeouts of `r` that differ from the SPEC defaults (R-REC-9), each a phrase such as
// "connect timeout 2,000 ms", in the table's order; empty when all three are the SPEC's.
QStringList timeoutPhrases(const Domain::RecoverySettings &r, const QLocale &locale);

// "a", "a and b", "a, b and c".
QString joinWithAnd(const QStringList &items);

} // namespace Routing
