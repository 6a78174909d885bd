#pragma once

#include <QDateTime>
#include <QObject>
#include <QString>
#include <functional>
#include <optional>
#include <routing/cooldownbook.h>

namespace Ui::Common {

class WorkspaceSession;

// Where the impact previews of a session's edits read past calls and the live health:
// attached once by the studio, found by every change-preview bar of that session. Without one a
// bar offers no Impact.
class ImpactSource : public QObject
{
    Q_OBJECT
public:
    // The running gateway's cooldowns at a time; nullopt when there is no gateway.
    using Health = std::function<std::optional<Routing::CooldownBook>(qint64 nowMs)>;

    // Replaces any source attached before; owned by the session.
    static ImpactSource *attach(WorkspaceSession *session, const QString &databasePath,
                                Health health = {});
    static ImpactSource *of(const WorkspaceSession *session);

    QString databasePath() const { return m_databasePath; }
    std::optional<Routing::CooldownBook> health(qint64 nowMs) const;
    QDateTime now() const { return m_now(); }
    // The clock behind cooldowns and alias dates; tests pass a fixed one.
    void setNow(std::function<QDateTime()> now) { m_now = std::move(now); }

private:
    ImpactSource(QObject *parent, QString databasePath, Health health);

    QString m_databasePath;
    Health m_health;
    std::function<QDateTime()> m_now;
};

} // namespace Ui::Common
