#pragma once

#include "upstreamtransport.h"

#include <QObject>
#include <QRandomGenerator>

namespace Gateway {

// The built-in provider (R-CONN-1): answers in process, with the same signals and timing rules as a
// network upstream, so the fault lab exercises the real executor. Latency, stream pacing and
// failure injection come from the connection's SimulatorSettings; randomness is seeded.
class SimulatorTransport : public QObject, public UpstreamTransport
{
    Q_OBJECT
public:
    // wheel: the thread's, for the calls' timeouts (UpstreamCall); null: the transport's own.
    explicit SimulatorTransport(quint32 seed = 0x5eed, DeadlineWheel *wheel = nullptr,
                                QObject *parent = nullptr);

    UpstreamCall *send(const UpstreamRequest &request, QObject *parent) override;
    void setSeed(quint32 seed);

private:
    QRandomGenerator m_random;
    DeadlineWheel *m_wheel;
};

} // namespace Gateway
