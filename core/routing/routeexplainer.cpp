#include "routeexplainer.h"

#include "outcome.h"
#include "overview.h"
#include "regionheader.h"
#include "requiredfields.h"
#include "tr.h"

#include <QLocale>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace Routing {
namespace {

void refuse(Explanation &e, int status, const QString &code, const QString &message)
{
    e.refused = true;
    e.httpStatus = status;
    e.errorCode = code;
    e.errorMessage = message;
}

// Steps 2–4 of SPEC §2 up to the plan; false when the call would be refused before planning.
bool checkRequest(Explanation &e, const Domain::Workspace &ws, const RequestSummary &r, QDate today,
                  EffectiveDirectives &dir, std::optional<QStringList> &header)
{
    auto resolved = resolveAlias(ws, r.model, today);
    if (!resolved) {
        refuse(e, 404, resolved.error().code, resolved.error().message);
        return false;
    }
    e.alias = resolved.value();
    e.model = e.alias.model;
    if (r.body) {
        const QJsonObject effective
            = applyPresetDefaults(*r.body, e.alias.presetDefaults, r.endpoint);
        if (const auto missing = checkRequiredFields(effective, r.endpoint)) {
            refuse(e, 400, u"invalid_request"_s, missing->message);
            return false;
        }
    }
    dir = mergeDirectives(ws, r.projectId, r.keyId, &e.alias);
    const Domain::Model *m = ws.model(e.model);
    e.pool = m->isPool();
    e.recovery = ws.recovery(*m);
    e.attemptsCap = dir.maxApplicationAttempts;
    e.attempts = e.recovery.attempts;
    if (dir.maxApplicationAttempts.value > 0)
        e.attempts = std::min(e.attempts, dir.maxApplicationAttempts.value);
    e.fallbackDecision = dir.allowModelFallback;
    e.fallbackOn = dir.fallbackEnabled();
    Domain::DirectiveLevel level = Domain::DirectiveLevel::None;
    if (!dir.modelAllowed(m->name, &level)) {
        refuse(e, 403, u"model_not_allowed"_s,
               Tr::tr("The model \"%1\" is not allowed by the %2 directives.")
                   .arg(m->name, Domain::toString(level)));
        return false;
    }
    if (!m->enabled) {
        refuse(e, 403, u"model_disabled"_s, Tr::tr("The model \"%1\" is disabled.").arg(m->name));
        return false;
    }
    auto parsed = parseRegionHeader(r.regionHeaderLines);
    if (!parsed) {
        refuse(e, 400, parsed.error().code, parsed.error().message);
        return false;
    }
    header = parsed.value();
    return true;
}

FallbackExplanation explainFallback(const Domain::Workspace &ws, const RequestSummary &r,
                                    const EffectiveDirectives &dir,
                                    const std::optional<QStringList> &header,
                                    const CooldownBook *cooldowns, qint64 nowMs,
                                    const QString &requested, const QString &name)
{
    FallbackExplanation f { name, false, {}, {}, {} };
    const Domain::Model *m = ws.model(name);
    if (!m)
        f.reason = Tr::tr("no such model");
    else if (name == requested)
        f.reason = Tr::tr("it is the requested model");
    else if (!m->enabled)
        f.reason = Tr::tr("the model is off");
    else if (!dir.modelAllowed(name))
        f.reason = Tr::tr("not allowed by the directives");
    else if (m->modality != r.modality)
        f.reason = Tr::tr("different modality");
    else if (qint64(m->contextWindow) < r.contextTokens + r.maxOutputTokens)
        f.reason = Tr::tr("its context window is too small for the request");
    if (!f.reason.isEmpty())
        return f;
    const Plan p = planUnordered(ws, *m, r, dir, header, cooldowns, nowMs);
    f.candidates = p.candidates;
    f.skips = p.skips;
    f.qualifies = !p.candidates.isEmpty();
    f.reason = f.qualifies ? Tr::tr("can take attempts the requested model leaves")
                           : Tr::tr("no candidate can serve the request now");
    return f;
}

// Attempts the plan can use and the worst-case time they take, per SPEC R-REC-3/4/7.
void estimateWorstCase(Explanation &e, bool stream)
{
    const bool single = e.candidates.size() == 1;
    const auto fb = std::find_if(e.fallbacks.cbegin(), e.fallbacks.cend(),
                                 [](const FallbackExplanation &f) { return f.qualifies; });
    const bool reserve = fb != e.fallbacks.cend() && e.attempts >= 2;
    e.attemptsForRequested = reserve ? e.attempts - 1 : e.attempts;
    if (!single)
        e.attemptsForRequested = std::min<int>(e.attemptsForRequested, int(e.candidates.size()));
    int planned = e.attemptsForRequested;
    for (auto it = fb; it != e.fallbacks.cend() && planned < e.attempts; ++it) {
        if (it->qualifies)
            planned = it->candidates.size() == 1
                ? e.attempts
                : std::min<int>(e.attempts, planned + int(it->candidates.size()));
    }
    // R-REC-7, R-REC-9: the stream start timeout only on streaming requests.
    const qint64 perAttempt
        = stream ? e.recovery.streamStartTimeoutMs : e.recovery.connectTimeoutMs;
    e.worstCaseMs = planned * perAttempt;
    for (int k = 1; k < planned; ++k) {
        const qint64 backoff = backoffMs(e.recovery, k);
        e.worstCaseMs += single && k < e.attemptsForRequested
            ? std::max<qint64>(backoff, e.candidates.front().cooldownMs)
            : backoff;
    }
    e.deadlineWarning = e.worstCaseMs > e.recovery.deadlineMs;
}

void addNotes(Explanation &e)
{
    const QLocale l(QLocale::English, QLocale::UnitedStates);
    const QStringList timeouts = timeoutPhrases(e.recovery, l);
    if (timeouts.isEmpty())
        e.notes << Tr::tr("Up to %1 attempts, deadline %2 ms.")
                       .arg(l.toString(e.attempts), l.toString(e.recovery.deadlineMs));
    else
        e.notes << Tr::tr("Up to %1 attempts, deadline %2 ms, %3.")
                       .arg(l.toString(e.attempts), l.toString(e.recovery.deadlineMs),
                            timeouts.join(u", "_s));
    QStringList names;
    for (const FallbackExplanation &f : e.fallbacks)
        names << f.model;
    if (e.fallbackOn)
        e.notes
            << Tr::tr("Fallback is on (%1): %2.").arg(e.fallbackDecision.rule, joinWithAnd(names));
    else
        e.notes << Tr::tr("Fallback is off (%1).").arg(e.fallbackDecision.rule);
    if (e.deadlineWarning) {
        e.deadlineWarningText
            = Tr::tr("Attempts, waits and backoff can take up to %1 ms, more than the deadline of "
                     "%2 ms: later attempts may not start.")
                  .arg(l.toString(e.worstCaseMs), l.toString(e.recovery.deadlineMs));
        e.notes << e.deadlineWarningText;
    }
}

} // namespace

Explanation explain(const Domain::Workspace &ws, const RequestSummary &request,
                    const CooldownBook *cooldowns, qint64 nowMs, QDate todayUtc)
{
    Explanation e;
    EffectiveDirectives dir;
    std::optional<QStringList> header;
    if (!checkRequest(e, ws, request, todayUtc, dir, header))
        return e;
    const Plan p = planUnordered(ws, *ws.model(e.model), request, dir, header, cooldowns, nowMs);
    e.candidates = p.candidates;
    e.skips = p.skips;
    if (e.fallbackOn) {
        for (const QString &name : dir.fallbackModels.value)
            e.fallbacks << explainFallback(ws, request, dir, header, cooldowns, nowMs, e.model,
                                           name);
    }
    if (p.candidates.isEmpty() && !p.onlyCooldowns)
        refuse(e, 400, u"route_constraints_unmet"_s, routeConstraintsUnmetMessage());
    else if (p.candidates.isEmpty())
        e.notes << Tr::tr("Every candidate is cooling down: the call waits for the earliest if "
                          "that fits the deadline.");
    estimateWorstCase(e, request.stream);
    addNotes(e);
    return e;
}

} // namespace Routing
