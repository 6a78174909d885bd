// The fault lab (issue 43): a model's configuration on a private gateway whose deployments fail one
// way at a time, judged against SPEC §2; real sockets on 127.0.0.1, receipts in a temp database.
#include "config/demo.h"
#include "config/workspacejson.h"
#include "faultlab/faultlab.h"
#include "faultlab/labcaller.h"
#include "store/database.h"
#include "store/receiptreader.h"
#include "tempdatabase.h"

#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using Domain::SimulatedFailure;

namespace {

constexpr int kRunTimeoutMs = 120000;

// A direct model whose deadline cannot hold its planned attempts: 3 attempts, but after the first
// failure the single candidate's wait (its cooldown) would pass the scaled deadline.
Domain::Workspace tightWorkspace()
{
    Domain::Workspace ws = Config::demoWorkspace();
    Domain::Model m = *ws.model(u"sim-east/gpt-4o"_s);
    m.name = u"lab/tight"_s;
    m.recovery.overridden = true;
    m.recovery.override.attempts = 3;
    m.recovery.override.deadlineMs = 2000; // 100 ms once scaled
    m.recovery.override.cooldownMs = 5000; // 250 ms once scaled
    ws.models.append(m);
    return ws;
}

FaultLab::Report run(const Domain::Workspace &ws, const QString &model,
                     const FaultLab::Options &options, int *started = nullptr)
{
    FaultLab::Runner runner;
    QSignalSpy finished(&runner, &FaultLab::Runner::finished);
    QSignalSpy caseStarted(&runner, &FaultLab::Runner::caseStarted);
    QSignalSpy caseFinished(&runner, &FaultLab::Runner::caseFinished);
    runner.start(std::make_shared<const Domain::Workspace>(ws), model, options);
    if (!finished.wait(kRunTimeoutMs))
        return {};
    if (started)
        *started = int(caseStarted.size());
    // One caseFinished per case, carrying what the report holds.
    if (caseFinished.size() != runner.report().results.size())
        return {};
    return runner.report();
}

const FaultLab::CaseResult *find(const FaultLab::Report &report, const QString &id)
{
    for (const FaultLab::CaseResult &r : report.results) {
        if (r.testCase.id() == id)
            return &r;
    }
    return nullptr;
}

struct Cli
{
    int exitCode = -1;
    QString out;
    QString err;
};

Cli runCli(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(SWITCHBOARD_GATEWAY_EXE), args);
    Cli r;
    if (!p.waitForStarted(kRunTimeoutMs) || !p.waitForFinished(kRunTimeoutMs))
        return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

} // namespace

class tst_FaultLab : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cases_everyKindPlainAndStreamingThenFirstTried();
    void demoPool_everyCasePasses_R_REC_R_ERR_R_STR_R_RCPT();
    void tightDeadline_caseFailsNamingTheDeadline_R_REC_1_R_REC_6();
    void fallback_answersWhenEveryDeploymentFails_R_FALL_1();
    void firstTried_withOneAttempt_endsWithTheError_R_REC_1();
    void cancel_endsAfterTheCaseInProgress();
    void unknownModel_isAnError();
    void json_roundTrip();
    void sse_errorEventAndDone_R_STR_1();
    void cli_exitCodes();
};

void tst_FaultLab::cases_everyKindPlainAndStreamingThenFirstTried()
{
    const Domain::Workspace ws = Config::demoWorkspace();
    const QList<FaultLab::Case> pool = FaultLab::casesFor(ws, u"demo/chat"_s);
    QCOMPARE(pool.size(), 24);
    QCOMPARE(pool.first().id(), u"rate_limited/plain"_s);
    QCOMPARE(pool.at(1).id(), u"rate_limited/stream"_s);
    QCOMPARE(pool.at(8).id(), u"connection_refused/plain"_s);
    QCOMPARE(pool.last().id(), u"unavailable/first/stream"_s);
    QCOMPARE(FaultLab::casesFor(ws, u"sim-east/gpt-4o"_s).size(), 22); // no pool: no first-tried
    QVERIFY(FaultLab::casesFor(ws, u"nope/model"_s).isEmpty());
}

