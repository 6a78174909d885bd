#include "changelist.h"
#include "recoveryfields.h"
#include "rules.h"
#include "tr.h"
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
        c.error(field(base, u"name"_s),
                Tr::tr("Model name \"%1\" must have the form <namespace>/<id>.").arg(m.name));
    }
    if (m.inputPricePerMTok < 0) {
        c.error(field(base, u"inputPricePerMTok"_s),
                Tr::tr("Input price of %1 must not be negative.").arg(m.name));
    }
    if (m.outputPricePerMTok < 0) {
        c.error(field(base, u"outputPricePerMTok"_s),
                Tr::tr("Output price of %1 must not be negative.").arg(m.name));
    }
    if (m.contextWindow < 1) {
        c.error(field(base, u"contextWindow"_s),
                Tr::tr("Context window of %1 must be at least 1 token (is %2).")
                    .arg(m.name, groupedNumber(m.contextWindow)));
    }
    if (!m.servingRegionOverride.isEmpty()) {
        c.region(field(base, u"servingRegionOverride"_s),
                 Tr::tr("Serving region of %1").arg(m.name), m.servingRegionOverride);
    }
    checkRecovery(c, m, base);
}

// One pool row: everything SPEC §1 asks of a deployment (R-PLAN-6: a disabled one only warns).
void checkDeployment(Checker &c, const Domain::Model &pool, const Domain::PoolEntry &e,
                     const QString &path, QSet<QString> &seen)
{
    const QString modelPath = field(path, u"model"_s);
    c.range(field(path, u"weight"_s), Tr::tr("Weight of %1").arg(e.model), e.weight, kMinWeight,
            kMaxWeight);
    // The same answer the pool editor offers its choices by (Config::deploymentFit).
    switch (deploymentFit(c.ws(), pool, e.model)) {
    case DeploymentFit::Fits:
        break;
    case DeploymentFit::IsThePool:
        c.error(modelPath, Tr::tr("Pool %1 cannot list itself as a deployment.").arg(pool.name));
        break;
    case DeploymentFit::NotAModel:
        c.error(modelPath,
                Tr::tr("Deployment %1 of %2 is not a model of this workspace.")
                    .arg(e.model, pool.name));
        break;
    case DeploymentFit::IsAPool:
        c.error(modelPath,
                Tr::tr("Deployment %1 of %2 is itself a pool; a deployment must be a Direct "
                       "model.")
                    .arg(e.model, pool.name));
        break;
    case DeploymentFit::OtherModality:
        c.error(modelPath,
                Tr::tr("Deployment %1 of %2 has modality %3; %2 has modality %4.")
                    .arg(e.model, pool.name, Domain::toString(c.ws().model(e.model)->modality),
                         Domain::toString(pool.modality)));
        break;
    case DeploymentFit::Disabled:
        c.warning(modelPath,
                  Tr::tr("Deployment %1 of %2 is turned off; calls skip it as disabled.")
                      .arg(e.model, pool.name));
        break;
    }
    if (seen.contains(e.model)) {
        c.error(modelPath,
                Tr::tr("Deployment %1 is listed more than once in %2.").arg(e.model, pool.name));
    }
    seen.insert(e.model);
}

void checkPool(Checker &c, const Domain::Model &m, const QString &base)
{
    const QString path = field(base, u"pool"_s);
    const QString rows = field(path, u"deployments"_s);
    if (m.pool.deployments.isEmpty()) {
        c.error(rows,
                Tr::tr("Pool %1 has no deployments; add one or switch it to Direct.").arg(m.name));
    } else if (m.pool.deployments.size() > kMaxPoolDeployments) {
        c.error(rows,
                Tr::tr("Pool %1 has %2 deployments; at most %3 are allowed.")
                    .arg(m.name, QString::number(m.pool.deployments.size()),
                         QString::number(kMaxPoolDeployments)));
    }
    QSet<QString> seen;
    for (qsizetype i = 0; i < m.pool.deployments.size(); ++i)
        checkDeployment(c, m, m.pool.deployments[i], indexed(rows, i), seen);
    for (qsizetype i = 0; i < m.pool.allowedRegions.size(); ++i) {
        c.region(indexed(field(path, u"allowedRegions"_s), i),
                 Tr::tr("Allowed regions of %1").arg(m.name), m.pool.allowedRegions[i]);
    }
}

