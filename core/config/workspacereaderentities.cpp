#include "recoveryfields.h"
#include "sessionsjson.h"
#include "workspacereader.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Config::Detail {
namespace {

using Item = const QJsonObject &;

void readProvider(WorkspaceReader &r, Item o, const QString &path, Domain::Provider &p)
{
    r.string(o, u"id"_s, path, p.id, true);
    r.string(o, u"displayName"_s, path, p.displayName);
    r.boolean(o, u"zeroDataRetention"_s, path, p.zeroDataRetention);
    r.boolean(o, u"noTraining"_s, path, p.noTraining);
    r.string(o, u"policySource"_s, path, p.policySource);
    r.string(o, u"listingSource"_s, path, p.listingSource);
}

void readSimulator(WorkspaceReader &r, Item parent, const QString &path,
                   Domain::SimulatorSettings &s)
{
    r.object(parent, u"simulator"_s, path, [&](Item o, const QString &at) {
        r.integer(o, u"latencyMs"_s, at, s.latencyMs);
        r.integer(o, u"tokensPerSecond"_s, at, s.tokensPerSecond);
        r.number(o, u"failureRate"_s, at, s.failureRate);
        r.number(o, u"malformedRate"_s, at, s.malformedRate);
        r.integer(o, u"retryAfterSeconds"_s, at, s.retryAfterSeconds);
        r.integer(o, u"cutAfterEvents"_s, at, s.cutAfterEvents);
        r.enumeration(o, u"api"_s, at, s.api, Domain::simulatorApiFromString, Domain::toString);
        QStringList kinds;
        r.strings(o, u"failureKinds"_s, at, kinds);
        for (qsizetype i = 0; i < kinds.size(); ++i) {
            Domain::SimulatedFailure kind = Domain::SimulatedFailure::RateLimited;
            if (r.parseEnum(kinds[i], joinPath(at, u"failureKinds[%1]"_s.arg(i)), kind,
                            Domain::simulatedFailureFromString, Domain::toString)) {
                s.failureKinds << kind;
            }
        }
    });
}

void readConnection(WorkspaceReader &r, Item o, const QString &path, Domain::Connection &c)
{
    r.string(o, u"name"_s, path, c.name, true);
    r.string(o, u"provider"_s, path, c.provider, true);
    r.enumeration(o, u"kind"_s, path, c.kind, Domain::dialectFromString, Domain::toString, true);
    r.string(o, u"baseUrl"_s, path, c.baseUrl);
    r.string(o, u"apiVersion"_s, path, c.apiVersion);
    r.string(o, u"caFile"_s, path, c.caFile);
    r.string(o, u"region"_s, path, c.region);
    r.boolean(o, u"enabled"_s, path, c.enabled);
    r.boolean(o, u"aggregator"_s, path, c.aggregator);
    c.metered = c.kind != Domain::Dialect::Simulator;
    r.boolean(o, u"metered"_s, path, c.metered);
    r.object(o, u"credential"_s, path, [&](Item cred, const QString &at) {
        r.enumeration(cred, u"kind"_s, at, c.credential.kind, Domain::credentialKindFromString,
                      Domain::toString);
        r.string(cred, u"reference"_s, at, c.credential.reference);
    });
    readSimulator(r, o, path, c.simulator);
}

void readCapabilities(WorkspaceReader &r, Item o, const QString &path, Domain::Capabilities &c)
{
    r.boolean(o, u"tools"_s, path, c.tools);
    r.boolean(o, u"structuredOutput"_s, path, c.structuredOutput);
    r.boolean(o, u"vision"_s, path, c.vision);
    r.strings(o, u"webSearchToolVersions"_s, path, c.webSearchToolVersions);
}

void readProbes(WorkspaceReader &r, Item o, const QString &path, Domain::ProbeResults &p)
{
    r.integer(o, u"toolsPassed"_s, path, p.toolsPassed);
    r.integer(o, u"toolsTotal"_s, path, p.toolsTotal);
    r.integer(o, u"structuredPassed"_s, path, p.structuredPassed);
    r.integer(o, u"structuredTotal"_s, path, p.structuredTotal);
}

void readOffering(WorkspaceReader &r, Item o, const QString &path, Domain::Offering &f)
{
    r.string(o, u"connection"_s, path, f.connection, true);
    r.string(o, u"upstreamModel"_s, path, f.upstreamModel, true);
    r.enumeration(o, u"precision"_s, path, f.precision, Domain::precisionFromString,
                  Domain::toString);
    r.boolean(o, u"certified"_s, path, f.certified);
    r.object(o, u"capabilities"_s, path,
             [&](Item c, const QString &at) { readCapabilities(r, c, at, f.capabilities); });
    r.object(o, u"probes"_s, path,
             [&](Item p, const QString &at) { readProbes(r, p, at, f.probes); });
}

void readRecovery(WorkspaceReader &r, Item parent, const QString &path, Domain::Recovery &rec)
{
    r.object(parent, u"recovery"_s, path, [&](Item o, const QString &at) {
        r.boolean(o, u"overridden"_s, at, rec.overridden);
        readRecoverySettings(r, o, at, rec.override);
    });
}

} // namespace

