#include "workspacejson.h"

#include "logging.h"
#include "recoveryfields.h"
#include "sessionsjson.h"
#include "validator.h"
#include "workspacereader.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace Config {
namespace {

QJsonArray toArray(const QStringList &list)
{
    return QJsonArray::fromStringList(list);
}

void putIfNotEmpty(QJsonObject &o, const QString &key, const QString &value)
{
    if (!value.isEmpty())
        o.insert(key, value);
}

void putIfNotEmpty(QJsonObject &o, const QString &key, const QStringList &value)
{
    if (!value.isEmpty())
        o.insert(key, toArray(value));
}

// Only set fields are written: unset means "this level says nothing" (docs/config-format.md).
QJsonObject directivesToJson(const Domain::Directives &d)
{
    QJsonObject o;
    if (d.allowedModels)
        o.insert(u"allowedModels"_s, toArray(*d.allowedModels));
    if (d.allowedProviders)
        o.insert(u"allowedProviders"_s, toArray(*d.allowedProviders));
    putIfNotEmpty(o, u"deniedProviders"_s, d.deniedProviders);
    if (d.requireZdr)
        o.insert(u"requireZdr"_s, *d.requireZdr);
    if (d.requireNoTraining)
        o.insert(u"requireNoTraining"_s, *d.requireNoTraining);
    if (d.minPrecision)
        o.insert(u"minPrecision"_s, Domain::toString(*d.minPrecision));
    if (d.maxApplicationAttempts)
        o.insert(u"maxApplicationAttempts"_s, *d.maxApplicationAttempts);
    if (d.allowModelFallback)
        o.insert(u"allowModelFallback"_s, *d.allowModelFallback);
    if (d.fallbackModels)
        o.insert(u"fallbackModels"_s, toArray(*d.fallbackModels));
    return o;
}

void putDirectives(QJsonObject &o, const Domain::Directives &d)
{
    if (!d.isEmpty())
        o.insert(u"directives"_s, directivesToJson(d));
}

QJsonObject providerToJson(const Domain::Provider &p)
{
    QJsonObject o { { u"id"_s, p.id },
                    { u"displayName"_s, p.displayName },
                    { u"zeroDataRetention"_s, p.zeroDataRetention },
                    { u"noTraining"_s, p.noTraining },
                    { u"policySource"_s, p.policySource } };
    putIfNotEmpty(o, u"listingSource"_s, p.listingSource);
    return o;
}

QJsonObject simulatorToJson(const Domain::SimulatorSettings &s)
{
    QJsonArray kinds;
    for (Domain::SimulatedFailure k : s.failureKinds)
        kinds.append(Domain::toString(k));
    return QJsonObject { { u"latencyMs"_s, s.latencyMs },
                         { u"tokensPerSecond"_s, s.tokensPerSecond },
                         { u"failureRate"_s, s.failureRate },
                         { u"failureKinds"_s, kinds },
                         { u"retryAfterSeconds"_s, s.retryAfterSeconds },
                         { u"cutAfterEvents"_s, s.cutAfterEvents },
                         { u"api"_s, Domain::toString(s.api) },
                         { u"malformedRate"_s, s.malformedRate } };
}

QJsonObject connectionToJson(const Domain::Connection &c)
{
    QJsonObject o { { u"name"_s, c.name },
                    { u"provider"_s, c.provider },
                    { u"kind"_s, Domain::toString(c.kind) },
                    { u"enabled"_s, c.enabled },
                    { u"aggregator"_s, c.aggregator },
                    { u"metered"_s, c.metered } };
    putIfNotEmpty(o, u"baseUrl"_s, c.baseUrl);
    putIfNotEmpty(o, u"apiVersion"_s, c.apiVersion);
    putIfNotEmpty(o, u"caFile"_s, c.caFile);
    putIfNotEmpty(o, u"region"_s, c.region);
    // R-SEC-3: the secret never leaves the database; only where it lives is written.
    QJsonObject credential { { u"kind"_s, Domain::toString(c.credential.kind) } };
    putIfNotEmpty(credential, u"reference"_s, c.credential.reference);
    o.insert(u"credential"_s, credential);
    if (c.kind == Domain::Dialect::Simulator || c.simulator != Domain::SimulatorSettings {})
        o.insert(u"simulator"_s, simulatorToJson(c.simulator));
    return o;
}

QJsonObject offeringToJson(const Domain::Offering &f)
{
    QJsonObject caps { { u"tools"_s, f.capabilities.tools },
                       { u"structuredOutput"_s, f.capabilities.structuredOutput },
                       { u"vision"_s, f.capabilities.vision } };
    putIfNotEmpty(caps, u"webSearchToolVersions"_s, f.capabilities.webSearchToolVersions);
    QJsonObject o { { u"connection"_s, f.connection },
                    { u"upstreamModel"_s, f.upstreamModel },
                    { u"precision"_s, Domain::toString(f.precision) },
                    { u"capabilities"_s, caps },
                    { u"certified"_s, f.certified } };
    if (f.probes != Domain::ProbeResults {}) {
        o.insert(u"probes"_s,
                 QJsonObject { { u"toolsPassed"_s, f.probes.toolsPassed },
                               { u"toolsTotal"_s, f.probes.toolsTotal },
                               { u"structuredPassed"_s, f.probes.structuredPassed },
                               { u"structuredTotal"_s, f.probes.structuredTotal } });
    }
    return o;
}

// Every setting of the recovery table (R-REC-*, R-REC-9), in its order.
void putRecoverySettings(QJsonObject &o, const Domain::RecoverySettings &r)
{
    for (const RecoveryFieldSpec &f : recoveryFields())
        o.insert(f.key, r.value(f.field));
}

QJsonObject recoveryToJson(const Domain::Recovery &r)
{
    QJsonObject o { { u"overridden"_s, r.overridden } };
    putRecoverySettings(o, r.override);
    return o;
}

QJsonObject poolToJson(const Domain::Pool &p)
{
    QJsonArray rows;
    for (const Domain::PoolEntry &e : p.deployments)
        rows.append(QJsonObject { { u"model"_s, e.model }, { u"weight"_s, e.weight } });
    QJsonObject o { { u"deployments"_s, rows } };
    putIfNotEmpty(o, u"allowedRegions"_s, p.allowedRegions);
    return o;
}

QJsonObject modelToJson(const Domain::Model &m)
{
    QJsonObject o { { u"name"_s, m.name },
                    { u"modality"_s, Domain::toString(m.modality) },
                    { u"enabled"_s, m.enabled },
                    { u"inputPricePerMTok"_s, m.inputPricePerMTok },
                    { u"outputPricePerMTok"_s, m.outputPricePerMTok },
                    { u"contextWindow"_s, m.contextWindow },
                    { u"maxOutputTokens"_s, m.maxOutputTokens },
                    { u"route"_s, Domain::toString(m.route) } };
    putIfNotEmpty(o, u"servingRegionOverride"_s, m.servingRegionOverride);
    Detail::putQuality(o, m.quality);
    // Settings kept behind Default or behind the inactive route are written too: lossless.
    if (m.recovery != Domain::Recovery {})
        o.insert(u"recovery"_s, recoveryToJson(m.recovery));
    if (m.isPool() || m.pool != Domain::Pool {})
        o.insert(u"pool"_s, poolToJson(m.pool));
    if (!m.isPool() || !m.offerings.isEmpty()) {
        QJsonArray offerings;
        for (const Domain::Offering &f : m.offerings)
            offerings.append(offeringToJson(f));
        o.insert(u"offerings"_s, offerings);
    }
    return o;
}

QJsonObject aliasToJson(const Domain::Alias &a)
{
    QJsonObject o { { u"name"_s, a.name }, { u"target"_s, a.target } };
    if (!a.presetDefaults.isEmpty())
        o.insert(u"presetDefaults"_s, a.presetDefaults);
    putIfNotEmpty(o, u"fallbackModels"_s, a.fallbackModels);
    if (a.deprecationDate.isValid())
        o.insert(u"deprecationDate"_s, a.deprecationDate.toString(Qt::ISODate));
    putIfNotEmpty(o, u"replacement"_s, a.replacement);
    return o;
}

// Only set limits are written; none at all: no "limits" object (docs/config-format.md).
void putLimits(QJsonObject &o, const Domain::SpendLimits &l)
{
    if (l.isEmpty())
        return;
    QJsonObject out;
    if (l.dailyUsd)
        out.insert(u"dailyUsd"_s, *l.dailyUsd);
    if (l.monthlyUsd)
        out.insert(u"monthlyUsd"_s, *l.monthlyUsd);
    if (l.requestsPerMinute)
        out.insert(u"requestsPerMinute"_s, *l.requestsPerMinute);
    if (l.tokensPerMinute)
        out.insert(u"tokensPerMinute"_s, *l.tokensPerMinute);
    o.insert(u"limits"_s, out);
}

QJsonObject projectToJson(const Domain::Project &p)
{
    QJsonObject o { { u"id"_s, p.id }, { u"name"_s, p.name } };
    putDirectives(o, p.directives);
    putLimits(o, p.limits);
    Detail::putSessions(o, p.sessions);
    return o;
}

QJsonObject keyToJson(const Domain::Key &k)
{
    QJsonObject o {
        { u"id"_s, k.id },         { u"project"_s, k.project },     { u"name"_s, k.name },
        { u"prefix"_s, k.prefix }, { u"sha256Hex"_s, k.sha256Hex }, { u"revoked"_s, k.revoked }
    };
    if (k.createdAt.isValid())
        o.insert(u"createdAt"_s, k.createdAt.toUTC().toString(Qt::ISODateWithMs));
    putDirectives(o, k.directives);
    putLimits(o, k.limits);
    Detail::putSessions(o, k.sessions);
    return o;
}

template<typename T, typename Fn> QJsonArray arrayOf(const QList<T> &items, Fn toJson)
{
    QJsonArray out;
    for (const T &item : items)
        out.append(toJson(item));
    return out;
}

} // namespace

