// The studio's front end on the runtime, driven as a user does: the window is closed while calls
// are in flight, and every one of them leaves its receipt (R-RCPT-1); the real binary listens
// where --listen says (R-SEC-1).
#include "fakeupstream.h"
#include "rawcalls.h"
#include "seededworkspace.h"
#include "tempdatabase.h"

#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <gateway/gatewayservice.h>
#include <mainwindow/mainwindow.h>
#include <mainwindow/studio.h>
#include <runtime/runtime.h>
#include <store/database.h>
#include <store/receiptreader.h>
#include <store/receiptwriter.h>

using namespace Qt::StringLiterals;

namespace {

constexpr int kTimeoutMs = 30000;

qint64 storedReceipts(const QString &path)
{
    auto db = Store::Database::open(path, Store::Database::Mode::ReadOnly);
    return db ? Store::ReceiptReader(**db).count() : -1;
}

quint16 portOf(const QString &address)
{
    return quint16(address.section(u':', -1).toUInt());
}

// A port nobody listens on right now on the given address.
quint16 freePort(const QHostAddress &address)
{
    QTcpServer probe;
    probe.listen(address, 0);
    return probe.serverPort();
}

// One chat call to demo/chat; its status, 0 when nothing answered within 2 s.
int callOnce(const QHostAddress &address, quint16 port, const QString &key)
{
    RawCalls call(address, port, key, u"demo/chat"_s, 1);
    return QTest::qWaitFor([&] { return call.closed() == 1; }, 2000) ? call.statuses().first() : 0;
}

} // namespace

class tst_Studio : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void closingTheWindowWith50CallsInFlightLeaves50Receipts_R_RCPT_1();
    void closingTheWindowWithoutGatewayFinishes();
    void binaryListensWhereTold_R_SEC_1_data();
    void binaryListensWhereTold_R_SEC_1();
    void binaryRefusesABadListenAddress();
    void firstRunSaysWhatAUserNeeds_R_CLI_3();
};

void tst_Studio::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void tst_Studio::closingTheWindowWith50CallsInFlightLeaves50Receipts_R_RCPT_1()
{
    FakeUpstream up;
    QVERIFY(up.listen());
    FakeUpstream::Response slow = FakeUpstream::openAiChat(u"up-x"_s);
    slow.delayMs = 3000; // still answering when the window closes
    up.setDefault(slow);
    TempDatabase temp;
    const QString key = seedWorkspace(temp.path(), up.baseUrl());
    QVERIFY(!key.isEmpty());
    Runtime::Runtime runtime;
    QVERIFY(runtime.open(temp.path(), u"switchboard"_s));
    Ui::Main::Studio studio(&runtime, true);
    QSignalSpy started(runtime.gateway(), &Gateway::GatewayService::started);
    Gateway::GatewayOptions options;
    options.port = 0;
    QVERIFY(runtime.start(options));
    QVERIFY(started.wait(kTimeoutMs));
    studio.window()->show();
    QVERIFY(QTest::qWaitForWindowExposed(studio.window()));
    RawCalls calls(QHostAddress::LocalHost, portOf(started.at(0).at(0).toString()), key,
                   u"test/x"_s, 50);
    QTRY_COMPARE_WITH_TIMEOUT(up.inFlight(), 50, kTimeoutMs);
    QSignalSpy finished(&studio, &Ui::Main::Studio::finished);
    QVERIFY(studio.window()->close());
    QVERIFY(finished.wait(kTimeoutMs));
    QCOMPARE(finished.at(0).at(0).toBool(), true);
    QCOMPARE(storedReceipts(temp.path()), 50);
    QTRY_COMPARE_WITH_TIMEOUT(calls.closed(), 50, kTimeoutMs);
    QCOMPARE(calls.statuses(), QList<int>(50, 200));
}

void tst_Studio::closingTheWindowWithoutGatewayFinishes()
{
    TempDatabase temp;
    Runtime::Runtime runtime;
    QVERIFY(runtime.open(temp.path(), u"switchboard"_s));
    Ui::Main::Studio studio(&runtime, false);
    studio.window()->show();
    QVERIFY(QTest::qWaitForWindowExposed(studio.window()));
    QSignalSpy finished(&studio, &Ui::Main::Studio::finished);
    QVERIFY(studio.window()->close());
    QVERIFY(finished.wait(kTimeoutMs));
    QCOMPARE(finished.at(0).at(0).toBool(), true);
    QVERIFY(!runtime.gateway()->isRunning());
}

void tst_Studio::binaryListensWhereTold_R_SEC_1_data()
{
    QTest::addColumn<QString>("host");
    QTest::addColumn<QString>("connectTo");
    QTest::newRow("[::1]") << u"[::1]"_s << u"::1"_s;
    QTest::newRow("localhost") << u"localhost"_s << u"127.0.0.1"_s;
}

