#include "common/changepreviewbar.h"
#include "common/sessiontext.h"
#include "gateway/gatewaymonitor.h"
#include "models/modeloverviewtab.h"
#include "models/modelsettingstab.h"
#include "models/modelsscreen.h"
#include "models/recoveryeditor.h"
#include "uitestsupport.h"
#include "workspace/classifierruleseditor.h"
#include "workspace/ruletext.h"
#include "workspace/workspacesettingsscreen.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QUndoStack>

using namespace Qt::StringLiterals;
using namespace Ui;
using F = Domain::RecoveryField;

// Workspace settings: the recovery defaults (R-REC-9), and how a model's Recovery group shows them
// (Default read-only) or replaces them (Override), driven through real widgets.
class tst_WorkspaceSettingsScreen : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void editDefaultThenOverride_R_REC_9();
    void keyboardAndRestore_R_REC_9();
    void strictReceiptsSavedLikeEverySetting_R_RCPT_1_R_UI_4();
    void budgetAlertSavedLikeEverySetting_R_BILL_3();
    void sessionWindowEditedAndUndone();
    void classifierRuleTextEditedAndUndone();
    void invalidRuleTextShownAndNotApplied();
    void refusedRuleTextGoesWhenTheRulesChange();
    void classifierRulesClassAndButtons();
};

namespace {

struct Studio
{
    StudioFixture f;
    GatewayControl::GatewayMonitor monitor;
    std::unique_ptr<Workspace::WorkspaceSettingsScreen> settings;
    std::unique_ptr<Models::ModelsScreen> models;

    bool open()
    {
        if (!f.open(fixtureWorkspace()))
            return false;
        settings = std::make_unique<Workspace::WorkspaceSettingsScreen>(f.session.get());
        settings->resize(1000, 900);
        settings->show();
        models = std::make_unique<Models::ModelsScreen>(f.session.get(), &monitor);
        models->resize(1200, 900);
        models->show();
        return QTest::qWaitForWindowExposed(settings.get())
            && QTest::qWaitForWindowExposed(models.get());
    }

    Models::RecoveryEditor *openRecovery(const QString &model)
    {
        models->selectModel(model);
        QTabBar *tabs = models->tabs()->tabBar();
        QTest::mouseClick(tabs, Qt::LeftButton, {}, tabs->tabRect(1).center());
        return models->settingsTab()->recoveryEditor();
    }
};

} // namespace

