#include "recoveryfields.h"
#include "tr.h"
#include "workspacereader.h"

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
}

void readSimulator(WorkspaceReader &r, Item parent, const QString &path,
                   Domain::SimulatorSettings &s)
{
    QJsonObject o;
    if (!r.object(parent, u"simulator"_s, path, o,
                  { u"latencyMs", u"tokensPerSecond", u"failureRate", u"failureKinds",
                    u"retryAfterSeconds", u"cutAfterEvents" })) {
        return;
    }
    const QString at = joinPath(path, u"simulator"_s);
    r.integer(o, u"latencyMs"_s, at, s.latencyMs);
    r.integer(o, u"tokensPerSecond"_s, at, s.tokensPerSecond);
    r.number(o, u"failureRate"_s, at, s.failureRate);
    r.integer(o, u"retryAfterSeconds"_s, at, s.retryAfterSeconds);
    r.integer(o, u"cutAfterEvents"_s, at, s.cutAfterEvents);
    QStringList kinds;
    r.strings(o, u"failureKinds"_s, at, kinds);
    for (qsizetype i = 0; i < kinds.size(); ++i) {
        Domain::SimulatedFailure kind = Domain::SimulatedFailure::RateLimited;
        if (r.parseEnum(kinds[i], joinPath(at, Tr::tr("failureKinds[%1]").arg(i)), kind,
                        Domain::simulatedFailureFromString, Domain::toString)) {
            s.failureKinds << kind;
        }
    }
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
    QJsonObject credential;
    if (r.object(o, u"credential"_s, path, credential, { u"kind", u"reference" })) {
        const QString at = joinPath(path, u"credential"_s);
        r.enumeration(credential, u"kind"_s, at, c.credential.kind,
                      Domain::credentialKindFromString, Domain::toString);
        r.string(credential, u"reference"_s, at, c.credential.reference);
    }
    readSimulator(r, o, path, c.simulator);
}

void readOffering(WorkspaceReader &r, Item o, const QString &path, Domain::Offering &f)
{
    r.string(o, u"connection"_s, path, f.connection, true);
    r.string(o, u"upstreamModel"_s, path, f.upstreamModel, true);
    r.enumeration(o, u"precision"_s, path, f.precision, Domain::precisionFromString,
                  Domain::toString);
    r.boolean(o, u"certified"_s, path, f.certified);
    QJsonObject caps;
    if (r.object(o, u"capabilities"_s, path, caps,
                 { u"tools", u"structuredOutput", u"vision", u"webSearchToolVersions" })) {
        const QString at = joinPath(path, u"capabilities"_s);
        r.boolean(caps, u"tools"_s, at, f.capabilities.tools);
        r.boolean(caps, u"structuredOutput"_s, at, f.capabilities.structuredOutput);
        r.boolean(caps, u"vision"_s, at, f.capabilities.vision);
        r.strings(caps, u"webSearchToolVersions"_s, at, f.capabilities.webSearchToolVersions);
    }
    QJsonObject probes;
    if (r.object(o, u"probes"_s, path, probes,
                 { u"toolsPassed", u"toolsTotal", u"structuredPassed", u"structuredTotal" })) {
        const QString at = joinPath(path, u"probes"_s);
        r.integer(probes, u"toolsPassed"_s, at, f.probes.toolsPassed);
        r.integer(probes, u"toolsTotal"_s, at, f.probes.toolsTotal);
        r.integer(probes, u"structuredPassed"_s, at, f.probes.structuredPassed);
        r.integer(probes, u"structuredTotal"_s, at, f.probes.structuredTotal);
    }
}

void readRecovery(WorkspaceReader &r, Item parent, const QString &path, Domain::Recovery &rec)
{
    QJsonObject o;
    if (!r.object(parent, u"recovery"_s, path, o,
                  { u"overridden", u"attempts", u"deadlineMs", u"backoffFirstMs", u"backoffMaxMs",
                    u"cooldownMs", u"connectTimeoutMs", u"streamStartTimeoutMs",
                    u"streamIdleTimeoutMs" })) {
        return;
    }
    const QString at = joinPath(path, u"recovery"_s);
    r.boolean(o, u"overridden"_s, at, rec.overridden);
    readRecoverySettings(r, o, at, rec.override);
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
    QJsonObject o;
    if (r.object(root, u"recoveryDefaults"_s, QString(), o,
                 { u"attempts", u"deadlineMs", u"backoffFirstMs", u"backoffMaxMs", u"cooldownMs",
                   u"connectTimeoutMs", u"streamStartTimeoutMs", u"streamIdleTimeoutMs" })) {
        readRecoverySettings(r, o, u"recoveryDefaults"_s, out);
    }
}

