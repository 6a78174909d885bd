#pragma once

#include "upstreamtransport.h"

#include <QHash>
#include <QList>
#include <QObject>

class QNetworkAccessManager;

namespace Gateway {

// Attempts over QNetworkAccessManager. Qt 6.4 caps HTTP/1.1 at 6 connections per host per manager,
// so each upstream connection gets a pool of managers and a call goes to the least busy one; a new
// manager is added when all have 6 calls in flight (DESIGN.md "The HTTP stack").
class NetworkTransport : public QObject, public UpstreamTransport
{
    Q_OBJECT
public:
    explicit NetworkTransport(QObject *parent = nullptr);
    ~NetworkTransport() override;

    UpstreamCall *send(const UpstreamRequest &request, QObject *parent) override;
    int managerCount() const;

private:
    struct Slot
    {
        QNetworkAccessManager *manager = nullptr;
        int inFlight = 0;
    };
    Slot *pickSlot(const QString &connection);

    QHash<QString, QList<Slot *>> m_pools;
};

} // namespace Gateway
