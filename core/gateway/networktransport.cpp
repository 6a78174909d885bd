#include "networktransport.h"

#include "log.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>

using namespace Qt::StringLiterals;

namespace Gateway {
namespace {

constexpr int kPerManager = 6;      // Qt 6.4's HTTP/1.1 connections per host
constexpr int kMaxManagers = 512;   // beyond this calls queue inside the managers

// Once a status line arrived, only Qt's network errors (below 100) mean the transfer broke: the
// others restate the HTTP status (Qt reports a 400 as ProtocolInvalidOperationError), which the
// executor judges from the status code itself. Before a status line every error is a failure.
bool isTransportError(QNetworkReply::NetworkError e, bool statusReceived)
{
    const int code = int(e);
    if (statusReceived)
        return code > 0 && code < 100;
    return code != 0;
}

class NetworkCall : public UpstreamCall
{
public:
    NetworkCall(const UpstreamRequest &request, QNetworkAccessManager *manager,
                std::function<void()> onDone, QObject *parent)
        : UpstreamCall(request, parent), m_onDone(std::move(onDone))
    {
        QNetworkRequest req(request.url);
        req.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::ManualRedirectPolicy);
        req.setAttribute(QNetworkRequest::CacheLoadControlAttribute,
                         QNetworkRequest::AlwaysNetwork);
        req.setAttribute(QNetworkRequest::CookieLoadControlAttribute, QNetworkRequest::Manual);
        req.setAttribute(QNetworkRequest::CookieSaveControlAttribute, QNetworkRequest::Manual);
        req.setAttribute(QNetworkRequest::AuthenticationReuseAttribute, QNetworkRequest::Manual);
        for (const auto &h : request.headers)
            req.setRawHeader(h.first, h.second);
        // Qt asks for gzip and decodes silently while keeping Content-Encoding: ask for identity.
        req.setRawHeader("Accept-Encoding", "identity");
        m_reply = manager->sendCustomRequest(req, request.method, request.body);
        setBytesSent(request.body.size());
        connect(m_reply, &QNetworkReply::requestSent, this, &NetworkCall::reportConnected);
        connect(m_reply, &QNetworkReply::metaDataChanged, this, &NetworkCall::handleMetaData);
        connect(m_reply, &QNetworkReply::readyRead, this, &NetworkCall::handleReadyRead);
        connect(m_reply, &QNetworkReply::finished, this, &NetworkCall::handleFinished);
    }
    ~NetworkCall() override { release(); }

protected:
    void abortTransfer() override
    {
        if (!m_reply)
            return;
        QNetworkReply *reply = m_reply;
        m_reply = nullptr;
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
        release();
    }

private:
    void release()
    {
        if (m_onDone) {
            m_onDone();
            m_onDone = nullptr;
        }
    }

    void handleMetaData()
    {
        const QVariant status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
        if (!status.isValid() || hasStarted())
            return;
        HeaderList headers;
        for (const auto &pair : m_reply->rawHeaderPairs())
            headers.emplaceBack(pair.first.toLower(), pair.second);
        reportStarted(status.toInt(), headers);
    }

    void handleReadyRead()
    {
        if (!hasStarted())
            handleMetaData();
        if (m_reply)
            reportBody(m_reply->readAll());
    }

    void handleFinished()
    {
        if (!m_reply)
            return;
        if (!hasStarted())
            handleMetaData();
        QNetworkReply *reply = m_reply;
        if (reply->bytesAvailable() > 0)
            reportBody(reply->readAll());
        const QNetworkReply::NetworkError error = reply->error();
        m_reply = nullptr;
        reply->deleteLater();
        release();
        if (isTransportError(error, hasStarted())) {
            reportFailed(hasStarted() ? FailurePhase::AfterStatus
                         : error == QNetworkReply::RemoteHostClosedError ? FailurePhase::BeforeStatus
                                                                         : FailurePhase::Connect,
                         reply->errorString());
            return;
        }
        if (!hasStarted()) {
            reportFailed(FailurePhase::BeforeStatus, u"no HTTP status received"_s);
            return;
        }
        reportFinished();
    }

    QNetworkReply *m_reply = nullptr;
    std::function<void()> m_onDone;
};

} // namespace

NetworkTransport::NetworkTransport(QObject *parent) : QObject(parent) {}

NetworkTransport::~NetworkTransport()
{
    for (const QList<Slot *> &pool : std::as_const(m_pools))
        qDeleteAll(pool);
}

int NetworkTransport::managerCount() const
{
    int n = 0;
    for (const QList<Slot *> &pool : m_pools)
        n += int(pool.size());
    return n;
}

NetworkTransport::Slot *NetworkTransport::pickSlot(const QString &connection)
{
    QList<Slot *> &pool = m_pools[connection];
    Slot *best = nullptr;
    for (Slot *s : pool) {
        if (!best || s->inFlight < best->inFlight)
            best = s;
    }
    if (best && (best->inFlight < kPerManager || managerCount() >= kMaxManagers))
        return best;
    auto *slot = new Slot;
    slot->manager = new QNetworkAccessManager(this);
    slot->manager->setAutoDeleteReplies(false);
    pool.append(slot);
    qCDebug(lcGateway) << "upstream pool for" << connection << "now has" << pool.size() << "managers";
    return slot;
}

UpstreamCall *NetworkTransport::send(const UpstreamRequest &request, QObject *parent)
{
    Slot *slot = pickSlot(request.connection);
    ++slot->inFlight;
    QPointer<NetworkTransport> guard(this);
    return new NetworkCall(request, slot->manager, [slot, guard] {
        if (guard)
            --slot->inFlight;
    }, parent);
}

} // namespace Gateway
