#include "preferences.h"

#include "translations.h"

#include <QCoreApplication>
#include <QSettings>
#include <QTranslator>

using namespace Qt::StringLiterals;

namespace Ui::Common {

Preferences Preferences::load()
{
    QSettings s;
    Preferences p;
    p.language = s.value(u"ui/language"_s, u"system"_s).toString();
    if (p.language != u"system"_s && !languages().contains(p.language))
        p.language = u"system"_s;
    p.theme = themeFromName(s.value(u"view/theme"_s).toString());
    const auto listen
        = Runtime::parseListenAddress(s.value(u"gateway/host"_s, u"127.0.0.1"_s).toString() + u':'
                                      + QString::number(s.value(u"gateway/port"_s, 8640).toInt()));
    if (listen)
        p.listen = *listen;
    p.retention.keepDays = qMax(0, s.value(u"receipts/keepDays"_s, 0).toInt());
    p.retention.keepReceipts = qMax(0LL, s.value(u"receipts/keepReceipts"_s, 0).toLongLong());
    p.databasePath = s.value(u"database/path"_s).toString();
    return p;
}

void Preferences::save() const
{
    QSettings s;
    s.setValue(u"ui/language"_s, language);
    s.setValue(u"view/theme"_s, themeName(theme));
    s.setValue(u"gateway/host"_s, listen.address.toString());
    s.setValue(u"gateway/port"_s, int(listen.port));
    s.setValue(u"receipts/keepDays"_s, retention.keepDays);
    s.setValue(u"receipts/keepReceipts"_s, retention.keepReceipts);
    if (databasePath.isEmpty())
        s.remove(u"database/path"_s);
    else
        s.setValue(u"database/path"_s, databasePath);
}

int impactReplayCount()
{
    return qBound(10, QSettings().value(u"studio/impactCalls"_s, 1000).toInt(), 100000);
}

void setImpactReplayCount(int count)
{
    QSettings().setValue(u"studio/impactCalls"_s, count);
}

QStringList languages()
{
    return { u"en"_s, u"de"_s, u"fr"_s };
}

QString languageName(const QString &code)
{
    // Each in its own language, never translated: a user must find theirs in any language.
    if (code == u"de"_s)
        return u"Deutsch"_s;
    if (code == u"fr"_s)
        return u"Français"_s;
    return u"English"_s;
}

QLocale localeFor(const QString &language)
{
    return language == u"system"_s ? QLocale() : QLocale(language);
}

bool installLanguage(const QString &language)
{
    installEnglishPlurals();
    static QTranslator *current = nullptr;
    if (current) {
        QCoreApplication::removeTranslator(current);
        delete current;
        current = nullptr;
    }
    const QLocale locale = localeFor(language);
    if (language != u"system"_s)
        QLocale::setDefault(locale); // numbers and dates as the chosen language writes them
    if (locale.language() == QLocale::English || locale.language() == QLocale::C)
        return true;
    auto *translator = new QTranslator(QCoreApplication::instance());
    if (!translator->load(locale, u"switchboard"_s, u"_"_s, u":/i18n"_s)) {
        delete translator;
        return false;
    }
    QCoreApplication::installTranslator(translator);
    current = translator;
    return true;
}

} // namespace Ui::Common
