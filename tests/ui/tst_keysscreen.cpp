#include "common/changepreviewbar.h"
#include "common/theme.h"
#include "gateway/gatewaybinding.h"
#include "gateway/gatewaymonitor.h"
#include "keys/keycreateddialog.h"
#include "keys/keylistmodel.h"
#include "keys/keysscreen.h"
#include "keys/limitseditor.h"
#include "keys/projectlistmodel.h"
#include "keys/sessionseditor.h"
#include "keys/sessionspanel.h"
#include "uitestsupport.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QUndoStack>
#include <config/keys.h>
#include <gateway/gatewayservice.h>
#include <receiptfactory.h>
#include <store/receiptwriter.h>
#include <store/statsloader.h>

using namespace Qt::StringLiterals;
using namespace Ui;

class tst_KeysScreen : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void createdKeyShownOnceThenPrefix_R_UI_6();
    void revokeAsksFirst_R_UI_6_data();
    void revokeAsksFirst_R_UI_6();
    void dialogShowsSecretWithCopy_R_UI_6();
    void limitsEditedPreviewedSavedUndone_R_BILL_3_R_BILL_4();
    void spendFollowsTheGateway_R_BILL_3();
    void sessionsEditedPreviewedUndone();
    void keyLeavingOffKeepsTheFloorInForce();
    void sessionsPanelShowsTheKeysFigures();
};

namespace {

using Field = Keys::LimitsEditor::Field;

QString cell(const QAbstractItemModel *model, int row, int column, int role = Qt::DisplayRole)
{
    return model->index(row, column).data(role).toString();
}

int projectRow(const Keys::KeysScreen &screen, const QString &id)
{
    return screen.projectModel()->rowOf(id);
}

// Switches a limit on with the keyboard (Space on its check box), then types the value and Enter.
void setLimit(Keys::LimitsEditor *editor, Field field, const QString &value)
{
    editor->checkBox(field)->setFocus();
    QTest::keyClick(editor->checkBox(field), Qt::Key_Space);
    QVERIFY(editor->spin(field)->isEnabled());
    typeInto(editor->spin(field), value);
    QTest::keyClick(editor->spin(field), Qt::Key_Return);
}

const QDateTime kNow(QDate(2026, 12, 6), QTime(12, 0), Qt::UTC);

// A call of `key` `daysAgo` UTC days before kNow's, classified in `mode`; savings are binary
// fractions, so their sums are exact.
Domain::Receipt sessionCall(const QString &key, int daysAgo, Domain::SessionMode mode,
                            Domain::TaskClass taskClass, double saving = 0, bool accepted = false)
{
    static int serial = 0;
    Domain::Receipt r = makeReceipt(u"req_%1"_s.arg(++serial), kNow.addDays(-daysAgo),
                                    u"demo/chat"_s, u"openai-2"_s, 100);
    r.keyId = key;
    r.projectId = u"research"_s;
    const QString suggested = saving > 0 ? u"org/fast"_s : QString();
    r.session = { mode, taskClass, u"messages=2 (≥ 1)"_s, suggested, saving, accepted };
    return r;
}

} // namespace

void tst_KeysScreen::createdKeyShownOnceThenPrefix_R_UI_6()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Keys::KeysScreen screen(f.session.get());
    QAbstractItemModelTester tester(screen.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QStringList shown;
    screen.showSecret = [&](const QString &, const QString &secret) { shown.append(secret); };
    screen.show();
    QVERIFY(!screen.createButton()->isEnabled());
    typeInto(screen.keyNameEdit(), u"ci-runner"_s);
    QVERIFY(screen.createButton()->isEnabled());
    QTest::mouseClick(screen.createButton(), Qt::LeftButton);
    QCOMPARE(shown.size(), 1);
    QVERIFY(shown.first().startsWith(u"sb-"_s));
    QCOMPARE(screen.model()->rowCount(), 1);
    const QString prefix
        = screen.model()->index(0, Keys::KeyListModel::PrefixColumn).data().toString();
    QVERIFY(prefix.endsWith(u"…"_s));
    QVERIFY(shown.first().startsWith(prefix.chopped(1)));
    QVERIFY(prefix.size() < shown.first().size());
    const Domain::Key &key = f.session->edited().keys.first();
    QCOMPARE(key.sha256Hex, Config::hashKey(shown.first()));
    QCOMPARE(key.project, u"default"_s);
    QTest::mouseClick(screen.previewBar()->saveButton(), Qt::LeftButton);
    QCOMPARE(f.store->load().value().keys.size(), 1);
    const QStringList lines = Common::changeLines(f.store->versions().first().changes);
    QVERIFY(!lines.isEmpty());
    for (const QString &line : lines)
        QVERIFY(!line.contains(shown.first()));
}

