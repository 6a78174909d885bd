// The headless switchboard-gateway binary, run as a user would: a real process on a temp
// database, real HTTP calls, real signals (R-CLI-1, R-CLI-2, R-CLI-3, R-SEC-3).
#include "config/demo.h"
#include "config/workspacejson.h"
#include "fakeupstream.h"
#include "oldschema.h"
#include "rawcalls.h"
#include "seededworkspace.h"
#include "store/configstore.h"
#include "store/database.h"
#include "store/receiptreader.h"
#include "tempdatabase.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

constexpr int kTimeoutMs = 30000;

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

Run runCli(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(SWITCHBOARD_GATEWAY_EXE), args);
    Run r;
    if (!p.waitForStarted(kTimeoutMs) || !p.waitForFinished(kTimeoutMs))
        return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

// A port nobody listens on right now: the kernel picks it, we release it for the gateway.
quint16 freePort(const QHostAddress &address = QHostAddress(QHostAddress::LocalHost))
{
    QTcpServer probe;
    probe.listen(address, 0);
    return probe.serverPort();
}

// A running `serve`, its stdout collected as it arrives.
class Server
{
public:
    Server(const QString &db, quint16 port, const QString &host = u"127.0.0.1"_s,
           const QStringList &more = {})
        : m_port(port)
    {
        QObject::connect(&m_process, &QProcess::readyReadStandardOutput, &m_process,
                         [this] { m_out += QString::fromUtf8(m_process.readAllStandardOutput()); });
        m_process.start(
            QStringLiteral(SWITCHBOARD_GATEWAY_EXE),
            QStringList { u"serve"_s, u"--db"_s, db, u"--listen"_s, u"%1:%2"_s.arg(host).arg(port) }
                + more);
    }
    ~Server()
    {
        // Stopped as a user would (SIGTERM), so the database is left closed for the next step.
        if (m_process.state() != QProcess::NotRunning) {
            m_process.terminate();
            if (!m_process.waitForFinished(kTimeoutMs))
                m_process.kill();
        }
    }
    QProcess &process() { return m_process; }
    const QString &out() const { return m_out; }
    quint16 port() const { return m_port; }

private:
    QProcess m_process;
    QString m_out;
    quint16 m_port;
};

struct Answer
{
    int status = 0;
    QByteArray requestId;
};

Answer chat(quint16 port, const QString &key)
{
    QNetworkAccessManager nam;
    QNetworkRequest req(QUrl(u"http://127.0.0.1:%1/v1/chat/completions"_s.arg(port)));
    req.setHeader(QNetworkRequest::ContentTypeHeader, u"application/json"_s);
    req.setRawHeader("Authorization", "Bearer " + key.toUtf8());
    const QJsonObject body {
        { u"model"_s, u"org/fast"_s },
        { u"messages"_s,
          QJsonArray { QJsonObject { { u"role"_s, u"user"_s }, { u"content"_s, u"hi"_s } } } }
    };
    std::unique_ptr<QNetworkReply> reply(nam.post(req, QJsonDocument(body).toJson()));
    QSignalSpy finished(reply.get(), &QNetworkReply::finished);
    if (!reply->isFinished())
        finished.wait(kTimeoutMs);
    return { reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(),
             reply->rawHeader("x-request-id") };
}

QByteArray metrics(quint16 port, const QString &key)
{
    QNetworkAccessManager nam;
    QNetworkRequest req(QUrl(u"http://127.0.0.1:%1/metrics"_s.arg(port)));
    req.setRawHeader("Authorization", "Bearer " + key.toUtf8());
    std::unique_ptr<QNetworkReply> reply(nam.get(req));
    QSignalSpy finished(reply.get(), &QNetworkReply::finished);
    if (!reply->isFinished())
        finished.wait(kTimeoutMs);
    return reply->readAll();
}

QString captured(const QString &text, const QString &pattern)
{
    return QRegularExpression(pattern).match(text).captured(1);
}

