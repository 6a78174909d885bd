// Directives screen: edits of each kind of directive by clicks and typing, the preview bar's exact
// lines, undo, validation at the field, save as one version, and the effective view's provenance
// (R-UI-6, R-UI-4, R-DIR-1, R-PREC-1, R-REC-1, R-FALL-1).

#include "../gateway/gatewayharness.h"
#include "common/changepreviewbar.h"
#include "directives/directiveseditor.h"
#include "directives/directivesscreen.h"
#include "directives/effectiveview.h"
#include "directives/stringlisteditor.h"
#include "explain/routeexplainer.h"
#include "gateway/gatewaymonitor.h"
#include "uitestsupport.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>

using namespace Qt::StringLiterals;
using Ui::Directives::DirectivesEditor;
using Ui::Directives::DirectivesScreen;
using Ui::Directives::DirectiveTarget;
using Ui::Directives::StringListEditor;
using Level = Domain::DirectiveLevel;

namespace {

const QString kHash = QString(64, u'a');

Domain::Workspace fixture()
{
    Domain::Workspace ws;
    ws.providers = { { u"simulator"_s, u"Simulator"_s, true, true, u"built in"_s },
                     { u"azure"_s, u"Azure"_s, true, true, u"listing"_s },
                     { u"openai"_s, u"OpenAI"_s, false, true, u"listing"_s } };
    for (const auto &[name, provider] :
         { std::pair { u"sim-a"_s, u"simulator"_s }, std::pair { u"az-eu"_s, u"azure"_s } }) {
        Domain::Connection c;
        c.name = name;
        c.provider = provider;
        c.kind = Domain::Dialect::Simulator;
        ws.connections << c;
    }
    for (const QString &name : { u"sim-a/small"_s, u"sim-a/big"_s, u"az-eu/chat"_s }) {
        Domain::Model m;
        m.name = name;
        m.offerings = { Domain::Offering { name.section(u'/', 0, 0), name.section(u'/', 1) } };
        ws.models << m;
    }
    ws.projects = { { u"default"_s, u"Default"_s, {} }, { u"research"_s, u"Research"_s, {} } };
    Domain::Key ci;
    ci.id = u"key_ci"_s;
    ci.project = u"research"_s;
    ci.name = u"ci"_s;
    ci.sha256Hex = kHash;
    ws.keys << ci;
    return ws;
}

// Clicks a check box on its indicator, where a user clicks.
void clickBox(QCheckBox *box)
{
    QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(8, box->height() / 2));
}

void addByTyping(StringListEditor *list, const QString &text)
{
    list->entry()->setFocus();
    QTest::keyClicks(list->entry(), text);
    QTest::mouseClick(list->addButton(), Qt::LeftButton);
}

enum Edit {
    DenyProvider,
    RequireZdr,
    RequireNoTraining,
    MinPrecisionFp8,
    CapAttempts,
    AllowFallback,
    FallbackList,
    AllowVendor,
    AllowProvider,
};

} // namespace

class tst_DirectivesScreen : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void editEachKind_R_DIR_1_data();
    void editEachKind_R_DIR_1();
    void saveMakesOneVersion_R_UI_4();
    void invalidCapBlocksSave_R_REC_1();
    void effectiveNamesLevel_R_DIR_1_data();
    void effectiveNamesLevel_R_DIR_1();
    void teamDecidesFallback_R_FALL_1();
    void treeListsLevels_R_UI_6();
    void savedDirectivesReachGateway_R_PLAN_4_data();
    void savedDirectivesReachGateway_R_PLAN_4();
    void explainFromEffectiveView_R_UI_8();

private:
    void perform(DirectivesScreen &screen, Edit edit);
};

