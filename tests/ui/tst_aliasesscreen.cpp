// Aliases screen: create, rename, retarget, preset defaults (temperature, max tokens, system
// prompt, other fields as JSON checked on entry), own fallback models, deprecation; the preview
// bar's exact lines; and the count of recent calls still naming each alias (R-UI-6, R-ALIAS-1..3,
// R-FALL-4).

#include "../gateway/gatewayharness.h"
#include "aliases/aliaseditor.h"
#include "aliases/aliasesscreen.h"
#include "common/changepreviewbar.h"
#include "directives/stringlisteditor.h"
#include "uitestsupport.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>
#include <store/receiptreader.h>
#include <store/receiptwriter.h>

using namespace Qt::StringLiterals;
using Ui::Aliases::AliasEditor;
using Ui::Aliases::AliasesScreen;

namespace {

Domain::Workspace fixture()
{
    Domain::Workspace ws;
    ws.providers = { { u"simulator"_s, u"Simulator"_s, true, true, u"built in"_s } };
    Domain::Connection c;
    c.name = u"sim"_s;
    c.provider = u"simulator"_s;
    c.kind = Domain::Dialect::Simulator;
    ws.connections << c;
    for (const QString &name : { u"sim/a"_s, u"sim/b"_s, u"sim/c"_s }) {
        Domain::Model m;
        m.name = name;
        m.offerings = { Domain::Offering { u"sim"_s, name.section(u'/', 1) } };
        ws.models << m;
    }
    Domain::Alias fast;
    fast.name = u"org/fast"_s;
    fast.target = u"sim/a"_s;
    fast.presetDefaults = QJsonObject { { u"temperature"_s, 0.2 } };
    ws.aliases << fast;
    ws.projects = { { u"default"_s, u"Default"_s, {} } };
    return ws;
}

void clickBox(QCheckBox *box)
{
    QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(8, box->height() / 2));
}

struct Shown
{
    StudioFixture f;
    std::unique_ptr<AliasesScreen> screen;
    AliasEditor *editor = nullptr;

    bool open()
    {
        if (!f.open(fixture()))
            return false;
        screen = std::make_unique<AliasesScreen>(f.session.get());
        screen->resize(1100, 900);
        screen->show();
        editor = screen->editor();
        return QTest::qWaitForWindowExposed(screen.get());
    }
    QStringList lines() const { return screen->previewBar()->changeLines(); }
};

} // namespace

class tst_AliasesScreen : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void createAndRename_R_ALIAS_1();
    void retargetByTyping_R_ALIAS_1();
    void presetFields_R_ALIAS_3_data();
    void presetFields_R_ALIAS_3();
    void otherFieldsValidatedOnEntry_R_ALIAS_3();
    void ownFallbackModels_R_FALL_4();
    void deprecation_R_ALIAS_2();
    void deleteAndUndo_R_UI_4();
    void recentCallsCount_R_UI_6();
    void savedAliasReachesGateway_R_ALIAS_2_data();
    void savedAliasReachesGateway_R_ALIAS_2();
};

void tst_AliasesScreen::createAndRename_R_ALIAS_1()
{
    Shown s;
    QVERIFY(s.open());
    QTest::mouseClick(s.screen->newButton(), Qt::LeftButton);
    QCOMPARE(s.lines(),
             QStringList { u"Alias org/new-alias: Create alias org/new-alias → sim/a"_s });
    QCOMPARE(s.screen->list()->rowCount(), 2);
    QCOMPARE(s.screen->currentAlias(), u"org/new-alias"_s);

    typeInto(s.editor->nameEdit(), u"org/cheap"_s);
    QTest::keyClick(s.editor->nameEdit(), Qt::Key_Return);

    QCOMPARE(s.lines(), QStringList { u"Alias org/cheap: Create alias org/cheap → sim/a"_s });
    QCOMPARE(s.screen->currentAlias(), u"org/cheap"_s);
    QCOMPARE(s.screen->list()->item(1, AliasesScreen::NameColumn)->text(), u"org/cheap"_s);
    // A name taken by another alias is refused at the field.
    typeInto(s.editor->nameEdit(), u"org/fast"_s);
    QTest::keyClick(s.editor->nameEdit(), Qt::Key_Return);
    QVERIFY(s.editor->nameEdit()->property("invalid").toBool());
    QCOMPARE(s.f.session->edited().aliases.size(), 2);
}

