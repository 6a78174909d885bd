#pragma once

#include "aliasresolver.h"
#include "cooldownbook.h"
#include "deadlinecheck.h"
#include "directiveset.h"
#include "domain/fact.h"
#include "domain/workspace.h"
#include "planner.h"
#include "requestsummary.h"

#include <QDate>
#include <QList>
#include <QString>
#include <QStringList>

namespace Routing {

// What fallback would do for one fallback model (R-UI-8).
struct FallbackExplanation
{
    QString model;
    bool qualifies = false;
    Domain::Fact reason; // fallback_can_take, or why it does not qualify (admission.h)
    QList<Candidate> candidates; // its eligible candidates, listing order, with firstChance
    QList<Domain::Skip> skips;
    int attempts = 0; // attempts it may take when every earlier one fails (attemptshares.h)
};

// The route explainer's answer for a sample request on a workspace (even unsaved) (R-UI-8).
struct Explanation
{
    bool refused = false; // the call would end before any attempt
    int httpStatus = 0; // for refused: 404, 403, 400, 503
    QString errorCode; // for refused
    QString errorMessage; // for refused
    AliasResolution alias;
    QString model; // the model the call runs as
    bool pool = false;
    QList<Candidate> candidates; // eligible, in listing order, each with its chance of going first
    QList<Domain::Skip> skips; // with reasons and the directive level behind each
    Domain::RecoverySettings recovery;
    int attempts = 0; // effective attempts (R-REC-1)
    Sourced<int> attemptsCap; // routing.maxApplicationAttempts with its level
    bool fallbackOn = false;
    Sourced<bool> fallbackDecision; // level and rule that decided fallback on/off
    QList<FallbackExplanation> fallbacks;
    int attemptsForRequested = 0; // attempts the requested model may use (attemptshares.h)
    // When each planned attempt starts if every one fails at its timeout (deadlinecheck.h), the
    // worst case of them all, and the studio's fact when it does not fit the deadline.
    DeadlineCheck deadline;
    qint64 worstCaseMs = 0;
    bool deadlineWarning = false;
    Domain::Fact deadlineFact; // deadline_cannot_fit, or empty
    bool allCooling = false; // every candidate is cooling down: the call waits if that fits
};

// Builds the explanation. `cooldowns` may be null (ignore health). No randomness: candidates keep
// their listing order and carry their firstChance instead.
Explanation explain(const Domain::Workspace &ws, const RequestSummary &request,
                    const CooldownBook *cooldowns, qint64 nowMs, QDate todayUtc);

} // namespace Routing
