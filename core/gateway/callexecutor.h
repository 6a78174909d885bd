#pragma once

#include "domain/callrecord.h"
#include "domain/workspace.h"
#include "gateway/errorshape.h"
#include "gateway/responseedit.h"
#include "net/deadlineheap.h"
#include "net/httpconnection.h"
#include "net/upstreamtransport.h"
#include "routing/callrouter.h"
#include "routing/ratelimiter.h"
#include "routing/spendbook.h"
#include "sessions/advisor.h"
#include "util/result.h"

#include <QJsonObject>
#include <QObject>
#include <memory>
#include <optional>
#include <vector>

namespace Gateway {

class CallExecutor;

// Who started a call hears of it here. A plain interface rather than signals: a call's connects
// and its QObject parent (a worker with 8,000 calls in flight has 8,000 children, and Qt removes a
// child from its parent's list by a linear search and a move of the list) cost per call.
class CallOwner
{
public:
    // Once per call, after the caller had its answer, with the call's record (the executor keeps
    // none: moved, not copied, it is one set of references fewer to take and drop per call). The
    // executor is still on the stack: the owner deletes it later, in another turn of the event
    // loop.
    virtual void callFinished(CallExecutor *call, Domain::CallRecord &&record,
                              const Routing::RouterStats &stats)
        = 0;
    // The caller fell behind a stream and the upstream stopped being read (for /metrics).
    virtual void callStreamPaused() = 0;
    // R-BILL-3: a hold was reserved for the call. Waiting: it is being stored and the call waits
    // for holdStored() before its first attempt (a restart must not forget it); Refused: it cannot
    // be stored (the writer's queue is full); NotKept: nothing stores holds here.
    enum class HoldStore { NotKept, Waiting, Refused };
    virtual HoldStore storeHold(CallExecutor *call, const Routing::BudgetHold &hold,
                                const QString &requestId, qint64 startedAtMs)
    {
        Q_UNUSED(call);
        Q_UNUSED(hold);
        Q_UNUSED(requestId);
        Q_UNUSED(startedAtMs);
        return HoldStore::NotKept;
    }

protected:
    ~CallOwner() = default;
};

// What every call of one gateway worker shares; owned by the worker and outliving its calls.
struct CallEnvironment
{
    Routing::CooldownBook *cooldowns = nullptr;
    const Util::Clock *clock = nullptr; // reads `time`, with the date tests may pin
    TimeSource *time = nullptr; // the executor's timers
    Routing::RandomSource *random = nullptr;
    UpstreamTransport *network = nullptr;
    UpstreamTransport *simulator = nullptr;
    CallOwner *owner = nullptr;
    // The call deadline and the waits before an attempt; null: the executor keeps its own on
    // `time` (a test's lone executor).
    DeadlineHeap *deadlines = nullptr;
    // Routes worked out once per configuration snapshot; null: each call works out its own.
    Routing::RouteCache *routes = nullptr;
    // Budgets and rate limits of keys and projects (R-BILL-3, R-BILL-4); null: none apply.
    Routing::SpendBook *spend = nullptr;
    Routing::RateLimiter *rates = nullptr;
    // Mixed-model sessions (docs/sessions.md); null: no call is classified.
    Sessions::Advisor *sessions = nullptr;
};

class CallExecutor;

// Who reads a call's answer when no caller's connection does (the probe runner): the status and
// the whole body as a caller would have had it; non-streaming calls only.
class AnswerReader
{
public:
    virtual void answerRead(const CallExecutor *call, int status, const QByteArray &body) = 0;

protected:
    ~AnswerReader() = default;
};

// One authenticated, parsed call.
struct CallInput
{
    Domain::WorkspaceSnapshot snapshot; // the call finishes on this snapshot
    QString requestId;
    const Domain::Key *key = nullptr; // the caller's, in `snapshot`
    Domain::Endpoint endpoint = Domain::Endpoint::ChatCompletions;
    Domain::CallKind kind = Domain::CallKind::Call; // a probe's runner sets Probe
    AnswerReader *reader = nullptr; // with no caller's connection: who reads the answer
    ApiShape shape = ApiShape::OpenAi;
    QByteArray bodyBytes; // the caller's body, valid JSON (a QJsonObject when parsed)
    bool streamField = false; // the body's "stream": true (summary.stream is false on embeddings)
    int modelKeys = -1; // the body's top-level keys that decode to "model"; -1: not counted
    Routing::RequestSummary summary; // moved into the call's router when it starts
    QString regionHeaderRaw; // moved into the record when the call starts
    qint64 startedAtMs = 0; // UTC, ms since the epoch
    QByteArray sessionHeader; // x-gateway-session: read by the gateway only, never forwarded
    // Mixed-model sessions: the body's signals, measured on the parse that read the body; null
    // when not measured there (the executor then measures the bytes).
    std::unique_ptr<const Sessions::Signals> signals;
};

// Carries out the decisions of one Routing::CallRouter over the network: waits, attempts, the
// caller's answer (complete bodies only, or an SSE pass-through that never moves once started) and
// the receipt. It decides nothing about routing itself (DESIGN.md "One place decides each thing").
// Not a QObject: it has no signals or slots (its owner, its upstream calls and its caller talk to
// it through plain interfaces), and a QObject's private data is one more allocation per call.
class CallExecutor final : private UpstreamCall::Receiver, private HttpConnection::Answerer
{
public:
    // Reports to env.owner, which owns it (see CallOwner).
    CallExecutor(const CallEnvironment &env, CallInput input, HttpConnection *connection);
    ~CallExecutor();
    CallExecutor(const CallExecutor &) = delete;
    CallExecutor &operator=(const CallExecutor &) = delete;

