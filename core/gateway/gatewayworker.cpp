#include "gateway/gatewayworker.h"

#include "gateway/auththrottle.h"
#include "gateway/dialect.h"
#include "gateway/errorshape.h"
#include "gateway/jsonfields.h"
#include "gateway/listingmetrics.h"
#include "gateway/requestintake.h"
#include "gateway/spendmetrics.h"
#include "net/epolldispatcher.h"
#include "net/httptransport.h"
#include "net/log.h"
#include "net/openfilelimit.h"
#include "simulator/simulatortransport.h"
#include "store/receiptwriter.h"

#include <QRandomGenerator>

using namespace Qt::StringLiterals;
using Domain::Endpoint;

namespace Gateway {
namespace {

constexpr int kPublishIntervalMs = 100; // live figures at about 10 Hz (STYLE.md "Threads")

std::optional<Endpoint> endpointForPath(const QByteArray &path)
{
    if (path == "/v1/chat/completions")
        return Endpoint::ChatCompletions;
    if (path == "/v1/messages")
        return Endpoint::Messages;
    if (path == "/v1/embeddings")
        return Endpoint::Embeddings;
    if (path == "/v1/responses")
        return Endpoint::Responses;
    return std::nullopt;
}

QString addressText(const QHostAddress &a, quint16 port)
{
    return a.protocol() == QAbstractSocket::IPv6Protocol ? u"[%1]:%2"_s.arg(a.toString()).arg(port)
                                                         : u"%1:%2"_s.arg(a.toString()).arg(port);
}

} // namespace

GatewayWorker::GatewayWorker(Store::ReceiptWriter *writer, TimeSource *time, QObject *parent)
    : QObject(parent)
    , m_writer(writer)
    , m_time(time ? time : TimeSource::system())
    , m_admin(m_metrics)
    , m_publishTimer(TimeSource::system(), this)
    , m_graceTimer(m_time, this)
{
    connect(&m_publishTimer, &Timer::timeout, this, [this] {
        m_publishTimer.start(kPublishIntervalMs);
        expireHoldWaiters();
        publish();
    });
    connect(&m_graceTimer, &Timer::timeout, this, &GatewayWorker::stopNow);
    m_holdClock.start();
    if (m_writer) {
        connect(m_writer, &Store::ReceiptWriter::receiptsCommitted, this,
                &GatewayWorker::releaseCommitted, Qt::QueuedConnection);
    }
}

GatewayWorker::~GatewayWorker()
{
    if (EpollDispatcher *d = EpollDispatcher::of(thread()))
        d->cancelTurnEnd(this);
    qDeleteAll(m_calls);
    qDeleteAll(m_finishedCalls);
    qDeleteAll(m_tokenCounts);
    m_probes.reset();
}

void GatewayWorker::start(const GatewayOptions &options, Domain::WorkspaceSnapshot config)
{
    if (m_server && m_server->isListening())
        return Q_EMIT failed(u"The gateway is already running."_s);
    m_options = options;
    m_metrics.setInstance(options.instance);
    m_config = std::move(config);
    m_stopping = false;
    m_clock = std::make_unique<DatedClock>(m_time, options.today);
    // What the store settled this day and month: a restart does not forget spending (R-BILL-3).
    m_spend = {};
    m_spend.load(options.settledSpend, m_clock->nowUtc().toMSecsSinceEpoch());
    m_spend.setLeased(options.leasedBudgets);
    m_spend.setLeases({}, true, m_clock->nowUtc().toMSecsSinceEpoch());
    m_rates = {};
    m_sessions = std::make_unique<Sessions::Advisor>(m_cooldowns);
    m_spendChanged = true;
    m_spendReported = false;
    m_authThrottle = std::make_unique<AuthThrottle>(m_clock.get(), options.badKeyBurst,
                                                    options.badKeysPerSecond);
    m_random = std::make_unique<Routing::SeededRandom>(
        options.routingSeed ? options.routingSeed : QRandomGenerator::system()->generate64());
    if (!m_wheel)
        m_wheel = new DeadlineWheel(m_time, DeadlineWheel::kDefaultTickMs, this);
    if (!m_deadlines)
        m_deadlines = new DeadlineHeap(m_time, this);
    if (!m_network)
        m_network = new HttpTransport(ProxySettings::fromEnvironment(), m_wheel, this);
    if (!m_simulator)
        m_simulator = new SimulatorTransport(0, m_wheel, this);
    m_simulator->setSeed(options.simulatorSeed ? options.simulatorSeed
                                               : QRandomGenerator::system()->generate());
    m_simulator->setInjectedFaults(options.injectedFaults);
    if (m_config)
        m_simulator->setConnections(m_config->connections);
    delete m_server;
    ServerLimits limits { options.maxBodyBytes, options.maxHeaderBytes, options.idleTimeoutMs,
                          options.requestTimeoutMs };
    limits.maxConnections = connectionLimit(options.maxConnections);
    limits.bodyTailRoom = kScanPaddingBytes;
    m_server = new HttpServer(limits, m_wheel, this);
    m_server->setRequestHandler(this);
    m_server->setKeptHeaders(callerHeadersRead());
    m_server->setRefusalWriter(refusalForPath);
    connect(
        m_server, &HttpServer::requestRejected, this,
        [this](int status, const QString &reason) { m_metrics.recordRejected(status, reason); });
    const Util::Status listening = m_server->listen(options.address, options.port);
    if (!listening) {
        qCWarning(lcGateway) << listening.error().message;
        return Q_EMIT failed(listening.error().message);
    }
    m_stopped = false;
    updatePromptCommits();
    m_publishTimer.start(kPublishIntervalMs);
    const QString address = addressText(options.address, m_server->port());
    qCDebug(lcGateway) << "gateway listening on" << address;
    warnAboutCredentialFiles();
    Q_EMIT started(address);
    publish();
}

void GatewayWorker::applyConfig(Domain::WorkspaceSnapshot config)
{
    // Calls in flight keep the snapshot they started with (CallInput::snapshot).
    m_config = std::move(config);
    if (m_simulator && m_config)
        m_simulator->setConnections(m_config->connections);
    updatePromptCommits();
    warnAboutCredentialFiles();
}

bool GatewayWorker::strictReceipts() const
{
    return m_writer && (m_options.strictReceipts || (m_config && m_config->strictReceipts));
}

// Commits are prompt and announced while answers may wait for them.
void GatewayWorker::updatePromptCommits()
{
    if (m_writer)
        m_writer->setPromptCommits(strictReceipts() || m_held.waiting() > 0
                                   || !m_holdWaiters.empty());
}

void GatewayWorker::releaseCommitted(quint64 through)
{
    if (through > m_committed) {
        m_committed = through;
        m_commitMovedMs = m_holdClock.elapsed();
    }
    m_held.release(through);
    std::vector<CallExecutor *> stored;
    std::erase_if(m_holdWaiters, [&](const HoldWaiter &w) {
        if (w.ticket > through)
            return false;
        stored.push_back(w.call);
        return true;
    });
    for (CallExecutor *call : stored) {
        if (m_calls.contains(call))
            call->holdStored();
    }
    if (m_held.waiting() == 0 && m_holdWaiters.empty() && !strictReceipts())
        updatePromptCommits();
}

// R-BILL-3: the hold goes to the store before the call's first attempt, so a restart (or a kill)
// still knows it; commits are announced while a call waits for one.
CallOwner::HoldStore GatewayWorker::storeHold(CallExecutor *call, const Routing::BudgetHold &hold,
                                              const QString &requestId, qint64 startedAtMs)
{
    m_spendChanged = true;
    if (!m_writer)
        return HoldStore::NotKept;
    m_writer->setPromptCommits(true); // before the submit: its commit is announced
    const quint64 ticket = m_writer->submitHold(
        Store::SpendHold { requestId, hold.keyId, hold.projectId, startedAtMs, hold.amount });
    if (ticket == 0) // the queue is full: the database has taken no writes for long
        return HoldStore::Refused;
    m_holdWaiters.push_back({ ticket, call, m_holdClock.elapsed() });
    return HoldStore::Waiting;
}

// A hold not committed within kHoldStoreWaitMs while the writer committed nothing for as long (a
// database that hangs or refuses writes; a busy writer still moves) ends its call with
// budget_unavailable rather than keeping the caller until its deadline.
void GatewayWorker::expireHoldWaiters()
{
    if (m_holdWaiters.empty() || !m_writer)
        return;
    releaseCommitted(m_writer->committedThrough()); // commits whose signal is still queued
    const qint64 now = m_holdClock.elapsed();
    if (now - m_commitMovedMs < kHoldStoreWaitMs)
        return;
    std::vector<CallExecutor *> late;
    std::erase_if(m_holdWaiters, [&](const HoldWaiter &w) {
        if (now - w.sinceMs < kHoldStoreWaitMs)
            return false;
        late.push_back(w.call);
        return true;
    });
    for (CallExecutor *call : late) {
        if (m_calls.contains(call))
            call->holdNotStored(kHoldStoreWaitMs);
    }
    if (!late.empty())
        qCWarning(lcGateway) << "refused" << late.size()
                             << "call(s) whose budget hold was not stored within"
                             << kHoldStoreWaitMs << "ms (budget_unavailable)";
}

// Every receipt is committed before the last answers go out; those whose receipt could not be
// written are closed without their end.
void GatewayWorker::releaseHeldAtStop()
{
    if (m_held.waiting() == 0)
        return;
    if (const Util::Status flushed = m_writer->flush(); !flushed)
        qCWarning(lcGateway).noquote() << Util::logText(flushed.error());
    m_held.release(m_writer->committedThrough());
    m_held.abandon();
}

void GatewayWorker::warnAboutCredentialFiles() const
{
    if (!m_config)
        return;
    for (const QString &warning : credentialFileWarnings(m_config->connections))
        qCWarning(lcGateway).noquote() << warning;
}

void GatewayWorker::drain(const QString &candidateKey)
{
    if (m_clock)
        m_cooldowns.drain(candidateKey, m_clock->nowMs());
    publish();
}

void GatewayWorker::reenable(const QString &candidateKey)
{
    m_cooldowns.reenable(candidateKey);
    publish();
}

// Cooldowns go on the gateway's own scale: what is left of them now.
void GatewayWorker::applySharedHealth(const QList<SharedHealth> &changes)
{
    if (!m_clock)
        return;
    const qint64 now = m_clock->nowMs();
    for (const SharedHealth &c : changes) {
        if (c.reenable)
            m_cooldowns.reenable(c.key);
        if (c.drained)
            m_cooldowns.drain(c.key, now, true);
        if (c.cooldownRemainingMs > 0) {
            m_cooldowns.share(
                c.key, now, c.cooldownRemainingMs,
                Domain::errorClassFromString(c.errorClass).value_or(Domain::ErrorClass::None));
        }
    }
    publish();
}

void GatewayWorker::setBudgetLeases(const QList<Routing::BudgetLease> &leases, bool reachable)
{
    if (!m_clock)
        return;
    m_spend.setLeases(leases, reachable, m_clock->nowUtc().toMSecsSinceEpoch());
    m_spendChanged = true; // the runtime learns which leases hold from the next report
}

void GatewayWorker::setOtherRates(const QList<Routing::RateCount> &others)
{
    m_rates.setOthers(others);
}

void GatewayWorker::stop()
{
    // Every stop() is answered by stopped(), even when nothing serves (never started, a failed
    // start, already stopped), so an ordered shutdown can always go on to the receipt writer.
    if (m_stopped)
        return Q_EMIT stopped();
    if (m_stopping)
        return;
    m_stopping = true;
    m_server->stopListening();
    m_server->closeIdleConnections();
    // The gateway's own probes are not callers' calls to let finish: they end now, and stopped()
    // waits for their receipts too, so that the writer stops with every receipt submitted.
    if (m_probes)
        m_probes->cancel();
    if (isIdle())
        return finishStop();
    qCInfo(lcGateway) << "stopping: waiting for" << m_calls.size() << "calls";
    m_graceTimer.start(m_options.shutdownGraceMs);
}

void GatewayWorker::stopNow()
{
    if (!m_server || m_stopped)
        return;
    m_stopping = true;
    m_server->stopListening();
    const QSet<CallExecutor *> calls = m_calls;
    for (CallExecutor *call : calls)
        call->cancel(); // each answers its caller and writes its receipt
    for (TokenCount *count : std::as_const(m_tokenCounts))
        count->cancel();
    if (m_probes)
        m_probes->cancel();
    if (isIdle())
        finishStop();
}

void GatewayWorker::finishStop()
{
    if (m_stopped)
        return;
    m_stopped = true;
    m_graceTimer.stop();
    m_publishTimer.stop();
    releaseHeldAtStop();
    if (m_server)
        m_server->closeAll();
    publish();
    qCDebug(lcGateway) << "gateway stopped";
    Q_EMIT stopped();
}

void GatewayWorker::takeRequest(HttpConnection *connection, const HttpRequest &request)
{
    const QByteArray &path = request.path;
    if (m_stopping)
        return answer(connection, path, 503, u"shutting_down"_s, u"The gateway is stopping."_s);
    if (!hostAllowed(request, m_options.address)) {
        return answer(
            connection, path, 421, u"misdirected_request"_s,
            u"Host %1 is not a loopback name; the gateway only answers loopback names "
            "while bound to loopback."_s.arg(QString::fromLatin1(request.header("host"))));
    }
    const std::optional<Endpoint> endpoint = endpointForPath(path);
    const bool tokenCount = path == "/v1/messages/count_tokens";
    using Route = AdminRoutes::Route;
    const Route admin = endpoint || tokenCount ? Route::None : AdminRoutes::routeFor(path);
    if (!endpoint && !tokenCount && admin == Route::None)
        return answer(connection, path, 404, u"not_found"_s,
                      u"No route for %1."_s.arg(QString::fromLatin1(path)));
    const QByteArray wanted
        = endpoint || tokenCount ? QByteArrayLiteral("POST") : QByteArrayLiteral("GET");
    if (request.method != wanted) {
        return answer(
            connection, path, 405, u"method_not_allowed"_s,
            u"Use %1 for %2."_s.arg(QString::fromLatin1(wanted), QString::fromLatin1(path)));
    }
    if (!AdminRoutes::needsKey(admin))
        return connection->respond(AdminRoutes::health());
    const Util::Result<const Domain::Key *> key
        = authenticate(request, *m_config, &connection->credentialMemo());
    if (!key)
        return refuseBadKey(connection, path, key.error());
    if (admin == Route::Models)
        return connection->respond(AdminRoutes::models(*m_config, **key, m_clock->nowUtc().date()));
    if (admin == Route::Metrics) {
        HttpResponse metrics = m_admin.metrics(liveStats());
        metrics.body += listingMetricsText(*m_config, m_clock->nowUtc());
        metrics.body += spendMetricsText(m_spend.spend(m_clock->nowUtc().toMSecsSinceEpoch()),
                                         m_config->budgetAlertPercent, m_metrics.spendRefusals());
        return connection->respond(metrics);
    }
    if (tokenCount)
        return countTokens(connection, request, **key);
    handleCall(connection, request, *endpoint, **key);
}

void GatewayWorker::runProbes(const Domain::ProbeRequest &request)
{
    if (!m_server || m_stopping || !m_config)
        return Q_EMIT probesFinished({});
    if (!m_probes) {
        const CallEnvironment env { nullptr,        m_clock.get(), m_time,
                                    m_random.get(), m_network,     m_simulator,
                                    nullptr,        m_deadlines,   nullptr };
        ProbeRunner::Hooks hooks;
        hooks.finished = [this](Domain::CallRecord &&record, const Routing::RouterStats &stats) {
            handleCallFinished(nullptr, std::move(record), stats);
        };
        hooks.results
            = [this](const QList<Domain::ProbeResult> &results) { Q_EMIT probesFinished(results); };
        m_probes = std::make_unique<ProbeRunner>(env, std::move(hooks));
    }
    m_probes->run(m_config, request, Probes::probeSet());
}

void GatewayWorker::countTokens(HttpConnection *connection, const HttpRequest &request,
                                const Domain::Key &key)
{
    auto *count = new TokenCount(connection, [this](TokenCount *done, int status) {
        if (status > 0)
            m_metrics.recordTokenCount(status);
        // Not from inside the upstream call that reported its end.
        QMetaObject::invokeMethod(
            this,
            [this, done] {
                if (m_tokenCounts.remove(done))
                    delete done;
            },
            Qt::QueuedConnection);
    });
    m_tokenCounts.insert(count);
    count->start(request, key, m_config, m_cooldowns, *m_clock, *m_random, *m_network,
                 *m_simulator);
}

void GatewayWorker::handleCall(HttpConnection *connection, const HttpRequest &request,
                               Endpoint endpoint, const Domain::Key &key)
{
    const Domain::SessionMode sessionMode
        = m_sessions->settings(m_config, &key - m_config->keys.constData()).mode;
    auto parsed = parseCall(request, endpoint, key, sessionMode != Domain::SessionMode::Off);
    if (const IntakeError *error = std::get_if<IntakeError>(&parsed))
        return rejectCall(connection, request, endpoint, key, *error);
    CallInput input = std::move(std::get<CallInput>(parsed));
    judgeWithPresetDefaults(input, *m_config, m_clock->nowUtc().date());
    input.snapshot = m_config;
    input.kind = m_options.callKind;
    input.startedAtMs = m_clock->nowUtc().toMSecsSinceEpoch();
    if (sessionMode == Domain::SessionMode::Suggest)
        input.sessionHeader = sessionHeader(request);
    const CallEnvironment env { &m_cooldowns, m_clock.get(), m_time,         m_random.get(),
                                m_network,    m_simulator,   /*owner*/ this, m_deadlines,
                                &m_routes,    &m_spend,      &m_rates,       m_sessions.get() };
    auto *executor = new CallExecutor(env, std::move(input), connection);
    m_calls.insert(executor);
    if (strictReceipts())
        m_held.expect(executor, connection);
    executor->start();
}

void GatewayWorker::callFinished(CallExecutor *call, Domain::CallRecord &&record,
                                 const Routing::RouterStats &stats)
{
    handleCallFinished(call, std::move(record), stats);
    if (m_finishedCalls.empty()) {
        if (EpollDispatcher *d = EpollDispatcher::of(thread()))
            d->atTurnEnd(this,
                         [](void *w) { static_cast<GatewayWorker *>(w)->deleteFinishedCalls(); });
        else
            QMetaObject::invokeMethod(this, &GatewayWorker::deleteFinishedCalls,
                                      Qt::QueuedConnection);
    }
    m_finishedCalls.push_back(call);
}

void GatewayWorker::deleteFinishedCalls()
{
    for (CallExecutor *call : std::exchange(m_finishedCalls, {}))
        delete call;
}

void GatewayWorker::callStreamPaused()
{
    m_metrics.recordStreamPause();
}

void GatewayWorker::rejectCall(HttpConnection *connection, const HttpRequest &request,
                               Endpoint endpoint, const Domain::Key &key, const IntakeError &error)
{
    // An authenticated call the gateway could not even read still gets its receipt (R-RCPT-1).
    Domain::CallRecord receipt;
    receipt.ws = m_config;
    receipt.requestId = newRequestId();
    receipt.startedAtMs = m_clock->nowUtc().toMSecsSinceEpoch();
    receipt.endpoint = endpoint;
    const Domain::Key *keys = m_config->keys.constData();
    if (&key >= keys && &key < keys + m_config->keys.size())
        receipt.key = qint16(&key - keys);
    receipt.httpStatus = qint16(error.status);
    receipt.error = Domain::callErrorNamed(error.code, error.message);
    receipt.errorClass = Domain::ErrorClass::InvalidRequest;
    receipt.statusClass = Domain::StatusClass::Failed;
    const ApiShape shape = shapeForPath(request.path);
    HttpResponse r;
    r.status = error.status;
    r.body = errorBody(shape, error.status, error.code, error.message);
    r.headers = callHeaders(shape, receipt.requestId.toLatin1(), 0, 1);
    r.headers.emplaceBack(QByteArrayLiteral("x-should-retry"), QByteArrayLiteral("false"));
    const bool strict = strictReceipts();
    if (strict)
        connection->holdAnswerEnd();
    connection->respond(r);
    const quint64 ticket = handleCallFinished(nullptr, std::move(receipt), {});
    if (strict)
        m_held.hold(connection, ticket);
}

quint64 GatewayWorker::handleCallFinished(CallExecutor *executor, Domain::CallRecord &&receipt,
                                          const Routing::RouterStats &stats)
{
    if (m_calls.remove(executor) && !m_holdWaiters.empty())
        std::erase_if(m_holdWaiters, [&](const auto &w) { return w.call == executor; });
    m_metrics.recordCall(receipt, stats);
    if (receipt.charged > 0 || receipt.holdStored)
        m_spendChanged = true;
    m_finishedIds << receipt.requestId;
    quint64 ticket = 0;
    if (m_writer)
        ticket = m_writer->submit(std::move(receipt));
    else
        qCWarning(lcGateway) << "no receipt writer: receipt" << receipt.requestId << "not stored";
    if (m_held.expectsAny())
        m_held.ticketFor(executor, ticket);
    if (m_stopping && isIdle())
        finishStop();
    return ticket;
}

void GatewayWorker::refuseBadKey(HttpConnection *connection, const QByteArray &path,
                                 const Util::Error &error)
{
    // Counted per peer address; a key is never part of what is logged or counted (R-SEC-3).
    const AuthThrottle::Verdict verdict = m_authThrottle->recordFailure(connection->peerAddress());
    m_metrics.recordBadKey(verdict.throttled);
    if (!verdict.throttled)
        return answer(connection, path, 401, error.code, error.message);
    answer(connection, path, 429, u"too_many_bad_keys"_s,
           u"Too many requests with a bad API key from this address; try again in %1 s."_s.arg(
               verdict.retryAfterSeconds),
           verdict.retryAfterSeconds);
}

void GatewayWorker::answer(HttpConnection *connection, const QByteArray &path, int status,
                           const QString &code, const QString &message, int retryAfterSeconds)
{
    m_metrics.recordRejected(status, code);
    // R-DET: an id to quote, no receipt
    connection->respond(refusal(shapeForPath(path), status, code, message, retryAfterSeconds));
}

QList<HealthEntry> GatewayWorker::health() const
{
    QList<HealthEntry> out;
    if (!m_clock)
        return out;
    for (const Routing::CooldownEntry &e : m_cooldowns.active(m_clock->nowMs())) {
        HealthEntry h;
        h.key = e.key;
        h.connection = e.key.section(u'/', 0, 0);
        const QString upstream = e.key.section(u'/', 1);
        for (const Domain::Model &m : m_config->models) {
            for (const Domain::Offering &o : m.offerings) {
                if (o.connection == h.connection && o.upstreamModel == upstream
                    && h.model.isEmpty())
                    h.model = m.name;
            }
        }
        h.cooldownRemainingMs = e.remainingMs;
        h.drained = e.drained;
        h.shared = e.shared;
        if (e.lastError == Domain::ErrorClass::AuthFailed)
            h.lastError = u"credential rejected"_s;
        else if (e.lastError != Domain::ErrorClass::None)
            h.lastError = Domain::toString(e.lastError);
        out << h;
    }
    return out;
}

LiveStats GatewayWorker::liveStats() const
{
    LiveStats s;
    s.running = m_server && m_server->isListening();
    s.address = m_server ? addressText(m_options.address, m_server->port()) : QString();
    s.inFlight = int(m_calls.size());
    s.connections = m_server ? m_server->connectionCount() : 0;
    s.totals = m_metrics.totals();
    if (m_writer)
        s.receipts = m_writer->backlog();
    if (m_clock)
        s.coolingDown = int(m_cooldowns.active(m_clock->nowMs()).size());
    return s;
}

void GatewayWorker::publish()
{
    LiveStats s = liveStats();
    const QList<HealthEntry> entries = health();
    const qint64 now = m_clock ? m_clock->nowMs() : 0;
    if (now - m_lastPublishMs >= 1000) {
        s.callsPerSecond = double(s.totals.calls - m_callsAtLastPublish) * 1000.0
            / double(qMax<qint64>(1, now - m_lastPublishMs));
        m_callsAtLastPublish = s.totals.calls;
        m_lastPublishMs = now;
    } else {
        s.callsPerSecond = m_lastStats.callsPerSecond;
    }
    if (!(s == m_lastStats)) {
        m_lastStats = s;
        Q_EMIT statsChanged(s);
    }
    if (entries != m_lastHealth) {
        m_lastHealth = entries;
        Q_EMIT healthChanged(entries);
    }
    if (!m_finishedIds.isEmpty()) {
        Q_EMIT callsFinished(m_finishedIds);
        m_finishedIds.clear();
    }
    publishSpend();
    if (m_spend.leased())
        Q_EMIT rateCountsChanged(m_rates.counts(now));
}

void GatewayWorker::publishSpend()
{
    if (!m_spendChanged || !m_clock || !m_config)
        return;
    m_spendChanged = false;
    const QList<Routing::ScopeSpend> spend = m_spend.spend(m_clock->nowUtc().toMSecsSinceEpoch());
    if (spend != m_lastSpend || !m_spendReported) {
        m_spendReported = true;
        m_lastSpend = spend;
        Q_EMIT spendChanged(spend);
    }
    const QList<Routing::BudgetAlert> alerts = m_spend.takeAlerts(m_config->budgetAlertPercent);
    for (const Routing::BudgetAlert &a : alerts) {
        qCWarning(lcGateway).noquote()
            << u"The %1 budget of %2 %3 is %4% used."_s
                   .arg(a.monthly ? u"monthly"_s : u"daily"_s,
                        a.scope == Routing::SpendScope::Key ? u"key"_s : u"project"_s, a.id)
                   .arg(a.percent);
    }
}

} // namespace Gateway
