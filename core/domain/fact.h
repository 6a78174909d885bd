#pragma once

#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>
#include <variant>
#include <vector>

// Core states facts, not sentences (STYLE.md "Errors"): every decision, skip, outcome
// and fallback reason of the routing core is a code with typed arguments. Receipts store them in a
// language-free form; the studio words them at display time in its own language.
namespace Domain {

enum class FactCode {
    None,
    // How one attempt was classified (R-REC-7, R-REC-8, R-DET).
    Served,
    CallerHungUp,
    DeadlinePassed,
    TransportTransient, // args: error class name ("connect_timeout")
    StoppedAnswering,
    ReplyUndecodable,
    ContentRefusal,
    StatusTransient, // args: HTTP status
    CredentialRejected, // args: HTTP status
    CallerError, // args: HTTP status
    AnswerReachedCaller,
    NoAnswerTransient,
    // What followed an attempt; causes: the classification, then why the call gave up.
    AttemptServed,
    AttemptRetried,
    AttemptFinal,
    AttemptFinalGaveUp,
    // Why a retryable failure ended the call or moved it to a fallback model (R-FALL-*).
    NoAttemptLeft,
    LastAttemptReserved,
    NextWaitPastDeadline,
    NoCandidateLeft, // args: model
    AllCoolingDown, // args: model
    // Skip details (R-PLAN-4).
    DrainedByHand,
    CoolingDownFor, // args: ms left
    RegionNotInPool, // args: region ("" for none), allowed regions
    RegionNotInHeader, // args: region ("" for none), header regions
    ModalityMismatch, // args: model modality, call modality
    EndpointNotServed, // args: dialect, endpoint
    FieldNotCarried, // args: the request's field, the connection's dialect (R-XLAT-3)
    NoTools,
    NoStructuredOutput,
    NoVision,
    NoWebSearchTool, // args: tool version
    NotCertified,
    ProviderDenied, // args: provider, directive level
    ProviderNoZdr, // args: provider
    ProviderNoTraining, // args: provider
    // Why a provider with a listing source counts as neither (SPEC §2 step 9): a cause of
    // ProviderNoZdr / ProviderNoTraining.
    ListingMissing,
    ListingStale, // args: maximum age in hours, fetched at (ISO 8601, UTC)
    PrecisionBelowMinimum, // args: listed precision, minimum
    ModelOff, // args: model
    ModelMissing, // args: model
    ConnectionMissing, // args: connection
    ConnectionOff, // args: connection
    PooledDeployment,
    NoOfferings, // args: model
    ProbesPassed, // args: passed, total
    // Merge rules of the directives (R-DIR-*, R-FALL-*), for "why" in the studio.
    RuleNoLevelRequires,
    RuleAnyLevelTurnsOn,
    RuleHighestPrecision,
    RuleLowestCap,
    RuleTurnedOffAtLevel,
    RulePresetAliasList,
    RuleTeamDecidesFallback,
    RuleTeamAllowsFallback,
    RuleNoFallbackList,
    RuleMostSpecificList,
    // Fallback verdicts for one fallback model (R-FALL-*, R-UI-8).
    FallbackNoSuchModel,
    FallbackIsRequested,
    FallbackModelOff,
    FallbackNotAllowed,
    FallbackOtherModality,
    FallbackContextTooSmall,
    FallbackCanTake,
    FallbackNoCandidate,
    // Overview, "Routing and health" (R-UI-2).
    OverviewModelOff,
    OverviewPoolEmpty,
    OverviewPool, // args: deployments, allowed regions (empty: any)
    OverviewDirectEmpty,
    OverviewDirectOne, // args: connection
    OverviewDirect, // args: offerings
    OverviewRegionOverride, // args: region
    OverviewDeploymentIn, // args: pool models
    OverviewRecovery, // args: overridden (0/1), attempts, deadline, backoff first, backoff max,
                      // cooldown; causes: the timeouts that differ from SPEC's
    ConnectTimeoutIs, // args: ms
    StreamStartTimeoutIs, // args: ms
    StreamIdleTimeoutIs, // args: ms
    // Recovery settings that cannot fit the deadline (R-UI-2, R-UI-8; routing/deadlinecheck.h).
    DeadlineCannotFit, // args: worst case, deadline, first attempt lost (0: none), attempts,
                       // fallback models never reached, streaming (0/1)
};

QString toString(FactCode v);
std::optional<FactCode> factCodeFromString(const QString &s);

// A number, a name, or a list of names (regions, models).
using FactArg = std::variant<qint64, QString, QStringList>;

// Argument i read as a number (0 if it is none), a name (a number in digits, a list joined with
// ", ") or a list of names; past the end: 0, "", {}. Facts and Config::Problem read theirs alike.
qint64 argNumber(const QList<FactArg> &args, qsizetype i);
QString argName(const QList<FactArg> &args, qsizetype i);
QStringList argNames(const QList<FactArg> &args, qsizetype i);

struct Fact
{
    FactCode code = FactCode::None;
    QList<FactArg> args;
    std::vector<Fact> causes; // facts this one rests on ("retried" because "503 is transient")

    bool isEmpty() const { return code == FactCode::None; }
    qint64 number(qsizetype i) const { return argNumber(args, i); }
    QString name(qsizetype i) const { return argName(args, i); }
    QStringList names(qsizetype i) const { return argNames(args, i); }

    bool operator==(const Fact &) const = default;
};

Fact fact(FactCode code, QList<FactArg> args = {}, std::vector<Fact> causes = {});

// {"code":"attempt_retried","causes":[{"code":"status_transient","args":[503]}]}; an empty fact
// is null, and anything but an object of a known code reads as one.
QJsonValue factToJson(const Fact &f);
Fact factFromJson(const QJsonValue &v);
// factToJson(f) written straight into out, as QJsonDocument::toJson(Compact) would write it.
void appendFactJson(QByteArray &out, const Fact &f);
// The compact form kept in a receipt's TEXT column; "" for an empty fact. Anything that is not an
// encoded fact decodes to an empty fact.
QString encodeFact(const Fact &f);
Fact decodeFact(const QString &stored);

} // namespace Domain