    void start();
    // Shutdown: end the call now (as if the deadline passed), still writing its receipt.
    void cancel();
    // The call's hold is stored (CallOwner::storeHold()): its first attempt may go.
    void holdStored();
    // It was not stored in time (the database hangs or refuses writes): the call makes no attempt
    // and is answered 503 budget_unavailable, as a restart could not know of its spend.
    void holdNotStored(qint64 retryAfterMs);

private:
    // R-BILL-3, R-BILL-4: the budget's hold, then the rate limits; the refusal when one fails.
    std::optional<Routing::CallerError> admit();
    // Has the hold stored: true when the first decision waits for it; `first` becomes a refusal
    // when it cannot be stored.
    bool waitForHold(Routing::Decision &first);
    // 503 budget_unavailable for a hold that cannot be stored; the call's rate-limit slot is given
    // back, as it makes no attempt.
    Routing::Decision holdRefusal(qint64 retryAfterMs);
    // What the call is charged against the budgets (R-BILL-2); settles its hold and its tokens.
    void settle();
    std::pair<qint64, qint64> tokensUsed() const; // in, out
    // Mixed-model sessions: classifies the call of an opted-in key and picks its suggestion.
    void adviseSession();
    // Suggest mode's ib-suggested-* headers for a served answer.
    void addSuggestionHeaders(HeaderList &headers) const;
    // What the call would have cost less on its suggested model (0 without one); `promptOnly`:
    // a stream's head, sent before any token.
    double projectedSaving(bool promptOnly) const;
    // When the call ends: a served call's saving, and in Suggest mode its session waits on the
    // suggestion it was answered with; a failed call suggests and saves nothing.
    void settleSession(bool served);
    double estimatedCharge(double priceIn, double priceOut) const;
    void carryOut(Routing::Decision next);
    void beginAttempt();
    // UpstreamCall::Receiver: the attempt in flight.
    void upstreamStarted(int status, const HeaderList &headers) override;
    void upstreamBody(const QByteArray &data) override;
    void upstreamFinished() override;
    void upstreamFailed(FailurePhase phase, const QString &message) override;
    void handleStreamError(const StreamError &error);
    QByteArray withoutSecrets(const QByteArray &upstreamBody) const;
    void handleDeadline();
    // HttpConnection::Answerer: the caller.
    void callerClosed() override;
    void writeBufferFilled() override;
    void writeBufferDrained() override;
    void connectionDestroyed() override { m_connection = nullptr; }
    void report(Routing::AttemptOutcome outcome, Domain::TransportError transportError);
    void stopWith(const Routing::CallerError &error);
    void deliverComplete();
    void deliverStreamBytes(const QByteArray &bytes);
    void failAttemptWithoutNetwork(const QString &detail);
    // This attempt's request: the caller's bytes with the candidate's model (and the alias's preset
    // defaults, the aggregator's directives, when there are any).
    Util::Result<UpstreamRequest> upstreamRequest(const Domain::Connection &connection);
    // The same in the connection's API when it speaks the other one (R-XLAT-1).
    Util::Result<UpstreamRequest> translatedRequest(const Domain::Connection &connection);
    // The caller's body with the alias's preset defaults, parsed once per call.
    const QJsonObject &bodyWithDefaults();
    Domain::ApiTranslation translation() const
    {
        return m_candidate ? m_candidate->translation : Domain::ApiTranslation::None;
    }
    Routing::AttemptOutcome outcomeForFailure(FailurePhase phase) const;
    // answer: the headers of an upstream's answer passed on (a suggestion may go with a 2xx one),
    // not of an error the gateway makes.
    HeaderList answerHeaders(int attempts, bool answer = false) const;
    // The x-ratelimit-* lines of a limited key's answer, written into `buffer`
    // (RateStanding::kHeadLinesBytes); empty for a key without limits (R-BILL-4).
    QByteArrayView rateLines(char *buffer) const
    {
        return m_rateStanding.limited()
            ? QByteArrayView(buffer, m_rateStanding.writeHeadLines(buffer))
            : QByteArrayView();
    }
    QString modelShown() const;
    // Who the answer says it is: the model shown, the call's start, a Responses call's id.
    Translation::ResponseIdentity answerIdentity() const;
    Domain::AttemptRecord &attempt() { return m_record.attempts.last(); } // the one begun last
    // Ends the call; `error` is none for a served call.
    void finish(int httpStatus, Domain::CallError error);
    void fillRecord();
    void cancelWait();
    bool callerGone() const { return !m_connection || !m_connection->isOpen(); }
    qint64 msSince(qint64 startMs) const { return m_env.clock->nowMs() - startMs; }

