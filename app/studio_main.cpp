// The studio: opens the workspace database (creating the demo workspace on an empty one), starts
// the receipt writer and the embedded gateway, and shows the main window. Only composition lives
// here.
#include "calls/callsscreen.h"
#include "calls/callstablemodel.h"
#include "common/editcommands.h"
#include "common/theme.h"
#include "common/translations.h"
#include "common/workspacesession.h"
#include "gateway/gatewaybinding.h"
#include "gateway/gatewaymonitor.h"
#include "mainwindow/mainwindow.h"
#include "models/modelsscreen.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QEventLoop>
#include <QHostAddress>
#include <QLibraryInfo>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QTranslator>
#include <config/demo.h>
#include <config/keys.h>
#include <cstdio>
#include <gateway/gatewayservice.h>
#include <store/configstore.h>
#include <store/database.h>
#include <store/receiptwriter.h>

using namespace Qt::StringLiterals;

namespace {

struct Options
{
    QString db;
    QString host = u"127.0.0.1"_s;
    quint16 port = 8640;
    bool noGateway = false;
    QString screenshotDir;
};

std::optional<Options> parseOptions(const QApplication &app)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("Ui", "Switchboard studio"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions({
        { u"db"_s, QApplication::translate("Ui", "Workspace database file."), u"PATH"_s },
        { u"listen"_s, QApplication::translate("Ui", "Gateway address (default 127.0.0.1:8640)."),
          u"HOST:PORT"_s },
        { u"no-gateway"_s, QApplication::translate("Ui", "Do not start the embedded gateway.") },
        { u"screenshot"_s, QApplication::translate("Ui", "Render every screen into DIR and exit."),
          u"DIR"_s },
    });
    parser.process(app);
    Options o;
    o.db = parser.value(u"db"_s);
    o.noGateway = parser.isSet(u"no-gateway"_s);
    o.screenshotDir = parser.value(u"screenshot"_s);
    if (parser.isSet(u"listen"_s)) {
        const QString listen = parser.value(u"listen"_s);
        const qsizetype colon = listen.lastIndexOf(u':');
        bool ok = false;
        const uint port = listen.mid(colon + 1).toUInt(&ok);
        if (colon <= 0 || !ok || port > 65535 || QHostAddress(listen.left(colon)).isNull()) {
            std::fprintf(stderr, "switchboard: --listen wants HOST:PORT, got %s\n",
                         qPrintable(listen));
            return std::nullopt;
        }
        o.host = listen.left(colon);
        o.port = quint16(port);
    }
    return o;
}

void installTranslator(QApplication &app)
{
    Ui::Common::installEnglishPlurals(); // underneath: "1 change", "2 changes"
    auto *translator = new QTranslator(&app);
    const QStringList places { u":/i18n"_s, QCoreApplication::applicationDirPath(),
                               QCoreApplication::applicationDirPath()
                                   + u"/../share/switchboard/translations"_s };
    for (const QString &dir : places) {
        if (translator->load(QLocale(), u"switchboard"_s, u"_"_s, dir)) {
            QCoreApplication::installTranslator(translator);
            return;
        }
    }
    delete translator;
}

// The saved workspace, creating the demo workspace and its key on an empty database.
Util::Result<int> loadOrCreate(Store::ConfigStore &store, Domain::Workspace &ws, QString &demoKey)
{
    if (!store.isEmpty()) {
        int version = 0;
        Util::Result<Domain::Workspace> loaded = store.load(&version);
        if (!loaded.ok())
            return loaded.error();
        ws = loaded.value();
        return version;
    }
    ws = Config::demoWorkspace();
    const QString project = ws.projects.isEmpty() ? u"default"_s : ws.projects.first().id;
    const Config::NewKey key = Config::makeKey(project, u"demo"_s, QDateTime::currentDateTimeUtc());
    ws.keys.append(key.key);
    demoKey = key.secret;
    // A fact, not a sentence: history shows it in the language of whoever reads it (R-UI-10).
    return store.save(ws, { Config::workspaceCreated(ws.name) },
                      QApplication::translate("Ui", "switchboard"));
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

// The Models screen's extra views: a Direct model's settings, and unsaved edits in the preview bar.
int takeModelShots(Ui::Main::MainWindow &window, Ui::Models::ModelsScreen *models,
                   Ui::Common::WorkspaceSession &session, const QDir &dir)
{
    int failures = 0;
    const auto shoot = [&](const QString &name) {
        QCoreApplication::processEvents();
        failures += window.grab().save(dir.filePath(name)) ? 0 : 1;
        std::printf("%s\n", qPrintable(dir.filePath(name)));
    };
    models->tabs()->setCurrentIndex(1);
    shoot(u"models-settings.png"_s);
    models->selectModel(u"sim-east/gpt-4o"_s);
    shoot(u"models-direct.png"_s);
    models->selectModel(u"demo/chat"_s);
    session.push(new Ui::Common::SetWeightCommand(&session, u"demo/chat"_s, 1, 2));
    session.push(new Ui::Common::SetAllowedRegionsCommand(&session, u"demo/chat"_s,
                                                          { u"us-east-1"_s, u"eu-west-1"_s }));
    session.push(new Ui::Common::SetRecoveryModeCommand(&session, u"demo/chat"_s, true));
    shoot(u"models-preview.png"_s);
    session.discard();
    models->tabs()->setCurrentIndex(0);
    return failures;
}

// The Calls screen is shown with the drawer open on the most eventful call loaded (most attempts).
void openEventfulCall(QWidget *screen)
{
    auto *calls = qobject_cast<Ui::Calls::CallsScreen *>(screen);
    if (!calls && screen)
        calls = screen->findChild<Ui::Calls::CallsScreen *>();
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

int takeScreenshots(Ui::Main::MainWindow &window, Ui::Common::WorkspaceSession &session,
                    const QString &dir)
{
    QDir().mkpath(dir);
    window.show();
    int failures = 0;
    for (const QString &id : window.screenIds()) {
        window.showScreen(id);
        if (auto *models = qobject_cast<Ui::Models::ModelsScreen *>(window.screen(id)))
            models->selectModel(u"demo/chat"_s);
        openEventfulCall(window.screen(id));
        QCoreApplication::processEvents();
        const QString file = QDir(dir).filePath(id + u".png"_s);
        if (!window.grab().save(file))
            ++failures;
        std::printf("%s\n", qPrintable(file));
        if (auto *models = qobject_cast<Ui::Models::ModelsScreen *>(window.screen(id)))
            failures += takeModelShots(window, models, session, QDir(dir));
    }
    return failures == 0 ? 0 : 1;
}

// Where the workspace lives: --db, a scratch file for screenshots, or the app-data default
// (R-CLI-3).
QString databasePath(const Options &options, const QTemporaryDir &scratch)
{
    if (!options.db.isEmpty())
        return options.db;
    return options.screenshotDir.isEmpty() ? Store::Database::defaultPath()
                                           : scratch.filePath(u"demo.sqlite"_s);
}

void startGateway(const Options &options, const QString &dbPath, Gateway::GatewayService &gateway,
                  Store::ReceiptWriter &writer, Ui::Common::WorkspaceSession &session,
                  Ui::GatewayControl::GatewayMonitor &monitor)
{
    if (const Util::Status started = writer.start(); !started.ok())
        std::fprintf(stderr, "switchboard: receipts: %s\n", qPrintable(started.error().message));
    gateway.setReceiptWriter(&writer);
    Ui::GatewayControl::bindGateway(&gateway, &monitor, &session);
    Gateway::GatewayOptions gatewayOptions;
    gatewayOptions.address = QHostAddress(options.host);
    // Screenshots on a scratch database must not collide with a running studio.
    const bool scratch = !options.screenshotDir.isEmpty() && options.db.isEmpty();
    gatewayOptions.port = scratch ? 0 : options.port;
    gatewayOptions.databasePath = dbPath;
    gateway.start(gatewayOptions, std::make_shared<const Domain::Workspace>(session.saved()));
}

struct OpenedWorkspace
{
    std::unique_ptr<Store::Database> db;
    std::unique_ptr<Store::ConfigStore> store;
    Domain::Workspace workspace;
    int version = 0;
    QString demoKey; // set when the demo workspace was created now
};

std::optional<OpenedWorkspace> openWorkspace(const QString &dbPath, bool quiet)
{
    auto db = Store::Database::open(dbPath);
    if (!db.ok()) {
        std::fprintf(stderr, "switchboard: %s\n", qPrintable(db.error().message));
        return std::nullopt;
    }
    OpenedWorkspace opened;
    opened.db = std::move(db.value());
    opened.store = std::make_unique<Store::ConfigStore>(*opened.db);
    const Util::Result<int> version = loadOrCreate(*opened.store, opened.workspace, opened.demoKey);
    if (!version.ok()) {
        std::fprintf(stderr, "switchboard: %s\n", qPrintable(version.error().message));
        return std::nullopt;
    }
    opened.version = version.value();
    if (!opened.demoKey.isEmpty() && !quiet) {
        std::printf("Created the demo workspace in %s\nDemo caller key (shown once): %s\n",
                    qPrintable(dbPath), qPrintable(opened.demoKey));
        std::fflush(stdout);
    }
    return opened;
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(u"Switchboard"_s);
    QApplication::setApplicationName(u"switchboard"_s);
    QApplication::setApplicationVersion(QStringLiteral(SWITCHBOARD_VERSION));
    installTranslator(app);
    const std::optional<Options> options = parseOptions(app);
    if (!options)
        return 2;
    const bool screenshots = !options->screenshotDir.isEmpty();
    // Screenshots use a fresh demo workspace and fixed settings, never the user's.
    QTemporaryDir scratch;
    if (screenshots)
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, scratch.path());
    Ui::Common::applyTheme(
        screenshots ? Ui::Common::Theme::Light
                    : Ui::Common::themeFromName(QSettings().value(u"view/theme"_s).toString()));

    const QString dbPath = databasePath(*options, scratch);
    std::optional<OpenedWorkspace> opened = openWorkspace(dbPath, screenshots);
    if (!opened)
        return 1;

    Ui::Common::WorkspaceSession session;
    session.setStore(opened->store.get());
    session.load(opened->workspace, opened->version);
    Ui::GatewayControl::GatewayMonitor monitor;
    Store::ReceiptWriter writer(dbPath);
    Gateway::GatewayService gateway;
    if (!options->noGateway)
        startGateway(*options, dbPath, gateway, writer, session, monitor);

    Ui::Main::ScreenContext context;
    context.session = &session;
    context.monitor = &monitor;
    context.databasePath = dbPath;
    context.receipts = options->noGateway ? nullptr : &writer;
    context.gateway = options->noGateway ? nullptr : &gateway;
    context.demoKey = opened->demoKey;
    Ui::Main::MainWindow window(context);
    if (screenshots) {
        if (!options->noGateway)
            waitForGateway(gateway);
        return takeScreenshots(window, session, options->screenshotDir);
    }
    window.show();
    const int rc = QApplication::exec();
    gateway.stop();
    writer.stop();
    return rc;
}
