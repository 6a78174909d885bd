#pragma once

#include "domain/callrecord.h"
#include "domain/proberesult.h"
#include "gateway/callexecutor.h"
#include "probes/probeset.h"
#include "routing/cooldownbook.h"

#include <QHash>
#include <QList>
#include <functional>
#include <memory>

namespace Gateway {

// Sends the probe set (core/probes) to offerings and grades the answers (R-REL-*), on the gateway
// thread. Each task of each offering is a chat-completions call through the CallExecutor, the
// transports and the dialects that serve callers, on a copy of the snapshot in which its model
// has that one offering (certified, one attempt, no fallback) and its own cooldown book, so a
// probe neither routes elsewhere nor cools down what callers use. Each call is receipted with kind
// probe. At most kConcurrent probes are in flight.
class ProbeRunner final : private CallOwner, private AnswerReader
{
public:
    static constexpr int kConcurrent = 4;

    struct Hooks
    {
        // A probe's record, to be counted and receipted as the worker does for callers' calls.
        std::function<void(Domain::CallRecord &&, const Routing::RouterStats &)> finished;
        // A run's results, once every probe of it is graded (or erred).
        std::function<void(const QList<Domain::ProbeResult> &)> results;
    };

    // `env`: the worker's; its owner and cooldown book are replaced by the runner's own.
    ProbeRunner(const CallEnvironment &env, Hooks hooks);
    ~ProbeRunner();

    // Probes the offerings `request` names on `ws` with `set`; nothing to probe gives an empty
    // result at once. Runs queue behind each other.
    void run(const Domain::WorkspaceSnapshot &ws, const Domain::ProbeRequest &request,
             const Probes::ProbeSet &set);
    // Ends every probe in flight (their receipts are written) and drops the queue.
    void cancel();
    bool busy() const { return !m_jobs.isEmpty() || !m_inFlight.isEmpty(); }

private:
    struct Job
    {
        Domain::WorkspaceSnapshot pinned; // the model with only the probed offering
        QString model;
        QString connection;
        QString upstreamModel;
        Probes::ProbeTask task;
        QString setVersion;
        int run = 0;
        QString requestId;
        int status = 0;
        QByteArray answer;
        bool answered = false;
    };

    void startNext();
    void callFinished(CallExecutor *call, Domain::CallRecord &&record,
                      const Routing::RouterStats &stats) override;
    void callStreamPaused() override { }
    void answerRead(const CallExecutor *call, int status, const QByteArray &body) override;
    void deleteFinished();

    CallEnvironment m_env;
    Hooks m_hooks;
    Routing::CooldownBook m_cooldowns;
    QList<Job> m_jobs; // waiting
    QHash<const CallExecutor *, Job> m_inFlight;
    std::vector<std::unique_ptr<CallExecutor>> m_executors;
    std::vector<CallExecutor *> m_finished;
    QHash<int, QList<Domain::ProbeResult>> m_results; // by run
    QHash<int, int> m_pending; // probes of each run not yet graded
    int m_nextRun = 1;
};

// The offerings a probe request names: (model, offering index) of Direct models, certified ones
// only, and on a scheduled run not on metered connections.
QList<std::pair<QString, int>> probeTargets(const Domain::Workspace &ws,
                                            const Domain::ProbeRequest &request);

} // namespace Gateway