void tst_AliasesScreen::retargetByTyping_R_ALIAS_1()
{
    Shown s;
    QVERIFY(s.open());
    QVERIFY(s.screen->selectAlias(u"org/fast"_s));
    s.editor->targetBox()->setFocus();
    QTest::keyClicks(s.editor->targetBox(), u"sim/c"_s);
    QCOMPARE(s.lines(), QStringList { u"Alias org/fast: Target: sim/a → sim/c"_s });
    QCOMPARE(s.screen->list()->item(0, AliasesScreen::TargetColumn)->text(), u"sim/c"_s);
}

void tst_AliasesScreen::presetFields_R_ALIAS_3_data()
{
    QTest::addColumn<int>("field");
    QTest::addColumn<QString>("line");
    QTest::newRow("temperature")
        << 0 << uR"(Alias org/fast: Preset defaults: {"temperature":0.2} → {"temperature":0.7})"_s;
    QTest::newRow("max tokens")
        << 1
        << uR"(Alias org/fast: Preset defaults: {"temperature":0.2} → {"max_tokens":256,"temperature":0.2})"_s;
    QTest::newRow("system prompt")
        << 2
        << uR"(Alias org/fast: Preset defaults: {"temperature":0.2} → {"system":"Be brief.","temperature":0.2})"_s;
    QTest::newRow("temperature off")
        << 3 << uR"(Alias org/fast: Preset defaults: {"temperature":0.2} → none)"_s;
}

void tst_AliasesScreen::presetFields_R_ALIAS_3()
{
    QFETCH(int, field);
    QFETCH(QString, line);
    Shown s;
    QVERIFY(s.open());
    QVERIFY(s.screen->selectAlias(u"org/fast"_s));
    QVERIFY(s.editor->temperatureBox()->isChecked());
    switch (field) {
    case 0:
        typeInto(s.editor->temperatureSpin(), u"0.7"_s);
        break;
    case 1:
        clickBox(s.editor->maxTokensBox());
        typeInto(s.editor->maxTokensSpin(), u"256"_s);
        break;
    case 2:
        s.editor->systemPromptEdit()->setFocus();
        QTest::keyClicks(s.editor->systemPromptEdit(), u"Be brief."_s);
        break;
    default:
        clickBox(s.editor->temperatureBox());
        break;
    }
    QCOMPARE(s.lines(), QStringList { line });
    // Typing in one field is one undo step.
    QCOMPARE(s.f.session->undoStack()->count(), 1);
}

void tst_AliasesScreen::otherFieldsValidatedOnEntry_R_ALIAS_3()
{
    Shown s;
    QVERIFY(s.open());
    QPlainTextEdit *other = s.editor->otherFieldsEdit();
    other->setFocus();
    QTest::keyClicks(other, uR"({"top_p": 0.)"_s);
    QVERIFY(other->property("invalid").toBool());
    QVERIFY(s.editor->otherFieldsErrorLabel()->text().startsWith(u"Not valid JSON at character"_s));
    QVERIFY(s.lines().isEmpty()); // nothing applied while it does not parse
    QTest::keyClicks(other, u"9}"_s);
    QVERIFY(!other->property("invalid").toBool());
    QCOMPARE(
        s.lines(),
        QStringList {
            uR"(Alias org/fast: Preset defaults: {"temperature":0.2} → {"temperature":0.2,"top_p":0.9})"_s });
    // Fields with their own widget are refused here, so one value never has two editors.
    other->selectAll();
    QTest::keyClicks(other, uR"({"temperature": 1})"_s);
    QVERIFY(other->property("invalid").toBool());
    QVERIFY(s.editor->otherFieldsErrorLabel()->text().contains(u"temperature"_s));
    // An array is JSON but not a set of request fields.
    other->selectAll();
    QTest::keyClicks(other, u"[1]"_s);
    QVERIFY(s.editor->otherFieldsErrorLabel()->text().contains(u"JSON object"_s));
}