int versionCount(const QString &db)
{
    auto opened = Store::Database::open(db);
    return opened ? int(Store::ConfigStore(**opened).versions().size()) : -1;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeAll(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// Sets root[path...] where each step is an object key or an array index.
QJsonValue setAt(const QJsonValue &node, QStringList path, const QJsonValue &value)
{
    if (path.isEmpty())
        return value;
    const QString step = path.takeFirst();
    bool isIndex = false;
    const int index = step.toInt(&isIndex);
    if (isIndex) {
        QJsonArray a = node.toArray();
        a[index] = setAt(a.at(index), path, value);
        return a;
    }
    QJsonObject o = node.toObject();
    o[step] = setAt(o.value(step), path, value);
    return o;
}

} // namespace

class tst_GatewayCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void versionAndHelp_R_CLI_1_data();
    void versionAndHelp_R_CLI_1();
    void serveCallAndStop_R_CLI_1_R_CLI_3();
    void firstRunSaysWhatAUserNeeds_R_CLI_3();
    void olderFileShowsProgressOnATerminalOnly_R_CLI_3();
    void demoKeyNeverInTheJournal_R_SEC_3_data();
    void demoKeyNeverInTheJournal_R_SEC_3();
    void exportImportRoundTrip_R_CLI_2();
    void badImportChangesNothing_R_CLI_2_data();
    void badImportChangesNothing_R_CLI_2();
    void warningsOnlyImport_R_CLI_2();
    void keysCreateListRevoke_R_CLI_1_R_SEC_3();
    void listingsRefreshAndShow();
    void emptyDatabaseSaysWhatToRunFirst_R_CLI_2();
    void sigtermWith50CallsInFlightLeaves50Receipts_R_RCPT_1();
    void serveListensWhereTold_R_SEC_1_data();
    void serveListensWhereTold_R_SEC_1();
    void serveRefusesABadListenAddress();
    void serveNamesItsInstance();
    void serveRefusesABadInstanceName_data();
    void serveRefusesABadInstanceName();

private:
    QString seededDatabase(const QTemporaryDir &dir);
    QString waitForKey(Server &server);
};

// A database holding the demo workspace, imported through the CLI itself.
QString tst_GatewayCli::seededDatabase(const QTemporaryDir &dir)
{
    const QString db = dir.filePath(u"workspace.sqlite"_s);
    const QString seed = dir.filePath(u"seed.json"_s);
    if (!writeAll(seed, Config::exportWorkspace(Config::demoWorkspace())))
        return {};
    const Run r = runCli({ u"import"_s, u"--db"_s, db, seed });
    return r.exitCode == 0 ? db : QString();
}

void tst_GatewayCli::versionAndHelp_R_CLI_1_data()
{
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("expected");
    const QString version = u"switchboard-gateway " SWITCHBOARD_VERSION "\n"_s;
    QTest::newRow("--version") << u"--version"_s << version;
    QTest::newRow("-v") << u"-v"_s << version;
    QTest::newRow("--help") << u"--help"_s << u"keys revoke ID"_s;
}

void tst_GatewayCli::versionAndHelp_R_CLI_1()
{
    QFETCH(QString, option);
    QFETCH(QString, expected);
    const Run r = runCli({ option });
    QCOMPARE(r.exitCode, 0);
    if (expected.endsWith(u'\n'))
        QCOMPARE(r.out, expected);
    else
        QVERIFY2(r.out.contains(expected), qPrintable(r.out));
}

// Waits until the server listens; returns the demo key it printed, if any.
QString tst_GatewayCli::waitForKey(Server &server)
{
    [&] { QTRY_VERIFY_WITH_TIMEOUT(server.out().contains(u"Listening on"_s), kTimeoutMs); }();
    return captured(server.out(), u"Demo caller key \\(shown once\\): (\\S+)"_s);
}

