#include "simulator/simulatortransport.h"

#include "simulator/simulatoranswer.h"
#include "simulator/simulatorbodies.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;
using Domain::SimulatedFailure;

namespace Gateway {
namespace {

// What one simulated attempt will do, decided up front from the settings and the seeded random.
struct Script
{
    enum class Start { Answer, Drop, NeverConnect, Refuse };
    enum class End { Finish, Cut, Stall };
    Start start = Start::Answer;
    int latencyMs = 0;
    int status = 200;
    HeaderList headers;
    QList<QByteArray> pieces;
    int intervalMs = 0;
    End end = End::Finish;
};

class SimulatorCall : public UpstreamCall
{
public:
    SimulatorCall(const UpstreamRequest &request, Script script, DeadlineWheel *wheel)
        : UpstreamCall(request, wheel)
        , m_script(std::move(script))
        , m_timer(wheel->timeSource())
    {
        setBytesSent(request.body.size());
        // The timer is the context: what it queues goes with the call.
        QObject::connect(&m_timer, &Timer::timeout, &m_timer, [this] { step(); });
        if (m_script.start != Script::Start::NeverConnect
            && m_script.start != Script::Start::Refuse)
            QMetaObject::invokeMethod(
                &m_timer, [this] { reportConnected(); }, Qt::QueuedConnection);
        if (m_script.start == Script::Start::Refuse)
            m_timer.start(0); // refused at once, before any latency
        else if (m_script.start != Script::Start::NeverConnect)
            m_timer.start(m_script.latencyMs);
    }

protected:
    void abortTransfer() override { m_timer.stop(); }
    // Backpressure holds for simulated streams too: no more pieces while the caller is behind.
    void pauseTransfer() override { m_timer.stop(); }
    void resumeTransfer() override
    {
        if (m_script.start != Script::Start::NeverConnect)
            m_timer.start(hasStarted() ? 0 : m_script.latencyMs);
    }

private:
    void step()
    {
        if (isDone())
            return;
        if (m_script.start == Script::Start::Refuse) {
            reportFailed(FailurePhase::ConnectRefused, u"Connection refused (simulated)"_s);
            return;
        }
        if (m_script.start == Script::Start::Drop) {
            reportFailed(FailurePhase::BeforeStatus, {}); // the phase says it all: no system spoke
            return;
        }
        if (!hasStarted()) {
            reportStarted(m_script.status, m_script.headers);
        } else if (m_next < m_script.pieces.size()) {
            reportBody(m_script.pieces.at(m_next++));
        }
        if (isDone() || isReadingPaused())
            return; // resumeTransfer() steps on
        if (m_next < m_script.pieces.size()) {
            m_timer.start(m_next == 0 ? 0 : m_script.intervalMs);
            return;
        }
        if (m_script.end == Script::End::Finish)
            reportFinished();
        else if (m_script.end == Script::End::Cut)
            reportFailed(FailurePhase::AfterStatus, {});
        // Stall: nothing more; the idle rule or the deadline ends it.
    }

