#include "net/httptransport.h"

#include "net/httpcall.h"
#include "net/log.h"
#include "net/upstreamconnection.h"

#include <QFile>
#include <QSslCertificate>

using namespace Qt::StringLiterals;

namespace Gateway {
namespace {

// Servers close idle keep-alive connections after their own timeout (nginx 75 s, most cloud load
// balancers 60 s); closing ours first keeps the race where both close at once rare, and 30 s
// still spans the gaps inside a burst of calls. A peer that closes sooner is noticed by the idle
// watch (its FIN) before the connection is used again.
constexpr int kIdleTimeoutMs = 30000;
// Idle connections are checked coarsely: one timer for all of them, not one per connection.
constexpr int kSweepIntervalMs = 5000;

QByteArray hostHeader(const QUrl &url, bool tls)
{
    QByteArray host = url.host(QUrl::FullyEncoded).toLatin1();
    if (host.contains(':'))
        host = '[' + host + ']';
    const int port = url.port();
    if (port >= 0 && port != (tls ? 443 : 80))
        host += ':' + QByteArray::number(port);
    return host;
}

} // namespace

HttpTransport::HttpTransport(const ProxySettings &proxies, DeadlineWheel *wheel, QObject *parent)
    : QObject(parent)
    , m_proxies(proxies)
    , m_wheel(wheel ? wheel : new DeadlineWheel(nullptr, DeadlineWheel::kDefaultTickMs, this))
    , m_sweepTimer(m_wheel->timeSource(), this)
{
    connect(&m_sweepTimer, &Timer::timeout, this, &HttpTransport::closeExpiredIdle);
}

HttpTransport::~HttpTransport() = default;

int HttpTransport::idleConnectionCount() const
{
    int n = 0;
    for (const Pool &p : m_pools)
        n += int(p.idle.size());
    return n;
}

std::unique_ptr<UpstreamCall> HttpTransport::send(const UpstreamRequest &request)
{
    auto call = std::make_unique<HttpCall>(request, m_wheel);
    Pool &pool = poolFor(request);
    if (!pool.error.isEmpty()) // read again: the CA file may have been fixed since (no cache of a
                               // failure)
        pool = makePool(request, pool.target->pool, pool.target->key);
    if (!pool.error.isEmpty()) {
        call->failSoon(FailurePhase::NotSent, pool.error);
        return call;
    }
    // A pooled connection found dead before anything was written is dropped and the next one
    // tried; once the request went out, the attempt lives or fails with its connection.
    while (!pool.idle.isEmpty()) {
        UpstreamConnection *connection = pool.idle.takeLast();
        if (call->reuse(connection))
            return call;
    }
    call->startOn(newConnection(pool));
    return call;
}

HttpTransport::Pool &HttpTransport::poolFor(const UpstreamRequest &request)
{
    const QString key
        = request.poolKey.isEmpty() ? poolKeyOf(request.url, request.caFile) : request.poolKey;
    const auto it = m_poolIndex.constFind(key);
    if (it != m_poolIndex.cend())
        return m_pools[size_t(*it)];
    const int index = int(m_pools.size());
    m_pools.push_back(makePool(request, index, key));
    m_poolIndex.insert(key, index);
    return m_pools.back();
}

HttpTransport::Pool HttpTransport::makePool(const UpstreamRequest &request, int index,
                                            const QString &key)
{
    const QUrl &url = request.url;
    auto target = std::make_shared<UpstreamTarget>();
    Pool pool;
    target->tls = url.scheme() == u"https"_s;
    target->host = url.host();
    target->port = quint16(url.port(target->tls ? 443 : 80));
    target->hostHeader = hostHeader(url, target->tls);
    target->proxy = m_proxies.proxyFor(url);
    target->pool = index;
    target->key = key;
    if (url.scheme() != u"http"_s && !target->tls)
        pool.error = u"unsupported URL scheme %1"_s.arg(url.scheme());
    else if (target->proxy && !target->proxy->error.isEmpty())
        pool.error = target->proxy->error;
    else if (target->tls)
        pool.error = tlsConfiguration(request.caFile, target->tlsConfiguration.emplace());
    qCDebug(lcGateway)
        << "upstream pool" << key
        << (target->proxy ? u"via proxy %1:%2"_s.arg(target->proxy->host).arg(target->proxy->port)
                          : u"direct"_s);
    pool.target = std::move(target);
    return pool;
}

QString HttpTransport::tlsConfiguration(const QString &caFile, QSslConfiguration &out)
{
    const auto cached = m_tls.constFind(caFile);
    if (cached != m_tls.cend()) {
        out = *cached;
        return {};
    }
    QSslConfiguration config = QSslConfiguration::defaultConfiguration();
    if (!caFile.isEmpty()) {
        QFile f(caFile);
        if (!f.open(QIODevice::ReadOnly))
            return u"the CA file %1 cannot be read: %2"_s.arg(caFile, f.errorString());
        const QList<QSslCertificate> extra = QSslCertificate::fromData(f.readAll(), QSsl::Pem);
        if (extra.isEmpty())
            return u"the CA file %1 holds no PEM certificate"_s.arg(caFile);
        // Adding CAs turns off Qt's on-demand loading of the system store: add both.
        config.setCaCertificates(QSslConfiguration::systemCaCertificates() + extra);
    }
    m_tls.insert(caFile, config);
    out = config;
    return {};
}

UpstreamConnection *HttpTransport::newConnection(const Pool &pool)
{
    auto *connection = new UpstreamConnection(*pool.target, this, this);
    ++m_open;
    return connection;
}

void HttpTransport::connectionReleased(UpstreamConnection *connection)
{
    connection->setIdleSince(m_wheel->nowMs());
    m_pools[size_t(connection->target().pool)].idle.append(connection);
    if (!m_sweepTimer.isActive())
        m_sweepTimer.start(kSweepIntervalMs);
}

void HttpTransport::connectionClosed(UpstreamConnection *connection)
{
    --m_open;
    m_pools[size_t(connection->target().pool)].idle.removeOne(connection);
}

void HttpTransport::closeExpiredIdle()
{
    const qint64 now = m_wheel->nowMs();
    bool anyIdle = false;
    for (Pool &pool : m_pools) {
        // Oldest first; closing removes the connection from the list (connectionClosed).
        while (!pool.idle.isEmpty() && now - pool.idle.first()->idleSinceMs() >= kIdleTimeoutMs)
            pool.idle.first()->close();
        anyIdle = anyIdle || !pool.idle.isEmpty();
    }
    if (anyIdle)
        m_sweepTimer.start(kSweepIntervalMs);
}

} // namespace Gateway
