// The headless gateway killed with SIGKILL while it serves calls at full speed, then started again
// on the same database (README "Crash safety and durability"): the file passes
// `PRAGMA integrity_check`, the gateway serves again, every receipt committed before the kill is
// there unchanged, and every call that ended more than kCommitBoundMs before the kill has its
// receipt (R-RCPT-1). With --strict-receipts (README "Strict receipts") no answered call at all
// lacks its receipt, streamed or not.
#include "config/changelist.h"
#include "config/keys.h"
#include "domain/workspace.h"
#include "gatewayprocess.h"
#include "store/configstore.h"
#include "store/database.h"
#include "tempdatabase.h"

#include <QElapsedTimer>
#include <QHash>
#include <QProcess>
#include <QSqlQuery>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>
#include <functional>
#include <memory>
#include <vector>

using namespace Qt::StringLiterals;

namespace {

constexpr int kTimeoutMs = 30000;
// The README's promise: a receipt is committed at most this long after its call's answer was
// sent, while the writer keeps up with the load (it queues the receipt before the answer's last
// byte and commits at least every 20 ms, a batch of up to 1,000 at a time).
constexpr qint64 kCommitBoundMs = 1000;
constexpr int kSockets = 8;

// One model answered at once by the built-in simulator, and one caller key; returns the key.
QString seedInstantWorkspace(const QString &path)
{
    Domain::Workspace ws;
    ws.projects << Domain::Project { u"default"_s, u"Default"_s, {} };
    ws.providers << Domain::Provider { u"simulator"_s, u"Simulator"_s, false, false, {} };
    Domain::Connection sim;
    sim.name = u"sim"_s;
    sim.provider = u"simulator"_s;
    sim.kind = Domain::Dialect::Simulator;
    sim.simulator.latencyMs = 0;
    sim.simulator.tokensPerSecond = 100000;
    ws.connections << sim;
    Domain::Model m;
    m.name = u"sim/chat"_s;
    m.offerings << Domain::Offering { sim.name, u"up-chat"_s, {}, {}, true, {} };
    ws.models << m;
    const Config::NewKey key
        = Config::makeKey(u"default"_s, u"crash"_s, QDateTime::currentDateTimeUtc());
    ws.keys << key.key;
    auto db = Store::Database::open(path);
    if (!db)
        return {};
    return Store::ConfigStore(**db).save(ws, { Config::workspaceCreated(u"Seed"_s) }, u"test"_s)
        ? key.secret
        : QString();
}

using Server = GatewayProcess;

struct Finished
{
    QString requestId;
    int status = 0;
    qint64 atMs = 0; // on the test's clock, when the answer's last byte was read
    bool streamed = false;
};

QByteArray chatRequest(quint16 port, const QString &key, bool stream)
{
    const QByteArray body = stream
        ? R"({"model":"sim/chat","stream":true,"messages":[{"role":"user","content":"hi"}]})"
        : R"({"model":"sim/chat","messages":[{"role":"user","content":"hi"}]})";
    return "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1:" + QByteArray::number(port)
        + "\r\nAuthorization: Bearer " + key.toLatin1()
        + "\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size())
        + "\r\n\r\n" + body;
}

// Keep-alive connections (kSockets unless told), each sending the next call as soon as the last
// is answered; every fourth streams when `streams` is set.
class Load
{
public:
    Load(quint16 port, const QString &key, int sockets = kSockets, bool streams = false)
    {
        m_clock.start();
        for (int i = 0; i < sockets; ++i) {
            auto socket = std::make_unique<QTcpSocket>();
            QTcpSocket *s = socket.get();
            auto buffer = std::make_shared<QByteArray>();
            const QByteArray request = chatRequest(port, key, streams && i % 4 == 3);
            QObject::connect(s, &QTcpSocket::connected, s, [s, request] { s->write(request); });
            QObject::connect(s, &QTcpSocket::readyRead, s, [this, s, buffer, request] {
                *buffer += s->readAll();
                while (takeAnswer(*buffer)) {
                    if (!m_stopped)
                        s->write(request);
                    if (m_onAnswer)
                        m_onAnswer();
                }
            });
            s->connectToHost(QHostAddress::LocalHost, port);
            m_sockets.push_back(std::move(socket));
        }
    }

