#include "gateway/callexecutor.h"

using namespace Qt::StringLiterals;

// The call's budgets and rate limits (R-BILL-2, R-BILL-3, R-BILL-4): what it holds and counts when
// it starts, what it is charged when it ends.
namespace Gateway {

using Domain::TransportFailure;

namespace {

// How a refusal names the level it refers to: "key ci" (its name, else its id), "project research".
QString levelName(Routing::SpendScope scope, const Domain::Key &key)
{
    return scope == Routing::SpendScope::Project
        ? u"project "_s + key.project
        : u"key "_s + (key.name.isEmpty() ? key.id : key.name);
}

} // namespace

bool CallExecutor::waitForHold(Routing::Decision &first)
{
    switch (m_env.owner->storeHold(this, *m_hold, m_input.requestId, m_record.startedAtMs)) {
    case CallOwner::HoldStore::Waiting:
        m_record.holdStored = true;
        m_waitingForHold = std::move(first);
        return true;
    case CallOwner::HoldStore::Refused:
        first = holdRefusal(1000);
        return false;
    case CallOwner::HoldStore::NotKept:
        break;
    }
    return false;
}

Routing::Decision CallExecutor::holdRefusal(qint64 retryAfterMs)
{
    if (m_rateTicket.sequence != 0) {
        m_env.rates->release(m_rateTicket, m_env.clock->nowMs());
        m_rateTicket = {};
    }
    Routing::Decision stop;
    stop.error = Routing::budgetUnavailable(levelName(Routing::SpendScope::Key, *m_input.key),
                                            retryAfterMs);
    return stop;
}

void CallExecutor::holdNotStored(qint64 retryAfterMs)
{
    if (m_finished || !m_waitingForHold)
        return;
    m_waitingForHold.reset();
    carryOut(holdRefusal(retryAfterMs));
}

std::optional<Routing::CallerError> CallExecutor::admit()
{
    if (m_input.kind != Domain::CallKind::Call || !m_input.key || !m_env.spend)
        return std::nullopt;
    const Domain::Key &key = *m_input.key;
    const Domain::Project *project = m_input.snapshot->project(key.project);
    static const Domain::SpendLimits none;
    const Domain::SpendLimits &projectLimits = project ? project->limits : none;
    const bool budgets = key.limits.hasBudget() || projectLimits.hasBudget();
    const bool rates = m_env.rates && (key.limits.hasRateLimit() || projectLimits.hasRateLimit());
    if (!budgets && !rates)
        return std::nullopt;
    const auto whose = [&key](Routing::SpendScope scope) { return levelName(scope, key); };
    std::optional<Routing::CallerError> refusal;
    if (budgets) {
        double amount = 0;
        for (double h : m_router->holds())
            amount += h;
        Routing::BudgetHold hold;
        if (std::optional<Routing::BudgetRefusal> r
            = m_env.spend->reserve(key.id, key.limits, key.project, projectLimits, amount,
                                   m_record.startedAtMs, hold)) {
            refusal = r->unavailable
                ? Routing::budgetUnavailable(whose(r->scope), r->retryAfterMs)
                : Routing::budgetExceeded(r->monthly, whose(r->scope), r->retryAfterMs);
        } else {
            m_hold = std::move(hold);
        }
    }
    if (!rates)
        return refusal;
    const qint64 now = m_env.clock->nowMs();
    Routing::RateStanding standing;
    if (refusal) {
        standing = m_env.rates->standing(key.id, key.limits, key.project, projectLimits, now);
    } else {
        const Routing::RequestSummary &r = m_router->request();
        const qint64 tokens = r.contextTokens + r.maxOutputTokens;
        if (std::optional<Routing::RateRefusal> over
            = m_env.rates->admit(key.id, key.limits, key.project, projectLimits, tokens, now,
                                 m_rateTicket, standing)) {
            refusal
                = Routing::rateLimitExceeded(over->tokens, whose(over->scope), over->retryAfterMs);
            if (m_hold) { // refused calls count nowhere
                m_env.spend->settle(*m_hold, 0);
                m_hold.reset();
            }
        }
    }
    m_rateStanding = standing;
    return refusal;
}

// A call's tokens in and out as its usage reports them; unreported, the prompt's estimate and one
// token per event the caller was given (what a cut stream received).
std::pair<qint64, qint64> CallExecutor::tokensUsed() const
{
    const Domain::Usage &u = m_record.usage;
    const qint64 input = u.inputTokens > 0 ? u.inputTokens : m_router->request().contextTokens;
    const qint64 output = u.outputTokens > 0 ? u.outputTokens
        : m_rewriter                         ? qint64(m_rewriter->events())
                                             : 0;
    return { input, output };
}

double CallExecutor::estimatedCharge(double priceIn, double priceOut) const
{
    const auto [input, output] = tokensUsed();
    return Domain::costUsd(input, output, priceIn, priceOut);
}

// R-BILL-2: the served attempt costs what its usage says; an attempt that may have billed
// without usage keeps its hold, charged whole; a stream the caller cut is charged for what it
// received.
void CallExecutor::settle()
{
    const bool usageKnown = m_record.usage.inputTokens > 0 || m_record.usage.outputTokens > 0;
    double charged = 0;
    for (const Domain::AttemptRecord &a : m_record.attempts) {
        if (a.served)
            charged += usageKnown ? m_record.cost : estimatedCharge(m_usedPriceIn, m_usedPriceOut);
        else if (a.holdKept && a.transportFailure == TransportFailure::CallerClosed)
            charged += std::min(a.holdAmount, estimatedCharge(m_usedPriceIn, m_usedPriceOut));
        else if (a.holdKept)
            charged += a.holdAmount;
    }
    m_record.charged = charged;
    if (m_rateTicket.sequence != 0 && m_rateStanding.tokens.limit > 0) {
        const auto [input, output] = tokensUsed();
        m_env.rates->correct(m_rateTicket, input + output, m_env.clock->nowMs());
    }
    if (m_hold)
        m_env.spend->settle(*std::exchange(m_hold, std::nullopt), charged);
    else if (charged > 0 && m_env.spend && m_input.key && m_input.kind == Domain::CallKind::Call)
        m_env.spend->charge(m_input.key->id, m_input.key->project, charged, m_record.startedAtMs);
}

} // namespace Gateway
