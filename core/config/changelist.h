#pragma once

#include <QList>
#include <QString>
#include <domain/workspace.h>

namespace Config {

// One line of the change-preview bar and of a version's change history (R-UI-4, R-UI-10).
struct Change
{
    QString scope; // "Model demo/chat", "Connection sim-east", "Directives: workspace",
                   // "Directives: project research", "Directives: key <key name>", "Alias
                   // org/fast", "Project research", "Key <name>", "Provider openai", "Workspace"
    QString
        subject; // the entity name alone ("demo/chat"), so a model page can filter its own changes
    QString text; // e.g. "Deployment pool: Direct → Pool"

    QString line() const; // scope + ": " + text
    bool operator==(const Change &) const = default;
};

// The one place that decides how a change is described (DESIGN.md "Rules that keep it simple").
// Order: workspace and its directives, providers, connections, models (in `after` order), aliases,
// projects, keys. Equal workspaces give an empty list. Never shows a secret.
// Recovery values kept behind Default are not listed (routing does not use them).
QList<Change> changeList(const Domain::Workspace &before, const Domain::Workspace &after);

// 180000 → "180,000": grouping with ',' independent of the locale.
QString groupedNumber(qint64 n);

} // namespace Config
