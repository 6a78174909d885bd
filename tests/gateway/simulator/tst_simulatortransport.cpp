#include "simulatedtime.h"
#include "simulator/simulatortransport.h"
#include "upstreamrecorder.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <QtEndian>
#include <cstring>

using namespace Qt::StringLiterals;
using namespace Gateway;
using Domain::SimulatedFailure;

// The built-in provider through the UpstreamTransport interface: plausible answers and every
// injectable failure (R-CONN-1).
class tst_SimulatorTransport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void answersLikeAProvider_R_CONN_1_data();
    void answersLikeAProvider_R_CONN_1();
    void injectsFailures_R_CONN_1_data();
    void injectsFailures_R_CONN_1();
    void seededRandomnessRepeats_R_CONN_1();
    void injectedFaultsMatchTheirDeploymentAndCount();
    void embeddingsAnswerBase64WhenAsked_R_API_1();
    void pausedStreamHoldsPiecesAndIsNotIdle();
};

namespace {

// The transport answers as the simulator connection "sim" with these settings.
void configure(SimulatorTransport &t, Domain::SimulatorSettings settings = {})
{
    settings.latencyMs = 5;
    settings.tokensPerSecond = 1000;
    Domain::Connection sim;
    sim.name = u"sim"_s;
    sim.kind = Domain::Dialect::Simulator;
    sim.simulator = settings;
    t.setConnections({ sim });
}

UpstreamRequest request(const QString &path, bool stream)
{
    UpstreamRequest r;
    r.connection = u"sim"_s;
    r.url = QUrl(u"simulator://sim/v1"_s + path);
    r.stream = stream;
    r.body = QJsonDocument(QJsonObject { { u"model"_s, u"m"_s },
                                         { u"stream"_s, stream },
                                         { u"max_tokens"_s, 5 },
                                         { u"input"_s, u"x"_s } })
                 .toJson(QJsonDocument::Compact);
    r.connectTimeoutMs = 300;
    r.firstByteTimeoutMs = 300;
    r.streamIdleTimeoutMs = 300;
    return r;
}

struct Observed
{
    int status = 0;
    QByteArray body;
    bool finished = false;
    int failedPhase = -1;
};

Observed run(SimulatorTransport &t, const UpstreamRequest &r)
{
    UpstreamRecorder recorder;
    recorder.attach(t.send(r));
    Observed o;
    if (!QTest::qWaitFor([&] { return recorder.done(); }, 5000))
        return o; // neither: the caller's comparisons fail
    o.status = recorder.status;
    o.body = recorder.body;
    o.finished = recorder.finished;
    if (recorder.failed)
        o.failedPhase = int(recorder.phase);
    return o;
}

} // namespace

void tst_SimulatorTransport::answersLikeAProvider_R_CONN_1_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("stream");
    QTest::addColumn<QByteArray>("mustContain");
    QTest::newRow("chat") << u"/chat/completions"_s << false << QByteArray("\"prompt_tokens\"");
    QTest::newRow("chat stream") << u"/chat/completions"_s << true
                                 << QByteArray("data: [DONE]\n\n");
    QTest::newRow("messages") << u"/messages"_s << false << QByteArray("\"input_tokens\"");
    QTest::newRow("messages stream") << u"/messages"_s << true << QByteArray("event: message_stop");
    QTest::newRow("embeddings") << u"/embeddings"_s << false << QByteArray("\"embedding\"");
}

void tst_SimulatorTransport::answersLikeAProvider_R_CONN_1()
{
    QFETCH(QString, path);
    QFETCH(bool, stream);
    QFETCH(QByteArray, mustContain);
    SimulatorTransport t(1);
    configure(t);
    const Observed o = run(t, request(path, stream));
    QVERIFY(o.finished);
    QCOMPARE(o.status, 200);
    QVERIFY2(o.body.contains(mustContain), o.body.constData());
    QVERIFY(o.body.contains("\"model\":\"m\""));
}