void tst_DirectivesScreen::perform(DirectivesScreen &screen, Edit edit)
{
    DirectivesEditor *e = screen.editor();
    switch (edit) {
    case DenyProvider:
        addByTyping(e->deniedProviders(), u"azure"_s);
        break;
    case RequireZdr:
        QTest::keyClick(e->requireZdrBox(), Qt::Key_Down);
        break;
    case RequireNoTraining:
        QTest::keyClick(e->requireNoTrainingBox(), Qt::Key_Down);
        break;
    case MinPrecisionFp8:
        QTest::keyClick(e->minPrecisionBox(), Qt::Key_Down);
        QTest::keyClick(e->minPrecisionBox(), Qt::Key_Down);
        break;
    case CapAttempts:
        clickBox(e->capAttemptsBox());
        typeInto(e->maxAttemptsSpin(), u"2"_s);
        break;
    case AllowFallback:
        QTest::keyClick(e->allowFallbackBox(), Qt::Key_Down);
        break;
    case FallbackList:
        clickBox(e->ownFallbackListBox());
        addByTyping(e->fallbackModels(), u"sim-a/big"_s);
        addByTyping(e->fallbackModels(), u"az-eu/chat"_s);
        // Reorder: az-eu/chat first.
        e->fallbackModels()->list()->setCurrentRow(1);
        QTest::mouseClick(e->fallbackModels()->upButton(), Qt::LeftButton);
        break;
    case AllowVendor:
        clickBox(e->restrictModelsBox());
        addByTyping(e->allowedModels(), u"sim-a/*"_s);
        break;
    case AllowProvider:
        clickBox(e->restrictProvidersBox());
        addByTyping(e->allowedProviders(), u"simulator"_s);
        break;
    }
}

void tst_DirectivesScreen::editEachKind_R_DIR_1_data()
{
    QTest::addColumn<int>("level");
    QTest::addColumn<QString>("id");
    QTest::addColumn<int>("edit");
    QTest::addColumn<QString>("line");
    const int ws = int(Level::Workspace), project = int(Level::Project), key = int(Level::Key);
    QTest::newRow("deny provider, project")
        << project << u"research"_s << int(DenyProvider)
        << u"Directives: project research: Denied providers: none → azure"_s;
    QTest::newRow("require ZDR, project")
        << project << u"research"_s << int(RequireZdr)
        << u"Directives: project research: Require ZDR: unset → on"_s;
    QTest::newRow("require no training, key")
        << key << u"key_ci"_s << int(RequireNoTraining)
        << u"Directives: key ci: Require no training: unset → on"_s;
    QTest::newRow("minimum precision, workspace")
        << ws << QString() << int(MinPrecisionFp8)
        << u"Directives: workspace: Minimum precision: unset → fp8"_s;
    QTest::newRow("attempt cap, key")
        << key << u"key_ci"_s << int(CapAttempts)
        << u"Directives: key ci: Max application attempts: unset → 2"_s;
    QTest::newRow("allow fallback, workspace")
        << ws << QString() << int(AllowFallback)
        << u"Directives: workspace: Allow model fallback: unset → on"_s;
    QTest::newRow("ordered fallback list, project")
        << project << u"default"_s << int(FallbackList)
        << u"Directives: project default: Fallback models: none → az-eu/chat, sim-a/big"_s;
    QTest::newRow("vendor pattern, workspace")
        << ws << QString() << int(AllowVendor)
        << u"Directives: workspace: Allowed models: any → sim-a/*"_s;
    QTest::newRow("allowed providers, key")
        << key << u"key_ci"_s << int(AllowProvider)
        << u"Directives: key ci: Allowed providers: any → simulator"_s;
}

