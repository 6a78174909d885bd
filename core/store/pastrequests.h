#pragma once

#include "domain/enums.h"
#include "domain/receipt.h"
#include "util/result.h"

#include <QList>
#include <QString>

namespace Store {

class Database;

// What the receipt of a caller's call kept of its request, no text: the impact preview replays it
// through a draft configuration (Routing::replayedRequest).
struct PastRequest
{
    QString model; // as the caller named it (model or alias)
    Domain::Endpoint endpoint = Domain::Endpoint::ChatCompletions;
    bool stream = false;
    QString keyId;
    QString projectId;
    QString regionHeader; // raw x-gateway-model-regions value, empty when none
    Domain::RequestShape shape; // all false and 0 on receipts of schema version < 12
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;

    bool operator==(const PastRequest &) const = default;
};

// The last `count` caller calls (kind call: no probes, no rehearsals), newest first.
Util::Result<QList<PastRequest>> pastRequests(Database &db, int count);

} // namespace Store