void tst_SimulatorTransport::injectsFailures_R_CONN_1_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<bool>("stream");
    QTest::addColumn<int>("status");
    QTest::addColumn<int>("phase"); // -1: finished
    QTest::newRow("429") << int(SimulatedFailure::RateLimited) << false << 429 << -1;
    QTest::newRow("500") << int(SimulatedFailure::ServerError) << false << 500 << -1;
    QTest::newRow("503") << int(SimulatedFailure::Unavailable) << false << 503 << -1;
    QTest::newRow("529") << int(SimulatedFailure::Overloaded) << true << 529 << -1;
    QTest::newRow("timeout") << int(SimulatedFailure::TimeoutBeforeStatus) << false << 0
                             << int(FailurePhase::ConnectTimeout);
    QTest::newRow("drop") << int(SimulatedFailure::DropBeforeAnswer) << false << 0
                          << int(FailurePhase::BeforeStatus);
    QTest::newRow("stream cut") << int(SimulatedFailure::StreamCut) << true << 200
                                << int(FailurePhase::AfterStatus);
    QTest::newRow("stall") << int(SimulatedFailure::Stall) << true << 200
                           << int(FailurePhase::StreamIdle);
    QTest::newRow("undecodable") << int(SimulatedFailure::UndecodableBody) << false << 200 << -1;
    QTest::newRow("refusal") << int(SimulatedFailure::ContentRefusal) << false << 400 << -1;
    QTest::newRow("refused") << int(SimulatedFailure::ConnectionRefused) << false << 0
                             << int(FailurePhase::ConnectRefused);
}

void tst_SimulatorTransport::injectsFailures_R_CONN_1()
{
    QFETCH(int, kind);
    QFETCH(bool, stream);
    QFETCH(int, status);
    QFETCH(int, phase);
    Domain::SimulatorSettings s;
    s.failureRate = 1.0;
    s.failureKinds = { SimulatedFailure(kind) };
    s.cutAfterEvents = 2;
    SimulatorTransport t(1);
    configure(t, s);
    const Observed o = run(t, request(u"/chat/completions"_s, stream));
    QCOMPARE(o.status, status);
    QCOMPARE(o.failedPhase, phase);
    if (SimulatedFailure(kind) == SimulatedFailure::StreamCut)
        QCOMPARE(o.body.count("data: "), 2);
    if (SimulatedFailure(kind) == SimulatedFailure::UndecodableBody)
        QVERIFY(QJsonDocument::fromJson(o.body).isNull());
}

void tst_SimulatorTransport::seededRandomnessRepeats_R_CONN_1()
{
    Domain::SimulatorSettings s;
    s.failureRate = 0.5;
    s.failureKinds = { SimulatedFailure::Unavailable };
    auto sequence = [&](quint32 seed) {
        SimulatorTransport t(seed);
        configure(t, s);
        QList<int> statuses;
        for (int i = 0; i < 12; ++i)
            statuses << run(t, request(u"/chat/completions"_s, false)).status;
        return statuses;
    };
    const QList<int> a = sequence(99);
    QCOMPARE(sequence(99), a);
    QVERIFY(a.contains(503) && a.contains(200));
}

// The fault lab's injected failures: matched by connection and upstream model before the random
// ones, counted by `times`; a rate limit in milliseconds sends retry-after-ms and Retry-After.
void tst_SimulatorTransport::injectedFaultsMatchTheirDeploymentAndCount()
{
    SimulatorTransport t(1);
    configure(t);
    Gateway::InjectedFault other { u"sim"_s, u"other-model"_s, SimulatedFailure::Unavailable };
    Gateway::InjectedFault limited { u"sim"_s, u"m"_s, SimulatedFailure::RateLimited };
    limited.retryAfterMs = 1500;
    limited.times = 1;
    t.setInjectedFaults({ other, limited });
    UpstreamRecorder recorder;
    recorder.attach(t.send(request(u"/chat/completions"_s, false)));
    QVERIFY(QTest::qWaitFor([&] { return recorder.done(); }, 5000));
    QCOMPARE(recorder.status, 429);
    QByteArray retryAfter;
    QByteArray retryAfterMs;
    for (const auto &h : recorder.headers) {
        if (h.first == "retry-after")
            retryAfter = h.second;
        if (h.first == "retry-after-ms")
            retryAfterMs = h.second;
    }
    QCOMPARE(retryAfter, QByteArray("2")); // rounded up to seconds
    QCOMPARE(retryAfterMs, QByteArray("1500"));
    // Only the first call: the next one is answered.
    QCOMPARE(run(t, request(u"/chat/completions"_s, false)).status, 200);
}

