#pragma once

#include "domain/receipt.h"

// A receipt as the gateway writes it for a call served (or failed with `failure`) after
// `attempts` attempts on one connection: for tests of what reads receipts (stats, dashboard).
inline Domain::Receipt makeReceipt(const QString &requestId, const QDateTime &startedAt,
                                   const QString &model, const QString &connection,
                                   qint64 latencyMs, int attempts = 1,
                                   Domain::ErrorClass failure = Domain::ErrorClass::None)
{
    Domain::Receipt r;
    r.requestId = requestId;
    r.startedAt = startedAt;
    r.modelAsked = model;
    r.modelResolved = model;
    const bool failed = failure != Domain::ErrorClass::None;
    r.modelServed = failed ? QString() : model;
    r.servedBy = failed ? QString() : connection;
    r.statusClass = failed
        ? Domain::StatusClass::Failed
        : (attempts > 1 ? Domain::StatusClass::RetriedOk : Domain::StatusClass::Ok);
    r.errorClass = failure;
    r.httpStatus = failed ? 503 : 200;
    r.latencyMs = latencyMs;
    for (int i = 1; i <= attempts; ++i) {
        Domain::Attempt a;
        a.index = i;
        a.model = model;
        a.connection = connection;
        r.attempts << a;
    }
    return r;
}

// One attempt of a cost-of-failure fixture: served (200) or failed (503), with its wait and
// latency.
inline Domain::Attempt makeAttempt(const QString &model, const QString &connection,
                                   const QString &upstream, qint64 waitMs, qint64 latencyMs,
                                   bool served)
{
    Domain::Attempt a;
    a.model = model;
    a.deployment = model;
    a.connection = connection;
    a.upstreamModel = upstream;
    a.waitMs = waitMs;
    a.latencyMs = latencyMs;
    a.served = served;
    a.httpStatus = served ? 200 : 503;
    return a;
}

// `r` with `attempts` numbered from 1 and the served attempt's cost.
inline Domain::Receipt withAttempts(Domain::Receipt r, QList<Domain::Attempt> attempts, double cost)
{
    for (int i = 0; i < attempts.size(); ++i)
        attempts[i].index = i + 1;
    r.attempts = attempts;
    r.cost = cost;
    return r;
}