void tst_WorkspaceSettingsScreen::editDefaultThenOverride_R_REC_9()
{
    Studio s;
    QVERIFY(s.open());
    Workspace::WorkspaceSettingsScreen *w = s.settings.get();
    QCOMPARE(w->spin(int(F::ConnectTimeoutMs))->value(), 10000);
    QVERIFY(w->previewBar()->isHidden());

    // Out of range: named where the field is, and Save is refused.
    typeInto(w->spin(int(F::ConnectTimeoutMs)), u"50"_s);
    QCOMPARE(w->errorLabel(int(F::ConnectTimeoutMs))->text(),
             u"Connect timeout of the workspace defaults must be between 100 and 60,000 ms (is "
             "50)."_s);
    QVERIFY(!w->previewBar()->saveButton()->isEnabled());
    typeInto(w->spin(int(F::ConnectTimeoutMs)), u"2000"_s);
    QVERIFY(w->errorLabel(int(F::ConnectTimeoutMs))->text().isEmpty());
    QCOMPARE(w->previewBar()->changeLines(),
             QStringList { u"Recovery defaults: Connect timeout, ms: 10,000 → 2,000"_s });
    QVERIFY(w->previewBar()->saveButton()->isEnabled());

    // A model on Default shows the workspace's values, read-only.
    Models::RecoveryEditor *r = s.openRecovery(u"demo/chat"_s);
    QVERIFY(r->defaultButton()->isChecked());
    QCOMPARE(r->spin(Domain::RecoveryField::ConnectTimeoutMs)->value(), 2000);
    QVERIFY(!r->spin(Domain::RecoveryField::ConnectTimeoutMs)->isEnabled());
    QVERIFY(r->sourceLabel()->text().contains(u"Workspace settings"_s));
    QVERIFY(s.models->overviewTab()->sentencesText().contains(u"Recovery uses the defaults"_s));
    QVERIFY(!s.models->overviewTab()->sentencesText().contains(u"timeout"_s)); // not saved yet

    // Override starts from what applied, then replaces it for this model only.
    QTest::mouseClick(r->overrideButton(), Qt::LeftButton);
    QVERIFY(r->spin(Domain::RecoveryField::StreamIdleTimeoutMs)->isEnabled());
    QCOMPARE(r->spin(Domain::RecoveryField::ConnectTimeoutMs)->value(), 2000);
    typeInto(r->spin(Domain::RecoveryField::StreamIdleTimeoutMs), u"999"_s);
    QCOMPARE(r->errorLabel(Domain::RecoveryField::StreamIdleTimeoutMs)->text(),
             u"Stream idle timeout of demo/chat must be between 1,000 and 600,000 ms (is 999)."_s);
    typeInto(r->spin(Domain::RecoveryField::StreamIdleTimeoutMs), u"1500"_s);
    QCOMPARE(s.models->previewBar()->changeLines(),
             (QStringList { u"Recovery defaults: Connect timeout, ms: 10,000 → 2,000"_s,
                            u"Model demo/chat: Recovery: Default → Override"_s,
                            u"Model demo/chat: Connect timeout, ms: 10,000 → 2,000"_s,
                            u"Model demo/chat: Stream idle timeout, ms: 30,000 → 1,500"_s }));
    // The workspace page is unchanged by the model's Override.
    QCOMPARE(w->spin(int(F::StreamIdleTimeoutMs))->value(), 30000);

    // Undo goes back through the steps; redo restores them.
    s.f.session->undoStack()->undo();
    QCOMPARE(r->spin(Domain::RecoveryField::StreamIdleTimeoutMs)->value(), 30000);
    s.f.session->undoStack()->redo();
    QCOMPARE(r->spin(Domain::RecoveryField::StreamIdleTimeoutMs)->value(), 1500);

    // Saved as one version; the stored snapshot carries both.
    QTest::mouseClick(w->previewBar()->saveButton(), Qt::LeftButton);
    QVERIFY(!s.f.session->isModified());
    const auto loaded = s.f.store->load();
    QVERIFY(loaded.ok());
    QCOMPARE(loaded.value().recoveryDefaults.connectTimeoutMs, 2000);
    QCOMPARE(loaded.value().model(u"demo/chat"_s)->recovery.override.streamIdleTimeoutMs, 1500);
    QCOMPARE(loaded.value().recovery(*loaded.value().model(u"demo/resilient"_s)).connectTimeoutMs,
             2000);
    // The Overview describes what is saved, naming the timeouts that differ from SPEC's.
    QTRY_VERIFY2(s.models->overviewTab()->sentencesText().contains(
                     u"Recovery is overridden: 3 attempts, deadline 180,000 ms, backoff 100 to "
                     "2,000 ms, cooldown 5,000 ms, connect timeout 2,000 ms, stream idle timeout "
                     "1,500 ms."_s),
                 qPrintable(s.models->overviewTab()->sentencesText()));
}

