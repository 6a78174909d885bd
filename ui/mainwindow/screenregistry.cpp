#include "screenregistry.h"

#include "aliases/aliasesscreen.h"
#include "calls/callsmodeltab.h"
#include "calls/callsscreen.h"
#include "common/tr.h"
#include "connections/connectionsscreen.h"
#include "dashboard/dashboardscreen.h"
#include "directives/directivesscreen.h"
#include "directives/effectiveview.h"
#include "faultlab/rehearseaction.h"
#include "gateway/gatewayscreen.h"
#include "history/historyscreen.h"
#include "keys/keysscreen.h"
#include "models/modeloverviewtab.h"
#include "models/modelsscreen.h"
#include "providers/providersscreen.h"
#include "workspace/workspacesettingsscreen.h"

using namespace Qt::StringLiterals;

namespace Ui::Main {

QList<ScreenEntry> screens()
{
    // Add a screen by adding its line here (UI.md order: Models, Calls, Connections, Directives,
    // Aliases, Keys, History, Dashboard; then Gateway).
    return {
        { u"models"_s, Tr::tr("Models"), 1,
          [](const ScreenContext &c, QWidget *p) {
              auto *screen = new Models::ModelsScreen(c.session, c.monitor, p);
              screen->overviewTab()->setProbes(c.probes);
              Calls::addModelCallsTab(screen, c.databasePath, c.receipts, c.session);
              FaultLab::RehearseContext lab { c.session, c.listings, {} };
              lab.options.writer = c.receipts;
              lab.options.databasePath = c.databasePath;
              FaultLab::addRehearseAction(screen, lab);
              return screen;
          } },
        { u"calls"_s, Tr::tr("Calls"), 2,
          [](const ScreenContext &c, QWidget *p) {
              QWidget *screen = Calls::createCallsScreen(c.databasePath, c.receipts, c.session, p);
              if (auto *calls = qobject_cast<Calls::CallsScreen *>(screen))
                  calls->setMonitor(c.monitor);
              return screen;
          } },
        { u"connections"_s, Tr::tr("Connections"), 3,
          [](const ScreenContext &c, QWidget *p) {
              return new Connections::ConnectionsScreen(c.session, p);
          } },
        { u"directives"_s, Tr::tr("Directives"), 4,
          [](const ScreenContext &c, QWidget *p) {
              auto *screen = new Directives::DirectivesScreen(c.session, p);
              screen->effectiveView()->setMonitor(c.monitor);
              return screen;
          } },
        { u"aliases"_s, Tr::tr("Aliases"), 5,
          [](const ScreenContext &c, QWidget *p) {
              auto *screen = new Aliases::AliasesScreen(c.session, p);
              screen->useDatabase(c.databasePath, c.receipts);
              return screen;
          } },
        { u"keys"_s, Tr::tr("Keys"), 6,
          [](const ScreenContext &c, QWidget *p) {
              auto *screen = new Keys::KeysScreen(c.session, p);
              screen->setMonitor(c.monitor);
              screen->useDatabase(c.databasePath, c.receipts);
              return screen;
          } },
        { u"history"_s, Tr::tr("History"), 7,
          [](const ScreenContext &c, QWidget *p) {
              return new History::HistoryScreen(c.session, p);
          } },
        { u"dashboard"_s, Tr::tr("Dashboard"), 8,
          [](const ScreenContext &c, QWidget *p) {
              return Dashboard::createDashboardScreen(c.databasePath, c.receipts, c.session, p);
          } },
        { u"providers"_s, Tr::tr("Providers"), 0,
          [](const ScreenContext &c, QWidget *p) {
              auto *screen = new Providers::ProvidersScreen(c.session, p);
              screen->setProbes(c.probes);
              screen->setListings(c.listings);
              return screen;
          } },
        { u"workspace"_s, Tr::tr("Workspace settings"), -1,
          [](const ScreenContext &c, QWidget *p) {
              return new Workspace::WorkspaceSettingsScreen(c.session, p);
          } },
        { u"gateway"_s, Tr::tr("Gateway"), 9,
          [](const ScreenContext &c, QWidget *p) {
              auto *screen = new GatewayControl::GatewayScreen(c.session, c.monitor, p);
              screen->setTestKey(c.demoKey);
              return screen;
          } },
    };
}

} // namespace Ui::Main
