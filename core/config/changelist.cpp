#include "changelist.h"

#include "changelistparts.h"
#include "sessionsjson.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace Config {
namespace {

struct EntityName
{
    Change::Entity entity;
    QString name;
};

const QList<EntityName> &entityNames()
{
    static const QList<EntityName> names {
        { Change::Entity::Workspace, u"workspace"_s },
        { Change::Entity::Provider, u"provider"_s },
        { Change::Entity::Connection, u"connection"_s },
        { Change::Entity::Model, u"model"_s },
        { Change::Entity::Alias, u"alias"_s },
        { Change::Entity::Project, u"project"_s },
        { Change::Entity::Key, u"key"_s },
    };
    return names;
}

} // namespace

QString Change::fieldName() const
{
    const qsizetype dot = field.indexOf(u'.');
    return dot < 0 ? field : field.mid(dot + 1);
}

QString Change::fieldGroup() const
{
    const qsizetype dot = field.indexOf(u'.');
    return dot < 0 ? QString() : field.left(dot);
}

QString toString(Change::Entity entity)
{
    for (const EntityName &n : entityNames()) {
        if (n.entity == entity)
            return n.name;
    }
    return {};
}

std::optional<Change::Entity> changeEntityFromString(const QString &s)
{
    for (const EntityName &n : entityNames()) {
        if (n.name == s)
            return n.entity;
    }
    return std::nullopt;
}

QJsonValue toJson(const Change &change)
{
    QJsonObject o { { u"entity"_s, toString(change.entity) },
                    { u"id"_s, change.id },
                    { u"field"_s, change.field } };
    if (!change.item.isEmpty())
        o.insert(u"item"_s, change.item);
    o.insert(u"before"_s, change.before.isUndefined() ? QJsonValue() : change.before);
    o.insert(u"after"_s, change.after.isUndefined() ? QJsonValue() : change.after);
    return o;
}

std::optional<Change> changeFromJson(const QJsonValue &value)
{
    const QJsonObject o = value.toObject();
    const std::optional<Change::Entity> entity
        = changeEntityFromString(o.value(u"entity"_s).toString());
    if (!entity)
        return std::nullopt;
    return Change { *entity,
                    o.value(u"id"_s).toString(),
                    o.value(u"field"_s).toString(),
                    o.value(u"item"_s).toString(),
                    o.value(u"before"_s),
                    o.value(u"after"_s) };
}

QByteArray changesToJson(const QList<Change> &changes)
{
    QJsonArray array;
    for (const Change &c : changes)
        array.append(toJson(c));
    return QJsonDocument(array).toJson(QJsonDocument::Compact);
}

QList<Change> changesFromJson(const QByteArray &json)
{
    QList<Change> changes;
    const QJsonArray array = QJsonDocument::fromJson(json).array();
    for (const QJsonValue &v : array) {
        if (std::optional<Change> c = changeFromJson(v))
            changes << std::move(*c);
    }
    return changes;
}

Change workspaceCreated(const QString &name)
{
    return Change { Change::Entity::Workspace, name, u"create"_s };
}

bool concernsModel(const Change &change, const QString &name)
{
    return change.entity == Change::Entity::Model && change.id == name;
}

QString groupedNumber(qint64 n)
{
    // Locale-independent on purpose: the preview bar, validation and tests read the same text.
    const bool negative = n < 0;
    const QString digits = QString::number(negative ? -n : n);
    QString out;
    for (qsizetype i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += u',';
        out += digits[i];
    }
    return negative ? u"-"_s + out : out;
}

namespace Detail {

QJsonValue optionalList(const std::optional<QStringList> &v)
{
    return v ? QJsonValue(QJsonArray::fromStringList(*v)) : QJsonValue();
}

void ChangeSink::add(const QString &field, const QJsonValue &before, const QJsonValue &after,
                     const QString &item)
{
    m_out << Change { m_entity, m_id, field, item, before, after };
}

void ChangeSink::diff(const QString &field, const QJsonValue &before, const QJsonValue &after,
                      const QString &item)
{
    if (before != after)
        add(field, before, after, item);
}

void ChangeSink::diff(const QString &field, const QStringList &before, const QStringList &after,
                      const QString &item)
{
    diff(field, QJsonArray::fromStringList(before), QJsonArray::fromStringList(after), item);
}

} // namespace Detail

