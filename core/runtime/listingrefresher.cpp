#include "listingrefresher.h"

#include "net/timesource.h"
#include "store/listingstore.h"

#include <QFile>
#include <QLoggingCategory>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

using namespace Qt::StringLiterals;

// The demo's listing is a resource of switchboard_config (resources/core.qrc), registered only when
// something references it.
static void initCoreResources()
{
    Q_INIT_RESOURCE(core);
}

namespace Runtime {
namespace {

Q_LOGGING_CATEGORY(lcListings, "sb.listings")

constexpr qint64 kMsPerMinute = 60 * 1000;

} // namespace

ListingRefresher::ListingRefresher(Store::Database *db, Gateway::TimeSource *time, QObject *parent)
    : QObject(parent)
    , m_db(db)
    , m_time(time ? time : Gateway::TimeSource::system())
    , m_refreshTimer(std::make_unique<Gateway::Timer>(m_time))
    , m_expiryTimer(std::make_unique<Gateway::Timer>(m_time))
{
    connect(m_refreshTimer.get(), &Gateway::Timer::timeout, this, [this] {
        refresh();
        rearm();
    });
    connect(m_expiryTimer.get(), &Gateway::Timer::timeout, this, [this] {
        Q_EMIT changed();
        scheduleExpiry();
    });
}

ListingRefresher::~ListingRefresher()
{
    for (QNetworkReply *reply : std::as_const(m_replies)) {
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
}

void ListingRefresher::setWorkspace(const Domain::Workspace &ws)
{
    if (!m_loaded && m_db) {
        m_loaded = true;
        const auto stored = Store::ListingStore(*m_db).load();
        if (stored) {
            for (const Domain::ListingState &s : *stored)
                m_states.insert(s.provider, s);
        } else {
            qCWarning(lcListings).noquote() << Util::logText(stored.error());
        }
    }
    const QList<Domain::Provider> before = m_providers;
    m_providers.clear();
    for (const Domain::Provider &p : ws.providers) {
        if (!p.listingSource.isEmpty())
            m_providers << p;
    }
    const int oldMinutes = m_refreshMinutes;
    m_refreshMinutes = ws.listingRefreshMinutes;
    m_maxAgeHours = ws.listingMaxAgeHours;
    if (!m_started)
        return;
    if (oldMinutes != m_refreshMinutes)
        rearm();
    // A provider given a new source is fetched at once rather than at the next round.
    for (const Domain::Provider &p : std::as_const(m_providers)) {
        const auto old = std::find_if(before.begin(), before.end(),
                                      [&](const Domain::Provider &b) { return b.id == p.id; });
        if (old == before.end() || old->listingSource != p.listingSource)
            fetch(p);
    }
    scheduleExpiry();
}

void ListingRefresher::start()
{
    m_started = true;
    refresh();
    rearm();
}

void ListingRefresher::rearm()
{
    m_refreshTimer->start(qint64(m_refreshMinutes) * kMsPerMinute);
}

void ListingRefresher::refresh()
{
    const QList<Domain::Provider> providers = m_providers;
    for (const Domain::Provider &p : providers)
        fetch(p);
    if (m_replies.isEmpty())
        Q_EMIT finished();
}

void ListingRefresher::fetch(const Domain::Provider &p)
{
    if (m_replies.contains(p.id))
        return;
    const Domain::ListingSource source = Domain::classifyListingSource(p.listingSource);
    switch (source.kind) {
    case Domain::ListingSourceKind::None:
        return;
    case Domain::ListingSourceKind::Invalid:
        finishFetch(p.id, p.listingSource, {},
                    u"\"%1\" is not a URL, file or resource."_s.arg(p.listingSource));
        return;
    case Domain::ListingSourceKind::File:
    case Domain::ListingSourceKind::Resource: {
        if (source.kind == Domain::ListingSourceKind::Resource)
            initCoreResources();
        QFile file(source.location);
        if (!file.open(QIODevice::ReadOnly)) {
            finishFetch(p.id, p.listingSource, {},
                        u"Cannot read %1: %2."_s.arg(source.location, file.errorString()));
            return;
        }
        finishFetch(p.id, p.listingSource, file.readAll(), {});
        return;
    }
    case Domain::ListingSourceKind::Http:
        break;
    }
    if (!m_network)
        m_network = new QNetworkAccessManager(this);
    QNetworkRequest request { QUrl(source.location) };
    request.setTransferTimeout(kHttpTimeoutMs);
    request.setRawHeader("Accept", "application/json");
    QNetworkReply *reply = m_network->get(request);
    m_replies.insert(p.id, reply);
    const QString id = p.id;
    const QString where = p.listingSource;
    connect(reply, &QNetworkReply::finished, this, [this, reply, id, where] {
        reply->deleteLater();
        m_replies.remove(id);
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        QString error;
        if (reply->error() == QNetworkReply::OperationCanceledError)
            error = u"No answer from %1 within %2 s."_s.arg(where).arg(kHttpTimeoutMs / 1000);
        else if (status != 0 && (status < 200 || status > 299))
            error = u"%1 answered HTTP %2."_s.arg(where).arg(status);
        else if (reply->error() != QNetworkReply::NoError)
            error = u"Cannot fetch %1: %2."_s.arg(where, reply->errorString());
        finishFetch(id, where, error.isEmpty() ? reply->readAll() : QByteArray(), error);
        if (m_replies.isEmpty())
            Q_EMIT finished();
    });
}

void ListingRefresher::finishFetch(const QString &provider, const QString &source,
                                   const QByteArray &body, const QString &fetchError)
{
    Domain::ListingState &s = m_states[provider];
    if (s.source != source) {
        // Facts of another source say nothing about this one.
        const quint64 failures = s.failures;
        s = Domain::ListingState {};
        s.failures = failures;
    }
    s.provider = provider;
    s.source = source;
    s.lastAttemptAt = m_time->nowUtc();
    QString error = fetchError;
    std::optional<Domain::ListingFacts> facts;
    if (error.isEmpty())
        facts = Domain::parseListing(body, provider, &error);
    if (facts) {
        s.facts = *facts;
        s.fetchedAt = s.lastAttemptAt;
        s.lastError.clear();
    } else {
        s.lastError = error;
        ++s.failures;
        qCWarning(lcListings).noquote()
            << u"The listing of provider %1 was not refreshed: %2"_s.arg(provider, error);
    }
    if (m_db) {
        if (Util::Status saved = Store::ListingStore(*m_db).save(s); !saved)
            qCWarning(lcListings).noquote() << Util::logText(saved.error());
    }
    if (!facts)
        Q_EMIT refreshFailed(provider, error);
    scheduleExpiry();
    Q_EMIT changed();
}

void ListingRefresher::scheduleExpiry()
{
    // The earliest instant a listing believed now stops being believed.
    const QDateTime now = m_time->nowUtc();
    qint64 soonestMs = -1;
    for (const Domain::Provider &p : std::as_const(m_providers)) {
        const auto it = m_states.constFind(p.id);
        if (it == m_states.cend() || it->source != p.listingSource
            || !Domain::listingFresh(it->fetchedAt, now, m_maxAgeHours))
            continue;
        const qint64 left = now.msecsTo(it->fetchedAt.addSecs(qint64(m_maxAgeHours) * 3600)) + 1000;
        if (soonestMs < 0 || left < soonestMs)
            soonestMs = left;
    }
    if (soonestMs < 0)
        m_expiryTimer->stop();
    else
        m_expiryTimer->start(soonestMs);
}

QList<Domain::ListingState> ListingRefresher::states() const
{
    QList<Domain::ListingState> out = m_states.values();
    std::sort(out.begin(), out.end(),
              [](const auto &a, const auto &b) { return a.provider < b.provider; });
    return out;
}

Domain::WorkspaceSnapshot ListingRefresher::apply(const Domain::Workspace &config) const
{
    auto ws = std::make_shared<Domain::Workspace>(config);
    Domain::applyListings(*ws, m_states.values(), m_time->nowUtc());
    return ws;
}

} // namespace Runtime
