#include "editcommands.h"

#include "tr.h"
#include "workspacesession.h"

using namespace Qt::StringLiterals;

namespace Ui::Common {
namespace {

template<typename List, typename Pred>
qsizetype indexIn(const List &list, Pred pred)
{
    for (qsizetype i = 0; i < list.size(); ++i) {
        if (pred(list.at(i)))
            return i;
    }
    return -1;
}

bool validRow(qsizetype row, qsizetype size)
{
    return row >= 0 && row < size;
}

} // namespace

WorkspaceCommand::WorkspaceCommand(WorkspaceSession *session, const QString &text,
                                   const QString &mergeKey)
    : QUndoCommand(text)
    , m_session(session)
    , m_before(session->edited())
    , m_after(session->edited())
    , m_mergeKey(mergeKey)
{
}

void WorkspaceCommand::undo()
{
    m_session->setEdited(m_before);
}

void WorkspaceCommand::redo()
{
    m_session->setEdited(m_after);
}

bool WorkspaceCommand::mergeWith(const QUndoCommand *other)
{
    const auto *o = dynamic_cast<const WorkspaceCommand *>(other);
    if (!o || o->id() != id() || o->m_mergeKey != m_mergeKey || m_mergeKey.isEmpty())
        return false;
    m_after = o->m_after;
    // A field typed back to its original value leaves nothing to undo.
    setObsolete(m_after == m_before);
    return true;
}

bool WorkspaceCommand::changesAnything() const
{
    return !(m_before == m_after);
}

Domain::Model *WorkspaceCommand::afterModel(const QString &name)
{
    return m_after.model(name);
}

SetRouteKindCommand::SetRouteKindCommand(WorkspaceSession *s, const QString &model,
                                         Domain::RouteKind kind)
    : WorkspaceCommand(s, Tr::tr("Set deployment pool of %1").arg(model))
{
    if (Domain::Model *m = afterModel(model))
        m->route = kind;
}

AddDeploymentCommand::AddDeploymentCommand(WorkspaceSession *s, const QString &model,
                                           const Domain::PoolEntry &entry)
    : WorkspaceCommand(s, Tr::tr("Add deployment %1").arg(entry.model))
{
    if (Domain::Model *m = afterModel(model))
        m->pool.deployments.append(entry);
}

RemoveDeploymentCommand::RemoveDeploymentCommand(WorkspaceSession *s, const QString &model, int row)
    : WorkspaceCommand(s, Tr::tr("Remove deployment"))
{
    Domain::Model *m = afterModel(model);
    if (m && validRow(row, m->pool.deployments.size()))
        m->pool.deployments.removeAt(row);
}

SetDeploymentCommand::SetDeploymentCommand(WorkspaceSession *s, const QString &model, int row,
                                           const QString &deployment)
    : WorkspaceCommand(s, Tr::tr("Choose deployment %1").arg(deployment))
{
    Domain::Model *m = afterModel(model);
    if (m && validRow(row, m->pool.deployments.size()))
        m->pool.deployments[row].model = deployment;
}

SetWeightCommand::SetWeightCommand(WorkspaceSession *s, const QString &model, int row, int weight)
    : WorkspaceCommand(s, Tr::tr("Set weight"), u"%1#%2"_s.arg(model).arg(row))
{
    Domain::Model *m = afterModel(model);
    if (m && validRow(row, m->pool.deployments.size()))
        m->pool.deployments[row].weight = weight;
}

SetAllowedRegionsCommand::SetAllowedRegionsCommand(WorkspaceSession *s, const QString &model,
                                                   const QStringList &regions)
    : WorkspaceCommand(s, Tr::tr("Set allowed regions"), model)
{
    if (Domain::Model *m = afterModel(model))
        m->pool.allowedRegions = regions;
}

SetServingRegionCommand::SetServingRegionCommand(WorkspaceSession *s, const QString &model,
                                                 const QString &region)
    : WorkspaceCommand(s, Tr::tr("Set serving region"), model)
{
    if (Domain::Model *m = afterModel(model))
        m->servingRegionOverride = region;
}

SetRecoveryModeCommand::SetRecoveryModeCommand(WorkspaceSession *s, const QString &model,
                                               bool overridden)
    : WorkspaceCommand(s, overridden ? Tr::tr("Override recovery") : Tr::tr("Default recovery"))
{
    if (Domain::Model *m = afterModel(model))
        m->recovery.overridden = overridden;
}

SetRecoveryFieldCommand::SetRecoveryFieldCommand(WorkspaceSession *s, const QString &model,
                                                 Field field, int value)
    : WorkspaceCommand(s, Tr::tr("Set recovery"), u"%1#%2"_s.arg(model).arg(int(field)))
{
    Domain::Model *m = afterModel(model);
    if (!m)
        return;
    Domain::RecoverySettings &r = m->recovery.override;
    switch (field) {
    case Field::Attempts:
        r.attempts = value;
        break;
    case Field::DeadlineMs:
        r.deadlineMs = value;
        break;
    case Field::BackoffFirstMs:
        r.backoffFirstMs = value;
        break;
    case Field::BackoffMaxMs:
        r.backoffMaxMs = value;
        break;
    case Field::CooldownMs:
        r.cooldownMs = value;
        break;
    }
}

SetModelEnabledCommand::SetModelEnabledCommand(WorkspaceSession *s, const QString &model,
                                               bool enabled)
    : WorkspaceCommand(s, enabled ? Tr::tr("Enable %1").arg(model) : Tr::tr("Disable %1").arg(model))
{
    if (Domain::Model *m = afterModel(model))
        m->enabled = enabled;
}

AddOfferingCommand::AddOfferingCommand(WorkspaceSession *s, const QString &model,
                                       const Domain::Offering &offering)
    : WorkspaceCommand(s, Tr::tr("Add offering"))
{
    if (Domain::Model *m = afterModel(model))
        m->offerings.append(offering);
}

RemoveOfferingCommand::RemoveOfferingCommand(WorkspaceSession *s, const QString &model, int row)
    : WorkspaceCommand(s, Tr::tr("Remove offering"))
{
    Domain::Model *m = afterModel(model);
    if (m && validRow(row, m->offerings.size()))
        m->offerings.removeAt(row);
}

MoveOfferingCommand::MoveOfferingCommand(WorkspaceSession *s, const QString &model, int from, int to)
    : WorkspaceCommand(s, Tr::tr("Reorder offerings"))
{
    Domain::Model *m = afterModel(model);
    if (m && validRow(from, m->offerings.size()) && validRow(to, m->offerings.size()))
        m->offerings.move(from, to);
}

SetOfferingCommand::SetOfferingCommand(WorkspaceSession *s, const QString &model, int row,
                                       const Domain::Offering &o, const QString &field)
    : WorkspaceCommand(s, Tr::tr("Edit offering"), u"%1#%2#%3"_s.arg(model).arg(row).arg(field))
{
    Domain::Model *m = afterModel(model);
    if (m && validRow(row, m->offerings.size()))
        m->offerings[row] = o;
}

CreateModelCommand::CreateModelCommand(WorkspaceSession *s, const Domain::Model &model)
    : WorkspaceCommand(s, Tr::tr("Create model %1").arg(model.name))
{
    m_after.models.append(model);
}

DuplicateModelCommand::DuplicateModelCommand(WorkspaceSession *s, const QString &model,
                                             const QString &newName)
    : WorkspaceCommand(s, Tr::tr("Duplicate %1 as %2").arg(model, newName))
{
    const qsizetype i = indexIn(m_after.models, [&](const Domain::Model &m) { return m.name == model; });
    if (i < 0)
        return;
    Domain::Model copy = m_after.models.at(i);
    copy.name = newName;
    m_after.models.insert(i + 1, copy);
}

DeleteModelCommand::DeleteModelCommand(WorkspaceSession *s, const QString &model)
    : WorkspaceCommand(s, Tr::tr("Delete model %1").arg(model))
{
    m_after.models.removeIf([&](const Domain::Model &m) { return m.name == model; });
}

SetConnectionCommand::SetConnectionCommand(WorkspaceSession *s, const QString &name,
                                           const Domain::Connection &c, const QString &field)
    : WorkspaceCommand(s, Tr::tr("Edit connection %1").arg(name), name % u'#' % field)
{
    const qsizetype i = indexIn(m_after.connections,
                                [&](const Domain::Connection &x) { return x.name == name; });
    if (i >= 0)
        m_after.connections[i] = c;
}

AddConnectionCommand::AddConnectionCommand(WorkspaceSession *s, const Domain::Connection &c)
    : WorkspaceCommand(s, Tr::tr("Add connection %1").arg(c.name))
{
    m_after.connections.append(c);
}

RemoveConnectionCommand::RemoveConnectionCommand(WorkspaceSession *s, const QString &name)
    : WorkspaceCommand(s, Tr::tr("Remove connection %1").arg(name))
{
    m_after.connections.removeIf([&](const Domain::Connection &c) { return c.name == name; });
}

AddProjectCommand::AddProjectCommand(WorkspaceSession *s, const Domain::Project &project)
    : WorkspaceCommand(s, Tr::tr("Add project %1").arg(project.name))
{
    m_after.projects.append(project);
}

AddKeyCommand::AddKeyCommand(WorkspaceSession *s, const Domain::Key &key)
    : WorkspaceCommand(s, Tr::tr("Create key %1").arg(key.name))
{
    m_after.keys.append(key);
}

RevokeKeyCommand::RevokeKeyCommand(WorkspaceSession *s, const QString &keyId)
    : WorkspaceCommand(s, Tr::tr("Revoke key"))
{
    for (Domain::Key &k : m_after.keys) {
        if (k.id == keyId)
            k.revoked = true;
    }
}

ReplaceWorkspaceCommand::ReplaceWorkspaceCommand(WorkspaceSession *s, const Domain::Workspace &ws,
                                                 const QString &text)
    : WorkspaceCommand(s, text)
{
    m_after = ws;
}

} // namespace Ui::Common
