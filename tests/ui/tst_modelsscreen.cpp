#include "common/changepreviewbar.h"
#include "common/editcommands.h"
#include "gateway/gatewaymonitor.h"
#include "models/modellistmodel.h"
#include "models/modeloverviewtab.h"
#include "models/modelsettingstab.h"
#include "models/modelsscreen.h"
#include "models/pooleditor.h"
#include "models/recoveryeditor.h"
#include "uitestsupport.h"

#include <QComboBox>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QUndoStack>

using namespace Qt::StringLiterals;
using namespace Ui;

namespace {

// The demo workspace plus a Direct model to turn into a pool, and optionally many more deployments.
Domain::Workspace workspace(int extraModels = 0)
{
    Domain::Workspace ws = fixtureWorkspace();
    Domain::Model m;
    m.name = u"team/gpt-4o"_s;
    m.offerings.append(Domain::Offering { u"sim-east"_s, u"gpt-4o"_s });
    ws.models.append(m);
    for (int i = 1; i <= extraModels; ++i) {
        Domain::Model extra;
        extra.name = u"bulk/m%1"_s.arg(i, 2, 10, QChar(u'0'));
        extra.offerings.append(Domain::Offering { u"sim-east"_s, u"gpt-4o"_s });
        ws.models.append(extra);
    }
    return ws;
}

QStringList comboItems(const QComboBox *combo)
{
    QStringList items;
    for (int i = 0; i < combo->count(); ++i)
        items.append(combo->itemText(i));
    return items;
}

struct Screen
{
    StudioFixture f;
    GatewayControl::GatewayMonitor monitor;
    std::unique_ptr<Models::ModelsScreen> screen;

    bool open(const Domain::Workspace &ws)
    {
        if (!f.open(ws))
            return false;
        screen = std::make_unique<Models::ModelsScreen>(f.session.get(), &monitor);
        screen->resize(1200, 800);
        screen->show();
        return QTest::qWaitForWindowExposed(screen.get());
    }
    Models::PoolEditor *pool() const { return screen->settingsTab()->poolEditor(); }
    Common::ChangePreviewBar *bar() const { return screen->previewBar(); }

    void openSettings(const QString &model)
    {
        screen->selectModel(model);
        QTabBar *tabs = screen->tabs()->tabBar();
        QTest::mouseClick(tabs, Qt::LeftButton, {}, tabs->tabRect(1).center());
    }
};

// Answers the leave-the-model question with `answer` while alive (and a following message, such as
// why a save was refused, with OK), remembering whether it was asked; scoped, so that an unasked
// question does not leave an answerer behind for the next test.
std::unique_ptr<QTimer> answerLeaving(QMessageBox::StandardButton answer, bool *asked)
{
    auto timer = std::make_unique<QTimer>();
    timer->setInterval(10);
    QObject::connect(timer.get(), &QTimer::timeout, timer.get(), [answer, asked] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            if (QAbstractButton *button = box->button(answer)) {
                *asked = true;
                button->click();
            } else {
                box->accept();
            }
        }
    });
    timer->start();
    return timer;
}

int poolWeight(const Domain::Workspace &ws, const QString &model, int row)
{
    return ws.model(model)->pool.deployments.at(row).weight;
}

} // namespace

class tst_ModelsScreen : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void buildPoolByClicksAndTyping_R_UI_3_R_UI_4();
    void weightOutOfRangeRefused_R_UI_3_data();
    void weightOutOfRangeRefused_R_UI_3();
    void seventeenthRowCannotBeAdded_R_UI_3();
    void onlyEligibleModelsOffered_R_PLAN_6_data();
    void onlyEligibleModelsOffered_R_PLAN_6();
    void undoRedoAndDiscardRestoreWidgets_R_UI_4();
    void leavingModelAsks_R_UI_4_data();
    void leavingModelAsks_R_UI_4();
    void deleteRefusedWhileReferenced_R_UI_1_data();
    void deleteRefusedWhileReferenced_R_UI_1();
    void deleteRefusedWhileDirectivesNameIt_R_UI_1();
    void newModelThroughDialog_R_UI_1();
    void newModelRefusesWhatSaveWouldRefuse_R_UI_1_data();
    void newModelRefusesWhatSaveWouldRefuse_R_UI_1();
    void searchFiltersTheList_R_UI_1();
    void recoveryRangeExplained_R_UI_3();
    void maxOutputTokensEditedAndSaved_R_XLAT_2();
    void healthMarkFollowsGateway_R_UI_11();
};

