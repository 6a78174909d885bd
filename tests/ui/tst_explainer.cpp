#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QLineEdit>
#include <QLocale>
#include <QTest>
#include <common/editcommands.h>
#include <common/translations.h>
#include <common/workspacesession.h>
#include <explain/routeexplainer.h>
#include <gateway/gatewaymonitor.h>

using namespace Qt::StringLiterals;
using Ui::Explain::RouteExplainer;

namespace {

Domain::Model direct(const QString &name, const QString &connection)
{
    Domain::Model m;
    m.name = name;
    Domain::Offering o;
    o.connection = connection;
    o.upstreamModel = u"gpt-4o"_s;
    m.offerings = { o };
    return m;
}

// demo/chat: a pool of east (weight 3, us-east-1) and west (weight 1, eu-west-1); demo/small
// direct.
Domain::Workspace workspace()
{
    Domain::Workspace ws;
    ws.providers = { { u"openai"_s, u"OpenAI"_s }, { u"azure"_s, u"Azure"_s } };
    Domain::Connection east { u"east"_s, u"openai"_s };
    east.region = u"us-east-1"_s;
    Domain::Connection west { u"west"_s, u"azure"_s };
    west.region = u"eu-west-1"_s;
    ws.connections = { east, west };
    Domain::Model pool;
    pool.name = u"demo/chat"_s;
    pool.route = Domain::RouteKind::Pool;
    pool.pool.deployments = { { u"east/gpt-4o"_s, 3 }, { u"west/gpt-4o"_s, 1 } };
    ws.models = { direct(u"east/gpt-4o"_s, u"east"_s), direct(u"west/gpt-4o"_s, u"west"_s), pool,
                  direct(u"demo/small"_s, u"east"_s) };
    Domain::Alias fast;
    fast.name = u"org/fast"_s;
    fast.target = u"demo/chat"_s;
    ws.aliases = { fast };
    Domain::Project research { u"research"_s, u"Research"_s };
    research.directives.deniedProviders = { u"azure"_s };
    ws.projects = { { u"default"_s, u"Default"_s }, research };
    return ws;
}

Routing::RequestSummary ask(const QString &model)
{
    Routing::RequestSummary r;
    r.model = model;
    return r;
}

} // namespace

