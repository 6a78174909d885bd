#pragma once

#include "domain/workspace.h"

#include <QByteArray>
#include <QDateTime>

namespace Gateway {

// The provider listing series of GET /metrics, read from the snapshot's runtime fields at scrape
// time (nothing per call): switchboard_listing_age_seconds{provider} for each listed provider with
// a fetched listing, and switchboard_listing_refresh_failures_total{provider}.
QByteArray listingMetricsText(const Domain::Workspace &ws, const QDateTime &now);

} // namespace Gateway