void tst_DirectivesScreen::editEachKind_R_DIR_1()
{
    QFETCH(int, level);
    QFETCH(QString, id);
    QFETCH(int, edit);
    QFETCH(QString, line);
    StudioFixture f;
    QVERIFY(f.open(fixture()));
    DirectivesScreen screen(f.session.get());
    screen.resize(1100, 900);
    screen.show();
    QVERIFY(QTest::qWaitForWindowExposed(&screen));
    QVERIFY(screen.selectTarget({ Level(level), id }));
    QVERIFY(!screen.previewBar()->isVisible());

    perform(screen, Edit(edit));

    QCOMPARE(screen.previewBar()->changeLines(), QStringList { line });
    QVERIFY(screen.previewBar()->isVisible());
    // Every edit is undoable back to the saved state.
    while (f.session->undoStack()->canUndo())
        f.session->undoStack()->undo();
    QVERIFY(screen.previewBar()->changeLines().isEmpty());
    QCOMPARE(f.session->edited(), f.session->saved());
}

void tst_DirectivesScreen::saveMakesOneVersion_R_UI_4()
{
    StudioFixture f;
    QVERIFY(f.open(fixture()));
    DirectivesScreen screen(f.session.get());
    screen.resize(1100, 900);
    screen.show();
    QVERIFY(QTest::qWaitForWindowExposed(&screen));
    QVERIFY(screen.selectTarget({ Level::Project, u"research"_s }));
    perform(screen, DenyProvider);
    perform(screen, RequireZdr);
    QCOMPARE(screen.previewBar()->changeLines().size(), 2);
    const int before = f.store->latestVersion();

    QTest::mouseClick(screen.previewBar()->saveButton(), Qt::LeftButton);

    QCOMPARE(f.store->latestVersion(), before + 1);
    const Domain::Directives &saved = f.session->saved().project(u"research"_s)->directives;
    QCOMPARE(saved.deniedProviders, QStringList { u"azure"_s });
    QCOMPARE(saved.requireZdr, std::optional<bool>(true));
    QCOMPARE(Ui::Common::changeLines(f.store->versionInfo(before + 1)->changes),
             (QStringList { u"Directives: project research: Denied providers: none → azure"_s,
                            u"Directives: project research: Require ZDR: unset → on"_s }));
    QVERIFY(!screen.previewBar()->isVisible());
    const auto loaded = f.store->load();
    QVERIFY(loaded.ok());
    QCOMPARE(loaded.value().project(u"research"_s)->directives, saved);
}

void tst_DirectivesScreen::invalidCapBlocksSave_R_REC_1()
{
    StudioFixture f;
    QVERIFY(f.open(fixture()));
    DirectivesScreen screen(f.session.get());
    screen.resize(1100, 900);
    screen.show();
    QVERIFY(QTest::qWaitForWindowExposed(&screen));
    DirectivesEditor *e = screen.editor();
    clickBox(e->capAttemptsBox());
    typeInto(e->maxAttemptsSpin(), u"9"_s);

    QVERIFY(e->maxAttemptsSpin()->property("invalid").toBool());
    QVERIFY(!screen.previewBar()->saveButton()->isEnabled());
    QVERIFY2(screen.previewBar()->problemsText().contains(u"Max application attempts"_s),
             qPrintable(screen.previewBar()->problemsText()));
    typeInto(e->maxAttemptsSpin(), u"8"_s);
    QVERIFY(!e->maxAttemptsSpin()->property("invalid").toBool());
    QVERIFY(screen.previewBar()->saveButton()->isEnabled());
    // Turning the cap on and typing in it edit one field: one undo step back to unset.
    QCOMPARE(f.session->undoStack()->count(), 1);
    f.session->undoStack()->undo();
    QVERIFY(!f.session->edited().directives.maxApplicationAttempts.has_value());
    QVERIFY(!e->capAttemptsBox()->isChecked());
}