    Script m_script;
    Timer m_timer; // the gateway's time source: simulated latency runs on simulated time in tests
    qsizetype m_next = 0;
};

int estimateTokens(const QJsonObject &body)
{
    const QByteArray text = QJsonDocument(body).toJson(QJsonDocument::Compact);
    return qMax(1, int(text.size() / 4));
}

int answerLength(const QJsonObject &body)
{
    const int asked
        = body.value(u"max_tokens"_s).toInt(body.value(u"max_completion_tokens"_s).toInt(0));
    return asked > 0 ? qMin(asked, 24) : 24;
}

void applyFailure(Script &s, SimulatedFailure kind, const Domain::SimulatorSettings &settings,
                  Simulated::Api api, bool stream)
{
    auto error = [&](int status, const QString &type, const QString &message) {
        s.status = status;
        s.headers
            = { { QByteArrayLiteral("content-type"), QByteArrayLiteral("application/json") } };
        s.pieces = { Simulated::errorBody(api, status, type, message) };
        s.intervalMs = 0;
        s.end = Script::End::Finish;
    };
    switch (kind) {
    case SimulatedFailure::RateLimited:
        error(429,
              api == Simulated::Api::Messages ? u"rate_limit_error"_s : u"rate_limit_exceeded"_s,
              u"Simulated rate limit."_s);
        s.headers.emplaceBack(QByteArrayLiteral("retry-after"),
                              QByteArray::number(settings.retryAfterSeconds));
        return;
    case SimulatedFailure::ServerError:
        return error(500, u"api_error"_s, u"Simulated server error."_s);
    case SimulatedFailure::Unavailable:
        return error(503, u"api_error"_s, u"Simulated unavailability."_s);
    case SimulatedFailure::Overloaded:
        return error(529, u"overloaded_error"_s, u"Simulated overload."_s);
    case SimulatedFailure::TimeoutBeforeStatus:
        s.start = Script::Start::NeverConnect;
        return;
    case SimulatedFailure::DropBeforeAnswer:
        s.start = Script::Start::Drop;
        return;
    case SimulatedFailure::StreamCut:
        s.pieces = s.pieces.mid(0, stream ? qMax(1, settings.cutAfterEvents) : 1);
        if (!stream && !s.pieces.isEmpty())
            s.pieces.first().truncate(s.pieces.first().size() / 2);
        s.end = Script::End::Cut;
        return;
    case SimulatedFailure::Stall:
        s.pieces = s.pieces.mid(0, stream ? 1 : 0);
        s.end = Script::End::Stall;
        return;
    case SimulatedFailure::UndecodableBody:
        s.pieces = { QByteArrayLiteral("<html><body>502 upstream garbled</body></html>") };
        s.intervalMs = 0;
        s.end = Script::End::Finish;
        return;
    case SimulatedFailure::ContentRefusal:
        return error(400, u"invalid_request_error"_s,
                     u"Output blocked by content filtering policy (simulated refusal)."_s);
    case SimulatedFailure::ConnectionRefused:
        s.start = Script::Start::Refuse;
        return;
    }
}

// retry-after-ms (what the gateway prefers, R-REC-5) and Retry-After rounded up to seconds.
void setRetryAfterMs(HeaderList &headers, int ms)
{
    headers.removeIf([](const auto &h) { return h.first == "retry-after"; });
    headers.emplaceBack(QByteArrayLiteral("retry-after"), QByteArray::number((ms + 999) / 1000));
    headers.emplaceBack(QByteArrayLiteral("retry-after-ms"), QByteArray::number(ms));
}

} // namespace

SimulatorTransport::SimulatorTransport(quint32 seed, DeadlineWheel *wheel, QObject *parent)
    : QObject(parent)
    , m_random(seed)
    , m_wheel(wheel ? wheel : new DeadlineWheel(nullptr, DeadlineWheel::kDefaultTickMs, this))
{
}

void SimulatorTransport::setSeed(quint32 seed)
{
    m_random.seed(seed);
}

void SimulatorTransport::setConnections(const QList<Domain::Connection> &connections)
{
    m_settings.clear();
    for (const Domain::Connection &c : connections) {
        if (c.kind == Domain::Dialect::Simulator)
            m_settings.insert(c.name, c.simulator);
    }
}

void SimulatorTransport::setInjectedFaults(const QList<InjectedFault> &faults)
{
    m_faults = faults;
    m_faultCalls = QList<int>(faults.size(), 0);
}

const InjectedFault *SimulatorTransport::takeInjected(const UpstreamRequest &request,
                                                      const QString &model)
{
    for (qsizetype i = 0; i < m_faults.size(); ++i) {
        const InjectedFault &f = m_faults.at(i);
        if (!f.connection.isEmpty() && f.connection != request.connection)
            continue;
        if (!f.upstreamModel.isEmpty() && f.upstreamModel != model)
            continue;
        if (f.times >= 0 && m_faultCalls.at(i) >= f.times)
            continue;
        ++m_faultCalls[i];
        return &f;
    }
    return nullptr;
}

std::unique_ptr<UpstreamCall> SimulatorTransport::send(const UpstreamRequest &request)
{
    const Domain::SimulatorSettings settings = m_settings.value(request.connection);
    const QJsonObject body = QJsonDocument::fromJson(request.body).object();
    const Simulated::Api api = Simulated::apiForPath(request.url.path());
    const QString model = body.value(u"model"_s).toString();
    const int inputTokens = estimateTokens(body);
    const bool malformed
        = settings.malformedRate > 0.0 && m_random.generateDouble() < settings.malformedRate;
    const Simulated::Answer answer = Simulated::answerFor(
        api, body, Simulated::answerWords(request.connection, answerLength(body)), malformed);

    Script s;
    s.latencyMs = qMax(0, settings.latencyMs);
    s.headers.emplaceBack(QByteArrayLiteral("content-type"),
                          request.stream ? QByteArrayLiteral("text/event-stream")
                                         : QByteArrayLiteral("application/json"));
    if (api == Simulated::Api::CountTokens) {
        // The same estimate its answers report as input tokens; counting never fails.
        s.pieces = { QJsonDocument(QJsonObject { { u"input_tokens"_s, inputTokens } })
                         .toJson(QJsonDocument::Compact) };
        return std::make_unique<SimulatorCall>(request, std::move(s), m_wheel);
    }
    if (api == Simulated::Api::Embeddings) {
        const QJsonValue input = body.value(u"input"_s);
        const bool base64 = body.value(u"encoding_format"_s).toString() == u"base64"_s;
        s.pieces = { Simulated::embeddingBody(
            model, input.isArray() ? int(input.toArray().size()) : 1, inputTokens, base64) };
    } else if (request.stream) {
        s.pieces = Simulated::streamEvents(api, model, answer, inputTokens);
        s.intervalMs = settings.tokensPerSecond > 0 ? 1000 / settings.tokensPerSecond : 0;
    } else {
        s.pieces = { Simulated::completeBody(api, model, answer, inputTokens) };
        // A non-streaming answer arrives after the time its tokens take to generate.
        s.latencyMs += settings.tokensPerSecond > 0
            ? answer.outputTokens() * 1000 / settings.tokensPerSecond / 4
            : 0;
    }
    if (const InjectedFault *fault = takeInjected(request, model)) {
        Domain::SimulatorSettings injected = settings;
        injected.cutAfterEvents = fault->cutAfterEvents;
        applyFailure(s, fault->kind, injected, api, request.stream);
        if (fault->kind == SimulatedFailure::RateLimited && fault->retryAfterMs > 0)
            setRetryAfterMs(s.headers, fault->retryAfterMs);
        return std::make_unique<SimulatorCall>(request, std::move(s), m_wheel);
    }
    const bool fails = !settings.failureKinds.isEmpty() && settings.failureRate > 0.0
        && m_random.generateDouble() < settings.failureRate;
    if (fails) {
        const auto kind = settings.failureKinds.at(
            int(m_random.bounded(quint32(settings.failureKinds.size()))));
        applyFailure(s, kind, settings, api, request.stream);
    }
    return std::make_unique<SimulatorCall>(request, std::move(s), m_wheel);
}

} // namespace Gateway
