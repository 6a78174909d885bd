#include "impactsource.h"

#include "workspacesession.h"

using namespace Qt::StringLiterals;

namespace Ui::Common {

ImpactSource::ImpactSource(QObject *parent, QString databasePath, Health health)
    : QObject(parent)
    , m_databasePath(std::move(databasePath))
    , m_health(std::move(health))
    , m_now([] { return QDateTime::currentDateTimeUtc(); })
{
    setObjectName(u"impactSource"_s);
}

ImpactSource *ImpactSource::attach(WorkspaceSession *session, const QString &databasePath,
                                   Health health)
{
    delete of(session);
    return new ImpactSource(session, databasePath, std::move(health));
}

ImpactSource *ImpactSource::of(const WorkspaceSession *session)
{
    return session
        ? session->findChild<ImpactSource *>(u"impactSource"_s, Qt::FindDirectChildrenOnly)
        : nullptr;
}

std::optional<Routing::CooldownBook> ImpactSource::health(qint64 nowMs) const
{
    return m_health ? m_health(nowMs) : std::nullopt;
}

} // namespace Ui::Common