void tst_GatewayCli::serveCallAndStop_R_CLI_1_R_CLI_3()
{
    TempDatabase db;
    QVERIFY(db.isValid());
    QString key;
    QByteArray requestId;
    {
        Server server(db.path(), freePort());
        key = waitForKey(server);
        QVERIFY2(!key.isEmpty(), qPrintable(server.out()));
        QVERIFY(server.out().contains(db.path()));
        QCOMPARE(server.out().count(key), 1);
        const Answer a = chat(server.port(), key);
        QCOMPARE(a.status, 200);
        QVERIFY(!a.requestId.isEmpty());
        requestId = a.requestId;
        server.process().terminate(); // SIGTERM
        QVERIFY(server.process().waitForFinished(kTimeoutMs));
        QCOMPARE(server.process().exitStatus(), QProcess::NormalExit);
        QCOMPARE(server.process().exitCode(), 0);
    }
    {
        auto opened = Store::Database::open(db.path());
        QVERIFY(opened);
        QVERIFY(Store::ReceiptReader(**opened).receiptByRequestId(QString::fromLatin1(requestId)));
    }
    // The second start finds the workspace: no new demo key, and the old one still works.
    Server again(db.path(), freePort());
    QCOMPARE(waitForKey(again), QString());
    QVERIFY(!again.out().contains(u"Demo caller key"_s));
    QCOMPARE(chat(again.port(), key).status, 200);
}

// A fresh database: stdout says where it is, the demo key and the address, nothing more; stderr
// has no line per schema migration, no import report and no saved-version trace.
void tst_GatewayCli::firstRunSaysWhatAUserNeeds_R_CLI_3()
{
    TempDatabase db;
    const quint16 port = freePort();
    QProcess p;
    p.start(QStringLiteral(SWITCHBOARD_GATEWAY_EXE),
            { u"serve"_s, u"--db"_s, db.path(), u"--listen"_s, u"127.0.0.1:%1"_s.arg(port) });
    QString out;
    QObject::connect(&p, &QProcess::readyReadStandardOutput, &p,
                     [&] { out += QString::fromUtf8(p.readAllStandardOutput()); });
    QTRY_VERIFY_WITH_TIMEOUT(out.contains(u"Listening on"_s), kTimeoutMs);
    const QString err = QString::fromUtf8(p.readAllStandardError());
    p.terminate();
    QVERIFY(p.waitForFinished(kTimeoutMs));
    const QStringList lines = out.split(u'\n', Qt::SkipEmptyParts);
    QVERIFY2(lines.size() >= 4, qPrintable(out));
    QCOMPARE(lines.at(0), u"Created the demo workspace in "_s + db.path());
    QVERIFY2(lines.at(1).startsWith(u"Demo caller key (shown once): sb-"_s), qPrintable(out));
    QCOMPARE(lines.at(2), u"Instance: "_s + QSysInfo::machineHostName());
    QCOMPARE(lines.at(3), u"Listening on http://127.0.0.1:%1 (Ctrl+C stops)"_s.arg(port));
    for (const QString &noise : { u"migrat"_s, u"import:"_s, u"saved workspace version"_s })
        QVERIFY2(!err.contains(noise), qPrintable(err));
}

// Opening a file of an older schema rewrites its receipts: on a terminal a line counts them up
// on stderr and ends with all of them; into a pipe nothing is written but the log.
void tst_GatewayCli::olderFileShowsProgressOnATerminalOnly_R_CLI_3()
{
    constexpr int kReceipts = 200000; // long enough for the line to show
    QTemporaryDir dir;
    const QString piped = dir.filePath(u"piped.sqlite"_s);
    QVERIFY(writeSchema3(piped, kReceipts));
    const QString tty = dir.filePath(u"tty.sqlite"_s);
    QVERIFY(QFile::copy(piped, tty));

    const Run r = runCli({ u"keys"_s, u"list"_s, u"--db"_s, piped });
    QVERIFY2(!r.err.contains(u"Updating"_s), qPrintable(r.err));
    QVERIFY2(r.err.contains(u"migrated"_s), qPrintable(r.err));

    const QString script = QStandardPaths::findExecutable(u"script"_s);
    if (script.isEmpty())
        QSKIP("no script(1) to run the program on a terminal");
    QProcess p; // script(1) runs it on a pseudo-terminal and copies what it writes
    p.start(script,
            { u"-qec"_s,
              u"\"%1\" keys list --db \"%2\""_s.arg(QStringLiteral(SWITCHBOARD_GATEWAY_EXE), tty),
              u"/dev/null"_s });
    QVERIFY(p.waitForFinished(kTimeoutMs));
    const QString terminal = QString::fromUtf8(p.readAllStandardOutput());
    QVERIFY2(terminal.contains(u"\rUpdating tty.sqlite for this version of Switchboard: "_s),
             qPrintable(terminal));
    QVERIFY2(terminal.contains(u"200,000 of 200,000 receipts (100 %)"_s)
                 || terminal.contains(u"200000 of 200000 receipts (100 %)"_s),
             qPrintable(terminal));
}

