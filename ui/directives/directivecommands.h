#pragma once

#include "common/editcommands.h"

#include <QString>
#include <domain/directives.h>
#include <domain/workspace.h>

namespace Ui::Directives {

// Which level's directives an edit is about: the workspace (team), one project or one key.
struct DirectiveTarget
{
    Domain::DirectiveLevel level = Domain::DirectiveLevel::Workspace;
    QString id; // Project::id or Key::id; empty for the workspace

    bool operator==(const DirectiveTarget &) const = default;
};

// The directives of `target` in `ws`, or nullptr when the project or key no longer exists.
const Domain::Directives *directivesOf(const Domain::Workspace &ws, const DirectiveTarget &target);
Domain::Directives *directivesOf(Domain::Workspace &ws, const DirectiveTarget &target);
// The validation path of the target's directives ("directives", "projects[1].directives", …).
QString directivesPath(const Domain::Workspace &ws, const DirectiveTarget &target);
// What the user reads for the target: "Workspace (team)", "Project research", "Key ci".
QString targetTitle(const Domain::Workspace &ws, const DirectiveTarget &target);

// Ids of this folder's mergeable commands; far from Common::CommandId so they never collide.
enum DirectiveCommandId { DirectivesFieldId = 1001 };

// Replaces one level's directives; `field` names what was edited so typing in one field merges
// into one undo step.
class SetDirectivesCommand : public Common::WorkspaceCommand
{
public:
    SetDirectivesCommand(Common::WorkspaceSession *s, const DirectiveTarget &target,
                         const Domain::Directives &directives, const QString &field);
    int id() const override { return DirectivesFieldId; }
};

} // namespace Ui::Directives
