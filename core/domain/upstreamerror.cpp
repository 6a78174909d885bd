#include "upstreamerror.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace Domain {

UpstreamError upstreamErrorFrom(const QJsonObject &root)
{
    const QJsonValue error = root.value(u"error"_s);
    if (error.isString())
        return { {}, {}, error.toString() };
    const QJsonObject e = error.toObject();
    // toString() of a null or a number is empty: a code the upstream left out stays empty.
    return { e.value(u"code"_s).toString(), e.value(u"type"_s).toString(),
             e.value(u"message"_s).toString() };
}

UpstreamError parseUpstreamError(const QByteArray &body)
{
    return upstreamErrorFrom(QJsonDocument::fromJson(body).object());
}

} // namespace Domain
