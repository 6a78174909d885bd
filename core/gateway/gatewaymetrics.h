#pragma once

#include "domain/callrecord.h"
#include "gateway/gatewaytypes.h"
#include "gateway/spendmetrics.h"
#include "routing/routerstats.h"
#include "store/receiptbacklog.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <array>

namespace Gateway {

// Counters of one gateway worker for GET /metrics (R-OBS-1) and the studio's live figures. The
// call figures count callers' calls only; a probe's or rehearsal's attempts still count upstream.
class GatewayMetrics
{
public:
    void recordCall(const Domain::CallRecord &call, const Routing::RouterStats &stats);
    // Answered before a call exists (401, 408, 413, 421, 431, …), by reason: the error code.
    void recordRejected(int httpStatus, const QString &reason);
    // A streamed answer's upstream stopped being read because its caller fell behind.
    void recordStreamPause() { ++m_streamPauses; }
    // A request whose caller key was missing, unknown or revoked; throttled: answered 429 because
    // its peer's bucket of failures was empty (AuthThrottle).
    void recordBadKey(bool throttled)
    {
        ++m_badKeys;
        m_badKeysThrottled += throttled ? 1 : 0;
    }

    // A POST /v1/messages/count_tokens answered with `httpStatus` (R-RESP-5: no receipt).
    void recordTokenCount(int httpStatus)
    {
        ++m_tokenCountsByStatus[httpStatus];
        ++m_byHttpStatus[httpStatus];
    }

    const CallTotals &totals() const { return m_totals; }
    // The instance's name (GatewayOptions::instance): switchboard_instance_info's label, so that a
    // scrape of several gateways on one database tells them apart. Empty: the gauge is left out.
    void setInstance(const QString &instance) { m_instance = instance; }
    // Whether the runtime reads the database (switchboard_database_available): while it cannot,
    // calls go on with the last loaded version and receipts wait in memory.
    void setDatabaseAvailable(bool available) { m_databaseAvailable = available; }
    // Callers' calls refused by a budget or a rate limit (R-BILL-3, R-BILL-4).
    const SpendRefusals &spendRefusals() const { return m_spendRefusals; }

    // Prometheus text exposition format 0.0.4. `receipts`: the receipt writer's backlog (its
    // queued gauge and dropped counter are the writer's, shared by every worker of the process).
    QByteArray prometheusText(int inFlight, int coolingDown, int connections,
                              const Store::ReceiptBacklog &receipts = {}) const;

private:
    CallTotals m_totals;
    QString m_instance;
    bool m_databaseAvailable = true;
    SpendRefusals m_spendRefusals;
    qint64 m_streamPauses = 0;
    qint64 m_probeCalls = 0; // records of kind Probe, counted in no call figure
    qint64 m_badKeys = 0;
    qint64 m_badKeysThrottled = 0;
    QHash<QString, qint64> m_rejectedByReason;
    // By the enums' values, named when written: no string per call.
    std::array<qint64, 4> m_byStatusClass {}; // Domain::StatusClass
    std::array<qint64, 5> m_translatedAttempts {}; // Domain::ApiTranslation (R-XLAT-5)
    std::array<qint64, 4> m_byEndpoint {}; // Domain::Endpoint
    QHash<int, qint64> m_tokenCountsByStatus; // POST /v1/messages/count_tokens (R-RESP-5)
    QHash<int, qint64>
        m_errorsByClass; // Domain::ErrorClass; kRefusedByGateway for the gateway's own
    QHash<QString, qint64> m_attemptsByConnection;
    QHash<int, qint64> m_byHttpStatus;
    Routing::RouterStats m_router;
    QList<qint64> m_latencyBuckets = QList<qint64>(12, 0); // cumulative on output
    double m_latencySumSeconds = 0;
    // Mixed-model sessions: classified calls by Domain::TaskClass, those given a suggestion, those
    // that accepted one, and the projected saving of the suggestions.
    std::array<qint64, Domain::kTaskClassCount> m_sessionCalls {};
    qint64 m_suggestions = 0;
    qint64 m_suggestionsAccepted = 0;
    double m_projectedSavingUsd = 0;
};

} // namespace Gateway
