#include "admission.h"

#include "regionheader.h"
#include "requiredfields.h"
#include "util/check.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Routing {
namespace {

using Domain::FactCode;

void refuse(Admission &a, int status, Domain::CallError error)
{
    a.refusal = CallerError { status, std::move(error), {}, {} };
}

} // namespace

int attemptBudget(const Domain::RecoverySettings &recovery, const EffectiveDirectives &directives)
{
    const int cap = directives.maxApplicationAttempts.value;
    return cap > 0 ? std::min(recovery.attempts, cap) : recovery.attempts;
}

Admission admit(const Domain::Workspace &ws, const RequestSummary &r, QDate todayUtc)
{
    Admission a;
    a.recovery = ws.recoveryDefaults;
    auto resolved = resolveAlias(ws, r.model, todayUtc);
    if (!resolved) {
        refuse(a, 404, Domain::callErrorNamed(resolved.error().code, resolved.error().message));
        return a;
    }
    a.alias = resolved.value();
    a.model = ws.model(a.alias.model);
    // resolveAlias only names models of the snapshot.
    SB_CHECK(a.model,
             refuse(a, 404,
                    { Domain::CallErrorCode::ModelNotFound,
                      u"The model or alias \"%1\" does not exist."_s.arg(r.model) });
             return a);
    a.directives = mergeDirectives(ws, r.projectId, r.keyId, &a.alias);
    a.recovery = ws.recovery(*a.model);
    a.attempts = attemptBudget(a.recovery, a.directives);
    if (r.requiredFields) {
        const RequiredFields effective
            = withPresetDefaults(*r.requiredFields, a.alias.presetDefaults, r.endpoint);
        if (const auto missing = checkRequiredFields(effective, r.endpoint)) {
            a.refusalClass = Domain::ErrorClass::InvalidRequest; // the caller's, like bad JSON
            refuse(a, 400, { Domain::CallErrorCode::InvalidRequest, missing->message });
            return a;
        }
    }
    Domain::DirectiveLevel level = Domain::DirectiveLevel::None;
    if (!a.directives.modelAllowed(a.model->name, &level)) {
        refuse(a, 403,
               { Domain::CallErrorCode::ModelNotAllowed, a.model->name, Domain::toString(level) });
        return a;
    }
    if (!a.model->enabled) {
        refuse(a, 403, { Domain::CallErrorCode::ModelDisabled, a.model->name });
        return a;
    }
    auto header = parseRegionHeader(r.regionHeaderLines);
    if (!header) {
        refuse(a, 400, Domain::callErrorNamed(header.error().code, header.error().message));
        return a;
    }
    a.regionHeader = header.value();
    return a;
}

FallbackVerdict fallbackVerdict(const Domain::Workspace &ws, const QString &name,
                                const QString &requestedModel, const RequestSummary &r,
                                const EffectiveDirectives &dir)
{
    FallbackVerdict v;
    const Domain::Model *m = ws.model(name);
    FactCode why = FactCode::FallbackCanTake;
    if (!m)
        why = FactCode::FallbackNoSuchModel;
    else if (name == requestedModel)
        why = FactCode::FallbackIsRequested;
    else if (!m->enabled)
        why = FactCode::FallbackModelOff;
    else if (!dir.modelAllowed(name))
        why = FactCode::FallbackNotAllowed;
    else if (m->modality != r.modality)
        why = FactCode::FallbackOtherModality;
    else if (!fitsContext(*m, r))
        why = FactCode::FallbackContextTooSmall;
    v.qualifies = why == FactCode::FallbackCanTake;
    v.reason = Domain::fact(why);
    return v;
}

FallbackVerdict withPlanNow(FallbackVerdict v, const StaticPlan &plan,
                            const CooldownBook *cooldowns, qint64 nowMs)
{
    v.plan = finishPlan(plan, cooldowns, nowMs, nullptr);
    if (v.plan.candidates.isEmpty()) {
        v.qualifies = false;
        v.reason = Domain::fact(FactCode::FallbackNoCandidate);
    }
    return v;
}

FallbackVerdict fallbackVerdictNow(const Domain::Workspace &ws, const QString &name,
                                   const QString &requestedModel, const RequestSummary &request,
                                   const EffectiveDirectives &directives,
                                   const std::optional<QStringList> &regionHeader,
                                   const CooldownBook *cooldowns, qint64 nowMs)
{
    FallbackVerdict v = fallbackVerdict(ws, name, requestedModel, request, directives);
    if (!v.qualifies)
        return v;
    const Domain::Model *m = ws.model(name);
    SB_CHECK(m, v.qualifies = false; v.reason = Domain::fact(FactCode::FallbackNoSuchModel);
             return v);
    return withPlanNow(std::move(v),
                       staticPlan(ws, *m, request, directives, regionHeader, cooldowns), cooldowns,
                       nowMs);
}

} // namespace Routing
