#include "faultlabtext.h"

#include "common/format.h"
#include "common/tr.h"

#include <QLocale>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace Ui::FaultLab {

QString failureName(Domain::SimulatedFailure failure)
{
    switch (failure) {
    case Domain::SimulatedFailure::RateLimited:
        return Tr::tr("429 with Retry-After");
    case Domain::SimulatedFailure::ServerError:
        return Tr::tr("500 server error");
    case Domain::SimulatedFailure::Unavailable:
        return Tr::tr("503 unavailable");
    case Domain::SimulatedFailure::Overloaded:
        return Tr::tr("529 overloaded");
    case Domain::SimulatedFailure::TimeoutBeforeStatus:
        return Tr::tr("Timeout before the status line");
    case Domain::SimulatedFailure::DropBeforeAnswer:
        return Tr::tr("Connection dropped");
    case Domain::SimulatedFailure::StreamCut:
        return Tr::tr("Stream cut mid-answer");
    case Domain::SimulatedFailure::Stall:
        return Tr::tr("Stream stalls");
    case Domain::SimulatedFailure::UndecodableBody:
        return Tr::tr("Undecodable body");
    case Domain::SimulatedFailure::ContentRefusal:
        return Tr::tr("Refusal");
    case Domain::SimulatedFailure::ConnectionRefused:
        return Tr::tr("Connection refused");
    }
    return {};
}

QString caseName(const Lab::Case &c)
{
    if (c.scope == Lab::Scope::FirstTried)
        return Tr::tr("%1 on the first deployment only").arg(failureName(c.failure));
    return failureName(c.failure);
}

QString streamingName(bool stream)
{
    return stream ? Tr::tr("Streaming") : Tr::tr("Plain");
}

QString ruleName(Lab::Rule rule)
{
    using R = Lab::Rule;
    switch (rule) {
    case R::EveryAttemptMade:
        return Tr::tr("A retryable failure uses every planned attempt the deadline allows");
    case R::NotRetried:
        return Tr::tr("A final failure is not retried: one attempt");
    case R::EachCandidateOnce:
        return Tr::tr("A pool tries each deployment at most once");
    case R::BackoffWaited:
        return Tr::tr("The wait before a retry is at least the backoff");
    case R::RetryAfterHonoured:
        return Tr::tr("A single deployment waits the Retry-After");
    case R::WithinDeadline:
        return Tr::tr("The call ends within the deadline");
    case R::ErrorMapped:
        return Tr::tr("The final error has the status and code of the rules");
    case R::RetryAfterPassed:
        return Tr::tr("A final 429 passes Retry-After on to the caller");
    case R::PlainHttpError:
        return Tr::tr("A failure before the first byte is a plain HTTP error");
    case R::StreamInterrupted:
        return Tr::tr("A cut stream ends with a stream_interrupted event and no [DONE]");
    case R::ShouldRetryFalse:
        return Tr::tr("Every error carries x-should-retry: false");
    case R::AttemptsHeader:
        return Tr::tr("x-gateway-attempts equals the attempts of the receipt");
    case R::FallbackAnswered:
        return Tr::tr("A fallback model answers, named in ib-fallback-model");
    case R::ServedByHealthy:
        return Tr::tr("The first deployment fails and a healthy one serves, without fallback");
    case R::ReceiptWritten:
        return Tr::tr("One receipt of kind rehearsal, with the request id the caller got");
    }
    return {};
}

QString relaxationName(Lab::Relaxation relaxation)
{
    using R = Lab::Relaxation;
    switch (relaxation) {
    case R::KeyBudget:
        return Tr::tr("the key's budget");
    case R::KeyRateLimit:
        return Tr::tr("the key's rate limit");
    case R::KeySessions:
        return Tr::tr("the key's mixed-model sessions");
    case R::ProjectBudget:
        return Tr::tr("the project's budget");
    case R::ProjectRateLimit:
        return Tr::tr("the project's rate limit");
    case R::ProjectSessions:
        return Tr::tr("the project's mixed-model sessions");
    }
    return {};
}

QString relaxedSentence(const QList<Lab::Relaxation> &relaxed)
{
    if (relaxed.isEmpty())
        return {};
    QStringList names;
    for (Lab::Relaxation r : relaxed)
        names << relaxationName(r);
    return Tr::tr("Turned off for the rehearsal: %1.").arg(QLocale().createSeparatedList(names));
}

QString scaleSentence(int scale, int minimumMs)
{
    return Tr::tr("Recovery times (timeouts, deadline, backoff, cooldown, Retry-After) are "
                  "divided by %1, to no less than %2 ms each.")
        .arg(Common::number(scale), Common::number(minimumMs));
}

QString callerSaw(const Lab::CaseResult &r)
{
    const Lab::CallerView &seen = r.seen;
    if (seen.status == 0) {
        return seen.transportError.isEmpty() ? Tr::tr("no answer")
                                             : Tr::tr("no answer: %1").arg(seen.transportError);
    }
    const QString status = seen.errorCode.isEmpty()
        ? QString::number(seen.status)
        : u"%1 %2"_s.arg(QString::number(seen.status), seen.errorCode);
    if (!seen.stream || seen.status >= 300)
        return status;
    const QString end = seen.doneSeen ? Tr::tr("[DONE]") : Tr::tr("no [DONE]");
    if (!seen.errorEventCode.isEmpty())
        return Tr::tr("%1 · %n event(s), then error event %2 · %3", nullptr, seen.events)
            .arg(status, seen.errorEventCode, end);
    return Tr::tr("%1 · %n event(s) · %2", nullptr, seen.events).arg(status, end);
}

QString waitsText(const QList<qint64> &waitsMs)
{
    QStringList waits;
    // The first attempt never waits; the rest are the waits before each retry.
    for (qsizetype i = 1; i < waitsMs.size(); ++i)
        waits << Tr::tr("%1 ms").arg(Common::number(waitsMs.at(i)));
    return waits.isEmpty() ? Tr::tr("none") : waits.join(u", "_s);
}

QString servedText(const Lab::CaseResult &r)
{
    const QString served = r.servedDeployment.isEmpty() ? r.servedBy : r.servedDeployment;
    if (!r.fallbackModel.isEmpty()) {
        return served.isEmpty() ? Tr::tr("fallback %1 (not served)").arg(r.fallbackModel)
                                : Tr::tr("fallback %1").arg(r.fallbackModel);
    }
    return served.isEmpty() ? Tr::tr("none") : served;
}

QString headersText(const Lab::CallerView &seen)
{
    QStringList lines;
    for (const QPair<QString, QString> &h : seen.headers)
        lines << u"%1: %2"_s.arg(h.first, h.second);
    return lines.join(u'\n');
}

QString checkLine(const Lab::Check &check)
{
    return Tr::tr("%1 %2: expected %3, observed %4")
        .arg(check.specId(), ruleName(check.rule), check.expected, check.observed);
}

} // namespace Ui::FaultLab