void tst_GatewayCli::demoKeyNeverInTheJournal_R_SEC_3_data()
{
    QTest::addColumn<bool>("journal");
    QTest::newRow("stdout is the journal (systemd service)") << true;
    QTest::newRow("JOURNAL_STREAM inherited, stdout elsewhere") << false;
}

// Under systemd (JOURNAL_STREAM names the stream stdout is), a new demo workspace's key is not
// printed: the journal keeps it for anyone who reads logs. The variable alone, naming another
// stream, changes nothing.
void tst_GatewayCli::demoKeyNeverInTheJournal_R_SEC_3()
{
    QFETCH(bool, journal);
    TempDatabase db;
    QVERIFY(db.isValid());
    // The shell gives JOURNAL_STREAM the device and inode of the pipe QProcess reads, as systemd
    // would for the journal's stream, or a made-up stream.
    const QString stream = journal ? u"$(stat -L -c %d:%i /proc/$$/fd/1)"_s : u"1:1"_s;
    QProcess p;
    p.start(u"/bin/sh"_s,
            { u"-c"_s,
              u"export JOURNAL_STREAM=%1; exec \"$0\" serve --db \"$1\" --listen 127.0.0.1:0"_s.arg(
                  stream),
              QStringLiteral(SWITCHBOARD_GATEWAY_EXE), db.path() });
    QString out;
    QObject::connect(&p, &QProcess::readyReadStandardOutput, &p,
                     [&] { out += QString::fromUtf8(p.readAllStandardOutput()); });
    QTRY_VERIFY_WITH_TIMEOUT(out.contains(u"Listening on"_s), kTimeoutMs);
    p.terminate();
    QVERIFY(p.waitForFinished(kTimeoutMs));
    out += QString::fromUtf8(p.readAllStandardOutput());
    QVERIFY2(out.contains(u"Created the demo workspace in "_s + db.path()), qPrintable(out));
    QCOMPARE(out.contains(u"Demo caller key (shown once): sb-"_s), !journal);
    QCOMPARE(out.contains(u"sb-"_s), !journal);
    QCOMPARE(out.contains(u"keys create --project default"_s), journal);
    // The workspace and its demo key exist either way; `keys create` makes a usable one.
    const Run created = runCli({ u"keys"_s, u"create"_s, u"--db"_s, db.path(), u"--project"_s,
                                 u"default"_s, u"--name"_s, u"mine"_s });
    QCOMPARE(created.exitCode, 0);
    QVERIFY2(created.out.startsWith(u"Key (shown once): sb-"_s), qPrintable(created.out));
}

void tst_GatewayCli::exportImportRoundTrip_R_CLI_2()
{
    QTemporaryDir dir;
    const QString db = seededDatabase(dir);
    QVERIFY(!db.isEmpty());
    const QString first = dir.filePath(u"first.json"_s);
    const QString second = dir.filePath(u"second.json"_s);
    QCOMPARE(runCli({ u"export"_s, u"--db"_s, db, first }).exitCode, 0);
    const Run imported = runCli({ u"import"_s, u"--db"_s, db, first });
    QCOMPARE(imported.exitCode, 0);
    QVERIFY2(!imported.err.contains(u"error:"_s), qPrintable(imported.err));
    QCOMPARE(runCli({ u"export"_s, u"--db"_s, db, second }).exitCode, 0);
    QVERIFY(!readAll(first).isEmpty());
    QCOMPARE(readAll(second), readAll(first));
}

