#include "faultlab/judge.h"

#include "routing/deadlinecheck.h"
#include "routing/outcome.h"

#include <QSet>

using namespace Qt::StringLiterals;
using Domain::SimulatedFailure;

namespace FaultLab {
namespace {

// Spare time for the lab's own HTTP round trip beside the gateway's deadline.
constexpr qint64 kDeadlineToleranceMs = 500;

bool isRetryable(SimulatedFailure f)
{
    switch (f) {
    case SimulatedFailure::RateLimited:
    case SimulatedFailure::ServerError:
    case SimulatedFailure::Unavailable:
    case SimulatedFailure::Overloaded:
    case SimulatedFailure::TimeoutBeforeStatus:
    case SimulatedFailure::DropBeforeAnswer:
    case SimulatedFailure::ConnectionRefused:
        return true;
    case SimulatedFailure::StreamCut:
    case SimulatedFailure::Stall:
    case SimulatedFailure::UndecodableBody:
    case SimulatedFailure::ContentRefusal:
        break;
    }
    return false;
}

// The first fallback model that qualifies and has a candidate and an attempt to take.
QString expectedFallback(const Routing::Explanation &plan)
{
    if (!plan.fallbackOn)
        return {};
    for (const Routing::FallbackExplanation &f : plan.fallbacks) {
        if (f.qualifies && !f.candidates.isEmpty() && f.attempts > 0)
            return f.model;
    }
    return {};
}

QString statusText(int status, const QString &code)
{
    return code.isEmpty() ? QString::number(status) : u"%1 %2"_s.arg(status).arg(code);
}

QString attemptsText(qsizetype n)
{
    return n == 1 ? u"1 attempt"_s : u"%1 attempts"_s.arg(n);
}

QList<Domain::Attempt> requestedAttempts(const Domain::Receipt &receipt)
{
    QList<Domain::Attempt> out;
    for (const Domain::Attempt &a : receipt.attempts) {
        if (!a.fallback)
            out << a;
    }
    return out;
}

bool deadlinePassed(const Domain::Receipt &receipt)
{
    if (receipt.errorCode == u"deadline_exceeded"_s)
        return true;
    for (const Domain::Attempt &a : receipt.attempts) {
        if (a.transportError.failure == Domain::TransportFailure::DeadlinePassed)
            return true;
    }
    return false;
}

struct Judge
{
    const LabSetup &lab;
    const Case &c;
    const CaseResult &r;
    const Expectation e;
    const Domain::Receipt &receipt;
    QList<Check> checks;

    void add(Rule rule, bool passed, const QString &expected, const QString &observed)
    {
        checks.append({ rule, passed, expected, observed });
    }

    void receiptWritten()
    {
        const QString id = r.seen.header(u"x-request-id"_s);
        const bool ok = receipt.requestId == id && !id.isEmpty()
            && receipt.kind == Domain::CallKind::Rehearsal;
        add(Rule::ReceiptWritten, ok, u"rehearsal receipt %1"_s.arg(id),
            u"%1 receipt %2"_s.arg(Domain::toString(receipt.kind), receipt.requestId));
        const QString header = r.seen.header(u"x-gateway-attempts"_s);
        add(Rule::AttemptsHeader, header == QString::number(receipt.attempts.size()),
            QString::number(receipt.attempts.size()), header.isEmpty() ? u"none"_s : header);
    }

    void attemptsMade()
    {
        const qsizetype made = requestedAttempts(receipt).size();
        if (!e.retryable) {
            add(Rule::NotRetried, made == 1, attemptsText(1), attemptsText(made));
            return;
        }
        QString observed = attemptsText(made);
        if (made < e.attempts)
            observed += deadlineNote(int(made));
        add(Rule::EveryAttemptMade, made == e.attempts, attemptsText(e.attempts), observed);
    }

    // The code a passed-through 4xx keeps (R-ERR-1): the simulator's content-policy code in
    // OpenAI's shape; Anthropic's error has none, and a missing code stays missing.
    QString upstreamCode() const
    {
        if (receipt.attempts.isEmpty())
            return {};
        const Domain::Connection *c = lab.workspace.connection(receipt.attempts.first().connection);
        // A simulator answering both APIs answers in the one it was called in.
        const Domain::Dialect d = c ? Domain::effectiveDialect(*c) : Domain::Dialect::OpenAi;
        const bool anthropic = d == Domain::Dialect::Anthropic
            || (d == Domain::Dialect::Simulator && lab.endpoint == Domain::Endpoint::Messages);
        return anthropic ? QString() : u"content_policy_violation"_s;
    }

