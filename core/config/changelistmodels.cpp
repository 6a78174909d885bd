#include "changelistparts.h"

using namespace Qt::StringLiterals;

namespace Config::Detail {
namespace {

QString routeName(Domain::RouteKind r)
{
    return r == Domain::RouteKind::Pool ? u"Pool"_s : u"Direct"_s;
}

QString offeringKey(const Domain::Offering &o)
{
    return o.connection % u" ("_s % o.upstreamModel % u')';
}

void servingRegionChanges(ChangeSink &s, const QString &b, const QString &a)
{
    if (b == a)
        return;
    if (b.isEmpty())
        s.add(u"Serving region: Default → Override (%1)"_s.arg(a));
    else if (a.isEmpty())
        s.add(u"Serving region: Override (%1) → Default"_s.arg(b));
    else
        s.add(u"Serving region: %1 → %2"_s.arg(b, a));
}

void recoverySettingChanges(ChangeSink &s, const Domain::RecoverySettings &b,
                            const Domain::RecoverySettings &a)
{
    s.diffNumber(u"Attempts"_s, b.attempts, a.attempts);
    s.diffNumber(u"Deadline, ms"_s, b.deadlineMs, a.deadlineMs);
    s.diffNumber(u"Backoff, ms"_s, b.backoffFirstMs, a.backoffFirstMs);
    s.diffNumber(u"Backoff maximum, ms"_s, b.backoffMaxMs, a.backoffMaxMs);
    s.diffNumber(u"Cooldown, ms"_s, b.cooldownMs, a.cooldownMs);
}

// Values hidden behind Default are not listed: only what routing will use changes (R-UI-4).
void recoveryChanges(ChangeSink &s, const Domain::Recovery &b, const Domain::Recovery &a)
{
    if (b.overridden != a.overridden) {
        s.add(a.overridden ? u"Recovery: Default → Override"_s : u"Recovery: Override → Default"_s);
        if (!a.overridden)
            return;
    }
    if (a.overridden)
        recoverySettingChanges(s, b.effective(), a.effective());
}

void poolChanges(ChangeSink &s, const Domain::Pool &b, const Domain::Pool &a)
{
    QStringList keptBefore;
    QStringList keptAfter;
    for (const Domain::PoolEntry &e : a.deployments) {
        const auto it = std::find_if(b.deployments.cbegin(), b.deployments.cend(),
                                     [&](const Domain::PoolEntry &x) { return x.model == e.model; });
        if (it == b.deployments.cend()) {
            s.add(u"Add deployment %1 (weight %2)"_s.arg(e.model, groupedNumber(e.weight)));
            continue;
        }
        keptAfter << e.model;
        s.diffNumber(u"Weight of "_s + e.model, it->weight, e.weight);
    }
    for (const Domain::PoolEntry &e : b.deployments) {
        const bool kept = std::any_of(a.deployments.cbegin(), a.deployments.cend(),
                                      [&](const Domain::PoolEntry &x) { return x.model == e.model; });
        if (kept)
            keptBefore << e.model;
        else
            s.add(u"Remove deployment "_s + e.model);
    }
    s.diff(u"Deployment order"_s, keptBefore.join(u", "_s), keptAfter.join(u", "_s));
    s.diff(u"Allowed regions"_s, listOr(b.allowedRegions, u"none"_s),
           listOr(a.allowedRegions, u"none"_s));
}

QString webSearch(const QStringList &versions)
{
    return listOr(versions, u"none"_s);
}

QString probes(const Domain::ProbeResults &p)
{
    return u"tools %1/%2, structured output %3/%4"_s.arg(
        QString::number(p.toolsPassed), QString::number(p.toolsTotal),
        QString::number(p.structuredPassed), QString::number(p.structuredTotal));
}

void offeringFieldChanges(ChangeSink &s, const Domain::Offering &b, const Domain::Offering &a)
{
    const QString of = u" of offering "_s + a.connection;
    s.diff(u"Precision"_s + of, Domain::toString(b.precision), Domain::toString(a.precision));
    s.diff(u"Tools"_s + of, b.capabilities.tools, a.capabilities.tools);
    s.diff(u"Structured output"_s + of, b.capabilities.structuredOutput,
           a.capabilities.structuredOutput);
    s.diff(u"Vision"_s + of, b.capabilities.vision, a.capabilities.vision);
    s.diff(u"Web search tool versions"_s + of, webSearch(b.capabilities.webSearchToolVersions),
           webSearch(a.capabilities.webSearchToolVersions));
    s.diff(u"Certified"_s + of, b.certified ? u"yes"_s : u"no"_s, a.certified ? u"yes"_s : u"no"_s);
    s.diff(u"Probe results"_s + of, probes(b.probes), probes(a.probes));
}

void offeringChanges(ChangeSink &s, const QList<Domain::Offering> &b,
                     const QList<Domain::Offering> &a)
{
    QStringList keptBefore;
    QStringList keptAfter;
    for (const Domain::Offering &o : a) {
        const auto it = std::find_if(b.cbegin(), b.cend(), [&](const Domain::Offering &x) {
            return offeringKey(x) == offeringKey(o);
        });
        if (it == b.cend()) {
            s.add(u"Add offering "_s + offeringKey(o));
            continue;
        }
        keptAfter << o.connection;
        offeringFieldChanges(s, *it, o);
    }
    for (const Domain::Offering &o : b) {
        const bool kept = std::any_of(a.cbegin(), a.cend(), [&](const Domain::Offering &x) {
            return offeringKey(x) == offeringKey(o);
        });
        if (kept)
            keptBefore << o.connection;
        else
            s.add(u"Remove offering "_s + offeringKey(o));
    }
    // R-PLAN-3: the order of offerings is the order of attempts, so a reorder is a change.
    s.diff(u"Offering order"_s, keptBefore.join(u", "_s), keptAfter.join(u", "_s));
}

void modelFieldChanges(ChangeSink &s, const Domain::Model &b, const Domain::Model &a)
{
    s.diff(u"Enabled"_s, b.enabled, a.enabled);
    s.diff(u"Modality"_s, Domain::toString(b.modality), Domain::toString(a.modality));
    s.diff(u"Input price per 1M tokens"_s, decimal(b.inputPricePerMTok), decimal(a.inputPricePerMTok));
    s.diff(u"Output price per 1M tokens"_s, decimal(b.outputPricePerMTok),
           decimal(a.outputPricePerMTok));
    s.diffNumber(u"Context window"_s, b.contextWindow, a.contextWindow);
    servingRegionChanges(s, b.servingRegionOverride, a.servingRegionOverride);
    recoveryChanges(s, b.recovery, a.recovery);
    s.diff(u"Deployment pool"_s, routeName(b.route), routeName(a.route));
    poolChanges(s, b.pool, a.pool);
    offeringChanges(s, b.offerings, a.offerings);
}

} // namespace

void modelChanges(QList<Change> &out, const Domain::Workspace &before, const Domain::Workspace &after)
{
    for (const Domain::Model &a : after.models) {
        ChangeSink s(out, u"Model "_s + a.name, a.name);
        if (const Domain::Model *b = before.model(a.name))
            modelFieldChanges(s, *b, a);
        else
            s.add(u"Create model "_s + a.name);
    }
    for (const Domain::Model &b : before.models) {
        if (!after.model(b.name))
            ChangeSink(out, u"Model "_s + b.name, b.name).add(u"Delete model "_s + b.name);
    }
}

} // namespace Config::Detail