    void stop() { m_stopped = true; }
    // Called after each answer, once the caller sent its next call.
    void setOnAnswer(std::function<void()> onAnswer) { m_onAnswer = std::move(onAnswer); }
    qint64 nowMs() const { return m_clock.elapsed(); }
    const QList<Finished> &finished() const { return m_finished; }

private:
    // Takes one complete answer off the front of buffer, if there is one.
    bool takeAnswer(QByteArray &buffer)
    {
        const qsizetype end = buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return false;
        Finished f;
        qsizetype length = -1;
        bool chunked = false;
        const QList<QByteArray> lines = buffer.left(end).split('\n');
        const QList<QByteArray> statusLine = lines.value(0).split(' ');
        f.status = statusLine.value(1).toInt();
        for (const QByteArray &raw : lines.mid(1)) {
            const QByteArray line = raw.trimmed();
            const qsizetype colon = line.indexOf(':');
            const QByteArray name = line.left(colon).trimmed().toLower();
            const QByteArray value = line.mid(colon + 1).trimmed();
            if (name == "content-length")
                length = value.toLongLong();
            else if (name == "transfer-encoding")
                chunked = value.toLower() == "chunked";
            else if (name == "x-request-id")
                f.requestId = QString::fromLatin1(value);
        }
        if (chunked) {
            // A stream is complete with its last chunk, after its final event.
            const qsizetype last = buffer.indexOf("\r\n0\r\n\r\n", end);
            if (last < 0)
                return false;
            f.streamed = true;
            length = last + 7 - (end + 4);
        }
        if (length < 0 || buffer.size() < end + 4 + length)
            return false;
        buffer.remove(0, end + 4 + length);
        f.atMs = m_clock.elapsed();
        m_finished << f;
        return true;
    }

    QElapsedTimer m_clock;
    std::function<void()> m_onAnswer;
    std::vector<std::unique_ptr<QTcpSocket>> m_sockets;
    QList<Finished> m_finished;
    bool m_stopped = false;
};

// The receipt's columns a caller could compare, by request id.
using Rows = QHash<QString, QString>;

Rows committedReceipts(const QString &path)
{
    Rows rows;
    auto db = Store::Database::open(path, Store::Database::Mode::ReadOnly);
    if (!db)
        return rows;
    QSqlQuery q((*db)->handle());
    q.setForwardOnly(true);
    q.exec(u"SELECT request_id, http_status, model_asked, attempts_count, served_by, "
           "status_class, started_at, output_tokens, "
           "IFNULL(json_array_length(attempts), 0) FROM receipt"_s);
    while (q.next()) {
        QStringList columns;
        for (int i = 1; i < 9; ++i)
            columns << q.value(i).toString();
        rows.insert(q.value(0).toString(), columns.join(u'|'));
    }
    return rows;
}

QString integrityCheck(const QString &path)
{
    auto db = Store::Database::open(path, Store::Database::Mode::ReadOnly);
    if (!db)
        return Util::logText(db.error());
    QSqlQuery q((*db)->handle());
    if (!q.exec(u"PRAGMA integrity_check"_s) || !q.next())
        return u"cannot run integrity_check"_s;
    return q.value(0).toString();
}

} // namespace

class tst_CrashSafety : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void killedMidLoadKeepsEveryCommittedReceipt_R_RCPT_1();
    void strictReceiptsKilledMidLoadLoseNoAnsweredCall_R_RCPT_1();
    void killedWithCallsInFlightForgetsNoSpending_R_BILL_3();
};

void tst_CrashSafety::killedMidLoadKeepsEveryCommittedReceipt_R_RCPT_1()
{
    TempDatabase db;
    const QString key = seedInstantWorkspace(db.path());
    QVERIFY(!key.isEmpty());
    Rows seen; // committed before the kill, as a reader of the file saw them
    qint64 killAtMs = 0;
    QList<Finished> finished;
    {
        Server server(db.path());
        QVERIFY2(server.waitListening(), qPrintable(server.out()));
        Load load(server.port(), key);
        // Full speed for a while, reading what is committed as a caller could.
        QVERIFY2(QTest::qWaitFor([&] { return load.finished().size() >= 1500; }, kTimeoutMs),
                 "the gateway answered too few calls");
        QTRY_VERIFY_WITH_TIMEOUT(committedReceipts(db.path()).size() >= 500, kTimeoutMs);
        // A last look, then calls at full speed again until the kill: the receipts of the last
        // few milliseconds' calls are still queued when it comes.
        seen = committedReceipts(db.path());
        const qsizetype answeredAtLastLook = load.finished().size();
        QVERIFY(QTest::qWaitFor([&] { return load.finished().size() >= answeredAtLastLook + 200; },
                                kTimeoutMs));
        QVERIFY(server.process().state() == QProcess::Running);
        killAtMs = load.nowMs();
        server.process().kill(); // SIGKILL, mid-load
        QVERIFY(server.process().waitForFinished(kTimeoutMs));
        QCOMPARE(server.process().exitStatus(), QProcess::CrashExit);
        load.stop();
        finished = load.finished();
    }
    QVERIFY(finished.size() > 1000);

    QCOMPARE(integrityCheck(db.path()), u"ok"_s);
    const Rows after = committedReceipts(db.path());
    // Every receipt committed before the kill is there, unchanged.
    for (auto it = seen.cbegin(); it != seen.cend(); ++it)
        QCOMPARE(after.value(it.key()), it.value());
    // Every call answered more than the bound before the kill has its receipt; only the last
    // moments' calls may be missing.
    int lost = 0;
    qint64 latestLostMs = -1;
    for (const Finished &f : std::as_const(finished)) {
        QCOMPARE(f.status, 200);
        if (after.contains(f.requestId))
            continue;
        ++lost;
        latestLostMs = std::max(latestLostMs, killAtMs - f.atMs);
        QVERIFY2(f.atMs > killAtMs - kCommitBoundMs,
                 qPrintable(u"%1 ended %2 ms before the kill and has no receipt"_s.arg(f.requestId)
                                .arg(killAtMs - f.atMs)));
    }
    qInfo("%d calls answered, %d receipts committed when the reader last looked, %d lost (the "
          "oldest of them ended %lld ms before the kill)",
          int(finished.size()), int(seen.size()), lost, latestLostMs);

    // The gateway serves again on the same file, and writes receipts.
    Server again(db.path());
    QVERIFY2(again.waitListening(), qPrintable(again.out()));
    {
        Load load(again.port(), key);
        QTRY_VERIFY_WITH_TIMEOUT(load.finished().size() >= 10, kTimeoutMs);
        load.stop();
        for (const Finished &f : load.finished())
            QCOMPARE(f.status, 200);
    }
    again.process().terminate();
    QVERIFY(again.process().waitForFinished(kTimeoutMs));
    QCOMPARE(again.process().exitCode(), 0);
    QVERIFY(committedReceipts(db.path()).size() >= after.size() + 10);
    QCOMPARE(integrityCheck(db.path()), u"ok"_s);
}

