#pragma once

#include "domain/listing.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <memory>

class QNetworkAccessManager;
class QNetworkReply;

namespace Gateway {
class TimeSource;
class Timer;
} // namespace Gateway
namespace Store {
class Database;
} // namespace Store

namespace Runtime {

// Keeps each provider's listing (docs/listings.md) fresh: fetches every source at start(), every
// listingRefreshMinutes after, and on refresh(); a local file or resource at once, an http(s) URL
// asynchronously (15 s timeout) on the thread it lives on, which never serves calls. Each result
// is stored (provider_listings); a failed refresh keeps the last good facts and records its error.
// changed() says when the effective facts may differ: after a refresh, and when a listing passes
// the maximum age.
class ListingRefresher : public QObject
{
    Q_OBJECT
public:
    static constexpr int kHttpTimeoutMs = 15000;

    // `db` may be null (nothing is stored); `time` defaults to the process's source.
    explicit ListingRefresher(Store::Database *db, Gateway::TimeSource *time = nullptr,
                              QObject *parent = nullptr);
    ~ListingRefresher() override;

    // The providers, their sources and the intervals to follow; loads the stored states on the
    // first call. Does not fetch.
    void setWorkspace(const Domain::Workspace &ws);
    // Fetches every source now and then every listingRefreshMinutes.
    void start();
    // Fetches every source now (a source already being fetched is left to finish).
    void refresh();

    QList<Domain::ListingState> states() const;
    // Fetches still under way.
    int pending() const { return int(m_replies.size()); }
    // `config` with every listed provider's effective facts as of now.
    Domain::WorkspaceSnapshot apply(const Domain::Workspace &config) const;

Q_SIGNALS:
    void changed();
    // A refresh failed; `message` says why (also stored and logged).
    void refreshFailed(const QString &provider, const QString &message);
    // Every fetch of the last refresh has ended.
    void finished();

private:
    void fetch(const Domain::Provider &p);
    void finishFetch(const QString &provider, const QString &source, const QByteArray &body,
                     const QString &error);
    void scheduleExpiry();
    void rearm();

    Store::Database *m_db;
    Gateway::TimeSource *m_time;
    std::unique_ptr<Gateway::Timer> m_refreshTimer;
    std::unique_ptr<Gateway::Timer> m_expiryTimer;
    QNetworkAccessManager *m_network = nullptr; // made at the first http fetch
    QList<Domain::Provider> m_providers; // those with a source
    int m_refreshMinutes = 60;
    int m_maxAgeHours = 48;
    bool m_loaded = false;
    bool m_started = false;
    QHash<QString, Domain::ListingState> m_states; // by provider
    QHash<QString, QNetworkReply *> m_replies; // by provider
};

} // namespace Runtime