void tst_FaultLab::demoPool_everyCasePasses_R_REC_R_ERR_R_STR_R_RCPT()
{
    TempDatabase db;
    FaultLab::Options options;
    options.databasePath = db.path();
    options.seed = 7;
    int started = 0;
    const FaultLab::Report report = run(Config::demoWorkspace(), u"demo/chat"_s, options, &started);
    QVERIFY2(report.error.isEmpty(), qPrintable(report.error));
    QCOMPARE(report.results.size(), 24);
    QCOMPARE(started, 24);
    for (const FaultLab::CaseResult &r : report.results) {
        QString why;
        for (const FaultLab::Check &c : r.failedChecks())
            why += u"%1 %2: expected %3, observed %4; "_s.arg(
                c.specId(), FaultLab::ruleCode(c.rule), c.expected, c.observed);
        QVERIFY2(r.passed(), qPrintable(r.testCase.id() + u": "_s + r.error + why));
    }
    QVERIFY(report.passed());
    // The whole table runs in about a minute at most (scaled timeouts).
    QVERIFY2(report.elapsedMs < 60000, qPrintable(QString::number(report.elapsedMs)));

    // R-ERR-1, R-DET-3: every deployment rate limited → 429 with Retry-After passed on.
    const FaultLab::CaseResult *limited = find(report, u"rate_limited/plain"_s);
    QVERIFY(limited);
    QCOMPARE(limited->seen.status, 429);
    QCOMPARE(limited->seen.errorCode, u"upstream_rate_limited"_s);
    QCOMPARE(limited->seen.header(u"retry-after-ms"_s), u"150"_s); // 3 s ÷ 20
    QCOMPARE(limited->attempts, 2); // R-REC-2: a pool of two, each once
    // R-STR-1: a stream cut after its first events: error event, no [DONE], not retried.
    const FaultLab::CaseResult *cut = find(report, u"stream_cut/stream"_s);
    QVERIFY(cut);
    QCOMPARE(cut->seen.status, 200);
    QCOMPARE(cut->seen.errorEventCode, u"stream_interrupted"_s);
    QVERIFY(!cut->seen.doneSeen);
    QCOMPARE(cut->attempts, 1);
    // A failure before the first byte of a stream: a plain HTTP error.
    const FaultLab::CaseResult *refused = find(report, u"connection_refused/stream"_s);
    QVERIFY(refused);
    QCOMPARE(refused->seen.status, 503);
    QVERIFY(refused->seen.errorEventCode.isEmpty());
    // The first deployment fails, the other serves, no fallback header.
    const FaultLab::CaseResult *first = find(report, u"unavailable/first/stream"_s);
    QVERIFY(first);
    QCOMPARE(first->seen.status, 200);
    QVERIFY(first->seen.doneSeen);
    QVERIFY(!first->servedBy.isEmpty());
    QVERIFY(first->seen.header(u"ib-fallback-model"_s).isEmpty());

    // R-RCPT-1: each case's receipt is stored, of kind rehearsal, with its attempts.
    auto opened = Store::Database::open(db.path(), Store::Database::Mode::ReadOnly);
    QVERIFY(opened);
    Store::ReceiptReader reader(**opened);
    for (const FaultLab::CaseResult &r : report.results) {
        const auto receipt = reader.receiptByRequestId(r.requestId);
        QVERIFY2(receipt, qPrintable(r.testCase.id()));
        QCOMPARE(Domain::toString(receipt->kind), u"rehearsal"_s);
        QCOMPARE(receipt->attempts.size(), r.attempts);
        QCOMPARE(r.seen.header(u"x-gateway-attempts"_s), QString::number(r.attempts));
    }
}

void tst_FaultLab::tightDeadline_caseFailsNamingTheDeadline_R_REC_1_R_REC_6()
{
    TempDatabase db;
    FaultLab::Options options;
    options.databasePath = db.path();
    options.cases = { { SimulatedFailure::Unavailable, false, FaultLab::Scope::EveryDeployment } };
    const FaultLab::Report report = run(tightWorkspace(), u"lab/tight"_s, options);
    QVERIFY2(report.error.isEmpty(), qPrintable(report.error));
    QCOMPARE(report.results.size(), 1);
    const FaultLab::CaseResult &r = report.results.first();
    QVERIFY(!r.passed());
    QVERIFY(!report.passed());
    QCOMPARE(report.failedCount(), 1);
    const QList<FaultLab::Check> failed = r.failedChecks();
    QCOMPARE(failed.size(), 1);
    QCOMPARE(FaultLab::ruleCode(failed.first().rule), u"every_attempt_made"_s);
    QCOMPARE(failed.first().specId(), u"R-REC-1"_s);
    QCOMPARE(failed.first().expected, u"3 attempts"_s);
    QVERIFY2(failed.first().observed.startsWith(u"1 attempt; the next wait (250 ms) would pass "
                                                u"the deadline (100 ms)"_s),
             qPrintable(failed.first().observed));
}

