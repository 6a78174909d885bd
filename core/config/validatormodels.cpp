#include "recoveryfields.h"
#include "rules.h"
#include "validatorparts.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace Config::Detail {
namespace {

void checkRecovery(Checker &c, const Domain::Model &m, const QString &base)
{
    // Checked only when overridden: Default means the workspace's defaults, checked once (R-REC-9).
    if (m.recovery.overridden)
        checkRecoverySettings(c, m.recovery.override, field(base, u"recovery"_s), m.name);
}

void checkModelFields(Checker &c, const Domain::Model &m, const QString &base)
{
    if (!m.name.isEmpty() && !isModelName(m.name)) {
        c.error(field(base, u"name"_s), ProblemCode::ModelNameForm, { m.name });
    }
    if (m.inputPricePerMTok < 0) {
        c.error(field(base, u"inputPricePerMTok"_s), ProblemCode::InputPriceNegative, { m.name });
    }
    if (m.outputPricePerMTok < 0) {
        c.error(field(base, u"outputPricePerMTok"_s), ProblemCode::OutputPriceNegative, { m.name });
    }
    if (m.contextWindow < 1) {
        c.error(field(base, u"contextWindow"_s), ProblemCode::ContextWindowTooSmall,
                { m.name, m.contextWindow });
    }
    c.range(field(base, u"maxOutputTokens"_s), ProblemCode::MaxOutputTokensOutOfRange, { m.name },
            m.maxOutputTokens, Domain::Model::kMaxOutputTokens.lowest,
            Domain::Model::kMaxOutputTokens.highest);
    if (!m.servingRegionOverride.isEmpty()) {
        c.region(field(base, u"servingRegionOverride"_s), u"servingRegionOverride"_s, m.name,
                 m.servingRegionOverride);
    }
    checkRecovery(c, m, base);
}

// One pool row: everything SPEC §1 asks of a deployment (R-PLAN-6: a disabled one only warns).
void checkDeployment(Checker &c, const Domain::Model &pool, const Domain::PoolEntry &e,
                     const QString &path, QSet<QString> &seen)
{
    const QString modelPath = field(path, u"model"_s);
    c.range(field(path, u"weight"_s), ProblemCode::WeightOutOfRange, { e.model }, e.weight,
            kMinWeight, kMaxWeight);
    // The same answer the pool editor offers its choices by (Config::deploymentFit).
    const QList<ProblemArg> both { e.model, pool.name };
    switch (deploymentFit(c.ws(), pool, e.model)) {
    case DeploymentFit::Fits:
        break;
    case DeploymentFit::IsThePool:
        c.error(modelPath, ProblemCode::PoolListsItself, { pool.name });
        break;
    case DeploymentFit::NotAModel:
        c.error(modelPath, ProblemCode::DeploymentNotAModel, both);
        break;
    case DeploymentFit::IsAPool:
        c.error(modelPath, ProblemCode::DeploymentIsAPool, both);
        break;
    case DeploymentFit::OtherModality:
        c.error(modelPath, ProblemCode::DeploymentOtherModality,
                { e.model, pool.name, Domain::toString(c.ws().model(e.model)->modality),
                  Domain::toString(pool.modality) });
        break;
    case DeploymentFit::Disabled:
        c.warning(modelPath, ProblemCode::DeploymentOff, both);
        break;
    }
    if (seen.contains(e.model))
        c.error(modelPath, ProblemCode::DeploymentTwice, both);
    seen.insert(e.model);
}

void checkPool(Checker &c, const Domain::Model &m, const QString &base)
{
    const QString path = field(base, u"pool"_s);
    const QString rows = field(path, u"deployments"_s);
    if (m.pool.deployments.isEmpty()) {
        c.error(rows, ProblemCode::PoolEmpty, { m.name });
    } else if (m.pool.deployments.size() > kMaxPoolDeployments) {
        c.error(rows, ProblemCode::PoolTooLarge,
                { m.name, m.pool.deployments.size(), kMaxPoolDeployments });
    }
    QSet<QString> seen;
    for (qsizetype i = 0; i < m.pool.deployments.size(); ++i)
        checkDeployment(c, m, m.pool.deployments[i], indexed(rows, i), seen);
    for (qsizetype i = 0; i < m.pool.allowedRegions.size(); ++i) {
        c.region(indexed(field(path, u"allowedRegions"_s), i), u"allowedRegions"_s, m.name,
                 m.pool.allowedRegions[i]);
    }
}

void checkOffering(Checker &c, const Domain::Model &m, const Domain::Offering &o, qsizetype i,
                   const QString &path)
{
    const QList<ProblemArg> which { i + 1, m.name };
    if (!c.ws().connection(o.connection)) {
        c.error(field(path, u"connection"_s), ProblemCode::OfferingConnectionMissing,
                which + QList<ProblemArg> { o.connection });
    }
    if (o.upstreamModel.isEmpty())
        c.error(field(path, u"upstreamModel"_s), ProblemCode::OfferingNoUpstreamModel, which);
    const Domain::ProbeResults &p = o.probes;
    if (p.toolsPassed < 0 || p.toolsTotal < p.toolsPassed)
        c.error(field(path, u"probes.toolsPassed"_s), ProblemCode::ToolProbesInvalid, which);
    if (p.structuredPassed < 0 || p.structuredTotal < p.structuredPassed) {
        c.error(field(path, u"probes.structuredPassed"_s), ProblemCode::StructuredProbesInvalid,
                which);
    }
}

void checkOfferings(Checker &c, const Domain::Model &m, const QString &base)
{
    const QString path = field(base, u"offerings"_s);
    if (m.offerings.isEmpty())
        c.warning(path, ProblemCode::NoOfferings, { m.name });
    for (qsizetype i = 0; i < m.offerings.size(); ++i)
        checkOffering(c, m, m.offerings[i], i, indexed(path, i));
}

} // namespace