void tst_AliasesScreen::ownFallbackModels_R_FALL_4()
{
    Shown s;
    QVERIFY(s.open());
    Ui::Directives::StringListEditor *list = s.editor->fallbackModels();
    for (const QString &m : { u"sim/b"_s, u"sim/c"_s }) {
        list->entry()->setFocus();
        QTest::keyClicks(list->entry(), m);
        QTest::keyClick(list->entry(), Qt::Key_Return);
    }
    QCOMPARE(s.lines(), QStringList { u"Alias org/fast: Fallback models: none → sim/b, sim/c"_s });
    list->list()->setCurrentRow(1);
    QTest::mouseClick(list->upButton(), Qt::LeftButton);
    QCOMPARE(s.lines(), QStringList { u"Alias org/fast: Fallback models: none → sim/c, sim/b"_s });
    // A name that is not a model is outlined and named in the bar.
    list->entry()->setFocus();
    QTest::keyClicks(list->entry(), u"sim/zzz"_s);
    QTest::mouseClick(list->addButton(), Qt::LeftButton);
    QVERIFY(list->list()->property("invalid").toBool());
    QVERIFY(!s.screen->previewBar()->saveButton()->isEnabled());
    QVERIFY(s.screen->previewBar()->problemsText().contains(u"sim/zzz"_s));
}

void tst_AliasesScreen::deprecation_R_ALIAS_2()
{
    Shown s;
    QVERIFY(s.open());
    clickBox(s.editor->deprecatedBox());
    // Deprecated without a replacement cannot be saved.
    QVERIFY(!s.screen->previewBar()->saveButton()->isEnabled());
    QVERIFY(s.editor->replacementBox()->property("invalid").toBool());
    QDateEdit *date = s.editor->deprecationDateEdit();
    date->setFocus();
    // Typed section by section, each selected as a user does with Tab or a click.
    for (const auto &[section, text] : { std::pair { QDateTimeEdit::YearSection, u"2026"_s },
                                         std::pair { QDateTimeEdit::MonthSection, u"12"_s },
                                         std::pair { QDateTimeEdit::DaySection, u"01"_s } }) {
        date->setSelectedSection(section);
        QTest::keyClicks(date, text);
    }
    s.editor->replacementBox()->setFocus();
    QTest::keyClicks(s.editor->replacementBox(), u"sim/b"_s);

    QCOMPARE(s.lines(),
             (QStringList { u"Alias org/fast: Deprecation date: none → 2026-12-01"_s,
                            u"Alias org/fast: Replacement: none → sim/b"_s }));
    QVERIFY(s.screen->previewBar()->saveButton()->isEnabled());
    QCOMPARE(s.screen->list()->item(0, AliasesScreen::StatusColumn)->text(),
             u"deprecated 2026-12-01 → sim/b"_s);
    QTest::mouseClick(s.screen->previewBar()->saveButton(), Qt::LeftButton);
    QCOMPARE(s.f.session->saved().alias(u"org/fast"_s)->deprecationDate, QDate(2026, 12, 1));
    QVERIFY(s.lines().isEmpty());
}

void tst_AliasesScreen::savedAliasReachesGateway_R_ALIAS_2_data()
{
    QTest::addColumn<QString>("edit");
    QTest::addColumn<QDate>("today");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QByteArray>("deprecated");
    const QByteArray header("date=2026-12-01; replacement=sim/b");
    QTest::newRow("deprecated, before its date: header, still the target")
        << u"deprecate"_s << QDate(2026, 11, 29) << u"sim/a"_s << header;
    QTest::newRow("deprecated, from its date on: the replacement")
        << u"deprecate"_s << QDate(2026, 12, 1) << u"sim/b"_s << header;
    QTest::newRow("retargeted: the new target")
        << u"retarget"_s << QDate(2026, 11, 29) << u"sim/c"_s << QByteArray();
}