void tst_ModelsScreen::buildPoolByClicksAndTyping_R_UI_3_R_UI_4()
{
    Screen s;
    QVERIFY(s.open(workspace()));
    QVERIFY(!s.bar()->isVisible());
    s.openSettings(u"team/gpt-4o"_s);
    QCOMPARE(s.screen->tabs()->currentWidget(), s.screen->settingsTab());

    QTest::mouseClick(s.pool()->poolButton(), Qt::LeftButton);
    QVERIFY(s.bar()->isVisible());
    QCOMPARE(s.pool()->rowCount(), 0);
    QVERIFY(!s.bar()->saveButton()->isEnabled());
    QVERIFY(s.bar()->problemsText().contains(u"Pool team/gpt-4o has no deployments"_s));

    QTest::mouseClick(s.pool()->addButton(), Qt::LeftButton);
    QCOMPARE(s.pool()->rowCount(), 1);
    QCOMPARE(s.pool()->deploymentCombo(0)->currentText(), u"sim-east/gpt-4o"_s);
    typeInto(s.pool()->weightSpin(0), u"3"_s);
    QTest::mouseClick(s.pool()->addButton(), Qt::LeftButton);
    QCOMPARE(s.pool()->rowCount(), 2);
    QCOMPARE(s.pool()->deploymentCombo(1)->currentText(), u"sim-west-eu/gpt-4o"_s);
    s.pool()->deploymentCombo(1)->setFocus();
    QTest::keyClick(s.pool()->deploymentCombo(1), Qt::Key_Down);
    QCOMPARE(s.pool()->deploymentCombo(1)->currentText(), u"sim-flaky/gpt-4o"_s);
    QCOMPARE(s.pool()->countLabel()->text(), u"(2 of 16)"_s);
    typeInto(s.pool()->regionsEdit(), u"us-east-1"_s);

    const QStringList expected {
        u"Model team/gpt-4o: Deployment pool: Direct → Pool"_s,
        u"Model team/gpt-4o: Add deployment sim-east/gpt-4o (weight 3)"_s,
        u"Model team/gpt-4o: Add deployment sim-flaky/gpt-4o (weight 1)"_s,
        u"Model team/gpt-4o: Allowed regions: none → us-east-1"_s,
    };
    QCOMPARE(s.bar()->changeLines(), expected);
    QCOMPARE(s.bar()->summaryText(),
             u"4 changes: Model team/gpt-4o: Deployment pool: Direct → Pool · Model team/gpt-4o: "
             "Add deployment sim-east/gpt-4o (weight 3) · …"_s);
    auto *fullList = s.bar()->findChild<QLabel *>(u"changeList"_s);
    QVERIFY(!fullList->isVisible());
    QTest::mouseClick(s.bar()->findChild<QToolButton *>(), Qt::LeftButton);
    QVERIFY(fullList->isVisible());
    QCOMPARE(fullList->text(), expected.join(u'\n'));
    QVERIFY(s.bar()->saveButton()->isEnabled());

    QTest::mouseClick(s.bar()->saveButton(), Qt::LeftButton);
    QCOMPARE(s.f.store->versions().size(), 2);
    QCOMPARE(Common::changeLines(s.f.store->versions().first().changes), expected);
    QVERIFY(!s.bar()->isVisible());
    QCOMPARE(s.screen->overviewTab()->sentencesText().split(u'\n').first(),
             u"Weighted across 2 deployments, only in us-east-1."_s);
    QCOMPARE(
        s.screen->listModel()->data(s.screen->listModel()->index(
            s.screen->listModel()->rowOf(u"team/gpt-4o"_s), Models::ModelListModel::RouteColumn)),
        QVariant(u"Pool · 2"_s));
}