void tst_WorkspaceSettingsScreen::keyboardAndRestore_R_REC_9()
{
    Studio s;
    QVERIFY(s.open());
    Workspace::WorkspaceSettingsScreen *w = s.settings.get();
    QCOMPARE(w->usageLabel()->text(), u"Models on Default recovery: 8 of 8."_s);

    // Tab walks the settings in the table's order; arrow keys step a value.
    s.models->hide();
    s.settings->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(s.settings.get()));
    w->spin(int(F::CooldownMs))->setFocus();
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), w->spin(int(F::ConnectTimeoutMs)));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), w->spin(int(F::StreamStartTimeoutMs)));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Down);
    QCOMPARE(w->spin(int(F::StreamStartTimeoutMs))->value(), 29999);
    QCOMPARE(w->previewBar()->changeLines(),
             QStringList { u"Recovery defaults: Stream start timeout, ms: 30,000 → 29,999"_s });
    typeInto(w->spin(int(F::Attempts)), u"2"_s);
    QCOMPARE(w->previewBar()->changeLines().size(), 2);

    // Restore is one undoable step back to the values Switchboard ships with.
    QVERIFY(w->restoreButton()->isEnabled());
    QTest::mouseClick(w->restoreButton(), Qt::LeftButton);
    QVERIFY(!s.f.session->isModified());
    QVERIFY(!w->restoreButton()->isEnabled());
    QCOMPARE(w->spin(int(F::Attempts))->value(), 3);
    s.f.session->undoStack()->undo();
    QCOMPARE(w->spin(int(F::Attempts))->value(), 2);
    QCOMPARE(w->spin(int(F::StreamStartTimeoutMs))->value(), 29999);
}

void tst_WorkspaceSettingsScreen::strictReceiptsSavedLikeEverySetting_R_RCPT_1_R_UI_4()
{
    Studio s;
    QVERIFY(s.open());
    Workspace::WorkspaceSettingsScreen *w = s.settings.get();
    QCheckBox *strict = w->strictReceiptsBox();
    QVERIFY(!strict->isChecked());
    QTest::mouseClick(strict, Qt::LeftButton, {}, QPoint(8, strict->height() / 2));
    QVERIFY(strict->isChecked());
    QCOMPARE(w->previewBar()->changeLines(),
             QStringList { u"Workspace: Strict receipts: off → on"_s });
    // Not a check: the screen with the change pending, when SWITCHBOARD_SCREENSHOTS names a folder.
    if (const QString dir = qEnvironmentVariable("SWITCHBOARD_SCREENSHOTS"); !dir.isEmpty()) {
        w->resize(1000, 720);
        w->grab().save(dir + u"/workspace-settings-strict-receipts.png"_s);
    }
    s.f.session->undoStack()->undo();
    QVERIFY(!strict->isChecked());
    QVERIFY(w->previewBar()->isHidden());
    s.f.session->undoStack()->redo();
    QVERIFY(strict->isChecked());
    QTest::mouseClick(w->previewBar()->saveButton(), Qt::LeftButton);
    QVERIFY(!s.f.session->isModified());
    const auto loaded = s.f.store->load();
    QVERIFY(loaded.ok());
    QVERIFY(loaded.value().strictReceipts);
}

void tst_WorkspaceSettingsScreen::budgetAlertSavedLikeEverySetting_R_BILL_3()
{
    Studio s;
    QVERIFY(s.open());
    Workspace::WorkspaceSettingsScreen *w = s.settings.get();
    QSpinBox *alert = w->budgetAlertSpin();
    QCOMPARE(alert->value(), 80);
    QCOMPARE(alert->suffix(), u" %"_s);
    typeInto(alert, u"90"_s);
    QTest::keyClick(alert, Qt::Key_Return);
    QCOMPARE(s.f.session->edited().budgetAlertPercent, 90);
    QCOMPARE(w->previewBar()->changeLines(),
             QStringList { u"Workspace: Budget alert threshold, %: 80 → 90"_s });
    s.f.session->undoStack()->undo();
    QCOMPARE(alert->value(), 80);
    QVERIFY(w->previewBar()->isHidden());
    s.f.session->undoStack()->redo();
    QCOMPARE(alert->value(), 90);
    alert->setValue(0); // 0: never announced
    QCOMPARE(alert->text(), u"Off"_s);
    QTest::mouseClick(w->previewBar()->saveButton(), Qt::LeftButton);
    QVERIFY(!s.f.session->isModified());
    QCOMPARE(s.f.store->load().value().budgetAlertPercent, 0);
}