// A setting the file leaves out keeps its default: files older than R-REC-9 still load.
void readRecoverySettings(WorkspaceReader &r, Item o, const QString &at,
                          Domain::RecoverySettings &out)
{
    for (const RecoveryFieldSpec &f : recoveryFields()) {
        int value = out.value(f.field);
        r.integer(o, f.key, at, value);
        out.setValue(f.field, value);
    }
}

void readRecoveryDefaults(WorkspaceReader &r, Item root, Domain::RecoverySettings &out)
{
    r.object(root, u"recoveryDefaults"_s, QString(),
             [&](Item o, const QString &at) { readRecoverySettings(r, o, at, out); });
}

namespace {

void readPool(WorkspaceReader &r, Item parent, const QString &path, Domain::Pool &pool)
{
    r.object(parent, u"pool"_s, path, [&](Item o, const QString &at) {
        r.objects(o, u"deployments"_s, at, [&](Item row, const QString &p) {
            Domain::PoolEntry e;
            r.string(row, u"model"_s, p, e.model, true);
            r.integer(row, u"weight"_s, p, e.weight);
            pool.deployments << e;
        });
        r.strings(o, u"allowedRegions"_s, at, pool.allowedRegions);
    });
}

void readModel(WorkspaceReader &r, Item o, const QString &path, Domain::Model &m)
{
    r.string(o, u"name"_s, path, m.name, true);
    r.enumeration(o, u"modality"_s, path, m.modality, Domain::modalityFromString, Domain::toString);
    r.boolean(o, u"enabled"_s, path, m.enabled);
    r.number(o, u"inputPricePerMTok"_s, path, m.inputPricePerMTok);
    r.number(o, u"outputPricePerMTok"_s, path, m.outputPricePerMTok);
    r.integer(o, u"contextWindow"_s, path, m.contextWindow);
    r.integer(o, u"maxOutputTokens"_s, path, m.maxOutputTokens);
    r.string(o, u"servingRegionOverride"_s, path, m.servingRegionOverride);
    r.enumeration(o, u"route"_s, path, m.route, Domain::routeKindFromString, Domain::toString);
    readQuality(r, o, path, m.name, m.quality);
    readRecovery(r, o, path, m.recovery);
    readPool(r, o, path, m.pool);
    r.objects(o, u"offerings"_s, path, [&](Item item, const QString &p) {
        Domain::Offering f;
        readOffering(r, item, p, f);
        m.offerings << f;
    });
}

void readAlias(WorkspaceReader &r, Item o, const QString &path, Domain::Alias &a)
{
    r.string(o, u"name"_s, path, a.name, true);
    r.string(o, u"target"_s, path, a.target, true);
    r.freeObject(o, u"presetDefaults"_s, path, a.presetDefaults);
    r.strings(o, u"fallbackModels"_s, path, a.fallbackModels);
    r.date(o, u"deprecationDate"_s, path, a.deprecationDate);
    r.string(o, u"replacement"_s, path, a.replacement);
}

void readKey(WorkspaceReader &r, Item o, const QString &path, Domain::Key &k)
{
    r.string(o, u"id"_s, path, k.id, true);
    r.string(o, u"project"_s, path, k.project, true);
    r.string(o, u"name"_s, path, k.name);
    r.string(o, u"prefix"_s, path, k.prefix);
    r.string(o, u"sha256Hex"_s, path, k.sha256Hex, true);
    r.dateTime(o, u"createdAt"_s, path, k.createdAt);
    r.boolean(o, u"revoked"_s, path, k.revoked);
    r.directives(o, path, k.directives);
    r.limits(o, path, k.limits);
    readSessions(r, o, path, k.sessions);
}

} // namespace

