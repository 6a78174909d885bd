// The GUI-free runtime both programs share: open (or create the demo), start writer and gateway,
// and an ordered shutdown that leaves a receipt for every call that was in flight (R-RCPT-1).
#include "config/changelist.h"
#include "fakeupstream.h"
#include "gateway/gatewayservice.h"
#include "rawcalls.h"
#include "runtime/runtime.h"
#include "seededworkspace.h"
#include "store/configstore.h"
#include "store/database.h"
#include "store/receiptreader.h"
#include "store/receiptwriter.h"
#include "tempdatabase.h"

#include <QSignalSpy>
#include <QSqlQuery>
#include <QTest>
#include <optional>

using namespace Qt::StringLiterals;

namespace {

constexpr int kTimeoutMs = 20000;

// Shuts the runtime down and waits for it: whether every receipt was committed, or nothing when
// the shutdown never finished.
std::optional<bool> shutDown(Runtime::Runtime &runtime)
{
    QSignalSpy finished(&runtime, &Runtime::Runtime::shutdownFinished);
    runtime.shutdown();
    if (!finished.wait(kTimeoutMs))
        return std::nullopt;
    return finished.at(0).at(0).toBool();
}

qint64 storedReceipts(const QString &path)
{
    auto db = Store::Database::open(path, Store::Database::Mode::ReadOnly);
    return db ? Store::ReceiptReader(**db).count() : -1;
}

Gateway::GatewayOptions anyPort()
{
    Gateway::GatewayOptions options;
    options.port = 0;
    return options;
}

// Starts the runtime's gateway and waits until it listens: its port, 0 when it did not start.
quint16 startGateway(Runtime::Runtime &runtime, const Gateway::GatewayOptions &options)
{
    QSignalSpy started(runtime.gateway(), &Gateway::GatewayService::started);
    if (!runtime.start(options) || !started.wait(kTimeoutMs))
        return 0;
    return quint16(started.at(0).at(0).toString().section(u':', -1).toUInt());
}

// Messages of one logging category while it lives.
class LogCapture
{
public:
    explicit LogCapture(const char *category)
        : m_category(category)
    {
        s_self = this;
        m_previous = qInstallMessageHandler(&LogCapture::handle);
    }
    ~LogCapture()
    {
        qInstallMessageHandler(m_previous);
        s_self = nullptr;
    }
    QStringList messages() const { return m_messages; }

private:
    static void handle(QtMsgType type, const QMessageLogContext &context, const QString &message)
    {
        if (s_self && context.category && qstrcmp(context.category, s_self->m_category) == 0)
            s_self->m_messages << message;
        if (s_self && s_self->m_previous)
            s_self->m_previous(type, context, message);
    }
    static inline LogCapture *s_self = nullptr;
    const char *m_category;
    QtMessageHandler m_previous = nullptr;
    QStringList m_messages;
};

} // namespace

class tst_Runtime : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void emptyDatabaseGetsTheDemoAndItsKeyOnce();
    void openLoadsTheSavedWorkspace();
    void shutdownWith50CallsInFlightLeaves50Receipts_R_RCPT_1();
    void shutdownEndsCallsPastTheGracePeriodWithReceipts_R_RCPT_1();
    void shutdownWithoutStartFinishes();
    void shutdownAfterTheGatewayStoppedFinishes();
    void shutdownAfterAFailedStartFinishes();
    void receiptsThatCannotBeWrittenAreLogged_R_RCPT_1();
    void reloadHandsTheNewVersionToTheGateway();
};

void tst_Runtime::emptyDatabaseGetsTheDemoAndItsKeyOnce()
{
    TempDatabase temp;
    QString key;
    {
        Runtime::Runtime runtime;
        QVERIFY(runtime.open(temp.path(), u"tester"_s));
        key = runtime.demoKey();
        QVERIFY(key.startsWith(u"sb-"_s));
        QVERIFY(!runtime.workspace().models.isEmpty());
        QVERIFY(runtime.workspace().keyByHash(Config::hashKey(key)));
        const auto versions = runtime.configStore()->versions();
        QCOMPARE(versions.size(), 1);
        QCOMPARE(versions.first().author, u"tester"_s);
        // A fact, not a sentence: history words it in the reader's language.
        QCOMPARE(versions.first().changes,
                 QList<Config::Change> { Config::workspaceCreated(runtime.workspace().name) });
    }
    Runtime::Runtime again;
    QVERIFY(again.open(temp.path(), u"tester"_s));
    QVERIFY(again.demoKey().isEmpty());
    QCOMPARE(again.configStore()->versions().size(), 1);
}