void tst_GatewayCli::badImportChangesNothing_R_CLI_2_data()
{
    QTest::addColumn<QStringList>("where");
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<QString>("path");
    QTest::newRow("unknown alias target") << QStringList { u"aliases"_s, u"0"_s, u"target"_s }
                                          << QJsonValue(u"nope/none"_s) << u"aliases[0].target"_s;
    QTest::newRow("failure rate out of range")
        << QStringList { u"connections"_s, u"0"_s, u"simulator"_s, u"failureRate"_s }
        << QJsonValue(5) << u"connections[0].simulator.failureRate"_s;
}

void tst_GatewayCli::badImportChangesNothing_R_CLI_2()
{
    QFETCH(QStringList, where);
    QFETCH(QJsonValue, value);
    QFETCH(QString, path);
    QTemporaryDir dir;
    const QString db = seededDatabase(dir);
    QVERIFY(!db.isEmpty());
    const QString before = dir.filePath(u"before.json"_s);
    QCOMPARE(runCli({ u"export"_s, u"--db"_s, db, before }).exitCode, 0);
    const int versions = versionCount(db);
    QVERIFY(versions > 0);

    const QJsonValue bad = setAt(QJsonDocument::fromJson(readAll(before)).object(), where, value);
    const QString badFile = dir.filePath(u"bad.json"_s);
    QVERIFY(writeAll(badFile, QJsonDocument(bad.toObject()).toJson()));
    const Run r = runCli({ u"import"_s, u"--db"_s, db, badFile });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"error: "_s + path + u": "_s), qPrintable(r.err));
    QVERIFY(r.err.contains(u"nothing was changed"_s));

    QCOMPARE(versionCount(db), versions);
    const QString after = dir.filePath(u"after.json"_s);
    QCOMPARE(runCli({ u"export"_s, u"--db"_s, db, after }).exitCode, 0);
    QCOMPARE(readAll(after), readAll(before));
}

void tst_GatewayCli::warningsOnlyImport_R_CLI_2()
{
    QTemporaryDir dir;
    const QString db = seededDatabase(dir);
    QVERIFY(!db.isEmpty());
    const int versions = versionCount(db);
    const QByteArray demo = Config::exportWorkspace(Config::demoWorkspace());
    QJsonObject ws = QJsonDocument::fromJson(demo).object();
    ws[u"comment"_s] = u"an unknown field is ignored with a warning"_s;
    const QString file = dir.filePath(u"warn.json"_s);
    QVERIFY(writeAll(file, QJsonDocument(ws).toJson()));
    const Run r = runCli({ u"import"_s, u"--db"_s, db, file });
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains(u"warning: comment: "_s), qPrintable(r.err));
    QVERIFY(!r.err.contains(u"error:"_s));
    QCOMPARE(versionCount(db), versions + 1);
}

