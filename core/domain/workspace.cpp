#include "workspace.h"

using namespace Qt::StringLiterals;

namespace Domain {
namespace {

template<typename List, typename Pred> auto findIn(List &list, Pred pred) -> decltype(&list.front())
{
    for (auto &item : list) {
        if (pred(item))
            return &item;
    }
    return nullptr;
}

} // namespace

const Provider *Workspace::provider(const QString &id) const
{
    return findIn(providers, [&](const Provider &p) { return p.id == id; });
}

const Connection *Workspace::connection(const QString &name) const
{
    return findIn(connections, [&](const Connection &c) { return c.name == name; });
}

const Model *Workspace::model(const QString &name) const
{
    return findIn(models, [&](const Model &m) { return m.name == name; });
}

Model *Workspace::model(const QString &name)
{
    return findIn(models, [&](const Model &m) { return m.name == name; });
}

const Alias *Workspace::alias(const QString &name) const
{
    return findIn(aliases, [&](const Alias &a) { return a.name == name; });
}

const Project *Workspace::project(const QString &id) const
{
    return findIn(projects, [&](const Project &p) { return p.id == id; });
}

const Key *Workspace::keyById(const QString &id) const
{
    return findIn(keys, [&](const Key &k) { return k.id == id; });
}

const Key *Workspace::keyByHash(const QString &sha256Hex) const
{
    return findIn(keys, [&](const Key &k) { return k.sha256Hex == sha256Hex; });
}

SessionSettings Workspace::sessions(const Key &key) const
{
    if (key.sessions.mode != SessionMode::Off)
        return key.sessions;
    const Project *p = project(key.project);
    return p ? p->sessions : SessionSettings {};
}

QString Workspace::servingRegion(const Model &m, const Offering &o) const
{
    if (!m.servingRegionOverride.isEmpty())
        return m.servingRegionOverride;
    const Connection *c = connection(o.connection);
    return c ? c->region : QString();
}

QStringList Workspace::servingRegions(const Model &m) const
{
    QStringList out;
    for (const Offering &o : m.offerings) {
        const QString region = servingRegion(m, o);
        if (!region.isEmpty() && !out.contains(region))
            out << region;
    }
    return out;
}

QStringList Workspace::poolsUsing(const QString &model) const
{
    QStringList out;
    for (const Model &m : models) {
        if (!m.isPool())
            continue;
        for (const PoolEntry &e : m.pool.deployments) {
            if (e.model == model) {
                out << m.name;
                break;
            }
        }
    }
    return out;
}

QStringList Workspace::aliasesTargeting(const QString &model) const
{
    QStringList out;
    for (const Alias &a : aliases) {
        if (a.target == model || a.replacement == model)
            out << a.name;
    }
    return out;
}

} // namespace Domain
