#pragma once

#include <QJsonValue>
#include <QList>
#include <QString>
#include <domain/workspace.h>
#include <optional>

namespace Config {

// One fact of the change-preview bar and of a version's change history (R-UI-4, R-UI-10). It holds
// no sentence: the studio words it in its own language when it shows it, and version history
// stores it as JSON, so one database never mixes languages.
struct Change
{
    enum class Entity { Workspace, Provider, Connection, Model, Alias, Project, Key };

    Entity entity = Entity::Workspace;
    // The entity's name as the user knows it: model "demo/chat", key "ci-bot", workspace name.
    QString id;
    // What changed, a stable code: "enabled", "pool.weight", "directives.allowedModels",
    // "recovery.deadlineMs", "create", "delete" (the full list is in changelist.cpp's callers and
    // the studio's wording of them).
    QString field;
    // The part of the entity the field belongs to: the deployment of "pool.weight", the connection
    // of an offering field; empty otherwise.
    QString item;
    // Language-free values: bool, number, string ("" is none), array, object; null is unset.
    QJsonValue before;
    QJsonValue after;

    bool operator==(const Change &) const = default;

    // The field without its group: "directives.allowedModels" → "allowedModels".
    QString fieldName() const;
    QString fieldGroup() const; // "directives", "recovery", "pool", "offering", "limits",
                                // "sessions", "quality" or empty
};

QString toString(Change::Entity entity);
std::optional<Change::Entity> changeEntityFromString(const QString &s);

// The stored form (version history): an object per change. Anything else, or an entity this
// version does not know, reads as no change and is left out of the list.
QJsonValue toJson(const Change &change);
std::optional<Change> changeFromJson(const QJsonValue &value);
QByteArray changesToJson(const QList<Change> &changes);
QList<Change> changesFromJson(const QByteArray &json);

// The one place that decides what changed (DESIGN.md "Rules that keep it simple").
// Order: workspace and its directives and recovery defaults, providers, connections, models (in
// `after` order), aliases, projects, keys. Equal workspaces give an empty list. Never holds a
// secret. Recovery values kept behind Default are not listed (routing does not use them).
QList<Change> changeList(const Domain::Workspace &before, const Domain::Workspace &after);

// The first version of a workspace (the demo, or one made by the headless tools).
Change workspaceCreated(const QString &name);

// Whether a change belongs to the model `name` (its own facts, not other models').
bool concernsModel(const Change &change, const QString &name);

// 180000 → "180,000": grouping with ',' independent of the locale.
QString groupedNumber(qint64 n);

} // namespace Config