void tst_KeysScreen::revokeAsksFirst_R_UI_6_data()
{
    QTest::addColumn<bool>("confirmed");
    QTest::newRow("confirmed") << true;
    QTest::newRow("cancelled") << false;
}

void tst_KeysScreen::revokeAsksFirst_R_UI_6()
{
    QFETCH(bool, confirmed);
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Keys::KeysScreen screen(f.session.get());
    screen.showSecret = [](const QString &, const QString &) {};
    QStringList asked;
    screen.confirm = [&](const QString &question) {
        asked.append(question);
        return confirmed;
    };
    screen.show();
    screen.createKey(u"research"_s, u"notebook"_s);
    QVERIFY(f.session->save(u"t"_s).ok());
    screen.view()->selectRow(0);
    QVERIFY(screen.revokeButton()->isEnabled());
    QTest::mouseClick(screen.revokeButton(), Qt::LeftButton);
    QCOMPARE(asked.size(), 1);
    QVERIFY(asked.first().contains(u"notebook"_s));
    QCOMPARE(f.session->edited().keys.first().revoked, confirmed);
    QCOMPARE(screen.model()->index(0, Keys::KeyListModel::StateColumn).data().toString(),
             confirmed ? u"revoked"_s : u"active"_s);
    QCOMPARE(screen.revokeButton()->isEnabled(), !confirmed);
}

void tst_KeysScreen::dialogShowsSecretWithCopy_R_UI_6()
{
    Keys::KeyCreatedDialog dialog(u"ci"_s, u"sb-abcdef"_s);
    QCOMPARE(dialog.secretEdit()->text(), u"sb-abcdef"_s);
    QVERIFY(dialog.secretEdit()->isReadOnly());
    QTest::mouseClick(dialog.copyButton(), Qt::LeftButton);
    QCOMPARE(dialog.copyButton()->text(), u"Copied"_s);
}

