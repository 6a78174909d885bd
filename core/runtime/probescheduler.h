#pragma once

#include "domain/proberesult.h"
#include "domain/workspace.h"

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <memory>

namespace Gateway {
class GatewayService;
class TimeSource;
class Timer;
} // namespace Gateway
namespace Store {
class Database;
} // namespace Store

namespace Runtime {

// When an offering's reliability probes (docs/probes.md, R-REL-*) run, and what their results
// make of the workspace the gateway routes by. Scheduled runs probe each certified offering on a
// connection that is not metered every probeIntervalHours (0: never); runNow() probes what it is
// asked to, metered or not. Each graded result is stored (probe_result) and the offerings' pass
// counts over the last probeWindowHours, of the current probe set, replace the ones the workspace
// holds: changed() then asks for a new snapshot.
class ProbeScheduler : public QObject
{
    Q_OBJECT
public:
    static constexpr qint64 kTickMs = 60 * 1000; // how often due offerings are looked for

    // `db` may be null (nothing stored or loaded); `time` defaults to the process's source.
    ProbeScheduler(Store::Database *db, Gateway::GatewayService *gateway,
                   Gateway::TimeSource *time = nullptr, QObject *parent = nullptr);
    ~ProbeScheduler() override;

    void setWorkspace(const Domain::Workspace &ws);
    // Scheduled runs from now on, while the gateway is running (the first as soon as an offering
    // is due), unless setScheduled(false) said otherwise (the CLI's one-off run).
    void start();
    void setScheduled(bool on) { m_scheduled = on; }
    // Probes the offerings `request` names now; false when a run is under way (it is not queued).
    bool runNow(const Domain::ProbeRequest &request);
    bool running() const { return m_running; }

    // `config` with each offering's pass counts from its recent results.
    void apply(Domain::Workspace &config) const;
    // The recent results (within the window, every set version), oldest first.
    const QList<Domain::ProbeResult> &recent() const { return m_recent; }
    // When an offering's last run was and its next scheduled one is due (invalid: not scheduled).
    QDateTime lastRun(const QString &model, const Domain::Offering &o) const;
    QDateTime nextRun(const QString &model, const Domain::Offering &o) const;

Q_SIGNALS:
    void changed();
    void runFinished(const QList<Domain::ProbeResult> &results);
    // A run could not be stored: why.
    void failed(const QString &message);

private:
    void tick();
    void finished(const QList<Domain::ProbeResult> &results);
    void reload();
    QString offeringKey(const QString &model, const Domain::Offering &o) const;

    Store::Database *m_db;
    Gateway::GatewayService *m_gateway;
    Gateway::TimeSource *m_time;
    std::unique_ptr<Gateway::Timer> m_timer;
    Domain::Workspace m_ws;
    QList<Domain::ProbeResult> m_recent;
    QHash<QString, qint64> m_lastRunMs; // by offering key, from stored results and runs
    bool m_running = false;
    bool m_started = false;
    bool m_scheduled = true;
};

} // namespace Runtime
