#include "gateway/adminroutes.h"

#include "gateway/gatewaymetrics.h"
#include "routing/aliasresolver.h"
#include "routing/directiveset.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <utility>

using namespace Qt::StringLiterals;

namespace Gateway {
namespace {

HttpResponse ok(QByteArray body, QByteArray contentType)
{
    HttpResponse r;
    r.body = std::move(body);
    r.contentType = std::move(contentType);
    return r;
}

} // namespace

AdminRoutes::Route AdminRoutes::routeFor(QByteArrayView path)
{
    static constexpr std::pair<QByteArrayView, Route> kRoutes[]
        = { { "/healthz", Route::Health },
            { "/v1/models", Route::Models },
            { "/metrics", Route::Metrics } };
    for (const auto &[routePath, route] : kRoutes) {
        if (path == routePath)
            return route;
    }
    return Route::None;
}

HttpResponse AdminRoutes::health()
{
    return ok(QByteArrayLiteral(R"({"status":"ok"})"), QByteArrayLiteral("application/json"));
}

HttpResponse AdminRoutes::models(const Domain::Workspace &ws, const Domain::Key &key,
                                 QDate todayUtc)
{
    const Routing::EffectiveDirectives directives
        = Routing::mergeDirectives(ws, key.project, key.id);
    QJsonArray data;
    auto entry = [](const QString &id, const QString &kind) {
        return QJsonObject { { u"id"_s, id },
                             { u"object"_s, u"model"_s },
                             { u"created"_s, 0 },
                             { u"owned_by"_s, id.section(u'/', 0, 0) },
                             { u"kind"_s, kind } };
    };
    for (const Domain::Model &m : ws.models) {
        if (m.enabled && directives.modelAllowed(m.name))
            data.append(entry(m.name, u"model"_s));
    }
    for (const Domain::Alias &a : ws.aliases) {
        const Util::Result<Routing::AliasResolution> r
            = Routing::resolveAlias(ws, a.name, todayUtc);
        const Domain::Model *target = r ? ws.model(r->model) : nullptr;
        if (target && target->enabled && directives.modelAllowed(target->name))
            data.append(entry(a.name, u"alias"_s));
    }
    return ok(QJsonDocument(QJsonObject { { u"object"_s, u"list"_s }, { u"data"_s, data } })
                  .toJson(QJsonDocument::Compact),
              QByteArrayLiteral("application/json"));
}

HttpResponse AdminRoutes::metrics(const LiveStats &now) const
{
    return ok(
        m_metrics.prometheusText(now.inFlight, now.coolingDown, now.connections, now.receipts),
        QByteArrayLiteral("text/plain; version=0.0.4"));
}

} // namespace Gateway
