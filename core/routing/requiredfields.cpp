#include "requiredfields.h"

#include <QJsonArray>
#include <QJsonValue>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Routing {
namespace {

using State = RequiredFields::State;

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

State stateOf(const QJsonValue &v, bool valid)
{
    if (v.isUndefined())
        return State::Absent;
    return valid ? State::Valid : State::Invalid;
}

} // namespace

FieldError missingModelField()
{
    return missing(u"model"_s, u"a model or alias name as a string"_s);
}

RequiredFields requiredFieldsOf(const QJsonObject &body)
{
    RequiredFields f;
    const QJsonValue messages = body.value(u"messages"_s);
    f.messages = stateOf(messages, messages.isArray() && !messages.toArray().isEmpty());
    const QJsonValue maxTokens = body.value(u"max_tokens"_s);
    f.maxTokens = stateOf(maxTokens, isPositiveInteger(maxTokens));
    const QJsonValue input = body.value(u"input"_s);
    f.input = stateOf(input, isNonEmptyInput(input));
    return f;
}

RequiredFields withPresetDefaults(RequiredFields fields, const QJsonObject &defaults,
                                  Domain::Endpoint endpoint)
{
    if (defaults.isEmpty())
        return fields;
    const RequiredFields given = requiredFieldsOf(defaults);
    for (auto [field, fromDefault] : { std::pair { &fields.messages, given.messages },
                                       std::pair { &fields.maxTokens, given.maxTokens },
                                       std::pair { &fields.input, given.input } }) {
        if (*field == State::Absent)
            *field = fromDefault;
    }
    // applyPresetDefaults prepends the system message to `messages` (made an array if it was not).
    if (Domain::bodyEndpoint(endpoint) == Domain::Endpoint::ChatCompletions
        && defaults.contains(u"system"_s))
        fields.messages = State::Valid;
    return fields;
}

std::optional<FieldError> checkRequiredFields(const RequiredFields &fields,
                                              Domain::Endpoint endpoint)
{
    using Domain::Endpoint;
    if (endpoint == Endpoint::Embeddings) {
        if (fields.input != State::Valid)
            return missing(u"input"_s, u"a non-empty string or array"_s);
        return std::nullopt;
    }
    if (fields.messages != State::Valid)
        return missing(u"messages"_s, u"a non-empty array"_s);
    if (endpoint == Endpoint::Messages && fields.maxTokens != State::Valid)
        return missing(u"max_tokens"_s, u"an integer of at least 1"_s);
    return std::nullopt;
}

} // namespace Routing