void tst_WorkspaceSettingsScreen::sessionWindowEditedAndUndone()
{
    Studio s;
    QVERIFY(s.open());
    QSpinBox *window = s.settings->sessionWindowSpin();
    QCOMPARE(window->value(), 30);
    QCOMPARE(window->maximum(), Domain::Workspace::kSessionWindowMinutes.highest);
    typeInto(window, u"45"_s);
    QTest::keyClick(window, Qt::Key_Return);
    QCOMPARE(s.f.session->edited().sessionWindowMinutes, 45);
    QCOMPARE(s.settings->previewBar()->changeLines(),
             QStringList { u"Workspace: Suggestion window, minutes: 30 → 45"_s });
    s.f.session->undoStack()->undo();
    QCOMPARE(window->value(), 30);
    QCOMPARE(s.f.session->edited().sessionWindowMinutes, 30);
    QVERIFY(!s.f.session->isModified());
}

namespace {

using Rules = Workspace::ClassifierRulesEditor;

// Edits the When text of `row` with the keyboard (F2, select all, type, Return).
void typeConditions(Rules *rules, int row, const QString &text)
{
    QTableWidget *table = rules->table();
    table->setFocus();
    table->setCurrentCell(row, Rules::WhenColumn);
    QTest::keyClick(table, Qt::Key_F2);
    auto *editor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
    QVERIFY(editor);
    QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
    if (text.isEmpty())
        QTest::keyClick(editor, Qt::Key_Backspace);
    QTest::keyClicks(editor, text); // ASCII only: QTest cannot type ≥
    QTest::keyClick(editor, Qt::Key_Return);
    QCoreApplication::processEvents(); // the delegate commits on Return through a queued call
}

QString whenText(Rules *rules, int row)
{
    return rules->table()->item(row, Rules::WhenColumn)->text();
}

} // namespace

void tst_WorkspaceSettingsScreen::classifierRuleTextEditedAndUndone()
{
    Studio s;
    QVERIFY(s.open());
    s.models->hide();
    s.settings->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(s.settings.get()));
    Rules *rules = s.settings->rulesEditor();
    const QList<Domain::ClassifierRule> defaults = Domain::defaultClassifierRules();
    QCOMPARE(rules->table()->rowCount(), defaults.size());
    QCOMPARE(whenText(rules, 3), Workspace::conditionsText(defaults.at(3).conditions));
    QCOMPARE(rules->table()->item(3, Rules::ClassColumn)->text(),
             Common::sessionClassName(defaults.at(3).taskClass));
    QVERIFY(!rules->restoreButton()->isEnabled());

    typeConditions(rules, 3, u"code_fences>=2, user_chars <= 400"_s);
    const QList<Domain::ClassifierCondition> expected {
        { Domain::ClassifierSignal::CodeFences, Domain::ClassifierCondition::Op::AtLeast, 2 },
        { Domain::ClassifierSignal::UserChars, Domain::ClassifierCondition::Op::AtMost, 400 }
    };
    QCOMPARE(s.f.session->edited().classifierRules.at(3).conditions, expected);
    QCOMPARE(whenText(rules, 3), u"code_fences ≥ 2, user_chars ≤ 400"_s);
    QVERIFY(rules->restoreButton()->isEnabled());
    QVERIFY(rules->errorLabel()->isHidden());
    QCOMPARE(
        s.settings->previewBar()->changeLines(),
        QStringList { u"Workspace: Classifier rules: changed (%1 rules)"_s.arg(defaults.size()) });

    // Empty: the rule always holds.
    typeConditions(rules, 0, QString());
    QVERIFY(s.f.session->edited().classifierRules.at(0).conditions.isEmpty());

    s.f.session->undoStack()->undo();
    QCOMPARE(whenText(rules, 0), Workspace::conditionsText(defaults.at(0).conditions));
    s.f.session->undoStack()->undo();
    QCOMPARE(whenText(rules, 3), Workspace::conditionsText(defaults.at(3).conditions));
    QCOMPARE(s.f.session->edited().classifierRules, defaults);
    QVERIFY(!s.f.session->isModified());
}

