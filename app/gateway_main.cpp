// switchboard-gateway: the routing core without widgets, on the same database (R-CLI-1).
//   serve [--db PATH] [--listen HOST:PORT] [--instance NAME]   import FILE   export FILE
//   keys create --project P --name N        keys list     keys revoke ID
//   listings     listings refresh     probe [--model M] [--connection C]
//   rehearse MODEL [--json FILE] [--key ID]
#include "common/configtext.h"
#include "common/errortext.h"
#include "domain/listing.h"
#include "gateway/gatewayservice.h"
#include "net/timesource.h"
#include "progressline.h"
#include "rehearse.h"
#include "runtime/listenaddress.h"
#include "runtime/listingrefresher.h"
#include "runtime/operations.h"
#include "runtime/probescheduler.h"
#include "runtime/runtime.h"
#include "runtime/signalnotifier.h"
#include "store/database.h"
#include "store/storeerror.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QTextStream>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

constexpr auto kAuthor = "switchboard-gateway";

QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}

QTextStream &err()
{
    static QTextStream s(stderr);
    return s;
}

int fail(const QString &message)
{
    err() << "switchboard-gateway: " << message << Qt::endl;
    return 1;
}

// Core's errors in the studio's words, English here: this program installs no translator.
int fail(const Util::Error &error)
{
    // An empty database is a first step not taken yet: say which commands take it.
    if (Store::errorCodeOf(error) == Store::ErrorCode::NothingSaved)
        return fail(Ui::Common::errorText(error) + u" Run serve or import first."_s);
    return fail(Ui::Common::errorText(error));
}

Util::Result<Gateway::GatewayOptions> listenOptions(const QCommandLineParser &p)
{
    Gateway::GatewayOptions options;
    options.strictReceipts = p.isSet(u"strict-receipts"_s);
    if (p.isSet(u"max-connections"_s)) {
        bool ok = false;
        const int max = p.value(u"max-connections"_s).toInt(&ok);
        if (!ok || max < 1) {
            return Util::Error { u"options"_s,
                                 u"--max-connections takes a positive whole number, not \"%1\"."_s
                                     .arg(p.value(u"max-connections"_s)) };
        }
        options.maxConnections = max;
    }
    if (!p.isSet(u"listen"_s))
        return options;
    const auto listen = Runtime::parseListenAddress(p.value(u"listen"_s));
    if (!listen)
        return listen.error();
    options.address = listen->address;
    options.port = listen->port;
    return options;
}

QString databasePath(const QCommandLineParser &p)
{
    return p.isSet(u"db"_s) ? p.value(u"db"_s) : Store::Database::defaultPath();
}

// An older file is brought up to this version on open; on a terminal its receipts count up.
ProgressLine upgradeLine(const QString &path)
{
    return ProgressLine(
        u"Updating %1 for this version of Switchboard"_s.arg(QFileInfo(path).fileName()),
        u"receipts"_s);
}

Util::Result<std::unique_ptr<Runtime::Operations>> openOperations(const QCommandLineParser &p)
{
    const QString path = databasePath(p);
    ProgressLine line = upgradeLine(path);
    return Runtime::Operations::open(path, QString::fromLatin1(kAuthor), line.progress());
}

// systemd connects a service's standard output to the journal and names that stream in
// JOURNAL_STREAM ("device:inode"); a process that inherited the variable but writes elsewhere is
// not writing to the journal (systemd.exec(5)).
bool stdoutIsTheJournal()
{
    const QList<QByteArray> parts = qgetenv("JOURNAL_STREAM").split(':');
    struct stat st
    {
    };
    if (parts.size() != 2 || fstat(STDOUT_FILENO, &st) != 0)
        return false;
    bool deviceOk = false;
    bool inodeOk = false;
    const qulonglong device = parts.at(0).toULongLong(&deviceOk);
    const qulonglong inode = parts.at(1).toULongLong(&inodeOk);
    return deviceOk && inodeOk && device == st.st_dev && inode == st.st_ino;
}