void tst_Runtime::openLoadsTheSavedWorkspace()
{
    TempDatabase temp;
    QVERIFY(!seedWorkspace(temp.path(), u"http://127.0.0.1:9/v1"_s).isEmpty());
    Runtime::Runtime runtime;
    QVERIFY(runtime.open(temp.path(), u"tester"_s));
    QVERIFY(runtime.demoKey().isEmpty());
    QCOMPARE(runtime.version(), 1);
    QVERIFY(runtime.workspace().model(u"test/x"_s));
    QCOMPARE(runtime.databasePath(), temp.path());
    QVERIFY(!runtime.open(temp.path(), u"tester"_s)); // once
}

void tst_Runtime::shutdownWith50CallsInFlightLeaves50Receipts_R_RCPT_1()
{
    FakeUpstream up;
    QVERIFY(up.listen());
    FakeUpstream::Response slow = FakeUpstream::openAiChat(u"up-x"_s);
    slow.delayMs = 3000; // still answering when the shutdown starts
    up.setDefault(slow);
    TempDatabase temp;
    const QString key = seedWorkspace(temp.path(), up.baseUrl());
    QVERIFY(!key.isEmpty());
    Runtime::Runtime runtime;
    QVERIFY(runtime.open(temp.path(), u"tester"_s));
    const quint16 port = startGateway(runtime, anyPort());
    QVERIFY(port != 0);
    RawCalls calls(QHostAddress::LocalHost, port, key, u"test/x"_s, 50);
    QTRY_COMPARE_WITH_TIMEOUT(up.inFlight(), 50, kTimeoutMs);
    QCOMPARE(shutDown(runtime), std::optional<bool>(true));
    QVERIFY(runtime.isShutDown());
    QTRY_COMPARE_WITH_TIMEOUT(calls.closed(), 50, kTimeoutMs);
    QCOMPARE(calls.statuses(), QList<int>(50, 200)); // they finished within the grace period
    QCOMPARE(storedReceipts(temp.path()), 50);
}

void tst_Runtime::shutdownEndsCallsPastTheGracePeriodWithReceipts_R_RCPT_1()
{
    FakeUpstream up;
    QVERIFY(up.listen());
    FakeUpstream::Response stall;
    stall.before = FakeUpstream::Response::Before::Stall;
    up.setDefault(stall);
    TempDatabase temp;
    const QString key = seedWorkspace(temp.path(), up.baseUrl());
    Runtime::Runtime runtime;
    QVERIFY(runtime.open(temp.path(), u"tester"_s));
    Gateway::GatewayOptions options = anyPort();
    options.shutdownGraceMs = 200;
    const quint16 port = startGateway(runtime, options);
    QVERIFY(port != 0);
    RawCalls calls(QHostAddress::LocalHost, port, key, u"test/x"_s, 5);
    QTRY_COMPARE_WITH_TIMEOUT(up.inFlight(), 5, kTimeoutMs);
    QCOMPARE(shutDown(runtime), std::optional<bool>(true));
    QCOMPARE(storedReceipts(temp.path()), 5);
    QTRY_COMPARE_WITH_TIMEOUT(calls.closed(), 5, kTimeoutMs);
    QCOMPARE(calls.statuses(), QList<int>(5, 504));
}

void tst_Runtime::shutdownWithoutStartFinishes()
{
    TempDatabase temp;
    Runtime::Runtime runtime;
    QVERIFY(runtime.open(temp.path(), u"tester"_s));
    QSignalSpy finished(&runtime, &Runtime::Runtime::shutdownFinished);
    QCOMPARE(shutDown(runtime), std::optional<bool>(true));
    runtime.shutdown(); // a second call does nothing
    // The gateway answers stop() in order: a shutdown the second call started would have finished
    // with the first answer, this one's at the latest.
    QSignalSpy stopped(runtime.gateway(), &Gateway::GatewayService::stopped);
    runtime.gateway()->stop();
    QVERIFY(stopped.wait(kTimeoutMs));
    QCOMPARE(finished.size(), 1);
}