void tst_KeysScreen::limitsEditedPreviewedSavedUndone_R_BILL_3_R_BILL_4()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Keys::KeysScreen screen(f.session.get());
    QAbstractItemModelTester tester(screen.projectModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    screen.showSecret = [](const QString &, const QString &) {};
    screen.show();
    screen.createKey(u"research"_s, u"notebook"_s);
    QVERIFY(f.session->save(u"t"_s).ok());
    Keys::LimitsEditor *editor = screen.limitsEditor();
    QVERIFY(!editor->checkBox(Field::DailyUsd)->isEnabled());

    screen.view()->selectRow(0);
    QVERIFY(editor->subjectLabel()->text().contains(u"notebook"_s));
    setLimit(editor, Field::DailyUsd, u"5"_s);
    QCOMPARE(f.session->edited().keys.first().limits.dailyUsd, 5.0);
    const int research = projectRow(screen, u"research"_s);
    screen.projectView()->selectRow(research);
    QVERIFY(!screen.view()->currentIndex().isValid()); // one subject across both tables
    QVERIFY(editor->subjectLabel()->text().contains(u"research"_s));
    QVERIFY(!editor->checkBox(Field::DailyUsd)->isChecked());
    setLimit(editor, Field::RequestsPerMinute, u"120"_s);
    QCOMPARE(f.session->edited().project(u"research"_s)->limits.requestsPerMinute, 120);

    const QStringList expected { u"Project research: Requests per minute: no limit → 120"_s,
                                 u"Key notebook: Daily budget: no limit → $5.00"_s };
    QCOMPARE(screen.previewBar()->changeLines(), expected);
    QCOMPARE(cell(screen.model(), 0, Keys::KeyListModel::BudgetColumn), u"$5.00/day"_s);
    QCOMPARE(cell(screen.projectModel(), research, Keys::ProjectListModel::RateLimitsColumn),
             u"120 req/min"_s);

    f.session->undoStack()->undo();
    QVERIFY(!f.session->edited().project(u"research"_s)->limits.requestsPerMinute);
    QVERIFY(!editor->checkBox(Field::RequestsPerMinute)->isChecked());
    QCOMPARE(screen.previewBar()->changeLines(), expected.mid(1));
    f.session->undoStack()->redo();
    QVERIFY(editor->checkBox(Field::RequestsPerMinute)->isChecked());
    QCOMPARE(editor->spin(Field::RequestsPerMinute)->value(), 120.0);

    QTest::mouseClick(screen.previewBar()->saveButton(), Qt::LeftButton);
    const Domain::Workspace saved = f.store->load().value();
    QCOMPARE(saved.keys.first().limits.dailyUsd, 5.0);
    QVERIFY(!saved.keys.first().limits.monthlyUsd);
    QCOMPARE(saved.project(u"research"_s)->limits.requestsPerMinute, 120);
    QCOMPARE(Common::changeLines(f.store->versions().first().changes), expected);

    // Unchecking unsets the limit: no limit at this level.
    screen.view()->selectRow(0);
    QTest::mouseClick(editor->checkBox(Field::DailyUsd), Qt::LeftButton, {},
                      QPoint(8, editor->checkBox(Field::DailyUsd)->height() / 2));
    QVERIFY(!f.session->edited().keys.first().limits.dailyUsd);
    QCOMPARE(screen.previewBar()->changeLines(),
             QStringList { u"Key notebook: Daily budget: $5.00 → no limit"_s });
    QCOMPARE(cell(screen.model(), 0, Keys::KeyListModel::BudgetColumn), u"none"_s);

    // A limit out of its bounds (an imported workspace): named under the field, Save blocked.
    Domain::Workspace ws = f.session->edited();
    ws.keys.first().limits.requestsPerMinute = 0;
    f.session->setEdited(ws);
    QLabel *error = editor->errorLabel(Field::RequestsPerMinute);
    QVERIFY(error->isVisibleTo(editor));
    QCOMPARE(error->text(),
             u"Requests per minute of key notebook must be between 1 and 1,000,000 (is 0)."_s);
    QVERIFY(!screen.previewBar()->saveButton()->isEnabled());
}