void tst_DirectivesScreen::effectiveNamesLevel_R_DIR_1_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("setBy");
    QTest::newRow("denied beats allowed")
        << u"Denied providers"_s << u"azure (project research)"_s << u"project research"_s;
    QTest::newRow("allowed providers intersect")
        << u"Allowed providers"_s << u"simulator"_s << u"workspace (team)"_s;
    QTest::newRow("highest precision")
        << u"Minimum precision"_s << u"bf16"_s << u"project research"_s;
    QTest::newRow("lowest cap") << u"Max application attempts"_s << u"2"_s << u"key ci"_s;
    QTest::newRow("zdr from key") << u"Require ZDR"_s << u"on"_s << u"key ci"_s;
    QTest::newRow("no training unset") << u"Require no training"_s << u"off"_s << u"default"_s;
    QTest::newRow("team allows fallback")
        << u"Allow model fallback"_s << u"on"_s << u"workspace (team)"_s;
    QTest::newRow("most specific list")
        << u"Fallback models"_s << u"sim-a/big"_s << u"project research"_s;
    QTest::newRow("allowed models every level")
        << u"Allowed models"_s << u"workspace (team): sim-a/*, az-eu/chat; key ci: sim-a/*"_s
        << u"workspace (team), key ci"_s;
}

void tst_DirectivesScreen::effectiveNamesLevel_R_DIR_1()
{
    QFETCH(QString, field);
    QFETCH(QString, value);
    QFETCH(QString, setBy);
    Domain::Workspace ws = fixture();
    ws.directives.minPrecision = Domain::Precision::Fp8;
    ws.directives.maxApplicationAttempts = 3;
    ws.directives.allowModelFallback = true;
    ws.directives.fallbackModels = QStringList { u"az-eu/chat"_s };
    ws.directives.allowedProviders = QStringList { u"simulator"_s, u"azure"_s };
    ws.directives.allowedModels = QStringList { u"sim-a/*"_s, u"az-eu/chat"_s };
    Domain::Directives &research = ws.projects[1].directives;
    research.minPrecision = Domain::Precision::Bf16;
    research.deniedProviders = { u"azure"_s };
    research.fallbackModels = QStringList { u"sim-a/big"_s };
    Domain::Directives &key = ws.keys[0].directives;
    key.maxApplicationAttempts = 2;
    key.requireZdr = true;
    key.minPrecision = Domain::Precision::Fp8;
    key.allowedModels = QStringList { u"sim-a/*"_s };
    StudioFixture f;
    QVERIFY(f.open(ws));
    DirectivesScreen screen(f.session.get());
    // Selecting the key in the tree shows its calls in the effective view.
    QVERIFY(screen.selectTarget({ Level::Key, u"key_ci"_s }));
    screen.tabs()->setCurrentIndex(DirectivesScreen::EffectiveTab);
    QTableWidget *table = screen.effectiveView()->table();

    int row = -1;
    for (int r = 0; r < table->rowCount(); ++r) {
        if (table->item(r, Ui::Directives::EffectiveView::FieldColumn)->text() == field)
            row = r;
    }
    QVERIFY2(row >= 0, qPrintable(field));
    QCOMPARE(table->item(row, Ui::Directives::EffectiveView::ValueColumn)->text(), value);
    QCOMPARE(table->item(row, Ui::Directives::EffectiveView::SetByColumn)->text(), setBy);
    QVERIFY(!table->item(row, Ui::Directives::EffectiveView::RuleColumn)->text().isEmpty());
}

