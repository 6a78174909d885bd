#pragma once

#include "aliasresolver.h"
#include "cooldownbook.h"
#include "directiveset.h"
#include "domain/fact.h"
#include "domain/workspace.h"
#include "outcome.h"
#include "planner.h"
#include "requestsummary.h"

#include <QDate>
#include <QStringList>
#include <optional>

// The rules that the router (what the gateway does) and the route explainer (what the studio says
// it would do) share, written once (STYLE.md "Each rule written once").
namespace Routing {

// SPEC §2 steps 2–4 up to the plan, in the order of R-DET: alias (404 model_not_found), required
// fields with the preset's defaults (400 invalid_request), directives (403 model_not_allowed),
// disabled (403 model_disabled), region header (400 invalid_region_header). What was learned
// before a refusal is kept (the explainer shows it; the receipt names the resolved model).
struct Admission
{
    AliasResolution alias;
    const Domain::Model *model = nullptr; // the model the call runs as; null when not resolved
    EffectiveDirectives directives;
    Domain::RecoverySettings recovery; // the model's, governing the whole call (R-REC-9)
    int attempts = 0; // attemptBudget()
    std::optional<QStringList> regionHeader;
    std::optional<CallerError> refusal; // the call ends before planning
    Domain::ErrorClass refusalClass = Domain::ErrorClass::None; // InvalidRequest for a bad body
};

Admission admit(const Domain::Workspace &ws, const RequestSummary &request, QDate todayUtc);

// The model's context window takes the request's prompt and the output it asks for: a fallback
// model's rule (R-FALL-*), and a mixed-model suggestion's.
inline bool fitsContext(const Domain::Model &m, const RequestSummary &r)
{
    return qint64(m.contextWindow) >= r.contextTokens + r.maxOutputTokens;
}

// R-REC-1: min(Attempts setting, routing.maxApplicationAttempts if any level sets it).
int attemptBudget(const Domain::RecoverySettings &recovery, const EffectiveDirectives &directives);

// Whether a fallback model may take attempts the requested model leaves (R-FALL-*), with the
// reason: fallback_can_take, or the first rule it breaks (fallback_no_such_model,
// fallback_is_requested, fallback_model_off, fallback_not_allowed, fallback_other_modality,
// fallback_context_too_small); with `cooldowns` given, also fallback_no_candidate when its plan has
// no candidate free at `nowMs`. Capabilities and endpoint are judged per candidate by the plan.
struct FallbackVerdict
{
    bool qualifies = false;
    Domain::Fact reason;
    Plan plan; // its unordered plan, when it was made
};

FallbackVerdict fallbackVerdict(const Domain::Workspace &ws, const QString &name,
                                const QString &requestedModel, const RequestSummary &request,
                                const EffectiveDirectives &directives);
// A qualifying verdict with its plan at `nowMs`; no longer qualifying when that plan is empty.
FallbackVerdict withPlanNow(FallbackVerdict v, const StaticPlan &plan,
                            const CooldownBook *cooldowns, qint64 nowMs);
FallbackVerdict fallbackVerdictNow(const Domain::Workspace &ws, const QString &name,
                                   const QString &requestedModel, const RequestSummary &request,
                                   const EffectiveDirectives &directives,
                                   const std::optional<QStringList> &regionHeader,
                                   const CooldownBook *cooldowns, qint64 nowMs);

} // namespace Routing
