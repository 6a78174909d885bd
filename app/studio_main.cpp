// The studio: options, the runtime (store, workspace or the demo, receipt writer, embedded gateway)
// and the studio's own front end. Only composition lives here.
#include "common/errortext.h"
#include "common/preferences.h"
#include "common/theme.h"
#include "mainwindow/databaseupgrade.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/screenshots.h"
#include "mainwindow/studio.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QLoggingCategory>
#include <QMessageBox>
#include <QProcess>
#include <QSettings>
#include <QTemporaryDir>
#include <QTextStream>
#include <gateway/gatewayservice.h>
#include <runtime/listenaddress.h>
#include <runtime/runtime.h>
#include <runtime/signalnotifier.h>
#include <store/database.h>
#include <store/receiptwriter.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

struct Options
{
    QString db;
    Runtime::ListenAddress listen;
    bool noGateway = false;
    QString screenshotDir;
};

QTextStream &err()
{
    static QTextStream s(stderr);
    return s;
}

int fail(const QString &message)
{
    err() << "switchboard: " << message << Qt::endl;
    return 1;
}

QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}

// A first run (open() made the demo workspace) says where it is, its caller key, shown this once,
// and the gateway's address once it listens; later runs say nothing on the terminal.
void announceFirstRun(const Runtime::Runtime &runtime, bool withGateway)
{
    if (runtime.demoKey().isEmpty())
        return;
    out()
        << QApplication::translate("Ui", "Created the demo workspace in %1")
               .arg(runtime.databasePath())
        << Qt::endl
        << QApplication::translate("Ui", "Demo caller key (shown once): %1").arg(runtime.demoKey())
        << Qt::endl;
    if (!withGateway)
        return;
    QObject::connect(
        runtime.gateway(), &Gateway::GatewayService::started, runtime.gateway(),
        [](const QString &address) {
            out() << QApplication::translate("Ui", "The gateway listens on http://%1").arg(address)
                  << Qt::endl;
        },
        Qt::SingleShotConnection);
}

// An older file is brought up to this version first, its progress in a dialog (Cancel leaves it
// as it was); a new or current file opens at once.
Util::Status upgradeDatabase(const QString &path)
{
    Ui::Main::DatabaseUpgrade upgrade(path);
    return upgrade.run();
}

// A workspace that cannot be opened at the start is said in a window too: a studio started from
// the desktop has no terminal to read.
int cannotOpen(const Util::Error &error, const Options &options,
               const Ui::Common::Preferences &preferences)
{
    QString text = Ui::Common::errorText(error);
    if (options.db.isEmpty() && !preferences.databasePath.isEmpty()) {
        text += u"\n\n"_s
            + QApplication::translate("Ui",
                                      "It is the database chosen in Preferences. Start Switchboard "
                                      "with --db FILE to open another one.");
    }
    fail(text);
    // Started from a terminal, stderr said it; without a real screen nobody could close a box.
    const QString platform = QGuiApplication::platformName();
    if (!isatty(STDERR_FILENO) && platform != u"offscreen"_s && platform != u"minimal"_s)
        QMessageBox::critical(nullptr, QApplication::translate("Ui", "Switchboard"), text);
    return 1;
}

