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
