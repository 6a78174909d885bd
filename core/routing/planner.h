#pragma once

#include "cooldownbook.h"
#include "directiveset.h"
#include "domain/receipt.h"
#include "domain/workspace.h"
#include "randomsource.h"
#include "requestsummary.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace Routing {

// One candidate of a plan: one upstream (connection + upstream model id) that may be tried.
struct Candidate
{
    QString model; // whose plan it is in: the pool model, the direct model or a fallback model
    QString deployment; // the deployment model for a pool, else == model
    QString connection; // Connection::name
    QString provider; // the connection's Provider::id
    QString upstreamModel; // the id the provider knows it by
    QString region; // serving region; empty when none is known
    Domain::Dialect dialect = Domain::Dialect::OpenAi;
    int weight = 0; // pool weight; 0 for a direct offering
    double firstChance = 0; // probability of being tried first (R-UI-8)
    double priceIn = 0; // per 1M input tokens, of the model that serves (the deployment for a pool)
    double priceOut = 0; // per 1M output tokens, likewise
    int cooldownMs = 0; // cooldown of the model whose plan it is in (R-DET)
    int cooldownId = -1; // key() in the CooldownBook the plan was made with; -1 without one
    // Where it is in the workspace the plan was made on (-1: not there, as in a draft's copy):
    // the plan's model, the serving model, its offering and the offering's connection.
    qint16 modelIndex = -1;
    qint16 deploymentIndex = -1;
    qint16 offeringIndex = -1;
    qint16 connectionIndex = -1;
    // The call's request and answer go through the other API (R-XLAT-1).
    Domain::ApiTranslation translation = Domain::ApiTranslation::None;

    // Stable cooldown key shared by all calls: "<connection>/<upstream model>".
    QString key() const;
    bool operator==(const Candidate &o) const // the id is the book's, not the candidate's
    {
        return model == o.model && deployment == o.deployment && connection == o.connection
            && provider == o.provider && upstreamModel == o.upstreamModel && region == o.region
            && dialect == o.dialect && weight == o.weight && firstChance == o.firstChance
            && priceIn == o.priceIn && priceOut == o.priceOut && cooldownMs == o.cooldownMs;
    }
};

// The ordered candidates of one model for one call, and what was left out and why (R-PLAN-*).
struct Plan
{
    QString model;
    QList<Candidate> candidates; // in the order to try
    QList<Domain::Skip> skips; // one reason each, in the SPEC order of checks (R-PLAN-4)
    // True when the plan is empty only because every otherwise eligible candidate is cooling down
    // (or drained). coolingCandidates holds every such candidate, in listing order.
    bool onlyCooldowns = false;
    QList<Candidate> coolingCandidates;
    // When the earliest cooldown among coolingCandidates ends; -1 when all of them are drained.
    qint64 earliestCooldownEndMs = -1;
};

// One offering of a plan judged on everything but the cooldowns, which change from call to call.
struct JudgedOffering
{
    struct Failure
    {
        Domain::SkipReason reason;
        Domain::DirectiveLevel level = Domain::DirectiveLevel::None;
        Domain::Fact detail;
    };
    Candidate candidate;
    QList<Failure> failures; // every failing check in SPEC order (R-PLAN-4), cooldown aside
    // Where the cooldown check stands among them (R-PLAN-4); -1: not made (no connection).
    int coolingAt = -1;
};

// A plan as far as it does not depend on the cooldowns or the random order: what a route cache
// keeps per configuration snapshot, and finishPlan() completes per call.
struct StaticPlan
{
    struct Group // a pool's deployment, or a direct model's offerings
    {
        QString deployment; // the pool entry's model; empty for a direct model
        int weight = 0;
        std::optional<Domain::Skip> skip; // the deployment cannot take part at all
        QList<JudgedOffering> offerings; // in the order to consider them
    };
    QString model;
    bool pool = false;
    QList<Group> groups;
    // The plan while none of its offerings is cooling, unordered: most calls take it as it is,
    // its lists shared rather than copied.
    Plan whenNoneCooling;
};

// The cooldown-free part of plan(); candidates carry ids of `ids` when it is given.
StaticPlan staticPlan(const Domain::Workspace &ws, const Domain::Model &model,
                      const RequestSummary &request, const EffectiveDirectives &directives,
                      const std::optional<QStringList> &regionHeader, const CooldownBook *ids);
// The plan at `nowMs`: cooldowns applied; in weighted random order for a pool when `random` is
// given, else unordered (planUnordered()).
Plan finishPlan(const StaticPlan &plan, const CooldownBook *cooldowns, qint64 nowMs,
                RandomSource *random);

// Builds the plan of `model` (R-PLAN-*, R-REG-*, R-REL-*, R-PREC-*, R-PLAN-5/6).
// Pool: deployments in weighted random order without repeats; each deployment's candidate is the
// deployment model's first eligible offering in their fixed order (reliability filters apply, their
// pass-rate order does not, R-DET). Every offering's region is Workspace::servingRegion(model,
// offering), in a pool as in a Direct plan (R-DET).
// Direct: offerings in their fixed order, reordered by probe pass rate only for tools/json_schema.
// Checks per candidate, first failing one recorded: disabled, cannot_serve, out_of_region,
// cooling_down, uncertified, policy_denied, no_zdr, no_training, below_min_precision,
// unreliable_tools, unreliable_structured_output.
Plan plan(const Domain::Workspace &ws, const Domain::Model &model, const RequestSummary &request,
          const EffectiveDirectives &directives, const std::optional<QStringList> &regionHeader,
          const CooldownBook &cooldowns, qint64 nowMs, RandomSource &random);

// The same checks without ordering at random: eligible candidates in listing order, each with its
// firstChance (weight share for a pool, 1 for the first offering of a direct model). For explain().
Plan planUnordered(const Domain::Workspace &ws, const Domain::Model &model,
                   const RequestSummary &request, const EffectiveDirectives &directives,
                   const std::optional<QStringList> &regionHeader, const CooldownBook *cooldowns,
                   qint64 nowMs);

// How a connection that speaks `dialect` serves a call on `endpoint`: as it is, or translated to
// its API (R-PLAN-5, R-XLAT-1); nullopt when it cannot (embeddings on an Anthropic connection).
std::optional<Domain::ApiTranslation> howServed(Domain::Dialect dialect, Domain::Endpoint endpoint);

} // namespace Routing
