#pragma once

#include <QString>
#include <QUndoCommand>
#include <domain/workspace.h>
#include <functional>

namespace Ui::Common {

class WorkspaceSession;

// Base of every edit: it keeps the edited workspace before and after, so undo and redo restore the
// exact previous state whatever the edit did. Subclasses give their edit as a function, applied
// when the command first runs (so commands built together for a macro see each other's results).
// Mergeable kinds (typing in one field) return their id() and a merge key naming field + subject.
class WorkspaceCommand : public QUndoCommand
{
public:
    void undo() override;
    void redo() override;
    bool mergeWith(const QUndoCommand *other) override;
    // False when the command would change nothing (the caller then does not push it).
    bool changesAnything() const;

protected:
    using Edit = std::function<void(Domain::Workspace &)>;
    using ModelEdit = std::function<void(Domain::Model &)>;

    WorkspaceCommand(WorkspaceSession *session, const QString &text, const QString &mergeKey = {});
    void setEdit(Edit edit);
    // The edit of one model by name; nothing happens when the model is gone.
    void setModelEdit(const QString &model, ModelEdit edit);

private:
    WorkspaceSession *m_session;
    Edit m_edit;
    bool m_done = false;
    Domain::Workspace m_before;
    Domain::Workspace m_after;
    QString m_mergeKey;
};

// Index of the first item of `list` that `pred` accepts, or -1: edits find their subject by name or
// id, and a subject deleted by an earlier step of a macro must leave the edit a no-op.
template<typename List, typename Pred> qsizetype indexIn(const List &list, Pred pred)
{
    for (qsizetype i = 0; i < list.size(); ++i) {
        if (pred(list.at(i)))
            return i;
    }
    return -1;
}

// Ids of mergeable commands (QUndoCommand::id()).
enum CommandId {
    WeightId = 1,
    AllowedRegionsId,
    ServingRegionId,
    RecoveryFieldId,
    OfferingFieldId,
    ConnectionFieldId,
    ModelFieldId,
    RecoveryDefaultFieldId,
    SpendLimitFieldId,
    SessionFloorId,
};

class SetRouteKindCommand : public WorkspaceCommand
{
public:
    SetRouteKindCommand(WorkspaceSession *s, const QString &model, Domain::RouteKind kind);
};

class AddDeploymentCommand : public WorkspaceCommand
{
public:
    AddDeploymentCommand(WorkspaceSession *s, const QString &model, const Domain::PoolEntry &entry);
};

class RemoveDeploymentCommand : public WorkspaceCommand
{
public:
    RemoveDeploymentCommand(WorkspaceSession *s, const QString &model, int row);
};

class SetDeploymentCommand : public WorkspaceCommand
{
public:
    SetDeploymentCommand(WorkspaceSession *s, const QString &model, int row,
                         const QString &deployment);
};

class SetWeightCommand : public WorkspaceCommand
{
public:
    SetWeightCommand(WorkspaceSession *s, const QString &model, int row, int weight);
    int id() const override { return WeightId; }
};

class SetAllowedRegionsCommand : public WorkspaceCommand
{
public:
    SetAllowedRegionsCommand(WorkspaceSession *s, const QString &model, const QStringList &regions);
    int id() const override { return AllowedRegionsId; }
};

// Empty region: Default (the connection's region).
class SetServingRegionCommand : public WorkspaceCommand
{
public:
    SetServingRegionCommand(WorkspaceSession *s, const QString &model, const QString &region);
    int id() const override { return ServingRegionId; }
};

// Typing in the field merges into one step.
class SetMaxOutputTokensCommand : public WorkspaceCommand
{
public:
    SetMaxOutputTokensCommand(WorkspaceSession *s, const QString &model, int tokens);
    int id() const override { return ModelFieldId; }
};

class SetRecoveryModeCommand : public WorkspaceCommand
{
public:
    SetRecoveryModeCommand(WorkspaceSession *s, const QString &model, bool overridden);
};

class SetRecoveryFieldCommand : public WorkspaceCommand
{
public:
    using Field = Domain::RecoveryField;
    SetRecoveryFieldCommand(WorkspaceSession *s, const QString &model, Field field, int value);
    int id() const override { return RecoveryFieldId; }
};

// One setting of the workspace's recovery defaults, what a model's Default means (R-REC-9).
class SetRecoveryDefaultCommand : public WorkspaceCommand
{
public:
    SetRecoveryDefaultCommand(WorkspaceSession *s, Domain::RecoveryField field, int value);
    int id() const override { return RecoveryDefaultFieldId; }
};

// Strict receipts: an answer ends only once its receipt is committed (R-RCPT-1).
class SetStrictReceiptsCommand : public WorkspaceCommand
{
public:
    SetStrictReceiptsCommand(WorkspaceSession *s, bool strict);
};

class SetModelEnabledCommand : public WorkspaceCommand
{
public:
    SetModelEnabledCommand(WorkspaceSession *s, const QString &model, bool enabled);
};

class AddOfferingCommand : public WorkspaceCommand
{
public:
    AddOfferingCommand(WorkspaceSession *s, const QString &model, const Domain::Offering &offering);
};

class RemoveOfferingCommand : public WorkspaceCommand
{
public:
    RemoveOfferingCommand(WorkspaceSession *s, const QString &model, int row);
};

class MoveOfferingCommand : public WorkspaceCommand
{
public:
    MoveOfferingCommand(WorkspaceSession *s, const QString &model, int from, int to);
};

// Typing in one field of one offering merges into one step.
class SetOfferingCommand : public WorkspaceCommand
{
public:
    SetOfferingCommand(WorkspaceSession *s, const QString &model, int row,
                       const Domain::Offering &o, const QString &field);
    int id() const override { return OfferingFieldId; }
};

class CreateModelCommand : public WorkspaceCommand
{
public:
    CreateModelCommand(WorkspaceSession *s, const Domain::Model &model);
};

class DuplicateModelCommand : public WorkspaceCommand
{
public:
    DuplicateModelCommand(WorkspaceSession *s, const QString &model, const QString &newName);
};

class DeleteModelCommand : public WorkspaceCommand
{
public:
    DeleteModelCommand(WorkspaceSession *s, const QString &model);
};

// Replaces one connection by name; `field` names what was edited so typing in it merges.
class SetConnectionCommand : public WorkspaceCommand
{
public:
    SetConnectionCommand(WorkspaceSession *s, const QString &name, const Domain::Connection &c,
                         const QString &field);
    int id() const override { return ConnectionFieldId; }
};

class AddConnectionCommand : public WorkspaceCommand
{
public:
    AddConnectionCommand(WorkspaceSession *s, const Domain::Connection &c);
};

class RemoveConnectionCommand : public WorkspaceCommand
{
public:
    RemoveConnectionCommand(WorkspaceSession *s, const QString &name);
};

class AddProjectCommand : public WorkspaceCommand
{
public:
    AddProjectCommand(WorkspaceSession *s, const Domain::Project &project);
};

class AddKeyCommand : public WorkspaceCommand
{
public:
    AddKeyCommand(WorkspaceSession *s, const Domain::Key &key);
};

class RevokeKeyCommand : public WorkspaceCommand
{
public:
    RevokeKeyCommand(WorkspaceSession *s, const QString &keyId);
};

// One budget or rate limit of a key or a project (R-BILL-3, R-BILL-4), by id; nothing: unset, no
// limit at that level. Integer limits take the value rounded. Editing one field merges into one
// step.
class SetSpendLimitCommand : public WorkspaceCommand
{
public:
    enum class Field { DailyUsd, MonthlyUsd, RequestsPerMinute, TokensPerMinute };
    SetSpendLimitCommand(WorkspaceSession *s, Domain::SpendScope scope, const QString &id,
                         Field field, std::optional<double> value);
    int id() const override { return SpendLimitFieldId; }
};

// The mixed-model session setting of a key or a project, by id (SPEC §6): its mode (a key's Off
// follows its project) or its quality floor. Stepping the floor merges into one step.
class SetSessionSettingCommand : public WorkspaceCommand
{
public:
    enum class Field { Mode, QualityFloor };
    SetSessionSettingCommand(WorkspaceSession *s, Domain::SpendScope scope, const QString &id,
                             Field field, int value);
    int id() const override { return SessionFloorId; }
};

// Discard and history restore: the whole edited state at once.
class ReplaceWorkspaceCommand : public WorkspaceCommand
{
public:
    ReplaceWorkspaceCommand(WorkspaceSession *s, const Domain::Workspace &ws, const QString &text);
};

} // namespace Ui::Common
