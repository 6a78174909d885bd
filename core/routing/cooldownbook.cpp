#include "cooldownbook.h"

#include <algorithm>

namespace Routing {

void CooldownBook::fail(const QString &key, qint64 nowMs, qint64 cooldownMs, qint64 retryAfterMs,
                        Domain::ErrorClass error)
{
    Entry &e = m_entries[key];
    // R-REC-5: Retry-After extends the shared cooldown, but only up to the cap; a longer
    // Retry-After is honoured by the single call that received it, not by everyone.
    const qint64 retryEnd = nowMs + std::clamp<qint64>(retryAfterMs, 0, kRetryAfterCapMs);
    const qint64 ownEnd = nowMs + std::max<qint64>(cooldownMs, 0);
    e.endsAtMs = std::max({ e.endsAtMs, ownEnd, retryEnd });
    ++e.failures;
    e.lastError = error;
}

bool CooldownBook::coolingDown(const QString &key, qint64 nowMs) const
{
    const auto it = m_entries.constFind(key);
    if (it == m_entries.cend())
        return false;
    return it->drained || it->endsAtMs > nowMs;
}

qint64 CooldownBook::remainingMs(const QString &key, qint64 nowMs) const
{
    const auto it = m_entries.constFind(key);
    if (it == m_entries.cend())
        return 0;
    if (it->drained)
        return -1;
    return std::max<qint64>(0, it->endsAtMs - nowMs);
}

bool CooldownBook::drained(const QString &key) const
{
    const auto it = m_entries.constFind(key);
    return it != m_entries.cend() && it->drained;
}

void CooldownBook::drain(const QString &key, qint64 nowMs)
{
    Entry &e = m_entries[key];
    e.drained = true;
    e.endsAtMs = std::max(e.endsAtMs, nowMs);
}

void CooldownBook::reenable(const QString &key)
{
    m_entries.remove(key);
}

QList<CooldownEntry> CooldownBook::active(qint64 nowMs) const
{
    QList<CooldownEntry> out;
    for (auto it = m_entries.cbegin(); it != m_entries.cend(); ++it) {
        if (!it->drained && it->endsAtMs <= nowMs)
            continue;
        CooldownEntry c;
        c.key = it.key();
        c.endsAtMs = it->endsAtMs;
        c.remainingMs = it->drained ? 0 : it->endsAtMs - nowMs;
        c.drained = it->drained;
        c.failures = it->failures;
        c.lastError = it->lastError;
        out << c;
    }
    std::sort(out.begin(), out.end(),
              [](const CooldownEntry &a, const CooldownEntry &b) { return a.key < b.key; });
    return out;
}

void CooldownBook::prune(qint64 nowMs)
{
    m_entries.removeIf(
        [nowMs](const auto &it) { return !it.value().drained && it.value().endsAtMs <= nowMs; });
}

} // namespace Routing