// The real `switchboard` binary, offscreen: a call through the embedded gateway on the address
// --listen names, then SIGTERM, which shuts down in order like closing the window.
void tst_Studio::binaryListensWhereTold_R_SEC_1()
{
    QFETCH(QString, host);
    QFETCH(QString, connectTo);
    QTemporaryDir home;
    TempDatabase temp;
    const QHostAddress address(connectTo);
    const quint16 port = freePort(address);
    QVERIFY(port != 0);
    QProcess studio;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    env.insert(u"XDG_CONFIG_HOME"_s, home.path()); // the window's settings stay in the test
    studio.setProcessEnvironment(env);
    QString out;
    connect(&studio, &QProcess::readyReadStandardOutput, this,
            [&] { out += QString::fromUtf8(studio.readAllStandardOutput()); });
    studio.start(QStringLiteral(SWITCHBOARD_STUDIO_EXE),
                 { u"--db"_s, temp.path(), u"--listen"_s, host + u':' + QString::number(port) });
    QVERIFY(studio.waitForStarted(kTimeoutMs));
    const QRegularExpression keyLine(u"Demo caller key \\(shown once\\): (\\S+)"_s);
    QTRY_VERIFY_WITH_TIMEOUT(keyLine.match(out).hasMatch(), kTimeoutMs);
    const QString key = keyLine.match(out).captured(1);
    // The gateway starts after the window is built: retry until it answers.
    QTRY_COMPARE_WITH_TIMEOUT(callOnce(address, port, key), 200, kTimeoutMs);
    QSignalSpy finished(&studio, &QProcess::finished);
    studio.terminate(); // SIGTERM
    QVERIFY(finished.wait(kTimeoutMs));
    QCOMPARE(studio.exitStatus(), QProcess::NormalExit);
    QCOMPARE(studio.exitCode(), 0);
    QVERIFY(storedReceipts(temp.path()) >= 1);
}

void tst_Studio::binaryRefusesABadListenAddress()
{
    QProcess studio;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    studio.setProcessEnvironment(env);
    TempDatabase temp;
    studio.start(QStringLiteral(SWITCHBOARD_STUDIO_EXE),
                 { u"--db"_s, temp.path(), u"--listen"_s, u"example.com:8640"_s });
    QVERIFY(studio.waitForFinished(kTimeoutMs));
    QCOMPARE(studio.exitCode(), 2);
    const QString err = QString::fromUtf8(studio.readAllStandardError());
    QVERIFY2(err.contains(u"--listen wants HOST:PORT"_s), qPrintable(err));
    QVERIFY2(err.contains(u"neither an IP address nor localhost"_s), qPrintable(err));
}

// A fresh database: the studio says on the terminal where it is, the demo key and the gateway's
// address, and stderr has no line per schema migration, no import report, no saved-version trace.
// A second start says nothing.
void tst_Studio::firstRunSaysWhatAUserNeeds_R_CLI_3()
{
    QTemporaryDir home;
    TempDatabase temp;
    const quint16 port = freePort(QHostAddress(QHostAddress::LocalHost));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    env.insert(u"XDG_CONFIG_HOME"_s, home.path());
    env.insert(u"LC_ALL"_s, u"C"_s); // the English source texts
    env.insert(u"LANGUAGE"_s, u"en"_s);
    const QStringList args { u"--db"_s, temp.path(), u"--listen"_s, u"127.0.0.1:%1"_s.arg(port) };
    for (const bool first : { true, false }) {
        QProcess studio;
        studio.setProcessEnvironment(env);
        studio.start(QStringLiteral(SWITCHBOARD_STUDIO_EXE), args);
        QVERIFY(studio.waitForStarted(kTimeoutMs));
        // Once the gateway answers, the first run has said everything it says.
        QTRY_COMPARE_WITH_TIMEOUT(callOnce(QHostAddress(QHostAddress::LocalHost), port, u"sb-x"_s),
                                  401, kTimeoutMs);
        studio.terminate();
        QVERIFY(studio.waitForFinished(kTimeoutMs));
        const QString out = QString::fromUtf8(studio.readAllStandardOutput());
        const QString err = QString::fromUtf8(studio.readAllStandardError());
        const QStringList lines = out.split(u'\n', Qt::SkipEmptyParts);
        if (!first) {
            QCOMPARE(lines, QStringList());
            continue;
        }
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines.at(0), u"Created the demo workspace in "_s + temp.path());
        QVERIFY2(lines.at(1).startsWith(u"Demo caller key (shown once): sb-"_s), qPrintable(out));
        QCOMPARE(lines.at(2), u"The gateway listens on http://127.0.0.1:%1"_s.arg(port));
        for (const QString &noise : { u"migrat"_s, u"import:"_s, u"saved workspace version"_s })
            QVERIFY2(!err.contains(noise), qPrintable(err));
    }
}

QTEST_MAIN(tst_Studio)
#include "tst_studio.moc"
