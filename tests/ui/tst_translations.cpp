#include "gateway/gatewaymonitor.h"
#include "mainwindow/mainwindow.h"
#include "uitestsupport.h"

#include <QListWidget>
#include <QStandardPaths>
#include <QTranslator>

using namespace Qt::StringLiterals;
using namespace Ui;

// The studio's translations are embedded in switchboard_ui under :/i18n (qt_add_translations);
// a German locale shows the German navigation (R-UI-9).
class TstTranslations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void germanIsEmbedded_R_UI_9();
    void mainWindowSpeaksGerman_R_UI_9();
    void englishIsTheSourceLanguage_R_UI_9();
};

void TstTranslations::germanIsEmbedded_R_UI_9()
{
    QTranslator translator;
    QVERIFY(translator.load(QLocale(QLocale::German, QLocale::Germany), u"switchboard"_s, u"_"_s,
                            u":/i18n"_s));
    QCOMPARE(translator.translate("Ui", "Models"), u"Modelle"_s);
    QCOMPARE(translator.translate("Ui", "Save changes"), u"Änderungen speichern"_s);
}

void TstTranslations::mainWindowSpeaksGerman_R_UI_9()
{
    QTranslator translator;
    QVERIFY(translator.load(u":/i18n/switchboard_de.qm"_s));
    QCoreApplication::installTranslator(&translator);
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    GatewayControl::GatewayMonitor monitor;
    Main::ScreenContext c;
    c.session = f.session.get();
    c.monitor = &monitor;
    c.databasePath = f.temp.path();
    Main::MainWindow window(c);
    QStringList titles;
    for (int i = 0; i < window.navigation()->count(); ++i)
        titles << window.navigation()->item(i)->text();
    QCoreApplication::removeTranslator(&translator);
    QVERIFY2(titles.contains(u"Modelle"_s), qPrintable(titles.join(u", "_s)));
    QVERIFY2(titles.contains(u"Verlauf"_s), qPrintable(titles.join(u", "_s)));
    QVERIFY(!titles.contains(u"Models"_s));
}

void TstTranslations::englishIsTheSourceLanguage_R_UI_9()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    GatewayControl::GatewayMonitor monitor;
    Main::ScreenContext c;
    c.session = f.session.get();
    c.monitor = &monitor;
    c.databasePath = f.temp.path();
    Main::MainWindow window(c);
    QCOMPARE(window.navigation()->item(0)->text(), u"Models"_s);
}

QTEST_MAIN(TstTranslations)
#include "tst_translations.moc"
