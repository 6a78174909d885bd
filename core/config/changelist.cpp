#include "changelist.h"

#include "changelistparts.h"
#include "tr.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace Config {

QString Change::line() const
{
    return scope % u": "_s % text;
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

QString onOff(bool v)
{
    return v ? u"on"_s : u"off"_s;
}

QString listOr(const QStringList &list, const QString &whenEmpty)
{
    return list.isEmpty() ? whenEmpty : list.join(u", "_s);
}

QString decimal(double v)
{
    if (v == double(qint64(v)) && qAbs(v) < 1e15)
        return groupedNumber(qint64(v));
    return QString::number(v, 'g', 12);
}

void ChangeSink::add(const QString &text)
{
    m_out << Change { m_scope, m_subject, text };
}

void ChangeSink::diff(const QString &label, const QString &before, const QString &after)
{
    if (before != after)
        add(label % u": "_s % before % u" → "_s % after);
}

void ChangeSink::diff(const QString &label, bool before, bool after)
{
    diff(label, onOff(before), onOff(after));
}

void ChangeSink::diffNumber(const QString &label, qint64 before, qint64 after)
{
    diff(label, groupedNumber(before), groupedNumber(after));
}

void ChangeSink::diffText(const QString &label, const QString &before, const QString &after)
{
    diff(label, before.isEmpty() ? u"none"_s : before, after.isEmpty() ? u"none"_s : after);
}

} // namespace Detail

namespace {

using Detail::ChangeSink;
using Detail::listOr;

QString optionalList(const std::optional<QStringList> &v, const QString &unset)
{
    if (!v)
        return unset;
    return v->isEmpty() ? u"none"_s : v->join(u", "_s);
}

QString optionalBool(const std::optional<bool> &v)
{
    return v ? Detail::onOff(*v) : u"unset"_s;
}

void directiveChanges(QList<Change> &out, const Domain::Directives &b, const Domain::Directives &a,
                      const QString &level, const QString &subject)
{
    if (a == b)
        return;
    ChangeSink s(out, Tr::tr("Directives: %1").arg(level), subject);
    s.diff(Tr::tr("Allowed models"), optionalList(b.allowedModels, u"any"_s),
           optionalList(a.allowedModels, u"any"_s));
    s.diff(Tr::tr("Allowed providers"), optionalList(b.allowedProviders, u"any"_s),
           optionalList(a.allowedProviders, u"any"_s));
    s.diff(Tr::tr("Denied providers"), listOr(b.deniedProviders, u"none"_s),
           listOr(a.deniedProviders, u"none"_s));
    s.diff(Tr::tr("Require ZDR"), optionalBool(b.requireZdr), optionalBool(a.requireZdr));
    s.diff(Tr::tr("Require no training"), optionalBool(b.requireNoTraining),
           optionalBool(a.requireNoTraining));
    const auto precision = [](const std::optional<Domain::Precision> &p) {
        return p ? Domain::toString(*p) : u"unset"_s;
    };
    s.diff(Tr::tr("Minimum precision"), precision(b.minPrecision), precision(a.minPrecision));
    const auto attempts
        = [](const std::optional<int> &n) { return n ? QString::number(*n) : u"unset"_s; };
    s.diff(Tr::tr("Max application attempts"), attempts(b.maxApplicationAttempts),
           attempts(a.maxApplicationAttempts));
    s.diff(Tr::tr("Allow model fallback"), optionalBool(b.allowModelFallback),
           optionalBool(a.allowModelFallback));
    // An empty list that is set overrides the level above, so it reads differently from unset.
    const auto fallback = [](const std::optional<QStringList> &v) {
        return v ? listOr(*v, Tr::tr("empty list")) : u"none"_s;
    };
    s.diff(Tr::tr("Fallback models"), fallback(b.fallbackModels), fallback(a.fallbackModels));
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
            const QString id = a ? a->id : b->id;
            ChangeSink s(out, Tr::tr("Provider ") + id, id);
            if (!b || !a) {
                s.add((a ? Tr::tr("Create provider ") : Tr::tr("Delete provider ")) + id);
                return;
            }
            s.diffText(Tr::tr("Display name"), b->displayName, a->displayName);
            s.diff(Tr::tr("Zero data retention"), b->zeroDataRetention, a->zeroDataRetention);
            s.diff(Tr::tr("No training"), b->noTraining, a->noTraining);
            s.diffText(Tr::tr("Policy source"), b->policySource, a->policySource);
        });
}

