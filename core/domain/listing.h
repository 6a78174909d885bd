#pragma once

#include "receipt.h"
#include "workspace.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>
#include <optional>

namespace Domain {

// The format name a provider listing file carries (docs/listings.md).
inline constexpr char16_t kListingFormat[] = u"switchboard-provider-listing/1";

// Where a Provider::listingSource points.
enum class ListingSourceKind {
    None, // empty: the facts are set by hand
    Http, // an http:// or https:// URL
    File, // a local file: an absolute path or a file:// URL
    Resource, // a Qt resource (qrc:/… or :/…), for the demo and tests
    Invalid,
};

struct ListingSource
{
    ListingSourceKind kind = ListingSourceKind::None;
    QString location; // the URL for Http; the path to open for File and Resource
};

ListingSource classifyListingSource(const QString &source);

// One provider's entry of a listing.
struct ListingFacts
{
    bool zeroDataRetention = false;
    bool noTraining = false;
    QDateTime published; // UTC; invalid when the file states none

    bool operator==(const ListingFacts &) const = default;
};

// Reads `providerId`'s entry of a listing file. On failure returns nothing and sets `error` to a
// sentence naming what is wrong (not JSON, another format, the provider not in it).
std::optional<ListingFacts> parseListing(const QByteArray &bytes, const QString &providerId,
                                         QString *error);

// What is known of one provider's listing: the last good facts and the last attempt (operational
// data, stored in provider_listings).
struct ListingState
{
    QString provider;
    QString source;
    ListingFacts facts;
    QDateTime fetchedAt; // of the last good listing; invalid when none
    QDateTime lastAttemptAt;
    QString lastError; // of the last attempt, empty when it succeeded
    quint64 failures = 0; // failed refreshes since the process started

    bool operator==(const ListingState &) const = default;
};

// Whether a listing fetched at `fetchedAt` may still be believed at `now` (SPEC §2 step 9).
bool listingFresh(const QDateTime &fetchedAt, const QDateTime &now, int maxAgeHours);

// Gives every provider of `ws` with a listing source its effective facts: the listed ones while
// its listing (the state of the same provider and source) is fresh, else neither; and the
// runtime-only listing fields. Providers without a source keep the facts set by hand.
void applyListings(Workspace &ws, const QList<ListingState> &states, const QDateTime &now);

// Whether a zero data retention or no-training rule applies to a call of `key` (any level turns
// it on: the workspace, the key's project, the key).
bool listingRulesApply(const Workspace &ws, const Key *key);

// The listings a receipt's call judged by, when such a rule applied: every provider with a listing
// source among the connections the receipt names (its skips and attempts) and the offerings of its
// resolved model (a pool's deployments too), by provider id; empty otherwise.
QList<ListingTime> judgedListings(const Workspace &ws, const Key *key, const Receipt &r);

} // namespace Domain