// The studio can stop its gateway by hand before the window closes; the shutdown still ends.
void tst_Runtime::shutdownAfterTheGatewayStoppedFinishes()
{
    TempDatabase temp;
    Runtime::Runtime runtime;
    QVERIFY(runtime.open(temp.path(), u"tester"_s));
    QVERIFY(startGateway(runtime, anyPort()) != 0);
    QSignalSpy stopped(runtime.gateway(), &Gateway::GatewayService::stopped);
    runtime.gateway()->stop();
    QVERIFY(stopped.wait(kTimeoutMs));
    QCOMPARE(shutDown(runtime), std::optional<bool>(true));
    QVERIFY(!runtime.receiptWriter()->isRunning());
}

// A busy port: the gateway never serves, and the shutdown (the headless program's exit path) still
// ends instead of waiting for a stopped() that would never come.
void tst_Runtime::shutdownAfterAFailedStartFinishes()
{
    FakeUpstream blocker;
    QVERIFY(blocker.listen());
    TempDatabase temp;
    Runtime::Runtime runtime;
    QVERIFY(runtime.open(temp.path(), u"tester"_s));
    QSignalSpy failed(runtime.gateway(), &Gateway::GatewayService::failed);
    Gateway::GatewayOptions options;
    options.port = blocker.port();
    QVERIFY(runtime.start(options));
    QVERIFY(failed.wait(kTimeoutMs));
    QCOMPARE(shutDown(runtime), std::optional<bool>(true));
    QVERIFY(!runtime.receiptWriter()->isRunning());
}

void tst_Runtime::receiptsThatCannotBeWrittenAreLogged_R_RCPT_1()
{
    FakeUpstream up;
    QVERIFY(up.listen());
    up.setDefault(FakeUpstream::openAiChat(u"up-x"_s));
    TempDatabase temp;
    const QString key = seedWorkspace(temp.path(), up.baseUrl());
    Runtime::Runtime runtime;
    QVERIFY(runtime.open(temp.path(), u"tester"_s));
    const quint16 port = startGateway(runtime, anyPort());
    QVERIFY(port != 0);
    // The disk "fails": receipts can no longer be inserted.
    QVERIFY(QSqlQuery(runtime.database()->handle()).exec(u"DROP TABLE receipt"_s));
    RawCalls calls(QHostAddress::LocalHost, port, key, u"test/x"_s, 1);
    QTRY_COMPARE_WITH_TIMEOUT(calls.closed(), 1, kTimeoutMs);
    LogCapture log("sb.runtime");
    QCOMPARE(shutDown(runtime), std::optional<bool>(false));
    QVERIFY2(log.messages().filter(u"1 receipts could not be written"_s).size() == 1,
             qPrintable(log.messages().join(u'\n')));
}

void tst_Runtime::reloadHandsTheNewVersionToTheGateway()
{
    FakeUpstream up;
    QVERIFY(up.listen());
    up.setDefault(FakeUpstream::openAiChat(u"up-x"_s));
    TempDatabase temp;
    const QString key = seedWorkspace(temp.path(), up.baseUrl());
    Runtime::Runtime runtime;
    QVERIFY(runtime.open(temp.path(), u"tester"_s));
    const quint16 port = startGateway(runtime, anyPort());
    QVERIFY(port != 0);
    QVERIFY(!runtime.hasNewerVersion());
    // Another process renames the model.
    {
        auto db = Store::Database::open(temp.path());
        QVERIFY(db);
        Store::ConfigStore store(**db);
        Domain::Workspace ws = *store.load();
        ws.models.first().name = u"test/renamed"_s;
        QVERIFY(store.save(ws, Config::changeList(*store.load(), ws), u"other"_s));
    }
    QVERIFY(runtime.hasNewerVersion());
    const auto version = runtime.reload();
    QVERIFY(version);
    QCOMPARE(*version, 2);
    QVERIFY(!runtime.hasNewerVersion());
    RawCalls renamed(QHostAddress::LocalHost, port, key, u"test/renamed"_s, 1);
    RawCalls old(QHostAddress::LocalHost, port, key, u"test/x"_s, 1);
    QTRY_COMPARE_WITH_TIMEOUT(renamed.closed() + old.closed(), 2, kTimeoutMs);
    QCOMPARE(renamed.statuses(), QList<int> { 200 });
    QCOMPARE(old.statuses(), QList<int> { 404 });
}

QTEST_MAIN(tst_Runtime)
#include "tst_runtime.moc"
