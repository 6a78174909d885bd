// API settled
#pragma once

#include "domain/connection.h"
#include "domain/receipt.h"
#include "domain/workspace.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QPair>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

namespace Store {
class ReceiptWriter;
}

// The fault lab: runs one model's configuration (the editor's draft included) on a
// private gateway whose deployments are simulator copies that fail one way at a time, and judges
// what the caller saw and what the receipt holds against the rules of SPEC §2.
namespace FaultLab {

// Whom a case's injected failure hits.
enum class Scope {
    EveryDeployment, // every deployment of the requested model fails (fallback models stay healthy)
    FirstTried, // pool: the deployment tried first fails once (503), the others are healthy
};

// One row of the table: a failure kind, streaming or not, and whom it hits.
struct Case
{
    Domain::SimulatedFailure failure = Domain::SimulatedFailure::Unavailable;
    bool stream = false;
    Scope scope = Scope::EveryDeployment;

    // Stable name for JSON and tests: "<failure wire name>[/first]/<stream|plain>",
    // e.g. "rate_limited/plain", "unavailable/first/stream".
    QString id() const;
    bool operator==(const Case &) const = default;
};

// The cases the lab runs for `model` of `workspace`, in table order: every failure kind plain and
// streaming, then for a pool of two or more deployments the first-tried case. Empty when the model
// is unknown.
QList<Case> casesFor(const Domain::Workspace &workspace, const QString &model);

// A rule of SPEC §2 a case is judged by. The studio words it by code (ruleCode) in its own
// language; ruleText is the English of the CLI and the JSON export.
enum class Rule {
    EveryAttemptMade, // R-REC-1: a retryable failure uses every planned attempt (deadline
                      // permitting)
    NotRetried, // R-REC-8: a final failure makes exactly one attempt
    EachCandidateOnce, // R-REC-2: a pool tries each deployment at most once
    BackoffWaited, // R-REC-4: the wait before a retry is at least the backoff
    RetryAfterHonoured, // R-REC-5: a single candidate waits the Retry-After
    WithinDeadline, // R-REC-6: the call ends within the deadline
    ErrorMapped, // R-ERR-1: status and code of the final error
    RetryAfterPassed, // R-DET-3: a final 429 passes Retry-After (and retry-after-ms) on
    PlainHttpError, // R-STR-1: a failure before the first byte is a plain HTTP error
    StreamInterrupted, // R-STR-1: a cut stream ends with stream_interrupted and no [DONE]
    ShouldRetryFalse, // R-RCPT-2: every error carries x-should-retry: false
    AttemptsHeader, // R-RCPT-1: x-gateway-attempts equals the receipt's attempts
    FallbackAnswered, // R-FALL-1: a fallback model answers, named in ib-fallback-model
    ServedByHealthy, // R-REC-2: the first deployment fails, another one serves, no fallback header
    ReceiptWritten, // R-RCPT-1: one receipt of kind rehearsal with the request id sent
};

QString ruleSpecId(Rule rule); // "R-REC-2"
QString ruleCode(Rule rule); // "each_candidate_once" (JSON, translation key)
std::optional<Rule> ruleFromCode(const QString &code);
QString ruleText(Rule rule); // English sentence

struct Check
{
    Rule rule = Rule::ReceiptWritten;
    bool passed = false;
    QString expected; // English, short: "3 attempts", "503 no_healthy_route"
    QString observed;

    QString specId() const { return ruleSpecId(rule); }
    bool operator==(const Check &) const = default;
};

// What the lab's caller saw over HTTP.
struct CallerView
{
    int status = 0; // 0: no answer (transport error below)
    QString errorCode; // error.code (OpenAI) or error.details.error_code (Anthropic)
    // The headers the rules read, lower-case names: x-request-id, x-gateway-attempts,
    // x-gateway-served-by, x-should-retry, retry-after, retry-after-ms, ib-fallback-model; sorted
    // by name.
    QList<QPair<QString, QString>> headers;
    QString model; // the body's "model" (first chunk for a stream)
    bool stream = false;
    int events = 0; // SSE data events before the end or the error event
    QString errorEventCode; // code of an error event inside a 2xx stream
    bool doneSeen = false; // "data: [DONE]" (OpenAI) / message_stop (Anthropic)
    QString transportError; // the lab's client failed (no answer, timeout)

