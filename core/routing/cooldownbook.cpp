#include "cooldownbook.h"

#include <algorithm>

namespace Routing {

int CooldownBook::idOf(const QString &key) const
{
    const auto it = m_ids.constFind(key);
    if (it != m_ids.cend())
        return *it;
    const int id = int(m_keys.size());
    m_keys << key;
    m_ids.insert(key, id);
    return id;
}

CooldownBook::Entry &CooldownBook::liveEntry(int id)
{
    if (size_t(id) >= m_entries.size())
        m_entries.resize(size_t(id) + 1);
    Entry &e = m_entries[size_t(id)];
    if (!e.live) {
        e = Entry { 0, true, false, 0, Domain::ErrorClass::None, false };
        ++m_live;
    }
    return e;
}

void CooldownBook::fail(int id, qint64 nowMs, qint64 cooldownMs, qint64 retryAfterMs,
                        Domain::ErrorClass error)
{
    if (id < 0)
        return;
    Entry &e = liveEntry(id);
    // R-REC-5: Retry-After extends the shared cooldown, but only up to the cap; a longer
    // Retry-After is honoured by the single call that received it, not by everyone.
    const qint64 retryEnd = nowMs + std::clamp<qint64>(retryAfterMs, 0, kRetryAfterCapMs);
    const qint64 ownEnd = nowMs + std::max<qint64>(cooldownMs, 0);
    const qint64 end = std::max(ownEnd, retryEnd);
    if (end > e.endsAtMs) {
        e.endsAtMs = end;
        e.shared = false;
    }
    ++e.failures;
    e.lastError = error;
}

qint64 CooldownBook::remainingMs(int id, qint64 nowMs) const
{
    const Entry *e = entry(id);
    if (!e)
        return 0;
    if (e->drained)
        return -1;
    return std::max<qint64>(0, e->endsAtMs - nowMs);
}

void CooldownBook::drain(const QString &key, qint64 nowMs, bool shared)
{
    Entry &e = liveEntry(idOf(key));
    e.drained = true;
    e.shared = shared;
    e.endsAtMs = std::max(e.endsAtMs, nowMs);
}

void CooldownBook::share(const QString &key, qint64 nowMs, qint64 remainingMs,
                         Domain::ErrorClass error)
{
    if (remainingMs <= 0)
        return;
    Entry &e = liveEntry(idOf(key));
    if (nowMs + remainingMs <= e.endsAtMs)
        return;
    e.endsAtMs = nowMs + remainingMs;
    e.shared = true;
    if (error != Domain::ErrorClass::None)
        e.lastError = error;
}

void CooldownBook::reenable(const QString &key)
{
    const int id = find(key);
    if (id >= 0 && size_t(id) < m_entries.size() && m_entries[size_t(id)].live) {
        m_entries[size_t(id)].live = false;
        --m_live;
    }
}

QList<CooldownEntry> CooldownBook::active(qint64 nowMs) const
{
    QList<CooldownEntry> out;
    for (size_t id = 0; id < m_entries.size(); ++id) {
        const Entry &e = m_entries[id];
        if (!e.live || (!e.drained && e.endsAtMs <= nowMs))
            continue;
        CooldownEntry c;
        c.key = m_keys.at(qsizetype(id));
        c.endsAtMs = e.endsAtMs;
        c.remainingMs = e.drained ? 0 : e.endsAtMs - nowMs;
        c.drained = e.drained;
        c.failures = e.failures;
        c.lastError = e.lastError;
        c.shared = e.shared;
        out << c;
    }
    std::sort(out.begin(), out.end(),
              [](const CooldownEntry &a, const CooldownEntry &b) { return a.key < b.key; });
    return out;
}

void CooldownBook::prune(qint64 nowMs)
{
    for (Entry &e : m_entries) {
        if (e.live && !e.drained && e.endsAtMs <= nowMs) {
            e.live = false;
            --m_live;
        }
    }
}

} // namespace Routing
