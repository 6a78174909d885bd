#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <domain/enums.h>
#include <domain/workspace.h>

// The workspace's rules, asked by the validator and by the studio's widgets alike, so a widget
// never restates a limit or a rule (STYLE.md "Each rule written once").
namespace Config {

// A deployment pool (SPEC §1, R-UI-3).
inline constexpr int kMaxPoolDeployments = 16;
inline constexpr int kMinWeight = 1;
inline constexpr int kMaxWeight = 10000;
// routing.maxApplicationAttempts at any directive level (R-REC-1): the Attempts setting's range.
inline constexpr int kMinApplicationAttempts = 1;
inline constexpr int kMaxApplicationAttempts = 8;

// Whether a model may be a deployment of `pool` (SPEC §1): another Direct model of the same
// modality in the workspace, enabled when added (R-PLAN-6: one turned off later only warns).
enum class DeploymentFit { Fits, IsThePool, NotAModel, IsAPool, OtherModality, Disabled };
DeploymentFit deploymentFit(const Domain::Workspace &ws, const Domain::Model &pool,
                            const QString &candidate);

// The models that may be chosen in row `row` of `pool` (-1: a new row), in workspace order: those
// that fit and are not chosen in another row.
QStringList eligibleDeployments(const Domain::Workspace &ws, const Domain::Model &pool,
                                int row = -1);

// Why no row may be added to `pool`; None when one may.
enum class AddDeploymentBlock { None, Full, NoneLeft };
AddDeploymentBlock addDeploymentBlock(const Domain::Workspace &ws, const Domain::Model &pool);

// One place that names a model; deleting the model would leave it dangling.
struct ModelReference
{
    enum class Kind {
        PoolDeployment, // owner: the pool model
        AliasTarget, // owner: the alias
        AliasReplacement, // owner: the deprecated alias
        AliasFallback, // owner: the preset alias
        AllowedModel, // owner: the directive level's id (project id, key name; empty: workspace)
        FallbackModel, // same owner as AllowedModel
    };
    Kind kind;
    QString owner;
    Domain::DirectiveLevel level = Domain::DirectiveLevel::None; // for directive references

    bool operator==(const ModelReference &) const = default;
};

// Everything that refers to `model`, in workspace order: pools, aliases, then directives of the
// workspace, its projects and its keys. A model is deleted only when nothing refers to it.
QList<ModelReference> referencesTo(const Domain::Workspace &ws, const QString &model);

// Why `name` cannot be the name of a new model; None when it can.
enum class NewModelName { Valid, Empty, NotNamespaced, TakenByModel, TakenByAlias };
NewModelName checkNewModelName(const Domain::Workspace &ws, const QString &name);
bool isModelName(const QString &name); // "<namespace>/<id>"

// The name a duplicate of `model` gets: "<model>-copy", "<model>-copy-2", … free among models and
// aliases.
QString duplicateModelName(const Domain::Workspace &ws, const QString &model);

} // namespace Config
