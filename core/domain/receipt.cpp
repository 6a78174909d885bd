#include "receipt.h"

#include "enumtable.h"

#include <QJsonObject>
#include <array>
#include <utility>

namespace Domain {
namespace {

constexpr std::array<std::pair<StatusClass, const char16_t *>, 4> kStatusClass { {
    { StatusClass::Ok, u"ok" },
    { StatusClass::RetriedOk, u"retried_ok" },
    { StatusClass::FellBack, u"fell_back" },
    { StatusClass::Failed, u"failed" },
} };

constexpr std::array<std::pair<TransportFailure, const char16_t *>, 19> kTransportFailure { {
    { TransportFailure::None, u"none" },
    { TransportFailure::ConnectRefused, u"connect_refused" },
    { TransportFailure::HostNotFound, u"host_not_found" },
    { TransportFailure::Tls, u"tls" },
    { TransportFailure::Proxy, u"proxy" },
    { TransportFailure::ConnectFailed, u"connect_failed" },
    { TransportFailure::NotSent, u"not_sent" },
    { TransportFailure::ConnectTimeout, u"connect_timeout" },
    { TransportFailure::DroppedBeforeStatus, u"dropped_before_status" },
    { TransportFailure::FirstByteTimeout, u"first_byte_timeout" },
    { TransportFailure::Truncated, u"truncated" },
    { TransportFailure::StreamIdle, u"stream_idle" },
    { TransportFailure::Undecodable, u"undecodable" },
    { TransportFailure::ErrorEvent, u"error_event" },
    { TransportFailure::EmptyStream, u"empty_stream" },
    { TransportFailure::NotJson, u"not_json" },
    { TransportFailure::DeadlinePassed, u"deadline_passed" },
    { TransportFailure::CallerClosed, u"caller_closed" },
    { TransportFailure::Unclassified, u"unclassified" },
} };

} // namespace

QString toString(TransportFailure v)
{
    return EnumTable::nameOf(kTransportFailure, v);
}

std::optional<TransportFailure> transportFailureFromString(const QString &s)
{
    return EnumTable::valueOf(kTransportFailure, s);
}

QString toString(StatusClass v)
{
    return EnumTable::nameOf(kStatusClass, v);
}

std::optional<StatusClass> statusClassFromString(const QString &s)
{
    return EnumTable::valueOf(kStatusClass, s);
}

QJsonValue listingTimesToJson(const QList<ListingTime> &listings)
{
    if (listings.isEmpty())
        return QJsonValue::Null;
    QJsonObject o;
    for (const ListingTime &l : listings) {
        o.insert(l.provider,
                 l.fetchedAt.isValid() ? QJsonValue(l.fetchedAt.toUTC().toString(Qt::ISODateWithMs))
                                       : QJsonValue(QJsonValue::Null));
    }
    return o;
}

QList<ListingTime> listingTimesFromJson(const QJsonValue &v)
{
    QList<ListingTime> out;
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        QDateTime t = QDateTime::fromString(it.value().toString(), Qt::ISODateWithMs);
        out.append({ it.key(), t.isValid() ? t.toUTC() : QDateTime() });
    }
    return out;
}

} // namespace Domain
