#pragma once

#include "domain/spendlimits.h"
#include "spendbook.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <deque>
#include <optional>
#include <unordered_map>

namespace Routing {

// Where a call stands against the rate limits of its key and project (R-BILL-4): the level with
// the fewest left, for requests and for tokens, as the x-ratelimit-* headers tell it.
struct RateStanding
{
    struct Level
    {
        qint64 limit = 0; // 0: no limit of this kind at either level
        qint64 remaining = 0;
        qint64 resetMs = 0; // until the window is empty
    };
    Level requests;
    Level tokens;
    bool limited() const { return requests.limit > 0 || tokens.limit > 0; }
    // x-ratelimit-limit-requests, -remaining-requests, -reset-requests (and -tokens), in OpenAI's
    // convention ("12s", "250ms"), as the head's lines ("name: value\r\n" each) written into
    // `out`, which has room for kHeadLinesBytes; returns their length. No allocation.
    static constexpr qsizetype kHeadLinesBytes = 384;
    qsizetype writeHeadLines(char *out) const;
    // The same as name and value pairs (tests, tools).
    QList<std::pair<QByteArray, QByteArray>> headers() const;
};

// A limit a call does not fit; it counts nowhere (R-BILL-4).
struct RateRefusal
{
    SpendScope scope = SpendScope::Key;
    QString id;
    bool tokens = false; // else requests
    qint64 limit = 0;
    qint64 retryAfterMs = 0; // until the window frees enough for this call
};

// Requests and tokens admitted in a scope's last minute: this instance's, published for the other
// gateways on the database, or theirs, summed.
struct RateCount
{
    SpendScope scope = SpendScope::Key;
    QString id;
    qint64 requests = 0;
    qint64 tokens = 0;

    bool operator==(const RateCount &) const = default;
};

// An admitted call's place in its windows, to correct its tokens from its usage.
struct RateTicket
{
    void *keyWindow = nullptr; // the limiter's, stable while it lives
    void *projectWindow = nullptr;
    quint64 sequence = 0; // 0: nothing admitted
    qint64 tokens = 0;
};

// Requests and tokens per sliding minute, per key and per project (R-BILL-4), on the gateway
// thread. Pure: times are passed in (the monotonic clock). A call is counted when admitted, with
// its input plus its most output while it runs, corrected from its usage when it ends.
class RateLimiter
{
public:
    static constexpr qint64 kWindowMs = 60000;

    RateLimiter() = default;
    // Moved, its windows keep their addresses (tickets and the last lookups point at them).
    RateLimiter(RateLimiter &&) = default;
    RateLimiter &operator=(RateLimiter &&) = default;
    RateLimiter(const RateLimiter &) = delete;
    RateLimiter &operator=(const RateLimiter &) = delete;

    // Admits the call (counting it at both levels) or refuses it (counting it nowhere). A call
    // larger than a whole token limit runs when that window is empty: it could never fit.
    std::optional<RateRefusal> admit(const QString &keyId, const Domain::SpendLimits &key,
                                     const QString &projectId, const Domain::SpendLimits &project,
                                     qint64 tokens, qint64 nowMs, RateTicket &ticket,
                                     RateStanding &standing);
    // The call's real tokens, while its entry is still in the window.
    void correct(const RateTicket &ticket, qint64 tokens, qint64 nowMs);
    // Takes the call out of its windows: it was admitted, then refused before any attempt.
    void release(const RateTicket &ticket, qint64 nowMs);
    // Where the key and project stand now, without a call.
    RateStanding standing(const QString &keyId, const Domain::SpendLimits &key,
                          const QString &projectId, const Domain::SpendLimits &project,
                          qint64 nowMs);
    // Several gateways on one database: what this instance admitted in each window now, and what
    // the others last published, counted in every window until the next call (scopes not named
    // count none). The limits then hold for the instances together, but for what the others
    // admitted since they last published.
    QList<RateCount> counts(qint64 nowMs);
    void setOthers(const QList<RateCount> &others);

private:
    struct Entry
    {
        qint64 atMs = 0;
        qint64 tokens = 0;
        quint64 sequence = 0;
    };
    struct Window
    {
        std::deque<Entry> entries;
        qint64 tokens = 0;
        qint64 otherRequests = 0; // the other instances', as last published
        qint64 otherTokens = 0;
        void expire(qint64 nowMs);
    };
    Window &window(SpendScope scope, const QString &id, qint64 nowMs);
    // The entry of the call numbered `sequence`, or entries.end() once it left the window.
    static std::deque<Entry>::iterator entryOf(Window &w, quint64 sequence);
    // change(window, entry) on the ticket's entry in each of its windows still holding it.
    template<typename Change>
    static void changeEntries(const RateTicket &ticket, qint64 nowMs, Change change);
    std::optional<RateRefusal> check(SpendScope scope, const QString &id,
                                     const Domain::SpendLimits &limits, Window &w, qint64 tokens,
                                     qint64 nowMs) const;
    static void stand(RateStanding &s, const Domain::SpendLimits &limits, const Window &w,
                      qint64 nowMs);

    // Node-based: a ticket keeps its windows' addresses, so correct() looks nothing up.
    std::unordered_map<QString, Window> m_keys;
    std::unordered_map<QString, Window> m_projects;
    struct LastWindow
    {
        QString id;
        Window *window = nullptr;
    };
    LastWindow m_lastKey;
    LastWindow m_lastProject;
    quint64 m_sequence = 0;
};

} // namespace Routing