void tst_DirectivesScreen::teamDecidesFallback_R_FALL_1()
{
    Domain::Workspace ws = fixture();
    ws.keys[0].directives.allowModelFallback = true; // a key cannot turn on what the team did not
    ws.keys[0].directives.fallbackModels = QStringList { u"sim-a/big"_s };
    StudioFixture f;
    QVERIFY(f.open(ws));
    DirectivesScreen screen(f.session.get());
    QVERIFY(screen.selectTarget({ Level::Key, u"key_ci"_s }));
    const auto rows = screen.effectiveView()->rows();
    const auto fallback = std::find_if(rows.cbegin(), rows.cend(), [](const auto &r) {
        return r.field == u"Allow model fallback"_s;
    });
    QVERIFY(fallback != rows.cend());
    QCOMPARE(fallback->value, u"off"_s);
    QCOMPARE(fallback->setBy, u"workspace (team)"_s);
    QVERIFY2(fallback->rule.contains(u"team decides"_s), qPrintable(fallback->rule));

    // Now the team allows it, edited in the studio (unsaved): the view follows at once.
    QVERIFY(screen.selectTarget({ Level::Workspace, {} }));
    QTest::keyClick(screen.editor()->allowFallbackBox(), Qt::Key_Down);
    screen.effectiveView()->choose(u"research"_s, u"key_ci"_s);
    const auto after = screen.effectiveView()->rows();
    QCOMPARE(after.at(7).value, u"on"_s);
    QCOMPARE(after.at(8).value, u"sim-a/big"_s);
    QCOMPARE(after.at(8).setBy, u"key ci"_s);
}

void tst_DirectivesScreen::treeListsLevels_R_UI_6()
{
    StudioFixture f;
    QVERIFY(f.open(fixture()));
    DirectivesScreen screen(f.session.get());
    QTreeWidget *tree = screen.tree();
    QCOMPARE(tree->topLevelItemCount(), 1);
    QTreeWidgetItem *root = tree->topLevelItem(0);
    QCOMPARE(root->text(0), u"Workspace (team)"_s);
    QCOMPARE(root->childCount(), 2);
    QCOMPARE(root->child(1)->text(0), u"Project Research (research)"_s);
    QCOMPARE(root->child(1)->child(0)->text(0), u"Key ci"_s);
    QVERIFY(!root->child(1)->font(0).bold());
    // A level with rules is shown in bold once it has any.
    QVERIFY(screen.selectTarget({ Level::Project, u"research"_s }));
    QTest::keyClick(screen.editor()->requireZdrBox(), Qt::Key_Down);
    QVERIFY(!screen.tree()->topLevelItem(0)->child(0)->font(0).bold());
    QVERIFY(screen.tree()->topLevelItem(0)->child(1)->font(0).bold());
    QCOMPARE(screen.tree()->topLevelItem(0)->child(1)->text(0), u"Project Research (research)"_s);
    QCOMPARE(screen.currentTarget(), (DirectiveTarget { Level::Project, u"research"_s }));
    QCOMPARE(screen.editor()->titleLabel()->text(), u"Project Research"_s);
}

namespace {

// The gateway of savedDirectivesReachGateway: openai (no ZDR) fp4, azure (ZDR) fp8 and simulator
// bf16 offerings of multi/chat, in that order; down/chat whose only upstream always fails; and the
// two models the FallbackList edit types, sim-a/big and az-eu/chat.
void buildGateway(GatewayHarness &h)
{
    h.ws.providers = { { u"openai"_s, u"OpenAI"_s, false, true, {} },
                       { u"azure"_s, u"Azure"_s, true, true, {} },
                       { u"simulator"_s, u"Simulator"_s, true, true, {} } };
    h.ws.projects << Domain::Project { u"research"_s, u"Research"_s, {} };
    for (const auto &[name, provider] :
         { std::pair { u"oa"_s, u"openai"_s }, std::pair { u"az"_s, u"azure"_s },
           std::pair { u"sim"_s, u"simulator"_s }, std::pair { u"down"_s, u"simulator"_s } }) {
        Domain::Connection &c = h.addConnection(name, {}, Domain::Dialect::Simulator);
        c.provider = provider;
        c.simulator.latencyMs = 2;
        c.simulator.tokensPerSecond = 10000;
        if (name == u"down"_s) {
            c.simulator.failureRate = 1.0;
            c.simulator.failureKinds = { Domain::SimulatedFailure::Unavailable };
        }
    }
    Domain::Model &multi = h.addDirect(u"multi/chat"_s, { u"oa"_s, u"az"_s, u"sim"_s });
    multi.offerings[0].precision = Domain::Precision::Fp4;
    multi.offerings[1].precision = Domain::Precision::Fp8;
    multi.offerings[2].precision = Domain::Precision::Bf16;
    h.addDirect(u"down/chat"_s, { u"down"_s }, GatewayHarness::fastRecovery(3, 0));
    h.addDirect(u"sim-a/big"_s, { u"sim"_s });
    h.addDirect(u"az-eu/chat"_s, { u"az"_s });
}

QStringList skipsOf(const Domain::Receipt &r)
{
    QStringList out;
    for (const Domain::Skip &skip : r.skips)
        out << u"%1:%2:%3"_s.arg(skip.candidate, Domain::toString(skip.reason),
                                 Domain::toString(skip.level));
    return out;
}

} // namespace

