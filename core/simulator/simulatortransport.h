#pragma once

#include "domain/connection.h"
#include "net/upstreamtransport.h"

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

private:
    QHash<QString, Domain::SimulatorSettings> m_settings;
    QRandomGenerator m_random;
    DeadlineWheel *m_wheel;
};

} // namespace Gateway
