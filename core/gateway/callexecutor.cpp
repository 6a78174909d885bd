#include "gateway/callexecutor.h"

#include "config/receiptjson.h"
#include "gateway/dialect.h"
#include "gateway/heldanswers.h"
#include "net/log.h"
#include "routing/aliasresolver.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;
using Routing::AttemptOutcome;
using Routing::Decision;

namespace Gateway {
namespace {

bool isSuccess(int status)
{
    return status >= 200 && status < 300;
}

// Status sent for a call whose caller hung up first (nginx's convention); never on the wire.
constexpr int kCallerClosedStatus = 499;

using Domain::TransportFailure;

// What the receipt keeps of a transport's failure: its kind, beside the system's own words.
TransportFailure failureOf(FailurePhase phase)
{
    switch (phase) {
    case FailurePhase::Connect:
        return TransportFailure::ConnectFailed;
    case FailurePhase::ConnectRefused:
        return TransportFailure::ConnectRefused;
    case FailurePhase::HostNotFound:
        return TransportFailure::HostNotFound;
    case FailurePhase::Tls:
        return TransportFailure::Tls;
    case FailurePhase::Proxy:
        return TransportFailure::Proxy;
    case FailurePhase::NotSent:
        return TransportFailure::NotSent;
    case FailurePhase::ConnectTimeout:
        return TransportFailure::ConnectTimeout;
    case FailurePhase::BeforeStatus:
        return TransportFailure::DroppedBeforeStatus;
    case FailurePhase::FirstByteTimeout:
        return TransportFailure::FirstByteTimeout;
    case FailurePhase::AfterStatus:
        return TransportFailure::Truncated;
    case FailurePhase::StreamIdle:
        return TransportFailure::StreamIdle;
    case FailurePhase::Undecodable:
        return TransportFailure::Undecodable;
    }
    return TransportFailure::ConnectFailed;
}

} // namespace

CallExecutor::CallExecutor(const CallEnvironment &env, CallInput input, HttpConnection *connection)
    : m_env(env)
    , m_input(std::move(input))
    , m_connection(connection)
    , m_ownDeadlines(env.deadlines ? nullptr : std::make_unique<DeadlineHeap>(env.time))
    , m_deadlines(env.deadlines ? env.deadlines : m_ownDeadlines.get())
{
    // Deadlines never fire early: a Retry-After wait must not be cut short (R-REC-5).
    if (connection)
        connection->setAnswerer(this);
}

CallExecutor::~CallExecutor()
{
    // Their callbacks point at this executor.
    m_deadlines->cancel(m_callDeadline);
    cancelWait();
    if (m_call)
        m_call->setReceiver(nullptr); // the attempts are deleted after this, with m_attempts
    if (m_connection && m_connection->answerer() == this)
        m_connection->setAnswerer(nullptr);
}

void CallExecutor::start()
{
    m_callStartMs = m_env.clock->nowMs();
    m_record.ws = m_input.snapshot;
    m_record.requestId = m_input.requestId;
    m_record.startedAtMs = m_input.startedAtMs;
    m_record.endpoint = m_input.endpoint;
    m_record.kind = m_input.kind;
    m_record.stream = m_input.summary.stream;
    if (m_input.key) {
        const Domain::Key *first = m_input.snapshot->keys.constData();
        if (m_input.key >= first && m_input.key < first + m_input.snapshot->keys.size())
            m_record.key = qint16(m_input.key - first);
    }
    m_record.modelAsked = m_input.summary.model;
    m_record.regionHeader = std::move(m_input.regionHeaderRaw);
    m_record.request = Routing::shapeOf(m_input.summary);
    // The summary is the router's from here on: one copy fewer to make and to free, cold, when
    // the call ends.
    m_router.emplace(m_input.snapshot, std::move(m_input.summary), *m_env.cooldowns, *m_env.clock,
                     *m_env.random, m_env.routes);
    Decision first = m_router->start();
    const Routing::AliasResolution &alias = m_router->alias();
    m_record.alias = alias.alias;
    m_record.modelResolved = alias.model;
    m_record.aliasDeprecation = alias.deprecationHeader;
    if (first.kind == Decision::Kind::Attempt) {
        // Checked once the plan is made, the budget first (R-BILL-3, R-BILL-4): a refused call
        // makes no attempt.
        if (std::optional<Routing::CallerError> refusal = admit()) {
            Decision stop;
            stop.error = std::move(*refusal);
            return carryOut(std::move(stop));
        }
        adviseSession();
        m_callDeadline = m_deadlines->schedule(m_router->deadlineAtMs(), [this] {
            m_callDeadline = 0;
            handleDeadline();
        });
        if (m_hold && waitForHold(first))
            return;
    }
    carryOut(std::move(first));
}

void CallExecutor::holdStored()
{
    if (m_finished || !m_waitingForHold)
        return;
    Decision first = std::move(*m_waitingForHold);
    m_waitingForHold.reset();
    carryOut(std::move(first));
}

void CallExecutor::cancel()
{
    if (!m_finished)
        handleDeadline();
}

void CallExecutor::carryOut(Decision next)
{
    m_kind = next.kind;
    m_candidate = nullptr;
    switch (next.kind) {
    case Decision::Kind::Served:
        finish(m_status, {});
        return;
    case Decision::Kind::Stop:
        stopWith(next.error);
        return;
    case Decision::Kind::Attempt:
        break;
    }
    // The router's own copy: it stays the current candidate until the attempt is reported.
    m_candidate = &m_router->currentCandidate();
    m_next = { next.waitMs, next.waitReason, next.attemptNumber, next.fallback };
    if (next.waitMs <= 0)
        return beginAttempt();
    cancelWait();
    m_waitDeadline = m_deadlines->schedule(m_deadlines->nowMs() + next.waitMs, [this] {
        m_waitDeadline = 0;
        beginAttempt();
    });
}

void CallExecutor::cancelWait()
{
    m_deadlines->cancel(std::exchange(m_waitDeadline, 0));
}

void CallExecutor::beginAttempt()
{
    m_attemptStartMs = m_env.clock->nowMs();
    m_status = 0;
    m_upstreamHeaders.clear();
    m_body.clear();
    m_rewriter.reset();
    const Routing::Candidate &c = *m_candidate;
    // The attempt's record is the receipt's from here on; nothing of it is kept twice.
    Domain::AttemptRecord &a = m_record.attempts.emplace_back();
    a.index = qint16(m_next.number);
    a.model = c.modelIndex;
    a.deployment = c.deploymentIndex;
    a.offering = c.offeringIndex;
    a.waitMs = qint32(m_next.waitMs);
    a.waitReason = m_next.waitReason;
    a.fallback = m_next.fallback;
    const std::span<const double> holds = m_router->holds();
    if (a.index >= 1 && a.index <= qsizetype(holds.size()))
        a.holdAmount = holds[a.index - 1];
    a.startOffsetMs = qint32(m_attemptStartMs - m_callStartMs);
    const Domain::Connection *connection = c.connectionIndex >= 0
        ? &m_input.snapshot->connections.at(c.connectionIndex)
        : m_input.snapshot->connection(c.connection);
    if (!connection)
        return failAttemptWithoutNetwork(c.connection); // not in the snapshot
    Util::Result<UpstreamRequest> request = upstreamRequest(*connection);
    if (!request)
        return failAttemptWithoutNetwork(Util::logText(request.error()));
    UpstreamRequest r = std::move(request).value();
    // R-REC-9: the requested model's recovery settings govern every attempt of the call.
    const Domain::RecoverySettings &recovery = m_router->recovery();
    r.connectTimeoutMs = recovery.connectTimeoutMs;
    r.firstByteTimeoutMs = recovery.streamStartTimeoutMs;
    r.streamIdleTimeoutMs = recovery.streamIdleTimeoutMs;
    m_usedPriceIn = c.priceIn;
    m_usedPriceOut = c.priceOut;
    UpstreamTransport *transport
        = connection->kind == Domain::Dialect::Simulator ? m_env.simulator : m_env.network;
    attempt().bytesSent = r.body.size();
    m_attemptCredential = r.credential;
    m_attempts.push_back(transport->send(r));
    m_call = m_attempts.back().get();
    m_call->setReceiver(this);
}

Util::Result<UpstreamRequest> CallExecutor::upstreamRequest(const Domain::Connection &connection)
{
    // A Responses call's body is chat completions already (made at intake, R-RESP-1).
    if (Domain::crossesToOtherApi(translation()))
        return translatedRequest(connection);
    const QString &model = m_candidate->upstreamModel;
    const Domain::Endpoint endpoint = Domain::bodyEndpoint(m_input.endpoint);
    if (m_router->alias().presetDefaults.isEmpty()) {
        return buildUpstreamRequest(connection, model, endpoint, m_input.bodyBytes,
                                    m_input.streamField, m_router->directives(), m_input.modelKeys);
    }
    const QJsonObject &body = bodyWithDefaults();
    // The caller's bytes serve as they are unless a preset default was added to them.
    return buildUpstreamRequest(connection, model, endpoint, body, m_router->directives(),
                                m_defaultsAddedNothing ? m_input.bodyBytes : QByteArray());
}

const QJsonObject &CallExecutor::bodyWithDefaults()
{
    // The alias is the call's: its defaults are added once, for whichever attempt comes first.
    if (!m_bodyWithDefaults) {
        const QJsonObject caller = QJsonDocument::fromJson(m_input.bodyBytes).object();
        m_bodyWithDefaults = Routing::applyPresetDefaults(caller, m_router->alias().presetDefaults,
                                                          m_input.endpoint);
        m_defaultsAddedNothing = *m_bodyWithDefaults == caller;
    }
    return *m_bodyWithDefaults;
}

Util::Result<UpstreamRequest> CallExecutor::translatedRequest(const Domain::Connection &connection)
{
    // The caller's bytes translated straight into the upstream's, its model set, when the alias
    // adds nothing to them.
    const bool bytesServe = m_router->alias().presetDefaults.isEmpty();
    if (translation() == Domain::ApiTranslation::MessagesToChat) {
        if (std::optional<Translation::RequestBytes> r = bytesServe
                ? Translation::messagesRequestToChatBytes(m_input.bodyBytes,
                                                          m_candidate->upstreamModel)
                : std::nullopt) {
            return buildUpstreamRequest(connection, m_candidate->upstreamModel,
                                        Domain::Endpoint::ChatCompletions, r->body, r->stream,
                                        m_router->directives(), 1);
        }
        return buildUpstreamRequest(
            connection, m_candidate->upstreamModel, Domain::Endpoint::ChatCompletions,
            Translation::messagesRequestToChat(bodyWithDefaults()), m_router->directives());
    }
    const QList<Domain::Model> &models = m_input.snapshot->models;
    const int maxTokens = m_candidate->deploymentIndex >= 0
        ? models.at(m_candidate->deploymentIndex).maxOutputTokens
        : Domain::Model {}.maxOutputTokens;
    if (bytesServe) {
        if (std::optional<Translation::RequestBytes> r = Translation::chatRequestToMessagesBytes(
                m_input.bodyBytes, m_candidate->upstreamModel, maxTokens)) {
            m_includeUsage = r->includeUsage;
            return buildUpstreamRequest(connection, m_candidate->upstreamModel,
                                        Domain::Endpoint::Messages, r->body, r->stream,
                                        m_router->directives(), 1);
        }
    }
    const QJsonObject &caller = bodyWithDefaults();
    m_includeUsage
        = caller.value(u"stream_options"_s).toObject().value(u"include_usage"_s).toBool(false);
    return buildUpstreamRequest(connection, m_candidate->upstreamModel, Domain::Endpoint::Messages,
                                Translation::chatRequestToMessages(caller, maxTokens),
                                m_router->directives());
}

void CallExecutor::failAttemptWithoutNetwork(const QString &detail)
{
    qCWarning(lcGateway) << "attempt" << attempt().index << "on" << m_candidate->connection
                         << "not sent:" << detail;
    AttemptOutcome outcome;
    outcome.phase = AttemptOutcome::Phase::BeforeStatus;
    outcome.transport = Domain::ErrorClass::Transport;
    report(outcome, { TransportFailure::NotSent, detail });
}

void CallExecutor::upstreamStarted(int status, const HeaderList &headers)
{
    m_status = status;
    m_upstreamHeaders = headers;
    attempt().httpStatus = qint16(status);
    m_record.servedBy = m_candidate->connectionIndex; // "reached": a status line arrived (R-DET)
    if (isSuccess(status) && m_record.stream)
        m_rewriter = newStreamEditor(translation(), answerIdentity(), m_includeUsage);
}

void CallExecutor::upstreamBody(const QByteArray &data)
{
    if (!m_rewriter) {
        m_body += data;
        return;
    }
    deliverStreamBytes(m_rewriter->feed(data));
    if (const std::optional<StreamError> &error = m_rewriter->upstreamError())
        handleStreamError(*error);
}

// R-DET: an error event inside a 2xx stream is a failure partway, never passed on as it came: the
// attempt stopped answering after it had started (not retried, cools down); the caller gets the
// gateway's stream_interrupted event, or a 502 quoting the upstream when nothing had reached it.
void CallExecutor::handleStreamError(const StreamError &error)
{
    if (m_call)
        m_call->abort(); // whatever the upstream sends after its error ([DONE]) is not wanted
    AttemptOutcome outcome = outcomeForFailure(FailurePhase::AfterStatus);
    // The event's words go to the receipt, the log and the caller's stream_interrupted event:
    // scrubbed like an error body (an upstream may quote the credential there too, R-SEC-3).
    const QString type = QString::fromUtf8(withoutSecrets(error.type.toUtf8()));
    const QString message = QString::fromUtf8(withoutSecrets(error.message.toUtf8()));
    outcome.upstreamErrorMessage = message.isEmpty() ? type : message;
    const QString what
        = type.isEmpty() || message.isEmpty() ? type + message : u"%1: %2"_s.arg(type, message);
    report(outcome, { TransportFailure::ErrorEvent, what }); // empty: an unreadable event
}

void CallExecutor::deliverStreamBytes(const QByteArray &bytes)
{
    if (bytes.isEmpty() || callerGone())
        return;
    if (!m_streamStarted) {
        // The status line goes out only now that the first event is ready (SPEC §2 step 5).
        char lines[Routing::RateStanding::kHeadLinesBytes];
        m_connection->beginStream(m_status, answerHeaders(attempt().index, true),
                                  QByteArrayLiteral("text/event-stream"), rateLines(lines));
        m_streamStarted = true;
        m_record.firstByteMs = qint32(msSince(m_callStartMs));
    }
    if (m_connection->holdsAnswerEnd()) // strict receipts
        return writeStreamHoldingFinalEvent(*m_connection, bytes);
    m_connection->writeStream(bytes);
}

QByteArray CallExecutor::withoutSecrets(const QByteArray &upstreamBody) const
{
    // An upstream's error may echo the credential it was sent (OpenAI's 401 names the key, proxies
    // quote request headers). What reaches the caller, the receipt and the log is this body, so the
    // credential this attempt sent is cut out here, whatever its shape, and anything shaped like a
    // credential is masked too (R-SEC-3).
    QByteArray out = upstreamBody;
    if (m_attemptCredential.size() >= 4)
        out.replace(m_attemptCredential, QByteArrayLiteral("[redacted]"));
    return Config::scrubSecrets(QString::fromUtf8(out)).toUtf8();
}

void CallExecutor::upstreamFinished()
{
    AttemptOutcome outcome;
    outcome.httpStatus = m_status;
    outcome.phase = AttemptOutcome::Phase::AfterStatus;
    if (!isSuccess(m_status)) {
        outcome.errorBody = withoutSecrets(m_body);
        outcome.retryAfter = QString::fromLatin1(headerValue(m_upstreamHeaders, "retry-after"));
        outcome.retryAfterMs
            = QString::fromLatin1(headerValue(m_upstreamHeaders, "retry-after-ms"));
        outcome.contentRefusal = isContentRefusal(m_status, m_body);
        // The body is not logged: an upstream may echo part of the credential in its error.
        qCDebug(lcGateway) << "upstream" << m_candidate->connection << "answered" << m_status
                           << "with" << m_body.size() << "bytes";
        return report(outcome, {});
    }
    if (!m_rewriter)
        return deliverComplete();
    // A stream that ends inside an event was cut short (SSE drops such an event), also when Qt
    // saw no error: an upstream reset right behind its last chunk can end the reply as complete.
    // A translated stream is whole only with its own ending, which gave the caller's (R-XLAT-4).
    if (!m_rewriter->takeRest().trimmed().isEmpty()
        || (translation() != Domain::ApiTranslation::None && !m_rewriter->complete()))
        return upstreamFailed(FailurePhase::AfterStatus, {});
    if (!m_streamStarted) {
        outcome.transport = Domain::ErrorClass::StoppedAnswering;
        return report(outcome, { TransportFailure::EmptyStream, {} });
    }
    m_record.usage = m_rewriter->usage();
    if (!callerGone())
        m_connection->endStream();
    outcome.phase = AttemptOutcome::Phase::AfterFirstByteToCaller;
    outcome.served = true;
    report(outcome, {});
}

void CallExecutor::deliverComplete()
{
    AttemptOutcome outcome;
    outcome.httpStatus = m_status;
    outcome.phase = AttemptOutcome::Phase::AfterStatus;
    Domain::Usage usage;
    const std::optional<QByteArray> body
        = completeAnswer(translation(), m_body, answerIdentity(), usage);
    if (!body) {
        outcome.transport = Domain::ErrorClass::BadResponse;
        return report(outcome, { TransportFailure::NotJson, {} });
    }
    m_record.usage = usage;
    if (m_input.reader)
        m_input.reader->answerRead(this, m_status, *body);
    if (!callerGone()) {
        HttpResponse response;
        response.status = m_status;
        response.headers = answerHeaders(attempt().index, true);
        char lines[Routing::RateStanding::kHeadLinesBytes];
        response.headLines = rateLines(lines);
        response.body = *body;
        m_connection->respond(response);
        m_record.firstByteMs = qint32(msSince(m_callStartMs));
    }
    outcome.phase = AttemptOutcome::Phase::AfterFirstByteToCaller;
    outcome.served = true;
    report(outcome, {});
}

AttemptOutcome CallExecutor::outcomeForFailure(FailurePhase phase) const
{
    AttemptOutcome o;
    o.httpStatus = m_status;
    switch (phase) {
    case FailurePhase::Connect:
    case FailurePhase::ConnectRefused:
    case FailurePhase::HostNotFound:
    case FailurePhase::Tls:
    case FailurePhase::Proxy:
    case FailurePhase::NotSent:
    case FailurePhase::BeforeStatus:
        o.transport = Domain::ErrorClass::Transport;
        break;
    case FailurePhase::ConnectTimeout:
        o.transport = Domain::ErrorClass::ConnectTimeout;
        break;
    case FailurePhase::FirstByteTimeout:
        o.transport = Domain::ErrorClass::FirstByteTimeout;
        break;
    case FailurePhase::Undecodable:
        // Something answered, but not with an HTTP status: a reply it cannot decode (R-REC-8).
        o.phase = AttemptOutcome::Phase::AfterStatus;
        o.transport = Domain::ErrorClass::BadResponse;
        break;
    case FailurePhase::AfterStatus:
    case FailurePhase::StreamIdle:
        o.phase = AttemptOutcome::Phase::AfterStatus;
        // A failed error body still counts by its status; a started answer stopped answering.
        o.transport
            = isSuccess(m_status) ? Domain::ErrorClass::StoppedAnswering : Domain::ErrorClass::None;
        break;
    }
    if (m_streamStarted)
        o.phase = AttemptOutcome::Phase::AfterFirstByteToCaller;
    return o;
}

void CallExecutor::upstreamFailed(FailurePhase phase, const QString &message)
{
    report(outcomeForFailure(phase), { failureOf(phase), message });
}

void CallExecutor::handleDeadline()
{
    m_deadlinePassed = true;
    if (m_finished)
        return;
    if (m_call && !m_call->isDone()) {
        m_call->abort();
        AttemptOutcome o
            = outcomeForFailure(m_status ? FailurePhase::AfterStatus : FailurePhase::BeforeStatus);
        o.transport = Domain::ErrorClass::Deadline;
        return report(o, { TransportFailure::DeadlinePassed, {} });
    }
    cancelWait();
    stopWith(Routing::deadlineExceeded());
}

void CallExecutor::callerClosed()
{
    m_callerClosed = true;
    if (m_finished)
        return;
    if (m_call && !m_call->isDone()) {
        m_call->abort(); // the upstream attempt is cancelled at once (R-STR-4)
        AttemptOutcome o
            = outcomeForFailure(m_status ? FailurePhase::AfterStatus : FailurePhase::BeforeStatus);
        o.transport = Domain::ErrorClass::CallerClosed;
        return report(o, { TransportFailure::CallerClosed, {} });
    }
    cancelWait();
    m_record.errorClass = Domain::ErrorClass::CallerClosed;
    finish(kCallerClosedStatus, { Domain::CallErrorCode::CallerClosed });
}

// Backpressure (STYLE.md "Threads", Envoy's watermarks): a caller slower than its stream stops the
// upstream being read, so TCP flow control slows the upstream instead of the gateway buffering the
// difference. Per streamed call the gateway then holds at most the caller's high mark
// (ServerLimits::writeHighMarkBytes, 256 KiB) plus one upstream read chunk (16 KiB, what the
// current turn had already read) plus Qt's upstream read buffer (64 KiB): about 336 KiB. The
// upstream's stream-idle timeout is suspended meanwhile (UpstreamCall): it is not the slow side.
// A complete (non-streamed) answer is never paused: it is bounded by what the upstream sends.
void CallExecutor::writeBufferFilled()
{
    if (!m_call || m_call->isDone() || m_call->isReadingPaused())
        return;
    m_call->pauseReading();
    m_env.owner->callStreamPaused();
}

void CallExecutor::writeBufferDrained()
{
    if (m_call)
        m_call->resumeReading();
}

void CallExecutor::report(AttemptOutcome outcome, Domain::TransportError transportError)
{
    Domain::AttemptRecord &a = attempt();
    if (m_call) {
        a.bytesReceived = m_call->bytesReceived();
        m_call->setReceiver(nullptr);
        // Stopped, not deleted: it goes with this executor (no posted event per call).
        m_call->abort();
        m_call = nullptr;
    }
    a.latencyMs = qint32(m_attemptStartMs >= 0 ? msSince(m_attemptStartMs) : 0);
    a.transportFailure = transportError.failure;
    a.transportDetail = std::move(transportError.detail);
    a.served = outcome.served;
    // A started 2xx that did not finish may have billed: its hold stays (R-BILL-2).
    a.holdKept = !outcome.served && isSuccess(outcome.httpStatus);
    a.translation = translation();
    if (outcome.served)
        m_record.modelServed = m_candidate->modelIndex;
    Decision next = m_router->next(outcome); // m_candidate may not outlive this
    m_candidate = nullptr;
    const Routing::Classification &cls = m_router->lastClassification();
    a.errorClass = outcome.served ? Domain::ErrorClass::None : cls.errorClass;
    a.retryable = cls.retryable;
    a.decision = next.previousAttemptNote;
    carryOut(std::move(next));
}

void CallExecutor::stopWith(const Routing::CallerError &error)
{
    if (m_callerClosed)
        return finish(kCallerClosedStatus, { Domain::CallErrorCode::CallerClosed });
    if (m_streamStarted) {
        const Domain::CallError interrupted { Domain::CallErrorCode::StreamInterrupted,
                                              m_deadlinePassed ? QString() : error.message() };
        if (!callerGone()) {
            m_connection->holdStreamRest(); // strict receipts: this event ends the answer
            QByteArray event = m_rewriter
                ? m_rewriter->failureEvent(interrupted.codeText(), interrupted.message())
                : QByteArray();
            if (event.isEmpty())
                event = streamErrorEvent(m_input.shape, interrupted.codeText(),
                                         interrupted.message());
            m_connection->writeStream(event);
            m_connection->endStream();
        }
        return finish(m_status, interrupted);
    }
    if (!callerGone()) {
        HttpResponse response;
        response.status = error.httpStatus;
        response.headers = answerHeaders(int(m_record.attempts.size()));
        char lines[Routing::RateStanding::kHeadLinesBytes];
        response.headLines = rateLines(lines);
        // Of the gateway's own errors, a rate limit (R-BILL-4) and a shared budget the database
        // cannot confirm now are worth retrying.
        const bool retry = error.error.code == Domain::CallErrorCode::RateLimitExceeded
            || error.error.code == Domain::CallErrorCode::BudgetUnavailable;
        response.headers.emplaceBack(QByteArrayLiteral("x-should-retry"),
                                     QByteArray(retry ? "true" : "false"));
        if (!error.retryAfter.isEmpty())
            response.headers.emplaceBack(QByteArrayLiteral("retry-after"),
                                         error.retryAfter.toLatin1());
        if (!error.retryAfterMs.isEmpty())
            response.headers.emplaceBack(QByteArrayLiteral("retry-after-ms"),
                                         error.retryAfterMs.toLatin1());
        // The error's text is made here, from its code, as the body is written.
        response.body = error.passedThrough()
            ? passThroughErrorBody(m_input.shape, error.httpStatus, error.code(), error.type,
                                   error.message())
            : errorBody(m_input.shape, error.httpStatus, error.code(), error.message());
        m_connection->respond(response);
    }
    if (m_input.reader) {
        m_input.reader->answerRead(
            this, error.httpStatus,
            errorBody(m_input.shape, error.httpStatus, error.code(), error.message()));
    }
    Domain::CallError recorded = error.error;
    // A passed-through error may have no code (R-DET); the receipt still names what failed.
    if (recorded.codeText().isEmpty())
        recorded.value = Domain::toString(m_router->lastClassification().errorClass);
    finish(error.httpStatus, std::move(recorded));
}

QString CallExecutor::modelShown() const
{
    return m_candidate ? m_candidate->model : m_router->alias().model;
}

Translation::ResponseIdentity CallExecutor::answerIdentity() const
{
    Translation::ResponseIdentity who { {}, modelShown(), m_record.startedAtMs / 1000 };
    // The response id is the request id's: a caller can quote either (R-RCPT-2).
    if (m_input.endpoint == Domain::Endpoint::Responses)
        who.id = u"resp_"_s + QStringView(m_input.requestId).sliced(4);
    return who;
}

HeaderList CallExecutor::answerHeaders(int attempts, bool answer) const
{
    HeaderList h = callHeaders(m_input.shape, m_input.requestId.toLatin1(), attempts, 3);
    if (m_record.servedBy >= 0)
        h.emplaceBack(QByteArrayLiteral("x-gateway-served-by"), m_record.servedByName().toUtf8());
    if (m_kind == Decision::Kind::Attempt && m_candidate && m_next.fallback && isSuccess(m_status))
        h.emplaceBack(QByteArrayLiteral("ib-fallback-model"), m_candidate->model.toUtf8());
    if (m_router && !m_router->alias().deprecationHeader.isEmpty())
        h.emplaceBack(QByteArrayLiteral("ib-alias-deprecated"),
                      m_router->alias().deprecationHeader.toUtf8());
    if (answer && isSuccess(m_status) && m_record.sessionMode == Domain::SessionMode::Suggest)
        addSuggestionHeaders(h);
    return h;
}

void CallExecutor::finish(int httpStatus, Domain::CallError error)
{
    if (m_finished)
        return;
    m_finished = true;
    // The caller had its answer: the connection may take its next request (and answerer), and
    // may be destroyed before this executor is (its owner deletes it in a later turn).
    if (m_connection && m_connection->answerer() == this)
        m_connection->setAnswerer(nullptr);
    m_connection = nullptr;
    cancelWait();
    m_deadlines->cancel(std::exchange(m_callDeadline, 0));
    if (m_call)
        m_call->abort();
    m_record.httpStatus = qint16(httpStatus);
    m_record.error = std::move(error);
    fillRecord();
    m_env.owner->callFinished(this, std::move(m_record),
                              m_router ? m_router->stats() : Routing::RouterStats {});
}

void CallExecutor::fillRecord()
{
    m_record.latencyMs = qint32(msSince(m_callStartMs));
    m_record.skips = m_router->skips();
    if (const QString fallback = m_router->fallbackModelUsed(); !fallback.isEmpty())
        m_record.fallbackModel = qint16(Domain::modelIndex(*m_input.snapshot, fallback));
    m_record.fallbackReason = m_router->fallbackReason();
    double holds = 0;
    for (double h : m_router->holds())
        holds += h;
    m_record.holdTotal = holds;
    const bool served = m_record.error.isEmpty();
    if (!served) {
        if (m_record.errorClass == Domain::ErrorClass::None)
            m_record.errorClass = m_router->lastClassification().errorClass;
        m_record.statusClass = Domain::StatusClass::Failed;
        settleSession(false);
        settle();
        return;
    }
    const bool fellBack = !m_record.attempts.isEmpty() && m_record.attempts.last().fallback;
    m_record.statusClass = fellBack    ? Domain::StatusClass::FellBack
        : m_record.attempts.size() > 1 ? Domain::StatusClass::RetriedOk
                                       : Domain::StatusClass::Ok;
    m_record.cost = Domain::costUsd(m_record.usage.inputTokens, m_record.usage.outputTokens,
                                    m_usedPriceIn, m_usedPriceOut);
    settleSession(true);
    settle();
}

} // namespace Gateway
