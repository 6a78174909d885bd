#include "changelistparts.h"
#include "recoveryfields.h"

#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace Config::Detail {
namespace {

QString offeringKey(const Domain::Offering &o)
{
    return o.connection % u" ("_s % o.upstreamModel % u')';
}

// Values hidden behind Default are not listed: only what routing will use changes (R-UI-4). Going
// from Default to Override lists what differs from the workspace's defaults (R-REC-9).
void recoveryChanges(ChangeSink &s, const Domain::Recovery &b, const Domain::Recovery &a,
                     const Domain::RecoverySettings &defaultsBefore)
{
    if (b.overridden != a.overridden) {
        // "recovery": whether the model overrides the workspace's defaults.
        s.add(u"recovery"_s, b.overridden, a.overridden);
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
            s.add(u"pool.add"_s, {}, e.weight, e.model);
            continue;
        }
        keptAfter << e.model;
        s.diff(u"pool.weight"_s, it->weight, e.weight, e.model);
    }
    for (const Domain::PoolEntry &e : b.deployments) {
        const bool kept
            = std::any_of(a.deployments.cbegin(), a.deployments.cend(),
                          [&](const Domain::PoolEntry &x) { return x.model == e.model; });
        if (kept)
            keptBefore << e.model;
        else
            s.add(u"pool.remove"_s, e.weight, {}, e.model);
    }
    s.diff(u"pool.order"_s, keptBefore, keptAfter);
    s.diff(u"pool.allowedRegions"_s, b.allowedRegions, a.allowedRegions);
}

QJsonObject probes(const Domain::ProbeResults &p)
{
    return QJsonObject { { u"toolsPassed"_s, p.toolsPassed },
                         { u"toolsTotal"_s, p.toolsTotal },
                         { u"structuredPassed"_s, p.structuredPassed },
                         { u"structuredTotal"_s, p.structuredTotal } };
}

void offeringFieldChanges(ChangeSink &s, const Domain::Offering &b, const Domain::Offering &a)
{
    const QString &of = a.connection;
    s.diff(u"offering.precision"_s, Domain::toString(b.precision), Domain::toString(a.precision),
           of);
    s.diff(u"offering.tools"_s, b.capabilities.tools, a.capabilities.tools, of);
    s.diff(u"offering.structuredOutput"_s, b.capabilities.structuredOutput,
           a.capabilities.structuredOutput, of);
    s.diff(u"offering.vision"_s, b.capabilities.vision, a.capabilities.vision, of);
    s.diff(u"offering.webSearchToolVersions"_s, b.capabilities.webSearchToolVersions,
           a.capabilities.webSearchToolVersions, of);
    s.diff(u"offering.certified"_s, b.certified, a.certified, of);
    s.diff(u"offering.probes"_s, probes(b.probes), probes(a.probes), of);
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
            s.add(u"offering.add"_s, {}, o.upstreamModel, o.connection);
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
            s.add(u"offering.remove"_s, o.upstreamModel, {}, o.connection);
    }
    // R-PLAN-3: the order of offerings is the order of attempts, so a reorder is a change.
    s.diff(u"offering.order"_s, keptBefore, keptAfter);
}

// Field "quality.<class>" (a TaskClass wire name); 0 is not rated.
void qualityChanges(ChangeSink &s, const Domain::QualityTiers &b, const Domain::QualityTiers &a)
{
    for (int i = 0; i < Domain::kTaskClassCount; ++i) {
        const auto c = Domain::TaskClass(i);
        s.diff(u"quality."_s + Domain::toString(c), b.tier(c), a.tier(c));
    }
}

void modelFieldChanges(ChangeSink &s, const Domain::Model &b, const Domain::Model &a,
                       const Domain::RecoverySettings &defaultsBefore)
{
    s.diff(u"enabled"_s, b.enabled, a.enabled);
    s.diff(u"modality"_s, Domain::toString(b.modality), Domain::toString(a.modality));
    s.diff(u"inputPricePerMTok"_s, b.inputPricePerMTok, a.inputPricePerMTok);
    s.diff(u"outputPricePerMTok"_s, b.outputPricePerMTok, a.outputPricePerMTok);
    s.diff(u"contextWindow"_s, b.contextWindow, a.contextWindow);
    s.diff(u"maxOutputTokens"_s, b.maxOutputTokens, a.maxOutputTokens);
    // "" is Default: the workspace's serving region applies.
    s.diff(u"servingRegion"_s, b.servingRegionOverride, a.servingRegionOverride);
    qualityChanges(s, b.quality, a.quality);
    recoveryChanges(s, b.recovery, a.recovery, defaultsBefore);
    s.diff(u"route"_s, Domain::toString(b.route), Domain::toString(a.route));
    poolChanges(s, b.pool, a.pool);
    offeringChanges(s, b.offerings, a.offerings);
}

} // namespace

void recoverySettingChanges(ChangeSink &s, const Domain::RecoverySettings &b,
                            const Domain::RecoverySettings &a)
{
    for (const RecoveryFieldSpec &f : recoveryFields())
        s.diff(u"recovery."_s + f.key, b.value(f.field), a.value(f.field));
}

void modelChanges(QList<Change> &out, const Domain::Workspace &before,
                  const Domain::Workspace &after)
{
    for (const Domain::Model &a : after.models) {
        ChangeSink s(out, Change::Entity::Model, a.name);
        if (const Domain::Model *b = before.model(a.name))
            modelFieldChanges(s, *b, a, before.recoveryDefaults);
        else
            s.add(u"create"_s);
    }
    for (const Domain::Model &b : before.models) {
        if (!after.model(b.name))
            ChangeSink(out, Change::Entity::Model, b.name).add(u"delete"_s);
    }
}

} // namespace Config::Detail
