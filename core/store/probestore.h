#pragma once

#include "domain/model.h"
#include "domain/proberesult.h"
#include "domain/workspace.h"
#include "util/result.h"

#include <QList>

namespace Store {

class Database;

// Graded reliability probes (table probe_result): operational data, never a configuration
// version. Read by offering (model, connection, upstream model) over a recent window.
class ProbeStore
{
public:
    explicit ProbeStore(Database &db)
        : m_db(db)
    {
    }

    Util::Status add(const QList<Domain::ProbeResult> &results);
    // Every result since `sinceMs` (UTC ms), oldest first; of one offering when `model` is given.
    Util::Result<QList<Domain::ProbeResult>> since(qint64 sinceMs, const QString &model = {},
                                                   const QString &connection = {},
                                                   const QString &upstreamModel = {}) const;

private:
    Database &m_db;
};

// R-REL-*: an offering's pass counts from `results` of the probe set `setVersion`: passed and
// failed tasks of each kind (an erred probe graded nothing and counts in neither).
Domain::ProbeResults probeCounts(const QList<Domain::ProbeResult> &results, const QString &model,
                                 const Domain::Offering &offering, const QString &setVersion);
// Each offering's counts from `results` (the window's) replace the ones `ws` holds, where the
// offering has any: what routing (R-REL-*) and the export (SPEC §5) carry. An offering never
// probed here keeps the numbers its workspace file brought.
void applyProbeCounts(Domain::Workspace &ws, const QList<Domain::ProbeResult> &results,
                      const QString &setVersion);

} // namespace Store
