#include "calls/callsdrawer.h"
#include "common/changepreviewbar.h"
#include "common/editcommands.h"
#include "common/preferences.h"
#include "gateway/gatewaymonitor.h"
#include "history/historymodel.h"
#include "history/historyscreen.h"
#include "mainwindow/mainwindow.h"
#include "tst_callsfixture.h"
#include "uitestsupport.h"

#include <QAction>
#include <QListWidget>
#include <QPushButton>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTranslator>

using namespace Qt::StringLiterals;
using namespace Ui;

// The studio's translations are embedded in switchboard_ui under :/i18n (qt_add_translations);
// a German locale shows the German navigation (R-UI-9).
class tst_Translations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void germanIsEmbedded_R_UI_9();
    void mainWindowSpeaksGerman_R_UI_9();
    void englishIsTheSourceLanguage_R_UI_9();
    void changesStoredAsFactsShownInGerman_R_UI_9_R_UI_10();
    void eachLanguageOnRealWidgets_R_UI_9_data();
    void eachLanguageOnRealWidgets_R_UI_9();
};

namespace {

// Changes the weight of demo/chat's first deployment and adds a region, then saves; returns the
// stored changes column as written.
QString editAndSave(StudioFixture &f, Common::ChangePreviewBar &bar, QString *summary)
{
    f.session->push(new Common::SetWeightCommand(f.session.get(), u"demo/chat"_s, 0, 5));
    f.session->push(
        new Common::SetAllowedRegionsCommand(f.session.get(), u"demo/chat"_s, { u"us-east-1"_s }));
    *summary = bar.summaryText();
    QTest::mouseClick(bar.saveButton(), Qt::LeftButton);
    QSqlQuery q(f.db->handle());
    q.exec(u"SELECT changes FROM workspace_version ORDER BY version DESC LIMIT 1"_s);
    return q.next() ? q.value(0).toString() : QString();
}

// The changes column of the newest saved version, as stored.
QString lastStoredChanges(StudioFixture &f)
{
    QSqlQuery q(f.db->handle());
    q.exec(u"SELECT changes FROM workspace_version ORDER BY version DESC LIMIT 1"_s);
    return q.next() ? q.value(0).toString() : QString();
}

} // namespace

void tst_Translations::germanIsEmbedded_R_UI_9()
{
    QTranslator translator;
    QVERIFY(translator.load(QLocale(QLocale::German, QLocale::Germany), u"switchboard"_s, u"_"_s,
                            u":/i18n"_s));
    QCOMPARE(translator.translate("Ui", "Models"), u"Modelle"_s);
    QCOMPARE(translator.translate("Ui", "Save changes"), u"Änderungen speichern"_s);
}

void tst_Translations::mainWindowSpeaksGerman_R_UI_9()
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

void tst_Translations::englishIsTheSourceLanguage_R_UI_9()
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

void tst_Translations::changesStoredAsFactsShownInGerman_R_UI_9_R_UI_10()
{
    StudioFixture english;
    QVERIFY(english.open(fixtureWorkspace()));
    Common::ChangePreviewBar englishBar(english.session.get());
    QString englishSummary;
    const QString storedInEnglish = editAndSave(english, englishBar, &englishSummary);
    QCOMPARE(englishSummary,
             u"2 changes: Model demo/chat: Weight of sim-east/gpt-4o: 3 → 5 · Model demo/chat: "
             "Allowed regions: none → us-east-1"_s);

    QTranslator translator;
    QVERIFY(translator.load(u":/i18n/switchboard_de.qm"_s));
    QCoreApplication::installTranslator(&translator);
    StudioFixture german;
    QVERIFY(german.open(fixtureWorkspace()));
    Common::ChangePreviewBar germanBar(german.session.get());
    QString germanSummary;
    const QString storedInGerman = editAndSave(german, germanBar, &germanSummary);
    History::HistoryScreen history(german.session.get());
    history.selectVersion(2);
    QStringList historyLines;
    for (int i = 0; i < history.changesList()->count(); ++i)
        historyLines << history.changesList()->item(i)->text();
    const QString countInGerman
        = history.model()->index(0, History::HistoryModel::ChangesColumn).data().toString();
    QCoreApplication::removeTranslator(&translator);

    // The preview bar and the history speak German, with German plurals...
    QCOMPARE(germanSummary,
             u"2 Änderungen: Modell demo/chat: Gewicht von sim-east/gpt-4o: 3 → 5 · Modell "
             "demo/chat: Erlaubte Regionen: keine → us-east-1"_s);
    QCOMPARE(historyLines,
             QStringList({ u"Modell demo/chat: Gewicht von sim-east/gpt-4o: 3 → 5"_s,
                           u"Modell demo/chat: Erlaubte Regionen: keine → us-east-1"_s }));
    QCOMPARE(countInGerman, u"2 Änderungen"_s);
    // ...while the database holds the same language-free facts either way.
    QVERIFY(!storedInEnglish.isEmpty());
    QCOMPARE(storedInGerman, storedInEnglish);
    QVERIFY(!storedInEnglish.contains(u"Weight"_s));
    QVERIFY(!storedInGerman.contains(u"Gewicht"_s));
    // Read back without the translator, the version German saved is English again.
    QCOMPARE(Common::changeLines(german.store->versions().first().changes),
             QStringList({ u"Model demo/chat: Weight of sim-east/gpt-4o: 3 → 5"_s,
                           u"Model demo/chat: Allowed regions: none → us-east-1"_s }));
}

