#include "overview.h"

#include "tr.h"

using namespace Qt::StringLiterals;

namespace Routing {
namespace {

QString routeSentence(const Domain::Model &m, const QLocale &locale)
{
    if (m.isPool()) {
        const qsizetype n = m.pool.deployments.size();
        if (n == 0)
            return Tr::tr("Pool with no deployments yet: calls fail until one is added.");
        const QString where = m.pool.allowedRegions.isEmpty()
            ? Tr::tr("in any region")
            : Tr::tr("only in %1").arg(joinWithAnd(m.pool.allowedRegions));
        if (n == 1)
            return Tr::tr("Weighted across 1 deployment, %1.").arg(where);
        return Tr::tr("Weighted across %1 deployments, %2.").arg(locale.toString(n), where);
    }
    const qsizetype n = m.offerings.size();
    if (n == 0)
        return Tr::tr("Direct, with no offerings yet: calls fail until one is added.");
    if (n == 1)
        return Tr::tr("Direct to 1 offering: %1.").arg(m.offerings.front().connection);
    return Tr::tr("Direct to %1 offerings, tried in a fixed order.").arg(locale.toString(n));
}

QString recoverySentence(const Domain::Workspace &ws, const Domain::Model &m, const QLocale &l)
{
    const Domain::RecoverySettings r = ws.recovery(m);
    const QString attempts
        = r.attempts == 1 ? Tr::tr("1 attempt") : Tr::tr("%1 attempts").arg(l.toString(r.attempts));
    QStringList parts { Tr::tr("%1, deadline %2 ms, backoff %3 to %4 ms, cooldown %5 ms")
                            .arg(attempts, l.toString(r.deadlineMs), l.toString(r.backoffFirstMs),
                                 l.toString(r.backoffMaxMs), l.toString(r.cooldownMs)) };
    parts << timeoutPhrases(r, l);
    const QString details = parts.join(u", "_s);
    if (m.recovery.overridden)
        return Tr::tr("Recovery is overridden: %1.").arg(details);
    return Tr::tr("Recovery uses the defaults: %1.").arg(details);
}

} // namespace

QStringList timeoutPhrases(const Domain::RecoverySettings &r, const QLocale &l)
{
    const Domain::RecoverySettings spec;
    QStringList out;
    if (r.connectTimeoutMs != spec.connectTimeoutMs)
        out << Tr::tr("connect timeout %1 ms").arg(l.toString(r.connectTimeoutMs));
    if (r.streamStartTimeoutMs != spec.streamStartTimeoutMs)
        out << Tr::tr("stream start timeout %1 ms").arg(l.toString(r.streamStartTimeoutMs));
    if (r.streamIdleTimeoutMs != spec.streamIdleTimeoutMs)
        out << Tr::tr("stream idle timeout %1 ms").arg(l.toString(r.streamIdleTimeoutMs));
    return out;
}

QString joinWithAnd(const QStringList &items)
{
    if (items.isEmpty())
        return {};
    if (items.size() == 1)
        return items.front();
    return Tr::tr("%1 and %2").arg(items.mid(0, items.size() - 1).join(u", "_s), items.back());
}

QStringList overviewSentences(const Domain::Workspace &ws, const Domain::Model &model,
                              const QLocale &locale)
{
    QStringList out;
    if (!model.enabled)
        out << Tr::tr("This model is off: calls naming it get 403 model_disabled.");
    out << routeSentence(model, locale);
    if (!model.isPool() && !model.servingRegionOverride.isEmpty())
        out << Tr::tr("Serves from %1 (overridden).").arg(model.servingRegionOverride);
    if (const QStringList pools = ws.poolsUsing(model.name); !pools.isEmpty())
        out << Tr::tr("Deployment in %1.").arg(joinWithAnd(pools));
    out << recoverySentence(ws, model, locale);
    return out;
}

} // namespace Routing