void WorkspaceReader::directives(const QJsonObject &parent, const QString &path,
                                 Domain::Directives &out)
{
    object(parent, u"directives"_s, path,
           [&](Item o, const QString &at) { directiveFields(o, at, out); });
}

void WorkspaceReader::limits(const QJsonObject &parent, const QString &path,
                             Domain::SpendLimits &out)
{
    // Present means set; the validator checks the ranges (R-BILL-3, R-BILL-4).
    object(parent, u"limits"_s, path, [&](Item o, const QString &at) {
        const auto amount = [&](const QString &key, std::optional<double> &field) {
            double value = 0;
            number(o, key, at, value);
            if (o.value(key).isDouble())
                field = value;
        };
        const auto count = [&](const QString &key, std::optional<qint64> &field) {
            double value = 0;
            number(o, key, at, value);
            if (o.value(key).isDouble())
                field = qint64(std::clamp(value, -1.0, 1e15)); // the validator reports the range
        };
        amount(u"dailyUsd"_s, out.dailyUsd);
        amount(u"monthlyUsd"_s, out.monthlyUsd);
        count(u"requestsPerMinute"_s, out.requestsPerMinute);
        count(u"tokensPerMinute"_s, out.tokensPerMinute);
    });
}

void WorkspaceReader::directiveFields(const QJsonObject &o, const QString &at,
                                      Domain::Directives &out)
{
    // Present means set, even when empty or false (unset fields are left out of the file).
    const auto list = [&](const QString &key, std::optional<QStringList> &field) {
        QStringList value;
        strings(o, key, at, value);
        if (o.contains(key) && o.value(key).isArray())
            field = value;
    };
    const auto flag = [&](const QString &key, std::optional<bool> &field) {
        bool value = false;
        boolean(o, key, at, value);
        if (o.value(key).isBool())
            field = value;
    };
    list(u"allowedModels"_s, out.allowedModels);
    list(u"allowedProviders"_s, out.allowedProviders);
    strings(o, u"deniedProviders"_s, at, out.deniedProviders);
    flag(u"requireZdr"_s, out.requireZdr);
    flag(u"requireNoTraining"_s, out.requireNoTraining);
    flag(u"allowModelFallback"_s, out.allowModelFallback);
    if (o.value(u"minPrecision"_s).isString()) {
        Domain::Precision p = Domain::Precision::None;
        const qsizetype before = problems().size();
        enumeration(o, u"minPrecision"_s, at, p, Domain::precisionFromString, Domain::toString);
        if (problems().size() == before)
            out.minPrecision = p;
    } else if (o.contains(u"minPrecision"_s)) {
        QString ignored;
        string(o, u"minPrecision"_s, at, ignored); // reports the wrong type
    }
    if (o.contains(u"maxApplicationAttempts"_s)) {
        int n = 0;
        const qsizetype before = problems().size();
        integer(o, u"maxApplicationAttempts"_s, at, n);
        if (problems().size() == before)
            out.maxApplicationAttempts = n;
    }
    list(u"fallbackModels"_s, out.fallbackModels);
}