// Where the database is; on a first run the demo workspace's caller key, shown this once on a
// terminal. The journal keeps what it is given and others read it, so a service that creates the
// demo workspace says how to make a key instead (R-SEC-3).
void showDatabase(const Runtime::Runtime &runtime)
{
    if (runtime.demoKey().isEmpty()) {
        out() << "Database: " << runtime.databasePath() << Qt::endl;
        return;
    }
    out() << "Created the demo workspace in " << runtime.databasePath() << Qt::endl;
    if (stdoutIsTheJournal()) {
        out() << "Its caller key is not written to the journal; make one with: "
                 "switchboard-gateway keys create --project default --name NAME"
              << Qt::endl;
    } else {
        out() << "Demo caller key (shown once): " << runtime.demoKey() << Qt::endl;
    }
}

// Calls in flight finish on the snapshot they started with; new calls use the reloaded one, which
// versionLoaded() announces.
void reload(Runtime::Runtime &runtime)
{
    const Util::Result<int> version = runtime.reload();
    if (!version) {
        err() << "reload failed, keeping the running workspace: "
              << Ui::Common::errorText(version.error()) << Qt::endl;
    }
}

// The headless front end on the runtime: log lines on stdout, SIGTERM/SIGINT shut down in order
// (every receipt committed), SIGHUP and newly saved versions reload.
int serve(QCoreApplication &app, const QCommandLineParser &p)
{
    const auto options = listenOptions(p);
    if (!options)
        return fail(options.error());
    Runtime::Runtime runtime;
    // Checked before the database opens: a bad name changes nothing.
    if (p.isSet(u"instance"_s)) {
        if (const Util::Status named = runtime.setInstance(p.value(u"instance"_s)); !named)
            return fail(u"--instance: "_s + Ui::Common::errorText(named.error()));
    }
    {
        ProgressLine line = upgradeLine(databasePath(p));
        const Util::Status s
            = runtime.open(databasePath(p), QString::fromLatin1(kAuthor), line.progress());
        if (!s)
            return fail(s.error());
    }
    showDatabase(runtime);
    out() << "Instance: " << runtime.instance() << Qt::endl;
    if (options->strictReceipts || runtime.workspace().strictReceipts)
        out() << "Strict receipts: each answer ends only once its receipt is committed."
              << Qt::endl;
    int exitCode = 0;
    Gateway::GatewayService *gateway = runtime.gateway();
    QObject::connect(gateway, &Gateway::GatewayService::started, &app, [](const QString &address) {
        out() << "Listening on http://" << address << " (Ctrl+C stops)" << Qt::endl;
    });
    QObject::connect(gateway, &Gateway::GatewayService::failed, &app, [&](const QString &message) {
        exitCode = fail(message);
        runtime.shutdown();
    });
    QObject::connect(&runtime, &Runtime::Runtime::shutdownFinished, &app, [&](bool complete) {
        if (!complete)
            exitCode = fail(u"stopped, but some receipts could not be written (see the log)"_s);
        else if (exitCode == 0)
            out() << "Stopped; receipts flushed." << Qt::endl;
        app.exit(exitCode);
    });
    Runtime::SignalNotifier posixSignals;
    if (const Util::Status s = posixSignals.install(true); !s)
        return fail(s.error());
    QObject::connect(&posixSignals, &Runtime::SignalNotifier::reloadRequested, &app,
                     [&] { reload(runtime); });
    QObject::connect(&posixSignals, &Runtime::SignalNotifier::terminationRequested, &app, [&] {
        out() << "Stopping: finishing calls in flight…" << Qt::endl;
        runtime.shutdown();
    });
    // Versions saved by another process (`import`, `keys create/revoke`, a studio, another
    // gateway on a shared database) are reloaded by the runtime, as SIGHUP would.
    QObject::connect(&runtime, &Runtime::Runtime::versionLoaded, &app, [](int version) {
        out() << "Reloaded workspace version " << version << Qt::endl;
    });
    if (const Util::Status s = runtime.start(*options); !s)
        return fail(s.error());
    return app.exec();
}