QJsonObject workspaceToJson(const Domain::Workspace &ws)
{
    QJsonObject o { { u"format"_s, Detail::kFormatName },
                    { u"version"_s, Detail::kFormatVersion },
                    { u"name"_s, ws.name },
                    { u"providers"_s, arrayOf(ws.providers, providerToJson) },
                    { u"connections"_s, arrayOf(ws.connections, connectionToJson) },
                    { u"models"_s, arrayOf(ws.models, modelToJson) },
                    { u"aliases"_s, arrayOf(ws.aliases, aliasToJson) },
                    { u"projects"_s, arrayOf(ws.projects, projectToJson) },
                    { u"keys"_s, arrayOf(ws.keys, keyToJson) } };
    putDirectives(o, ws.directives);
    // Written only when changed, so files of the SPEC defaults stay as they were (R-REC-9).
    if (ws.recoveryDefaults != Domain::RecoverySettings {}) {
        QJsonObject defaults;
        putRecoverySettings(defaults, ws.recoveryDefaults);
        o.insert(u"recoveryDefaults"_s, defaults);
    }
    if (ws.strictReceipts)
        o.insert(u"strictReceipts"_s, true);
    // Written only when changed, like the recovery defaults.
    if (ws.listingRefreshMinutes != Domain::Workspace {}.listingRefreshMinutes)
        o.insert(u"listingRefreshMinutes"_s, ws.listingRefreshMinutes);
    if (ws.listingMaxAgeHours != Domain::Workspace {}.listingMaxAgeHours)
        o.insert(u"listingMaxAgeHours"_s, ws.listingMaxAgeHours);
    if (ws.probeIntervalHours != Domain::Workspace {}.probeIntervalHours)
        o.insert(u"probeIntervalHours"_s, ws.probeIntervalHours);
    if (ws.probeWindowHours != Domain::Workspace {}.probeWindowHours)
        o.insert(u"probeWindowHours"_s, ws.probeWindowHours);
    if (ws.budgetAlertPercent != Domain::Workspace {}.budgetAlertPercent)
        o.insert(u"budgetAlertPercent"_s, ws.budgetAlertPercent);
    // Always written, so an export shows the classifier's rules in force (docs/sessions.md).
    o.insert(u"sessionWindowMinutes"_s, ws.sessionWindowMinutes);
    o.insert(u"classifierRules"_s, Detail::classifierRulesToJson(ws.classifierRules));
    return o;
}