void tst_Translations::eachLanguageOnRealWidgets_R_UI_9_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("models");
    QTest::addColumn<QString>("preferences");
    QTest::addColumn<QString>("callTitle");
    QTest::addColumn<QStringList>("attemptParts");
    QTest::addColumn<QString>("summary");
    QTest::newRow("en") << u"en"_s << u"Models"_s << u"&Preferences…"_s << u"Call req_failed"_s
                        << QStringList { u"waited 5,000 ms (cooldown)"_s,
                                         u"retried: 503 is transient"_s, u"upstream gpt-4o"_s }
                        << u"1 change: Model demo/chat: Weight of sim-east/gpt-4o: 3 → 5"_s;
    QTest::newRow("de") << u"de"_s << u"Modelle"_s << u"&Einstellungen…"_s << u"Aufruf req_failed"_s
                        << QStringList { u"5.000 ms gewartet (Abkühlung)"_s,
                                         u"wiederholt: 503 ist vorübergehend"_s,
                                         u"Upstream gpt-4o"_s }
                        << u"1 Änderung: Modell demo/chat: Gewicht von sim-east/gpt-4o: 3 → 5"_s;
    QTest::newRow("fr")
        << u"fr"_s << u"Modèles"_s << u"&Préférences…"_s << u"Appel req_failed"_s
        << QStringList { u"(refroidissement)"_s, u"réessayé : 503 est transitoire"_s,
                         u"amont gpt-4o"_s }
        << u"1 modification : Modèle demo/chat : Poids de sim-east/gpt-4o : 3 → 5"_s;
}

// The language Preferences chooses, as the studio installs it at start-up: the navigation, the
// menus, a receipt in the Calls drawer and a change in the preview bar speak it, while the stored
// changes stay the same language-free facts (API bodies: tst_callsgateway).
void tst_Translations::eachLanguageOnRealWidgets_R_UI_9()
{
    QFETCH(QString, language);
    QFETCH(QString, models);
    QFETCH(QString, preferences);
    QFETCH(QString, callTitle);
    QFETCH(QStringList, attemptParts);
    QFETCH(QString, summary);

    StudioFixture english;
    QVERIFY(english.open(fixtureWorkspace()));
    Common::ChangePreviewBar englishBar(english.session.get());
    english.session->push(
        new Common::SetWeightCommand(english.session.get(), u"demo/chat"_s, 0, 5));
    QTest::mouseClick(englishBar.saveButton(), Qt::LeftButton);
    const QString storedInEnglish = lastStoredChanges(english);

    const QLocale before;
    QVERIFY(Common::installLanguage(language));
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    GatewayControl::GatewayMonitor monitor;
    Main::ScreenContext c;
    c.session = f.session.get();
    c.monitor = &monitor;
    c.databasePath = f.temp.path();
    Main::MainWindow window(c);
    const QString firstScreen = window.navigation()->item(0)->text();
    QAction *preferencesAction = window.preferencesAction();
    const QString preferencesText = preferencesAction ? preferencesAction->text() : QString();
    Calls::CallsDrawer drawer;
    drawer.setReceipt(CallsFixture::failedEverywhere());
    const QString title = drawer.titleText();
    const QString secondAttempt = drawer.attemptTexts().value(1);
    Common::ChangePreviewBar bar(f.session.get());
    f.session->push(new Common::SetWeightCommand(f.session.get(), u"demo/chat"_s, 0, 5));
    const QString shownSummary = bar.summaryText();
    QTest::mouseClick(bar.saveButton(), Qt::LeftButton);
    const QString stored = lastStoredChanges(f);
    QVERIFY(Common::installLanguage(u"en"_s));
    QLocale::setDefault(before);

    QCOMPARE(firstScreen, models);
    QCOMPARE(preferencesText, preferences);
    QCOMPARE(title, callTitle);
    for (const QString &part : attemptParts)
        QVERIFY2(secondAttempt.contains(part), qPrintable(secondAttempt));
    QCOMPARE(shownSummary, summary);
    QVERIFY(!storedInEnglish.isEmpty());
    QCOMPARE(stored, storedInEnglish);
}

QTEST_MAIN(tst_Translations)
#include "tst_translations.moc"