void tst_DirectivesScreen::savedDirectivesReachGateway_R_PLAN_4_data()
{
    QTest::addColumn<int>("level");
    QTest::addColumn<QList<int>>("edits");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("servedBy");
    QTest::addColumn<QStringList>("skips");
    QTest::addColumn<QString>("fallback");
    const int project = int(Level::Project), key = int(Level::Key);
    QTest::newRow("project denies azure: policy_denied")
        << project << QList<int> { DenyProvider } << u"multi/chat"_s << u"oa"_s
        << QStringList { u"az:policy_denied:project"_s } << QString();
    QTest::newRow("project requires ZDR: no_zdr")
        << project << QList<int> { RequireZdr } << u"multi/chat"_s << u"az"_s
        << QStringList { u"oa:no_zdr:project"_s } << QString();
    QTest::newRow("key requires fp8: below_min_precision")
        << key << QList<int> { MinPrecisionFp8 } << u"multi/chat"_s << u"az"_s
        << QStringList { u"oa:below_min_precision:key"_s } << QString();
    QTest::newRow("team allows fallback, project orders the list")
        << project << QList<int> { AllowFallback, FallbackList } << u"down/chat"_s << u"az"_s
        << QStringList {} << u"az-eu/chat"_s;
}

// After Save, the gateway routes on the new snapshot: a real call with the affected key gets the
// skips and the fallback the edited directives call for on its receipt (R-UI-4, R-PLAN-4,
// R-FALL-1).
void tst_DirectivesScreen::savedDirectivesReachGateway_R_PLAN_4()
{
    QFETCH(int, level);
    QFETCH(QList<int>, edits);
    QFETCH(QString, model);
    QFETCH(QString, servedBy);
    QFETCH(QStringList, skips);
    QFETCH(QString, fallback);
    GatewayHarness h;
    buildGateway(h);
    const Config::NewKey key
        = Config::makeKey(u"research"_s, u"ci"_s, QDateTime::currentDateTimeUtc());
    h.ws.keys << key.key;
    QVERIFY(h.start());
    StudioFixture f;
    QVERIFY(f.open(h.ws));
    connect(f.session.get(), &Ui::Common::WorkspaceSession::snapshotPublished, h.service.get(),
            &Gateway::GatewayService::applyConfig);
    const auto call = [&] {
        return h.post(u"/v1/chat/completions"_s, GatewayHarness::chatBody(model),
                      { { "Authorization", "Bearer " + key.secret.toLatin1() } }, false);
    };
    if (fallback.isEmpty()) {
        const auto before = call();
        QCOMPARE(before.header("x-gateway-served-by"), QByteArray("oa"));
        QVERIFY(h.receipt(before.requestId())->skips.isEmpty());
    }

    DirectivesScreen screen(f.session.get());
    screen.resize(1100, 900);
    screen.show();
    QVERIFY(QTest::qWaitForWindowExposed(&screen));
    const QString id = level == int(Level::Project) ? u"research"_s
        : level == int(Level::Key)                  ? key.key.id
                                                    : QString();
    for (int edit : edits) {
        // Only the team decides whether fallback is allowed (R-FALL-1); the rest edit the row's
        // level.
        QVERIFY(edit == AllowFallback ? screen.selectTarget({ Level::Workspace, {} })
                                      : screen.selectTarget({ Level(level), id }));
        perform(screen, Edit(edit));
    }
    QCOMPARE(screen.previewBar()->changeLines().size(), edits.size());
    QTest::mouseClick(screen.previewBar()->saveButton(), Qt::LeftButton);
    QVERIFY(!f.session->isModified());

    const auto after = call();
    QCOMPARE(after.status, 200);
    QCOMPARE(after.header("x-gateway-served-by"), servedBy.toLatin1());
    QCOMPARE(after.header("ib-fallback-model"), fallback.toUtf8());
    const auto receipt = h.receipt(after.requestId());
    QVERIFY(receipt);
    QCOMPARE(receipt->keyId, key.key.id);
    QCOMPARE(skipsOf(*receipt), skips);
    QCOMPARE(receipt->fallbackModel, fallback);
    if (!fallback.isEmpty()) {
        QCOMPARE(receipt->modelServed, fallback);
        QVERIFY(receipt->attempts.size() >= 2);
        QCOMPARE(receipt->attempts.first().model, model);
        QVERIFY(!receipt->attempts.first().fallback);
        QVERIFY(receipt->attempts.last().fallback);
        QCOMPARE(receipt->attempts.last().model, fallback);
    }
}

