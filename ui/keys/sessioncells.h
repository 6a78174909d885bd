#pragma once

#include <QVariant>
#include <domain/sessions.h>

namespace Ui::Keys {

// The sessions column the keys and the projects tables share: the mode in force ("Shadow",
// "Suggest", "—"), with the quality floor and where it comes from in the tooltip. `followsProject`:
// a key whose own mode is Off, showing its project's setting.
QVariant sessionsData(int role, const Domain::SessionSettings &inForce, bool followsProject);
QVariant sessionsHeader(int role);

} // namespace Ui::Keys
