#pragma once

#include "cooldownbook.h"
#include "domain/workspace.h"
#include "requestsummary.h"

#include <QDate>
#include <QList>
#include <QString>

// The impact preview: past calls' request summaries replayed through the saved and the
// edited configuration with the route explainer's own answer (routeexplainer.h), so the preview
// can never disagree with what the gateway would do.
namespace Routing {

// One past call: its request as the planner reads it (no text), and the tokens it really used.
struct ReplayCall
{
    RequestSummary request;
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;
};

// A serving deployment's expected first picks, in calls, before and after (R-UI-8 firstChance).
struct PickShare
{
    QString deployment; // the model that serves: a pool's deployment, a direct or fallback model
    QString connection;
    QString region; // its serving region; empty when none is known
    double before = 0;
    double after = 0;
};

// Expected first picks served from one region; region empty: none known.
struct RegionShare
{
    QString region;
    double before = 0;
    double after = 0;
};

// Calls with no eligible route, by the caller's error code and, for route_constraints_unmet and
// no_healthy_route, the reason most of the requested model's candidates were skipped for.
struct RefusalCount
{
    QString errorCode; // "route_constraints_unmet", "model_not_allowed", …
    QString skipReason; // "out_of_region", "cooling_down", …; empty for the others
    int before = 0;
    int after = 0;
};

// What one configuration does with the replayed calls; every call is in exactly one of the four.
struct ImpactSide
{
    int routed = 0; // the requested model has a free candidate: tried at once
    int fallingBack = 0; // every candidate of it cooling, no wait fits: a fallback model takes it
    int waiting = 0; // every candidate cooling: the call waits for the earliest cooldown to end
    int refused = 0; // no eligible route: the call ends before any attempt
    double costUsd = 0; // expected cost of the routed and falling-back calls at their first picks

    int served() const { return routed + fallingBack; }
    // Expected cost per 1,000 served calls (0 when none), each call at its own tokens.
    double costPer1000() const { return served() > 0 ? costUsd * 1000.0 / served() : 0.0; }
};

struct Impact
{
    int calls = 0;
    int shapes = 0; // distinct request shapes: each explained once per configuration
    ImpactSide before;
    ImpactSide after;
    QList<PickShare> deployments; // most picked after first, then before, then by name
    QList<RegionShare> regions; // likewise
    QList<RefusalCount> refusals; // most calls after first
};

// Replays `calls` through `before` (the saved configuration) and `after` (the draft) under the
// health of `cooldowns` at `nowMs` (null: every candidate free). Deterministic: a pool's first
// pick is counted by its expected share (firstChance), never drawn at random. Budgets, rate limits
// and required body fields are not replayed.
Impact replayImpact(const Domain::Workspace &before, const Domain::Workspace &after,
                    const QList<ReplayCall> &calls, const CooldownBook *cooldowns, qint64 nowMs,
                    QDate todayUtc);

} // namespace Routing