void tst_KeysScreen::spendFollowsTheGateway_R_BILL_3()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Keys::KeysScreen screen(f.session.get());
    screen.showSecret = [](const QString &, const QString &) {};
    Gateway::GatewayService gateway;
    GatewayControl::GatewayMonitor monitor;
    GatewayControl::bindGateway(&gateway, &monitor, f.session.get());
    screen.setMonitor(&monitor);
    screen.createKey(u"research"_s, u"notebook"_s);
    screen.createKey(u"default"_s, u"ci-runner"_s);
    Domain::Workspace ws = f.session->edited();
    ws.keys[0].limits.dailyUsd = 5;
    ws.keys[0].limits.monthlyUsd = 100;
    ws.keys[0].limits.requestsPerMinute = 60;
    ws.keys[0].limits.tokensPerMinute = 100000;
    for (Domain::Project &p : ws.projects) {
        if (p.id == u"research"_s)
            p.limits.dailyUsd = 2;
    }
    f.session->setEdited(ws);
    QVERIFY(f.session->save(u"t"_s).ok());
    const QString keyId = ws.keys[0].id;
    const auto *keys = screen.model();
    const auto *projects = screen.projectModel();
    const int research = projectRow(screen, u"research"_s);
    using K = Keys::KeyListModel;
    using P = Keys::ProjectListModel;
    QCOMPARE(cell(keys, 0, K::BudgetColumn), u"$5.00/day · $100.00/month"_s);
    QCOMPARE(cell(keys, 0, K::RateLimitsColumn), u"60 req/min · 100,000 tok/min"_s);
    // Not running: spend is unknown, not zero.
    for (int column : { K::SpentColumn, K::RemainingColumn, K::HoldsColumn })
        QCOMPARE(cell(keys, 0, column), u"—"_s);
    QCOMPARE(cell(keys, 1, K::RemainingColumn), QString()); // no budget, nothing to be left

    Q_EMIT gateway.started(u"127.0.0.1:8640"_s);
    // Started: its spend begins at the gateway's last report, none here, so nothing spent yet.
    QCOMPARE(cell(keys, 0, K::SpentColumn), u"$0.00 · $0.00"_s);
    QCOMPARE(cell(keys, 0, K::RemainingColumn), u"$5.00/day · $100.00/month"_s);
    using Routing::ScopeSpend;
    Q_EMIT gateway.spendChanged({
        ScopeSpend { Domain::SpendScope::Key, keyId, 1.2, 14.3, 0.4, 2, {} },
        ScopeSpend { Domain::SpendScope::Project, u"research"_s, 1.5, 20, 0.6, 3, {} },
    });
    QCOMPARE(cell(keys, 0, K::SpentColumn), u"$1.20 · $14.30"_s);
    QCOMPARE(cell(keys, 0, K::RemainingColumn), u"$3.40/day · $85.30/month"_s);
    QCOMPARE(cell(keys, 0, K::HoldsColumn), u"2 · $0.40"_s);
    QVERIFY(cell(keys, 0, K::RemainingColumn, Qt::ToolTipRole)
                .contains(u"$5.00 budget − ($1.20 spent + $0.40 held) = $3.40"_s));
    QCOMPARE(cell(keys, 1, K::SpentColumn), u"$0.00 · $0.00"_s); // not charged since the start
    QCOMPARE(cell(keys, 1, K::HoldsColumn), u"0"_s);
    // The project's $2 budget: 1.5 spent + 0.6 held is past it, shown as nothing left, in red.
    QCOMPARE(cell(projects, research, P::RemainingColumn), u"$0.00/day"_s);
    QCOMPARE(projects->index(research, P::RemainingColumn).data(Qt::ForegroundRole).value<QColor>(),
             Common::errorColor(QGuiApplication::palette()));
    QVERIFY(cell(projects, research, P::RemainingColumn, Qt::ToolTipRole)
                .contains(u"$2.00 budget − ($1.50 spent + $0.60 held) = −$0.10"_s));

    // Not a check: the screen with budgets and spend, when SWITCHBOARD_SCREENSHOTS names a folder.
    if (const QString dir = qEnvironmentVariable("SWITCHBOARD_SCREENSHOTS"); !dir.isEmpty()) {
        screen.view()->selectRow(0);
        typeInto(screen.limitsEditor()->spin(Field::DailyUsd), u"7.5"_s);
        QTest::keyClick(screen.limitsEditor()->spin(Field::DailyUsd), Qt::Key_Return);
        screen.resize(1280, 760);
        screen.show();
        QVERIFY(QTest::qWaitForWindowExposed(&screen));
        screen.grab().save(dir + u"/keys-budgets.png"_s);
    }

    Q_EMIT gateway.stopped();
    QCOMPARE(cell(keys, 0, K::SpentColumn), u"—"_s);
    QCOMPARE(cell(projects, research, P::HoldsColumn), u"—"_s);
}

