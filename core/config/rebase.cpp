#include "rebase.h"

namespace Config {
namespace {

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

} // namespace

Domain::Workspace rebase(const Domain::Workspace &base, const Domain::Workspace &mine,
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

} // namespace Config
