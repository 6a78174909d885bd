#pragma once

#include "domain/workspace.h"
#include "routing/requestsummary.h"

#include <QString>
#include <memory>

// Small workspaces for routing tests, built in code so that each test states what matters.
namespace RoutingFixtures {

using namespace Qt::StringLiterals;

inline Domain::Offering offering(const QString &connection, const QString &upstream,
                                 Domain::Precision precision = Domain::Precision::None)
{
    Domain::Offering o;
    o.connection = connection;
    o.upstreamModel = upstream;
    o.precision = precision;
    o.capabilities.tools = true;
    o.capabilities.structuredOutput = true;
    o.capabilities.vision = true;
    return o;
}

inline Domain::Connection connection(const QString &name, const QString &provider,
                                     Domain::Dialect kind, const QString &region = {})
{
    Domain::Connection c;
    c.name = name;
    c.provider = provider;
    c.kind = kind;
    c.region = region;
    return c;
}

inline Domain::Model direct(const QString &name, QList<Domain::Offering> offerings)
{
    Domain::Model m;
    m.name = name;
    m.offerings = std::move(offerings);
    m.inputPricePerMTok = 2.5;
    m.outputPricePerMTok = 10.0;
    return m;
}

inline Domain::Model pool(const QString &name, QList<Domain::PoolEntry> deployments,
                          QStringList regions = {})
{
    Domain::Model m;
    m.name = name;
    m.route = Domain::RouteKind::Pool;
    m.pool.deployments = std::move(deployments);
    m.pool.allowedRegions = std::move(regions);
    return m;
}

// The seed 000 example: demo/chat pooled over openai-2 (weight 3, us-east-1) and azure-eu
// (weight 1, eu-west-1), plus a few more connections and a three-offering model.
inline Domain::Workspace seedWorkspace()
{
    Domain::Workspace ws;
    ws.providers = { { u"openai"_s, u"OpenAI"_s, true, true, {} },
                     { u"azure"_s, u"Azure"_s, false, true, {} },
                     { u"anthropic"_s, u"Anthropic"_s, true, false, {} },
                     { u"simulator"_s, u"Simulator"_s, true, true, {} } };
    ws.connections = {
        connection(u"openai-2"_s, u"openai"_s, Domain::Dialect::OpenAi, u"us-east-1"_s),
        connection(u"azure-eu"_s, u"azure"_s, Domain::Dialect::AzureOpenAi, u"eu-west-1"_s),
        connection(u"openai-1"_s, u"openai"_s, Domain::Dialect::OpenAi, u"us-west-2"_s),
        connection(u"anthropic-1"_s, u"anthropic"_s, Domain::Dialect::Anthropic, u"us-east-1"_s),
        connection(u"sim-east"_s, u"simulator"_s, Domain::Dialect::Simulator, u"us-east-1"_s),
        connection(u"sim-west"_s, u"simulator"_s, Domain::Dialect::Simulator, u"us-west-2"_s),
    };
    ws.models = {
        direct(u"openai-2/gpt-4o"_s, { offering(u"openai-2"_s, u"gpt-4o"_s) }),
        direct(u"azure-eu/gpt-4o"_s, { offering(u"azure-eu"_s, u"gpt-4o-eu"_s) }),
        pool(u"demo/chat"_s, { { u"openai-2/gpt-4o"_s, 3 }, { u"azure-eu/gpt-4o"_s, 1 } }),
        direct(u"sim/three"_s,
               { offering(u"sim-east"_s, u"a"_s), offering(u"sim-west"_s, u"b"_s),
                 offering(u"openai-1"_s, u"c"_s) }),
        direct(u"sim/solo"_s, { offering(u"sim-east"_s, u"solo"_s) }),
        direct(u"sim/backup"_s, { offering(u"sim-west"_s, u"backup"_s) }),
        direct(u"anthropic/claude-sonnet-5"_s,
               { offering(u"anthropic-1"_s, u"claude-sonnet-5"_s) }),
    };
    ws.projects = { { u"default"_s, u"Default"_s, {} } };
    Domain::Key key;
    key.id = u"key_1"_s;
    key.project = u"default"_s;
    ws.keys = { key };
    return ws;
}

inline Routing::RequestSummary chat(const QString &model)
{
    Routing::RequestSummary r;
    r.model = model;
    r.projectId = u"default"_s;
    r.keyId = u"key_1"_s;
    r.contextTokens = 1000;
    r.maxOutputTokens = 500;
    return r;
}

inline Domain::WorkspaceSnapshot snapshot(Domain::Workspace ws)
{
    return std::make_shared<const Domain::Workspace>(std::move(ws));
}

} // namespace RoutingFixtures
