#pragma once

#include "domain/workspace.h"
#include "gateway/gatewaytypes.h"
#include "net/httpmessage.h"

#include <QByteArray>
#include <QDate>

namespace Gateway {

class GatewayMetrics;

// The gateway's own routes, answered without a call (R-OBS-1, R-API-1): GET /healthz, open to
// anyone, and GET /v1/models and /metrics, for a caller key. The worker checks the method, Host
// and key as on every route; this only composes the answers.
class AdminRoutes
{
public:
    enum class Route { None, Health, Models, Metrics };

    static Route routeFor(QByteArrayView path); // None: not one of these
    static bool needsKey(Route route) { return route != Route::Health; } // None: a call does

    // metrics: the worker's counters, outliving this.
    explicit AdminRoutes(const GatewayMetrics &metrics)
        : m_metrics(metrics)
    {
    }

    static HttpResponse health();
    // The enabled models and the aliases the key may use, in OpenAI's list shape (R-DIR-1).
    static HttpResponse models(const Domain::Workspace &ws, const Domain::Key &key, QDate todayUtc);
    // Prometheus text: the counters, and the gauges of `now` (the worker's figures when asked).
    HttpResponse metrics(const LiveStats &now) const;

private:
    const GatewayMetrics &m_metrics;
};

} // namespace Gateway