void tst_WorkspaceSettingsScreen::invalidRuleTextShownAndNotApplied()
{
    Studio s;
    QVERIFY(s.open());
    s.models->hide();
    s.settings->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(s.settings.get()));
    Rules *rules = s.settings->rulesEditor();
    typeConditions(rules, 0, u"tools > 1"_s);
    QVERIFY(rules->errorLabel()->isVisible());
    QCOMPARE(rules->errorLabel()->text(),
             u"Rule 1 is not applied: \"tools > 1\" is not a condition: write a signal, ≥ or ≤ "
             "and a whole number, e.g. \"user_chars ≤ 400\"."_s);
    QCOMPARE(whenText(rules, 0), u"tools > 1"_s); // kept as typed, to be corrected
    QCOMPARE(s.f.session->edited().classifierRules, Domain::defaultClassifierRules());
    QVERIFY(!s.f.session->isModified());
    // Not a check: the rules with a refused text, when SWITCHBOARD_SCREENSHOTS names a folder.
    if (const QString dir = qEnvironmentVariable("SWITCHBOARD_SCREENSHOTS"); !dir.isEmpty()) {
        s.settings->resize(1000, 900);
        if (auto *scroll = s.settings->findChild<QScrollArea *>())
            scroll->ensureWidgetVisible(rules->restoreButton());
        QCoreApplication::processEvents();
        s.settings->grab().save(dir + u"/workspace-settings-sessions.png"_s);
    }

    typeConditions(rules, 0, u"tools >= 2"_s);
    QVERIFY(rules->errorLabel()->isHidden());
    QCOMPARE(s.f.session->edited().classifierRules.at(0).conditions.at(0).value, 2);

    // In shape but out of range: in the draft, where the validator names it and refuses Save.
    typeConditions(rules, 1, u"user_chars <= 100000001"_s);
    QCOMPARE(s.f.session->edited().classifierRules.at(1).conditions.at(0).value, 100000001);
    const QString problem = u"Condition 1 (user_chars) of classifier rule 2 must be between 0 and "
                            "100,000,000 (is 100,000,001)."_s;
    QCOMPARE(rules->errorLabel()->text(), problem);
    QVERIFY(rules->errorLabel()->isVisible());
    QVERIFY(s.settings->previewBar()->problemsText().contains(problem));
    QVERIFY(!s.settings->previewBar()->saveButton()->isEnabled());
}

void tst_WorkspaceSettingsScreen::refusedRuleTextGoesWhenTheRulesChange()
{
    Studio s;
    QVERIFY(s.open());
    s.models->hide();
    s.settings->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(s.settings.get()));
    Rules *rules = s.settings->rulesEditor();
    const QList<Domain::ClassifierRule> defaults = Domain::defaultClassifierRules();
    typeConditions(rules, 0, u"tools >= 2"_s);
    QList<Domain::ClassifierRule> edited = defaults;
    edited[0].conditions
        = { { Domain::ClassifierSignal::Tools, Domain::ClassifierCondition::Op::AtLeast, 2 } };

    // An earlier edit undone: the refused text and its reason go, the draft is only undone.
    typeConditions(rules, 1, u"tools > 1"_s);
    QVERIFY(rules->errorLabel()->isVisible());
    QCOMPARE(s.f.session->edited().classifierRules, edited);
    s.f.session->undoStack()->undo();
    QVERIFY(rules->errorLabel()->isHidden());
    QCOMPARE(whenText(rules, 1), Workspace::conditionsText(defaults.at(1).conditions));
    QCOMPARE(whenText(rules, 0), Workspace::conditionsText(defaults.at(0).conditions));
    QCOMPARE(s.f.session->edited().classifierRules, defaults);
    QVERIFY(!s.f.session->isModified());

    // A move gives row 1 another rule: the text refused there does not follow it, and a fix
    // typed afterwards edits the rule now in that row.
    typeConditions(rules, 1, u"tools > 1"_s);
    rules->table()->selectRow(0);
    QTest::mouseClick(rules->downButton(), Qt::LeftButton);
    QVERIFY(rules->errorLabel()->isHidden());
    QCOMPARE(whenText(rules, 1), Workspace::conditionsText(defaults.at(0).conditions));
    QCOMPARE(s.f.session->edited().classifierRules.at(0), defaults.at(1));
    QCOMPARE(s.f.session->edited().classifierRules.at(1), defaults.at(0));

    // Discard: the same.
    typeConditions(rules, 0, u"tools > 1"_s);
    QVERIFY(rules->errorLabel()->isVisible());
    s.f.session->discard();
    QVERIFY(rules->errorLabel()->isHidden());
    QCOMPARE(whenText(rules, 0), Workspace::conditionsText(defaults.at(0).conditions));
}

