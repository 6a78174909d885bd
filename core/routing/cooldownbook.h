#pragma once

#include "domain/enums.h"

#include <QHash>
#include <QList>
#include <QString>

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
};

// The shared cooldowns of one gateway (R-REC-2): every call of the gateway consults and updates the
// same book. Lives on the gateway thread; not thread-safe. Pure: time is passed in.
class CooldownBook
{
public:
    // A failure attributable to the provider. The cooldown ends at the latest of its current end,
    // now + cooldownMs and now + retryAfterMs capped at 120,000 ms (R-REC-5): it extends, never
    // shortens.
    void fail(const QString &key, qint64 nowMs, qint64 cooldownMs, qint64 retryAfterMs = 0,
              Domain::ErrorClass error = Domain::ErrorClass::None);
    // True while cooling or drained. Expired entries need no sweep.
    bool coolingDown(const QString &key, qint64 nowMs) const;
    // Milliseconds until the cooldown ends; 0 when not cooling; -1 while drained (no end).
    qint64 remainingMs(const QString &key, qint64 nowMs) const;
    bool drained(const QString &key) const;
    // Manual drain (R-UI-11): skipped as cooling_down until re-enabled.
    void drain(const QString &key, qint64 nowMs);
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
        bool drained = false;
        int failures = 0;
        Domain::ErrorClass lastError = Domain::ErrorClass::None;
    };
    QHash<QString, Entry> m_entries;
};

} // namespace Routing