void tst_FaultLab::fallback_answersWhenEveryDeploymentFails_R_FALL_1()
{
    // The fallback model shares the connection sim-east with the failing deployment: the fault
    // is injected for (sim-east, gpt-4o) only, so gpt-4o-mini on sim-east answers.
    Domain::Workspace ws = Config::demoWorkspace();
    ws.directives.allowModelFallback = true;
    ws.directives.fallbackModels = QStringList { u"sim-east/gpt-4o-mini"_s };
    TempDatabase db;
    FaultLab::Options options;
    options.databasePath = db.path();
    options.cases
        = { { SimulatedFailure::Unavailable, true, FaultLab::Scope::EveryDeployment },
            { SimulatedFailure::ContentRefusal, false, FaultLab::Scope::EveryDeployment } };
    const FaultLab::Report report = run(ws, u"sim-east/gpt-4o"_s, options);
    QVERIFY2(report.error.isEmpty(), qPrintable(report.error));
    QCOMPARE(report.results.size(), 2);
    const FaultLab::CaseResult &fell = report.results.first();
    QVERIFY2(fell.passed(), qPrintable(fell.failedChecks().value(0).observed + fell.error));
    QCOMPARE(fell.seen.status, 200);
    QVERIFY(fell.seen.doneSeen);
    QCOMPARE(fell.seen.header(u"ib-fallback-model"_s), u"sim-east/gpt-4o-mini"_s);
    QCOMPARE(fell.fallbackModel, u"sim-east/gpt-4o-mini"_s);
    QCOMPARE(fell.servedBy, u"sim-east"_s);
    QVERIFY(fell.attempts >= 2);
    // A final error never falls back (R-DET): the refusal is passed through after one attempt.
    const FaultLab::CaseResult &refused = report.results.last();
    QVERIFY2(refused.passed(), qPrintable(refused.failedChecks().value(0).observed));
    QCOMPARE(refused.seen.status, 400);
    QCOMPARE(refused.attempts, 1);
    QVERIFY(refused.seen.header(u"ib-fallback-model"_s).isEmpty());
}

void tst_FaultLab::firstTried_withOneAttempt_endsWithTheError_R_REC_1()
{
    // Attempts = 1 turns retries off: the deployment tried first fails, nothing else is tried.
    Domain::Workspace ws = Config::demoWorkspace();
    Domain::Model *pool = ws.model(u"demo/chat"_s);
    pool->recovery.overridden = true;
    pool->recovery.override.attempts = 1;
    TempDatabase db;
    FaultLab::Options options;
    options.databasePath = db.path();
    options.cases = { { SimulatedFailure::Unavailable, false, FaultLab::Scope::FirstTried } };
    const FaultLab::Report report = run(ws, u"demo/chat"_s, options);
    QCOMPARE(report.results.size(), 1);
    const FaultLab::CaseResult &r = report.results.first();
    QVERIFY2(r.passed(), qPrintable(r.failedChecks().value(0).observed + r.error));
    QCOMPARE(r.seen.status, 503);
    QCOMPARE(r.attempts, 1);
}

void tst_FaultLab::cancel_endsAfterTheCaseInProgress()
{
    TempDatabase db;
    FaultLab::Options options;
    options.databasePath = db.path();
    FaultLab::Runner runner;
    QSignalSpy finished(&runner, &FaultLab::Runner::finished);
    connect(&runner, &FaultLab::Runner::caseFinished, &runner, [&runner](int index) {
        if (index == 1)
            runner.cancel();
    });
    runner.start(std::make_shared<const Domain::Workspace>(Config::demoWorkspace()), u"demo/chat"_s,
                 options);
    QVERIFY(finished.wait(kRunTimeoutMs));
    QVERIFY(runner.report().cancelled);
    QCOMPARE(runner.report().results.size(), 2);
    QVERIFY(!runner.report().passed());
    QVERIFY(!runner.isRunning());
}

void tst_FaultLab::unknownModel_isAnError()
{
    TempDatabase db;
    FaultLab::Options options;
    options.databasePath = db.path();
    const FaultLab::Report report = run(Config::demoWorkspace(), u"nope/model"_s, options);
    QCOMPARE(report.error, u"no model named nope/model"_s);
    QVERIFY(report.results.isEmpty());
    QVERIFY(!report.passed());
}

