#include "changelist.h"

#include "changelistparts.h"

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
    m_out << Change{m_scope, m_subject, text};
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
    ChangeSink s(out, u"Directives: "_s + level, subject);
    s.diff(u"Allowed models"_s, optionalList(b.allowedModels, u"any"_s),
           optionalList(a.allowedModels, u"any"_s));
    s.diff(u"Allowed providers"_s, optionalList(b.allowedProviders, u"any"_s),
           optionalList(a.allowedProviders, u"any"_s));
    s.diff(u"Denied providers"_s, listOr(b.deniedProviders, u"none"_s),
           listOr(a.deniedProviders, u"none"_s));
    s.diff(u"Require ZDR"_s, optionalBool(b.requireZdr), optionalBool(a.requireZdr));
    s.diff(u"Require no training"_s, optionalBool(b.requireNoTraining),
           optionalBool(a.requireNoTraining));
    const auto precision = [](const std::optional<Domain::Precision> &p) {
        return p ? Domain::toString(*p) : u"unset"_s;
    };
    s.diff(u"Minimum precision"_s, precision(b.minPrecision), precision(a.minPrecision));
    const auto attempts = [](const std::optional<int> &n) {
        return n ? QString::number(*n) : u"unset"_s;
    };
    s.diff(u"Max application attempts"_s, attempts(b.maxApplicationAttempts),
           attempts(a.maxApplicationAttempts));
    s.diff(u"Allow model fallback"_s, optionalBool(b.allowModelFallback),
           optionalBool(a.allowModelFallback));
    // An empty list that is set overrides the level above, so it reads differently from unset.
    const auto fallback = [](const std::optional<QStringList> &v) {
        return v ? listOr(*v, u"empty list"_s) : u"none"_s;
    };
    s.diff(u"Fallback models"_s, fallback(b.fallbackModels), fallback(a.fallbackModels));
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
    entityChanges(before.providers, after.providers, [](const Domain::Provider &p) { return p.id; },
                  [&](const Domain::Provider *b, const Domain::Provider *a) {
                      const QString id = a ? a->id : b->id;
                      ChangeSink s(out, u"Provider "_s + id, id);
                      if (!b || !a) {
                          s.add((a ? u"Create provider "_s : u"Delete provider "_s) + id);
                          return;
                      }
                      s.diffText(u"Display name"_s, b->displayName, a->displayName);
                      s.diff(u"Zero data retention"_s, b->zeroDataRetention, a->zeroDataRetention);
                      s.diff(u"No training"_s, b->noTraining, a->noTraining);
                      s.diffText(u"Policy source"_s, b->policySource, a->policySource);
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
    s.diffNumber(u"Latency, ms"_s, b.latencyMs, a.latencyMs);
    s.diffNumber(u"Tokens per second"_s, b.tokensPerSecond, a.tokensPerSecond);
    s.diff(u"Failure rate"_s, Detail::decimal(b.failureRate), Detail::decimal(a.failureRate));
    s.diff(u"Failure kinds"_s, failureKinds(b.failureKinds), failureKinds(a.failureKinds));
    s.diffNumber(u"Retry-After, s"_s, b.retryAfterSeconds, a.retryAfterSeconds);
    s.diffNumber(u"Stream cut after events"_s, b.cutAfterEvents, a.cutAfterEvents);
}

void connectionFieldChanges(ChangeSink &s, const Domain::Connection &b, const Domain::Connection &a)
{
    s.diffText(u"Provider"_s, b.provider, a.provider);
    s.diff(u"Kind"_s, Domain::toString(b.kind), Domain::toString(a.kind));
    s.diffText(u"Base URL"_s, b.baseUrl, a.baseUrl);
    s.diffText(u"API version"_s, b.apiVersion, a.apiVersion);
    // R-SEC-3: never the secret, not even its kind of change.
    if (b.credential != a.credential)
        s.add(u"Credential: changed"_s);
    s.diffText(u"Region"_s, b.region, a.region);
    s.diff(u"Enabled"_s, b.enabled, a.enabled);
    s.diff(u"Aggregator"_s, b.aggregator, a.aggregator);
    simulatorChanges(s, b.simulator, a.simulator);
}

void connectionChanges(QList<Change> &out, const Domain::Workspace &before,
                       const Domain::Workspace &after)
{
    entityChanges(before.connections, after.connections,
                  [](const Domain::Connection &c) { return c.name; },
                  [&](const Domain::Connection *b, const Domain::Connection *a) {
                      const QString name = a ? a->name : b->name;
                      ChangeSink s(out, u"Connection "_s + name, name);
                      if (!b || !a)
                          s.add((a ? u"Create connection "_s : u"Delete connection "_s) + name);
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
    s.diffText(u"Target"_s, b.target, a.target);
    s.diff(u"Preset defaults"_s, compactJson(b.presetDefaults), compactJson(a.presetDefaults));
    s.diff(u"Fallback models"_s, listOr(b.fallbackModels, u"none"_s),
           listOr(a.fallbackModels, u"none"_s));
    s.diffText(u"Deprecation date"_s, b.deprecationDate.toString(Qt::ISODate),
               a.deprecationDate.toString(Qt::ISODate));
    s.diffText(u"Replacement"_s, b.replacement, a.replacement);
}

void aliasChanges(QList<Change> &out, const Domain::Workspace &before, const Domain::Workspace &after)
{
    entityChanges(before.aliases, after.aliases, [](const Domain::Alias &x) { return x.name; },
                  [&](const Domain::Alias *b, const Domain::Alias *a) {
                      const QString name = a ? a->name : b->name;
                      ChangeSink s(out, u"Alias "_s + name, name);
                      if (!b)
                          s.add(u"Create alias %1 → %2"_s.arg(name, a->target));
                      else if (!a)
                          s.add(u"Delete alias "_s + name);
                      else
                          aliasFieldChanges(s, *b, *a);
                  });
}

void projectChanges(QList<Change> &out, const Domain::Workspace &before,
                    const Domain::Workspace &after)
{
    entityChanges(before.projects, after.projects, [](const Domain::Project &p) { return p.id; },
                  [&](const Domain::Project *b, const Domain::Project *a) {
                      const QString id = a ? a->id : b->id;
                      ChangeSink s(out, u"Project "_s + id, id);
                      if (!b || !a) {
                          s.add((a ? u"Create project "_s : u"Delete project "_s) + id);
                          if (!a)
                              return;
                      } else {
                          s.diffText(u"Name"_s, b->name, a->name);
                      }
                      directiveChanges(out, b ? b->directives : Domain::Directives{}, a->directives,
                                       u"project "_s + id, id);
                  });
}

void keyFieldChanges(ChangeSink &s, QList<Change> &out, const Domain::Key *b, const Domain::Key &a)
{
    if (!b) {
        s.add(u"Create key %1 (project %2)"_s.arg(a.name, a.project));
        if (a.revoked)
            s.add(u"Revoke key "_s + a.name);
    } else {
        s.diffText(u"Name"_s, b->name, a.name);
        s.diffText(u"Project"_s, b->project, a.project);
        if (b->sha256Hex != a.sha256Hex || b->prefix != a.prefix)
            s.add(u"Secret: changed"_s);
        if (b->revoked != a.revoked)
            s.add((a.revoked ? u"Revoke key "_s : u"Reactivate key "_s) + a.name);
    }
    directiveChanges(out, b ? b->directives : Domain::Directives{}, a.directives,
                     u"key "_s + a.name, a.name);
}

void keyChanges(QList<Change> &out, const Domain::Workspace &before, const Domain::Workspace &after)
{
    entityChanges(before.keys, after.keys, [](const Domain::Key &k) { return k.id; },
                  [&](const Domain::Key *b, const Domain::Key *a) {
                      ChangeSink s(out, u"Key "_s + (a ? a->name : b->name), a ? a->name : b->name);
                      if (a)
                          keyFieldChanges(s, out, b, *a);
                      else
                          s.add(u"Delete key "_s + b->name);
                  });
}

} // namespace

QList<Change> changeList(const Domain::Workspace &before, const Domain::Workspace &after)
{
    QList<Change> out;
    if (before == after)
        return out;
    ChangeSink(out, u"Workspace"_s, after.name).diffText(u"Name"_s, before.name, after.name);
    directiveChanges(out, before.directives, after.directives, u"workspace"_s, u"workspace"_s);
    providerChanges(out, before, after);
    connectionChanges(out, before, after);
    Detail::modelChanges(out, before, after);
    aliasChanges(out, before, after);
    projectChanges(out, before, after);
    keyChanges(out, before, after);
    return out;
}

} // namespace Config