QString failureKinds(const QList<Domain::SimulatedFailure> &kinds)
{
    QStringList names;
    for (Domain::SimulatedFailure k : kinds)
        names << Domain::toString(k);
    return listOr(names, u"none"_s);
}

void simulatorChanges(ChangeSink &s, const Domain::SimulatorSettings &b,
                      const Domain::SimulatorSettings &a)
{
    s.diffNumber(Tr::tr("Latency, ms"), b.latencyMs, a.latencyMs);
    s.diffNumber(Tr::tr("Tokens per second"), b.tokensPerSecond, a.tokensPerSecond);
    s.diff(Tr::tr("Failure rate"), Detail::decimal(b.failureRate), Detail::decimal(a.failureRate));
    s.diff(Tr::tr("Failure kinds"), failureKinds(b.failureKinds), failureKinds(a.failureKinds));
    s.diffNumber(Tr::tr("Retry-After, s"), b.retryAfterSeconds, a.retryAfterSeconds);
    s.diffNumber(Tr::tr("Stream cut after events"), b.cutAfterEvents, a.cutAfterEvents);
}

void connectionFieldChanges(ChangeSink &s, const Domain::Connection &b, const Domain::Connection &a)
{
    s.diffText(Tr::tr("Provider"), b.provider, a.provider);
    s.diff(Tr::tr("Kind"), Domain::toString(b.kind), Domain::toString(a.kind));
    s.diffText(Tr::tr("Base URL"), b.baseUrl, a.baseUrl);
    s.diffText(Tr::tr("API version"), b.apiVersion, a.apiVersion);
    s.diffText(Tr::tr("CA file"), b.caFile, a.caFile);
    // R-SEC-3: never the secret, not even its kind of change.
    if (b.credential != a.credential)
        s.add(Tr::tr("Credential: changed"));
    s.diffText(Tr::tr("Region"), b.region, a.region);
    s.diff(Tr::tr("Enabled"), b.enabled, a.enabled);
    s.diff(Tr::tr("Aggregator"), b.aggregator, a.aggregator);
    simulatorChanges(s, b.simulator, a.simulator);
}

void connectionChanges(QList<Change> &out, const Domain::Workspace &before,
                       const Domain::Workspace &after)
{
    entityChanges(
        before.connections, after.connections, [](const Domain::Connection &c) { return c.name; },
        [&](const Domain::Connection *b, const Domain::Connection *a) {
            const QString name = a ? a->name : b->name;
            ChangeSink s(out, Tr::tr("Connection ") + name, name);
            if (!b || !a)
                s.add((a ? Tr::tr("Create connection ") : Tr::tr("Delete connection ")) + name);
            else
                connectionFieldChanges(s, *b, *a);
        });
}

