#pragma once

#include "util/result.h"

#include <QList>
#include <QString>

namespace Store {

class Database;

// One row of candidate_health: a candidate ("<connection>/<upstream model>",
// Routing::Candidate::key()) that some gateway instance cooled down or drained.
struct CandidateHealth
{
    QString candidate;
    qint64 cooldownUntilMs = 0; // ms since the epoch (UTC), wall clock; 0 or past: not cooling
    bool drained = false;
    QString errorClass; // the last failure's class (Domain::toString), empty for none
    QString instance; // the instance that changed the row last
    qint64 changedAtMs = 0; // when it did, ms since the epoch (UTC)

    bool operator==(const CandidateHealth &) const = default;
};

// What one instance announces about a candidate.
struct HealthChange
{
    enum class Kind {
        Cooldown, // cools until untilMs; the row keeps the later of its end and this one
        Drain, // drained by hand; a running cooldown stays
        Reenable, // ends the drain and any cooldown
    };
    Kind kind = Kind::Cooldown;
    QString candidate;
    qint64 untilMs = 0; // Cooldown only: ms since the epoch (UTC)
    QString errorClass; // Cooldown only
};

// The cooldowns and drains several gateways on one database share (table candidate_health). Each
// instance decides from its own cooldown book; this table is only how the books hear of each
// other: a write is announced on kChannel (PostgreSQL's NOTIFY, at commit), and every instance
// reads the whole table (a row per candidate that ever failed or was drained) when notified or
// when it polls. Works on either engine; on SQLite nothing is announced and readers poll.
class CandidateHealthStore
{
public:
    explicit CandidateHealthStore(Database &db)
        : m_db(db)
    {
    }

    // All changes in one transaction, by `instance` at `nowMs` (UTC), then one notification. A
    // cooldown never shortens a row's: when it ends no later, the row is left as it is.
    Util::Status write(const QList<HealthChange> &changes, const QString &instance, qint64 nowMs);
    // Every row, by candidate.
    Util::Result<QList<CandidateHealth>> readAll() const;

    static constexpr QLatin1StringView kChannel { "switchboard_health" };

private:
    Database &m_db;
};

} // namespace Store