void tst_CrashSafety::strictReceiptsKilledMidLoadLoseNoAnsweredCall_R_RCPT_1()
{
    TempDatabase db;
    const QString key = seedInstantWorkspace(db.path());
    QVERIFY(!key.isEmpty());
    QList<Finished> finished;
    {
        Server server(db.path(), { u"--strict-receipts"_s });
        QVERIFY2(server.waitListening(), qPrintable(server.out()));
        QVERIFY(server.out().contains(u"Strict receipts"_s));
        // More callers than the plain test, a quarter of them streaming: batches of many
        // receipts are being committed while answers wait for them.
        Load load(server.port(), key, 32, true);
        QVERIFY2(QTest::qWaitFor([&] { return load.finished().size() >= 3000; }, kTimeoutMs),
                 "the gateway answered too few calls");
        // The kill comes as an answer is read, the other callers' calls in flight: the gateway
        // is busy answering them and committing their receipts.
        const qsizetype killAt = load.finished().size() + 500;
        bool killed = false;
        load.setOnAnswer([&] {
            if (killed || load.finished().size() < killAt)
                return;
            killed = true;
            server.process().kill(); // SIGKILL, mid-load
        });
        QVERIFY(QTest::qWaitFor([&] { return killed; }, kTimeoutMs));
        QVERIFY(server.process().waitForFinished(kTimeoutMs));
        QCOMPARE(server.process().exitStatus(), QProcess::CrashExit);
        load.stop();
        finished = load.finished();
    }
    QCOMPARE(integrityCheck(db.path()), u"ok"_s);
    const Rows after = committedReceipts(db.path());
    int streamed = 0;
    for (const Finished &f : std::as_const(finished)) {
        QCOMPARE(f.status, 200);
        QVERIFY2(after.contains(f.requestId),
                 qPrintable(u"%1 was answered and has no receipt"_s.arg(f.requestId)));
        streamed += f.streamed ? 1 : 0;
    }
    QVERIFY(streamed > 0);
    qInfo("%d calls answered (%d streamed), %d receipts committed: none lost; %d committed calls "
          "were still waiting for their answer's end or on their way",
          int(finished.size()), streamed, int(after.size()), int(after.size() - finished.size()));
}