// The official OpenAI SDKs ask for encoding_format "base64" by default and decode the string as
// little-endian float32; a float array there decodes to garbage in the caller's hands.
void tst_SimulatorTransport::embeddingsAnswerBase64WhenAsked_R_API_1()
{
    SimulatorTransport t(1);
    configure(t);
    UpstreamRequest floats = request(u"/embeddings"_s, false);
    UpstreamRequest packed = floats;
    QJsonObject body = QJsonDocument::fromJson(floats.body).object();
    body.insert(u"encoding_format"_s, u"base64"_s);
    packed.body = QJsonDocument(body).toJson(QJsonDocument::Compact);

    const auto embedding = [](const QByteArray &answer) {
        return QJsonDocument::fromJson(answer)
            .object()
            .value(u"data"_s)
            .toArray()
            .at(0)
            .toObject()
            .value(u"embedding"_s);
    };
    const QJsonValue asFloats = embedding(run(t, floats).body);
    const QJsonValue asBase64 = embedding(run(t, packed).body);
    QVERIFY(asFloats.isArray());
    QVERIFY2(asBase64.isString(), "encoding_format base64 must answer a base64 string");
    const QByteArray bytes = QByteArray::fromBase64(asBase64.toString().toLatin1());
    const QJsonArray expected = asFloats.toArray();
    QCOMPARE(bytes.size(), qsizetype(expected.size() * 4));
    for (qsizetype i = 0; i < expected.size(); ++i) {
        const quint32 bits = qFromLittleEndian<quint32>(bytes.constData() + i * 4);
        float value = 0;
        std::memcpy(&value, &bits, sizeof value);
        QCOMPARE(value, float(expected.at(i).toDouble()));
    }
}

// Backpressure holds for the simulator like for a network upstream: no piece while paused, and the
// stream-idle timeout is off the wheel meanwhile (the upstream is not the slow side).
void tst_SimulatorTransport::pausedStreamHoldsPiecesAndIsNotIdle()
{
    SimulatedTime clock;
    DeadlineWheel wheel(&clock);
    SimulatorTransport t(1, &wheel);
    configure(t);
    UpstreamRecorder recorder;
    recorder.attach(t.send(request(u"/chat/completions"_s, true)));
    UpstreamCall *call = recorder.call;
    recorder.onStarted = [call] { call->pauseReading(); };
    const QByteArray &body = recorder.body;
    // The simulator runs on the wheel's time source: its latency and the pieces' spacing pass
    // only as the test moves time, a millisecond at a time here.
    const auto runFor = [&](int ms) {
        for (int i = 0; i < ms; ++i) {
            clock.advance(1);
            QCoreApplication::processEvents();
        }
    };
    runFor(5); // the latency
    QTRY_VERIFY(call->isReadingPaused());
    QCOMPARE(wheel.size(), 0); // connect and first byte done, stream idle suspended
    runFor(10 * 300); // ten stream-idle timeouts long; pieces come 1 ms apart when not held
    QVERIFY(body.isEmpty());
    QVERIFY(!recorder.failed);
    call->resumeReading();
    QCOMPARE(wheel.size(), 1); // stream idle armed again
    for (int i = 0; i < 1000 && !recorder.finished; ++i)
        runFor(1);
    QVERIFY(recorder.finished);
    QVERIFY(!recorder.failed);
    QVERIFY(body.endsWith("data: [DONE]\n\n"));
    QCOMPARE(wheel.size(), 0);
}

QTEST_MAIN(tst_SimulatorTransport)
#include "tst_simulatortransport.moc"
