#include "aliascommands.h"

#include "common/tr.h"
#include "common/workspacesession.h"

using namespace Qt::StringLiterals;

namespace Ui::Aliases {

int aliasIndex(const Domain::Workspace &ws, const QString &name)
{
    for (qsizetype i = 0; i < ws.aliases.size(); ++i) {
        if (ws.aliases.at(i).name == name)
            return int(i);
    }
    return -1;
}

AddAliasCommand::AddAliasCommand(Common::WorkspaceSession *s, const Domain::Alias &alias)
    : WorkspaceCommand(s, Tr::tr("Create alias %1").arg(alias.name))
{
    setEdit([alias](Domain::Workspace &ws) { ws.aliases.append(alias); });
}

RemoveAliasCommand::RemoveAliasCommand(Common::WorkspaceSession *s, const QString &name)
    : WorkspaceCommand(s, Tr::tr("Delete alias %1").arg(name))
{
    setEdit([name](Domain::Workspace &ws) {
        const int i = aliasIndex(ws, name);
        if (i >= 0)
            ws.aliases.removeAt(i);
    });
}

SetAliasCommand::SetAliasCommand(Common::WorkspaceSession *s, const QString &name,
                                 const Domain::Alias &alias, const QString &field)
    : WorkspaceCommand(s, Tr::tr("Edit alias %1: %2").arg(name, field), name + u'#' + field)
{
    setEdit([name, alias](Domain::Workspace &ws) {
        const int i = aliasIndex(ws, name);
        if (i >= 0)
            ws.aliases[i] = alias;
    });
}

} // namespace Ui::Aliases
