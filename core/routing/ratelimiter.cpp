#include "ratelimiter.h"

#include <algorithm>
#include <charconv>
#include <cstring>

namespace Routing {
namespace {

// A call refused for the other instances' admissions: theirs leave their windows unseen here, and
// their next publication comes within a second.
constexpr qint64 kOthersRetryMs = 1000;

// Appends at `at`; returns the end.
char *put(char *at, QByteArrayView text)
{
    std::memcpy(at, text.data(), size_t(text.size()));
    return at + text.size();
}

char *putNumber(char *at, qint64 n)
{
    return std::to_chars(at, at + 20, n).ptr;
}

// OpenAI's duration form: "12s" from a second up (rounded up), "250ms" below.
char *putDuration(char *at, qint64 ms)
{
    if (ms == RateLimiter::kWindowMs) // a call just admitted: the common answer
        return put(at, "60s");
    if (ms > 0 && ms < 1000)
        return put(putNumber(at, ms), "ms");
    return put(putNumber(at, ms <= 0 ? 0 : (ms + 999) / 1000), "s");
}

char *putLevel(char *at, const RateStanding::Level &l, QByteArrayView limit,
               QByteArrayView remaining, QByteArrayView reset)
{
    at = put(putNumber(put(at, limit), l.limit), "\r\n");
    at = put(putNumber(put(at, remaining), std::max<qint64>(0, l.remaining)), "\r\n");
    return put(putDuration(put(at, reset), l.resetMs), "\r\n");
}

} // namespace

qsizetype RateStanding::writeHeadLines(char *out) const
{
    char *at = out;
    if (requests.limit > 0)
        at = putLevel(at, requests, "x-ratelimit-limit-requests: ",
                      "x-ratelimit-remaining-requests: ", "x-ratelimit-reset-requests: ");
    if (tokens.limit > 0)
        at = putLevel(at, tokens, "x-ratelimit-limit-tokens: ", "x-ratelimit-remaining-tokens: ",
                      "x-ratelimit-reset-tokens: ");
    return qsizetype(at - out);
}

QList<std::pair<QByteArray, QByteArray>> RateStanding::headers() const
{
    char text[kHeadLinesBytes];
    QList<std::pair<QByteArray, QByteArray>> out;
    for (const QByteArray &line : QByteArray(text, writeHeadLines(text)).split('\n')) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0)
            out.emplaceBack(line.left(colon), line.mid(colon + 2).chopped(1));
    }
    return out;
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
    // The last id looked up, kept shared: while it is, no other text can take its address, so the
    // same address is the same id (one key calling again costs no hashing).
    LastWindow &last = scope == SpendScope::Key ? m_lastKey : m_lastProject;
    if (!last.window || last.id.constData() != id.constData() || last.id.size() != id.size()) {
        last.window = &(scope == SpendScope::Key ? m_keys[id] : m_projects[id]);
        last.id = id;
    }
    last.window->expire(nowMs);
    return *last.window;
}

std::optional<RateRefusal> RateLimiter::check(SpendScope scope, const QString &id,
                                              const Domain::SpendLimits &limits, Window &w,
                                              qint64 tokens, qint64 nowMs) const
{
    if (const std::optional<qint64> &rpm = limits.requestsPerMinute;
        rpm && qint64(w.entries.size()) + w.otherRequests + 1 > *rpm) {
        // The oldest entries leave first: the call fits when enough of them have. The others'
        // leave when they do, unseen here: at their next publication.
        const qsizetype leave = qsizetype(w.entries.size()) + w.otherRequests + 1 - *rpm;
        const qint64 at = leave <= qsizetype(w.entries.size())
            ? w.entries.at(size_t(leave - 1)).atMs + kWindowMs
            : nowMs + kOthersRetryMs;
        return RateRefusal { scope, id, false, *rpm, at - nowMs };
    }
    const qint64 used = w.tokens + w.otherTokens;
    if (const std::optional<qint64> &tpm = limits.tokensPerMinute;
        tpm && used + tokens > *tpm && (!w.entries.empty() || w.otherTokens > 0)) {
        const qint64 need = std::min(used + tokens - *tpm, w.tokens);
        qint64 freed = 0;
        qint64 at = nowMs + kOthersRetryMs - kWindowMs;
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
    fewest(s.requests, limits.requestsPerMinute, qint64(w.entries.size()) + w.otherRequests);
    fewest(s.tokens, limits.tokensPerMinute, w.tokens + w.otherTokens);
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
        ticket = RateTicket { &kw, &pw, ++m_sequence, tokens };
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

std::deque<RateLimiter::Entry>::iterator RateLimiter::entryOf(Window &w, quint64 sequence)
{
    // Entries are in admission order: the ticket's is found by its sequence number, most often
    // the last one (calls tend to end in the order they came).
    if (!w.entries.empty() && w.entries.back().sequence == sequence)
        return w.entries.end() - 1;
    const auto it = std::lower_bound(w.entries.begin(), w.entries.end(), sequence,
                                     [](const Entry &e, quint64 s) { return e.sequence < s; });
    return it != w.entries.end() && it->sequence == sequence ? it : w.entries.end();
}

template<typename Change>
void RateLimiter::changeEntries(const RateTicket &ticket, qint64 nowMs, Change change)
{
    if (ticket.sequence == 0)
        return;
    for (void *p : { ticket.keyWindow, ticket.projectWindow }) {
        Window *w = static_cast<Window *>(p);
        w->expire(nowMs);
        if (const auto it = entryOf(*w, ticket.sequence); it != w->entries.end())
            change(*w, it); // not when it left the window already
    }
}

void RateLimiter::correct(const RateTicket &ticket, qint64 tokens, qint64 nowMs)
{
    changeEntries(ticket, nowMs, [tokens](Window &w, std::deque<Entry>::iterator it) {
        w.tokens += tokens - it->tokens;
        it->tokens = tokens;
    });
}

void RateLimiter::release(const RateTicket &ticket, qint64 nowMs)
{
    changeEntries(ticket, nowMs, [](Window &w, std::deque<Entry>::iterator it) {
        w.tokens -= it->tokens;
        w.entries.erase(it);
    });
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

QList<RateCount> RateLimiter::counts(qint64 nowMs)
{
    QList<RateCount> out;
    const auto list = [&](SpendScope scope, std::unordered_map<QString, Window> &windows) {
        for (auto &entry : windows) {
            entry.second.expire(nowMs);
            if (!entry.second.entries.empty())
                out.append({ scope, entry.first, qint64(entry.second.entries.size()),
                             entry.second.tokens });
        }
    };
    list(SpendScope::Key, m_keys);
    list(SpendScope::Project, m_projects);
    return out;
}

void RateLimiter::setOthers(const QList<RateCount> &others)
{
    for (auto *windows : { &m_keys, &m_projects }) {
        for (auto &entry : *windows) {
            entry.second.otherRequests = 0;
            entry.second.otherTokens = 0;
        }
    }
    for (const RateCount &c : others) {
        // A scope this instance has not seen yet gets its window now: its first call counts them.
        Window &w = c.scope == SpendScope::Key ? m_keys[c.id] : m_projects[c.id];
        w.otherRequests = c.requests;
        w.otherTokens = c.tokens;
    }
}

} // namespace Routing