// An alias edited here and saved is what the running gateway resolves on the next real call
// (R-ALIAS-1, R-ALIAS-2, R-UI-4); the gateway's date is injected.
void tst_AliasesScreen::savedAliasReachesGateway_R_ALIAS_2()
{
    QFETCH(QString, edit);
    QFETCH(QDate, today);
    QFETCH(QString, model);
    QFETCH(QByteArray, deprecated);
    GatewayHarness h;
    h.today = today;
    Domain::Connection &c = h.addConnection(u"sim"_s, {}, Domain::Dialect::Simulator);
    c.simulator.latencyMs = 2;
    c.simulator.tokensPerSecond = 10000;
    for (const QString &name : { u"sim/a"_s, u"sim/b"_s, u"sim/c"_s })
        h.addDirect(name, { u"sim"_s });
    h.ws.aliases << fixture().aliases;
    QVERIFY(h.start());
    StudioFixture f;
    QVERIFY(f.open(h.ws));
    connect(f.session.get(), &Ui::Common::WorkspaceSession::snapshotPublished, h.service.get(),
            &Gateway::GatewayService::applyConfig);
    QCOMPARE(h.chat(u"org/fast"_s).json().value(u"model"_s).toString(), u"sim/a"_s);

    AliasesScreen screen(f.session.get());
    screen.resize(1100, 900);
    screen.show();
    QVERIFY(QTest::qWaitForWindowExposed(&screen));
    QVERIFY(screen.selectAlias(u"org/fast"_s));
    AliasEditor *e = screen.editor();
    if (edit == u"deprecate"_s) {
        clickBox(e->deprecatedBox());
        QDateEdit *date = e->deprecationDateEdit();
        date->setFocus();
        for (const auto &[section, text] : { std::pair { QDateTimeEdit::YearSection, u"2026"_s },
                                             std::pair { QDateTimeEdit::MonthSection, u"12"_s },
                                             std::pair { QDateTimeEdit::DaySection, u"01"_s } }) {
            date->setSelectedSection(section);
            QTest::keyClicks(date, text);
        }
        e->replacementBox()->setFocus();
        QTest::keyClicks(e->replacementBox(), u"sim/b"_s);
    } else {
        e->targetBox()->setFocus();
        QTest::keyClicks(e->targetBox(), u"sim/c"_s);
    }
    QTest::mouseClick(screen.previewBar()->saveButton(), Qt::LeftButton);
    QVERIFY(!f.session->isModified());

    const auto r = h.chat(u"org/fast"_s);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.header("ib-alias-deprecated"), deprecated);
    QCOMPARE(r.json().value(u"model"_s).toString(), model);
    const auto receipt = h.receipt(r.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->alias, u"org/fast"_s);
    QCOMPARE(receipt->modelResolved, model);
}

void tst_AliasesScreen::deleteAndUndo_R_UI_4()
{
    Shown s;
    QVERIFY(s.open());
    QVERIFY(s.screen->selectAlias(u"org/fast"_s));
    QTest::mouseClick(s.screen->deleteButton(), Qt::LeftButton);
    QCOMPARE(s.lines(), QStringList { u"Alias org/fast: Delete alias org/fast"_s });
    QCOMPARE(s.screen->list()->rowCount(), 0);
    QVERIFY(!s.editor->isEnabled());
    s.f.session->undoStack()->undo();
    QCOMPARE(s.screen->list()->rowCount(), 1);
    QVERIFY(s.lines().isEmpty());
}

void tst_AliasesScreen::recentCallsCount_R_UI_6()
{
    Shown s;
    QVERIFY(s.open());
    const QDateTime now(QDate(2026, 11, 20), QTime(12, 0), Qt::UTC);
    Store::ReceiptWriter writer(s.f.temp.path());
    QVERIFY(writer.start().ok());
    const QList<std::pair<QString, int>> calls {
        { u"org/fast"_s, 1 }, { u"org/fast"_s, 6 }, { u"org/fast"_s, 8 }, { u""_s, 1 }
    };
    int n = 0;
    for (const auto &[alias, daysAgo] : calls) {
        Domain::Receipt r;
        r.requestId = u"req_%1"_s.arg(++n);
        r.startedAt = now.addDays(-daysAgo);
        r.alias = alias;
        r.modelAsked = alias.isEmpty() ? u"sim/a"_s : alias;
        writer.submit(r);
    }
    QVERIFY(writer.flush().ok());
    auto db = Store::Database::open(s.f.temp.path(), Store::Database::Mode::ReadOnly);
    QVERIFY(db.ok());
    Store::ReceiptReader reader(*db.value());

    s.screen->setReceiptReader(&reader, [now] { return now; });

    QCOMPARE(s.screen->list()->item(0, AliasesScreen::CallsColumn)->text(), u"2"_s);
    QCOMPARE(s.editor->usageLabel()->text(), u"2 calls named this alias in the last 7 days"_s);
    writer.stop();
}

QTEST_MAIN(tst_AliasesScreen)
#include "tst_aliasesscreen.moc"
