#include "domain/enumtable.h"
#include "faultlab/faultlab.h"

#include <array>
#include <tuple>

using namespace Qt::StringLiterals;

namespace FaultLab {
namespace {

struct RuleRow
{
    Rule rule;
    const char16_t *code;
    const char16_t *specId;
    const char16_t *text;
};

constexpr std::array<RuleRow, 15> kRules { {
    { Rule::EveryAttemptMade, u"every_attempt_made", u"R-REC-1",
      u"A retryable failure uses every planned attempt" },
    { Rule::NotRetried, u"not_retried", u"R-REC-8", u"A final failure is not retried" },
    { Rule::EachCandidateOnce, u"each_candidate_once", u"R-REC-2",
      u"A pool tries each deployment at most once" },
    { Rule::BackoffWaited, u"backoff_waited", u"R-REC-4",
      u"The wait before a retry is at least the backoff" },
    { Rule::RetryAfterHonoured, u"retry_after_honoured", u"R-REC-5",
      u"A single candidate waits the Retry-After within the deadline" },
    { Rule::WithinDeadline, u"within_deadline", u"R-REC-6", u"The call ends within the deadline" },
    { Rule::ErrorMapped, u"error_mapped", u"R-ERR-1",
      u"The final error is mapped to the gateway's status and code" },
    { Rule::RetryAfterPassed, u"retry_after_passed", u"R-DET-3",
      u"A final 429 passes the upstream's Retry-After on" },
    { Rule::PlainHttpError, u"plain_http_error", u"R-STR-1",
      u"A failure before the first byte is a plain HTTP error, never a 200 with an error event" },
    { Rule::StreamInterrupted, u"stream_interrupted", u"R-STR-1",
      u"A stream cut after its first byte ends with stream_interrupted and no [DONE]" },
    { Rule::ShouldRetryFalse, u"should_retry_false", u"R-RCPT-2",
      u"Every error carries x-should-retry: false" },
    { Rule::AttemptsHeader, u"attempts_header", u"R-RCPT-1",
      u"x-gateway-attempts equals the receipt's attempts" },
    { Rule::FallbackAnswered, u"fallback_answered", u"R-FALL-1",
      u"A fallback model answers and is named in ib-fallback-model" },
    { Rule::ServedByHealthy, u"served_by_healthy", u"R-REC-2",
      u"Another deployment serves when the first one fails, without a fallback header" },
    { Rule::ReceiptWritten, u"receipt_written", u"R-RCPT-1",
      u"One receipt of kind rehearsal carries the request id sent" },
} };

constexpr std::array<std::pair<Relaxation, const char16_t *>, 6> kRelaxations { {
    { Relaxation::KeyBudget, u"key_budget" },
    { Relaxation::KeyRateLimit, u"key_rate_limit" },
    { Relaxation::KeySessions, u"key_sessions" },
    { Relaxation::ProjectBudget, u"project_budget" },
    { Relaxation::ProjectRateLimit, u"project_rate_limit" },
    { Relaxation::ProjectSessions, u"project_sessions" },
} };

const RuleRow *rowOf(Rule rule)
{
    for (const RuleRow &row : kRules) {
        if (row.rule == rule)
            return &row;
    }
    return nullptr;
}

QString fromStatic(const char16_t *s)
{
    const QStringView view(s);
    return QString::fromRawData(view.data(), view.size());
}

} // namespace

QString ruleSpecId(Rule rule)
{
    const RuleRow *row = rowOf(rule);
    return row ? fromStatic(row->specId) : QString();
}

QString ruleCode(Rule rule)
{
    const RuleRow *row = rowOf(rule);
    return row ? fromStatic(row->code) : QString();
}

std::optional<Rule> ruleFromCode(const QString &code)
{
    for (const RuleRow &row : kRules) {
        if (code == QStringView(row.code))
            return row.rule;
    }
    return std::nullopt;
}

QString ruleText(Rule rule)
{
    const RuleRow *row = rowOf(rule);
    return row ? fromStatic(row->text) : QString();
}

QString relaxationCode(Relaxation r)
{
    return Domain::EnumTable::nameOf(kRelaxations, r);
}

QString relaxationText(Relaxation r)
{
    switch (r) {
    case Relaxation::KeyBudget:
        return u"the key's budget is off in the lab"_s;
    case Relaxation::KeyRateLimit:
        return u"the key's rate limits are off in the lab"_s;
    case Relaxation::KeySessions:
        return u"the key's mixed-model sessions are off in the lab"_s;
    case Relaxation::ProjectBudget:
        return u"the project's budget is off in the lab"_s;
    case Relaxation::ProjectRateLimit:
        return u"the project's rate limits are off in the lab"_s;
    case Relaxation::ProjectSessions:
        return u"the project's mixed-model sessions are off in the lab"_s;
    }
    return {};
}

QString scaleText(int scale, int minimumMs)
{
    return u"timeouts ÷ %1 (at least %2 ms): recovery times, deadline and Retry-After are "
           u"scaled down"_s.arg(scale)
               .arg(minimumMs);
}

QString Case::id() const
{
    QString s = Domain::toString(failure);
    if (scope == Scope::FirstTried)
        s += u"/first"_s;
    s += stream ? u"/stream"_s : u"/plain"_s;
    return s;
}

QString CallerView::header(const QString &lowerName) const
{
    for (const auto &h : headers) {
        if (h.first == lowerName)
            return h.second;
    }
    return {};
}

bool CaseResult::passed() const
{
    if (!error.isEmpty() || checks.isEmpty())
        return false;
    for (const Check &c : checks) {
        if (!c.passed)
            return false;
    }
    return true;
}

QList<Check> CaseResult::failedChecks() const
{
    QList<Check> out;
    for (const Check &c : checks) {
        if (!c.passed)
            out.append(c);
    }
    return out;
}

bool Report::passed() const
{
    return error.isEmpty() && !cancelled && failedCount() == 0 && !results.isEmpty();
}

int Report::failedCount() const
{
    int n = 0;
    for (const CaseResult &r : results) {
        if (!r.passed())
            ++n;
    }
    return n;
}

} // namespace FaultLab
