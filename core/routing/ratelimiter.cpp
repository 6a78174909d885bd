#include "ratelimiter.h"

#include <algorithm>

namespace Routing {
namespace {

// OpenAI's duration form: "12s" from a second up (rounded up), "250ms" below.
QByteArray durationText(qint64 ms)
{
    if (ms <= 0)
        return QByteArrayLiteral("0s");
    if (ms < 1000)
        return QByteArray::number(ms) + "ms";
    return QByteArray::number((ms + 999) / 1000) + 's';
}

} // namespace

QList<std::pair<QByteArray, QByteArray>> RateStanding::headers() const
{
    QList<std::pair<QByteArray, QByteArray>> h;
    const auto add = [&](const Level &l, const char *kind) {
        if (l.limit <= 0)
            return;
        h.emplaceBack(QByteArray("x-ratelimit-limit-") + kind, QByteArray::number(l.limit));
        h.emplaceBack(QByteArray("x-ratelimit-remaining-") + kind,
                      QByteArray::number(std::max<qint64>(0, l.remaining)));
        h.emplaceBack(QByteArray("x-ratelimit-reset-") + kind, durationText(l.resetMs));
    };
    add(requests, "requests");
    add(tokens, "tokens");
    return h;
}

void RateLimiter::Window::expire(qint64 nowMs)
{
    while (!entries.empty() && entries.front().atMs <= nowMs - kWindowMs) {
        tokens -= entries.front().tokens;
        entries.pop_front();
    }
}

RateLimiter::Window &RateLimiter::window(SpendScope scope, const QString &id, qint64 nowMs)
{
    Window &w = scope == SpendScope::Key ? m_keys[id] : m_projects[id];
    w.expire(nowMs);
    return w;
}

std::optional<RateRefusal> RateLimiter::check(SpendScope scope, const QString &id,
                                              const Domain::SpendLimits &limits, Window &w,
                                              qint64 tokens, qint64 nowMs) const
{
    if (const std::optional<qint64> &rpm = limits.requestsPerMinute;
        rpm && qint64(w.entries.size()) + 1 > *rpm) {
        // The oldest entries leave first: the call fits when enough of them have.
        const qsizetype leave = qsizetype(w.entries.size()) + 1 - *rpm;
        const qint64 at = w.entries.at(size_t(leave - 1)).atMs;
        return RateRefusal { scope, id, false, *rpm, at + kWindowMs - nowMs };
    }
    if (const std::optional<qint64> &tpm = limits.tokensPerMinute;
        tpm && w.tokens + tokens > *tpm && !w.entries.empty()) {
        const qint64 need = std::min(w.tokens + tokens - *tpm, w.tokens);
        qint64 freed = 0;
        qint64 at = w.entries.back().atMs;
        for (const Entry &e : w.entries) {
            freed += e.tokens;
            if (freed >= need) {
                at = e.atMs;
                break;
            }
        }
        return RateRefusal { scope, id, true, *tpm, at + kWindowMs - nowMs };
    }
    return std::nullopt;
}

void RateLimiter::stand(RateStanding &s, const Domain::SpendLimits &limits, const Window &w,
                        qint64 nowMs)
{
    const qint64 resetMs = w.entries.empty() ? 0 : w.entries.back().atMs + kWindowMs - nowMs;
    const auto fewest
        = [&](RateStanding::Level &level, const std::optional<qint64> &limit, qint64 used) {
              if (!limit)
                  return;
              const qint64 remaining = *limit - used;
              if (level.limit > 0 && level.remaining <= remaining)
                  return;
              level = { *limit, remaining, resetMs };
          };
    fewest(s.requests, limits.requestsPerMinute, qint64(w.entries.size()));
    fewest(s.tokens, limits.tokensPerMinute, w.tokens);
}

std::optional<RateRefusal> RateLimiter::admit(const QString &keyId, const Domain::SpendLimits &key,
                                              const QString &projectId,
                                              const Domain::SpendLimits &project, qint64 tokens,
                                              qint64 nowMs, RateTicket &ticket,
                                              RateStanding &standing)
{
    Window &kw = window(SpendScope::Key, keyId, nowMs);
    Window &pw = window(SpendScope::Project, projectId, nowMs);
    std::optional<RateRefusal> refusal = check(SpendScope::Key, keyId, key, kw, tokens, nowMs);
    if (!refusal)
        refusal = check(SpendScope::Project, projectId, project, pw, tokens, nowMs);
    if (!refusal) {
        ticket = RateTicket { keyId, projectId, ++m_sequence, tokens };
        for (Window *w : { &kw, &pw }) {
            w->entries.push_back({ nowMs, tokens, ticket.sequence });
            w->tokens += tokens;
        }
    }
    standing = {};
    stand(standing, key, kw, nowMs);
    stand(standing, project, pw, nowMs);
    return refusal;
}

void RateLimiter::correct(const RateTicket &ticket, qint64 tokens, qint64 nowMs)
{
    if (ticket.sequence == 0)
        return;
    for (Window *w : { &window(SpendScope::Key, ticket.keyId, nowMs),
                       &window(SpendScope::Project, ticket.projectId, nowMs) }) {
        // Entries are in admission order: the ticket's is found by its sequence number.
        const auto it = std::lower_bound(
            w->entries.begin(), w->entries.end(), ticket.sequence,
            [](const Entry &e, quint64 sequence) { return e.sequence < sequence; });
        if (it == w->entries.end() || it->sequence != ticket.sequence)
            continue; // it left the window already
        w->tokens += tokens - it->tokens;
        it->tokens = tokens;
    }
}

RateStanding RateLimiter::standing(const QString &keyId, const Domain::SpendLimits &key,
                                   const QString &projectId, const Domain::SpendLimits &project,
                                   qint64 nowMs)
{
    RateStanding s;
    stand(s, key, window(SpendScope::Key, keyId, nowMs), nowMs);
    stand(s, project, window(SpendScope::Project, projectId, nowMs), nowMs);
    return s;
}

} // namespace Routing