void tst_WorkspaceSettingsScreen::classifierRulesClassAndButtons()
{
    Studio s;
    QVERIFY(s.open());
    s.models->hide();
    s.settings->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(s.settings.get()));
    Rules *rules = s.settings->rulesEditor();
    QTableWidget *table = rules->table();
    const QList<Domain::ClassifierRule> defaults = Domain::defaultClassifierRules();

    // The class is chosen from a combo box of the task classes.
    table->setFocus();
    table->setCurrentCell(0, Rules::ClassColumn);
    QTest::keyClick(table, Qt::Key_F2);
    auto *combo = qobject_cast<QComboBox *>(QApplication::focusWidget());
    QVERIFY(combo);
    QCOMPARE(combo->count(), Domain::kTaskClassCount);
    combo->setCurrentIndex(int(Domain::TaskClass::Reasoning));
    QTest::keyClick(combo, Qt::Key_Return);
    QCoreApplication::processEvents();
    QCOMPARE(Domain::toString(s.f.session->edited().classifierRules.at(0).taskClass),
             u"reasoning"_s);
    QCOMPARE(table->item(0, Rules::ClassColumn)->text(), u"Reasoning"_s);

    // Move down, Add below, Remove: each one step.
    table->selectRow(0);
    QVERIFY(!rules->upButton()->isEnabled());
    QTest::mouseClick(rules->downButton(), Qt::LeftButton);
    QCOMPARE(s.f.session->edited().classifierRules.at(0), defaults.at(1));
    QCOMPARE(Domain::toString(s.f.session->edited().classifierRules.at(1).taskClass),
             u"reasoning"_s);
    QCOMPARE(table->currentRow(), 1);
    QTest::mouseClick(rules->addButton(), Qt::LeftButton);
    QCOMPARE(s.f.session->edited().classifierRules.size(), defaults.size() + 1);
    QCOMPARE(s.f.session->edited().classifierRules.at(2), Domain::ClassifierRule {});
    QCOMPARE(whenText(rules, 2), QString());
    table->selectRow(2);
    QTest::mouseClick(rules->removeButton(), Qt::LeftButton);
    QCOMPARE(s.f.session->edited().classifierRules.size(), defaults.size());
    s.f.session->undoStack()->undo();
    QCOMPARE(table->rowCount(), defaults.size() + 1);

    // Restore defaults is one step, undone as one.
    QTest::mouseClick(rules->restoreButton(), Qt::LeftButton);
    QCOMPARE(s.f.session->edited().classifierRules, defaults);
    QVERIFY(!rules->restoreButton()->isEnabled());
    s.f.session->undoStack()->undo();
    QCOMPARE(table->rowCount(), defaults.size() + 1);
    QCOMPARE(s.f.session->undoStack()->count(), 4);
}

QTEST_MAIN(tst_WorkspaceSettingsScreen)
#include "tst_workspacesettingsscreen.moc"