// A key's Off follows its project: the column shows the mode in force, the editor names the
// project's; edits are commands the change bar lists and undo reverts (SPEC §6).
void tst_KeysScreen::sessionsEditedPreviewedUndone()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Keys::KeysScreen screen(f.session.get());
    screen.showSecret = [](const QString &, const QString &) {};
    screen.show();
    screen.createKey(u"research"_s, u"notebook"_s);
    QVERIFY(f.session->save(u"t"_s).ok());
    using K = Keys::KeyListModel;
    using P = Keys::ProjectListModel;
    const int research = projectRow(screen, u"research"_s);
    Keys::SessionsEditor *editor = screen.sessionsEditor();
    QVERIFY(!editor->modeBox()->isEnabled());
    QCOMPARE(cell(screen.model(), 0, K::SessionsColumn), u"—"_s);

    screen.view()->selectRow(0);
    QVERIFY(editor->subjectLabel()->text().contains(u"notebook"_s));
    QCOMPARE(editor->modeBox()->currentText(), u"Project's (Off)"_s);
    QVERIFY(!editor->floorSpin()->isEnabled());

    // The project in Shadow: the key that follows it is in Shadow too.
    screen.projectView()->selectRow(research);
    QCOMPARE(editor->modeBox()->currentText(), u"Off"_s);
    editor->modeBox()->setFocus();
    QTest::keyClick(editor->modeBox(), Qt::Key_Down);
    QCOMPARE(Domain::toString(f.session->edited().project(u"research"_s)->sessions.mode),
             u"shadow"_s);
    QCOMPARE(cell(screen.projectModel(), research, P::SessionsColumn), u"Shadow"_s);
    QCOMPARE(cell(screen.model(), 0, K::SessionsColumn), u"Shadow"_s);
    QVERIFY(cell(screen.model(), 0, K::SessionsColumn, Qt::ToolTipRole)
                .contains(u"project's setting"_s));

    // The key's own Suggest with floor 4.
    screen.view()->selectRow(0);
    QCOMPARE(editor->modeBox()->currentText(), u"Project's (Shadow)"_s);
    QCOMPARE(editor->floorSpin()->value(), 3);
    editor->modeBox()->setFocus();
    QTest::keyClick(editor->modeBox(), Qt::Key_End);
    QVERIFY(editor->floorSpin()->isEnabled());
    QVERIFY(editor->floorSpin()->toolTip().contains(u"at least this"_s));
    typeInto(editor->floorSpin(), u"4"_s);
    QTest::keyClick(editor->floorSpin(), Qt::Key_Return);
    const Domain::SessionSettings own = f.session->edited().keys.first().sessions;
    QCOMPARE(Domain::toString(own.mode), u"suggest"_s);
    QCOMPARE(own.qualityFloor, 4);
    QCOMPARE(cell(screen.model(), 0, K::SessionsColumn), u"Suggest"_s);
    QCOMPARE(cell(screen.model(), 0, K::SessionsColumn, Qt::ToolTipRole),
             u"Suggest, quality floor 4"_s);
    const QStringList expected { u"Project research: Session mode: Off → Shadow"_s,
                                 u"Key notebook: Session mode: Project's → Suggest"_s,
                                 u"Key notebook: Quality floor: 3 → 4"_s };
    QCOMPARE(screen.previewBar()->changeLines(), expected);

    // The floor's steps merge: undo takes the floor back, then the key's mode, then the project's.
    QTest::keyClick(editor->floorSpin(), Qt::Key_Up);
    QCOMPARE(f.session->edited().keys.first().sessions.qualityFloor, 5);
    f.session->undoStack()->undo();
    QCOMPARE(f.session->edited().keys.first().sessions.qualityFloor, 3);
    QCOMPARE(editor->floorSpin()->value(), 3);
    f.session->undoStack()->undo();
    QCOMPARE(editor->modeBox()->currentText(), u"Project's (Shadow)"_s);
    QCOMPARE(cell(screen.model(), 0, K::SessionsColumn), u"Shadow"_s);
    f.session->undoStack()->undo();
    QCOMPARE(cell(screen.model(), 0, K::SessionsColumn), u"—"_s);
    QVERIFY(screen.previewBar()->changeLines().isEmpty());

    for (int i = 0; i < 3; ++i)
        f.session->undoStack()->redo();
    QTest::mouseClick(screen.previewBar()->saveButton(), Qt::LeftButton);
    const Domain::Workspace saved = f.store->load().value();
    QCOMPARE(saved.keys.first().sessions.qualityFloor, 5);
    QCOMPARE(Domain::toString(saved.sessions(saved.keys.first()).mode), u"suggest"_s);
    QCOMPARE(Domain::toString(saved.project(u"research"_s)->sessions.mode), u"shadow"_s);
    QCOMPARE(Common::changeLines(f.store->versions().first().changes).last(),
             u"Key notebook: Quality floor: 3 → 5"_s); // kept in history like the limits
}