// The effective view opens the route explainer for its caller; the edited (unsaved) denial shows
// as a policy_denied skip at the project level.
void tst_DirectivesScreen::explainFromEffectiveView_R_UI_8()
{
    StudioFixture f;
    QVERIFY(f.open(fixture()));
    Ui::GatewayControl::GatewayMonitor monitor;
    DirectivesScreen screen(f.session.get());
    screen.effectiveView()->setMonitor(&monitor);
    screen.show();
    QVERIFY(QTest::qWaitForWindowExposed(&screen));
    QVERIFY(screen.selectTarget({ Level::Project, u"research"_s }));
    perform(screen, DenyProvider);
    QVERIFY(screen.selectTarget({ Level::Key, u"key_ci"_s }));
    screen.tabs()->setCurrentIndex(DirectivesScreen::EffectiveTab);

    QTest::mouseClick(screen.effectiveView()->explainButton(), Qt::LeftButton);

    auto *dialog = screen.findChild<Ui::Explain::RouteExplainerDialog *>();
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    Ui::Explain::RouteExplainer *explainer = dialog->explainer();
    QCOMPARE(explainer->request().keyId, u"key_ci"_s);
    QCOMPARE(explainer->request().projectId, u"research"_s);
    explainer->modelBox()->setCurrentText(u"az-eu/chat"_s);
    explainer->refresh();
    const QString skips = explainer->skipRows().join(u'\n');
    QVERIFY2(skips.contains(u"policy_denied"_s), qPrintable(skips));
    QVERIFY2(skips.contains(u"project"_s), qPrintable(skips));
    // The dialog follows the running gateway's health: a drained offering is skipped (R-UI-11).
    explainer->modelBox()->setCurrentText(u"sim-a/small"_s);
    explainer->refresh();
    QVERIFY2(!explainer->skipRows().join(u'\n').contains(u"cooling_down"_s),
             qPrintable(explainer->skipRows().join(u'\n')));
    Ui::GatewayControl::HealthRow drained;
    drained.key = u"sim-a/small"_s;
    drained.model = u"sim-a/small"_s;
    drained.connection = u"sim-a"_s;
    drained.drained = true;
    monitor.setHealth({ drained });
    QVERIFY2(explainer->skipRows().join(u'\n').contains(u"cooling_down"_s),
             qPrintable(explainer->skipRows().join(u'\n')));
    dialog->close();
}

QTEST_MAIN(tst_DirectivesScreen)
#include "tst_directivesscreen.moc"