class tst_Explainer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void unsavedPoolEdit_R_UI_8()
    {
        Ui::Common::WorkspaceSession session;
        session.load(workspace(), 1);
        RouteExplainer explainer(&session);
        explainer.setRequest(ask(u"demo/chat"_s));
        QCOMPARE(explainer.candidateRows(),
                 (QStringList { u"east/gpt-4o · east · us-east-1 · as asked · 3 · 75.0 %"_s,
                                u"west/gpt-4o · west · eu-west-1 · as asked · 1 · 25.0 %"_s }));
        // An edit not saved yet: the explanation follows the editor, not the saved state.
        QCOMPARE(explainer.sourceText(), u"Explaining the saved settings."_s);
        session.push(new Ui::Common::SetWeightCommand(&session, u"demo/chat"_s, 1, 3));
        QVERIFY(session.isModified());
        QCOMPARE(explainer.sourceText(),
                 u"Explaining the settings in the editor, with 1 unsaved change(s)."_s);
        QCOMPARE(explainer.candidateRows(),
                 (QStringList { u"east/gpt-4o · east · us-east-1 · as asked · 3 · 50.0 %"_s,
                                u"west/gpt-4o · west · eu-west-1 · as asked · 3 · 50.0 %"_s }));
        session.push(
            new Ui::Common::SetAllowedRegionsCommand(&session, u"demo/chat"_s, { u"eu-west-1"_s }));
        QCOMPARE(explainer.candidateRows(),
                 QStringList { u"west/gpt-4o · west · eu-west-1 · as asked · 3 · 100.0 %"_s });
        QCOMPARE(explainer.skipRows(),
                 QStringList { u"east/gpt-4o · east · out_of_region · — · serving region us-east-1 "
                               "is not in the pool's allowed regions eu-west-1"_s });
        session.undoStack()->undo();
        QCOMPARE(explainer.candidateRows().size(), 2);
    }

    void translatedCandidateSaysSo_R_XLAT_5()
    {
        Domain::Workspace ws = workspace();
        ws.connections[1].kind = Domain::Dialect::Anthropic; // west speaks Anthropic's API
        Ui::Common::WorkspaceSession session;
        session.load(ws, 1);
        RouteExplainer explainer(&session);
        explainer.setRequest(ask(u"demo/chat"_s));
        QCOMPARE(
            explainer.candidateRows(),
            (QStringList {
                u"east/gpt-4o · east · us-east-1 · as asked · 3 · 75.0 %"_s,
                u"west/gpt-4o · west · eu-west-1 · translated chat → messages · 1 · 25.0 %"_s }));
        Routing::RequestSummary messages = ask(u"demo/chat"_s);
        messages.endpoint = Domain::Endpoint::Messages;
        explainer.setRequest(messages);
        QCOMPARE(explainer.candidateRows(),
                 (QStringList {
                     u"east/gpt-4o · east · us-east-1 · translated messages → chat · 3 · 75.0 %"_s,
                     u"west/gpt-4o · west · eu-west-1 · as asked · 1 · 25.0 %"_s }));
    }

    // A Responses call is always translated: the form offers its endpoint, and a receipt of one
    // shows it chosen.
    void responsesCallIsTranslated_R_RESP_1()
    {
        Domain::Workspace ws = workspace();
        ws.connections[1].kind = Domain::Dialect::Anthropic;
        Ui::Common::WorkspaceSession session;
        session.load(ws, 1);
        RouteExplainer explainer(&session);
        Routing::RequestSummary responses = ask(u"demo/chat"_s);
        responses.endpoint = Domain::Endpoint::Responses;
        explainer.setRequest(responses);
        auto *endpointBox = explainer.findChildren<QComboBox *>().at(3); // model, key, project
        QCOMPARE(endpointBox->currentText(), u"responses"_s);
        QCOMPARE(explainer.candidateRows(),
                 (QStringList {
                     u"east/gpt-4o · east · us-east-1 · translated responses → chat · 3 · 75.0 %"_s,
                     u"west/gpt-4o · west · eu-west-1 · translated responses → messages · 1 · "
                     "25.0 %"_s }));
    }

    void formChangesExplain_R_UI_8_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("regions");
        QTest::addColumn<QString>("project");
        QTest::addColumn<QStringList>("candidates");
        QTest::addColumn<QString>("headline");

        QTest::newRow("alias") << u"org/fast"_s << QString() << QString()
                               << QStringList { u"east/gpt-4o"_s, u"west/gpt-4o"_s }
                               << u"Alias org/fast runs as demo/chat, a pool of 2 eligible "
                                  "deployment(s)."_s;
        QTest::newRow("region header narrows")
            << u"demo/chat"_s << u"us-east-1"_s << QString() << QStringList { u"east/gpt-4o"_s }
            << u"Runs as demo/chat, a pool of 1 eligible deployment(s)."_s;
        QTest::newRow("project denies a provider")
            << u"demo/chat"_s << QString() << u"Research"_s << QStringList { u"east/gpt-4o"_s }
            << u"Runs as demo/chat, a pool of 1 eligible deployment(s)."_s;
        QTest::newRow("constraints unmet")
            << u"demo/chat"_s << u"ap-south-1"_s << QString() << QStringList {}
            << u"Refused before any attempt: 400 route_constraints_unmet. No authorized deployment "
               "meets the route constraints."_s;
        QTest::newRow("unknown model")
            << u"nope/model"_s << QString() << QString() << QStringList {} << QString();
    }

    void formChangesExplain_R_UI_8()
    {
        QFETCH(QString, model);
        QFETCH(QString, regions);
        QFETCH(QString, project);
        QFETCH(QStringList, candidates);
        QFETCH(QString, headline);
        Ui::Common::WorkspaceSession session;
        session.load(workspace(), 1);
        RouteExplainer explainer(&session);
        explainer.modelBox()->setEditText(model);
        QTest::keyClicks(explainer.regionEdit(), regions);
        if (!project.isEmpty()) {
            auto *box = explainer.findChildren<QComboBox *>().at(2); // model, key, project
            box->setCurrentIndex(box->findText(project));
        }
        QStringList shown;
        for (const QString &row : explainer.candidateRows())
            shown << row.section(u" · "_s, 0, 0);
        QCOMPARE(shown, candidates);
        if (headline.isEmpty())
            QVERIFY(explainer.headlineText().startsWith(u"Refused before any attempt: 404"_s));
        else
            QCOMPARE(explainer.headlineText(), headline);
    }

    void skipLevel_R_PLAN_4()
    {
        Ui::Common::WorkspaceSession session;
        session.load(workspace(), 1);
        RouteExplainer explainer(&session);
        Routing::RequestSummary r = ask(u"demo/chat"_s);
        r.projectId = u"research"_s;
        explainer.setRequest(r);
        QCOMPARE(explainer.skipRows().size(), 1);
        QVERIFY2(explainer.skipRows().first().startsWith(
                     u"west/gpt-4o · west · policy_denied · project"_s),
                 qPrintable(explainer.skipRows().first()));
    }

    void budgetAndDeadlineWarning_R_UI_8()
    {
        Ui::Common::WorkspaceSession session;
        session.load(workspace(), 1);
        RouteExplainer explainer(&session);
        explainer.show();
        explainer.setRequest(ask(u"demo/chat"_s));
        QVERIFY(explainer.budgetText().startsWith(u"Up to 3 attempts, deadline 180,000 ms."_s));
        QCOMPARE(explainer.warningText(), QString());
        session.push(new Ui::Common::SetRecoveryModeCommand(&session, u"demo/chat"_s, true));
        session.push(new Ui::Common::SetRecoveryFieldCommand(
            &session, u"demo/chat"_s, Ui::Common::SetRecoveryFieldCommand::Field::DeadlineMs,
            5000));
        // Both deployments tried once, each timing out after 10 s: the second starts too late.
        QCOMPARE(explainer.warningText(),
                 u"When every attempt times out, attempts and waits take up to 20,100 ms, past "
                 "the deadline of 5,000 ms: attempt 2 can never start."_s);
    }

    void liveCooldowns_R_UI_8()
    {
        Ui::Common::WorkspaceSession session;
        session.load(workspace(), 1);
        Ui::GatewayControl::GatewayMonitor monitor;
        RouteExplainer explainer(&session);
        explainer.setMonitor(&monitor);
        explainer.setRequest(ask(u"demo/chat"_s));
        QCOMPARE(explainer.candidateRows().size(), 2);
        // The gateway reports east drained by hand: the plan skips it as cooling down.
        Ui::GatewayControl::HealthRow drained;
        drained.key = u"east/gpt-4o"_s;
        drained.model = u"east/gpt-4o"_s;
        drained.connection = u"east"_s;
        drained.drained = true;
        monitor.setHealth({ drained });
        QCOMPARE(explainer.candidateRows().size(), 1);
        QVERIFY2(explainer.skipRows().value(0).startsWith(u"east/gpt-4o · east · cooling_down"_s),
                 qPrintable(explainer.skipRows().join(u'|')));
    }

    void fallback_R_FALL_1()
    {
        Domain::Workspace ws = workspace();
        ws.directives.allowModelFallback = true;
        ws.directives.fallbackModels = QStringList { u"demo/small"_s };
        Ui::Common::WorkspaceSession session;
        session.load(ws, 1);
        RouteExplainer explainer(&session);
        explainer.setRequest(ask(u"demo/chat"_s));
        QVERIFY2(explainer.fallbackText().startsWith(u"Fallback is on"_s),
                 qPrintable(explainer.fallbackText()));
        QVERIFY(explainer.fallbackText().contains(
            u"demo/small: can take attempts the requested model leaves"_s));
        QVERIFY(explainer.budgetText().contains(u"The requested model may use 2 attempt(s)."_s));
        // The studio installs English plural forms: there, the same line reads as English.
        QVERIFY(Ui::Common::installEnglishPlurals());
        explainer.setRequest(ask(u"demo/chat"_s));
        QVERIFY2(explainer.budgetText().contains(u"The requested model may use 2 attempts."_s),
                 qPrintable(explainer.budgetText()));
    }

    // Not a check: writes docs/screenshots/explainer.png when SWITCHBOARD_SCREENSHOTS names a
    // folder.
    void screenshot()
    {
        const QString dir = qEnvironmentVariable("SWITCHBOARD_SCREENSHOTS");
        if (dir.isEmpty())
            QSKIP("SWITCHBOARD_SCREENSHOTS is not set");
        QApplication::setStyle(u"Fusion"_s);
        Domain::Workspace ws = workspace();
        ws.directives.allowModelFallback = true;
        ws.directives.fallbackModels = QStringList { u"demo/small"_s };
        Ui::Common::WorkspaceSession session;
        session.load(ws, 1);
        Ui::Explain::RouteExplainerDialog dialog(&session);
        dialog.resize(1100, 560);
        RouteExplainer *explainer = dialog.explainer();
        Routing::RequestSummary r = ask(u"org/fast"_s);
        r.projectId = u"research"_s;
        explainer->setRequest(r);
        // An unsaved edit: east's weight 3 → 5 and a shorter deadline.
        session.push(new Ui::Common::SetWeightCommand(&session, u"demo/chat"_s, 0, 5));
        session.push(new Ui::Common::SetRecoveryModeCommand(&session, u"demo/chat"_s, true));
        session.push(new Ui::Common::SetRecoveryFieldCommand(
            &session, u"demo/chat"_s, Ui::Common::SetRecoveryFieldCommand::Field::DeadlineMs,
            15000));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(dialog.grab().save(QDir(dir).filePath(u"explainer.png"_s)));
    }
};

QTEST_MAIN(tst_Explainer)
#include "tst_explainer.moc"