    // Why a retryable failure made fewer attempts: the deadline passed, or the next wait (the
    // backoff; for a single candidate also its cooldown and Retry-After) would pass it (R-REC-6).
    QString deadlineNote(int made) const
    {
        if (deadlinePassed(receipt))
            return u"; the deadline (%1 ms) passed"_s.arg(e.deadlineMs);
        const Domain::RecoverySettings &rec = lab.plan.recovery;
        const qint64 wait = e.single
            ? Routing::waitBeforeNext(rec, made, rec.cooldownMs, e.retryAfterMs).ms
            : Routing::backoffMs(rec, made);
        if (receipt.latencyMs + wait > e.deadlineMs) {
            return u"; the next wait (%1 ms) would pass the deadline (%2 ms)"_s.arg(wait).arg(
                e.deadlineMs);
        }
        return {};
    }

    void waits()
    {
        const QList<Domain::Attempt> attempts = requestedAttempts(receipt);
        if (attempts.size() < 2)
            return;
        QStringList expected;
        QStringList observed;
        bool backoffOk = true;
        bool retryAfterOk = true;
        for (qsizetype i = 1; i < attempts.size(); ++i) {
            const qint64 backoff = Routing::backoffMs(lab.plan.recovery, int(i));
            backoffOk = backoffOk && attempts.at(i).waitMs >= backoff;
            retryAfterOk = retryAfterOk && attempts.at(i).waitMs >= e.retryAfterMs;
            expected << u"≥ %1 ms"_s.arg(backoff);
            observed << u"%1 ms"_s.arg(attempts.at(i).waitMs);
        }
        add(Rule::BackoffWaited, backoffOk, expected.join(u", "_s), observed.join(u", "_s));
        if (e.single && e.retryAfterMs > 0) {
            add(Rule::RetryAfterHonoured, retryAfterOk, u"≥ %1 ms"_s.arg(e.retryAfterMs),
                observed.join(u", "_s));
        }
    }

    void eachCandidateOnce()
    {
        if (e.single)
            return;
        QSet<QString> seen;
        QStringList tried;
        for (const Domain::Attempt &a : requestedAttempts(receipt)) {
            seen.insert(a.connection + u'/' + a.upstreamModel);
            tried << a.deployment;
        }
        add(Rule::EachCandidateOnce, seen.size() == tried.size(), u"each deployment once"_s,
            tried.isEmpty() ? u"none tried"_s : tried.join(u", "_s));
    }

    void withinDeadline()
    {
        const qint64 limit = e.deadlineMs + kDeadlineToleranceMs;
        add(Rule::WithinDeadline, r.elapsedMs <= limit && r.seen.transportError.isEmpty(),
            u"≤ %1 ms"_s.arg(e.deadlineMs),
            r.seen.transportError.isEmpty() ? u"%1 ms"_s.arg(r.elapsedMs) : r.seen.transportError);
    }

    void outcome()
    {
        if (!e.fallbackModel.isEmpty())
            return fallbackAnswered();
        if (e.servedAfterRetry)
            return servedByHealthy();
        if (e.streamInterrupted)
            return streamInterrupted();
        errorAnswered();
    }

    void fallbackAnswered()
    {
        const CallerView &s = r.seen;
        const QString observed = statusText(s.status, s.errorCode);
        const QString header = s.header(u"ib-fallback-model"_s);
        const bool ok = s.status == 200 && header == e.fallbackModel && (!s.stream || s.doneSeen);
        add(Rule::FallbackAnswered, ok, u"200 from %1"_s.arg(e.fallbackModel),
            u"%1 from %2"_s.arg(observed, header.isEmpty() ? u"no fallback"_s : header));
    }

    void servedByHealthy()
    {
        const CallerView &s = r.seen;
        const QString observed = statusText(s.status, s.errorCode);
        const QList<Domain::Attempt> &a = receipt.attempts;
        const bool other = a.size() >= 2 && a.last().served
            && (e.single || a.last().deployment != a.first().deployment);
        const bool ok = s.status == 200 && other && s.header(u"ib-fallback-model"_s).isEmpty()
            && (!s.stream || s.doneSeen);
        add(Rule::ServedByHealthy, ok,
            e.single ? u"200 from the retried deployment"_s : u"200 from another deployment"_s,
            u"%1 from %2"_s.arg(observed,
                                r.servedDeployment.isEmpty() ? u"none"_s : r.servedDeployment));
    }

    void streamInterrupted()
    {
        const CallerView &s = r.seen;
        const QString observed = statusText(s.status, s.errorCode);
        const bool ok = s.status == 200 && s.events > 0
            && s.errorEventCode == u"stream_interrupted"_s && !s.doneSeen;
        add(Rule::StreamInterrupted, ok, u"200, events, stream_interrupted, no [DONE]"_s,
            u"%1, %2 events, %3, %4"_s.arg(observed).arg(s.events).arg(
                s.errorEventCode.isEmpty() ? u"no error event"_s : s.errorEventCode,
                s.doneSeen ? u"[DONE]"_s : u"no [DONE]"_s));
    }

