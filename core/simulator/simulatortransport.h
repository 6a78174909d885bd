#pragma once

#include "domain/connection.h"
#include "net/upstreamtransport.h"
#include "simulator/injectedfault.h"

#include <QHash>
#include <QObject>
#include <QRandomGenerator>

namespace Gateway {

// The built-in provider (R-CONN-1): answers in process, with the same signals and timing rules as a
// network upstream, so the fault lab exercises the real executor. Latency, stream pacing and
// failure injection come from the connection's SimulatorSettings, looked up by the request's
// connection name among those last given to setConnections(); randomness is seeded. Like a real
// provider, a changed setting applies from the next attempt on, whatever snapshot its call started
// on.
class SimulatorTransport : public QObject, public UpstreamTransport
{
    Q_OBJECT
public:
    // wheel: the thread's, for the calls' timeouts (UpstreamCall); null: the transport's own.
    explicit SimulatorTransport(quint32 seed = 0x5eed, DeadlineWheel *wheel = nullptr,
                                QObject *parent = nullptr);

    std::unique_ptr<UpstreamCall> send(const UpstreamRequest &request) override;
    void setSeed(quint32 seed);
    // The simulator connections of a snapshot; a request naming another one is answered with
    // defaults.
    void setConnections(const QList<Domain::Connection> &connections);
    // Matched in order before the random failure; the counts of `times` start again.
    void setInjectedFaults(const QList<InjectedFault> &faults);

private:
    // The first injected fault matching the request that still has calls left, counted.
    const InjectedFault *takeInjected(const UpstreamRequest &request, const QString &model);

    QHash<QString, Domain::SimulatorSettings> m_settings;
    QList<InjectedFault> m_faults;
    QList<int> m_faultCalls; // matching calls each fault has had
    QRandomGenerator m_random;
    DeadlineWheel *m_wheel;
};

} // namespace Gateway
