#include "outcome.h"

#include "domain/upstreamerror.h"

#include <QLocale>
#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Routing {
namespace {

using Domain::ErrorClass;
using Domain::FactCode;

Classification make(ErrorClass c, bool retryable, bool cools, FactCode why, qint32 arg = 0)
{
    return { c, retryable, cools, { why, arg } };
}

// Failures the transport reports itself, before or without a usable status.
std::optional<Classification> classifyTransport(const AttemptOutcome &o)
{
    switch (o.transport) {
    case ErrorClass::CallerClosed:
        return make(ErrorClass::CallerClosed, false, false, FactCode::CallerHungUp);
    case ErrorClass::Deadline:
        return make(ErrorClass::Deadline, false, false, FactCode::DeadlinePassed);
    case ErrorClass::ConnectTimeout:
    case ErrorClass::FirstByteTimeout:
    case ErrorClass::Transport:
        // R-REC-7: retryable only before anything of an answer exists.
        if (o.phase == AttemptOutcome::Phase::BeforeStatus)
            return make(o.transport, true, true, FactCode::TransportTransient, qint32(o.transport));
        return make(ErrorClass::StoppedAnswering, false, true, FactCode::StoppedAnswering);
    case ErrorClass::StoppedAnswering:
        return make(ErrorClass::StoppedAnswering, false, true, FactCode::StoppedAnswering);
    case ErrorClass::BadResponse:
        return make(ErrorClass::BadResponse, false, true, FactCode::ReplyUndecodable);
    default:
        return std::nullopt;
    }
}

Classification classifyStatus(const AttemptOutcome &o)
{
    const int s = o.httpStatus;
    if (o.contentRefusal)
        return make(ErrorClass::ContentRefusal, false, false, FactCode::ContentRefusal);
    if (s == 429)
        return make(ErrorClass::RateLimited, true, true, FactCode::StatusTransient, s);
    if (s == 408)
        return make(ErrorClass::RequestTimeout, true, true, FactCode::StatusTransient, s);
    if (s == 503 || s == 529)
        return make(ErrorClass::Overloaded, true, true, FactCode::StatusTransient, s);
    if (s >= 500 && s <= 599)
        return make(ErrorClass::ServerError, true, true, FactCode::StatusTransient, s);
    if (s == 401 || s == 403)
        return make(ErrorClass::AuthFailed, false, true, FactCode::CredentialRejected, s);
    if (s >= 400 && s <= 499)
        return make(ErrorClass::InvalidRequest, false, false, FactCode::CallerError, s);
    // A 2xx that was not served could not be delivered: undecodable or truncated (R-REC-8).
    return make(ErrorClass::BadResponse, false, true, FactCode::ReplyUndecodable);
}

// R-DET: code, type and message as sent; a code left out or null stays null (no invented
// "invalid_request_error" from the type). Only a missing message gets the gateway's sentence.
CallerError passThrough(const AttemptOutcome &last)
{
    const Domain::UpstreamError up = Domain::parseUpstreamError(last.errorBody);
    CallerError e;
    e.httpStatus = last.httpStatus >= 400 && last.httpStatus <= 499 ? last.httpStatus : 400;
    e.error = { Domain::CallErrorCode::PassedThrough, up.code,
                up.message.isEmpty()
                    ? u"The upstream rejected the request with HTTP %1."_s.arg(e.httpStatus)
                    : up.message };
    e.type = up.type;
    return e;
}

} // namespace

Classification classify(const AttemptOutcome &o)
{
    if (o.served)
        return make(ErrorClass::None, false, false, FactCode::Served);
    if (auto t = classifyTransport(o))
        return *t;
    if (o.phase == AttemptOutcome::Phase::AfterFirstByteToCaller)
        return make(ErrorClass::StoppedAnswering, false, true, FactCode::AnswerReachedCaller);
    if (o.httpStatus == 0)
        return make(ErrorClass::Transport, true, true, FactCode::NoAnswerTransient);
    return classifyStatus(o);
}

CallerError noHealthyRoute(qint64 retryAfterMs)
{
    CallerError e { 503, { Domain::CallErrorCode::NoHealthyRoute }, {}, {} };
    if (retryAfterMs > 0) {
        e.retryAfter = QString::number((retryAfterMs + 999) / 1000);
        e.retryAfterMs = QString::number(retryAfterMs);
    }
    return e;
}

CallerError deadlineExceeded()
{
    return { 504, { Domain::CallErrorCode::DeadlineExceeded }, {}, {} };
}

namespace {

QString wholeSeconds(qint64 ms)
{
    return QString::number(std::max<qint64>(1, (ms + 999) / 1000));
}

} // namespace