void checkOffering(Checker &c, const Domain::Model &m, const Domain::Offering &o, qsizetype i,
                   const QString &path)
{
    const QString which = QString::number(i + 1);
    if (!c.ws().connection(o.connection)) {
        c.error(field(path, u"connection"_s),
                Tr::tr("Offering %1 of %2 names connection \"%3\", which does not exist.")
                    .arg(which, m.name, o.connection));
    }
    if (o.upstreamModel.isEmpty()) {
        c.error(field(path, u"upstreamModel"_s),
                Tr::tr("Offering %1 of %2 has no upstream model id.").arg(which, m.name));
    }
    const Domain::ProbeResults &p = o.probes;
    if (p.toolsPassed < 0 || p.toolsTotal < p.toolsPassed) {
        c.error(field(path, u"probes.toolsPassed"_s),
                Tr::tr("Tool probes of offering %1 of %2 must pass between 0 and their total.")
                    .arg(which, m.name));
    }
    if (p.structuredPassed < 0 || p.structuredTotal < p.structuredPassed) {
        c.error(
            field(path, u"probes.structuredPassed"_s),
            Tr::tr("Structured-output probes of offering %1 of %2 must pass between 0 and their "
                   "total.")
                .arg(which, m.name));
    }
}

void checkOfferings(Checker &c, const Domain::Model &m, const QString &base)
{
    const QString path = field(base, u"offerings"_s);
    if (m.offerings.isEmpty()) {
        c.warning(path,
                  Tr::tr("Model %1 has no offerings; calls to it cannot be served.").arg(m.name));
    }
    for (qsizetype i = 0; i < m.offerings.size(); ++i)
        checkOffering(c, m, m.offerings[i], i, indexed(path, i));
}

} // namespace

// The allowed ranges of SPEC §2 step 5's table (R-REC-*, R-REC-9).
void checkRecoverySettings(Checker &c, const Domain::RecoverySettings &r, const QString &path,
                           const QString &owner)
{
    using F = Domain::RecoveryField;
    const auto check = [&](F f, const QString &what, const QString &unit) {
        const RecoveryFieldSpec &spec = recoveryField(f);
        return c.range(field(path, spec.key), what, r.value(f), spec.min, spec.max, unit);
    };
    const QString ms = Tr::tr(" ms");
    check(F::Attempts, Tr::tr("Attempts of %1").arg(owner), {});
    check(F::DeadlineMs, Tr::tr("Deadline of %1").arg(owner), ms);
    const bool maxOk = check(F::BackoffMaxMs, Tr::tr("Backoff maximum of %1").arg(owner), ms);
    if (r.backoffFirstMs < 0) {
        c.error(field(path, u"backoffFirstMs"_s),
                Tr::tr("Backoff of %1 must not be negative (is %2).")
                    .arg(owner, groupedNumber(r.backoffFirstMs)));
    } else if (maxOk && r.backoffFirstMs > r.backoffMaxMs) {
        c.error(field(path, u"backoffFirstMs"_s),
                Tr::tr("Backoff of %1 must not exceed its maximum (%2 ms > %3 ms).")
                    .arg(owner, groupedNumber(r.backoffFirstMs), groupedNumber(r.backoffMaxMs)));
    }
    check(F::CooldownMs, Tr::tr("Cooldown of %1").arg(owner), ms);
    check(F::ConnectTimeoutMs, Tr::tr("Connect timeout of %1").arg(owner), ms);
    check(F::StreamStartTimeoutMs, Tr::tr("Stream start timeout of %1").arg(owner), ms);
    check(F::StreamIdleTimeoutMs, Tr::tr("Stream idle timeout of %1").arg(owner), ms);
}

void checkModels(Checker &c)
{
    checkUnique(c, c.ws().models, &Domain::Model::name, u"models"_s, u"name"_s, u"Model"_s);
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
