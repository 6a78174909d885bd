#pragma once

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QString>
#include <gateway/gatewaytypes.h>
#include <routing/cooldownbook.h>
#include <routing/spendbook.h>

namespace Ui::GatewayControl {

// Live health of one candidate as the gateway last reported it (R-UI-11); the gateway's own type,
// so what it reports reaches the screens unchanged.
using HealthRow = Gateway::HealthEntry;

// The live figures of the status bar and the Gateway screen: the gateway's own, as last reported,
// and why it failed to start, if it did.
struct LiveFigures : Gateway::LiveStats
{
    QString lastError;

    bool operator==(const LiveFigures &) const = default;
};

// The studio's view of the embedded gateway: caches what the gateway last reported (so any screen
// can ask) and turns user requests into signals that the binding forwards to the gateway thread.
// It never touches the gateway's objects itself (DESIGN.md "Threads").
class GatewayMonitor : public QObject
{
    Q_OBJECT
public:
    explicit GatewayMonitor(QObject *parent = nullptr);

    bool isAvailable() const; // a gateway is attached (false with --no-gateway)
    void setAvailable(bool available);
    const LiveFigures &figures() const;
    const QList<HealthRow> &health() const;
    // Cooldown left now: the reported value minus the time since it was reported.
    qint64 cooldownRemainingNow(const HealthRow &row) const;
    QList<HealthRow> healthOf(const QString &model) const;
    // The gateway's cooldowns as last reported, rebuilt on `nowMs`'s scale for a replay on this
    // thread (the gateway's own book lives on its thread): drained ones drained, cooling ones with
    // what is left of them now.
    Routing::CooldownBook cooldownBookAt(qint64 nowMs) const;
    bool isCoolingDown(const QString &model) const;
    // Each key's and project's spend as the running gateway last reported it (R-BILL-3). Unknown
    // (hasSpend() false) while it is stopped or has not reported since it started: not zero.
    bool hasSpend() const;
    const QList<Routing::ScopeSpend> &spend() const;

    // Called by the binding when the gateway reports.
    void setFigures(const LiveFigures &figures);
    void setHealth(const QList<HealthRow> &rows);
    void setSpend(const QList<Routing::ScopeSpend> &spend);
    void clearSpend();

    void requestStart(const QString &host, quint16 port);
    void requestStop();
    void requestDrain(const QString &key);
    void requestReenable(const QString &key);

Q_SIGNALS:
    void figuresChanged();
    void healthChanged();
    void spendChanged();
    void startRequested(const QString &host, quint16 port);
    void stopRequested();
    void drainRequested(const QString &key);
    void reenableRequested(const QString &key);

private:
    bool m_available = false;
    LiveFigures m_figures;
    QList<HealthRow> m_health;
    QElapsedTimer m_healthAge;
    bool m_hasSpend = false;
    QList<Routing::ScopeSpend> m_spend;
};

} // namespace Ui::GatewayControl
