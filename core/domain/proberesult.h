#pragma once

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QString>
#include <optional>

namespace Domain {

// One graded probe of one offering (R-REL-*): operational data, stored as it happens, never part
// of a configuration version. The offering is named by model, connection and upstream model id.
struct ProbeResult
{
    enum class Outcome {
        Passed,
        Failed, // the model answered, and a caller's code could not use the answer
        Error, // no answer to grade (the call failed): not counted in pass rates
    };

    qint64 atMs = 0; // UTC, ms since the epoch
    QString model;
    QString connection;
    QString upstreamModel;
    QString setVersion;
    QString taskId;
    QString kind; // "tools" | "structured_output" (Probes::kindName)
    Outcome outcome = Outcome::Error;
    QString reason; // why it failed or erred; empty when it passed
    QByteArray output; // the model's output as a caller sees it, truncated
    QString requestId; // its receipt (kind probe)

    bool operator==(const ProbeResult &) const = default;
};

QString toString(ProbeResult::Outcome v);
std::optional<ProbeResult::Outcome> probeOutcomeFromString(const QString &s);

// Which offerings to probe: every certified offering of `model` (all models when empty) on
// `connection` (all when empty) of `provider` (all when empty).
struct ProbeRequest
{
    QString model;
    QString connection;
    bool scheduled = false; // a scheduled run skips metered connections
    QString provider;
};

} // namespace Domain

Q_DECLARE_METATYPE(Domain::ProbeResult)
Q_DECLARE_METATYPE(Domain::ProbeRequest)
