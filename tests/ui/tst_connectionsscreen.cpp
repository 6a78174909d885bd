#include "common/changepreviewbar.h"
#include "connections/connectioneditor.h"
#include "connections/connectionlistmodel.h"
#include "connections/connectionsscreen.h"
#include "uitestsupport.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>

using namespace Qt::StringLiterals;
using namespace Ui;

class tst_ConnectionsScreen : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void listShowsConnections_R_UI_6();
    void credentialEnteredOnceThenMasked_R_SEC_3();
    void simulatorFailuresEditable_R_CONN_1();
    void simulatorLimitsAreTheCores_R_CONN_1();
    void simulatorApiChosenAndSaved_R_XLAT_1();
    void removeRefusedWhileServing_R_UI_6();
    void caFileEditedAndWarnedWhenUnreadable();
};

void tst_ConnectionsScreen::listShowsConnections_R_UI_6()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Connections::ConnectionsScreen screen(f.session.get());
    QAbstractItemModelTester tester(screen.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    screen.show();
    QCOMPARE(screen.model()->rowCount(), 3);
    QCOMPARE(
        screen.model()->index(0, Connections::ConnectionListModel::KindColumn).data().toString(),
        u"simulator"_s);
    QCOMPARE(
        screen.model()->index(1, Connections::ConnectionListModel::RegionColumn).data().toString(),
        u"eu-west-1"_s);
    QCOMPARE(screen.currentConnection(), u"sim-east"_s);
    screen.addConnection(u"openai-2"_s, Domain::Dialect::OpenAi);
    QCOMPARE(screen.model()->rowCount(), 4);
    QCOMPARE(screen.currentConnection(), u"openai-2"_s);
    QVERIFY(!screen.editor()->simulatorBox()->isVisible());
    QVERIFY(screen.previewBar()->isVisible());
}

void tst_ConnectionsScreen::credentialEnteredOnceThenMasked_R_SEC_3()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Connections::ConnectionsScreen screen(f.session.get());
    screen.show();
    QVERIFY(QTest::qWaitForWindowExposed(&screen));
    screen.addConnection(u"openai-2"_s, Domain::Dialect::OpenAi);
    Connections::ConnectionEditor *e = screen.editor();
    typeInto(e->baseUrlEdit(), u"https://api.openai.com/v1"_s);
    e->credentialKindCombo()->setFocus();
    QTest::keyClick(e->credentialKindCombo(), Qt::Key_End); // "Stored in the workspace"
    QCOMPARE(e->credentialEdit()->echoMode(), QLineEdit::Password);
    typeInto(e->credentialEdit(), u"sk-test-secret-123"_s);
    QTest::keyClick(e->credentialEdit(), Qt::Key_Return);
    QCOMPARE(f.session->edited().connection(u"openai-2"_s)->credential.secret,
             u"sk-test-secret-123"_s);
    // Never displayed back: the field is empty and the state is masked.
    QCOMPARE(e->credentialEdit()->text(), QString());
    QCOMPARE(e->credentialState()->text(), u"•••• stored"_s);
    const QModelIndex cell = screen.model()->index(
        screen.model()->rowOf(u"openai-2"_s), Connections::ConnectionListModel::CredentialColumn);
    QCOMPARE(cell.data().toString(), u"•••• stored"_s);
    for (const QString &line : screen.previewBar()->changeLines())
        QVERIFY2(!line.contains(u"sk-test"_s), qPrintable(line));

    // An environment variable is shown by name.
    QTest::keyClick(e->credentialKindCombo(), Qt::Key_Home);
    QTest::keyClick(e->credentialKindCombo(), Qt::Key_Down);
    typeInto(e->credentialEdit(), u"OPENAI_API_KEY"_s);
    QTest::keyClick(e->credentialEdit(), Qt::Key_Return);
    QCOMPARE(e->credentialState()->text(), u"env: OPENAI_API_KEY"_s);
}