// `listings refresh` fetches every provider's listing and stores it; `listings` prints each
// provider's source, facts, fetch time, age and last error; a failed refresh exits 1 and keeps
// the last good facts (docs/listings.md).
void tst_GatewayCli::listingsRefreshAndShow()
{
    QTemporaryDir dir;
    const QString db = seededDatabase(dir);
    QVERIFY(!db.isEmpty());
    const QString listing = dir.filePath(u"listing.json"_s);
    QVERIFY(writeAll(listing,
                     R"({"format":"switchboard-provider-listing/1","providers":[
                        {"id":"openai","zeroDataRetention":true,"noTraining":false}]})"_ba));
    const QByteArray demo = Config::exportWorkspace(Config::demoWorkspace());
    QJsonObject ws = QJsonDocument::fromJson(demo).object();
    QJsonArray providers = ws[u"providers"_s].toArray();
    for (qsizetype i = 0; i < providers.size(); ++i) {
        QJsonObject p = providers[i].toObject();
        if (p[u"id"_s] == u"openai"_s) {
            p[u"listingSource"_s] = listing;
            providers[i] = p;
        }
    }
    ws[u"providers"_s] = providers;
    const QString file = dir.filePath(u"listed.json"_s);
    QVERIFY(writeAll(file, QJsonDocument(ws).toJson()));
    QCOMPARE(runCli({ u"import"_s, u"--db"_s, db, file }).exitCode, 0);

    const Run before = runCli({ u"listings"_s, u"--db"_s, db });
    QCOMPARE(before.exitCode, 0);
    QVERIFY2(before.out.contains(u"openai\t%1\tzdr=no\tno_training=no\tfetched=never\tage=-"
                                 "\tmissing"_s.arg(listing)),
             qPrintable(before.out));
    QVERIFY2(before.out.contains(u"simulator\t(set by hand)\tzdr=yes\tno_training=yes"_s),
             qPrintable(before.out));

    const Run refreshed = runCli({ u"listings"_s, u"refresh"_s, u"--db"_s, db });
    QCOMPARE(refreshed.exitCode, 0);
    QVERIFY2(
        refreshed.out.contains(u"openai\t%1\tzdr=yes\tno_training=no\tfetched="_s.arg(listing)),
        qPrintable(refreshed.out));
    QVERIFY2(refreshed.out.contains(u"\tfresh"_s), qPrintable(refreshed.out));
    // The demo's providers read the built-in sample listing.
    QVERIFY2(
        refreshed.out.contains(
            u"azure\tqrc:/switchboard/demo-listing.json\tzdr=yes\tno_training=yes\tfetched="_s),
        qPrintable(refreshed.out));

    QVERIFY(writeAll(listing, "not json"));
    const Run failed = runCli({ u"listings"_s, u"refresh"_s, u"--db"_s, db });
    QCOMPARE(failed.exitCode, 1);
    QVERIFY2(failed.err.contains(u"listing of openai not refreshed: The listing is not JSON"_s),
             qPrintable(failed.err));
    QVERIFY2(failed.out.contains(u"openai\t%1\tzdr=yes"_s.arg(listing)), qPrintable(failed.out));
    QVERIFY2(failed.out.contains(u"\terror=The listing is not JSON"_s), qPrintable(failed.out));
    QCOMPARE(runCli({ u"listings"_s, u"nonsense"_s, u"--db"_s, db }).exitCode, 1);
}

// export and keys on a database no workspace was saved in fail, naming the commands that save one.
void tst_GatewayCli::emptyDatabaseSaysWhatToRunFirst_R_CLI_2()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"empty.sqlite"_s);
    for (const QStringList &args : { QStringList { u"export"_s, dir.filePath(u"out.json"_s) },
                                     QStringList { u"keys"_s, u"list"_s } }) {
        const Run r = runCli(args + QStringList { u"--db"_s, db });
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(u"No workspace has been saved yet. Run serve or import first."_s),
                 qPrintable(r.err));
    }
    QVERIFY(!QFile::exists(dir.filePath(u"out.json"_s)));
}

