#pragma once

#include <QList>
#include <QString>
#include <domain/workspace.h>

namespace Ui::Providers {

// One line of the offerings table: a Direct model's offering as the planner sees it (SPEC §1,
// R-PLAN-3, R-PREC-*, R-REL-*).
struct OfferingRow
{
    QString model;
    int position = 0; // 1-based place in the model's fixed order
    QString connection;
    QString provider;
    QString upstreamModel;
    QString precision; // "fp8", or "not listed"
    QString capabilities; // "tools, structured, vision, web_search_20250305"
    QString certified; // "yes" / "no"
    QString toolProbes; // "9 of 10 (90%)" or "no probes yet"
    QString structuredProbes;

    bool operator==(const OfferingRow &) const = default;
};

// "no probes yet" when total is 0 (counts as passing, R-DET); else "p of t (r%)" passed.
QString probeText(int passed, int total);
QString capabilityText(const Domain::Capabilities &c);
// Every offering of every Direct model, in model order then the fixed offering order.
QList<OfferingRow> offeringRows(const Domain::Workspace &ws);

} // namespace Ui::Providers
