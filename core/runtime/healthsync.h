#pragma once

#include "gateway/gatewaytypes.h"
#include "store/candidatehealthstore.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>

class QTimer;

namespace Gateway {
class GatewayService;
} // namespace Gateway
namespace Store {
class Database;
} // namespace Store

namespace Runtime {

// Shares one gateway's cooldowns and drains with the other gateways on the same database (table
// candidate_health). Each gateway still routes from its own cooldown book; this object only
// carries news between the books and the table, in the main thread on the runtime's own
// connection, so a slow database never holds up a call:
// - out: a cooldown of this gateway's (healthChanged, not one it was told of) that ends later
//   than the table's, and every drain and re-enable by hand here, are written and announced;
// - in: when PostgreSQL announces a write, and at every poll (kPollMs; SQLite's only way, and
//   PostgreSQL's when announcements are lost), the table is read and the rows other processes
//   changed are applied to the gateway (applySharedHealth): cooldowns only extend, drains and
//   re-enables apply as they are. After the gateway starts, every cooling or drained row applies.
// A database error is logged once until the database answers again; changes not yet written
// wait and are written then. Reconnecting is the Runtime's (Runtime::pollVersion).
class HealthSync : public QObject
{
    Q_OBJECT
public:
    static constexpr int kPollMs = 500;
    // A cooldown here is news when it ends at least this much later than the table's: the time
    // it takes the health figures to reach this thread is not.
    static constexpr qint64 kSlackMs = 250;

    // `instance` names this process's rows (the receipts' instance).
    HealthSync(Store::Database &db, Gateway::GatewayService *gateway, QString instance,
               QObject *parent = nullptr);
    ~HealthSync() override;

    void setInstance(const QString &instance) { m_instance = instance; }
    QString instance() const { return m_instance; }
    // Listens (PostgreSQL), starts polling, and reads the table once.
    void start();
    // Reads the table now and applies what other processes changed; writes what waits first.
    void poll();
    bool isFailing() const { return m_failing; }

private:
    void tick();
    void localHealth(const QList<Gateway::HealthEntry> &entries);
    void add(const Store::HealthChange &change);
    bool flush();
    void apply(const QList<Store::CandidateHealth> &rows);
    void report(const Util::Status &status);
    void schedulePoll();

    Store::Database &m_db;
    Store::CandidateHealthStore m_store;
    Gateway::GatewayService *m_gateway;
    QString m_instance;
    QTimer *m_timer;
    QList<Store::HealthChange> m_pending; // to write, in order
    QHash<QString, Store::CandidateHealth> m_seen; // each row as last read (or written)
    QHash<QString, qint64> m_written; // changed_at of this process's last write, by candidate
    bool m_failing = false;
    int m_skippedTicks = 0;
    bool m_pollQueued = false;
};

} // namespace Runtime
