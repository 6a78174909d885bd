#pragma once

#include <QPalette>
#include <QString>

namespace Ui::Common {

// Light / Dark / System (View menu). Qt 6.4 has no color-scheme API: "System" keeps the palette the
// platform gave at start-up, and darkness is read from the palette itself.
enum class Theme { System, Light, Dark };

QString themeName(Theme theme); // "system", "light", "dark" (QSettings value)
Theme themeFromName(const QString &name);
bool isDark(const QPalette &palette);
// Fusion style plus the chosen palette on the running QApplication. Remembers the system palette
// the first time it is called.
void applyTheme(Theme theme);

} // namespace Ui::Common