    void errorAnswered()
    {
        const CallerView &s = r.seen;
        const QString observed = statusText(s.status, s.errorCode);
        // A retryable failure cut short by the deadline maps to 504 (R-ERR-1); that fewer attempts
        // were made is EveryAttemptMade's to say.
        const bool late = e.retryable && deadlinePassed(receipt);
        const int status = late ? 504 : e.status;
        const QString code = late ? u"deadline_exceeded"_s
            : e.passThrough       ? upstreamCode()
                                  : e.code;
        const bool codeOk
            = e.passThrough || late ? s.errorCode == code : code.isEmpty() || s.errorCode == code;
        add(Rule::ErrorMapped, s.status == status && codeOk, statusText(status, code), observed);
        if (s.stream) {
            add(Rule::PlainHttpError, s.status >= 400 && s.errorEventCode.isEmpty(),
                u"a plain HTTP error"_s,
                s.errorEventCode.isEmpty() ? u"plain %1"_s.arg(s.status)
                                           : u"%1 with an error event"_s.arg(s.status));
        }
        const QString retry = s.header(u"x-should-retry"_s);
        add(Rule::ShouldRetryFalse, retry == u"false"_s, u"false"_s,
            retry.isEmpty() ? u"none"_s : retry);
        if (status == 429) {
            const QString ra = s.header(u"retry-after"_s);
            const QString ms = s.header(u"retry-after-ms"_s);
            add(Rule::RetryAfterPassed, !ra.isEmpty() && !ms.isEmpty(),
                u"retry-after, retry-after-ms"_s,
                u"retry-after: %1, retry-after-ms: %2"_s.arg(ra.isEmpty() ? u"none"_s : ra,
                                                             ms.isEmpty() ? u"none"_s : ms));
        }
    }
};

} // namespace

Expectation expect(const LabSetup &lab, const Case &c)
{
    Expectation e;
    e.retryable = isRetryable(c.failure);
    e.attempts = lab.plan.attemptsForRequested;
    e.single = lab.plan.candidates.size() == 1;
    e.deadlineMs = lab.plan.recovery.deadlineMs;
    if (c.failure == SimulatedFailure::RateLimited)
        e.retryAfterMs = retryAfterMs(lab);
    // The first attempt fails once: the next one, to another deployment (or back to a single
    // candidate, R-REC-3), answers; without a second attempt it ends like any retryable failure.
    e.servedAfterRetry = c.scope == Scope::FirstTried && lab.plan.attemptsForRequested >= 2;
    if (e.servedAfterRetry) {
        e.attempts = 2;
        return e;
    }
    if (e.retryable) {
        e.fallbackModel = expectedFallback(lab.plan);
        if (!e.fallbackModel.isEmpty())
            return e;
        // R-ERR-1: 429 → 429 upstream_rate_limited; 5xx, transport failure, timeout → 503.
        const bool limited = c.failure == SimulatedFailure::RateLimited;
        e.status = limited ? 429 : 503;
        e.code = limited ? u"upstream_rate_limited"_s : u"no_healthy_route"_s;
        return e;
    }
    e.attempts = 1;
    switch (c.failure) {
    case SimulatedFailure::ContentRefusal:
        e.status = 400; // passed through; its code is the upstream's (judge() reads the attempt)
        e.passThrough = true;
        break;
    case SimulatedFailure::Stall:
        if (!c.stream) {
            // A non-streaming call has no timeout but the deadline (R-REC-7): it ends there.
            e.status = 504;
            e.code = u"deadline_exceeded"_s;
            break;
        }
        [[fallthrough]];
    case SimulatedFailure::StreamCut:
        if (c.stream) {
            e.streamInterrupted = true; // the first events reached the caller (R-STR-1)
            break;
        }
        [[fallthrough]];
    default:
        e.status = 502;
        e.code = u"upstream_bad_response"_s;
        break;
    }
    return e;
}

QList<Check> judge(const LabSetup &lab, const Case &c, const CaseResult &r)
{
    if (!r.receipt)
        return { { Rule::ReceiptWritten, false, u"a rehearsal receipt"_s, u"none"_s } };
    Judge j { lab, c, r, expect(lab, c), *r.receipt, {} };
    j.outcome();
    j.attemptsMade();
    j.waits();
    j.eachCandidateOnce();
    j.withinDeadline();
    j.receiptWritten();
    return j.checks;
}

} // namespace FaultLab