// The allowed ranges of SPEC §2 step 5's table (R-REC-*, R-REC-9).
void checkRecoverySettings(Checker &c, const Domain::RecoverySettings &r, const QString &path,
                           const QString &owner)
{
    using F = Domain::RecoveryField;
    const auto check = [&](F f) {
        const RecoveryFieldSpec &spec = recoveryField(f);
        return c.range(field(path, spec.key), ProblemCode::RecoveryOutOfRange, { spec.key, owner },
                       r.value(f), spec.min, spec.max);
    };
    check(F::Attempts);
    check(F::DeadlineMs);
    const bool maxOk = check(F::BackoffMaxMs);
    const QString backoffPath = field(path, recoveryField(F::BackoffFirstMs).key);
    if (r.backoffFirstMs < 0) {
        c.error(backoffPath, ProblemCode::BackoffNegative, { owner, r.backoffFirstMs });
    } else if (maxOk && r.backoffFirstMs > r.backoffMaxMs) {
        c.error(backoffPath, ProblemCode::BackoffAboveMaximum,
                { owner, r.backoffFirstMs, r.backoffMaxMs });
    }
    check(F::CooldownMs);
    check(F::ConnectTimeoutMs);
    check(F::StreamStartTimeoutMs);
    check(F::StreamIdleTimeoutMs);
}

void checkModels(Checker &c)
{
    checkUnique(c, c.ws().models, &Domain::Model::name, u"models"_s, u"name"_s, u"model"_s);
    for (qsizetype i = 0; i < c.ws().models.size(); ++i) {
        const Domain::Model &m = c.ws().models[i];
        const QString base = indexed(u"models"_s, i);
        checkModelFields(c, m, base);
        // Only the active route is checked; the other one's rows are kept so switching back is
        // lossless.
        if (m.isPool())
            checkPool(c, m, base);
        else
            checkOfferings(c, m, base);
    }
}

} // namespace Config::Detail
