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
        // Full: what waited longer than the window can no longer be accepted; then the oldest go
        // until a quarter is free, so a full book is swept once per m_max / 4 new sessions, not
        // on every call (bounded memory whatever callers send).
        m_pending.removeIf([&](const auto &it) { return nowMs - it.value().atMs > windowMs; });
        if (m_pending.size() > m_max * 3 / 4) {
            QList<qint64> times;
            times.reserve(m_pending.size());
            for (const Pending &p : std::as_const(m_pending))
                times.append(p.atMs);
            const qsizetype drop = m_pending.size() - m_max * 3 / 4;
            std::nth_element(times.begin(), times.begin() + (drop - 1), times.end());
            const qint64 newestDropped = times.at(drop - 1);
            m_pending.removeIf([&](const auto &it) { return it.value().atMs <= newestDropped; });
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
