#include "rules.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Config {
namespace {

void directiveReferences(QList<ModelReference> &out, const Domain::Directives &d,
                         Domain::DirectiveLevel level, const QString &owner, const QString &model)
{
    if (d.allowedModels && d.allowedModels->contains(model))
        out << ModelReference { ModelReference::Kind::AllowedModel, owner, level };
    if (d.fallbackModels && d.fallbackModels->contains(model))
        out << ModelReference { ModelReference::Kind::FallbackModel, owner, level };
}

} // namespace

DeploymentFit deploymentFit(const Domain::Workspace &ws, const Domain::Model &pool,
                            const QString &candidate)
{
    if (candidate == pool.name)
        return DeploymentFit::IsThePool;
    const Domain::Model *d = ws.model(candidate);
    if (!d)
        return DeploymentFit::NotAModel;
    if (d->isPool())
        return DeploymentFit::IsAPool;
    if (d->modality != pool.modality)
        return DeploymentFit::OtherModality;
    if (!d->enabled)
        return DeploymentFit::Disabled;
    return DeploymentFit::Fits;
}

QStringList eligibleDeployments(const Domain::Workspace &ws, const Domain::Model &pool, int row)
{
    QStringList taken;
    for (int i = 0; i < pool.pool.deployments.size(); ++i) {
        if (i != row)
            taken << pool.pool.deployments.at(i).model;
    }
    QStringList eligible;
    for (const Domain::Model &m : ws.models) {
        if (deploymentFit(ws, pool, m.name) == DeploymentFit::Fits && !taken.contains(m.name))
            eligible << m.name;
    }
    return eligible;
}

AddDeploymentBlock addDeploymentBlock(const Domain::Workspace &ws, const Domain::Model &pool)
{
    if (pool.pool.deployments.size() >= kMaxPoolDeployments)
        return AddDeploymentBlock::Full;
    if (eligibleDeployments(ws, pool).isEmpty())
        return AddDeploymentBlock::NoneLeft;
    return AddDeploymentBlock::None;
}

QList<ModelReference> referencesTo(const Domain::Workspace &ws, const QString &model)
{
    using Kind = ModelReference::Kind;
    using Level = Domain::DirectiveLevel;
    QList<ModelReference> out;
    for (const QString &pool : ws.poolsUsing(model))
        out << ModelReference { Kind::PoolDeployment, pool };
    for (const Domain::Alias &a : ws.aliases) {
        if (a.target == model)
            out << ModelReference { Kind::AliasTarget, a.name };
        if (a.replacement == model)
            out << ModelReference { Kind::AliasReplacement, a.name };
        if (a.fallbackModels.contains(model))
            out << ModelReference { Kind::AliasFallback, a.name };
    }
    directiveReferences(out, ws.directives, Level::Workspace, {}, model);
    for (const Domain::Project &p : ws.projects)
        directiveReferences(out, p.directives, Level::Project, p.id, model);
    for (const Domain::Key &k : ws.keys)
        directiveReferences(out, k.directives, Level::Key, k.name, model);
    return out;
}

bool isModelName(const QString &name)
{
    static const QRegularExpression re(u"^[A-Za-z0-9][A-Za-z0-9._-]*/[^\\s*,]+$"_s);
    return re.match(name).hasMatch();
}

NewModelName checkNewModelName(const Domain::Workspace &ws, const QString &name)
{
    if (name.isEmpty())
        return NewModelName::Empty;
    if (!isModelName(name))
        return NewModelName::NotNamespaced;
    if (ws.model(name))
        return NewModelName::TakenByModel;
    if (ws.alias(name))
        return NewModelName::TakenByAlias;
    return NewModelName::Valid;
}

QString duplicateModelName(const Domain::Workspace &ws, const QString &model)
{
    const auto taken = [&](const QString &n) { return ws.model(n) || ws.alias(n); };
    QString candidate = model + u"-copy"_s;
    for (int n = 2; taken(candidate); ++n)
        candidate = u"%1-copy-%2"_s.arg(model).arg(n);
    return candidate;
}

} // namespace Config