namespace {

// A key with a $1 daily budget; "sim/slow" answers after a minute, "sim/fast" at once; both cost
// $100 per million output tokens, so a call asking 1,000 holds $0.10 (R-BILL-1).
QString seedBudgetWorkspace(const QString &path)
{
    Domain::Workspace ws;
    ws.projects << Domain::Project { u"default"_s, u"Default"_s, {} };
    ws.providers << Domain::Provider { u"simulator"_s, u"Simulator"_s, false, false, {} };
    for (const auto &[name, latencyMs] : { std::pair { u"slow"_s, 60000 }, { u"fast"_s, 0 } }) {
        Domain::Connection sim;
        sim.name = name;
        sim.provider = u"simulator"_s;
        sim.kind = Domain::Dialect::Simulator;
        sim.simulator.latencyMs = latencyMs;
        sim.simulator.tokensPerSecond = 100000;
        ws.connections << sim;
        Domain::Model m;
        m.name = u"sim/"_s + name;
        m.outputPricePerMTok = 100.0;
        m.recovery.overridden = true;
        m.recovery.override.attempts = 1;
        m.recovery.override.deadlineMs = 120000;
        m.recovery.override.streamStartTimeoutMs = 120000;
        m.offerings << Domain::Offering { sim.name, u"up-chat"_s, {}, {}, true, {} };
        ws.models << m;
    }
    Config::NewKey key
        = Config::makeKey(u"default"_s, u"budget"_s, QDateTime::currentDateTimeUtc());
    key.key.limits.dailyUsd = 1.0;
    ws.keys << key.key;
    auto db = Store::Database::open(path);
    if (!db)
        return {};
    return Store::ConfigStore(**db).save(ws, { Config::workspaceCreated(u"Seed"_s) }, u"test"_s)
        ? key.secret
        : QString();
}

double queryNumber(const QString &path, const QString &sql)
{
    auto db = Store::Database::open(path, Store::Database::Mode::ReadOnly);
    if (!db)
        return -1;
    QSqlQuery q((*db)->handle());
    return q.exec(sql) && q.next() ? q.value(0).toDouble() : -1;
}

// One call on its own connection; the answer's status line, or "" while none came.
struct BudgetCall
{
    BudgetCall(quint16 port, const QString &key, const QString &model, int maxTokens = 1000)
    {
        const QByteArray body = R"({"model":")" + model.toUtf8() + R"(","max_tokens":)"
            + QByteArray::number(maxTokens) + R"(,"messages":[{"role":"user","content":"hi"}]})";
        QObject::connect(&socket, &QTcpSocket::readyRead, &socket,
                         [this] { answer += socket.readAll(); });
        socket.connectToHost(QHostAddress::LocalHost, port);
        socket.write("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: "
                     "Bearer "
                     + key.toLatin1() + "\r\nContent-Type: application/json\r\nContent-Length: "
                     + QByteArray::number(body.size()) + "\r\n\r\n" + body);
    }
    QTcpSocket socket;
    QByteArray answer;
};

} // namespace

// The gateway killed while three budgeted calls wait on their upstream: their holds were stored
// before their attempts, so the next start charges them in full (their usage never became known,
// R-BILL-2) and the budget remembers them (R-BILL-3).
void tst_CrashSafety::killedWithCallsInFlightForgetsNoSpending_R_BILL_3()
{
    TempDatabase db;
    const QString key = seedBudgetWorkspace(db.path());
    QVERIFY(!key.isEmpty());
    const QString holds = u"SELECT COUNT(*) FROM spend_hold"_s;
    {
        Server server(db.path());
        QVERIFY2(server.waitListening(), qPrintable(server.out()));
        std::vector<std::unique_ptr<BudgetCall>> calls;
        for (int i = 0; i < 3; ++i)
            calls.push_back(std::make_unique<BudgetCall>(server.port(), key, u"sim/slow"_s));
        QTRY_COMPARE_WITH_TIMEOUT(queryNumber(db.path(), holds), 3.0, kTimeoutMs);
        server.process().kill(); // SIGKILL, the three calls in flight
        QVERIFY(server.process().waitForFinished(kTimeoutMs));
        for (const auto &c : calls)
            QVERIFY(c->answer.isEmpty());
    }
    QCOMPARE(queryNumber(db.path(), u"SELECT COUNT(*) FROM receipt"_s), 0.0);
    Server again(db.path());
    QVERIFY2(again.waitListening(), qPrintable(again.out()));
    QVERIFY2(again.out().contains(u"3 calls were cut off by the last stop"_s),
             qPrintable(again.out()));
    QCOMPARE(queryNumber(db.path(), holds), 0.0);
    QCOMPARE(queryNumber(db.path(),
                         u"SELECT amount FROM spend WHERE scope = 'key' AND length(period) = 10"_s),
             0.3);
    // $0.30 spent: a hold of $0.75 no longer fits the dollar, one of $0.60 does.
    BudgetCall over(again.port(), key, u"sim/fast"_s, 7500);
    QTRY_VERIFY_WITH_TIMEOUT(over.answer.contains("\r\n\r\n"), kTimeoutMs);
    QVERIFY2(over.answer.startsWith("HTTP/1.1 429"), over.answer);
    QVERIFY(over.answer.contains("budget_exceeded"));
    BudgetCall fits(again.port(), key, u"sim/fast"_s, 6000);
    QTRY_VERIFY_WITH_TIMEOUT(fits.answer.contains("\r\n\r\n"), kTimeoutMs);
    QVERIFY2(fits.answer.startsWith("HTTP/1.1 200"), fits.answer);
}

QTEST_MAIN(tst_CrashSafety)
#include "tst_crashsafety.moc"
