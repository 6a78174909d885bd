#include "editcommands.h"

#include "tr.h"
#include "workspacesession.h"

#include <runtime/operations.h>

using namespace Qt::StringLiterals;

namespace Ui::Common {
namespace {

bool validRow(qsizetype row, qsizetype size)
{
    return row >= 0 && row < size;
}

} // namespace

WorkspaceCommand::WorkspaceCommand(WorkspaceSession *session, const QString &text,
                                   const QString &mergeKey)
    : QUndoCommand(text)
    , m_session(session)
    , m_mergeKey(mergeKey)
{
}

void WorkspaceCommand::setEdit(Edit edit)
{
    m_edit = std::move(edit);
}

void WorkspaceCommand::setModelEdit(const QString &model, ModelEdit edit)
{
    setEdit([model, edit = std::move(edit)](Domain::Workspace &ws) {
        if (Domain::Model *m = ws.model(model))
            edit(*m);
    });
}

void WorkspaceCommand::undo()
{
    m_session->setEdited(m_before);
}

void WorkspaceCommand::redo()
{
    if (!m_done) {
        m_before = m_session->edited();
        m_after = m_before;
        if (m_edit)
            m_edit(m_after);
        m_done = true;
    }
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
    if (m_done)
        return !(m_before == m_after);
    Domain::Workspace preview = m_session->edited();
    if (m_edit)
        m_edit(preview);
    return !(preview == m_session->edited());
}

SetRouteKindCommand::SetRouteKindCommand(WorkspaceSession *s, const QString &model,
                                         Domain::RouteKind kind)
    : WorkspaceCommand(s, Tr::tr("Set deployment pool of %1").arg(model))
{
    setModelEdit(model, [kind](Domain::Model &m) { m.route = kind; });
}

AddDeploymentCommand::AddDeploymentCommand(WorkspaceSession *s, const QString &model,
                                           const Domain::PoolEntry &entry)
    : WorkspaceCommand(s, Tr::tr("Add deployment %1").arg(entry.model))
{
    setModelEdit(model, [entry](Domain::Model &m) { m.pool.deployments.append(entry); });
}

RemoveDeploymentCommand::RemoveDeploymentCommand(WorkspaceSession *s, const QString &model, int row)
    : WorkspaceCommand(s, Tr::tr("Remove deployment"))
{
    setModelEdit(model, [row](Domain::Model &m) {
        if (validRow(row, m.pool.deployments.size()))
            m.pool.deployments.removeAt(row);
    });
}

SetDeploymentCommand::SetDeploymentCommand(WorkspaceSession *s, const QString &model, int row,
                                           const QString &deployment)
    : WorkspaceCommand(s, Tr::tr("Choose deployment %1").arg(deployment))
{
    setModelEdit(model, [row, deployment](Domain::Model &m) {
        if (validRow(row, m.pool.deployments.size()))
            m.pool.deployments[row].model = deployment;
    });
}

SetWeightCommand::SetWeightCommand(WorkspaceSession *s, const QString &model, int row, int weight)
    : WorkspaceCommand(s, Tr::tr("Set weight"), u"%1#%2"_s.arg(model).arg(row))
{
    setModelEdit(model, [row, weight](Domain::Model &m) {
        if (validRow(row, m.pool.deployments.size()))
            m.pool.deployments[row].weight = weight;
    });
}

SetAllowedRegionsCommand::SetAllowedRegionsCommand(WorkspaceSession *s, const QString &model,
                                                   const QStringList &regions)
    : WorkspaceCommand(s, Tr::tr("Set allowed regions"), model)
{
    setModelEdit(model, [regions](Domain::Model &m) { m.pool.allowedRegions = regions; });
}

SetServingRegionCommand::SetServingRegionCommand(WorkspaceSession *s, const QString &model,
                                                 const QString &region)
    : WorkspaceCommand(s, Tr::tr("Set serving region"), model)
{
    setModelEdit(model, [region](Domain::Model &m) { m.servingRegionOverride = region; });
}

SetMaxOutputTokensCommand::SetMaxOutputTokensCommand(WorkspaceSession *s, const QString &model,
                                                     int tokens)
    : WorkspaceCommand(s, Tr::tr("Set max output tokens"), model + u"#maxOutputTokens"_s)
{
    setModelEdit(model, [tokens](Domain::Model &m) { m.maxOutputTokens = tokens; });
}

SetRecoveryModeCommand::SetRecoveryModeCommand(WorkspaceSession *s, const QString &model,
                                               bool overridden)
    : WorkspaceCommand(s, overridden ? Tr::tr("Override recovery") : Tr::tr("Default recovery"))
{
    setEdit([model, overridden](Domain::Workspace &ws) {
        Domain::Model *m = ws.model(model);
        if (!m)
            return;
        // An Override never edited starts from what applied until now, the workspace's defaults,
        // so choosing it changes nothing until a value is typed (R-REC-9).
        if (overridden && !m->recovery.overridden
            && m->recovery.override == Domain::RecoverySettings {})
            m->recovery.override = ws.recoveryDefaults;
        m->recovery.overridden = overridden;
    });
}

SetRecoveryFieldCommand::SetRecoveryFieldCommand(WorkspaceSession *s, const QString &model,
                                                 Field field, int value)
    : WorkspaceCommand(s, Tr::tr("Set recovery"), u"%1#%2"_s.arg(model).arg(int(field)))
{
    setModelEdit(model,
                 [field, value](Domain::Model &m) { m.recovery.override.setValue(field, value); });
}

SetRecoveryDefaultCommand::SetRecoveryDefaultCommand(WorkspaceSession *s,
                                                     Domain::RecoveryField field, int value)
    : WorkspaceCommand(s, Tr::tr("Set recovery default"), u"defaults#%1"_s.arg(int(field)))
{
    setEdit([field, value](Domain::Workspace &ws) { ws.recoveryDefaults.setValue(field, value); });
}

SetStrictReceiptsCommand::SetStrictReceiptsCommand(WorkspaceSession *s, bool strict)
    : WorkspaceCommand(
        s, strict ? Tr::tr("Turn strict receipts on") : Tr::tr("Turn strict receipts off"))
{
    setEdit([strict](Domain::Workspace &ws) { ws.strictReceipts = strict; });
}

SetModelEnabledCommand::SetModelEnabledCommand(WorkspaceSession *s, const QString &model,
                                               bool enabled)
    : WorkspaceCommand(s,
                       enabled ? Tr::tr("Enable %1").arg(model) : Tr::tr("Disable %1").arg(model))
{
    setModelEdit(model, [enabled](Domain::Model &m) { m.enabled = enabled; });
}

AddOfferingCommand::AddOfferingCommand(WorkspaceSession *s, const QString &model,
                                       const Domain::Offering &offering)
    : WorkspaceCommand(s, Tr::tr("Add offering"))
{
    setModelEdit(model, [offering](Domain::Model &m) { m.offerings.append(offering); });
}

RemoveOfferingCommand::RemoveOfferingCommand(WorkspaceSession *s, const QString &model, int row)
    : WorkspaceCommand(s, Tr::tr("Remove offering"))
{
    setModelEdit(model, [row](Domain::Model &m) {
        if (validRow(row, m.offerings.size()))
            m.offerings.removeAt(row);
    });
}

MoveOfferingCommand::MoveOfferingCommand(WorkspaceSession *s, const QString &model, int from,
                                         int to)
    : WorkspaceCommand(s, Tr::tr("Reorder offerings"))
{
    setModelEdit(model, [from, to](Domain::Model &m) {
        if (validRow(from, m.offerings.size()) && validRow(to, m.offerings.size()))
            m.offerings.move(from, to);
    });
}

SetOfferingCommand::SetOfferingCommand(WorkspaceSession *s, const QString &model, int row,
                                       const Domain::Offering &o, const QString &field)
    : WorkspaceCommand(s, Tr::tr("Edit offering"), u"%1#%2#%3"_s.arg(model).arg(row).arg(field))
{
    setModelEdit(model, [row, o](Domain::Model &m) {
        if (validRow(row, m.offerings.size()))
            m.offerings[row] = o;
    });
}

CreateModelCommand::CreateModelCommand(WorkspaceSession *s, const Domain::Model &model)
    : WorkspaceCommand(s, Tr::tr("Create model %1").arg(model.name))
{
    setEdit([model](Domain::Workspace &ws) { ws.models.append(model); });
}

DuplicateModelCommand::DuplicateModelCommand(WorkspaceSession *s, const QString &model,
                                             const QString &newName)
    : WorkspaceCommand(s, Tr::tr("Duplicate %1 as %2").arg(model, newName))
{
    setEdit([model, newName](Domain::Workspace &ws) {
        const qsizetype i
            = indexIn(ws.models, [&](const Domain::Model &m) { return m.name == model; });
        if (i < 0)
            return;
        Domain::Model copy = ws.models.at(i);
        copy.name = newName;
        ws.models.insert(i + 1, copy);
    });
}

DeleteModelCommand::DeleteModelCommand(WorkspaceSession *s, const QString &model)
    : WorkspaceCommand(s, Tr::tr("Delete model %1").arg(model))
{
    setEdit([model](Domain::Workspace &ws) {
        ws.models.removeIf([&](const Domain::Model &m) { return m.name == model; });
    });
}

SetConnectionCommand::SetConnectionCommand(WorkspaceSession *s, const QString &name,
                                           const Domain::Connection &c, const QString &field)
    : WorkspaceCommand(s, Tr::tr("Edit connection %1").arg(name), name % u'#' % field)
{
    setEdit([name, c](Domain::Workspace &ws) {
        const qsizetype i
            = indexIn(ws.connections, [&](const Domain::Connection &x) { return x.name == name; });
        if (i >= 0)
            ws.connections[i] = c;
    });
}

AddConnectionCommand::AddConnectionCommand(WorkspaceSession *s, const Domain::Connection &c)
    : WorkspaceCommand(s, Tr::tr("Add connection %1").arg(c.name))
{
    setEdit([c](Domain::Workspace &ws) { ws.connections.append(c); });
}

RemoveConnectionCommand::RemoveConnectionCommand(WorkspaceSession *s, const QString &name)
    : WorkspaceCommand(s, Tr::tr("Remove connection %1").arg(name))
{
    setEdit([name](Domain::Workspace &ws) {
        ws.connections.removeIf([&](const Domain::Connection &c) { return c.name == name; });
    });
}

AddProjectCommand::AddProjectCommand(WorkspaceSession *s, const Domain::Project &project)
    : WorkspaceCommand(s, Tr::tr("Add project %1").arg(project.name))
{
    setEdit([project](Domain::Workspace &ws) { ws.projects.append(project); });
}

AddKeyCommand::AddKeyCommand(WorkspaceSession *s, const Domain::Key &key)
    : WorkspaceCommand(s, Tr::tr("Create key %1").arg(key.name))
{
    setEdit([key](Domain::Workspace &ws) { ws.keys.append(key); });
}

RevokeKeyCommand::RevokeKeyCommand(WorkspaceSession *s, const QString &keyId)
    : WorkspaceCommand(s, Tr::tr("Revoke key"))
{
    setEdit([keyId](Domain::Workspace &ws) { (void)Runtime::revokeKey(ws, keyId); });
}

namespace {

void setLimit(Domain::SpendLimits &l, SetSpendLimitCommand::Field field, std::optional<double> v)
{
    using Field = SetSpendLimitCommand::Field;
    const auto whole = [&v]() -> std::optional<qint64> {
        return v ? std::optional<qint64>(qRound64(*v)) : std::nullopt;
    };
    switch (field) {
    case Field::DailyUsd:
        l.dailyUsd = v;
        break;
    case Field::MonthlyUsd:
        l.monthlyUsd = v;
        break;
    case Field::RequestsPerMinute:
        l.requestsPerMinute = whole();
        break;
    case Field::TokensPerMinute:
        l.tokensPerMinute = whole();
        break;
    }
}

QString limitCommandText(const Domain::Workspace &ws, Domain::SpendScope scope, const QString &id)
{
    if (scope == Domain::SpendScope::Project)
        return Tr::tr("Set a limit of project %1").arg(id);
    const Domain::Key *k = ws.keyById(id);
    return Tr::tr("Set a limit of key %1").arg(k ? k->name : id);
}

} // namespace

SetSpendLimitCommand::SetSpendLimitCommand(WorkspaceSession *s, Domain::SpendScope scope,
                                           const QString &id, Field field,
                                           std::optional<double> value)
    : WorkspaceCommand(s, limitCommandText(s->edited(), scope, id),
                       u"%1#%2#%3"_s.arg(int(scope)).arg(id).arg(int(field)))
{
    setEdit([scope, id, field, value](Domain::Workspace &ws) {
        if (scope == Domain::SpendScope::Key) {
            const qsizetype i = indexIn(ws.keys, [&](const Domain::Key &k) { return k.id == id; });
            if (i >= 0)
                setLimit(ws.keys[i].limits, field, value);
            return;
        }
        const qsizetype i
            = indexIn(ws.projects, [&](const Domain::Project &p) { return p.id == id; });
        if (i >= 0)
            setLimit(ws.projects[i].limits, field, value);
    });
}

namespace {

void setSession(Domain::SessionSettings &s, SetSessionSettingCommand::Field field, int value)
{
    if (field == SetSessionSettingCommand::Field::Mode)
        s.mode = Domain::SessionMode(value);
    else
        s.qualityFloor = value;
}

QString sessionCommandText(const Domain::Workspace &ws, Domain::SpendScope scope, const QString &id)
{
    if (scope == Domain::SpendScope::Project)
        return Tr::tr("Set the sessions of project %1").arg(id);
    const Domain::Key *k = ws.keyById(id);
    return Tr::tr("Set the sessions of key %1").arg(k ? k->name : id);
}

} // namespace

SetSessionSettingCommand::SetSessionSettingCommand(WorkspaceSession *s, Domain::SpendScope scope,
                                                   const QString &id, Field field, int value)
    // Only the floor merges: each mode picked is a step of its own.
    : WorkspaceCommand(s, sessionCommandText(s->edited(), scope, id),
                       field == Field::QualityFloor ? u"%1#%2"_s.arg(int(scope)).arg(id)
                                                    : QString())
{
    setEdit([scope, id, field, value](Domain::Workspace &ws) {
        if (scope == Domain::SpendScope::Key) {
            const qsizetype i = indexIn(ws.keys, [&](const Domain::Key &k) { return k.id == id; });
            if (i >= 0)
                setSession(ws.keys[i].sessions, field, value);
            return;
        }
        const qsizetype i
            = indexIn(ws.projects, [&](const Domain::Project &p) { return p.id == id; });
        if (i >= 0)
            setSession(ws.projects[i].sessions, field, value);
    });
}

ReplaceWorkspaceCommand::ReplaceWorkspaceCommand(WorkspaceSession *s, const Domain::Workspace &ws,
                                                 const QString &text)
    : WorkspaceCommand(s, text)
{
    setEdit([ws](Domain::Workspace &edited) { edited = ws; });
}

} // namespace Ui::Common