int importFile(const QCommandLineParser &p, const QString &file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return fail(u"cannot read %1: %2"_s.arg(file, f.errorString()));
    auto ops = openOperations(p);
    if (!ops)
        return fail(ops.error());
    Util::Result<Runtime::Operations::Imported> imported = [&] {
        ProgressLine line(u"Importing %1"_s.arg(QFileInfo(file).fileName()), u"steps"_s);
        return (*ops)->importWorkspace(f.readAll(), file, line.progress());
    }();
    if (!imported)
        return fail(imported.error());
    for (const Config::Problem &problem : imported->problems) {
        err() << Config::severityName(problem.severity) << ": " << Ui::Common::problemLine(problem)
              << Qt::endl;
    }
    if (imported->version == 0)
        return fail(u"import refused: nothing was changed"_s);
    out() << "Imported " << file << " as version " << imported->version << Qt::endl;
    return 0;
}

int exportFile(const QCommandLineParser &p, const QString &file)
{
    auto ops = openOperations(p);
    if (!ops)
        return fail(ops.error());
    if (const Util::Status s = (*ops)->exportWorkspace(file); !s)
        return fail(s.error());
    out() << "Exported to " << file << Qt::endl;
    return 0;
}

int listKeys(const Runtime::Operations &ops)
{
    const Util::Result<Domain::Workspace> ws = ops.workspace();
    if (!ws)
        return fail(ws.error());
    for (const Domain::Key &k : ws->keys) {
        out() << k.id << '\t' << k.project << '\t' << k.name << '\t' << k.prefix << "…\t"
              << k.createdAt.toString(Qt::ISODate) << (k.revoked ? "\trevoked" : "") << Qt::endl;
    }
    return 0;
}

int keys(const QCommandLineParser &p, const QStringList &args)
{
    const QString verb = args.value(1);
    if (verb != u"list"_s && verb != u"create"_s && verb != u"revoke"_s)
        return fail(u"keys wants create, list or revoke"_s);
    if (verb == u"create"_s && (p.value(u"project"_s).isEmpty() || p.value(u"name"_s).isEmpty()))
        return fail(u"keys create needs --project P --name N"_s);
    auto ops = openOperations(p);
    if (!ops)
        return fail(ops.error());
    if (verb == u"list"_s)
        return listKeys(**ops);
    if (verb == u"create"_s) {
        const auto created = (*ops)->createKey(p.value(u"project"_s), p.value(u"name"_s));
        if (!created)
            return fail(created.error());
        out() << "Key (shown once): " << created->secret << Qt::endl;
        return 0;
    }
    const auto revoked = (*ops)->revokeKey(args.value(2));
    if (!revoked)
        return fail(revoked.error());
    out() << "Revoked key " << revoked->key.name << Qt::endl;
    return 0;
}

// "3 h 12 min", "45 s": how long ago a listing was fetched.
QString ageText(qint64 seconds)
{
    if (seconds < 60)
        return u"%1 s"_s.arg(seconds);
    if (seconds < 3600)
        return u"%1 min"_s.arg(seconds / 60);
    return u"%1 h %2 min"_s.arg(seconds / 3600).arg(seconds % 3600 / 60);
}

// One line per provider: its source, the facts routing uses now, when its listing was fetched, how
// old that is, and the last refresh's error (docs/listings.md).
void printListings(const Domain::Workspace &config, const QList<Domain::ListingState> &states,
                   const QDateTime &now)
{
    Domain::Workspace ws = config;
    Domain::applyListings(ws, states, now);
    const auto yesNo = [](bool b) { return b ? u"yes"_s : u"no"_s; };
    for (const Domain::Provider &p : ws.providers) {
        out() << p.id << '\t' << (p.listingSource.isEmpty() ? u"(set by hand)"_s : p.listingSource)
              << "\tzdr=" << yesNo(p.zeroDataRetention) << "\tno_training=" << yesNo(p.noTraining);
        if (!p.listingSource.isEmpty()) {
            const bool fetched = p.listingFetchedAt.isValid();
            out() << "\tfetched="
                  << (fetched ? p.listingFetchedAt.toUTC().toString(Qt::ISODate) : u"never"_s)
                  << "\tage=" << (fetched ? ageText(p.listingFetchedAt.secsTo(now)) : u"-"_s)
                  << '\t'
                  << (!fetched             ? "missing"
                          : p.listingStale ? "stale"
                                           : "fresh");
            if (!p.listingError.isEmpty())
                out() << "\terror=" << p.listingError;
        }
        out() << Qt::endl;
    }
}