void tst_ConnectionsScreen::simulatorFailuresEditable_R_CONN_1()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Connections::ConnectionsScreen screen(f.session.get());
    screen.show();
    QVERIFY(QTest::qWaitForWindowExposed(&screen));
    screen.selectConnection(u"sim-east"_s);
    Connections::ConnectionEditor *e = screen.editor();
    QVERIFY(e->simulatorBox()->isVisible());
    typeInto(e->failureRateSpin(), u"50"_s);
    QTest::mouseClick(e->failureKindCheck(Domain::SimulatedFailure::RateLimited), Qt::LeftButton);
    const Domain::SimulatorSettings &sim = f.session->edited().connection(u"sim-east"_s)->simulator;
    QCOMPARE(sim.failureRate, 0.5);
    QVERIFY(sim.failureKinds
            == QList<Domain::SimulatedFailure> { Domain::SimulatedFailure::RateLimited });
    QVERIFY(screen.previewBar()->isVisible());
    QVERIFY(!screen.previewBar()->changeLines().isEmpty());
    for (const QString &line : screen.previewBar()->changeLines())
        QVERIFY2(line.startsWith(u"Connection sim-east: "_s), qPrintable(line));
    QTest::mouseClick(screen.previewBar()->saveButton(), Qt::LeftButton);
    QCOMPARE(f.store->load().value().connection(u"sim-east"_s)->simulator.failureRate, 0.5);
}

// The editor offers exactly the values the validator accepts: both read the core's limits, the
// failure rate shown as a percentage of them (R-CONN-1).
void tst_ConnectionsScreen::simulatorLimitsAreTheCores_R_CONN_1()
{
    using Limits = Domain::SimulatorSettings;
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Connections::ConnectionsScreen screen(f.session.get());
    screen.show();
    QVERIFY(QTest::qWaitForWindowExposed(&screen));
    screen.selectConnection(u"sim-east"_s);
    Connections::ConnectionEditor *e = screen.editor();
    const auto settings = [&] { return f.session->edited().connection(u"sim-east"_s)->simulator; };
    const struct
    {
        QSpinBox *spin;
        Domain::Bounds<int> limits;
        int (*value)(const Limits &);
    } rows[] = {
        { e->latencySpin(), Limits::kLatencyMs, [](const Limits &s) { return s.latencyMs; } },
        { e->tokensPerSecondSpin(), Limits::kTokensPerSecond,
          [](const Limits &s) { return s.tokensPerSecond; } },
        { e->retryAfterSpin(), Limits::kRetryAfterSeconds,
          [](const Limits &s) { return s.retryAfterSeconds; } },
        { e->cutAfterSpin(), Limits::kCutAfterEvents,
          [](const Limits &s) { return s.cutAfterEvents; } },
    };
    for (const auto &row : rows) {
        QCOMPARE(row.spin->minimum(), row.limits.lowest);
        QCOMPARE(row.spin->maximum(), row.limits.highest);
        typeInto(row.spin, QString::number(row.limits.highest));
        QCOMPARE(row.value(settings()), row.limits.highest);
    }
    QCOMPARE(e->failureRateSpin()->minimum(), Limits::kFailureRate.lowest * 100.0);
    QCOMPARE(e->failureRateSpin()->maximum(), Limits::kFailureRate.highest * 100.0);
    typeInto(e->failureRateSpin(), u"100"_s);
    QCOMPARE(settings().failureRate, Limits::kFailureRate.highest);
    QTest::mouseClick(e->failureKindCheck(Domain::SimulatedFailure::ServerError), Qt::LeftButton);
    // Every end the editor reaches is valid.
    const int index = int(
        f.session->edited().connections.indexOf(*f.session->edited().connection(u"sim-east"_s)));
    QVERIFY(f.session->problemsAt(u"connections[%1]"_s.arg(index)).isEmpty());
}

