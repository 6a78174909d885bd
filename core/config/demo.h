#pragma once

#include <domain/workspace.h>

namespace Config {

// The demo workspace, loaded from :/switchboard/demo-workspace.json (resources/core.qrc). It has no
// keys: the app creates a demo key on first run with makeKey and prints it once.
Domain::Workspace demoWorkspace();

} // namespace Config
