#include "faultlab/labsetup.h"

#include "config/keys.h"
#include "config/recoveryfields.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

using namespace Qt::StringLiterals;

namespace FaultLab {
namespace {

constexpr int kRetryAfterMs = 3000;
constexpr int kCutAfterEvents = 3;
constexpr int kLatencyMs = 15;
constexpr int kTokensPerSecond = 500;

void scaleRecovery(Domain::RecoverySettings &r, int scale, int minimumMs)
{
    r.deadlineMs = scaledMs(r.deadlineMs, scale, minimumMs);
    // A setting of 0 (no backoff, no cooldown) stays 0: the lab rehearses what is configured.
    const auto scaledOrZero = [&](int ms) { return ms == 0 ? 0 : scaledMs(ms, scale, minimumMs); };
    r.backoffFirstMs = scaledOrZero(r.backoffFirstMs);
    r.backoffMaxMs = qMax(r.backoffFirstMs, scaledOrZero(r.backoffMaxMs));
    r.cooldownMs = scaledOrZero(r.cooldownMs);
    // The timeouts keep their own lower bounds (recoveryfields.h).
    const auto timeout = [&](int ms, Domain::RecoveryField f) {
        return scaledMs(ms, scale, minimumMs, Config::recoveryField(f).min);
    };
    r.connectTimeoutMs = timeout(r.connectTimeoutMs, Domain::RecoveryField::ConnectTimeoutMs);
    r.streamStartTimeoutMs
        = timeout(r.streamStartTimeoutMs, Domain::RecoveryField::StreamStartTimeoutMs);
    r.streamIdleTimeoutMs
        = timeout(r.streamIdleTimeoutMs, Domain::RecoveryField::StreamIdleTimeoutMs);
}

// The requested model, its deployments and its fallback models with theirs: whose connections
// become simulators.
QSet<QString> connectionsUsed(const Domain::Workspace &ws, const Routing::Explanation &plan)
{
    QSet<QString> names;
    QStringList models { plan.model };
    for (const Routing::FallbackExplanation &f : plan.fallbacks)
        models << f.model;
    for (const QString &name : std::as_const(models)) {
        const Domain::Model *m = ws.model(name);
        if (!m)
            continue;
        QList<const Domain::Model *> serving { m };
        if (m->isPool()) {
            serving.clear();
            for (const Domain::PoolEntry &e : m->pool.deployments) {
                if (const Domain::Model *d = ws.model(e.model))
                    serving << d;
            }
        }
        for (const Domain::Model *s : std::as_const(serving)) {
            for (const Domain::Offering &o : s->offerings)
                names.insert(o.connection);
        }
    }
    return names;
}

void simulate(Domain::Connection &c)
{
    const Domain::Dialect dialect = Domain::effectiveDialect(c);
    Domain::SimulatorSettings s;
    s.latencyMs = kLatencyMs;
    s.tokensPerSecond = kTokensPerSecond;
    s.failureRate = 0.0;
    s.malformedRate = 0.0;
    s.cutAfterEvents = kCutAfterEvents;
    s.api = dialect == Domain::Dialect::Anthropic ? Domain::SimulatorApi::Anthropic
        : dialect == Domain::Dialect::Simulator   ? c.simulator.api
                                                  : Domain::SimulatorApi::OpenAi;
    c.kind = Domain::Dialect::Simulator;
    c.simulator = s;
}

// The lab key: a copy of the chosen one with a secret of the lab's; its and its project's budgets,
// rate limits and sessions off, so that the table measures routing alone.
Util::Result<Domain::Key *> labKey(Domain::Workspace &ws, const QString &keyId,
                                   QList<Relaxation> &relaxed)
{
    Domain::Key *key = nullptr;
    for (Domain::Key &k : ws.keys) {
        if (keyId.isEmpty() ? !k.revoked : k.id == keyId) {
            key = &k;
            break;
        }
    }
    if (!key && !keyId.isEmpty())
        return Util::Error { u"faultlab.noKey"_s, {}, { keyId } };
    if (!key) {
        // A workspace without keys (a fresh demo): a lab key in the first project.
        const QString project = ws.projects.isEmpty() ? QString() : ws.projects.first().id;
        if (project.isEmpty())
            return Util::Error { u"faultlab.noKey"_s, {}, { QString() } };
        ws.keys.append(
            Config::makeKey(project, u"fault lab"_s, QDateTime::currentDateTimeUtc()).key);
        key = &ws.keys.last();
    }
    key->revoked = false;
    if (key->limits.hasBudget())
        relaxed << Relaxation::KeyBudget;
    if (key->limits.hasRateLimit())
        relaxed << Relaxation::KeyRateLimit;
    if (key->sessions.mode != Domain::SessionMode::Off)
        relaxed << Relaxation::KeySessions;
    key->limits = {};
    key->sessions.mode = Domain::SessionMode::Off;
    for (Domain::Project &p : ws.projects) {
        if (p.id != key->project)
            continue;
        if (p.limits.hasBudget())
            relaxed << Relaxation::ProjectBudget;
        if (p.limits.hasRateLimit())
            relaxed << Relaxation::ProjectRateLimit;
        if (p.sessions.mode != Domain::SessionMode::Off)
            relaxed << Relaxation::ProjectSessions;
        p.limits = {};
        p.sessions.mode = Domain::SessionMode::Off;
    }
    return key;
}

Routing::Explanation explainFor(const LabSetup &lab, bool stream)
{
    Routing::RequestSummary r;
    r.model = lab.model;
    r.endpoint = lab.endpoint;
    r.stream = stream;
    r.contextTokens = 20;
    r.maxOutputTokens = 64;
    r.keyId = lab.keyId;
    const Domain::Key *key = lab.workspace.keyById(lab.keyId);
    r.projectId = key ? key->project : QString();
    const QDateTime now = QDateTime::currentDateTimeUtc();
    return Routing::explain(lab.workspace, r, nullptr, now.toMSecsSinceEpoch(), now.date());
}

// Messages when every candidate of the model answers in Anthropic's API; else chat completions.
Domain::Endpoint nativeEndpoint(const Domain::Workspace &ws, const Routing::Explanation &plan)
{
    if (plan.candidates.isEmpty())
        return Domain::Endpoint::ChatCompletions;
    for (const Routing::Candidate &c : plan.candidates) {
        const Domain::Connection *conn = ws.connection(c.connection);
        if (!conn || Domain::effectiveDialect(*conn) != Domain::Dialect::Anthropic)
            return Domain::Endpoint::ChatCompletions;
    }
    return Domain::Endpoint::Messages;
}

} // namespace

int scaledMs(int ms, int scale, int minimumMs, int lowest)
{
    return qMax(qMax(lowest, minimumMs), ms / qMax(1, scale));
}

int retryAfterMs(const LabSetup &lab)
{
    return scaledMs(kRetryAfterMs, lab.scale, lab.minimumMs);
}

Util::Result<LabSetup> makeLab(const Domain::Workspace &workspace, const QString &model,
                               const Options &options)
{
    if (!workspace.model(model))
        return Util::Error { u"faultlab.unknownModel"_s, {}, { model } };
    LabSetup lab;
    lab.workspace = workspace;
    lab.model = model;
    lab.scale = qMax(1, options.scale);
    lab.minimumMs = qMax(1, options.minimumMs);
    const auto key = labKey(lab.workspace, options.keyId, lab.relaxed);
    if (!key)
        return key.error();
    const Config::NewKey fresh
        = Config::makeKey((*key)->project, u"fault lab"_s, QDateTime::currentDateTimeUtc());
    lab.secret = fresh.secret;
    (*key)->sha256Hex = fresh.key.sha256Hex;
    (*key)->prefix = fresh.key.prefix;
    lab.keyId = (*key)->id;
    // The plan on the real connections says which ones the model reaches, then they are copied.
    const Routing::Explanation before = explainFor(lab, false);
    const QSet<QString> used = connectionsUsed(lab.workspace, before);
    for (Domain::Connection &c : lab.workspace.connections) {
        if (used.contains(c.name))
            simulate(c);
    }
    scaleRecovery(lab.workspace.recoveryDefaults, lab.scale, lab.minimumMs);
    for (Domain::Model &m : lab.workspace.models) {
        if (m.recovery.overridden)
            scaleRecovery(m.recovery.override, lab.scale, lab.minimumMs);
    }
    lab.endpoint = nativeEndpoint(lab.workspace, before);
    lab.plan = explainFor(lab, false);
    if (lab.plan.refused) {
        return Util::Error { u"faultlab.refused"_s,
                             lab.plan.errorMessage,
                             { qint64(lab.plan.httpStatus), lab.plan.errorCode } };
    }
    return lab;
}

QList<Gateway::InjectedFault> faultsFor(const LabSetup &lab, const Case &c)
{
    Gateway::InjectedFault f;
    f.kind = c.failure;
    f.cutAfterEvents = kCutAfterEvents;
    if (c.failure == Domain::SimulatedFailure::RateLimited)
        f.retryAfterMs = retryAfterMs(lab);
    if (c.scope == Scope::FirstTried) {
        // The first call the simulator gets is the requested model's first attempt.
        f.times = 1;
        return { f };
    }
    QList<Gateway::InjectedFault> faults;
    for (const Routing::Candidate &cand : lab.plan.candidates) {
        f.connection = cand.connection;
        f.upstreamModel = cand.upstreamModel;
        faults << f;
    }
    return faults;
}

QByteArray requestBody(const LabSetup &lab, bool stream)
{
    const QJsonArray messages { QJsonObject { { u"role"_s, u"user"_s },
                                              { u"content"_s, u"Fault lab rehearsal."_s } } };
    QJsonObject body { { u"model"_s, lab.model },
                       { u"messages"_s, messages },
                       { u"max_tokens"_s, 64 } };
    if (stream)
        body.insert(u"stream"_s, true);
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

} // namespace FaultLab