// Which API the simulator answers in: a combo of the three, shown in the bar and saved.
void tst_ConnectionsScreen::simulatorApiChosenAndSaved_R_XLAT_1()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Connections::ConnectionsScreen screen(f.session.get());
    screen.show();
    QVERIFY(QTest::qWaitForWindowExposed(&screen));
    screen.selectConnection(u"sim-east"_s);
    QComboBox *combo = screen.editor()->simulatorApiCombo();
    QVERIFY(combo->isVisible());
    QStringList items;
    for (int i = 0; i < combo->count(); ++i)
        items << combo->itemText(i);
    QCOMPARE(items, (QStringList { u"Both APIs"_s, u"OpenAI only"_s, u"Anthropic only"_s }));
    QCOMPARE(combo->currentIndex(), 0);
    combo->setFocus();
    QTest::keyClick(combo, Qt::Key_End);
    QVERIFY(f.session->edited().connection(u"sim-east"_s)->simulator.api
            == Domain::SimulatorApi::Anthropic);
    const QStringList expected { u"Connection sim-east: Answers in: Both APIs → Anthropic only"_s };
    QVERIFY(screen.previewBar()->isVisible());
    QCOMPARE(screen.previewBar()->changeLines(), expected);
    QTest::mouseClick(screen.previewBar()->saveButton(), Qt::LeftButton);
    QVERIFY(f.store->load().value().connection(u"sim-east"_s)->simulator.api
            == Domain::SimulatorApi::Anthropic);
    QCOMPARE(Common::changeLines(f.store->versions().first().changes), expected);
    // Another connection shows its own choice; the edit stays with sim-east.
    screen.selectConnection(u"sim-west-eu"_s);
    QCOMPARE(combo->currentIndex(), 0);
    screen.selectConnection(u"sim-east"_s);
    QCOMPARE(combo->currentText(), u"Anthropic only"_s);
}

void tst_ConnectionsScreen::removeRefusedWhileServing_R_UI_6()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Connections::ConnectionsScreen screen(f.session.get());
    screen.show();
    screen.selectConnection(u"sim-flaky"_s);
    QVERIFY(!screen.removeButton()->isEnabled());
    QCOMPARE(screen.removeButton()->toolTip(),
             u"sim-flaky serves sim-flaky/gpt-4o; remove those offerings first."_s);
    screen.addConnection(u"spare"_s, Domain::Dialect::Anthropic);
    QVERIFY(screen.removeButton()->isEnabled());
    QTest::mouseClick(screen.removeButton(), Qt::LeftButton);
    QCOMPARE(screen.model()->rowOf(u"spare"_s), -1);
    QVERIFY(!f.session->isModified());
}

void tst_ConnectionsScreen::caFileEditedAndWarnedWhenUnreadable()
{
    StudioFixture f;
    QVERIFY(f.open(fixtureWorkspace()));
    Connections::ConnectionsScreen screen(f.session.get());
    screen.show();
    QVERIFY(QTest::qWaitForWindowExposed(&screen));
    screen.addConnection(u"vllm"_s, Domain::Dialect::OpenAi);
    Connections::ConnectionEditor *e = screen.editor();
    QVERIFY(e->caFileEdit()->isEnabled());
    typeInto(e->caFileEdit(), u"/nonexistent/ca.pem"_s);
    const Domain::Connection *c = f.session->edited().connection(u"vllm"_s);
    QVERIFY(c);
    QCOMPARE(c->caFile, u"/nonexistent/ca.pem"_s);
    const int index = int(f.session->edited().connections.indexOf(*c));
    const QList<Config::Problem> problems = f.session->problemsAt(u"connections[%1]"_s.arg(index));
    const Config::Problem unreadable { Config::Problem::Severity::Warning,
                                       u"connections[%1].caFile"_s.arg(index),
                                       Config::ProblemCode::CaFileUnreadable,
                                       { u"vllm"_s, u"/nonexistent/ca.pem"_s } };
    QVERIFY(problems.contains(unreadable));
    screen.selectConnection(u"sim-east"_s);
    QVERIFY(!e->caFileEdit()->isEnabled()); // the simulator has no TLS
}

QTEST_MAIN(tst_ConnectionsScreen)
#include "tst_connectionsscreen.moc"
