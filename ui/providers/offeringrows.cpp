#include "offeringrows.h"

#include "common/format.h"
#include "common/tr.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace Ui::Providers {

QString probeText(int passed, int total)
{
    if (total <= 0)
        return Tr::tr("no probes yet");
    const int percent = int(qRound(100.0 * passed / total));
    return Tr::tr("%1 of %2 (%3%)").arg(Common::number(passed), Common::number(total)).arg(percent);
}

QString capabilityText(const Domain::Capabilities &c)
{
    QStringList parts;
    if (c.tools)
        parts << Tr::tr("tools");
    if (c.structuredOutput)
        parts << Tr::tr("structured");
    if (c.vision)
        parts << Tr::tr("vision");
    parts << c.webSearchToolVersions;
    return parts.isEmpty() ? Tr::tr("text only") : parts.join(u", "_s);
}

QList<OfferingRow> offeringRows(const Domain::Workspace &ws)
{
    QList<OfferingRow> rows;
    for (const Domain::Model &m : ws.models) {
        if (m.isPool())
            continue;
        for (qsizetype i = 0; i < m.offerings.size(); ++i) {
            const Domain::Offering &o = m.offerings.at(i);
            const Domain::Connection *c = ws.connection(o.connection);
            OfferingRow row;
            row.model = m.name;
            row.position = int(i) + 1;
            row.connection = o.connection;
            row.provider = c ? c->provider : Tr::tr("unknown connection");
            row.upstreamModel = o.upstreamModel;
            row.precision = o.precision == Domain::Precision::None ? Tr::tr("not listed")
                                                                   : Domain::toString(o.precision);
            row.capabilities = capabilityText(o.capabilities);
            row.certified = o.certified ? Tr::tr("yes") : Tr::tr("no");
            row.toolProbes = probeText(o.probes.toolsPassed, o.probes.toolsTotal);
            row.structuredProbes = probeText(o.probes.structuredPassed, o.probes.structuredTotal);
            rows << row;
        }
    }
    return rows;
}

} // namespace Ui::Providers
