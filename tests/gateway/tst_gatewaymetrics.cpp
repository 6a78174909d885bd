// GET /metrics after calls of every outcome, read by Prometheus' own linter: `promtool check
// metrics` (Debian package prometheus) finds no error and no lint problem (R-OBS-1): counters end
// in _total, units are in the names, label values are bounded.
#include "gateway/gatewaymetrics.h"
#include "gatewayharness.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;

class tst_GatewayMetrics : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void promtoolFindsNoProblem_R_OBS_1();
    void probesAreNotCallerTraffic_R_OBS_1();
    void databaseAvailability_R_OBS_1();
};

namespace {

struct Checked
{
    int exitCode = -1;
    QByteArray output; // promtool writes its findings to stderr
};

// Pipes the exposition text to `promtool check metrics` as Prometheus' docs show it.
Checked promtoolCheck(const QString &promtool, const QByteArray &text)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(promtool, { u"check"_s, u"metrics"_s });
    Checked c;
    if (!p.waitForStarted(10000))
        return c;
    p.write(text);
    p.closeWriteChannel();
    if (!p.waitForFinished(30000))
        return c;
    c.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    c.output = p.readAll();
    return c;
}

} // namespace

// A probe's (or rehearsal's) record counts in no call figure: calls by status and endpoint,
// responses, errors, the latency histogram and the studio's totals are the callers'. Probes have
// their own counter; their upstream attempts count as attempts.
void tst_GatewayMetrics::probesAreNotCallerTraffic_R_OBS_1()
{
    Gateway::GatewayMetrics metrics;
    Domain::CallRecord call;
    call.httpStatus = 200;
    call.latencyMs = 40;
    call.attempts.append(Domain::AttemptRecord {});
    metrics.recordCall(call, {});
    for (const Domain::CallKind kind :
         { Domain::CallKind::Probe, Domain::CallKind::Probe, Domain::CallKind::Rehearsal }) {
        Domain::CallRecord other;
        other.kind = kind;
        other.httpStatus = 502;
        other.statusClass = Domain::StatusClass::Failed;
        other.errorClass = Domain::ErrorClass::ServerError;
        other.error = Domain::CallError { Domain::CallErrorCode::NoHealthyRoute };
        other.latencyMs = 9000;
        other.attempts.append(Domain::AttemptRecord {});
        metrics.recordCall(other, {});
    }
    QCOMPARE(metrics.totals().calls, 1);
    QCOMPARE(metrics.totals().errors, 0);
    QCOMPARE(metrics.totals().attempts, 1);
    const QByteArray text = metrics.prometheusText(0, 0, 0);
    const QList<QByteArray> lines = text.split('\n');
    for (const QByteArray &expected :
         { QByteArray("switchboard_probe_calls_total 2"),
           QByteArray("switchboard_calls_total{status_class=\"ok\"} 1"),
           QByteArray("switchboard_calls_by_endpoint_total{endpoint=\"chat_completions\"} 1"),
           QByteArray("switchboard_responses_total{code=\"200\"} 1"),
           QByteArray("switchboard_attempts_total{connection=\"\"} 4"),
           QByteArray("switchboard_call_duration_seconds_count 1") })
        QVERIFY2(lines.contains(expected), expected.constData());
    QVERIFY(!text.contains("status_class=\"failed\""));
    QVERIFY(!text.contains("code=\"502\""));
    QVERIFY(!text.contains("switchboard_errors_total{"));
}

// While the runtime cannot read the database the gauge says 0, and 1 again once it can.
void tst_GatewayMetrics::databaseAvailability_R_OBS_1()
{
    Gateway::GatewayMetrics metrics;
    QVERIFY(
        metrics.prometheusText(0, 0, 0).split('\n').contains("switchboard_database_available 1"));
    metrics.setDatabaseAvailable(false);
    QVERIFY(
        metrics.prometheusText(0, 0, 0).split('\n').contains("switchboard_database_available 0"));
    metrics.setDatabaseAvailable(true);
    QVERIFY(
        metrics.prometheusText(0, 0, 0).split('\n').contains("switchboard_database_available 1"));
}

