#include "facttext.h"

#include "common/format.h"
#include "common/tr.h"

#include <QDateTime>
#include <routing/overview.h>

using namespace Qt::StringLiterals;

namespace Ui::Common {
namespace {

using Domain::FactCode;

QString causeText(const Domain::Fact &f, std::size_t i)
{
    return i < f.causes.size() ? factText(f.causes.at(i)) : QString();
}

// "<sentence>: <its first cause>", or the sentence alone.
QString withCause(const QString &sentence, const Domain::Fact &f)
{
    return f.causes.empty() ? sentence : Tr::tr("%1: %2").arg(sentence, causeText(f, 0));
}

// A listing's fetch time as stored (ISO 8601, UTC), shown to the minute in UTC.
QString listingTime(const QString &iso)
{
    const QDateTime t = QDateTime::fromString(iso, Qt::ISODateWithMs);
    return t.isValid() ? t.toUTC().toString(u"yyyy-MM-dd HH:mm 'UTC'"_s) : iso;
}

QString regionText(const QString &region)
{
    return region.isEmpty() ? Tr::tr("(none)") : region;
}

// How one attempt was classified (Routing::classify).
std::optional<QString> outcomeText(const Domain::Fact &f)
{
    const QString status = QString::number(f.number(0)); // an HTTP status, never grouped
    switch (f.code) {
    case FactCode::Served:
        return Tr::tr("served");
    case FactCode::CallerHungUp:
        return Tr::tr("the caller hung up");
    case FactCode::DeadlinePassed:
        return Tr::tr("the deadline passed");
    case FactCode::TransportTransient:
        return Tr::tr("%1 before an answer is transient").arg(f.name(0));
    case FactCode::StoppedAnswering:
        return Tr::tr("the upstream stopped answering after it had started");
    case FactCode::ReplyUndecodable:
        return Tr::tr("the reply could not be decoded");
    case FactCode::ContentRefusal:
        return Tr::tr("content refusal is final");
    case FactCode::StatusTransient:
        return Tr::tr("%1 is transient").arg(status);
    case FactCode::CredentialRejected:
        return Tr::tr("%1: the upstream rejected the credential").arg(status);
    case FactCode::CallerError:
        return Tr::tr("%1 is the caller's error").arg(status);
    case FactCode::AnswerReachedCaller:
        return Tr::tr("the answer had started reaching the caller");
    case FactCode::NoAnswerTransient:
        return Tr::tr("no answer is transient");
    default:
        return std::nullopt;
    }
}

// What followed an attempt, and why a call gave up or fell back (Routing::CallRouter).
std::optional<QString> decisionText(const Domain::Fact &f)
{
    switch (f.code) {
    case FactCode::AttemptServed:
        return Tr::tr("served");
    case FactCode::AttemptRetried:
        return Tr::tr("retried: %1").arg(causeText(f, 0));
    case FactCode::AttemptFinal:
        return Tr::tr("final: %1").arg(causeText(f, 0));
    case FactCode::AttemptFinalGaveUp:
        return Tr::tr("final: %1, but %2").arg(causeText(f, 0), causeText(f, 1));
    case FactCode::NoAttemptLeft:
        return Tr::tr("no attempt is left");
    case FactCode::LastAttemptReserved:
        return Tr::tr("the last attempt is reserved for fallback");
    case FactCode::NextWaitPastDeadline:
        return Tr::tr("the next wait would not fit the deadline");
    case FactCode::NoCandidateLeft:
        return Tr::tr("%1 has no candidate left").arg(f.name(0));
    case FactCode::AllCoolingDown:
        return Tr::tr("every candidate of %1 is cooling down").arg(f.name(0));
    default:
        return std::nullopt;
    }
}

// Why a candidate was skipped (Routing::plan), beside its reason code.
std::optional<QString> skipText(const Domain::Fact &f)
{
    switch (f.code) {
    case FactCode::DrainedByHand:
        return Tr::tr("drained by hand");
    case FactCode::CoolingDownFor:
        return Tr::tr("cooling down for %1 ms more").arg(number(f.number(0)));
    case FactCode::RegionNotInPool:
        return Tr::tr("serving region %1 is not in the pool's allowed regions %2")
            .arg(regionText(f.name(0)), f.names(1).join(u", "_s));
    case FactCode::RegionNotInHeader:
        return Tr::tr("serving region %1 is not in the request's regions %2")
            .arg(regionText(f.name(0)), f.names(1).join(u", "_s));
    case FactCode::ModalityMismatch:
        return Tr::tr("model modality is %1, the call needs %2").arg(f.name(0), f.name(1));
    case FactCode::EndpointNotServed:
        return Tr::tr("its connection (%1) does not serve %2").arg(f.name(0), f.name(1));
    case FactCode::FieldNotCarried:
        return Tr::tr("its connection (%2) speaks the other API, which cannot carry the request's "
                      "\"%1\"")
            .arg(f.name(0), f.name(1));
    case FactCode::NoTools:
        return Tr::tr("does not support tools");
    case FactCode::NoStructuredOutput:
        return Tr::tr("does not support structured output");
    case FactCode::NoVision:
        return Tr::tr("does not support vision");
    case FactCode::NoWebSearchTool:
        return Tr::tr("does not support web search tool %1").arg(f.name(0));
    case FactCode::NotCertified:
        return Tr::tr("offering is not certified");
    case FactCode::ProviderDenied:
        return Tr::tr("provider %1 is not allowed by the %2 directives").arg(f.name(0), f.name(1));
    case FactCode::ProviderNoZdr:
        return withCause(
            Tr::tr("provider %1 is not listed with zero data retention").arg(f.name(0)), f);
    case FactCode::ProviderNoTraining:
        return withCause(
            Tr::tr("provider %1 is not listed as not training on prompts").arg(f.name(0)), f);
    case FactCode::ListingMissing:
        return Tr::tr("its listing is missing");
    case FactCode::ListingStale:
        return Tr::tr("its listing is older than %1 h (fetched at %2)")
            .arg(f.name(0), listingTime(f.name(1)));
    case FactCode::PrecisionBelowMinimum:
        return Tr::tr("listed precision %1 is below the minimum %2").arg(f.name(0), f.name(1));
    default:
        return std::nullopt;
    }
}

std::optional<QString> entityText(const Domain::Fact &f)
{
    switch (f.code) {
    case FactCode::ModelOff:
        return Tr::tr("model %1 is off").arg(f.name(0));
    case FactCode::ModelMissing:
        return Tr::tr("model %1 does not exist").arg(f.name(0));
    case FactCode::ConnectionMissing:
        return Tr::tr("connection %1 does not exist").arg(f.name(0));
    case FactCode::ConnectionOff:
        return Tr::tr("connection %1 is off").arg(f.name(0));
    case FactCode::PooledDeployment:
        return Tr::tr("a pooled model cannot be a deployment");
    case FactCode::NoOfferings:
        return Tr::tr("model %1 has no offerings").arg(f.name(0));
    case FactCode::ProbesPassed:
        return Tr::tr("passed %1 of %2 recent probes")
            .arg(number(f.number(0)), number(f.number(1)));
    default:
        return std::nullopt;
    }
}

// Directive merge rules and fallback verdicts (Routing::mergeDirectives, Routing::fallbackVerdict).
std::optional<QString> ruleOrVerdictText(const Domain::Fact &f)
{
    switch (f.code) {
    case FactCode::RuleNoLevelRequires:
        return Tr::tr("no level requires it");
    case FactCode::RuleAnyLevelTurnsOn:
        return Tr::tr("any level turns it on");
    case FactCode::RuleHighestPrecision:
        return Tr::tr("highest precision applies");
    case FactCode::RuleLowestCap:
        return Tr::tr("lowest cap applies");
    case FactCode::RuleTurnedOffAtLevel:
        return Tr::tr("turned off at this level");
    case FactCode::RulePresetAliasList:
        return Tr::tr("preset alias's list applies");
    case FactCode::RuleTeamDecidesFallback:
        return Tr::tr("team decides fallback (unset is off)");
    case FactCode::RuleTeamAllowsFallback:
        return Tr::tr("team allows fallback");
    case FactCode::RuleNoFallbackList:
        return Tr::tr("no level names fallback models");
    case FactCode::RuleMostSpecificList:
        return Tr::tr("most specific level's list applies");
    case FactCode::FallbackNoSuchModel:
        return Tr::tr("no such model");
    case FactCode::FallbackIsRequested:
        return Tr::tr("it is the requested model");
    case FactCode::FallbackModelOff:
        return Tr::tr("the model is off");
    case FactCode::FallbackNotAllowed:
        return Tr::tr("not allowed by the directives");
    case FactCode::FallbackOtherModality:
        return Tr::tr("different modality");
    case FactCode::FallbackContextTooSmall:
        return Tr::tr("its context window is too small for the request");
    case FactCode::FallbackCanTake:
        return Tr::tr("can take attempts the requested model leaves");
    case FactCode::FallbackNoCandidate:
        return Tr::tr("no candidate can serve the request now");
    default:
        return std::nullopt;
    }
}

QString recoveryText(const Domain::Fact &f)
{
    const int attempts = int(f.number(1));
    QStringList parts { attempts == 1 ? Tr::tr("1 attempt")
                                      : Tr::tr("%Ln attempts", nullptr, attempts),
                        Tr::tr("deadline %1 ms").arg(number(f.number(2))),
                        Tr::tr("backoff %1 to %2 ms").arg(number(f.number(3)), number(f.number(4))),
                        Tr::tr("cooldown %1 ms").arg(number(f.number(5))) };
    for (const Domain::Fact &timeout : f.causes)
        parts << factText(timeout);
    const QString details = parts.join(Tr::tr(", "));
    return f.number(0) ? Tr::tr("Recovery is overridden: %1.").arg(details)
                       : Tr::tr("Recovery uses the defaults: %1.").arg(details);
}

// deadline_cannot_fit (Routing::deadlineFact): the worst case against the deadline, then what
// can never start.
QString deadlineText(const Domain::Fact &f)
{
    const QString worst = number(f.number(0));
    const QString deadline = number(f.number(1));
    const int firstLost = int(f.number(2));
    const int attempts = int(f.number(3));
    const QStringList fallbacks = f.names(4);
    const QString head = f.number(5)
        ? Tr::tr("When every attempt of a streaming call times out, attempts and waits take up "
                 "to %1 ms, past the deadline of %2 ms")
              .arg(worst, deadline)
        : Tr::tr("When every attempt times out, attempts and waits take up to %1 ms, past the "
                 "deadline of %2 ms")
              .arg(worst, deadline);
    QString lost;
    if (firstLost == 0)
        lost = Tr::tr("the last attempt may be cut short.");
    else if (firstLost == attempts)
        lost = Tr::tr("attempt %1 can never start.").arg(firstLost);
    else
        lost = Tr::tr("attempts %1 to %2 can never start.").arg(firstLost).arg(attempts);
    if (!fallbacks.isEmpty())
        lost += u' '
            + (fallbacks.size() == 1 ? Tr::tr("Fallback model %1 is never reached.")
                                     : Tr::tr("Fallback models %1 are never reached."))
                  .arg(joinWithAnd(fallbacks));
    return Tr::tr("%1: %2").arg(head, lost);
}

std::optional<QString> overviewText(const Domain::Fact &f)
{
    const int n = int(f.number(0));
    switch (f.code) {
    case FactCode::OverviewModelOff:
        return Tr::tr("This model is off: calls naming it get 403 model_disabled.");
    case FactCode::OverviewPoolEmpty:
        return Tr::tr("Pool with no deployments yet: calls fail until one is added.");
    case FactCode::OverviewPool:
        if (f.names(1).isEmpty())
            return n == 1 ? Tr::tr("Weighted across 1 deployment, in any region.")
                          : Tr::tr("Weighted across %Ln deployments, in any region.", nullptr, n);
        return (n == 1 ? Tr::tr("Weighted across 1 deployment, only in %1.")
                       : Tr::tr("Weighted across %Ln deployments, only in %1.", nullptr, n))
            .arg(joinWithAnd(f.names(1)));
    case FactCode::OverviewDirectEmpty:
        return Tr::tr("Direct, with no offerings yet: calls fail until one is added.");
    case FactCode::OverviewDirectOne:
        return Tr::tr("Direct to 1 offering: %1.").arg(f.name(0));
    case FactCode::OverviewDirect:
        return Tr::tr("Direct to %Ln offerings, tried in a fixed order.", nullptr, n);
    case FactCode::OverviewRegionOverride:
        return Tr::tr("Serves from %1 (overridden).").arg(f.name(0));
    case FactCode::OverviewDeploymentIn:
        return Tr::tr("Deployment in %1.").arg(joinWithAnd(f.names(0)));
    case FactCode::OverviewRecovery:
        return recoveryText(f);
    case FactCode::ConnectTimeoutIs:
        return Tr::tr("connect timeout %1 ms").arg(number(f.number(0)));
    case FactCode::StreamStartTimeoutIs:
        return Tr::tr("stream start timeout %1 ms").arg(number(f.number(0)));
    case FactCode::StreamIdleTimeoutIs:
        return Tr::tr("stream idle timeout %1 ms").arg(number(f.number(0)));
    case FactCode::DeadlineCannotFit:
        return deadlineText(f);
    default:
        return std::nullopt;
    }
}

} // namespace

QString factText(const Domain::Fact &f)
{
    if (f.code == FactCode::None)
        return {};
    for (auto words :
         { outcomeText, decisionText, skipText, entityText, ruleOrVerdictText, overviewText }) {
        if (const auto text = words(f))
            return *text;
    }
    return Domain::toString(f.code); // a code this studio does not know yet: its stable name
}

QString ruleText(Domain::FactCode rule)
{
    return rule == FactCode::None ? QString() : factText(Domain::fact(rule));
}

QString joinWithAnd(const QStringList &items)
{
    if (items.isEmpty())
        return {};
    if (items.size() == 1)
        return items.front();
    return Tr::tr("%1 and %2").arg(items.mid(0, items.size() - 1).join(Tr::tr(", ")), items.back());
}

QStringList overviewSentences(const Domain::Workspace &ws, const Domain::Model &model)
{
    QStringList out;
    for (const Domain::Fact &f : Routing::overviewFacts(ws, model))
        out << factText(f);
    return out;
}

} // namespace Ui::Common