namespace {

void readPool(WorkspaceReader &r, Item parent, const QString &path, Domain::Pool &pool)
{
    QJsonObject o;
    if (!r.object(parent, u"pool"_s, path, o, { u"deployments", u"allowedRegions" }))
        return;
    const QString at = joinPath(path, u"pool"_s);
    r.objects(o, u"deployments"_s, at, { u"model", u"weight" }, [&](Item row, const QString &p) {
        Domain::PoolEntry e;
        r.string(row, u"model"_s, p, e.model, true);
        r.integer(row, u"weight"_s, p, e.weight);
        pool.deployments << e;
    });
    r.strings(o, u"allowedRegions"_s, at, pool.allowedRegions);
}

void readModel(WorkspaceReader &r, Item o, const QString &path, Domain::Model &m)
{
    r.string(o, u"name"_s, path, m.name, true);
    r.enumeration(o, u"modality"_s, path, m.modality, Domain::modalityFromString, Domain::toString);
    r.boolean(o, u"enabled"_s, path, m.enabled);
    r.number(o, u"inputPricePerMTok"_s, path, m.inputPricePerMTok);
    r.number(o, u"outputPricePerMTok"_s, path, m.outputPricePerMTok);
    r.integer(o, u"contextWindow"_s, path, m.contextWindow);
    r.string(o, u"servingRegionOverride"_s, path, m.servingRegionOverride);
    r.enumeration(o, u"route"_s, path, m.route, Domain::routeKindFromString, Domain::toString);
    readRecovery(r, o, path, m.recovery);
    readPool(r, o, path, m.pool);
    r.objects(
        o, u"offerings"_s, path,
        { u"connection", u"upstreamModel", u"precision", u"capabilities", u"certified", u"probes" },
        [&](Item item, const QString &p) {
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
}

} // namespace

void WorkspaceReader::directives(const QJsonObject &parent, const QString &path,
                                 Domain::Directives &out)
{
    QJsonObject o;
    if (!object(parent, u"directives"_s, path, o,
                { u"allowedModels", u"allowedProviders", u"deniedProviders", u"requireZdr",
                  u"requireNoTraining", u"minPrecision", u"maxApplicationAttempts",
                  u"allowModelFallback", u"fallbackModels" })) {
        return;
    }
    const QString at = joinPath(path, u"directives"_s);
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
        error(u"format"_s,
              Tr::tr("format: this is not a Switchboard workspace file (expected \"%1\").")
                  .arg(kFormatName));
        return false;
    }
    const QJsonValue version = root.value(u"version"_s);
    if (!version.isDouble() || version.toDouble() != kFormatVersion) {
        error(u"version"_s,
              Tr::tr("version: this Switchboard reads version %1 of the format (found %2).")
                  .arg(QString::number(kFormatVersion), version.toVariant().toString()));
        return false;
    }
    checkKnown(root, QString(),
               { u"format", u"version", u"name", u"directives", u"providers", u"connections",
                 u"models", u"aliases", u"projects", u"keys", u"recoveryDefaults" });
    string(root, u"name"_s, QString(), ws.name);
    directives(root, QString(), ws.directives);
    readRecoveryDefaults(*this, root, ws.recoveryDefaults);
    readEntities(root, ws);
    return true;
}

void WorkspaceReader::readEntities(const QJsonObject &root, Domain::Workspace &ws)
{
    objects(
        root, u"providers"_s, QString(),
        { u"id", u"displayName", u"zeroDataRetention", u"noTraining", u"policySource" },
        [&](Item o, const QString &p) { readProvider(*this, o, p, ws.providers.emplace_back()); });
    objects(root, u"connections"_s, QString(),
            { u"name", u"provider", u"kind", u"baseUrl", u"apiVersion", u"caFile", u"credential",
              u"region", u"enabled", u"aggregator", u"simulator" },
            [&](Item o, const QString &p) {
                readConnection(*this, o, p, ws.connections.emplace_back());
            });
    objects(root, u"models"_s, QString(),
            { u"name", u"modality", u"enabled", u"inputPricePerMTok", u"outputPricePerMTok",
              u"contextWindow", u"servingRegionOverride", u"recovery", u"route", u"pool",
              u"offerings" },
            [&](Item o, const QString &p) { readModel(*this, o, p, ws.models.emplace_back()); });
    objects(root, u"aliases"_s, QString(),
            { u"name", u"target", u"presetDefaults", u"fallbackModels", u"deprecationDate",
              u"replacement" },
            [&](Item o, const QString &p) { readAlias(*this, o, p, ws.aliases.emplace_back()); });
    objects(root, u"projects"_s, QString(), { u"id", u"name", u"directives" },
            [&](Item o, const QString &p) {
                Domain::Project &project = ws.projects.emplace_back();
                string(o, u"id"_s, p, project.id, true);
                string(o, u"name"_s, p, project.name);
                directives(o, p, project.directives);
            });
    objects(root, u"keys"_s, QString(),
            { u"id", u"project", u"name", u"prefix", u"sha256Hex", u"createdAt", u"revoked",
              u"directives" },
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
        reader.warning(
            Tr::tr("connections[%1].credential").arg(i),
            Tr::tr("Connection %1 keeps its credential in the database and the file carries no "
                   "secret; enter it again after the import.")
                .arg(c.name));
    }
}

} // namespace Config::Detail