namespace {

using Detail::ChangeSink;
using Detail::optionalList;
using Entity = Change::Entity;

template<typename T> QJsonValue optional(const std::optional<T> &v)
{
    return v ? QJsonValue(*v) : QJsonValue();
}

void directiveChanges(QList<Change> &out, const Domain::Directives &b, const Domain::Directives &a,
                      Entity entity, const QString &id)
{
    if (a == b)
        return;
    ChangeSink s(out, entity, id);
    s.diff(u"directives.allowedModels"_s, optionalList(b.allowedModels),
           optionalList(a.allowedModels));
    s.diff(u"directives.allowedProviders"_s, optionalList(b.allowedProviders),
           optionalList(a.allowedProviders));
    s.diff(u"directives.deniedProviders"_s, b.deniedProviders, a.deniedProviders);
    s.diff(u"directives.requireZdr"_s, optional(b.requireZdr), optional(a.requireZdr));
    s.diff(u"directives.requireNoTraining"_s, optional(b.requireNoTraining),
           optional(a.requireNoTraining));
    const auto precision = [](const std::optional<Domain::Precision> &p) {
        return p ? QJsonValue(Domain::toString(*p)) : QJsonValue();
    };
    s.diff(u"directives.minPrecision"_s, precision(b.minPrecision), precision(a.minPrecision));
    s.diff(u"directives.maxApplicationAttempts"_s, optional(b.maxApplicationAttempts),
           optional(a.maxApplicationAttempts));
    s.diff(u"directives.allowModelFallback"_s, optional(b.allowModelFallback),
           optional(a.allowModelFallback));
    // An empty list that is set overrides the level above: [] is not null.
    s.diff(u"directives.fallbackModels"_s, optionalList(b.fallbackModels),
           optionalList(a.fallbackModels));
}

// Entities matched by key: changes of those in `after` (in its order), then deletions.
template<typename T, typename KeyFn, typename DiffFn>
void entityChanges(const QList<T> &before, const QList<T> &after, KeyFn key, DiffFn diff)
{
    for (const T &a : after) {
        const T *b = nullptr;
        for (const T &candidate : before) {
            if (key(candidate) == key(a)) {
                b = &candidate;
                break;
            }
        }
        diff(b, &a);
    }
    for (const T &b : before) {
        const bool kept = std::any_of(after.cbegin(), after.cend(),
                                      [&](const T &a) { return key(a) == key(b); });
        if (!kept)
            diff(&b, static_cast<const T *>(nullptr));
    }
}

void providerChanges(QList<Change> &out, const Domain::Workspace &before,
                     const Domain::Workspace &after)
{
    entityChanges(
        before.providers, after.providers, [](const Domain::Provider &p) { return p.id; },
        [&](const Domain::Provider *b, const Domain::Provider *a) {
            ChangeSink s(out, Entity::Provider, a ? a->id : b->id);
            if (!b || !a) {
                s.add(a ? u"create"_s : u"delete"_s);
                return;
            }
            s.diff(u"displayName"_s, b->displayName, a->displayName);
            s.diff(u"zeroDataRetention"_s, b->zeroDataRetention, a->zeroDataRetention);
            s.diff(u"noTraining"_s, b->noTraining, a->noTraining);
            s.diff(u"policySource"_s, b->policySource, a->policySource);
            s.diff(u"listingSource"_s, b->listingSource, a->listingSource);
        });
}

QStringList failureKinds(const QList<Domain::SimulatedFailure> &kinds)
{
    QStringList names;
    for (Domain::SimulatedFailure k : kinds)
        names << Domain::toString(k);
    return names;
}

void simulatorChanges(ChangeSink &s, const Domain::SimulatorSettings &b,
                      const Domain::SimulatorSettings &a)
{
    s.diff(u"simulator.latencyMs"_s, b.latencyMs, a.latencyMs);
    s.diff(u"simulator.tokensPerSecond"_s, b.tokensPerSecond, a.tokensPerSecond);
    s.diff(u"simulator.failureRate"_s, b.failureRate, a.failureRate);
    s.diff(u"simulator.malformedRate"_s, b.malformedRate, a.malformedRate);
    s.diff(u"simulator.failureKinds"_s, failureKinds(b.failureKinds), failureKinds(a.failureKinds));
    s.diff(u"simulator.retryAfterSeconds"_s, b.retryAfterSeconds, a.retryAfterSeconds);
    s.diff(u"simulator.cutAfterEvents"_s, b.cutAfterEvents, a.cutAfterEvents);
    s.diff(u"simulator.api"_s, Domain::toString(b.api), Domain::toString(a.api));
}

void connectionFieldChanges(ChangeSink &s, const Domain::Connection &b, const Domain::Connection &a)
{
    s.diff(u"provider"_s, b.provider, a.provider);
    s.diff(u"kind"_s, Domain::toString(b.kind), Domain::toString(a.kind));
    s.diff(u"baseUrl"_s, b.baseUrl, a.baseUrl);
    s.diff(u"apiVersion"_s, b.apiVersion, a.apiVersion);
    s.diff(u"caFile"_s, b.caFile, a.caFile);
    // R-SEC-3: never the secret, not even its kind of change.
    if (b.credential != a.credential)
        s.add(u"credential"_s);
    s.diff(u"region"_s, b.region, a.region);
    s.diff(u"enabled"_s, b.enabled, a.enabled);
    s.diff(u"aggregator"_s, b.aggregator, a.aggregator);
    s.diff(u"metered"_s, b.metered, a.metered);
    simulatorChanges(s, b.simulator, a.simulator);
}

void connectionChanges(QList<Change> &out, const Domain::Workspace &before,
                       const Domain::Workspace &after)
{
    entityChanges(
        before.connections, after.connections, [](const Domain::Connection &c) { return c.name; },
        [&](const Domain::Connection *b, const Domain::Connection *a) {
            ChangeSink s(out, Entity::Connection, a ? a->name : b->name);
            if (!b || !a)
                s.add(a ? u"create"_s : u"delete"_s);
            else
                connectionFieldChanges(s, *b, *a);
        });
}

void aliasFieldChanges(ChangeSink &s, const Domain::Alias &b, const Domain::Alias &a)
{
    s.diff(u"target"_s, b.target, a.target);
    s.diff(u"presetDefaults"_s, b.presetDefaults, a.presetDefaults);
    s.diff(u"fallbackModels"_s, b.fallbackModels, a.fallbackModels);
    s.diff(u"deprecationDate"_s, b.deprecationDate.toString(Qt::ISODate),
           a.deprecationDate.toString(Qt::ISODate));
    s.diff(u"replacement"_s, b.replacement, a.replacement);
}

void aliasChanges(QList<Change> &out, const Domain::Workspace &before,
                  const Domain::Workspace &after)
{
    entityChanges(
        before.aliases, after.aliases, [](const Domain::Alias &x) { return x.name; },
        [&](const Domain::Alias *b, const Domain::Alias *a) {
            ChangeSink s(out, Entity::Alias, a ? a->name : b->name);
            if (!b)
                s.add(u"create"_s, {}, a->target);
            else if (!a)
                s.add(u"delete"_s);
            else
                aliasFieldChanges(s, *b, *a);
        });
}

QJsonValue optionalValue(const auto &v)
{
    return v ? QJsonValue(*v) : QJsonValue();
}

// One fact per limit that differs, field "limits.<key>", null when unset (R-BILL-3, R-BILL-4).
void limitChanges(ChangeSink &s, const Domain::SpendLimits &b, const Domain::SpendLimits &a)
{
    s.diff(u"limits.dailyUsd"_s, optionalValue(b.dailyUsd), optionalValue(a.dailyUsd));
    s.diff(u"limits.monthlyUsd"_s, optionalValue(b.monthlyUsd), optionalValue(a.monthlyUsd));
    s.diff(u"limits.requestsPerMinute"_s, optionalValue(b.requestsPerMinute),
           optionalValue(a.requestsPerMinute));
    s.diff(u"limits.tokensPerMinute"_s, optionalValue(b.tokensPerMinute),
           optionalValue(a.tokensPerMinute));
}

// Field "sessions.mode" (a wire name) and "sessions.qualityFloor".
void sessionChanges(ChangeSink &s, const Domain::SessionSettings &b,
                    const Domain::SessionSettings &a)
{
    s.diff(u"sessions.mode"_s, Domain::toString(b.mode), Domain::toString(a.mode));
    s.diff(u"sessions.qualityFloor"_s, b.qualityFloor, a.qualityFloor);
}

void projectChanges(QList<Change> &out, const Domain::Workspace &before,
                    const Domain::Workspace &after)
{
    entityChanges(
        before.projects, after.projects, [](const Domain::Project &p) { return p.id; },
        [&](const Domain::Project *b, const Domain::Project *a) {
            const QString id = a ? a->id : b->id;
            ChangeSink s(out, Entity::Project, id);
            if (!b || !a) {
                s.add(a ? u"create"_s : u"delete"_s);
                if (!a)
                    return;
            } else {
                s.diff(u"name"_s, b->name, a->name);
            }
            limitChanges(s, b ? b->limits : Domain::SpendLimits {}, a->limits);
            sessionChanges(s, b ? b->sessions : Domain::SessionSettings {}, a->sessions);
            directiveChanges(out, b ? b->directives : Domain::Directives {}, a->directives,
                             Entity::Project, id);
        });
}

void keyFieldChanges(ChangeSink &s, QList<Change> &out, const Domain::Key *b, const Domain::Key &a)
{
    if (!b) {
        s.add(u"create"_s, {}, a.project);
        if (a.revoked)
            s.add(u"revoked"_s, false, true);
    } else {
        s.diff(u"name"_s, b->name, a.name);
        s.diff(u"project"_s, b->project, a.project);
        if (b->sha256Hex != a.sha256Hex || b->prefix != a.prefix)
            s.add(u"secret"_s);
        s.diff(u"revoked"_s, b->revoked, a.revoked);
    }
    limitChanges(s, b ? b->limits : Domain::SpendLimits {}, a.limits);
    sessionChanges(s, b ? b->sessions : Domain::SessionSettings {}, a.sessions);
    directiveChanges(out, b ? b->directives : Domain::Directives {}, a.directives, Entity::Key,
                     a.name);
}

void keyChanges(QList<Change> &out, const Domain::Workspace &before, const Domain::Workspace &after)
{
    entityChanges(
        before.keys, after.keys, [](const Domain::Key &k) { return k.id; },
        [&](const Domain::Key *b, const Domain::Key *a) {
            ChangeSink s(out, Entity::Key, a ? a->name : b->name);
            if (a)
                keyFieldChanges(s, out, b, *a);
            else
                s.add(u"delete"_s);
        });
}

} // namespace