// `listings` prints what is stored; `listings refresh` fetches every source first (the stored
// state is what a running gateway reads at its start; it fetches on its own schedule).
int listings(const QCommandLineParser &p, const QStringList &args)
{
    const QString verb = args.value(1);
    if (args.size() > 2 || (!verb.isEmpty() && verb != u"refresh"_s))
        return fail(u"listings wants nothing or refresh"_s);
    auto ops = openOperations(p);
    if (!ops)
        return fail(ops.error());
    const Util::Result<Domain::Workspace> ws = (*ops)->workspace();
    if (!ws)
        return fail(ws.error());
    Runtime::ListingRefresher refresher((*ops)->database());
    refresher.setWorkspace(*ws);
    int failed = 0;
    if (verb == u"refresh"_s) {
        QObject::connect(&refresher, &Runtime::ListingRefresher::refreshFailed, &refresher,
                         [&](const QString &provider, const QString &message) {
                             ++failed;
                             err() << "listing of " << provider << " not refreshed: " << message
                                   << Qt::endl;
                         });
        QEventLoop loop;
        QObject::connect(&refresher, &Runtime::ListingRefresher::finished, &loop,
                         &QEventLoop::quit);
        refresher.refresh();
        if (refresher.pending() > 0)
            loop.exec();
    }
    printListings(*ws, refresher.states(), Gateway::TimeSource::system()->nowUtc());
    return failed > 0 ? 1 : 0;
}

// `probe`: the reliability probes (docs/probes.md) of the certified offerings named, metered
// connections included, on a private gateway on a free loopback port; each result printed and
// stored as a scheduled run's would be. Exit 0 when every probe passed, 1 when any failed or erred.
int probe(QCoreApplication &app, const QCommandLineParser &p)
{
    Runtime::Runtime runtime;
    {
        ProgressLine line = upgradeLine(databasePath(p));
        const Util::Status s
            = runtime.open(databasePath(p), QString::fromLatin1(kAuthor), line.progress());
        if (!s)
            return fail(s.error());
    }
    Domain::ProbeRequest request;
    request.model = p.value(u"model"_s);
    request.connection = p.value(u"connection"_s);
    if (!request.model.isEmpty() && !runtime.workspace().model(request.model))
        return fail(u"no model named %1"_s.arg(request.model));
    if (!request.connection.isEmpty() && !runtime.workspace().connection(request.connection))
        return fail(u"no connection named %1"_s.arg(request.connection));
    int exitCode = 0;
    QList<Domain::ProbeResult> results;
    Gateway::GatewayService *gateway = runtime.gateway();
    QObject::connect(gateway, &Gateway::GatewayService::started, &app, [&] {
        if (!runtime.probes()->runNow(request))
            runtime.shutdown();
    });
    QObject::connect(gateway, &Gateway::GatewayService::failed, &app, [&](const QString &message) {
        exitCode = fail(message);
        runtime.shutdown();
    });
    QObject::connect(runtime.probes(), &Runtime::ProbeScheduler::runFinished, &app,
                     [&](const QList<Domain::ProbeResult> &r) {
                         results = r;
                         runtime.shutdown();
                     });
    QObject::connect(&runtime, &Runtime::Runtime::shutdownFinished, &app,
                     [&](bool) { app.exit(exitCode); });
    runtime.probes()->setScheduled(false); // this run only
    runtime.setKeepsBudgets(false); // a serving gateway may be using the database meanwhile
    Gateway::GatewayOptions options;
    options.port = 0; // a private port: nothing but the probes calls it
    if (const Util::Status s = runtime.start(options); !s)
        return fail(s.error());
    app.exec();
    if (exitCode != 0)
        return exitCode;
    if (results.isEmpty()) {
        out() << "Nothing to probe: no certified offering with tools or structured output matches."
              << Qt::endl;
        return 0;
    }
    int passed = 0;
    for (const Domain::ProbeResult &r : std::as_const(results)) {
        passed += r.outcome == Domain::ProbeResult::Outcome::Passed ? 1 : 0;
        out() << Domain::toString(r.outcome).leftJustified(7) << ' ' << r.model << " on "
              << r.connection << " (" << r.upstreamModel << ")  " << r.taskId << "  "
              << r.requestId;
        if (!r.reason.isEmpty())
            out() << "\n        " << r.reason;
        out() << Qt::endl;
    }
    out() << passed << " of " << results.size() << " probes passed (probe set "
          << results.first().setVersion << ")." << Qt::endl;
    return passed == results.size() ? 0 : 1;
}

