#include "callerror.h"

using namespace Qt::StringLiterals;

namespace Domain {

QString CallError::codeText() const
{
    switch (code) {
    case CallErrorCode::None:
        return {};
    case CallErrorCode::InvalidRequest:
        return u"invalid_request"_s;
    case CallErrorCode::UnsupportedParameter:
        return u"unsupported_parameter"_s;
    case CallErrorCode::ModelNotFound:
        return u"model_not_found"_s;
    case CallErrorCode::ModelNotAllowed:
        return u"model_not_allowed"_s;
    case CallErrorCode::ModelDisabled:
        return u"model_disabled"_s;
    case CallErrorCode::InvalidRegionHeader:
        return u"invalid_region_header"_s;
    case CallErrorCode::RouteConstraintsUnmet:
        return u"route_constraints_unmet"_s;
    case CallErrorCode::NoHealthyRoute:
        return u"no_healthy_route"_s;
    case CallErrorCode::DeadlineExceeded:
        return u"deadline_exceeded"_s;
    case CallErrorCode::UpstreamRateLimited:
        return u"upstream_rate_limited"_s;
    case CallErrorCode::UpstreamBadResponse:
        return u"upstream_bad_response"_s;
    case CallErrorCode::UpstreamAuthFailed:
        return u"upstream_auth_failed"_s;
    case CallErrorCode::CallerClosed:
        return u"caller_closed"_s;
    case CallErrorCode::StreamInterrupted:
        return u"stream_interrupted"_s;
    case CallErrorCode::PassedThrough:
        return value;
    case CallErrorCode::BudgetExceeded:
        return u"budget_exceeded"_s;
    case CallErrorCode::RateLimitExceeded:
        return u"rate_limit_exceeded"_s;
    case CallErrorCode::BudgetUnavailable:
        return u"budget_unavailable"_s;
    }
    return {};
}

QString CallError::message() const
{
    switch (code) {
    case CallErrorCode::None:
        return {};
    case CallErrorCode::InvalidRequest:
    case CallErrorCode::UnsupportedParameter:
    case CallErrorCode::ModelNotFound:
    case CallErrorCode::InvalidRegionHeader:
        return value;
    case CallErrorCode::ModelNotAllowed:
        return u"The model \"%1\" is not allowed by the %2 directives."_s.arg(value, value2);
    case CallErrorCode::ModelDisabled:
        return u"The model \"%1\" is disabled."_s.arg(value);
    case CallErrorCode::RouteConstraintsUnmet:
        return u"No authorized deployment meets the route constraints."_s;
    case CallErrorCode::NoHealthyRoute:
        return u"No healthy upstream could serve the request."_s;
    case CallErrorCode::DeadlineExceeded:
        return u"The request deadline passed before an upstream answered."_s;
    case CallErrorCode::UpstreamRateLimited:
        return u"The upstream is rate limiting requests."_s;
    case CallErrorCode::UpstreamBadResponse:
        return value.isEmpty() ? u"The upstream's reply could not be decoded or was cut short."_s
                               : u"The upstream sent an error event: %1"_s.arg(value);
    case CallErrorCode::UpstreamAuthFailed:
        return u"The upstream rejected the gateway's credential."_s;
    case CallErrorCode::CallerClosed:
        return u"The caller closed the connection."_s;
    case CallErrorCode::StreamInterrupted:
        return value.isEmpty() ? u"The deadline passed while the answer was streaming."_s
                               : u"The upstream stopped answering: %1"_s.arg(value);
    case CallErrorCode::PassedThrough:
        return value2;
    case CallErrorCode::BudgetExceeded:
        return u"The %1 budget of %2 cannot hold this call; it resets at the next UTC %3."_s.arg(
            value, value2, value == u"monthly" ? u"month"_s : u"day"_s);
    case CallErrorCode::RateLimitExceeded:
        return u"The %1 per minute limit of %2 is reached; retry after Retry-After."_s.arg(value,
                                                                                           value2);
    case CallErrorCode::BudgetUnavailable:
        return u"The budget of %1 cannot be checked or held in the database now; retry after "
               "Retry-After."_s.arg(value);
    }
    return {};
}

CallError callErrorNamed(const QString &code, const QString &sentence)
{
    for (const CallErrorCode c :
         { CallErrorCode::InvalidRequest, CallErrorCode::UnsupportedParameter,
           CallErrorCode::ModelNotFound, CallErrorCode::InvalidRegionHeader }) {
        if (CallError { c, {}, {} }.codeText() == code)
            return { c, sentence, {} };
    }
    return { CallErrorCode::PassedThrough, code, sentence };
}

} // namespace Domain