void tst_FaultLab::json_roundTrip()
{
    TempDatabase db;
    FaultLab::Options options;
    options.databasePath = db.path();
    options.cases = { { SimulatedFailure::Unavailable, false, FaultLab::Scope::EveryDeployment },
                      { SimulatedFailure::StreamCut, true, FaultLab::Scope::EveryDeployment } };
    const FaultLab::Report report = run(tightWorkspace(), u"lab/tight"_s, options);
    QCOMPARE(report.results.size(), 2);
    const QByteArray bytes = FaultLab::toJsonBytes(report);
    const QJsonObject object = QJsonDocument::fromJson(bytes).object();
    QCOMPARE(object.value(u"scale"_s).toInt(), 20);
    QCOMPARE(object.value(u"passed"_s).toBool(), false);
    const auto back = FaultLab::reportFromJson(object);
    QVERIFY(back);
    QCOMPARE(back->model, u"lab/tight"_s);
    QCOMPARE(back->results.size(), 2);
    for (qsizetype i = 0; i < report.results.size(); ++i) {
        const FaultLab::CaseResult &a = report.results.at(i);
        const FaultLab::CaseResult &b = back->results.at(i);
        QCOMPARE(b.testCase, a.testCase);
        QCOMPARE(b.seen, a.seen);
        QCOMPARE(b.checks, a.checks);
        QCOMPARE(b.waitsMs, a.waitsMs);
        QCOMPARE(b.passed(), a.passed());
    }
    QCOMPARE(FaultLab::toJson(*back), object);
    QVERIFY(!FaultLab::reportFromJson(QJsonObject { { u"format"_s, u"other"_s } }));
}

void tst_FaultLab::sse_errorEventAndDone_R_STR_1()
{
    FaultLab::CallerView cut;
    FaultLab::readBody("data: {\"model\":\"m\",\"choices\":[]}\n\n"
                       "data: {\"error\":{\"code\":\"stream_interrupted\"}}\n\n",
                       true, cut);
    QCOMPARE(cut.events, 1);
    QCOMPARE(cut.model, u"m"_s);
    QCOMPARE(cut.errorEventCode, u"stream_interrupted"_s);
    QVERIFY(!cut.doneSeen);
    FaultLab::CallerView anthropic;
    FaultLab::readBody(
        "event: message_start\r\ndata: {\"message\":{\"model\":\"c\"}}\r\n\r\n"
        "event: error\r\ndata: {\"type\":\"error\",\"error\":{\"type\":\"api_error\","
        "\"details\":{\"error_code\":\"stream_interrupted\"}}}\r\n\r\n",
        true, anthropic);
    QCOMPARE(anthropic.model, u"c"_s);
    QCOMPARE(anthropic.errorEventCode, u"stream_interrupted"_s);
    FaultLab::CallerView done;
    FaultLab::readBody("data: {\"model\":\"m\"}\n\ndata: [DONE]\n\n", true, done);
    QVERIFY(done.doneSeen);
    QVERIFY(done.errorEventCode.isEmpty());
}

void tst_FaultLab::cli_exitCodes()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"cli.sqlite"_s);
    const Cli unknown = runCli({ u"rehearse"_s, u"nope/model"_s, u"--db"_s, db });
    QCOMPARE(unknown.exitCode, 1);
    QVERIFY2(unknown.err.contains(u"no model named nope/model"_s), qPrintable(unknown.err));

    const QString json = dir.filePath(u"table.json"_s);
    const Cli pool = runCli({ u"rehearse"_s, u"demo/chat"_s, u"--db"_s, db, u"--json"_s, json });
    QVERIFY2(pool.exitCode == 0, qPrintable(pool.out + pool.err));
    QVERIFY(pool.out.contains(u"timeouts ÷ 20"_s));
    QVERIFY(pool.out.contains(u"24 of 24 cases passed"_s));
    QVERIFY(pool.out.contains(u"stream_cut"_s));
    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const auto back = FaultLab::reportFromJson(QJsonDocument::fromJson(file.readAll()).object());
    QVERIFY(back);
    QCOMPARE(back->results.size(), 24);

    // A saved workspace whose model cannot keep a rule: exit 2, the failing rule printed.
    const QString file2 = dir.filePath(u"tight.json"_s);
    QFile tight(file2);
    QVERIFY(tight.open(QIODevice::WriteOnly));
    tight.write(Config::exportWorkspace(tightWorkspace()));
    tight.close();
    QCOMPARE(runCli({ u"import"_s, u"--db"_s, db, file2 }).exitCode, 0);
    const Cli failing = runCli({ u"rehearse"_s, u"lab/tight"_s, u"--db"_s, db });
    QCOMPARE(failing.exitCode, 2);
    QVERIFY2(failing.out.contains(u"R-REC-1"_s), qPrintable(failing.out));
    QVERIFY(failing.out.contains(u"FAIL"_s));
}

QTEST_GUILESS_MAIN(tst_FaultLab)
#include "tst_faultlab.moc"