void tst_ModelsScreen::weightOutOfRangeRefused_R_UI_3_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("reason");
    QTest::newRow("zero") << u"0"_s
                          << u"Weight of sim-east/gpt-4o must be between 1 and 10,000 (is 0)."_s;
    QTest::newRow("10,001")
        << u"10001"_s << u"Weight of sim-east/gpt-4o must be between 1 and 10,000 (is 10,001)."_s;
}

void tst_ModelsScreen::weightOutOfRangeRefused_R_UI_3()
{
    QFETCH(QString, typed);
    QFETCH(QString, reason);
    Screen s;
    QVERIFY(s.open(workspace()));
    s.openSettings(u"demo/chat"_s);
    typeInto(s.pool()->weightSpin(0), typed);
    QCOMPARE(s.pool()->rowError(0)->text(), reason);
    QVERIFY(s.pool()->rowError(0)->isVisible());
    QCOMPARE(s.pool()->weightSpin(0)->toolTip(), reason);
    QVERIFY(s.pool()->weightSpin(0)->property("invalid").toBool());
    QVERIFY(!s.bar()->saveButton()->isEnabled());
    QCOMPARE(s.bar()->saveButton()->toolTip(), u"Cannot save: "_s + reason);
    QCOMPARE(s.bar()->problemsText(), reason);
    QTest::mouseClick(s.bar()->saveButton(), Qt::LeftButton);
    QCOMPARE(s.f.store->versions().size(), 1);
    typeInto(s.pool()->weightSpin(0), u"5"_s);
    QVERIFY(!s.pool()->rowError(0)->isVisible());
    QVERIFY(s.bar()->saveButton()->isEnabled());
}

void tst_ModelsScreen::seventeenthRowCannotBeAdded_R_UI_3()
{
    Screen s;
    QVERIFY(s.open(workspace(17)));
    s.openSettings(u"demo/chat"_s);
    QCOMPARE(s.pool()->rowCount(), 2);
    for (int i = 0; i < 14; ++i)
        QTest::mouseClick(s.pool()->addButton(), Qt::LeftButton);
    QCOMPARE(s.pool()->rowCount(), 16);
    QCOMPARE(s.pool()->countLabel()->text(), u"(16 of 16)"_s);
    QVERIFY(!s.pool()->addButton()->isEnabled());
    QCOMPARE(s.pool()->addButton()->toolTip(), u"A pool holds at most 16 deployments."_s);
    QTest::mouseClick(s.pool()->addButton(), Qt::LeftButton);
    QCOMPARE(s.pool()->rowCount(), 16);
    QCOMPARE(s.f.session->edited().model(u"demo/chat"_s)->pool.deployments.size(), 16);
    QVERIFY(s.bar()->saveButton()->isEnabled());
}

void tst_ModelsScreen::onlyEligibleModelsOffered_R_PLAN_6_data()
{
    QTest::addColumn<QString>("excluded");
    QTest::newRow("a pooled model") << u"demo/chat"_s;
    QTest::newRow("the model itself") << u"demo/resilient"_s;
    QTest::newRow("another modality") << u"sim-east/text-embedding-3-small"_s;
    QTest::newRow("a disabled model") << u"sim-east/claude-sonnet-5"_s;
    QTest::newRow("already a row") << u"sim-east/gpt-4o"_s;
}

void tst_ModelsScreen::onlyEligibleModelsOffered_R_PLAN_6()
{
    QFETCH(QString, excluded);
    Domain::Workspace ws = workspace();
    ws.model(u"sim-east/claude-sonnet-5"_s)->enabled = false;
    Screen s;
    QVERIFY(s.open(ws));
    s.openSettings(u"demo/resilient"_s);
    // Row 0 is sim-flaky/gpt-4o; sim-east/gpt-4o is row 1, so row 0 must not offer it.
    const QStringList offered = comboItems(s.pool()->deploymentCombo(0));
    QVERIFY2(!offered.contains(excluded), qPrintable(offered.join(u", "_s)));
    QVERIFY(offered.contains(u"sim-west-eu/gpt-4o"_s));
    QVERIFY(offered.contains(u"team/gpt-4o"_s));
}

