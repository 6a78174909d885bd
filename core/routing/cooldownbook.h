#pragma once

#include "domain/enums.h"

#include <QHash>
#include <QList>
#include <QString>
#include <vector>

namespace Routing {

// One candidate that is cooling down or drained, for health views and metrics (R-UI-11, R-OBS-1).
struct CooldownEntry
{
    QString key; // Candidate::key()
    qint64 endsAtMs = 0; // on the Clock::nowMs() scale; meaningless while drained
    qint64 remainingMs = 0; // at the time of the query; 0 while drained
    bool drained = false; // taken out by hand until re-enabled
    int failures = 0; // failures recorded since the entry was created
    Domain::ErrorClass lastError = Domain::ErrorClass::None; // AuthFailed → "credential rejected"
    // The cooldown or drain came from another gateway on the same database (share()), and no
    // failure here has extended it since: not this gateway's news to announce.
    bool shared = false;
};

// The shared cooldowns of one gateway (R-REC-2): every call of the gateway consults and updates the
// same book. Lives on the gateway thread; not thread-safe. Pure: time is passed in.
class CooldownBook
{
public:
    // Each key ("<connection>/<upstream model>") as a small integer, stable for the book's life, so
    // that a call's checks index a table instead of building and hashing strings. Interning is not
    // a change of the book's state.
    int idOf(const QString &key) const;
    // No candidate cooling or drained (most of the time): nothing to look up per candidate.
    bool isEmpty() const { return m_live == 0; }

    // A failure attributable to the provider. The cooldown ends at the latest of its current end,
    // now + cooldownMs and now + retryAfterMs capped at 120,000 ms (R-REC-5): it extends, never
    // shortens.
    void fail(int id, qint64 nowMs, qint64 cooldownMs, qint64 retryAfterMs = 0,
              Domain::ErrorClass error = Domain::ErrorClass::None);
    // True while cooling or drained. Expired entries need no sweep.
    bool coolingDown(int id, qint64 nowMs) const
    {
        const Entry *e = entry(id);
        return e && (e->drained || e->endsAtMs > nowMs);
    }
    // Milliseconds until the cooldown ends; 0 when not cooling; -1 while drained (no end).
    qint64 remainingMs(int id, qint64 nowMs) const;
    bool drained(int id) const
    {
        const Entry *e = entry(id);
        return e && e->drained;
    }

    // The same by key, for callers outside the hot path (health views, admin routes, tests).
    void fail(const QString &key, qint64 nowMs, qint64 cooldownMs, qint64 retryAfterMs = 0,
              Domain::ErrorClass error = Domain::ErrorClass::None)
    {
        fail(idOf(key), nowMs, cooldownMs, retryAfterMs, error);
    }
    bool coolingDown(const QString &key, qint64 nowMs) const
    {
        return coolingDown(find(key), nowMs);
    }
    qint64 remainingMs(const QString &key, qint64 nowMs) const
    {
        return remainingMs(find(key), nowMs);
    }
    bool drained(const QString &key) const { return drained(find(key)); }
    // Manual drain (R-UI-11): skipped as cooling_down until re-enabled. `shared`: drained by hand
    // on another gateway sharing the database.
    void drain(const QString &key, qint64 nowMs, bool shared = false);
    // A cooldown another gateway on the same database recorded: extends like fail(), but counts
    // no failure here, and the entry is marked shared until a failure here extends it.
    void share(const QString &key, qint64 nowMs, qint64 remainingMs,
               Domain::ErrorClass error = Domain::ErrorClass::None);
    // Ends a drain and any running cooldown.
    void reenable(const QString &key);
    // Entries cooling or drained at nowMs, sorted by key.
    QList<CooldownEntry> active(qint64 nowMs) const;
    // Forgets entries whose cooldown ended before nowMs (optional housekeeping for long runs).
    void prune(qint64 nowMs);

    static constexpr qint64 kRetryAfterCapMs = 120000;

private:
    struct Entry
    {
        qint64 endsAtMs = 0;
        bool live = false; // a failure or a drain recorded since the last reenable/prune
        bool drained = false;
        int failures = 0;
        Domain::ErrorClass lastError = Domain::ErrorClass::None;
        bool shared = false;
    };
    int find(const QString &key) const { return m_ids.value(key, -1); }
    const Entry *entry(int id) const
    {
        if (id < 0 || size_t(id) >= m_entries.size() || !m_entries[size_t(id)].live)
            return nullptr;
        return &m_entries[size_t(id)];
    }
    Entry &liveEntry(int id);

    mutable QHash<QString, int> m_ids;
    mutable QList<QString> m_keys; // by id
    std::vector<Entry> m_entries; // by id; shorter than m_keys until an id is first failed
    int m_live = 0; // entries with live set
};

} // namespace Routing