    // Every attempt's call, owned here rather than as QObject children (no parent's child list to
    // grow and search per call); first, so they go last, as children would. A finished one stays:
    // the next attempt may begin inside its callback.
    std::vector<std::unique_ptr<UpstreamCall>> m_attempts;
    CallEnvironment m_env;
    CallInput m_input;
    HttpConnection *m_connection; // null once destroyed (connectionDestroyed())
    std::optional<Routing::CallRouter> m_router; // in place: one allocation per call fewer
    // The router's decision being carried out; its candidate is the router's, valid until the
    // attempt is reported.
    Routing::Decision::Kind m_kind = Routing::Decision::Kind::Stop;
    const Routing::Candidate *m_candidate = nullptr;
    struct NextAttempt // what the decision said of the attempt besides its candidate
    {
        qint64 waitMs = 0;
        Domain::WaitReason waitReason = Domain::WaitReason::None;
        int number = 0; // 1-based
        bool fallback = false;
    } m_next;
    // The call's record: attempts are added to it as they begin and filled in place.
    Domain::CallRecord m_record;
    UpstreamCall *m_call = nullptr; // the attempt in flight, one of m_attempts
    QByteArray m_attemptCredential; // what the current attempt sent, to cut out of its errors
    DeadlineHeap::Handle m_waitDeadline = 0; // the backoff or Retry-After wait, while it runs
    std::optional<QJsonObject> m_bodyWithDefaults; // the caller's body with the alias's defaults
    bool m_defaultsAddedNothing = false;
    std::unique_ptr<DeadlineHeap> m_ownDeadlines;
    DeadlineHeap *m_deadlines; // the environment's, or m_ownDeadlines
    DeadlineHeap::Handle m_callDeadline = 0;
    // On the injected clock, like the router's deadline: a receipt's times and its deadline agree.
    qint64 m_callStartMs = 0;
    qint64 m_attemptStartMs = -1; // -1: no attempt began
    int m_status = 0;
    HeaderList m_upstreamHeaders;
    QByteArray m_body;
    // The stream's pass-through, or its translation to the caller's API (R-XLAT-4).
    std::unique_ptr<Translation::StreamTranslator> m_rewriter;
    bool m_includeUsage = false; // a chat caller's stream_options.include_usage
    bool m_streamStarted = false; // a byte of the answer reached the caller
    bool m_finished = false;
    bool m_deadlinePassed = false;
    bool m_callerClosed = false;
    double m_usedPriceIn = 0;
    double m_usedPriceOut = 0;
    // Budgets and rate limits (R-BILL-3, R-BILL-4): what this call holds and counts.
    std::optional<Routing::BudgetHold> m_hold;
    Routing::RateTicket m_rateTicket;
    Routing::RateStanding m_rateStanding; // its x-ratelimit-* go on every answer of a limited key
    std::optional<Routing::Decision> m_waitingForHold; // the first decision, until holdStored()
};

} // namespace Gateway