void tst_ModelsScreen::undoRedoAndDiscardRestoreWidgets_R_UI_4()
{
    Screen s;
    QVERIFY(s.open(workspace()));
    s.openSettings(u"demo/chat"_s);
    const Domain::Workspace saved = s.f.session->saved();
    typeInto(s.pool()->weightSpin(1), u"25"_s);
    typeInto(s.pool()->regionsEdit(), u"us-east-1, eu-west-1"_s);
    QTest::mouseClick(s.pool()->removeButton(0), Qt::LeftButton);
    QCOMPARE(s.pool()->rowCount(), 1);
    const Domain::Workspace edited = s.f.session->edited();
    QUndoStack *undo = s.f.session->undoStack();
    QCOMPARE(undo->count(), 3);

    undo->undo();
    QCOMPARE(s.pool()->rowCount(), 2);
    QCOMPARE(s.pool()->weightSpin(0)->value(), 3);
    undo->undo();
    QCOMPARE(s.pool()->regionsEdit()->text(), QString());
    undo->undo();
    QCOMPARE(s.pool()->weightSpin(1)->value(), 1);
    QVERIFY(s.f.session->edited() == saved);
    QVERIFY(!s.bar()->isVisible());

    undo->redo();
    undo->redo();
    undo->redo();
    QVERIFY(s.f.session->edited() == edited);
    QCOMPARE(s.pool()->rowCount(), 1);
    QCOMPARE(s.pool()->weightSpin(0)->value(), 25);
    QCOMPARE(s.pool()->regionsEdit()->text(), u"us-east-1, eu-west-1"_s);

    QTest::mouseClick(s.bar()->discardButton(), Qt::LeftButton);
    QVERIFY(s.f.session->edited() == saved);
    QCOMPARE(s.pool()->rowCount(), 2);
    QCOMPARE(s.pool()->weightSpin(0)->value(), 3);
    QCOMPARE(s.pool()->weightSpin(1)->value(), 1);
    QCOMPARE(s.pool()->regionsEdit()->text(), QString());
    QVERIFY(!s.bar()->isVisible());
}

void tst_ModelsScreen::leavingModelAsks_R_UI_4_data()
{
    QTest::addColumn<QString>("edited");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<int>("answer");
    QTest::addColumn<bool>("asked");
    QTest::addColumn<QString>("selected");
    QTest::addColumn<int>("editedWeight");
    QTest::addColumn<int>("versions");

    QTest::newRow("cancel keeps the model and the edit")
        << u"demo/chat"_s << u"5"_s << int(QMessageBox::Cancel) << true << u"demo/chat"_s << 5 << 1;
    QTest::newRow("discard moves and drops the edit")
        << u"demo/chat"_s << u"5"_s << int(QMessageBox::Discard) << true << u"team/gpt-4o"_s << 3
        << 1;
    QTest::newRow("save moves and writes one version")
        << u"demo/chat"_s << u"5"_s << int(QMessageBox::Save) << true << u"team/gpt-4o"_s << 5 << 2;
    QTest::newRow("save refused by validation stays")
        << u"demo/chat"_s << u"0"_s << int(QMessageBox::Save) << true << u"demo/chat"_s << 0 << 1;
    QTest::newRow("an edit of another model does not ask")
        << u"demo/resilient"_s << u"5"_s << int(QMessageBox::Cancel) << false << u"team/gpt-4o"_s
        << 3 << 1;
}

