#include "screenshots.h"

#include "calls/callsscreen.h"
#include "calls/callstablemodel.h"
#include "common/changepreviewbar.h"
#include "common/editcommands.h"
#include "common/impactpanel.h"
#include "common/workspacesession.h"
#include "keys/keylistmodel.h"
#include "keys/keysscreen.h"
#include "keys/sessionspanel.h"
#include "mainwindow.h"
#include "models/modelsscreen.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <cstdio>
#include <gateway/gatewayservice.h>

using namespace Qt::StringLiterals;

namespace Ui::Main {
namespace {

// A layout change reaches a scroll area's content one posted LayoutRequest per level, and each
// processEvents() handles only what was posted before it began: a few rounds settle every level.
void settleLayouts()
{
    for (int round = 0; round < 4; ++round)
        QCoreApplication::processEvents();
}

bool waitForGateway(Gateway::GatewayService &gateway)
{
    if (gateway.isRunning())
        return true;
    QEventLoop loop;
    QObject::connect(&gateway, &Gateway::GatewayService::started, &loop, &QEventLoop::quit);
    QObject::connect(&gateway, &Gateway::GatewayService::failed, &loop, &QEventLoop::quit);
    QTimer::singleShot(5000, &loop, &QEventLoop::quit);
    loop.exec();
    return gateway.isRunning();
}

// The preview bar's Impact panel on the edits, once its replay is on screen (up to 5 s).
bool showImpact(Models::ModelsScreen *models)
{
    auto *bar = models->findChild<Common::ChangePreviewBar *>();
    if (!bar || !bar->impactPanel()->button()->isVisible())
        return false;
    QEventLoop loop;
    QObject::connect(bar->impactPanel(), &Common::ImpactPanel::impactShown, &loop,
                     &QEventLoop::quit);
    QTimer::singleShot(5000, &loop, &QEventLoop::quit);
    bar->impactPanel()->button()->setChecked(true);
    loop.exec();
    return true;
}

// The Models screen's extra views: a Direct model's settings, unsaved edits in the preview bar and
// their impact on the calls made so far.
int takeModelShots(MainWindow &window, Models::ModelsScreen *models,
                   Common::WorkspaceSession &session, const QDir &dir)
{
    int failures = 0;
    const auto shoot = [&](const QString &name) {
        settleLayouts();
        failures += window.grab().save(dir.filePath(name)) ? 0 : 1;
        std::printf("%s\n", qPrintable(dir.filePath(name)));
    };
    models->tabs()->setCurrentIndex(1);
    shoot(u"models-settings.png"_s);
    models->selectModel(u"sim-east/gpt-4o"_s);
    shoot(u"models-direct.png"_s);
    models->selectModel(u"demo/chat"_s);
    session.push(new Common::SetWeightCommand(&session, u"demo/chat"_s, 1, 2));
    session.push(new Common::SetAllowedRegionsCommand(&session, u"demo/chat"_s,
                                                      { u"us-east-1"_s, u"eu-west-1"_s }));
    session.push(new Common::SetRecoveryModeCommand(&session, u"demo/chat"_s, true));
    session.push(new Common::SetRecoveryFieldCommand(&session, u"demo/chat"_s,
                                                     Domain::RecoveryField::DeadlineMs, 8000));
    shoot(u"models-preview.png"_s);
    if (showImpact(models)) {
        shoot(u"models-impact.png"_s);
        models->findChild<Common::ChangePreviewBar *>()->impactPanel()->button()->setChecked(false);
    }
    session.discard();
    models->tabs()->setCurrentIndex(0);
    models->selectModel(u"demo/resilient"_s); // its Overview's deadline check
    shoot(u"models-deadline.png"_s);
    models->selectModel(u"demo/chat"_s);
    return failures;
}

// The Calls screen is shown with the drawer open on the most eventful call loaded (most attempts).
void openEventfulCall(QWidget *screen)
{
    auto *calls = qobject_cast<Calls::CallsScreen *>(screen);
    if (!calls && screen)
        calls = screen->findChild<Calls::CallsScreen *>();
    if (!calls || calls->tableModel()->rowCount() == 0)
        return;
    int best = 0;
    for (int row = 1; row < calls->tableModel()->rowCount(); ++row) {
        if (calls->tableModel()->receiptRow(row).attempts
            > calls->tableModel()->receiptRow(best).attempts)
            best = row;
    }
    calls->selectRequestId(calls->tableModel()->receiptRow(best).requestId);
    calls->openDrawer();
}

// The Keys screen is shown with its first key selected and that key's session figures loaded.
void selectFirstKey(QWidget *screen)
{
    auto *keys = qobject_cast<Keys::KeysScreen *>(screen);
    if (!keys || keys->model()->rowCount() == 0)
        return;
    keys->view()->selectRow(0);
    QEventLoop loop;
    QObject::connect(keys->sessionsPanel(), &Keys::SessionsPanel::refreshed, &loop,
                     &QEventLoop::quit);
    QTimer::singleShot(3000, &loop, &QEventLoop::quit);
    keys->sessionsPanel()->reload();
    loop.exec();
}

} // namespace

int takeScreenshots(MainWindow &window, Common::WorkspaceSession &session,
                    Gateway::GatewayService *gateway, const QString &dir)
{
    if (gateway)
        waitForGateway(*gateway);
    QDir().mkpath(dir);
    window.show();
    int failures = 0;
    for (const QString &id : window.screenIds()) {
        window.showScreen(id);
        if (auto *models = qobject_cast<Models::ModelsScreen *>(window.screen(id)))
            models->selectModel(u"demo/chat"_s);
        openEventfulCall(window.screen(id));
        selectFirstKey(window.screen(id));
        settleLayouts();
        const QString file = QDir(dir).filePath(id + u".png"_s);
        if (!window.grab().save(file))
            ++failures;
        std::printf("%s\n", qPrintable(file));
        if (auto *models = qobject_cast<Models::ModelsScreen *>(window.screen(id)))
            failures += takeModelShots(window, models, session, QDir(dir));
    }
    return failures == 0 ? 0 : 1;
}

} // namespace Ui::Main
