#include "requiredfields.h"

#include <QJsonArray>
#include <QJsonValue>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Routing {
namespace {

FieldError missing(const QString &field, const QString &what)
{
    return { field, u"The request needs \"%1\": %2."_s.arg(field, what) };
}

bool isPositiveInteger(const QJsonValue &v)
{
    if (!v.isDouble())
        return false;
    const double d = v.toDouble();
    return std::isfinite(d) && d >= 1 && std::floor(d) == d;
}

bool isNonEmptyInput(const QJsonValue &v)
{
    return (v.isString() && !v.toString().isEmpty()) || (v.isArray() && !v.toArray().isEmpty());
}

} // namespace

std::optional<FieldError> checkModelField(const QJsonObject &body)
{
    const QJsonValue model = body.value(u"model"_s);
    if (!model.isString() || model.toString().isEmpty())
        return missing(u"model"_s, u"a model or alias name as a string"_s);
    return std::nullopt;
}

std::optional<FieldError> checkRequiredFields(const QJsonObject &body, Domain::Endpoint endpoint)
{
    using Domain::Endpoint;
    if (endpoint == Endpoint::Embeddings) {
        if (!isNonEmptyInput(body.value(u"input"_s)))
            return missing(u"input"_s, u"a non-empty string or array"_s);
        return std::nullopt;
    }
    const QJsonValue messages = body.value(u"messages"_s);
    if (!messages.isArray() || messages.toArray().isEmpty())
        return missing(u"messages"_s, u"a non-empty array"_s);
    if (endpoint == Endpoint::Messages && !isPositiveInteger(body.value(u"max_tokens"_s)))
        return missing(u"max_tokens"_s, u"an integer of at least 1"_s);
    return std::nullopt;
}

} // namespace Routing
