#include "tst_callsfixture.h"

#include <QApplication>
#include <QLabel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QToolButton>
#include <calls/callsdrawer.h>
#include <calls/callsmodeltab.h>
#include <calls/callsscreen.h>
#include <calls/callstablemodel.h>
#include <common/workspacesession.h>
#include <explain/routeexplainer.h>
#include <gateway/gatewaymonitor.h>
#include <models/modelsscreen.h>

using namespace Qt::StringLiterals;

// The Calls tab of a model page (R-UI-1) and the Calls screen as the main window builds it.
class tst_CallsModelTab : public QObject
{
    Q_OBJECT

private:
    static Domain::Workspace workspace()
    {
        Domain::Workspace ws;
        for (const QString &name : { u"demo/chat"_s, u"demo/small"_s }) {
            Domain::Model m;
            m.name = name;
            ws.models << m;
        }
        return ws;
    }

    static QStringList shown(const Ui::Calls::CallsScreen *calls)
    {
        QStringList ids;
        for (int i = 0; i < calls->tableModel()->rowCount(); ++i)
            ids << calls->tableModel()->receiptRow(i).requestId;
        return ids;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(u"switchboard-tests"_s);
    }

    void tabFollowsSelectedModel_R_UI_1()
    {
        CallsFixture::Store store;
        QVERIFY(store.open(CallsFixture::fiveCalls()));
        Ui::Common::WorkspaceSession session;
        session.load(workspace(), 1);
        Ui::GatewayControl::GatewayMonitor monitor;
        Ui::Models::ModelsScreen models(&session, &monitor);
        Ui::Calls::addModelCallsTab(&models, store.temp.path(), store.writer.get(), &session);
        QTabWidget *tabs = models.tabs();
        QCOMPARE(tabs->tabText(tabs->count() - 1), u"Calls"_s);
        auto *calls = qobject_cast<Ui::Calls::CallsScreen *>(tabs->widget(tabs->count() - 1));
        QVERIFY(calls);
        models.selectModel(u"demo/small"_s);
        QCOMPARE(shown(calls), QStringList { u"req_fallback"_s });
        models.selectModel(u"demo/chat"_s);
        QCOMPARE(shown(calls),
                 (QStringList { u"req_region"_s, u"req_failed"_s, u"req_fallback"_s,
                                u"req_failover"_s, u"req_first"_s }));
        // Live: a new call of the selected model shows up without a reload.
        calls->tableModel()->setLiveDelay(0);
        Domain::Receipt live = CallsFixture::servedFirstTime();
        live.requestId = u"req_live"_s;
        QVERIFY(store.write({ live }));
        QTRY_COMPARE(shown(calls).value(0), u"req_live"_s);
    }

    void explainButtonOnModelPage_R_UI_8()
    {
        CallsFixture::Store store;
        QVERIFY(store.open({}));
        Ui::Common::WorkspaceSession session;
        session.load(workspace(), 1);
        Ui::GatewayControl::GatewayMonitor monitor;
        Ui::Models::ModelsScreen models(&session, &monitor);
        Ui::Calls::addModelCallsTab(&models, store.temp.path(), nullptr, &session);
        models.selectModel(u"demo/small"_s);
        auto *button = qobject_cast<QToolButton *>(models.tabs()->cornerWidget(Qt::TopRightCorner));
        QVERIFY(button);
        QTest::mouseClick(button, Qt::LeftButton);
        auto *dialog = models.findChild<Ui::Explain::RouteExplainerDialog *>();
        QVERIFY(dialog);
        QCOMPARE(dialog->explainer()->request().model, u"demo/small"_s);
        // demo/small has no offering here: the explainer says the call would be refused.
        QVERIFY(dialog->explainer()->headlineText().startsWith(
            u"Refused before any attempt: 400 route_constraints_unmet."_s));
    }

    void missingDatabaseSaysWhy_R_UI_5()
    {
        QWidget parent;
        QWidget *w = Ui::Calls::createCallsScreen(QString(), nullptr, nullptr, &parent);
        auto *label = qobject_cast<QLabel *>(w);
        QVERIFY(label);
        // The store's reason, in the studio's words.
        QCOMPARE(label->text(), u"Calls cannot be shown: No database path was given."_s);
    }
};

QTEST_MAIN(tst_CallsModelTab)
#include "tst_callsmodeltab.moc"