QString compactJson(const QJsonObject &o)
{
    return o.isEmpty() ? u"none"_s
                       : QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

void aliasFieldChanges(ChangeSink &s, const Domain::Alias &b, const Domain::Alias &a)
{
    s.diffText(Tr::tr("Target"), b.target, a.target);
    s.diff(Tr::tr("Preset defaults"), compactJson(b.presetDefaults), compactJson(a.presetDefaults));
    s.diff(Tr::tr("Fallback models"), listOr(b.fallbackModels, u"none"_s),
           listOr(a.fallbackModels, u"none"_s));
    s.diffText(Tr::tr("Deprecation date"), b.deprecationDate.toString(Qt::ISODate),
               a.deprecationDate.toString(Qt::ISODate));
    s.diffText(Tr::tr("Replacement"), b.replacement, a.replacement);
}

void aliasChanges(QList<Change> &out, const Domain::Workspace &before,
                  const Domain::Workspace &after)
{
    entityChanges(
        before.aliases, after.aliases, [](const Domain::Alias &x) { return x.name; },
        [&](const Domain::Alias *b, const Domain::Alias *a) {
            const QString name = a ? a->name : b->name;
            ChangeSink s(out, Tr::tr("Alias ") + name, name);
            if (!b)
                s.add(Tr::tr("Create alias %1 → %2").arg(name, a->target));
            else if (!a)
                s.add(Tr::tr("Delete alias ") + name);
            else
                aliasFieldChanges(s, *b, *a);
        });
}

void projectChanges(QList<Change> &out, const Domain::Workspace &before,
                    const Domain::Workspace &after)
{
    entityChanges(
        before.projects, after.projects, [](const Domain::Project &p) { return p.id; },
        [&](const Domain::Project *b, const Domain::Project *a) {
            const QString id = a ? a->id : b->id;
            ChangeSink s(out, Tr::tr("Project ") + id, id);
            if (!b || !a) {
                s.add((a ? Tr::tr("Create project ") : Tr::tr("Delete project ")) + id);
                if (!a)
                    return;
            } else {
                s.diffText(Tr::tr("Name"), b->name, a->name);
            }
            directiveChanges(out, b ? b->directives : Domain::Directives {}, a->directives,
                             Tr::tr("project ") + id, id);
        });
}

void keyFieldChanges(ChangeSink &s, QList<Change> &out, const Domain::Key *b, const Domain::Key &a)
{
    if (!b) {
        s.add(Tr::tr("Create key %1 (project %2)").arg(a.name, a.project));
        if (a.revoked)
            s.add(Tr::tr("Revoke key ") + a.name);
    } else {
        s.diffText(Tr::tr("Name"), b->name, a.name);
        s.diffText(Tr::tr("Project"), b->project, a.project);
        if (b->sha256Hex != a.sha256Hex || b->prefix != a.prefix)
            s.add(Tr::tr("Secret: changed"));
        if (b->revoked != a.revoked)
            s.add((a.revoked ? Tr::tr("Revoke key ") : Tr::tr("Reactivate key ")) + a.name);
    }
    directiveChanges(out, b ? b->directives : Domain::Directives {}, a.directives,
                     Tr::tr("key ") + a.name, a.name);
}

void keyChanges(QList<Change> &out, const Domain::Workspace &before, const Domain::Workspace &after)
{
    entityChanges(
        before.keys, after.keys, [](const Domain::Key &k) { return k.id; },
        [&](const Domain::Key *b, const Domain::Key *a) {
            ChangeSink s(out, Tr::tr("Key ") + (a ? a->name : b->name), a ? a->name : b->name);
            if (a)
                keyFieldChanges(s, out, b, *a);
            else
                s.add(Tr::tr("Delete key ") + b->name);
        });
}

} // namespace

QList<Change> changeList(const Domain::Workspace &before, const Domain::Workspace &after)
{
    QList<Change> out;
    if (before == after)
        return out;
    ChangeSink(out, Tr::tr("Workspace"), after.name)
        .diffText(Tr::tr("Name"), before.name, after.name);
    directiveChanges(out, before.directives, after.directives, u"workspace"_s, u"workspace"_s);
    ChangeSink defaults(out, Tr::tr("Recovery defaults"), u"workspace"_s);
    Detail::recoverySettingChanges(defaults, before.recoveryDefaults, after.recoveryDefaults);
    providerChanges(out, before, after);
    connectionChanges(out, before, after);
    Detail::modelChanges(out, before, after);
    aliasChanges(out, before, after);
    projectChanges(out, before, after);
    keyChanges(out, before, after);
    return out;
}

} // namespace Config