void tst_GatewayMetrics::promtoolFindsNoProblem_R_OBS_1()
{
    const QString promtool = QStandardPaths::findExecutable(u"promtool"_s);
    if (promtool.isEmpty())
        QSKIP("promtool is not installed (Debian package prometheus, installed by scripts/setup)");

    FakeUpstream up;
    QVERIFY(up.listen());
    GatewayHarness h;
    h.options.maxBodyBytes = 1024;
    h.options.instance = u"gw-1"_s; // several gateways on one database: each names itself
    h.addConnection(u"conn-a"_s, up.baseUrl());
    h.addConnection(u"conn-b"_s, up.baseUrl());
    h.addDirect(u"test/ok"_s, { u"conn-a"_s });
    h.addDirect(u"test/retried"_s, { u"conn-a"_s, u"conn-b"_s });
    h.addDirect(u"test/refused"_s, { u"conn-b"_s }, GatewayHarness::fastRecovery(1));
    QVERIFY(h.start());

    // 200 at once; 200 after a 503 and a retry; a final upstream 400; an unknown model (404);
    // the caller's bad request (400); no key (401, refused before a call exists); a body over the
    // limit (413); a stream.
    up.enqueue(FakeUpstream::openAiChat(u"up-ok"_s));
    QCOMPARE(h.chat(u"test/ok"_s).status, 200);
    up.enqueue(FakeUpstream::openAiError(503, u"busy"_s, u"busy"_s));
    up.enqueue(FakeUpstream::openAiChat(u"up-retried"_s));
    QCOMPARE(h.chat(u"test/retried"_s).status, 200);
    up.enqueue(FakeUpstream::openAiError(400, u"invalid_request_error"_s, u"bad"_s));
    QCOMPARE(h.chat(u"test/refused"_s).status, 400);
    QCOMPARE(h.chat(u"test/unknown"_s).status, 404);
    QCOMPARE(h.post(u"/v1/chat/completions"_s, QJsonObject { { u"model"_s, u"test/ok"_s } }).status,
             400);
    QCOMPARE(
        h.post(u"/v1/chat/completions"_s, GatewayHarness::chatBody(u"test/ok"_s), {}, false).status,
        401);
    QCOMPARE(h.send("POST", u"/v1/chat/completions"_s, QByteArray(2048, 'x')).status, 413);
    up.enqueue(FakeUpstream::openAiStream(u"up-ok"_s, 3));
    QCOMPARE(h.stream(u"/v1/chat/completions"_s, GatewayHarness::chatBody(u"test/ok"_s, true))
                 .reply.status,
             200);

    const auto m = h.send("GET", u"/metrics"_s, {});
    QCOMPARE(m.status, 200);
    // Every family the calls above touched is in the text promtool reads, so its verdict covers
    // them: counters by status class, HTTP status, refusal reason, connection and error class, and
    // the latency histogram.
    for (const char *series :
         { "switchboard_calls_total{status_class=\"retried_ok\"} 1",
           "switchboard_responses_total{code=\"401\"} 1",
           "switchboard_rejected_total{reason=\"authentication_error\"} 1",
           "switchboard_rejected_total{reason=\"request_too_large\"} 1",
           "switchboard_attempts_total{connection=\"conn-b\"}",
           // The unknown model and the caller's bad request: the gateway refused them itself,
           // without an attempt; invalid_request is the upstream's 400.
           "switchboard_errors_total{class=\"refused_by_gateway\"} 2",
           "switchboard_errors_total{class=\"invalid_request\"} 1",
           "switchboard_call_duration_seconds_bucket{le=\"+Inf\"} 6",
           "switchboard_call_duration_seconds_count 6",
           "\nswitchboard_instance_info{instance=\"gw-1\"} 1\n" }) {
        QVERIFY2(m.body.contains(series),
                 qPrintable(QString::fromLatin1(series) + u"\n"_s + QString::fromUtf8(m.body)));
    }
    QVERIFY2(!m.body.contains("class=\"none\"") && !m.body.contains("class=\"no_attempt\""),
             m.body.constData());
    const Checked c = promtoolCheck(promtool, m.body);
    QVERIFY2(c.exitCode == 0 && c.output.trimmed().isEmpty(),
             qPrintable(u"promtool exit %1: %2\n--- /metrics ---\n%3"_s.arg(c.exitCode)
                            .arg(QString::fromUtf8(c.output), QString::fromUtf8(m.body))));
}

QTEST_MAIN(tst_GatewayMetrics)
#include "tst_gatewaymetrics.moc"
