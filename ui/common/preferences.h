#pragma once

#include "theme.h"

#include <QLocale>
#include <QString>
#include <QStringList>
#include <runtime/listenaddress.h>
#include <store/receiptpruner.h>

namespace Ui::Common {

// What the Preferences dialog edits, as QSettings keeps it (the application's organisation and
// name decide where). Read once at start-up by the studio, written by the dialog.
struct Preferences
{
    QString language = QStringLiteral("system"); // "system" or a language code of languages()
    Theme theme = Theme::System; // "view/theme", shared with View → Theme
    Runtime::ListenAddress
        listen; // "gateway/host" and "gateway/port", shared with the Gateway screen
    Store::RetentionPolicy retention; // keep everything by default
    QString databasePath; // empty: Store::Database::defaultPath(); takes effect at the next start

    static Preferences load();
    void save() const;
    bool operator==(const Preferences &) const = default;
};

// "en", "de", "fr": English and the languages of translations/ (R-UI-9).
QStringList languages();
// The language's own name: "English", "Deutsch", "Français".
QString languageName(const QString &code);
// The locale the studio speaks for a setting: the system's for "system".
QLocale localeFor(const QString &language);
// Installs the translator of `language` (underneath it the English plurals) on the application,
// replacing the one installed before, and makes its locale the default for numbers and dates. The
// studio calls it once, before building any widget: widgets built earlier keep their texts. False
// when no translation matched (the studio then speaks English).
bool installLanguage(const QString &language);

// How many recent calls the impact preview replays ("studio/impactCalls", default 1,000).
int impactReplayCount();
void setImpactReplayCount(int count);

} // namespace Ui::Common