// A key on "Project's (…)" shows its project's floor; picking a mode of its own keeps that floor,
// in the same step as the mode (the key's stored floor may differ).
void tst_KeysScreen::keyLeavingOffKeepsTheFloorInForce()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Keys::KeysScreen screen(f.session.get());
    screen.showSecret = [](const QString &, const QString &) {};
    screen.show();
    screen.createKey(u"research"_s, u"notebook"_s);
    QVERIFY(f.session->save(u"t"_s).ok());
    Keys::SessionsEditor *editor = screen.sessionsEditor();

    screen.projectView()->selectRow(projectRow(screen, u"research"_s));
    editor->modeBox()->setFocus();
    QTest::keyClick(editor->modeBox(), Qt::Key_Down);
    typeInto(editor->floorSpin(), u"5"_s);
    QTest::keyClick(editor->floorSpin(), Qt::Key_Return);
    QCOMPARE(f.session->edited().project(u"research"_s)->sessions.qualityFloor, 5);
    const int before = f.session->undoStack()->count();

    screen.view()->selectRow(0);
    QCOMPARE(editor->modeBox()->currentText(), u"Project's (Shadow)"_s);
    QCOMPARE(editor->floorSpin()->value(), 5);
    QCOMPARE(f.session->edited().keys.first().sessions.qualityFloor, 3);
    editor->modeBox()->setFocus();
    QTest::keyClick(editor->modeBox(), Qt::Key_End);
    QCOMPARE(Domain::toString(f.session->edited().keys.first().sessions.mode), u"suggest"_s);
    QCOMPARE(f.session->edited().keys.first().sessions.qualityFloor, 5);
    QCOMPARE(editor->floorSpin()->value(), 5);
    const QStringList lines = screen.previewBar()->changeLines();
    QVERIFY2(lines.contains(u"Key notebook: Session mode: Project's → Suggest"_s),
             qPrintable(lines.join(u'|')));
    QVERIFY(lines.contains(u"Key notebook: Quality floor: 3 → 5"_s));

    // One step: undo takes back both.
    QCOMPARE(f.session->undoStack()->count(), before + 1);
    f.session->undoStack()->undo();
    QCOMPARE(Domain::toString(f.session->edited().keys.first().sessions.mode), u"off"_s);
    QCOMPARE(f.session->edited().keys.first().sessions.qualityFloor, 3);
    QCOMPARE(editor->modeBox()->currentText(), u"Project's (Shadow)"_s);
    QCOMPARE(editor->floorSpin()->value(), 5);
}

