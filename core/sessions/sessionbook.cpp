#include "sessionbook.h"

namespace Sessions {

bool SessionBook::accept(const QString &session, const QString &model, qint64 nowMs,
                         qint64 windowMs)
{
    const auto it = m_pending.find(session);
    if (it == m_pending.end())
        return false;
    if (nowMs - it->atMs > windowMs) {
        m_pending.erase(it);
        return false;
    }
    if (it->model != model)
        return false;
    m_pending.erase(it);
    return true;
}

void SessionBook::suggest(const QString &session, const QString &model, qint64 nowMs,
                          qint64 windowMs)
{
    if (m_pending.size() >= m_max && !m_pending.contains(session)) {
        // Full: what waited longer than the window can no longer be accepted; if every session
        // is still waiting, the oldest half goes (bounded memory whatever callers send).
        m_pending.removeIf([&](const auto &it) { return nowMs - it.value().atMs > windowMs; });
        if (m_pending.size() >= m_max) {
            QList<qint64> times;
            times.reserve(m_pending.size());
            for (const Pending &p : std::as_const(m_pending))
                times.append(p.atMs);
            std::nth_element(times.begin(), times.begin() + times.size() / 2, times.end());
            const qint64 median = times.at(times.size() / 2);
            m_pending.removeIf([&](const auto &it) { return it.value().atMs <= median; });
        }
    }
    m_pending.insert(session, { model, nowMs });
}

QString sessionOf(const QString &keyId, QByteArrayView header)
{
    if (header.isEmpty())
        return keyId;
    return keyId + QChar(u'\n') + QString::fromUtf8(header);
}

} // namespace Sessions