void tst_ModelsScreen::leavingModelAsks_R_UI_4()
{
    QFETCH(QString, edited);
    QFETCH(QString, typed);
    QFETCH(int, answer);
    QFETCH(bool, asked);
    QFETCH(QString, selected);
    QFETCH(int, editedWeight);
    QFETCH(int, versions);
    Screen s;
    QVERIFY(s.open(workspace()));
    s.openSettings(u"demo/chat"_s);
    if (edited == u"demo/chat"_s)
        typeInto(s.pool()->weightSpin(0), typed);
    else
        s.f.session->push(
            new Common::SetWeightCommand(s.f.session.get(), edited, 0, typed.toInt()));
    QVERIFY(s.f.session->isModified());

    bool wasAsked = false;
    const auto answerer = answerLeaving(QMessageBox::StandardButton(answer), &wasAsked);
    QTableView *view = s.screen->listView();
    const QModelIndex target = view->model()->index(s.screen->listModel()->rowOf(u"team/gpt-4o"_s),
                                                    Models::ModelListModel::NameColumn);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(target).center());

    QCOMPARE(wasAsked, asked);
    QCOMPARE(s.screen->currentModel(), selected);
    QCOMPARE(view->currentIndex().data(Models::ModelListModel::ModelNameRole).toString(), selected);
    QCOMPARE(poolWeight(s.f.session->edited(), u"demo/chat"_s, 0),
             edited == u"demo/chat"_s ? editedWeight : 3);
    QCOMPARE(s.f.store->versions().size(), versions);
    if (answer == QMessageBox::Discard) {
        // The discard is one undoable step, as the bar's Discard is.
        s.f.session->undoStack()->undo();
        QCOMPARE(poolWeight(s.f.session->edited(), u"demo/chat"_s, 0), 5);
    }
}

void tst_ModelsScreen::deleteRefusedWhileReferenced_R_UI_1_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("refusal");
    QTest::newRow("deployment in pools")
        << u"sim-east/gpt-4o"_s
        << u"sim-east/gpt-4o is a deployment in the pool of demo/chat, demo/resilient; remove it there first."_s;
    QTest::newRow("alias target")
        << u"sim-east/gpt-4o-mini"_s
        << u"sim-east/gpt-4o-mini is the target of the alias org/fast; point the alias elsewhere first."_s;
    QTest::newRow("free") << u"sim-east/claude-sonnet-5"_s << QString();
}

void tst_ModelsScreen::deleteRefusedWhileReferenced_R_UI_1()
{
    QFETCH(QString, model);
    QFETCH(QString, refusal);
    Screen s;
    QVERIFY(s.open(workspace()));
    s.screen->selectModel(model);
    QCOMPARE(s.screen->currentModel(), model);
    QCOMPARE(s.screen->deleteButton()->isEnabled(), refusal.isEmpty());
    if (!refusal.isEmpty()) {
        QCOMPARE(s.screen->deleteButton()->toolTip(), refusal);
        return;
    }
    QTest::mouseClick(s.screen->deleteButton(), Qt::LeftButton);
    QCOMPARE(s.screen->listModel()->rowOf(model), -1);
    QCOMPARE(s.bar()->changeLines(), QStringList { u"Model %1: Delete model %1"_s.arg(model) });
}

void tst_ModelsScreen::deleteRefusedWhileDirectivesNameIt_R_UI_1()
{
    // Deleting a model a fallback list names would leave Save refused; core's referencesTo says
    // so before the click.
    Domain::Workspace ws = workspace();
    for (Domain::Project &p : ws.projects) {
        if (p.id == u"research")
            p.directives.fallbackModels = QStringList { u"team/gpt-4o"_s };
    }
    Screen s;
    QVERIFY(s.open(ws));
    s.screen->selectModel(u"team/gpt-4o"_s);
    QCOMPARE(s.screen->currentModel(), u"team/gpt-4o"_s);
    QVERIFY(!s.screen->deleteButton()->isEnabled());
    QCOMPARE(s.screen->deleteButton()->toolTip(),
             u"team/gpt-4o is a fallback model of the directives of project research; remove it "
             "there first."_s);
    QTest::mouseClick(s.screen->deleteButton(), Qt::LeftButton);
    QVERIFY(s.f.session->edited().model(u"team/gpt-4o"_s));
    QVERIFY(!s.f.session->isModified());
}