CallerError budgetExceeded(bool monthly, const QString &whose, qint64 retryAfterMs)
{
    return { 429,
             { Domain::CallErrorCode::BudgetExceeded, monthly ? u"monthly"_s : u"daily"_s, whose },
             wholeSeconds(retryAfterMs),
             {} };
}

CallerError rateLimitExceeded(bool tokens, const QString &whose, qint64 retryAfterMs)
{
    return { 429,
             { Domain::CallErrorCode::RateLimitExceeded, tokens ? u"tokens"_s : u"requests"_s,
               whose },
             wholeSeconds(retryAfterMs),
             QString::number(std::max<qint64>(1, retryAfterMs)) };
}

CallerError budgetUnavailable(const QString &whose, qint64 retryAfterMs)
{
    return { 503,
             { Domain::CallErrorCode::BudgetUnavailable, whose, {} },
             wholeSeconds(retryAfterMs),
             QString::number(std::max<qint64>(1, retryAfterMs)) };
}

CallerError mapFinalError(const AttemptOutcome &last, const Classification &c, bool deadlinePassed)
{
    if (deadlinePassed || c.errorClass == ErrorClass::Deadline)
        return deadlineExceeded();
    switch (c.errorClass) {
    case ErrorClass::RateLimited:
        // R-DET: a final 429 passes both retry headers on.
        return {
            429, { Domain::CallErrorCode::UpstreamRateLimited }, last.retryAfter, last.retryAfterMs
        };
    case ErrorClass::Overloaded:
    case ErrorClass::ServerError:
    case ErrorClass::RequestTimeout:
    case ErrorClass::ConnectTimeout:
    case ErrorClass::FirstByteTimeout:
    case ErrorClass::Transport:
        return noHealthyRoute(0);
    case ErrorClass::BadResponse:
    case ErrorClass::StoppedAnswering:
        // Quoting the upstream's words when it sent an error event (R-DET).
        return {
            502, { Domain::CallErrorCode::UpstreamBadResponse, last.upstreamErrorMessage }, {}, {}
        };
    case ErrorClass::AuthFailed:
        return { 502, { Domain::CallErrorCode::UpstreamAuthFailed }, {}, {} };
    case ErrorClass::InvalidRequest:
    case ErrorClass::ContentRefusal:
        return passThrough(last);
    case ErrorClass::CallerClosed:
        return { 499, { Domain::CallErrorCode::CallerClosed }, {}, {} };
    case ErrorClass::None:
    case ErrorClass::Deadline:
        break;
    }
    return noHealthyRoute(0);
}

std::optional<qint64> parseRetryAfter(const QString &retryAfter, const QString &retryAfterMs,
                                      const QDateTime &nowUtc)
{
    // Waits beyond a year are all past any deadline; the bound keeps the double-to-integer
    // conversion defined ("1e30") and now + wait from overflowing (found by fuzz_retryafter).
    constexpr qint64 kMaxMs = 365LL * 24 * 3600 * 1000;
    bool ok = false;
    const double ms = retryAfterMs.trimmed().toDouble(&ok);
    if (ok && std::isfinite(ms) && ms >= 0)
        return ms >= double(kMaxMs) ? kMaxMs : qint64(std::ceil(ms));
    const QString ra = retryAfter.trimmed();
    if (ra.isEmpty())
        return std::nullopt;
    const qint64 seconds = ra.toLongLong(&ok);
    if (ok)
        return seconds >= 0 ? std::optional<qint64>(std::min(seconds, kMaxMs / 1000) * 1000)
                            : std::nullopt;
    // HTTP-date: IMF-fixdate, RFC 850 and asctime forms (RFC 9110 §5.6.7).
    const QLocale c = QLocale::c();
    const QStringList formats { u"ddd, dd MMM yyyy HH:mm:ss 'GMT'"_s,
                                u"dddd, dd-MMM-yy HH:mm:ss 'GMT'"_s, u"ddd MMM d HH:mm:ss yyyy"_s };
    for (const QString &f : formats) {
        QDateTime at = c.toDateTime(ra.simplified(), f);
        if (!at.isValid())
            continue;
        if (at.date().year() < 1970)
            at = at.addYears(100); // two-digit RFC 850 years
        at.setTimeSpec(Qt::UTC);
        return std::clamp<qint64>(nowUtc.msecsTo(at), 0, kMaxMs);
    }
    return std::nullopt;
}

qint64 backoffMs(const Domain::RecoverySettings &s, int attemptNumber)
{
    const int k = std::max(1, attemptNumber);
    // Doubling past 2^30 would overflow; the max is reached long before that.
    const qint64 grown
        = k > 31 ? std::numeric_limits<qint64>::max() / 4 : qint64(s.backoffFirstMs) << (k - 1);
    return std::min<qint64>(grown, s.backoffMaxMs);
}

} // namespace Routing