void tst_GatewayCli::keysCreateListRevoke_R_CLI_1_R_SEC_3()
{
    QTemporaryDir dir;
    const QString db = seededDatabase(dir);
    QVERIFY(!db.isEmpty());
    const Run created = runCli({ u"keys"_s, u"create"_s, u"--db"_s, db, u"--project"_s,
                                 u"default"_s, u"--name"_s, u"x"_s });
    QCOMPARE(created.exitCode, 0);
    const QString secret = captured(created.out, u"Key \\(shown once\\): (\\S+)"_s);
    QVERIFY2(!secret.isEmpty(), qPrintable(created.out));
    QCOMPARE(created.out.count(secret), 1);

    const Run listed = runCli({ u"keys"_s, u"list"_s, u"--db"_s, db });
    QCOMPARE(listed.exitCode, 0);
    const QString line = captured(listed.out, u"(?m)^(\\S+\\tdefault\\tx\\t.*)$"_s);
    QVERIFY2(!line.isEmpty(), qPrintable(listed.out));
    const QString prefix = line.section(u'\t', 3, 3).chopped(1); // "sb-…" without the ellipsis
    QVERIFY(!prefix.isEmpty() && secret.startsWith(prefix) && prefix.size() < secret.size());
    QVERIFY(!listed.out.contains(secret));
    QVERIFY(!listed.err.contains(secret));
    const QString id = line.section(u'\t', 0, 0);
    Server server(db, freePort());
    waitForKey(server);
    QCOMPARE(chat(server.port(), secret).status, 200);
    const Run revoked = runCli({ u"keys"_s, u"revoke"_s, id, u"--db"_s, db });
    QCOMPARE(revoked.exitCode, 0);
    QVERIFY(runCli({ u"keys"_s, u"list"_s, u"--db"_s, db }).out.contains(line + u"\trevoked"_s));
    // The running gateway picks up the new version by itself: no restart, no SIGHUP.
    QTRY_COMPARE_WITH_TIMEOUT(chat(server.port(), secret).status, 401, kTimeoutMs);
    QVERIFY(server.out().contains(u"Reloaded workspace version"_s));
    // Exports never carry a caller key's secret.
    const QString exported = dir.filePath(u"export.json"_s);
    QCOMPARE(runCli({ u"export"_s, u"--db"_s, db, exported }).exitCode, 0);
    QVERIFY(!readAll(exported).contains(secret.toUtf8()));
}

// SIGTERM while 50 calls wait on a slow upstream: the gateway lets them finish, commits their 50
// receipts and exits 0. The test's event loop keeps running meanwhile, since the upstream lives in
// this process.
void tst_GatewayCli::sigtermWith50CallsInFlightLeaves50Receipts_R_RCPT_1()
{
    FakeUpstream up;
    QVERIFY(up.listen());
    FakeUpstream::Response slow = FakeUpstream::openAiChat(u"up-x"_s);
    slow.delayMs = 3000; // still answering when SIGTERM arrives
    up.setDefault(slow);
    TempDatabase db;
    const QString key = seedWorkspace(db.path(), up.baseUrl());
    QVERIFY(!key.isEmpty());
    Server server(db.path(), freePort());
    waitForKey(server);
    RawCalls calls(QHostAddress::LocalHost, server.port(), key, u"test/x"_s, 50);
    QTRY_COMPARE_WITH_TIMEOUT(up.inFlight(), 50, kTimeoutMs);
    QSignalSpy finished(&server.process(), &QProcess::finished);
    server.process().terminate(); // SIGTERM
    QVERIFY(finished.wait(kTimeoutMs));
    QCOMPARE(server.process().exitStatus(), QProcess::NormalExit);
    QCOMPARE(server.process().exitCode(), 0);
    QTRY_COMPARE_WITH_TIMEOUT(calls.closed(), 50, kTimeoutMs);
    QCOMPARE(calls.statuses(), QList<int>(50, 200));
    auto opened = Store::Database::open(db.path());
    QVERIFY(opened);
    QCOMPARE(Store::ReceiptReader(**opened).count(), 50);
    QVERIFY(server.out().contains(u"Stopped; receipts flushed."_s));
}

void tst_GatewayCli::serveListensWhereTold_R_SEC_1_data()
{
    QTest::addColumn<QString>("host");
    QTest::addColumn<QString>("connectTo");
    QTest::addColumn<QString>("shown");
    QTest::newRow("[::1]") << u"[::1]"_s << u"::1"_s << u"[::1]"_s;
    QTest::newRow("localhost") << u"localhost"_s << u"127.0.0.1"_s << u"127.0.0.1"_s;
}