    QString header(const QString &lowerName) const;
    bool operator==(const CallerView &) const = default;
};

struct CaseResult
{
    Case testCase;
    CallerView seen;
    QString requestId; // the receipt's, as x-request-id carried it
    int attempts = 0; // the receipt's attempts
    QList<qint64> waitsMs; // per attempt, as the receipt recorded (first one 0)
    qint64 elapsedMs = 0; // as the caller measured, request sent to last byte
    QString servedBy; // the connection that served (empty when none did)
    QString servedDeployment; // the deployment (pool) or model that served
    QString fallbackModel; // the fallback model that answered or was tried
    QList<Check> checks;
    QString error; // the case could not run (gateway did not start, no receipt): it fails
    std::optional<Domain::Receipt> receipt; // as read back from the store

    bool passed() const; // no error and every check passed
    QList<Check> failedChecks() const;
};

// Settings of the lab copy that were turned off so the table can run, said in the result.
enum class Relaxation {
    KeyBudget,
    KeyRateLimit,
    KeySessions,
    ProjectBudget,
    ProjectRateLimit,
    ProjectSessions,
};
QString relaxationCode(Relaxation r); // "key_budget", … (JSON, translation key)
QString relaxationText(Relaxation r); // English

struct Options
{
    QString keyId; // the caller key to copy; empty: the first enabled key
    int scale = 20; // every recovery time (timeouts, deadline, backoff, cooldown, Retry-After) ÷
    int minimumMs = 50; // floor of a scaled time (each setting's own lower bound still applies)
    // Where receipts go: a running writer (the studio's); else the runner opens one on
    // databasePath. One of them is required.
    Store::ReceiptWriter *writer = nullptr;
    QString databasePath;
    QList<Case> cases; // empty: casesFor(workspace, model)
    quint64 seed = 0; // routing and simulator seed; 0: from the system
};

// The whole table.
struct Report
{
    QString model;
    QString keyId; // the key the lab copied
    int scale = 20;
    int minimumMs = 50;
    QList<Relaxation> relaxed;
    QList<CaseResult> results;
    QString error; // the run could not start (unknown model, no key, no database)
    qint64 elapsedMs = 0;
    bool cancelled = false;

    bool passed() const; // no error, not cancelled, every case passed
    int failedCount() const;
};

// "timeouts ÷ 20" with the floor: what the studio and the CLI show beside the table (English).
QString scaleText(int scale, int minimumMs);

QJsonObject toJson(const Report &report);
QByteArray toJsonBytes(const Report &report); // indented
std::optional<Report> reportFromJson(const QJsonObject &object); // receipts are not exported

class RunnerPrivate;

// Runs the cases of one model one after the other, each on its own private gateway (port 0 on
// 127.0.0.1, its own worker thread and cooldown book), asynchronously in the caller's thread.
//
//   FaultLab::Runner runner;
//   connect(&runner, &Runner::caseFinished, …);
//   runner.start(draftSnapshot, u"demo/chat"_s, options);   // → caseStarted/caseFinished…,
//   finished
class Runner : public QObject
{
    Q_OBJECT
public:
    explicit Runner(QObject *parent = nullptr);
    ~Runner() override; // cancels a run in progress and waits for its gateway to stop

    // Returns at once; finished() always follows (also for an error: report().error is set).
    // Ignored while a run is in progress.
    void start(Domain::WorkspaceSnapshot workspace, const QString &model, const Options &options);
    // Stops once the case in progress has finished (it is judged as any other); finished()
    // follows with report().cancelled.
    void cancel();
    bool isRunning() const;
    QList<Case> cases() const; // of the run started last
    const Report &report() const; // grows as cases finish

Q_SIGNALS:
    void caseStarted(int index);
    void caseFinished(int index, const FaultLab::CaseResult &result);
    void finished();

private:
    std::unique_ptr<RunnerPrivate> d;
    friend class RunnerPrivate;
};

} // namespace FaultLab

Q_DECLARE_METATYPE(FaultLab::CaseResult)
