#include "gateway/proberunner.h"

#include "gateway/requestintake.h"
#include "probes/probegrade.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace Gateway {
namespace {

// The workspace as one probe of `offering` of `model` sees it: the model offered there only,
// certified, one attempt, and no fallback anywhere.
Domain::WorkspaceSnapshot pinnedTo(const Domain::Workspace &ws, const QString &model, int offering)
{
    auto pinned = std::make_shared<Domain::Workspace>(ws);
    Domain::Model *m = pinned->model(model);
    Domain::Offering o = m->offerings.at(offering);
    o.certified = true;
    m->offerings = { o };
    Domain::RecoverySettings recovery = pinned->recovery(*m);
    recovery.attempts = 1;
    m->recovery.overridden = true;
    m->recovery.override = recovery;
    pinned->directives.allowModelFallback = false;
    return pinned;
}

QString errorReason(int status, const QByteArray &body)
{
    const QJsonObject error = QJsonDocument::fromJson(body).object().value(u"error"_s).toObject();
    const QString code = error.value(u"code"_s).toString();
    const QString message = error.value(u"message"_s).toString();
    return u"HTTP %1 %2: %3"_s.arg(status).arg(code, message).trimmed();
}

} // namespace

QList<std::pair<QString, int>> probeTargets(const Domain::Workspace &ws,
                                            const Domain::ProbeRequest &request)
{
    QList<std::pair<QString, int>> out;
    for (const Domain::Model &m : ws.models) {
        if (m.isPool() || m.modality != Domain::Modality::Chat || !m.enabled)
            continue;
        if (!request.model.isEmpty() && m.name != request.model)
            continue;
        for (int i = 0; i < m.offerings.size(); ++i) {
            const Domain::Offering &o = m.offerings.at(i);
            const Domain::Connection *c = ws.connection(o.connection);
            if (!o.certified || !c || !c->enabled)
                continue;
            if (!request.connection.isEmpty() && o.connection != request.connection)
                continue;
            if (!request.provider.isEmpty() && c->provider != request.provider)
                continue;
            if (request.scheduled && c->metered)
                continue;
            out.append({ m.name, i });
        }
    }
    return out;
}

ProbeRunner::ProbeRunner(const CallEnvironment &env, Hooks hooks)
    : m_env(env)
    , m_hooks(std::move(hooks))
{
    m_env.owner = this;
    m_env.cooldowns = &m_cooldowns;
    m_env.routes = nullptr;
}

ProbeRunner::~ProbeRunner()
{
    m_jobs.clear();
    m_executors.clear();
}

void ProbeRunner::run(const Domain::WorkspaceSnapshot &ws, const Domain::ProbeRequest &request,
                      const Probes::ProbeSet &set)
{
    const int run = m_nextRun++;
    int queued = 0;
    for (const auto &[model, index] : probeTargets(*ws, request)) {
        const Domain::Offering &o = ws->model(model)->offerings.at(index);
        const Domain::WorkspaceSnapshot pinned = pinnedTo(*ws, model, index);
        // A json_schema format is not carried to Anthropic's API (R-XLAT-3): no probe to send.
        const bool schemaCarried
            = Domain::effectiveDialect(*ws->connection(o.connection)) != Domain::Dialect::Anthropic;
        for (const Probes::ProbeTask &task : set.tasks) {
            if (task.kind == Probes::TaskKind::Tools && !o.capabilities.tools)
                continue;
            if (task.kind == Probes::TaskKind::StructuredOutput
                && (!o.capabilities.structuredOutput || !schemaCarried))
                continue;
            Job job;
            job.pinned = pinned;
            job.model = model;
            job.connection = o.connection;
            job.upstreamModel = o.upstreamModel;
            job.task = task;
            job.setVersion = set.version;
            job.run = run;
            m_jobs.append(std::move(job));
            ++queued;
        }
    }
    if (queued == 0) {
        if (m_hooks.results)
            m_hooks.results({});
        return;
    }
    m_pending.insert(run, queued);
    startNext();
}

void ProbeRunner::cancel()
{
    m_jobs.clear();
    const QList<const CallExecutor *> running = m_inFlight.keys();
    for (const CallExecutor *call : running)
        const_cast<CallExecutor *>(call)->cancel();
}