void tst_GatewayCli::serveListensWhereTold_R_SEC_1()
{
    QFETCH(QString, host);
    QFETCH(QString, connectTo);
    QFETCH(QString, shown);
    TempDatabase db;
    const QHostAddress address(connectTo);
    Server server(db.path(), freePort(address), host);
    const QString key = waitForKey(server);
    QVERIFY2(!key.isEmpty(), qPrintable(server.out()));
    QVERIFY2(server.out().contains(u"Listening on http://%1:%2"_s.arg(shown).arg(server.port())),
             qPrintable(server.out()));
    RawCalls call(address, server.port(), key, u"demo/chat"_s, 1);
    QTRY_COMPARE_WITH_TIMEOUT(call.closed(), 1, kTimeoutMs);
    QCOMPARE(call.statuses(), QList<int> { 200 });
}

void tst_GatewayCli::serveRefusesABadListenAddress()
{
    TempDatabase db;
    const Run r = runCli({ u"serve"_s, u"--db"_s, db.path(), u"--listen"_s, u"127.0.0.1"_s });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"--listen wants HOST:PORT"_s), qPrintable(r.err));
    QVERIFY2(r.err.contains(u"\"127.0.0.1\" has no port"_s), qPrintable(r.err));
}

// Several gateways on one database: each names itself on startup, on its receipts and in /metrics;
// without --instance the host name serves.
void tst_GatewayCli::serveNamesItsInstance()
{
    TempDatabase db;
    QString key;
    {
        Server server(db.path(), freePort());
        key = waitForKey(server);
        QVERIFY2(!key.isEmpty(), qPrintable(server.out()));
        QVERIFY2(server.out().contains(u"Instance: %1\n"_s.arg(QSysInfo::machineHostName())),
                 qPrintable(server.out()));
    }
    {
        Server server(db.path(), freePort(), u"127.0.0.1"_s,
                      { u"--instance"_s, u"gw \"east\" 2"_s });
        waitForKey(server);
        QVERIFY2(server.out().contains(u"Instance: gw \"east\" 2\n"_s), qPrintable(server.out()));
        QCOMPARE(chat(server.port(), key).status, 200);
        // The exposition format's escapes: the quotes inside the label value are backslashed.
        QVERIFY2(metrics(server.port(), key)
                     .contains("\nswitchboard_instance_info{instance=\"gw \\\"east\\\" 2\"} 1\n"),
                 metrics(server.port(), key).constData());
    }
    auto opened = Store::Database::open(db.path());
    QVERIFY(opened);
    Store::ReceiptFilter named;
    named.instance = u"gw \"east\" 2"_s;
    named.kind = Domain::CallKind::Call; // the demo's probes ran too
    QCOMPARE(Store::ReceiptReader(**opened).count(named), 1);
}

void tst_GatewayCli::serveRefusesABadInstanceName_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("error");
    QTest::newRow("empty") << QString() << u"--instance: The instance name is empty."_s;
    QTest::newRow("65 characters") << QString(65, u'g') << u"is longer than 64 characters."_s;
    QTest::newRow("a tab") << u"gw\t1"_s << u"only printable characters"_s;
    QTest::newRow("a line feed") << u"gw\n1"_s << u"only printable characters"_s;
}

// Refused before the database is opened: nothing is created or changed.
void tst_GatewayCli::serveRefusesABadInstanceName()
{
    QFETCH(QString, name);
    QFETCH(QString, error);
    TempDatabase db;
    const Run r = runCli({ u"serve"_s, u"--db"_s, db.path(), u"--listen"_s,
                           u"127.0.0.1:%1"_s.arg(freePort()), u"--instance"_s, name });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(error), qPrintable(r.err));
    QVERIFY2(!r.out.contains(u"Listening on"_s), qPrintable(r.out));
    QVERIFY(!QFileInfo::exists(db.path()));
}

QTEST_GUILESS_MAIN(tst_GatewayCli)
#include "tst_gatewaycli.moc"