// `rehearse MODEL`: the fault lab (README "Fault lab") on the saved workspace: every failure kind,
// plain and streaming, on a private gateway with timeouts scaled down; the table printed as cases
// finish, optionally written as JSON. Exit 0 when every case passed, 2 when one failed, 1 when the
// run could not be made (unknown model, no key, no database).
int rehearse(QCoreApplication &app, const QCommandLineParser &p, const QString &model)
{
    Runtime::Runtime runtime;
    {
        ProgressLine line = upgradeLine(databasePath(p));
        const Util::Status s
            = runtime.open(databasePath(p), QString::fromLatin1(kAuthor), line.progress());
        if (!s)
            return fail(s.error());
    }
    if (!runtime.workspace().model(model))
        return fail(u"no model named %1"_s.arg(model));
    FaultLab::Options options;
    options.databasePath = runtime.databasePath();
    options.keyId = p.value(u"key"_s);
    FaultLab::Runner runner;
    bool headerShown = false;
    QObject::connect(&runner, &FaultLab::Runner::caseStarted, &app, [&](int) {
        if (!std::exchange(headerShown, true))
            Rehearse::printHeader(out(), runner.report(), runner.cases().size());
    });
    QObject::connect(&runner, &FaultLab::Runner::caseFinished, &app,
                     [&](int, const FaultLab::CaseResult &r) { Rehearse::printRow(out(), r); });
    QObject::connect(&runner, &FaultLab::Runner::finished, &app, [&] { app.exit(0); });
    runner.start(std::make_shared<const Domain::Workspace>(runtime.workspace()), model, options);
    app.exec();
    const FaultLab::Report &report = runner.report();
    if (!report.error.isEmpty())
        return fail(report.error);
    Rehearse::printSummary(out(), report, runtime.databasePath());
    if (p.isSet(u"json"_s)) {
        QFile file(p.value(u"json"_s));
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)
            || file.write(FaultLab::toJsonBytes(report)) < 0)
            return fail(u"cannot write %1: %2"_s.arg(file.fileName(), file.errorString()));
    }
    return Rehearse::exitCode(report);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    // Debug lines only when asked for (QT_LOGGING_RULES): a first run shows what a user needs.
    QLoggingCategory::setFilterRules(u"sb.*.debug=false"_s);
    QCoreApplication::setApplicationName(u"switchboard"_s);
    // The same names as the studio, so both find the same database (R-CLI-1, R-CLI-3).
    QCoreApplication::setOrganizationName(u"Switchboard"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(SWITCHBOARD_VERSION));
    QCommandLineParser p;
    p.setApplicationDescription(
        u"Switchboard's model gateway without the studio.\n\n"
        "Commands:\n"
        "  serve [--db PATH] [--listen HOST:PORT]  run the gateway (default 127.0.0.1:8640);\n"
        "        [--instance NAME]                 a newly saved version (or SIGHUP) is\n"
        "                                          picked up within 1 s\n"
        "  import FILE                             validate and save a workspace file\n"
        "  export FILE                             write the workspace (no secrets)\n"
        "  keys create --project P --name N        create a caller key (printed once)\n"
        "  keys list                               list caller keys\n"
        "  keys revoke ID                          revoke a caller key\n"
        "  listings                                each provider's listing: source, facts,\n"
        "                                          fetched at, age, last error\n"
        "  listings refresh                        fetch every provider's listing now\n"
        "  probe [--model M] [--connection C]      run the reliability probes of the certified\n"
        "                                          offerings named (all by default) now\n"
        "  rehearse MODEL [--json FILE] [--key ID] the fault lab: every failure kind, plain and\n"
        "                                          streaming, on a private gateway (timeouts\n"
        "                                          ÷ 20); exit 2 when a case fails"_s);
    p.addHelpOption();
    // Not addVersionOption(): it prints the application name, which is the studio's shared
    // "switchboard" (kept so both find the same data folder); this binary has its own name.
    const QCommandLineOption version({ u"v"_s, u"version"_s }, u"Displays version information."_s);
    p.addOption(version);
    p.addOption({ u"db"_s,
                  u"Database: a file (default: the app-data folder), or "
                  "postgresql://user@host:port/database (the password from PGPASSWORD or "
                  "~/.pgpass)."_s,
                  u"PATH|URL"_s });
    p.addOption({ u"listen"_s,
                  u"Address to listen on: 127.0.0.1:8640 (default), [::1]:8640, localhost:8640, "
                  "0.0.0.0:8640."_s,
                  u"HOST:PORT"_s });
    p.addOption({ u"max-connections"_s,
                  u"Caller connections open at once (default 10000, lowered to what the open-file "
                  "limit allows); a request on one more is answered 503 with Retry-After."_s,
                  u"N"_s });
    p.addOption({ u"strict-receipts"_s,
                  u"Send the last bytes of each answer only once its receipt is committed, so that "
                  "no answered call lacks a receipt even if the process is killed (also a "
                  "workspace setting)."_s });
    p.addOption({ u"instance"_s,
                  u"This gateway's name on its receipts and in /metrics, for several gateways on "
                  "one database (serve; default: the host name; up to 64 printable "
                  "characters)."_s,
                  u"NAME"_s });
    p.addOption({ u"project"_s, u"Project id for keys create."_s, u"P"_s });
    p.addOption({ u"name"_s, u"Key name for keys create."_s, u"N"_s });
    p.addOption({ u"model"_s, u"Model to probe (probe)."_s, u"M"_s });
    p.addOption({ u"connection"_s, u"Connection to probe (probe)."_s, u"C"_s });
    p.addOption({ u"json"_s, u"Write the fault lab's table as JSON (rehearse)."_s, u"FILE"_s });
    p.addOption({ u"key"_s,
                  u"Caller key to copy for the fault lab (rehearse; default: the first "
                  "enabled key)."_s,
                  u"ID"_s });
    p.addPositionalArgument(u"command"_s,
                            u"serve, import, export, keys, listings, probe or rehearse"_s);
    p.process(app);
    if (p.isSet(version)) {
        out() << kAuthor << ' ' << QCoreApplication::applicationVersion() << Qt::endl;
        return 0;
    }
    const QStringList args = p.positionalArguments();
    const QString command = args.value(0);
    if (command == u"serve"_s)
        return serve(app, p);
    if (command == u"import"_s && args.size() == 2)
        return importFile(p, args.at(1));
    if (command == u"export"_s && args.size() == 2)
        return exportFile(p, args.at(1));
    if (command == u"keys"_s)
        return keys(p, args);
    if (command == u"listings"_s)
        return listings(p, args);
    if (command == u"probe"_s && args.size() == 1)
        return probe(app, p);
    if (command == u"rehearse"_s && args.size() == 2)
        return rehearse(app, p, args.at(1));
    err() << p.helpText();
    return 1;
}
