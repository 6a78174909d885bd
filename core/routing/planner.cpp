#include "planner.h"

#include <QVarLengthArray>
#include <algorithm>
#include <numeric>

using namespace Qt::StringLiterals;

namespace Routing {
namespace {

using Domain::FactCode;
using Domain::SkipReason;

using Failure = JudgedOffering::Failure;

// One offering being judged: its verdict and the offering's probe results, for reliability.
struct Eval
{
    JudgedOffering judged;
    const Domain::Offering *offering = nullptr;

    bool staticallyEligible() const { return judged.failures.isEmpty(); } // before reliability
};

struct Context
{
    const Domain::Workspace &ws;
    const RequestSummary &request;
    const EffectiveDirectives &directives;
    const std::optional<QStringList> &header;
    const CooldownBook *ids;
};

// The region rules (R-REG-*): the pool's list, then the header; both only narrow.
std::optional<Failure> regionFailure(const Context &ctx, const QString &region,
                                     const QStringList &poolRegions)
{
    if (!poolRegions.isEmpty() && !poolRegions.contains(region)) {
        return Failure { SkipReason::OutOfRegion, Domain::DirectiveLevel::None,
                         Domain::fact(FactCode::RegionNotInPool, { region, poolRegions }) };
    }
    if (ctx.header && !ctx.header->contains(region)) {
        return Failure { SkipReason::OutOfRegion, Domain::DirectiveLevel::None,
                         Domain::fact(FactCode::RegionNotInHeader, { region, *ctx.header }) };
    }
    return std::nullopt;
}

std::optional<Domain::Fact> capabilityGap(const Context &ctx, const Domain::Model &serving,
                                          const Domain::Connection &conn, const Domain::Offering &o)
{
    const RequestSummary &r = ctx.request;
    if (serving.modality != r.modality)
        return Domain::fact(FactCode::ModalityMismatch,
                            { Domain::toString(serving.modality), Domain::toString(r.modality) });
    const Domain::Dialect dialect = Domain::effectiveDialect(conn);
    const std::optional<Domain::ApiTranslation> served = howServed(dialect, r.endpoint);
    if (!served)
        return Domain::fact(FactCode::EndpointNotServed,
                            { Domain::toString(dialect), Domain::toString(r.endpoint) });
    if (Domain::crossesToOtherApi(*served) && !r.notCarried.isEmpty())
        return Domain::fact(FactCode::FieldNotCarried, { r.notCarried, Domain::toString(dialect) });
    if (r.usesTools && !o.capabilities.tools)
        return Domain::fact(FactCode::NoTools);
    if (r.responseFormat == RequestSummary::ResponseFormat::JsonSchema
        && !o.capabilities.structuredOutput)
        return Domain::fact(FactCode::NoStructuredOutput);
    if (r.vision && !o.capabilities.vision)
        return Domain::fact(FactCode::NoVision);
    if (!r.webSearchToolVersion.isEmpty()
        && !o.capabilities.webSearchToolVersions.contains(r.webSearchToolVersion))
        return Domain::fact(FactCode::NoWebSearchTool, { r.webSearchToolVersion });
    return std::nullopt;
}

// Why a provider with a listing source lacks a fact it might have had: its listing is missing or
// too old (SPEC §2 step 9); nothing when the listing itself says so, or the facts are set by hand.
std::vector<Domain::Fact> listingCauses(const Domain::Workspace &ws, const Domain::Provider *p)
{
    if (!p || p->listingSource.isEmpty())
        return {};
    if (!p->listingFetchedAt.isValid())
        return { Domain::fact(FactCode::ListingMissing) };
    if (p->listingStale)
        return { Domain::fact(FactCode::ListingStale,
                              { qint64(ws.listingMaxAgeHours),
                                p->listingFetchedAt.toUTC().toString(Qt::ISODateWithMs) }) };
    return {};
}

void checkPolicy(const Context &ctx, const Domain::Connection &conn, const Domain::Offering &o,
                 QList<Failure> &out)
{
    const EffectiveDirectives &d = ctx.directives;
    Domain::DirectiveLevel level = Domain::DirectiveLevel::None;
    if (!o.certified)
        out.append({ SkipReason::Uncertified, {}, Domain::fact(FactCode::NotCertified) });
    if (!d.providerAllowed(conn.provider, &level))
        out.append(
            { SkipReason::PolicyDenied, level,
              Domain::fact(FactCode::ProviderDenied, { conn.provider, Domain::toString(level) }) });
    const Domain::Provider *p = ctx.ws.provider(conn.provider);
    if (d.requireZdr.value && !(p && p->zeroDataRetention))
        out.append(
            { SkipReason::NoZdr, d.requireZdr.level,
              Domain::fact(FactCode::ProviderNoZdr, { conn.provider }, listingCauses(ctx.ws, p)) });
    if (d.requireNoTraining.value && !(p && p->noTraining))
        out.append({ SkipReason::NoTraining, d.requireNoTraining.level,
                     Domain::fact(FactCode::ProviderNoTraining, { conn.provider },
                                  listingCauses(ctx.ws, p)) });
    const Domain::Precision min = d.minPrecision.value;
    if (o.precision != Domain::Precision::None && min != Domain::Precision::None
        && Domain::precisionRank(o.precision) < Domain::precisionRank(min))
        out.append({ SkipReason::BelowMinPrecision, d.minPrecision.level,
                     Domain::fact(FactCode::PrecisionBelowMinimum,
                                  { Domain::toString(o.precision), Domain::toString(min) }) });
}

// Where `item` is in `list`, -1 when it is not one of its elements.
template<typename T> qint16 indexIn(const QList<T> &list, const T *item)
{
    const T *first = list.constData();
    return item && item >= first && item < first + list.size() ? qint16(item - first) : -1;
}

Candidate candidateFor(const Domain::Workspace &ws, const Domain::Model &planModel,
                       const Domain::Model &serving, const Domain::Offering &o,
                       const Domain::Connection *conn, const QString &region)
{
    Candidate c;
    c.model = planModel.name;
    c.deployment = serving.name;
    c.connection = o.connection;
    c.provider = conn ? conn->provider : QString();
    c.upstreamModel = o.upstreamModel;
    c.region = region;
    c.dialect = conn ? conn->kind : Domain::Dialect::OpenAi;
    c.priceIn = serving.inputPricePerMTok;
    c.priceOut = serving.outputPricePerMTok;
    c.cooldownMs = ws.recovery(planModel).cooldownMs; // R-DET: the plan's model decides
    c.modelIndex = indexIn(ws.models, &planModel);
    c.deploymentIndex = indexIn(ws.models, &serving);
    c.offeringIndex = indexIn(serving.offerings, &o);
    c.connectionIndex = indexIn(ws.connections, conn);
    return c;
}

// All checks but the cooldown and reliability for one offering of `serving`, inside the plan of
// `planModel`; the cooldown check's place among them is kept (R-PLAN-4).
Eval evaluate(const Context &ctx, const Domain::Model &planModel, const Domain::Model &serving,
              const Domain::Offering &o, const QString &region, const QStringList &poolRegions)
{
    const Domain::Connection *conn = ctx.ws.connection(o.connection);
    Eval e { { candidateFor(ctx.ws, planModel, serving, o, conn, region), {}, -1 }, &o };
    QList<Failure> &failures = e.judged.failures;
    if (!serving.enabled)
        failures.append(
            { SkipReason::Disabled, {}, Domain::fact(FactCode::ModelOff, { serving.name }) });
    else if (!conn)
        failures.append({ SkipReason::Disabled,
                          {},
                          Domain::fact(FactCode::ConnectionMissing, { o.connection }) });
    else if (!conn->enabled)
        failures.append(
            { SkipReason::Disabled, {}, Domain::fact(FactCode::ConnectionOff, { o.connection }) });
    if (!conn)
        return e;
    e.judged.candidate.translation
        = howServed(Domain::effectiveDialect(*conn), ctx.request.endpoint)
              .value_or(Domain::ApiTranslation::None);
    if (const auto gap = capabilityGap(ctx, serving, *conn, o))
        failures.append({ SkipReason::CannotServe, {}, *gap });
    if (const auto f = regionFailure(ctx, region, poolRegions))
        failures.append(*f);
    e.judged.coolingAt = int(failures.size());
    if (ctx.ids)
        e.judged.candidate.cooldownId = ctx.ids->idOf(e.judged.candidate.key());
    checkPolicy(ctx, *conn, o, failures);
    return e;
}

double passRate(int passed, int total)
{
    return total <= 0 ? 1.0 : double(passed) / double(total); // R-DET: no probes = passing
}

bool failsHalf(int passed, int total)
{
    return total > 0 && 2 * (total - passed) >= total;
}

// R-REL-*: with tools or a json_schema, skip offerings failing at least half of their probes when
// another one of the model fails fewer than half, then order by pass rate, ties in fixed order.
// A pool deployment keeps its offerings' fixed order: its candidate is the first that passes every
// filter, reliability included, not the best pass rate (R-DET).
enum class Order { ByPassRate, Fixed };

void applyReliability(const RequestSummary &r, QList<Eval> &evals, Order order)
{
    const bool tools = r.usesTools;
    const bool schema = r.responseFormat == RequestSummary::ResponseFormat::JsonSchema;
    if (!tools && !schema)
        return;
    auto applyOne = [&](bool on, SkipReason reason, auto passed, auto total) {
        if (!on)
            return;
        const bool someReliable = std::any_of(evals.cbegin(), evals.cend(), [&](const Eval &e) {
            return e.staticallyEligible() && !failsHalf(passed(e), total(e));
        });
        if (!someReliable)
            return;
        for (Eval &e : evals) {
            if (e.staticallyEligible() && failsHalf(passed(e), total(e)))
                e.judged.failures.append(
                    { reason, {}, Domain::fact(FactCode::ProbesPassed, { passed(e), total(e) }) });
        }
    };
    applyOne(
        tools, SkipReason::UnreliableTools,
        [](const Eval &e) { return e.offering->probes.toolsPassed; },
        [](const Eval &e) { return e.offering->probes.toolsTotal; });
    applyOne(
        schema, SkipReason::UnreliableStructuredOutput,
        [](const Eval &e) { return e.offering->probes.structuredPassed; },
        [](const Eval &e) { return e.offering->probes.structuredTotal; });
    if (order == Order::Fixed)
        return;
    auto score = [&](const Eval &e) {
        const Domain::ProbeResults &p = e.offering->probes;
        return (tools ? passRate(p.toolsPassed, p.toolsTotal) : 0.0)
            + (schema ? passRate(p.structuredPassed, p.structuredTotal) : 0.0);
    };
    std::stable_sort(evals.begin(), evals.end(),
                     [&](const Eval &a, const Eval &b) { return score(a) > score(b); });
}

// The offerings of one model judged in order (reordered by pass rate only with Order::ByPassRate).
// Each offering serves from its own region, in a pool as in a Direct plan (R-DET).
QList<Eval> evaluateModel(const Context &ctx, const Domain::Model &planModel,
                          const Domain::Model &serving, const QStringList &poolRegions, Order order)
{
    QList<Eval> evals;
    evals.reserve(serving.offerings.size());
    for (const Domain::Offering &o : serving.offerings)
        evals << evaluate(ctx, planModel, serving, o, ctx.ws.servingRegion(serving, o),
                          poolRegions);
    applyReliability(ctx.request, evals, order);
    return evals;
}

QList<JudgedOffering> judged(QList<Eval> evals)
{
    QList<JudgedOffering> out;
    out.reserve(evals.size());
    for (Eval &e : evals)
        out << std::move(e.judged);
    return out;
}

StaticPlan staticPlanImpl(const Context &ctx, const Domain::Model &model)
{
    StaticPlan p;
    p.model = model.name;
    p.pool = model.isPool();
    if (!p.pool) {
        p.groups << StaticPlan::Group {
            {}, 0, {}, judged(evaluateModel(ctx, model, model, {}, Order::ByPassRate))
        };
        return p;
    }
    p.groups.reserve(model.pool.deployments.size());
    for (const Domain::PoolEntry &entry : model.pool.deployments) {
        StaticPlan::Group g { entry.model, std::max(1, entry.weight), {}, {} };
        const Domain::Model *dm = ctx.ws.model(entry.model);
        auto skip = [&](SkipReason reason, const Domain::Fact &detail) {
            g.skip = Domain::Skip { model.name, entry.model, {}, reason, {}, detail };
        };
        if (!dm)
            skip(SkipReason::Disabled, Domain::fact(FactCode::ModelMissing, { entry.model }));
        else if (!dm->enabled)
            skip(SkipReason::Disabled, Domain::fact(FactCode::ModelOff, { entry.model }));
        else if (dm->isPool())
            skip(SkipReason::CannotServe, Domain::fact(FactCode::PooledDeployment));
        else if (dm->offerings.isEmpty())
            skip(SkipReason::CannotServe, Domain::fact(FactCode::NoOfferings, { entry.model }));
        else
            g.offerings
                = judged(evaluateModel(ctx, model, *dm, model.pool.allowedRegions, Order::Fixed));
        p.groups << std::move(g);
    }
    return p;
}

// One judged offering at `nowMs`: whether it is cooling, and so eligible or skipped for what.
struct Now
{
    const JudgedOffering &j;
    bool cooling = false;

