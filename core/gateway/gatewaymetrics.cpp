#include "gateway/gatewaymetrics.h"

#include <QStringList>
#include <array>

using namespace Qt::StringLiterals;

namespace Gateway {
namespace {

constexpr std::array<double, 12> kBucketsSeconds { 0.005, 0.01, 0.025, 0.05, 0.1,  0.25,
                                                   0.5,   1.0,  2.5,   5.0,  10.0, 30.0 };

QByteArray line(const QByteArray &name, const QByteArray &labels, double value)
{
    const QByteArray l = labels.isEmpty() ? QByteArray() : '{' + labels + '}';
    return name + l + ' ' + QByteArray::number(value, 'g', 12) + '\n';
}

QByteArray header(const QByteArray &name, const QByteArray &type, const QByteArray &help)
{
    return "# HELP " + name + ' ' + help + "\n# TYPE " + name + ' ' + type + '\n';
}

template<typename K>
QByteArray labelled(const QByteArray &name, const QByteArray &label, const QHash<K, qint64> &map)
{
    QByteArray out;
    QList<K> keys = map.keys();
    std::sort(keys.begin(), keys.end());
    for (const K &k : keys) {
        QByteArray v;
        if constexpr (std::is_same_v<K, int>)
            v = QByteArray::number(k);
        else
            v = k.toUtf8();
        out += line(name, label + "=\"" + v + '"', double(map.value(k)));
    }
    return out;
}

constexpr int kRefusedByGateway = -1;

// A label value in the exposition format: backslash and double quote escaped (an instance name is
// printable, so it holds no line feed).
QByteArray labelValue(const QString &text)
{
    QByteArray v = text.toUtf8();
    v.replace('\\', "\\\\");
    v.replace('"', "\\\"");
    return v;
}

} // namespace

void GatewayMetrics::recordCall(const Domain::CallRecord &receipt,
                                const Routing::RouterStats &stats)
{
    // Upstream attempts count whoever made the call; the call figures are callers' calls only.
    m_router += stats;
    for (const Domain::AttemptRecord &a : receipt.attempts) {
        ++m_attemptsByConnection[receipt.connectionOf(a)];
        ++m_translatedAttempts[std::size_t(a.translation) % m_translatedAttempts.size()];
    }
    if (receipt.kind != Domain::CallKind::Call) {
        m_probeCalls += receipt.kind == Domain::CallKind::Probe ? 1 : 0;
        return;
    }
    ++m_totals.calls;
    m_totals.attempts += receipt.attempts.size();
    ++m_byStatusClass[std::size_t(receipt.statusClass) % m_byStatusClass.size()];
    ++m_byHttpStatus[receipt.httpStatus];
    ++m_byEndpoint[std::size_t(receipt.endpoint) % m_byEndpoint.size()];
    if (receipt.sessionMode != Domain::SessionMode::Off) {
        ++m_sessionCalls[std::size_t(receipt.classification.taskClass) % m_sessionCalls.size()];
        m_suggestions += receipt.suggestedModel >= 0 ? 1 : 0;
        m_suggestionsAccepted += receipt.suggestionAccepted ? 1 : 0;
        m_projectedSavingUsd += receipt.projectedSaving;
    }
    if (!receipt.error.isEmpty()) {
        ++m_totals.errors;
        m_spendRefusals.budget += receipt.error.code == Domain::CallErrorCode::BudgetExceeded;
        m_spendRefusals.rate += receipt.error.code == Domain::CallErrorCode::RateLimitExceeded;
        m_spendRefusals.unavailable
            += receipt.error.code == Domain::CallErrorCode::BudgetUnavailable;
        // Answered by the gateway itself, without an attempt: the caller's bad request, an
        // unknown, disallowed or disabled model, no route. Its receipt's class ("none", or
        // "invalid_request" like an upstream's 400) would not say so.
        const bool refused = receipt.errorClass == Domain::ErrorClass::None
            || (receipt.errorClass == Domain::ErrorClass::InvalidRequest
                && receipt.attempts.isEmpty());
        ++m_errorsByClass[refused ? kRefusedByGateway : int(receipt.errorClass)];
    }
    const double seconds = double(receipt.latencyMs) / 1000.0;
    m_latencySumSeconds += seconds;
    for (std::size_t i = 0; i < kBucketsSeconds.size(); ++i) {
        if (seconds <= kBucketsSeconds[i]) {
            ++m_latencyBuckets[qsizetype(i)];
            break;
        }
    }
}

void GatewayMetrics::recordRejected(int httpStatus, const QString &reason)
{
    ++m_rejectedByReason[reason];
    ++m_byHttpStatus[httpStatus];
}

QByteArray GatewayMetrics::prometheusText(int inFlight, int coolingDown, int connections,
                                          const Store::ReceiptBacklog &receipts) const
{
    QByteArray out;
    out += header("switchboard_calls_total", "counter", "Calls routed, by status class.");
    QHash<QString, qint64> byStatusClass;
    for (std::size_t i = 0; i < m_byStatusClass.size(); ++i) {
        if (m_byStatusClass[i] > 0)
            byStatusClass.insert(Domain::toString(Domain::StatusClass(i)), m_byStatusClass[i]);
    }
    out += labelled("switchboard_calls_total", "status_class", byStatusClass);
    out += header("switchboard_calls_by_endpoint_total", "counter",
                  "Calls routed, by the endpoint they arrived on.");
    for (std::size_t i = 0; i < m_byEndpoint.size(); ++i) {
        out += line("switchboard_calls_by_endpoint_total",
                    "endpoint=\"" + Domain::toString(Domain::Endpoint(i)).toUtf8() + '"',
                    double(m_byEndpoint[i]));
    }
    out += header("switchboard_probe_calls_total", "counter",
                  "Reliability probes the gateway sent itself (not counted as calls).");
    out += line("switchboard_probe_calls_total", {}, double(m_probeCalls));
    out += header("switchboard_responses_total", "counter", "Responses sent, by HTTP status.");
    out += labelled("switchboard_responses_total", "code", m_byHttpStatus);
    out += header("switchboard_rejected_total", "counter",
                  "Requests refused before a call existed, by reason.");
    out += labelled("switchboard_rejected_total", "reason", m_rejectedByReason);
    out += header("switchboard_attempts_total", "counter", "Upstream attempts, by connection.");
    out += labelled("switchboard_attempts_total", "connection", m_attemptsByConnection);
    out += header("switchboard_translated_attempts_total", "counter",
                  "Attempts whose request and answer were translated, by direction.");
    for (const auto t :
         { Domain::ApiTranslation::ChatToMessages, Domain::ApiTranslation::MessagesToChat,
           Domain::ApiTranslation::ResponsesToChat, Domain::ApiTranslation::ResponsesToMessages }) {
        out += line("switchboard_translated_attempts_total",
                    "direction=\"" + Domain::toString(t).toUtf8() + '"',
                    double(m_translatedAttempts[std::size_t(t)]));
    }
    out += header("switchboard_token_counts_total", "counter",
                  "POST /v1/messages/count_tokens answered, by HTTP status (no receipt).");
    out += labelled("switchboard_token_counts_total", "code", m_tokenCountsByStatus);
    out += header("switchboard_session_calls_total", "counter",
                  "Calls of keys in Shadow or Suggest mode, by the task class they were given.");
    for (std::size_t i = 0; i < m_sessionCalls.size(); ++i) {
        out += line("switchboard_session_calls_total",
                    "class=\"" + Domain::toString(Domain::TaskClass(i)).toUtf8() + '"',
                    double(m_sessionCalls[i]));
    }
    out += header("switchboard_session_suggestions_total", "counter",
                  "Classified calls for which a cheaper model met the key's quality floor.");
    out += line("switchboard_session_suggestions_total", {}, double(m_suggestions));
    out += header("switchboard_session_suggestions_accepted_total", "counter",
                  "Suggest mode: calls that named the model their session was suggested.");
    out += line("switchboard_session_suggestions_accepted_total", {},
                double(m_suggestionsAccepted));
    // A gauge: a saving is negative when a call's mix of input and output made the suggested model
    // dearer, and a counter must never go down.
    out += header("switchboard_session_projected_saving_usd", "gauge",
                  "What the suggested models would have saved on the calls' real tokens, in USD.");
    out += line("switchboard_session_projected_saving_usd", {}, m_projectedSavingUsd);
    out += header("switchboard_retries_total", "counter", "Attempts after the first.");
    out += line("switchboard_retries_total", {}, m_router.retries);
    out += header("switchboard_fallbacks_total", "counter", "Attempts on a fallback model.");
    out += line("switchboard_fallbacks_total", {}, m_router.fallbacks);
    out += header("switchboard_stream_pauses_total", "counter",
                  "Times a streamed answer's upstream was paused because its caller fell behind.");
    out += line("switchboard_stream_pauses_total", {}, double(m_streamPauses));
    out += header("switchboard_bad_keys_total", "counter",
                  "Requests with a missing, unknown or revoked caller key (401 and 429).");
    out += line("switchboard_bad_keys_total", {}, double(m_badKeys));
    out += header("switchboard_bad_keys_throttled_total", "counter",
                  "Bad caller keys answered 429 because their peer's bucket was empty.");
    out += line("switchboard_bad_keys_throttled_total", {}, double(m_badKeysThrottled));
    out += header("switchboard_errors_total", "counter", "Failed calls, by error class.");
    QHash<QString, qint64> errorsByClass;
    for (auto it = m_errorsByClass.cbegin(); it != m_errorsByClass.cend(); ++it) {
        errorsByClass.insert(it.key() == kRefusedByGateway
                                 ? u"refused_by_gateway"_s
                                 : Domain::toString(Domain::ErrorClass(it.key())),
                             it.value());
    }
    out += labelled("switchboard_errors_total", "class", errorsByClass);
    out += header("switchboard_call_duration_seconds", "histogram", "Whole-call latency.");
    qint64 cumulative = 0;
    for (std::size_t i = 0; i < kBucketsSeconds.size(); ++i) {
        cumulative += m_latencyBuckets.at(qsizetype(i));
        out += line("switchboard_call_duration_seconds_bucket",
                    "le=\"" + QByteArray::number(kBucketsSeconds[i]) + '"', double(cumulative));
    }
    out += line("switchboard_call_duration_seconds_bucket", "le=\"+Inf\"", double(m_totals.calls));
    out += line("switchboard_call_duration_seconds_sum", {}, m_latencySumSeconds);
    out += line("switchboard_call_duration_seconds_count", {}, double(m_totals.calls));
    out += header("switchboard_cooldowns_active", "gauge", "Candidates cooling down or drained.");
    out += line("switchboard_cooldowns_active", {}, coolingDown);
    out += header("switchboard_calls_in_flight", "gauge", "Calls being routed now.");
    out += line("switchboard_calls_in_flight", {}, inFlight);
    out += header("switchboard_connections_open", "gauge", "Open caller connections.");
    out += line("switchboard_connections_open", {}, connections);
    if (!m_instance.isEmpty()) {
        out += header("switchboard_instance_info", "gauge",
                      "Always 1; its label names this gateway instance (--instance).");
        out += line("switchboard_instance_info", "instance=\"" + labelValue(m_instance) + '"', 1);
    }
    out += header(
        "switchboard_database_available", "gauge",
        "1 while the database answers; 0 while it is lost and the gateway serves the last "
        "loaded version.");
    out += line("switchboard_database_available", {}, m_databaseAvailable ? 1 : 0);
    out += header("switchboard_receipts_queued", "gauge",
                  "Receipts waiting in memory to be written: what a crash now would lose.");
    out += line("switchboard_receipts_queued", {}, double(receipts.queued));
    out += header("switchboard_receipts_queue_limit", "gauge",
                  "The most receipts kept waiting in memory; beyond it they are dropped.");
    out += line("switchboard_receipts_queue_limit", {}, double(receipts.limit));
    out += header("switchboard_receipts_dropped_total", "counter",
                  "Receipts dropped because the queue was full while the database refused writes.");
    out += line("switchboard_receipts_dropped_total", {}, double(receipts.dropped));
    out += header("switchboard_receipt_writes_failing", "gauge",
                  "1 while writing receipts fails (full disk, unwritable file) and is retried.");
    out += line("switchboard_receipt_writes_failing", {}, receipts.failing ? 1 : 0);
    return out;
}

} // namespace Gateway
