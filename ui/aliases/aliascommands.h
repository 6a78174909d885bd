#pragma once

#include "common/editcommands.h"

#include <QString>
#include <domain/alias.h>

namespace Ui::Aliases {

// Ids of this folder's mergeable commands; far from Common::CommandId so they never collide.
enum AliasCommandId { AliasFieldId = 1101 };

class AddAliasCommand : public Common::WorkspaceCommand
{
public:
    AddAliasCommand(Common::WorkspaceSession *s, const Domain::Alias &alias);
};

class RemoveAliasCommand : public Common::WorkspaceCommand
{
public:
    RemoveAliasCommand(Common::WorkspaceSession *s, const QString &name);
};

// Replaces the alias called `name` (a rename changes alias.name); `field` names what was edited so
// typing in one field merges into one undo step.
class SetAliasCommand : public Common::WorkspaceCommand
{
public:
    SetAliasCommand(Common::WorkspaceSession *s, const QString &name, const Domain::Alias &alias,
                    const QString &field);
    int id() const override { return AliasFieldId; }
};

// The index of alias `name` in ws.aliases, -1 when absent; the root of its problem paths.
int aliasIndex(const Domain::Workspace &ws, const QString &name);

} // namespace Ui::Aliases
