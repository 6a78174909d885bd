#include "listingmetrics.h"

namespace Gateway {
namespace {

QByteArray series(const QByteArray &name, const QString &provider, double value)
{
    QByteArray label = provider.toUtf8();
    label.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n");
    return name + "{provider=\"" + label + "\"} " + QByteArray::number(value, 'g', 12) + '\n';
}

} // namespace

QByteArray listingMetricsText(const Domain::Workspace &ws, const QDateTime &now)
{
    QByteArray ages;
    QByteArray failures;
    for (const Domain::Provider &p : ws.providers) {
        if (p.listingSource.isEmpty())
            continue;
        if (p.listingFetchedAt.isValid())
            ages += series("switchboard_listing_age_seconds", p.id,
                           double(qMax<qint64>(0, p.listingFetchedAt.msecsTo(now))) / 1000.0);
        failures += series("switchboard_listing_refresh_failures_total", p.id,
                           double(p.listingRefreshFailures));
    }
    if (failures.isEmpty())
        return {};
    return "# HELP switchboard_listing_age_seconds Age of each provider's last good listing.\n"
           "# TYPE switchboard_listing_age_seconds gauge\n"
        + ages
        + "# HELP switchboard_listing_refresh_failures_total Failed refreshes of each provider's "
          "listing since the process started.\n"
          "# TYPE switchboard_listing_refresh_failures_total counter\n"
        + failures;
}

} // namespace Gateway