void tst_ModelsScreen::newModelRefusesWhatSaveWouldRefuse_R_UI_1_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("refusal");
    QTest::newRow("no namespace")
        << u"newchat"_s
        << u"\"newchat\" is not a model name: it must have the form namespace/id, e.g. "
           "openai-2/gpt-4o."_s;
    QTest::newRow("an alias's name")
        << u"org/fast"_s << u"An alias is named org/fast; a model cannot share its name."_s;
    QTest::newRow("a model's name")
        << u"demo/chat"_s << u"A model named demo/chat exists already."_s;
}

void tst_ModelsScreen::newModelRefusesWhatSaveWouldRefuse_R_UI_1()
{
    QFETCH(QString, name);
    QFETCH(QString, refusal);
    Screen s;
    QVERIFY(s.open(workspace()));
    QString shown;
    whenModal([&](QWidget *w) {
        auto *dialog = qobject_cast<QInputDialog *>(w);
        QVERIFY(dialog);
        dialog->setTextValue(name);
        whenModal([&](QWidget *box) {
            auto *message = qobject_cast<QMessageBox *>(box);
            QVERIFY(message);
            shown = message->text();
            message->accept();
        });
        dialog->accept();
    });
    QTest::mouseClick(s.screen->newButton(), Qt::LeftButton);
    QTRY_COMPARE(shown, refusal);
    QVERIFY(!s.f.session->isModified());
    QVERIFY(!s.f.session->hasErrors());
}

void tst_ModelsScreen::newModelThroughDialog_R_UI_1()
{
    Screen s;
    QVERIFY(s.open(workspace()));
    whenModal([](QWidget *w) {
        auto *dialog = qobject_cast<QInputDialog *>(w);
        QVERIFY(dialog);
        dialog->setTextValue(u"team/new-chat"_s);
        dialog->accept();
    });
    QTest::mouseClick(s.screen->newButton(), Qt::LeftButton);
    QCOMPARE(s.screen->currentModel(), u"team/new-chat"_s);
    QCOMPARE(s.screen->tabs()->currentWidget(), s.screen->settingsTab());
    QCOMPARE(s.bar()->changeLines().first(), u"Model team/new-chat: Create model team/new-chat"_s);
    s.f.session->undoStack()->undo();
    QCOMPARE(s.screen->listModel()->rowOf(u"team/new-chat"_s), -1);
}

void tst_ModelsScreen::searchFiltersTheList_R_UI_1()
{
    Screen s;
    QVERIFY(s.open(workspace()));
    QCOMPARE(s.screen->listView()->model()->rowCount(), 9);
    typeInto(s.screen->searchEdit(), u"demo/"_s);
    QCOMPARE(s.screen->listView()->model()->rowCount(), 2);
    QCOMPARE(s.screen->listView()
                 ->model()
                 ->index(0, Models::ModelListModel::NameColumn)
                 .data()
                 .toString(),
             u"demo/chat"_s);
}

void tst_ModelsScreen::recoveryRangeExplained_R_UI_3()
{
    Screen s;
    QVERIFY(s.open(workspace()));
    s.openSettings(u"demo/chat"_s);
    Models::RecoveryEditor *r = s.screen->settingsTab()->recoveryEditor();
    QVERIFY(!r->spin(Domain::RecoveryField::Attempts)->isEnabled());
    QTest::mouseClick(r->overrideButton(), Qt::LeftButton);
    QVERIFY(r->spin(Domain::RecoveryField::Attempts)->isEnabled());
    typeInto(r->spin(Domain::RecoveryField::Attempts), u"9"_s);
    QCOMPARE(r->errorLabel(Domain::RecoveryField::Attempts)->text(),
             u"Attempts of demo/chat must be between 1 and 8 (is 9)."_s);
    QVERIFY(!s.bar()->saveButton()->isEnabled());
    typeInto(r->spin(Domain::RecoveryField::Attempts), u"5"_s);
    typeInto(r->spin(Domain::RecoveryField::DeadlineMs), u"60000"_s);
    QVERIFY(r->errorLabel(Domain::RecoveryField::Attempts)->text().isEmpty());
    QCOMPARE(s.bar()->changeLines(),
             (QStringList { u"Model demo/chat: Recovery: Default → Override"_s,
                            u"Model demo/chat: Attempts: 3 → 5"_s,
                            u"Model demo/chat: Deadline, ms: 180,000 → 60,000"_s }));
    QVERIFY(s.bar()->saveButton()->isEnabled());
}