void ProbeRunner::startNext()
{
    while (m_inFlight.size() < kConcurrent && !m_jobs.isEmpty()) {
        Job job = m_jobs.takeFirst();
        QJsonObject body = job.task.request;
        body.insert(u"model"_s, job.model);
        HttpRequest request;
        request.method = "POST";
        request.path = "/v1/chat/completions";
        request.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
        static const Domain::Key gatewayItself; // no key: the workspace's directives only
        std::variant<CallInput, IntakeError> parsed
            = parseCall(request, Domain::Endpoint::ChatCompletions, gatewayItself);
        if (const IntakeError *error = std::get_if<IntakeError>(&parsed)) {
            // The shipped set is tested to parse; a broken one is reported, not sent.
            Domain::ProbeResult r;
            r.atMs = m_env.clock->nowUtc().toMSecsSinceEpoch();
            r.model = job.model;
            r.connection = job.connection;
            r.upstreamModel = job.upstreamModel;
            r.setVersion = job.setVersion;
            r.taskId = job.task.id;
            r.kind = Probes::kindName(job.task.kind);
            r.reason = error->message;
            m_results[job.run].append(r);
            if (--m_pending[job.run] == 0 && m_hooks.results)
                m_hooks.results(m_results.take(job.run));
            continue;
        }
        CallInput in = std::get<CallInput>(std::move(parsed));
        in.snapshot = job.pinned;
        in.key = nullptr;
        in.kind = Domain::CallKind::Probe;
        in.reader = this;
        in.startedAtMs = m_env.clock->nowUtc().toMSecsSinceEpoch();
        job.requestId = in.requestId;
        auto executor = std::make_unique<CallExecutor>(m_env, std::move(in), nullptr);
        CallExecutor *call = executor.get();
        m_inFlight.insert(call, std::move(job));
        m_executors.push_back(std::move(executor));
        call->start();
    }
}

void ProbeRunner::answerRead(const CallExecutor *call, int status, const QByteArray &body)
{
    const auto it = m_inFlight.find(call);
    if (it == m_inFlight.end())
        return;
    it->status = status;
    it->answer = body;
    it->answered = true;
}

void ProbeRunner::callFinished(CallExecutor *call, Domain::CallRecord &&record,
                               const Routing::RouterStats &stats)
{
    deleteFinished(); // those that ended before this one: off the stack by now
    Job job = m_inFlight.take(call);
    Domain::ProbeResult r;
    r.atMs = record.startedAtMs;
    r.model = job.model;
    r.connection = job.connection;
    r.upstreamModel = job.upstreamModel;
    r.setVersion = job.setVersion;
    r.taskId = job.task.id;
    r.kind = Probes::kindName(job.task.kind);
    r.requestId = job.requestId;
    if (!job.answered) {
        r.reason = u"no answer: the call ended before one arrived"_s;
    } else if (job.status < 200 || job.status > 299) {
        r.reason = errorReason(job.status, job.answer);
    } else {
        const Probes::ProbeGrade grade = Probes::grade(job.task, job.answer);
        r.outcome = grade.passed ? Domain::ProbeResult::Outcome::Passed
                                 : Domain::ProbeResult::Outcome::Failed;
        r.reason = grade.reason;
        r.output = grade.output;
    }
    if (m_hooks.finished)
        m_hooks.finished(std::move(record), stats);
    m_results[job.run].append(r);
    if (--m_pending[job.run] == 0) {
        m_pending.remove(job.run);
        if (m_hooks.results)
            m_hooks.results(m_results.take(job.run));
    }
    // The executor is still on the stack: deleted when the next probe ends, or with the runner.
    m_finished.push_back(call);
    startNext();
}

void ProbeRunner::deleteFinished()
{
    for (CallExecutor *done : std::exchange(m_finished, {})) {
        const auto it = std::find_if(m_executors.begin(), m_executors.end(),
                                     [done](const auto &e) { return e.get() == done; });
        if (it != m_executors.end())
            m_executors.erase(it);
    }
}

} // namespace Gateway
