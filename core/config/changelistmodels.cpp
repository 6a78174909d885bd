#include "changelistparts.h"
#include "recoveryfields.h"
#include "tr.h"

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
        s.add(Tr::tr("Serving region: Default → Override (%1)").arg(a));
    else if (a.isEmpty())
        s.add(Tr::tr("Serving region: Override (%1) → Default").arg(b));
    else
        s.add(Tr::tr("Serving region: %1 → %2").arg(b, a));
}

// Values hidden behind Default are not listed: only what routing will use changes (R-UI-4). Going
// from Default to Override lists what differs from the workspace's defaults (R-REC-9).
void recoveryChanges(ChangeSink &s, const Domain::Recovery &b, const Domain::Recovery &a,
                     const Domain::RecoverySettings &defaultsBefore)
{
    if (b.overridden != a.overridden) {
        s.add(a.overridden ? Tr::tr("Recovery: Default → Override")
                           : Tr::tr("Recovery: Override → Default"));
        if (!a.overridden)
            return;
    }
    if (a.overridden)
        recoverySettingChanges(s, b.effective(defaultsBefore), a.override);
}

void poolChanges(ChangeSink &s, const Domain::Pool &b, const Domain::Pool &a)
{
    QStringList keptBefore;
    QStringList keptAfter;
    for (const Domain::PoolEntry &e : a.deployments) {
        const auto it
            = std::find_if(b.deployments.cbegin(), b.deployments.cend(),
                           [&](const Domain::PoolEntry &x) { return x.model == e.model; });
        if (it == b.deployments.cend()) {
            s.add(Tr::tr("Add deployment %1 (weight %2)").arg(e.model, groupedNumber(e.weight)));
            continue;
        }
        keptAfter << e.model;
        s.diffNumber(Tr::tr("Weight of ") + e.model, it->weight, e.weight);
    }
    for (const Domain::PoolEntry &e : b.deployments) {
        const bool kept
            = std::any_of(a.deployments.cbegin(), a.deployments.cend(),
                          [&](const Domain::PoolEntry &x) { return x.model == e.model; });
        if (kept)
            keptBefore << e.model;
        else
            s.add(Tr::tr("Remove deployment ") + e.model);
    }
    s.diff(Tr::tr("Deployment order"), keptBefore.join(u", "_s), keptAfter.join(u", "_s));
    s.diff(Tr::tr("Allowed regions"), listOr(b.allowedRegions, u"none"_s),
           listOr(a.allowedRegions, u"none"_s));
}

QString webSearch(const QStringList &versions)
{
    return listOr(versions, u"none"_s);
}

QString probes(const Domain::ProbeResults &p)
{
    return Tr::tr("tools %1/%2, structured output %3/%4")
        .arg(QString::number(p.toolsPassed), QString::number(p.toolsTotal),
             QString::number(p.structuredPassed), QString::number(p.structuredTotal));
}

void offeringFieldChanges(ChangeSink &s, const Domain::Offering &b, const Domain::Offering &a)
{
    const QString of = Tr::tr(" of offering ") + a.connection;
    s.diff(Tr::tr("Precision") + of, Domain::toString(b.precision), Domain::toString(a.precision));
    s.diff(Tr::tr("Tools") + of, b.capabilities.tools, a.capabilities.tools);
    s.diff(Tr::tr("Structured output") + of, b.capabilities.structuredOutput,
           a.capabilities.structuredOutput);
    s.diff(Tr::tr("Vision") + of, b.capabilities.vision, a.capabilities.vision);
    s.diff(Tr::tr("Web search tool versions") + of, webSearch(b.capabilities.webSearchToolVersions),
           webSearch(a.capabilities.webSearchToolVersions));
    s.diff(Tr::tr("Certified") + of, b.certified ? u"yes"_s : u"no"_s,
           a.certified ? u"yes"_s : u"no"_s);
    s.diff(Tr::tr("Probe results") + of, probes(b.probes), probes(a.probes));
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
            s.add(Tr::tr("Add offering ") + offeringKey(o));
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
            s.add(Tr::tr("Remove offering ") + offeringKey(o));
    }
    // R-PLAN-3: the order of offerings is the order of attempts, so a reorder is a change.
    s.diff(Tr::tr("Offering order"), keptBefore.join(u", "_s), keptAfter.join(u", "_s));
}

void modelFieldChanges(ChangeSink &s, const Domain::Model &b, const Domain::Model &a,
                       const Domain::RecoverySettings &defaultsBefore)
{
    s.diff(Tr::tr("Enabled"), b.enabled, a.enabled);
    s.diff(Tr::tr("Modality"), Domain::toString(b.modality), Domain::toString(a.modality));
    s.diff(Tr::tr("Input price per 1M tokens"), decimal(b.inputPricePerMTok),
           decimal(a.inputPricePerMTok));
    s.diff(Tr::tr("Output price per 1M tokens"), decimal(b.outputPricePerMTok),
           decimal(a.outputPricePerMTok));
    s.diffNumber(Tr::tr("Context window"), b.contextWindow, a.contextWindow);
    servingRegionChanges(s, b.servingRegionOverride, a.servingRegionOverride);
    recoveryChanges(s, b.recovery, a.recovery, defaultsBefore);
    s.diff(Tr::tr("Deployment pool"), routeName(b.route), routeName(a.route));
    poolChanges(s, b.pool, a.pool);
    offeringChanges(s, b.offerings, a.offerings);
}

} // namespace

void recoverySettingChanges(ChangeSink &s, const Domain::RecoverySettings &b,
                            const Domain::RecoverySettings &a)
{
    for (const RecoveryFieldSpec &f : recoveryFields())
        s.diffNumber(recoveryFieldLabel(f.field), b.value(f.field), a.value(f.field));
}

void modelChanges(QList<Change> &out, const Domain::Workspace &before,
                  const Domain::Workspace &after)
{
    for (const Domain::Model &a : after.models) {
        ChangeSink s(out, Tr::tr("Model ") + a.name, a.name);
        if (const Domain::Model *b = before.model(a.name))
            modelFieldChanges(s, *b, a, before.recoveryDefaults);
        else
            s.add(Tr::tr("Create model ") + a.name);
    }
    for (const Domain::Model &b : before.models) {
        if (!after.model(b.name))
            ChangeSink(out, Tr::tr("Model ") + b.name, b.name)
                .add(Tr::tr("Delete model ") + b.name);
    }
}

} // namespace Config::Detail
