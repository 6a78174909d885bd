#pragma once

#include "admission.h"
#include "cooldownbook.h"
#include "domain/workspace.h"
#include "planner.h"
#include "requestsummary.h"

#include <QDate>
#include <QHash>
#include <QString>
#include <QStringList>
#include <memory>

namespace Routing {

// What a call's route is before the cooldowns and the random order: the same for every call of
// one configuration snapshot with the same key, model named, request capabilities, required
// fields, region header and UTC day (aliases change at midnight, R-ALIAS-2).
struct Route
{
    Domain::WorkspaceSnapshot ws; // what `admission` and the plans point into
    Admission admission;
    StaticPlan plan; // the admitted model's; empty when refused
    // The static plan of each fallback model the directives name that exists, by name.
    QHash<QString, StaticPlan> fallbackPlans;

    const StaticPlan *fallbackPlan(const QString &model) const
    {
        const auto it = fallbackPlans.constFind(model);
        return it == fallbackPlans.cend() ? nullptr : &*it;
    }
};

// Works a route out from scratch; candidates carry cooldown ids of `ids`.
std::shared_ptr<const Route> computeRoute(const Domain::WorkspaceSnapshot &ws,
                                          const RequestSummary &request, QDate todayUtc,
                                          const CooldownBook &ids);

// The routes of one snapshot, each worked out once and shared by every call that matches; a new
// snapshot drops them. Bounded: when full it starts over. Lives on the gateway thread with the
// CooldownBook its candidates' ids belong to; not thread-safe.
class RouteCache
{
public:
    static constexpr qsizetype kMaxRoutes = 1024;

    explicit RouteCache(const CooldownBook &ids)
        : m_ids(ids)
    {
    }

    std::shared_ptr<const Route> route(const Domain::WorkspaceSnapshot &ws,
                                       const RequestSummary &request, QDate todayUtc);
    qsizetype size() const { return m_routes.size(); }
    quint64 hits() const { return m_hits; }
    quint64 misses() const { return m_misses; }

    struct Key
    {
        QString keyId;
        QString projectId;
        QString model;
        QString webSearchToolVersion;
        QString notCarried;
        QStringList regionHeaderLines;
        quint32 bits = 0; // endpoint, modality, tools, response format, vision, required fields
        qint64 day = 0;

        bool operator==(const Key &) const = default;
    };

private:
    const CooldownBook &m_ids;
    Domain::WorkspaceSnapshot m_ws;
    QHash<Key, std::shared_ptr<const Route>> m_routes;
    quint64 m_hits = 0;
    quint64 m_misses = 0;
};

size_t qHash(const RouteCache::Key &key, size_t seed = 0);

} // namespace Routing
