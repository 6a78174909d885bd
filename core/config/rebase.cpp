#include "rebase.h"

#include "workspacejson.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace Config {
namespace {

// The name an element of a list of named things goes by ("id" of providers, projects and keys,
// "name" of the others); empty for other lists, merged as one value.
QString identity(const QJsonValue &item)
{
    const QJsonObject o = item.toObject();
    return o.value(u"id"_s).toString(o.value(u"name"_s).toString());
}

bool isNamedList(const QJsonArray &list)
{
    return std::all_of(list.begin(), list.end(),
                       [](const QJsonValue &v) { return !identity(v).isEmpty(); });
}

QJsonValue merged(const QJsonValue &b, const QJsonValue &m, const QJsonValue &t);

// Named lists by name, in `theirs` order and then what the edit created; an element deleted by
// one side and left as it was by the other is gone.
QJsonArray mergedList(const QJsonArray &b, const QJsonArray &m, const QJsonArray &t)
{
    const auto byName = [](const QJsonArray &list, const QString &name) -> QJsonValue {
        for (const QJsonValue &v : list) {
            if (identity(v) == name)
                return v;
        }
        return QJsonValue(QJsonValue::Undefined);
    };
    QJsonArray out;
    for (const QJsonValue &tv : t) {
        const QJsonValue v = merged(byName(b, identity(tv)), byName(m, identity(tv)), tv);
        if (!v.isUndefined())
            out.append(v);
    }
    for (const QJsonValue &mv : m) {
        if (!byName(t, identity(mv)).isUndefined())
            continue;
        const QJsonValue v = merged(byName(b, identity(mv)), mv, QJsonValue::Undefined);
        if (!v.isUndefined())
            out.append(v);
    }
    return out;
}

// Three-way, field by field: what one side changed since `b` is kept, and where both changed the
// same field the edit's value stays. Undefined is "not there".
QJsonValue merged(const QJsonValue &b, const QJsonValue &m, const QJsonValue &t)
{
    if (m == b)
        return t;
    if (t == b || m == t)
        return m;
    if (b.isObject() && m.isObject() && t.isObject()) {
        const QJsonObject bo = b.toObject(), mo = m.toObject(), to = t.toObject();
        QJsonObject out;
        QStringList keys = to.keys() + mo.keys();
        keys.removeDuplicates();
        for (const QString &key : std::as_const(keys)) {
            const QJsonValue v = merged(bo.value(key), mo.value(key), to.value(key));
            if (!v.isUndefined())
                out.insert(key, v);
        }
        return out;
    }
    if (b.isArray() && m.isArray() && t.isArray() && isNamedList(b.toArray())
        && isNamedList(m.toArray()) && isNamedList(t.toArray()))
        return mergedList(b.toArray(), m.toArray(), t.toArray());
    return m;
}

template<typename T> const T &pick(const T &base, const T &mine, const T &theirs)
{
    return mine == base ? theirs : mine;
}

template<typename T, typename Key>
const T *find(const QList<T> &list, const QString &key, Key keyOf)
{
    for (const T &item : list) {
        if (keyOf(item) == key)
            return &item;
    }
    return nullptr;
}

// In `theirs` order, then what the edit created.
template<typename T, typename Key>
QList<T> merge(const QList<T> &base, const QList<T> &mine, const QList<T> &theirs, Key keyOf)
{
    QList<T> out;
    for (const T &t : theirs) {
        const QString key = keyOf(t);
        const T *b = find(base, key, keyOf);
        const T *m = find(mine, key, keyOf);
        if (!b)
            out.append(m ? *m : t); // created by them (or by both: the edit's)
        else if (m)
            out.append(*m == *b ? t : *m);
        // else: deleted by the edit
    }
    for (const T &m : mine) {
        const QString key = keyOf(m);
        if (find(theirs, key, keyOf))
            continue;
        const T *b = find(base, key, keyOf);
        // Created by the edit, or changed by it where they deleted it; unchanged: their deletion.
        if (!b || !(m == *b))
            out.append(m);
    }
    return out;
}

// By whole items: the fallback when the field-by-field result does not read back as a workspace.
Domain::Workspace itemRebase(const Domain::Workspace &base, const Domain::Workspace &mine,
                             const Domain::Workspace &theirs)
{
    // Field by field: a field not named here takes their value.
    Domain::Workspace out = theirs;
    out.name = pick(base.name, mine.name, theirs.name);
    out.directives = pick(base.directives, mine.directives, theirs.directives);
    out.recoveryDefaults
        = pick(base.recoveryDefaults, mine.recoveryDefaults, theirs.recoveryDefaults);
    out.strictReceipts = pick(base.strictReceipts, mine.strictReceipts, theirs.strictReceipts);
    out.listingRefreshMinutes = pick(base.listingRefreshMinutes, mine.listingRefreshMinutes,
                                     theirs.listingRefreshMinutes);
    out.listingMaxAgeHours
        = pick(base.listingMaxAgeHours, mine.listingMaxAgeHours, theirs.listingMaxAgeHours);
    out.probeIntervalHours
        = pick(base.probeIntervalHours, mine.probeIntervalHours, theirs.probeIntervalHours);
    out.probeWindowHours
        = pick(base.probeWindowHours, mine.probeWindowHours, theirs.probeWindowHours);
    out.budgetAlertPercent
        = pick(base.budgetAlertPercent, mine.budgetAlertPercent, theirs.budgetAlertPercent);
    out.sessionWindowMinutes
        = pick(base.sessionWindowMinutes, mine.sessionWindowMinutes, theirs.sessionWindowMinutes);
    out.classifierRules = pick(base.classifierRules, mine.classifierRules, theirs.classifierRules);
    out.providers = merge(base.providers, mine.providers, theirs.providers,
                          [](const Domain::Provider &p) { return p.id; });
    out.connections = merge(base.connections, mine.connections, theirs.connections,
                            [](const Domain::Connection &c) { return c.name; });
    out.models = merge(base.models, mine.models, theirs.models,
                       [](const Domain::Model &m) { return m.name; });
    out.aliases = merge(base.aliases, mine.aliases, theirs.aliases,
                        [](const Domain::Alias &a) { return a.name; });
    out.projects = merge(base.projects, mine.projects, theirs.projects,
                         [](const Domain::Project &p) { return p.id; });
    out.keys = merge(base.keys, mine.keys, theirs.keys, [](const Domain::Key &k) { return k.id; });
    return out;
}

} // namespace

Domain::Workspace rebase(const Domain::Workspace &base, const Domain::Workspace &mine,
                         const Domain::Workspace &theirs)
{
    if (mine == base)
        return theirs;
    const QJsonValue json
        = merged(workspaceToJson(base), workspaceToJson(mine), workspaceToJson(theirs));
    ImportResult read = importWorkspace(QJsonDocument(json.toObject()).toJson(), &theirs);
    if (!read.workspace)
        return itemRebase(base, mine, theirs);
    // Stored secrets are not in the document: the edit's where it changed one, else theirs.
    for (Domain::Connection &c : read.workspace->connections) {
        const Domain::Connection *b = base.connection(c.name);
        const Domain::Connection *m = mine.connection(c.name);
        if (m && (!b || m->credential.secret != b->credential.secret))
            c.credential.secret = m->credential.secret;
    }
    return *read.workspace;
}

} // namespace Config
