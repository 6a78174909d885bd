#include "translations.h"

#include "logging.h"

#include <QCoreApplication>
#include <QTranslator>

using namespace Qt::StringLiterals;

namespace Ui::Common {

bool installEnglishPlurals()
{
    static QTranslator *plurals = nullptr;
    if (plurals)
        return true;
    auto *translator = new QTranslator(QCoreApplication::instance());
    if (!translator->load(u":/i18n/switchboard_en.qm"_s)
        || !QCoreApplication::installTranslator(translator)) {
        qCWarning(lcUi) << "the English plural forms are missing; counts read \"1 change(s)\"";
        delete translator;
        return false;
    }
    plurals = translator;
    return true;
}

} // namespace Ui::Common
