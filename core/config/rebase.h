#pragma once

#include <domain/workspace.h>

namespace Config {

// An edit started from `base` moved onto `theirs`, a version saved meanwhile by someone else, field
// by field of the workspace's document (docs/config-format.md): every setting, and every field of a
// provider, connection, model, alias, project or key (matched by name or id), that `mine` changed,
// created or deleted since `base` keeps the edited state; everything else is `theirs`. Where both
// changed the same field the edit wins, so that the change list from `theirs` to the result shows
// it for review. With `mine` equal to `base` the result is `theirs`.
Domain::Workspace rebase(const Domain::Workspace &base, const Domain::Workspace &mine,
                         const Domain::Workspace &theirs);

} // namespace Config
