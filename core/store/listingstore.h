#pragma once

#include "domain/listing.h"
#include "util/result.h"

#include <QList>

namespace Store {

class Database;

// The last known state of each provider's listing (table provider_listings): operational data,
// not a configuration version. One row per provider; a refresh of another source replaces it.
class ListingStore
{
public:
    explicit ListingStore(Database &db)
        : m_db(db)
    {
    }

    Util::Result<QList<Domain::ListingState>> load() const;
    // Writes the state's row (the failure count stays in memory).
    Util::Status save(const Domain::ListingState &state);

private:
    Database &m_db;
};

} // namespace Store