QList<Change> changeList(const Domain::Workspace &before, const Domain::Workspace &after)
{
    QList<Change> out;
    if (before == after)
        return out;
    ChangeSink workspace(out, Entity::Workspace, after.name);
    workspace.diff(u"name"_s, before.name, after.name);
    directiveChanges(out, before.directives, after.directives, Entity::Workspace, after.name);
    Detail::recoverySettingChanges(workspace, before.recoveryDefaults, after.recoveryDefaults);
    workspace.diff(u"strictReceipts"_s, before.strictReceipts, after.strictReceipts);
    workspace.diff(u"listingRefreshMinutes"_s, before.listingRefreshMinutes,
                   after.listingRefreshMinutes);
    workspace.diff(u"listingMaxAgeHours"_s, before.listingMaxAgeHours, after.listingMaxAgeHours);
    workspace.diff(u"probeIntervalHours"_s, before.probeIntervalHours, after.probeIntervalHours);
    workspace.diff(u"probeWindowHours"_s, before.probeWindowHours, after.probeWindowHours);
    workspace.diff(u"budgetAlertPercent"_s, before.budgetAlertPercent, after.budgetAlertPercent);
    workspace.diff(u"sessionWindowMinutes"_s, before.sessionWindowMinutes,
                   after.sessionWindowMinutes);
    // One fact for the whole table, its rules as the file writes them.
    if (before.classifierRules != after.classifierRules) {
        workspace.add(u"classifierRules"_s, Detail::classifierRulesToJson(before.classifierRules),
                      Detail::classifierRulesToJson(after.classifierRules));
    }
    providerChanges(out, before, after);
    connectionChanges(out, before, after);
    Detail::modelChanges(out, before, after);
    aliasChanges(out, before, after);
    projectChanges(out, before, after);
    keyChanges(out, before, after);
    return out;
}

} // namespace Config
