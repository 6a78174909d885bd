#include "routecache.h"

namespace Routing {
namespace {

quint32 capabilityBits(const RequestSummary &r)
{
    quint32 bits = quint32(r.endpoint) | quint32(r.modality) << 2 | quint32(r.usesTools) << 3
        | quint32(r.responseFormat) << 4 | quint32(r.vision) << 6;
    if (r.requiredFields) {
        const RequiredFields &f = *r.requiredFields;
        bits |= 1u << 7 | quint32(f.messages) << 8 | quint32(f.maxTokens) << 10
            | quint32(f.input) << 12;
    }
    return bits;
}

} // namespace

std::shared_ptr<const Route> computeRoute(const Domain::WorkspaceSnapshot &ws,
                                          const RequestSummary &request, QDate todayUtc,
                                          const CooldownBook &ids)
{
    auto route = std::make_shared<Route>();
    route->ws = ws;
    route->admission = admit(*ws, request, todayUtc);
    const Admission &a = route->admission;
    if (a.refusal || !a.model)
        return route;
    route->plan = staticPlan(*ws, *a.model, request, a.directives, a.regionHeader, &ids);
    if (a.directives.fallbackEnabled()) {
        for (const QString &name : a.directives.fallbackModels.value) {
            const Domain::Model *m = ws->model(name);
            if (m && !route->fallbackPlans.contains(name))
                route->fallbackPlans.insert(
                    name, staticPlan(*ws, *m, request, a.directives, a.regionHeader, &ids));
        }
    }
    return route;
}

std::shared_ptr<const Route> RouteCache::route(const Domain::WorkspaceSnapshot &ws,
                                               const RequestSummary &request, QDate todayUtc)
{
    if (ws != m_ws) {
        m_routes.clear();
        m_ws = ws;
    }
    Key key { request.keyId,           request.projectId,
              request.model,           request.webSearchToolVersion,
              request.notCarried,      request.regionHeaderLines,
              capabilityBits(request), todayUtc.toJulianDay() };
    const auto it = m_routes.constFind(key);
    if (it != m_routes.cend()) {
        ++m_hits;
        return *it;
    }
    ++m_misses;
    if (m_routes.size() >= kMaxRoutes)
        m_routes.clear();
    auto route = computeRoute(ws, request, todayUtc, m_ids);
    m_routes.insert(std::move(key), route);
    return route;
}

size_t qHash(const RouteCache::Key &k, size_t seed)
{
    return qHashMulti(seed, k.keyId, k.projectId, k.model, k.webSearchToolVersion, k.notCarried,
                      k.regionHeaderLines, k.bits, k.day);
}

} // namespace Routing