bool WorkspaceReader::read(const QByteArray &json, Domain::Workspace &ws)
{
    QJsonObject root;
    if (!readDocument(json, root, m_problems))
        return false;
    if (root.value(u"format"_s).toString() != kFormatName) {
        error(u"format"_s, ProblemCode::NotAWorkspace, { kFormatName });
        return false;
    }
    const QJsonValue version = root.value(u"version"_s);
    if (!version.isDouble() || version.toDouble() != kFormatVersion) {
        error(u"version"_s, ProblemCode::UnsupportedVersion,
              { kFormatVersion, version.toVariant().toString() });
        return false;
    }
    readObject(root, QString(), [&](Item, const QString &) {
        m_read << u"format"_s << u"version"_s; // checked above
        string(root, u"name"_s, QString(), ws.name);
        directives(root, QString(), ws.directives);
        readRecoveryDefaults(*this, root, ws.recoveryDefaults);
        boolean(root, u"strictReceipts"_s, QString(), ws.strictReceipts);
        integer(root, u"listingRefreshMinutes"_s, QString(), ws.listingRefreshMinutes);
        integer(root, u"listingMaxAgeHours"_s, QString(), ws.listingMaxAgeHours);
        integer(root, u"probeIntervalHours"_s, QString(), ws.probeIntervalHours);
        integer(root, u"probeWindowHours"_s, QString(), ws.probeWindowHours);
        integer(root, u"budgetAlertPercent"_s, QString(), ws.budgetAlertPercent);
        integer(root, u"sessionWindowMinutes"_s, QString(), ws.sessionWindowMinutes);
        readClassifierRules(*this, root, ws.classifierRules);
        readEntities(root, ws);
    });
    return true;
}

void WorkspaceReader::readEntities(const QJsonObject &root, Domain::Workspace &ws)
{
    objects(root, u"providers"_s, QString(), [&](Item o, const QString &p) {
        readProvider(*this, o, p, ws.providers.emplace_back());
    });
    objects(root, u"connections"_s, QString(), [&](Item o, const QString &p) {
        readConnection(*this, o, p, ws.connections.emplace_back());
    });
    objects(root, u"models"_s, QString(),
            [&](Item o, const QString &p) { readModel(*this, o, p, ws.models.emplace_back()); });
    objects(root, u"aliases"_s, QString(),
            [&](Item o, const QString &p) { readAlias(*this, o, p, ws.aliases.emplace_back()); });
    objects(root, u"projects"_s, QString(), [&](Item o, const QString &p) {
        Domain::Project &project = ws.projects.emplace_back();
        string(o, u"id"_s, p, project.id, true);
        string(o, u"name"_s, p, project.name);
        directives(o, p, project.directives);
        limits(o, p, project.limits);
        readSessions(*this, o, p, project.sessions);
    });
    objects(root, u"keys"_s, QString(),
            [&](Item o, const QString &p) { readKey(*this, o, p, ws.keys.emplace_back()); });
}

void carrySecrets(Domain::Workspace &ws, const Domain::Workspace *current, WorkspaceReader &reader)
{
    for (qsizetype i = 0; i < ws.connections.size(); ++i) {
        Domain::Connection &c = ws.connections[i];
        if (c.credential.kind != Domain::Credential::Kind::Stored)
            continue;
        const Domain::Connection *old = current ? current->connection(c.name) : nullptr;
        if (old && old->credential.kind == Domain::Credential::Kind::Stored
            && !old->credential.secret.isEmpty()) {
            c.credential.secret = old->credential.secret;
            continue;
        }
        reader.warning(u"connections[%1].credential"_s.arg(i), ProblemCode::SecretNotCarried,
                       { c.name });
    }
}

} // namespace Config::Detail
