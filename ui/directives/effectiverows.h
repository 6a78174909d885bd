#pragma once

#include <QList>
#include <QString>
#include <domain/workspace.h>
#include <routing/directiveset.h>

namespace Ui::Directives {

// One line of the effective view: the merged value of a directive field, the level(s) that set it
// and the merge rule that decided (R-DIR-*, R-PREC-*, R-FALL-*).
struct EffectiveRow
{
    QString field;
    QString value;
    QString
        setBy; // "project research", "workspace (team), key ci", "default" when no level sets it
    QString rule;

    bool operator==(const EffectiveRow &) const = default;
};

// Names the levels the way the user knows them, for the caller of `projectId` with `keyId`.
struct LevelNames
{
    QString project; // project id or name, empty when none
    QString key; // key name, empty when none
    QString name(Domain::DirectiveLevel level) const;
};

// The rows for the merge of the workspace, project and key (Routing::mergeDirectives decides;
// this only phrases it). `ws` supplies the provider list for the allowed-provider intersection.
QList<EffectiveRow> effectiveRows(const Domain::Workspace &ws,
                                  const Routing::EffectiveDirectives &e, const LevelNames &names);

} // namespace Ui::Directives
