#pragma once

#include <QHash>
#include <QString>
#include <algorithm>

// Which suggestion each session is waiting on (Suggest mode): a later call of the session that
// names the suggested model inside the window accepts it. Lives on the gateway thread; not
// thread-safe. In memory only: a restart forgets the pending suggestions.
namespace Sessions {

class SessionBook
{
public:
    static constexpr qsizetype kMaxSessions = 100000;

    explicit SessionBook(qsizetype maxSessions = kMaxSessions)
        : m_max(std::max<qsizetype>(maxSessions, 4))
    {
    }

    // A call of `session` names `model` at nowMs: true when the session's pending suggestion is
    // that model, made at most windowMs before; it is then used up.
    bool accept(const QString &session, const QString &model, qint64 nowMs, qint64 windowMs);
    // The session's call was suggested `model`: it replaces whatever the session waited on.
    void suggest(const QString &session, const QString &model, qint64 nowMs, qint64 windowMs);
    qsizetype size() const { return m_pending.size(); }

private:
    struct Pending
    {
        QString model;
        qint64 atMs = 0;
    };
    qsizetype m_max;
    QHash<QString, Pending> m_pending;
};

// The session a call belongs to: the caller's x-gateway-session value under its key (two keys
// never share one), else the key itself.
QString sessionOf(const QString &keyId, QByteArrayView header);

} // namespace Sessions
