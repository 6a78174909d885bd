#pragma once

#include <QColor>
#include <QPalette>
#include <QString>

class QLabel;

namespace Ui::Common {

// Light / Dark / System (View menu). Qt 6.4 has no color-scheme API: "System" keeps the palette the
// platform gave at start-up, and darkness is read from the palette itself.
enum class Theme { System, Light, Dark };

QString themeName(Theme theme); // "system", "light", "dark" (QSettings value)
Theme themeFromName(const QString &name);
bool isDark(const QPalette &palette);
// Fusion style plus the chosen palette on the running QApplication. Remembers the system palette
// the first time it is called. Error text and outlines follow the new palette.
void applyTheme(Theme theme);

// The colour of errors. Qt 6.4's palette has no such role, so it is taken from the palette's own
// darkness: a deep red on a light window, a light red on a dark one, readable on Window and Base.
QColor errorColor(const QPalette &palette);
// Error text (a field's message, the preview bar's problems) in errorColor of the application's
// palette, kept in step by applyTheme.
void showAsError(QWidget *text);
// An outline in errorColor around an invalid field (R-UI-3), or none; kept in step by applyTheme.
void outlineAsError(QWidget *field, bool invalid);
// A wrapped note that explains a form (how a setting is used, where a password comes from), in the
// palette's placeholder text colour.
QLabel *noteLabel(const QString &text, QWidget *parent);
// Rows of things that are off (a disabled model, a revoked key): the palette's disabled text.
QColor mutedTextColor(const QPalette &palette);

} // namespace Ui::Common