// The editor offers the core's limits; the edit shows in the bar and in the saved version.
void tst_ModelsScreen::maxOutputTokensEditedAndSaved_R_XLAT_2()
{
    Screen s;
    QVERIFY(s.open(workspace()));
    s.openSettings(u"sim-east/gpt-4o"_s);
    QSpinBox *spin = s.screen->settingsTab()->maxOutputTokensSpin();
    QVERIFY(spin->isVisible());
    QCOMPARE(spin->minimum(), Domain::Model::kMaxOutputTokens.lowest);
    QCOMPARE(spin->maximum(), Domain::Model::kMaxOutputTokens.highest);
    QCOMPARE(spin->value(), 4096);
    typeInto(spin, u"8192"_s);
    QCOMPARE(s.f.session->edited().model(u"sim-east/gpt-4o"_s)->maxOutputTokens, 8192);
    const QStringList expected { u"Model sim-east/gpt-4o: Max output tokens: 4,096 → 8,192"_s };
    QVERIFY(s.bar()->isVisible());
    QCOMPARE(s.bar()->changeLines(), expected);
    QVERIFY(s.bar()->saveButton()->isEnabled());
    QTest::mouseClick(s.bar()->saveButton(), Qt::LeftButton);
    QCOMPARE(s.f.store->load().value().model(u"sim-east/gpt-4o"_s)->maxOutputTokens, 8192);
    QCOMPARE(Common::changeLines(s.f.store->versions().first().changes), expected);
    QVERIFY(!s.bar()->isVisible());
    // Only chat calls carry max_tokens: an embedding model does not offer it.
    s.openSettings(u"sim-east/text-embedding-3-small"_s);
    QVERIFY(!spin->isVisible());
    // A pool's deployments serve its calls, each sending its own max output tokens.
    s.openSettings(u"demo/chat"_s);
    QVERIFY(!spin->isVisible());
}

void tst_ModelsScreen::healthMarkFollowsGateway_R_UI_11()
{
    Screen s;
    QVERIFY(s.open(workspace()));
    Models::ModelListModel *list = s.screen->listModel();
    const auto mark = [&](const QString &name) {
        return list->index(list->rowOf(name), Models::ModelListModel::HealthColumn)
            .data()
            .toString();
    };
    QCOMPARE(mark(u"demo/chat"_s), u"●"_s);
    s.monitor.setHealth({ { u"sim-west-eu/gpt-4o"_s, u"sim-west-eu/gpt-4o"_s, u"sim-west-eu"_s,
                            60000, false, u"unavailable"_s } });
    QCOMPARE(mark(u"demo/chat"_s), u"◐"_s);
    QCOMPARE(mark(u"sim-west-eu/gpt-4o"_s), u"◐"_s);
    QCOMPARE(mark(u"sim-east/gpt-4o"_s), u"●"_s);
    s.screen->selectModel(u"sim-east/gpt-4o"_s);
    QTest::mouseClick(s.screen->enableButton(), Qt::LeftButton);
    QCOMPARE(mark(u"sim-east/gpt-4o"_s), u"○"_s);
    QCOMPARE(list->index(list->rowOf(u"sim-east/gpt-4o"_s), 0).data(Qt::ToolTipRole).toString(),
             u"Disabled: calls naming sim-east/gpt-4o are refused."_s);
    QCOMPARE(s.screen->enableButton()->text(), u"Enable"_s);
}

QTEST_MAIN(tst_ModelsScreen)
#include "tst_modelsscreen.moc"