    bool eligible() const { return !cooling && j.failures.isEmpty(); }
    bool coolingOnly() const { return cooling && j.failures.isEmpty(); }
};

Now judgeNow(const JudgedOffering &j, const CooldownBook *cooldowns, qint64 nowMs)
{
    return {
        j, j.coolingAt >= 0 && cooldowns && cooldowns->coolingDown(j.candidate.cooldownId, nowMs)
    };
}

// The first failing check (R-PLAN-4): the cooldown when it comes before every other failure.
Domain::Skip skipFrom(const QString &planModel, const QString &candidate, const Now &n,
                      const CooldownBook *cooldowns, qint64 nowMs)
{
    const Candidate &c = n.j.candidate;
    if (n.cooling && n.j.coolingAt == 0) {
        const Domain::Fact detail = cooldowns->drained(c.cooldownId)
            ? Domain::fact(FactCode::DrainedByHand)
            : Domain::fact(FactCode::CoolingDownFor,
                           { cooldowns->remainingMs(c.cooldownId, nowMs) });
        return { planModel, candidate, c.connection, SkipReason::CoolingDown, {}, detail };
    }
    const Failure &f = n.j.failures.front();
    return { planModel, candidate, c.connection, f.reason, f.level, f.detail };
}

void finishCooling(const CooldownBook *cooldowns, qint64 nowMs, Plan &p)
{
    p.onlyCooldowns = p.candidates.isEmpty() && !p.coolingCandidates.isEmpty();
    p.earliestCooldownEndMs = -1;
    for (const Candidate &c : p.coolingCandidates) {
        const qint64 left = cooldowns ? cooldowns->remainingMs(c.cooldownId, nowMs) : 0;
        if (left < 0)
            continue; // drained: no end to wait for
        const qint64 end = nowMs + left;
        if (p.earliestCooldownEndMs < 0 || end < p.earliestCooldownEndMs)
            p.earliestCooldownEndMs = end;
    }
}

void finishDirect(const StaticPlan::Group &g, const QString &model, const CooldownBook *cooldowns,
                  qint64 nowMs, Plan &p)
{
    for (const JudgedOffering &j : g.offerings) {
        const Now n = judgeNow(j, cooldowns, nowMs);
        if (n.eligible())
            p.candidates << j.candidate;
        else {
            p.skips << skipFrom(model, j.candidate.connection, n, cooldowns, nowMs);
            if (n.coolingOnly())
                p.coolingCandidates << j.candidate;
        }
    }
    if (!p.candidates.isEmpty())
        p.candidates.front().firstChance = 1.0;
}

// A deployment contributes one candidate (R-PLAN-2, R-DET): its model's first offering, in their
// fixed order, that passes every filter of step 4, cooling_down and reliability included. Chosen
// when the plan is made, so a single-candidate plan retries that same offering (R-REC-3).
void finishDeployment(const StaticPlan::Group &g, const QString &pool,
                      const CooldownBook *cooldowns, qint64 nowMs, Plan &p)
{
    if (g.skip) {
        p.skips << *g.skip;
        return;
    }
    const JudgedOffering *coolingOne = nullptr;
    for (const JudgedOffering &j : g.offerings) {
        const Now n = judgeNow(j, cooldowns, nowMs);
        if (n.eligible()) {
            p.candidates << j.candidate;
            p.candidates.back().weight = g.weight;
            return;
        }
        if (!coolingOne && n.coolingOnly())
            coolingOne = &j;
    }
    const JudgedOffering &shown = coolingOne ? *coolingOne : g.offerings.front();
    p.skips << skipFrom(pool, g.deployment, judgeNow(shown, cooldowns, nowMs), cooldowns, nowMs);
    if (coolingOne) {
        p.coolingCandidates << coolingOne->candidate;
        p.coolingCandidates.back().weight = g.weight;
    }
}

void setWeightShares(QList<Candidate> &candidates)
{
    double total = 0;
    for (const Candidate &c : candidates)
        total += c.weight;
    for (Candidate &c : candidates)
        c.firstChance = total > 0 ? c.weight / total : 0.0;
}

// R-PLAN-1: weighted random order without repeats: each position is drawn in proportion to the
// weights of the deployments not yet placed (those keep their listing order).
QList<Candidate> weightedOrder(QList<Candidate> pool, RandomSource &random)
{
    QVarLengthArray<qsizetype, 8> left(pool.size());
    std::iota(left.begin(), left.end(), 0);
    QVarLengthArray<qsizetype, 8> order;
    while (!left.isEmpty()) {
        double total = 0;
        for (const qsizetype i : left)
            total += pool.at(i).weight;
        double x = random.uniform() * total;
        qsizetype pick = left.size() - 1; // guards rounding at the top end
        for (qsizetype k = 0; k < left.size(); ++k) {
            if (x < pool.at(left[k]).weight) {
                pick = k;
                break;
            }
            x -= pool.at(left[k]).weight;
        }
        order << left[pick];
        left.remove(pick);
    }
    if (std::is_sorted(order.cbegin(), order.cend()))
        return pool; // drawn in listing order: the list as it is
    QList<Candidate> out;
    out.reserve(pool.size());
    for (const qsizetype i : order)
        out << pool.at(i); // the list may be shared: read, not detached
    return out;
}

} // namespace

QString Candidate::key() const
{
    return connection + u'/' + upstreamModel;
}

std::optional<Domain::ApiTranslation> howServed(Domain::Dialect dialect, Domain::Endpoint endpoint)
{
    using Domain::ApiTranslation;
    using Domain::Endpoint;
    switch (dialect) {
    case Domain::Dialect::OpenAi:
    case Domain::Dialect::AzureOpenAi:
        if (endpoint == Endpoint::Responses)
            return ApiTranslation::ResponsesToChat;
        return endpoint == Endpoint::Messages ? ApiTranslation::MessagesToChat
                                              : ApiTranslation::None;
    case Domain::Dialect::Anthropic:
        if (endpoint == Endpoint::Embeddings)
            return std::nullopt;
        if (endpoint == Endpoint::Responses)
            return ApiTranslation::ResponsesToMessages;
        return endpoint == Endpoint::ChatCompletions ? ApiTranslation::ChatToMessages
                                                     : ApiTranslation::None;
    case Domain::Dialect::Simulator: // speaks chat completions and messages itself
        return endpoint == Endpoint::Responses ? ApiTranslation::ResponsesToChat
                                               : ApiTranslation::None;
    }
    return std::nullopt;
}

StaticPlan staticPlan(const Domain::Workspace &ws, const Domain::Model &model,
                      const RequestSummary &request, const EffectiveDirectives &directives,
                      const std::optional<QStringList> &regionHeader, const CooldownBook *ids)
{
    StaticPlan p = staticPlanImpl({ ws, request, directives, regionHeader, ids }, model);
    p.whenNoneCooling = finishPlan(p, nullptr, 0, nullptr);
    return p;
}

// Whether any offering of the plan is cooling or drained at `nowMs`.
bool anyCooling(const StaticPlan &sp, const CooldownBook *cooldowns, qint64 nowMs)
{
    if (!cooldowns || cooldowns->isEmpty())
        return false;
    for (const StaticPlan::Group &g : sp.groups) {
        for (const JudgedOffering &j : g.offerings) {
            if (judgeNow(j, cooldowns, nowMs).cooling)
                return true;
        }
    }
    return false;
}

Plan finishPlan(const StaticPlan &sp, const CooldownBook *cooldowns, qint64 nowMs,
                RandomSource *random)
{
    if (!sp.whenNoneCooling.model.isNull() && !anyCooling(sp, cooldowns, nowMs)) {
        Plan p = sp.whenNoneCooling; // finishing it without cooldowns gives the same
        if (sp.pool && random)
            p.candidates = weightedOrder(std::move(p.candidates), *random);
        return p;
    }
    Plan p;
    p.model = sp.model;
    if (sp.pool) {
        p.candidates.reserve(sp.groups.size());
        for (const StaticPlan::Group &g : sp.groups)
            finishDeployment(g, sp.model, cooldowns, nowMs, p);
        setWeightShares(p.candidates);
    } else if (!sp.groups.isEmpty()) {
        p.candidates.reserve(sp.groups.front().offerings.size());
        finishDirect(sp.groups.front(), sp.model, cooldowns, nowMs, p);
    }
    finishCooling(cooldowns, nowMs, p);
    if (sp.pool && random)
        p.candidates = weightedOrder(std::move(p.candidates), *random);
    return p;
}

Plan plan(const Domain::Workspace &ws, const Domain::Model &model, const RequestSummary &request,
          const EffectiveDirectives &directives, const std::optional<QStringList> &regionHeader,
          const CooldownBook &cooldowns, qint64 nowMs, RandomSource &random)
{
    return finishPlan(staticPlan(ws, model, request, directives, regionHeader, &cooldowns),
                      &cooldowns, nowMs, &random);
}

Plan planUnordered(const Domain::Workspace &ws, const Domain::Model &model,
                   const RequestSummary &request, const EffectiveDirectives &directives,
                   const std::optional<QStringList> &regionHeader, const CooldownBook *cooldowns,
                   qint64 nowMs)
{
    return finishPlan(staticPlan(ws, model, request, directives, regionHeader, cooldowns),
                      cooldowns, nowMs, nullptr);
}

} // namespace Routing
