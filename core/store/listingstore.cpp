#include "listingstore.h"

#include "database.h"
#include "storeutil.h"

#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace Store {

Util::Result<QList<Domain::ListingState>> ListingStore::load() const
{
    QSqlQuery q(m_db.handle());
    q.prepare(u"SELECT provider, source, zdr, no_training, published, fetched_at, "
              "last_attempt_at, last_error FROM provider_listings ORDER BY provider"_s);
    if (Util::Status s = execQuery(q, ErrorCode::CannotReadListings); !s)
        return s.error();
    QList<Domain::ListingState> out;
    while (q.next()) {
        Domain::ListingState &s = out.emplace_back();
        s.provider = q.value(0).toString();
        s.source = q.value(1).toString();
        s.facts.zeroDataRetention = q.value(2).toInt() != 0;
        s.facts.noTraining = q.value(3).toInt() != 0;
        s.facts.published = fromMsVariant(q.value(4));
        s.fetchedAt = fromMsVariant(q.value(5));
        s.lastAttemptAt = fromMsVariant(q.value(6));
        s.lastError = q.value(7).toString();
    }
    return out;
}

Util::Status ListingStore::save(const Domain::ListingState &s)
{
    QSqlQuery q(m_db.handle());
    q.prepare(u"INSERT INTO provider_listings (provider, source, zdr, no_training, "
              "published, fetched_at, last_attempt_at, last_error) "
              "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (provider) DO UPDATE SET "
              "source = excluded.source, zdr = excluded.zdr, no_training = excluded.no_training, "
              "published = excluded.published, fetched_at = excluded.fetched_at, "
              "last_attempt_at = excluded.last_attempt_at, last_error = excluded.last_error"_s);
    q.addBindValue(s.provider);
    q.addBindValue(s.source);
    q.addBindValue(s.facts.zeroDataRetention ? 1 : 0);
    q.addBindValue(s.facts.noTraining ? 1 : 0);
    q.addBindValue(toMsVariant(s.facts.published));
    q.addBindValue(toMsVariant(s.fetchedAt));
    q.addBindValue(toMsVariant(s.lastAttemptAt));
    q.addBindValue(s.lastError.isEmpty() ? QVariant(QMetaType(QMetaType::QString)) : s.lastError);
    return execQuery(q, ErrorCode::CannotWriteListings, { s.provider });
}

} // namespace Store