std::optional<Options> parseOptions(const QApplication &app)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("Ui", "Switchboard studio"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions({
        { u"db"_s,
          QApplication::translate("Ui",
                                  "Workspace database: a file, or "
                                  "postgresql://user@host:port/database (the password from "
                                  "PGPASSWORD or ~/.pgpass)."),
          u"PATH|URL"_s },
        { u"listen"_s,
          QApplication::translate("Ui",
                                  "Gateway address: 127.0.0.1:8640 (default), [::1]:8640, "
                                  "localhost:8640, 0.0.0.0:8640."),
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
    o.listen = Ui::Common::Preferences::load().listen; // unless --listen says otherwise
    if (parser.isSet(u"listen"_s)) {
        const auto listen = Runtime::parseListenAddress(parser.value(u"listen"_s));
        if (!listen) {
            fail(Ui::Common::errorText(listen.error()));
            return std::nullopt;
        }
        o.listen = *listen;
    }
    return o;
}

// Where the workspace lives: --db, a scratch file for screenshots, the one chosen in Preferences,
// or the app-data default (R-CLI-3).
QString databasePath(const Options &options, const Ui::Common::Preferences &preferences,
                     const QTemporaryDir &scratch)
{
    if (!options.db.isEmpty())
        return options.db;
    if (!options.screenshotDir.isEmpty())
        return scratch.filePath(u"demo.sqlite"_s);
    return preferences.databasePath.isEmpty() ? Store::Database::defaultPath()
                                              : preferences.databasePath;
}

// File → Open workspace…: the same studio, with the same options, on another location.
bool startAgainOn(const QString &location)
{
    QStringList arguments = QCoreApplication::arguments().mid(1);
    for (qsizetype i = 0; i < arguments.size();) {
        if (arguments.at(i) == u"--db"_s)
            arguments.remove(i, qMin<qsizetype>(2, arguments.size() - i));
        else if (arguments.at(i).startsWith(u"--db="_s))
            arguments.removeAt(i);
        else
            ++i;
    }
    arguments << u"--db"_s << location;
    if (QProcess::startDetached(QCoreApplication::applicationFilePath(), arguments))
        return true;
    fail(QApplication::translate("Ui", "Cannot start Switchboard again on %1.").arg(location));
    return false;
}

Gateway::GatewayOptions gatewayOptions(const Options &options)
{
    Gateway::GatewayOptions gateway;
    gateway.address = options.listen.address;
    // Screenshots on a scratch database must not collide with a running studio.
    const bool scratch = !options.screenshotDir.isEmpty() && options.db.isEmpty();
    gateway.port = scratch ? 0 : options.listen.port;
    return gateway;
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    // Debug lines only when asked for (QT_LOGGING_RULES): a first run shows what a user needs.
    QLoggingCategory::setFilterRules(u"sb.*.debug=false"_s);
    QApplication::setOrganizationName(u"Switchboard"_s);
    QApplication::setApplicationName(u"switchboard"_s);
    QApplication::setApplicationVersion(QStringLiteral(SWITCHBOARD_VERSION));
    // The installed .desktop file's name: desktops (Wayland's app id) match the window to it.
    QGuiApplication::setDesktopFileName(u"io.switchboard.Switchboard"_s);
    // The language of Preferences, or the system's; it changes with the next start.
    const Ui::Common::Preferences preferences = Ui::Common::Preferences::load();
    Ui::Common::installLanguage(preferences.language);
    const std::optional<Options> options = parseOptions(app);
    if (!options)
        return 2;
    const bool screenshots = !options->screenshotDir.isEmpty();
    // Screenshots use a fresh demo workspace and fixed settings, never the user's.
    QTemporaryDir scratch;
    if (screenshots)
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, scratch.path());
    Ui::Common::applyTheme(screenshots ? Ui::Common::Theme::Light : preferences.theme);

    const QString path = databasePath(*options, preferences, scratch);
    if (!screenshots) {
        if (const Util::Status s = upgradeDatabase(path); !s) {
            if (s.error().code == Util::kCancelled)
                return fail(
                    QApplication::translate("Ui", "Cancelled: %1 is left as it was.").arg(path));
            return cannotOpen(s.error(), *options, preferences);
        }
    }
    Runtime::Runtime runtime;
    // Beside a `switchboard-gateway serve` on the same machine and database (named after the
    // host): instances sharing one database need names of their own (their leases, their rows).
    (void)runtime.setInstance(Runtime::Runtime::defaultInstance().left(56) + u"-studio"_s);
    if (const Util::Status s = runtime.open(path, u"switchboard"_s); !s)
        return screenshots ? fail(Ui::Common::errorText(s.error()))
                           : cannotOpen(s.error(), *options, preferences);
    const bool withGateway = !options->noGateway;
    if (!screenshots) {
        runtime.receiptWriter()->setRetention(preferences.retention);
        announceFirstRun(runtime, withGateway);
    }
    Ui::Main::Studio studio(&runtime, withGateway);
    if (withGateway) {
        if (const Util::Status s = runtime.start(gatewayOptions(*options)); !s)
            fail(Ui::Common::errorText(s.error()));
    }
    if (screenshots) {
        return Ui::Main::takeScreenshots(*studio.window(), *studio.session(),
                                         withGateway ? runtime.gateway() : nullptr,
                                         options->screenshotDir);
    }
    // Closing the window (or SIGTERM) shuts the runtime down; the studio quits once every receipt
    // of the calls still in flight is committed.
    QApplication::setQuitOnLastWindowClosed(false);
    QObject::connect(&studio, &Ui::Main::Studio::finished, &app,
                     [](bool complete) { QCoreApplication::exit(complete ? 0 : 1); });
    Runtime::SignalNotifier posixSignals;
    if (posixSignals.install(false))
        QObject::connect(&posixSignals, &Runtime::SignalNotifier::terminationRequested, &studio,
                         &Ui::Main::Studio::quit);
    studio.window()->show();
    const int code = QApplication::exec();
    if (!studio.reopenLocation().isEmpty() && !startAgainOn(studio.reopenLocation()))
        return 1;
    return code;
}