QByteArray exportWorkspace(const Domain::Workspace &ws)
{
    return QJsonDocument(workspaceToJson(ws)).toJson(QJsonDocument::Indented);
}

ImportResult importWorkspace(const QByteArray &json, const Domain::Workspace *current,
                             const Util::Progress &progress)
{
    ImportResult result;
    if (!Util::report(progress, 0, kImportSteps)) {
        result.cancelled = true;
        return result;
    }
    Domain::Workspace ws;
    Detail::WorkspaceReader reader;
    if (!reader.read(json, ws)) {
        result.problems = reader.problems();
        return result;
    }
    if (!Util::report(progress, 1, kImportSteps)) {
        result.cancelled = true;
        return result;
    }
    Detail::carrySecrets(ws, current, reader);
    result.problems = reader.problems();
    // A field that failed to parse is reported once, by the reader, not again by validation.
    const QList<Problem> checks = validate(ws);
    for (const Problem &p : checks) {
        if (!reader.hasErrorAt(p.path))
            result.problems << p;
    }
    if (!hasErrors(result.problems))
        result.workspace = std::move(ws);
    Util::report(progress, kImportSteps, kImportSteps);
    qCDebug(lcConfig) << "import:" << result.problems.size() << "problems,"
                      << (result.workspace ? "accepted" : "rejected");
    return result;
}

} // namespace Config