// The selected key's last 30 UTC days from the receipts: savings per day, the class mix, Suggest
// mode's acceptance; new receipts refresh them (SPEC §6).
void tst_KeysScreen::sessionsPanelShowsTheKeysFigures()
{
    using Domain::SessionMode;
    using Domain::TaskClass;
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Keys::KeysScreen screen(f.session.get());
    screen.showSecret = [](const QString &, const QString &) {};
    screen.createKey(u"research"_s, u"notebook"_s);
    screen.createKey(u"research"_s, u"quiet"_s);
    QVERIFY(f.session->save(u"t"_s).ok());
    const QString key = f.session->edited().keys.first().id;
    Store::ReceiptWriter writer(f.temp.path());
    QVERIFY(writer.start().ok());
    for (const Domain::Receipt &r : {
             sessionCall(key, 2, SessionMode::Shadow, TaskClass::Code, 0.25),
             sessionCall(key, 2, SessionMode::Shadow, TaskClass::Code),
             sessionCall(key, 0, SessionMode::Suggest, TaskClass::Extraction, 0.5),
             sessionCall(key, 0, SessionMode::Suggest, TaskClass::ChitChat, 0.125),
             sessionCall(key, 0, SessionMode::Suggest, TaskClass::ToolUse, 0, true),
             sessionCall(key, 30, SessionMode::Shadow, TaskClass::Code, 8), // before the window
             sessionCall(u"key_other"_s, 1, SessionMode::Shadow, TaskClass::Reasoning, 4),
         })
        writer.submit(r);
    QVERIFY(writer.flush().ok());

    Keys::SessionsPanel *panel = screen.sessionsPanel();
    QCOMPARE(panel->title(), u"Sessions (last 30 days)"_s);
    panel->setNow([] { return kNow; });
    panel->setRefreshDelay(50);
    screen.useDatabase(f.temp.path(), &writer);
    screen.useDatabase(f.temp.path(), &writer); // ignored: one loader, each receipt noted once
    QCOMPARE(panel->findChildren<Store::StatsLoader *>().size(), 1);
    QSignalSpy refreshed(panel, &Keys::SessionsPanel::refreshed);
    screen.resize(1200, 760);
    screen.show();
    QVERIFY(refreshed.wait());
    const Store::StatsQuery query = panel->currentQuery();
    QCOMPARE(query.from, QDateTime(QDate(2026, 11, 7), QTime(0, 0), Qt::UTC));
    QCOMPARE(query.count, 30);
    QVERIFY(query.sessions);
    screen.view()->selectionModel()->clear();
    QCOMPARE(panel->summaryText(), u"Select a key to see its sessions."_s);

    screen.view()->selectRow(0);
    QCOMPARE(panel->summaryText(),
             u"Key notebook: projected savings $0.8750 over 5 classified calls"_s);
    QCOMPARE(panel->acceptanceText(), u"1 of 2 suggestions accepted (50 %)"_s);
    const QStringList mix { u"Chit-chat · 1 · 20 %"_s,    u"Extraction · 1 · 20 %"_s,
                            u"Summarisation · 0 · 0 %"_s, u"Code · 2 · 40 %"_s,
                            u"Reasoning · 0 · 0 %"_s,     u"Tool use · 1 · 20 %"_s };
    QCOMPARE(panel->classRows(), mix);
    QList<double> days(30, 0.0);
    days[27] = 0.25;
    days[29] = 0.625;
    QCOMPARE(panel->dailySavings(), days);

    // Not a check: the screen with a key's sessions, when SWITCHBOARD_SCREENSHOTS names a folder.
    if (const QString dir = qEnvironmentVariable("SWITCHBOARD_SCREENSHOTS"); !dir.isEmpty()) {
        QVERIFY(QTest::qWaitForWindowExposed(&screen));
        QCoreApplication::processEvents(); // the layout follows the mode box's new text
        screen.grab().save(dir + u"/keys-sessions.png"_s);
    }

    // A new receipt: the figures follow, once for the batch.
    writer.submit(sessionCall(key, 0, SessionMode::Suggest, TaskClass::Code, 0.125));
    QVERIFY(writer.flush().ok());
    QVERIFY(refreshed.wait());
    QCOMPARE(panel->summaryText(),
             u"Key notebook: projected savings $1.00 over 6 classified calls"_s);
    QCOMPARE(panel->acceptanceText(), u"1 of 3 suggestions accepted (33 %)"_s);

    // Receipts written while the screen is hidden are read when it is shown again.
    screen.hide();
    writer.submit(sessionCall(key, 1, SessionMode::Suggest, TaskClass::Reasoning, 0, true));
    QVERIFY(writer.flush().ok());
    screen.show();
    QVERIFY(refreshed.wait());
    QCOMPARE(panel->acceptanceText(), u"2 of 3 suggestions accepted (67 %)"_s);

    screen.view()->selectRow(1);
    QVERIFY(panel->summaryText().startsWith(u"Key quiet: no classified calls"_s));
    QCOMPARE(panel->acceptanceText(), u"No suggestions offered in Suggest mode yet"_s);
    QCOMPARE(panel->dailySavings(), QList<double>(30, 0.0));
    writer.stop();
}

QTEST_MAIN(tst_KeysScreen)
#include "tst_keysscreen.moc"
