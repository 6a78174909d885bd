#pragma once

// Workspaces for the config tests: built in code so each test states what it starts from.

#include <QDebug>
#include <QJsonObject>
#include <QTimeZone>
#include <config/problem.h>
#include <domain/workspace.h>

namespace ConfigTest {

using namespace Qt::StringLiterals;

inline Domain::Model directModel(const QString &name, const QString &connection,
                                 const QString &upstream)
{
    Domain::Model m;
    m.name = name;
    Domain::Offering o;
    o.connection = connection;
    o.upstreamModel = upstream;
    m.offerings << o;
    return m;
}

inline Domain::Directives fullDirectives(const QString &model)
{
    Domain::Directives d;
    d.allowedModels = QStringList { model, u"openai-2/*"_s };
    d.allowedProviders = QStringList { u"openai"_s, u"azure"_s };
    d.deniedProviders = { u"anthropic"_s };
    d.requireZdr = true;
    d.requireNoTraining = false;
    d.minPrecision = Domain::Precision::Fp8;
    d.maxApplicationAttempts = 2;
    d.allowModelFallback = true;
    d.fallbackModels = QStringList { model };
    return d;
}

inline void addProvidersAndConnections(Domain::Workspace &ws)
{
    ws.providers << Domain::Provider { u"openai"_s, u"OpenAI"_s, false, true,
                                       u"listing 2026-11-01"_s }
                 << Domain::Provider { u"azure"_s, u"Azure"_s, true, true, u"set by hand"_s }
                 << Domain::Provider { u"anthropic"_s, u"Anthropic"_s, false, false, QString() }
                 << Domain::Provider { u"simulator"_s, u"Simulator"_s, true, true, u"built-in"_s };
    Domain::Connection openai { u"openai-2"_s, u"openai"_s, Domain::Dialect::OpenAi,
                                u"https://api.openai.com/v1"_s };
    openai.credential = { Domain::Credential::Kind::Stored, QString(), u"sk-secret-42"_s };
    openai.region = u"us-east-1"_s;
    openai.aggregator = true;
    Domain::Connection azure { u"azure-eu"_s, u"azure"_s, Domain::Dialect::AzureOpenAi,
                               u"https://eu.openai.azure.com"_s, u"2024-06-01"_s };
    azure.credential = { Domain::Credential::Kind::EnvironmentVariable, u"AZURE_KEY"_s, QString() };
    azure.region = u"eu-west-1"_s;
    azure.enabled = false;
    Domain::Connection sim { u"sim"_s, u"simulator"_s, Domain::Dialect::Simulator };
    sim.credential = { Domain::Credential::Kind::File, u"/run/keys/sim"_s, QString() };
    sim.simulator
        = { 90,   40,
            0.25, { Domain::SimulatedFailure::RateLimited, Domain::SimulatedFailure::StreamCut },
            2,    5 };
    sim.simulator.api = Domain::SimulatorApi::OpenAi;
    ws.connections << openai << azure << sim;
}

inline void addModels(Domain::Workspace &ws)
{
    Domain::Model gpt = directModel(u"openai-2/gpt-4o"_s, u"openai-2"_s, u"gpt-4o"_s);
    gpt.inputPricePerMTok = 2.5;
    gpt.outputPricePerMTok = 10.125;
    gpt.contextWindow = 200000;
    gpt.maxOutputTokens = 8192;
    gpt.servingRegionOverride = u"us-west-2"_s;
    gpt.recovery = { true, { 5, 60000, 200, 4000, 10000, 2000, 20000, 15000 } };
    Domain::Offering &o = gpt.offerings.front();
    o.precision = Domain::Precision::Bf16;
    o.capabilities = { true, true, true, { u"web_search_20250305"_s } };
    o.certified = false;
    o.probes = { 3, 4, 1, 2 };
    gpt.offerings << Domain::Offering {
        u"sim"_s, u"gpt-4o"_s, Domain::Precision::Fp4, {}, true, {}
    };
    Domain::Model azure = directModel(u"azure-eu/gpt-4o"_s, u"azure-eu"_s, u"gpt4o-deploy"_s);
    azure.enabled = false;
    azure.recovery.override.attempts = 7; // kept behind Default: must survive a round trip
    Domain::Model embed = directModel(u"sim/embed"_s, u"sim"_s, u"text-embedding-3-small"_s);
    embed.modality = Domain::Modality::Embedding;
    Domain::Model pool;
    pool.name = u"org/chat"_s;
    pool.route = Domain::RouteKind::Pool;
    pool.pool = { { { u"openai-2/gpt-4o"_s, 3 }, { u"azure-eu/gpt-4o"_s, 10000 } },
                  { u"us-east-1"_s, u"eu-west-1"_s } };
    ws.models << gpt << azure << embed << pool;
}

// A workspace in which every field of every entity differs from its default.
inline Domain::Workspace fullWorkspace()
{
    Domain::Workspace ws;
    ws.name = u"Full workspace"_s;
    ws.recoveryDefaults = { 4, 90000, 50, 1000, 3000, 5000, 45000, 40000 };
    addProvidersAndConnections(ws);
    addModels(ws);
    ws.directives = fullDirectives(u"org/chat"_s);
    Domain::Alias alias { u"team/fast"_s,
                          u"openai-2/gpt-4o"_s,
                          QJsonObject { { u"temperature"_s, 0.2 }, { u"max_tokens"_s, 512 } },
                          { u"azure-eu/gpt-4o"_s },
                          QDate(2027, 3, 1),
                          u"team/next"_s };
    Domain::Alias next { u"team/next"_s, u"org/chat"_s, {}, {}, {}, {} };
    ws.aliases << alias << next;
    ws.projects << Domain::Project { u"default"_s, u"Default"_s, {} }
                << Domain::Project { u"research"_s, u"Research"_s, fullDirectives(u"sim/embed"_s) };
    Domain::Key key;
    key.id = u"key_0123456789ab"_s;
    key.project = u"research"_s;
    key.name = u"ci-bot"_s;
    key.prefix = u"sb-AbCdEfG"_s;
    key.sha256Hex = QString(64, u'a');
    key.createdAt = QDateTime(QDate(2026, 11, 29), QTime(19, 0, 1, 234), QTimeZone::utc());
    key.revoked = true;
    key.directives.maxApplicationAttempts = 1;
    key.directives.allowModelFallback = false;
    ws.keys << key;
    return ws;
}

inline QString describe(const QList<Config::Problem> &problems)
{
    QStringList lines;
    for (const Config::Problem &p : problems)
        lines << Config::severityName(p.severity) + u" "_s + p.path + u": "_s + Config::describe(p);
    return lines.join(u'\n');
}

} // namespace ConfigTest
