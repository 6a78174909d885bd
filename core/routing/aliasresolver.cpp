#include "aliasresolver.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace Routing {
namespace {

Util::Error notFound(const QString &name)
{
    return { u"model_not_found"_s, u"The model or alias \"%1\" does not exist."_s.arg(name) };
}

} // namespace

Util::Result<AliasResolution> resolveAlias(const Domain::Workspace &ws, const QString &requested,
                                           QDate todayUtc)
{
    AliasResolution r;
    r.requested = requested;
    const Domain::Alias *a = ws.alias(requested);
    if (!a) {
        if (!ws.model(requested))
            return notFound(requested);
        r.model = requested;
        return r;
    }
    r.alias = a->name;
    const Domain::Alias *effective = a;
    QString target = a->target;
    if (a->isDeprecated()) {
        r.deprecationHeader = u"date=%1; replacement=%2"_s.arg(
            a->deprecationDate.toString(Qt::ISODate), a->replacement);
        // R-ALIAS-2: from 00:00 UTC of the date on, the call runs as the replacement.
        if (todayUtc >= a->deprecationDate) {
            // A replacement may itself be an alias; aliases never name aliases (validated), so one
            // step reaches a model.
            effective = ws.alias(a->replacement);
            target = effective ? effective->target : a->replacement;
        }
    }
    if (!ws.model(target))
        return notFound(requested);
    r.model = target;
    if (effective) {
        r.presetDefaults = effective->presetDefaults;
        r.aliasFallbackModels = effective->fallbackModels;
    }
    return r;
}

namespace {

bool hasSystemMessage(const QJsonArray &messages)
{
    for (const QJsonValue &m : messages) {
        if (m.toObject().value(u"role"_s).toString() == u"system"_s)
            return true;
    }
    return false;
}

} // namespace

QJsonObject applyPresetDefaults(const QJsonObject &request, const QJsonObject &defaults,
                                Domain::Endpoint endpoint)
{
    QJsonObject out = request;
    for (auto it = defaults.begin(); it != defaults.end(); ++it) {
        if (it.key() == u"system"_s
            && Domain::bodyEndpoint(endpoint) == Domain::Endpoint::ChatCompletions) {
            QJsonArray messages = out.value(u"messages"_s).toArray();
            if (!hasSystemMessage(messages)) {
                messages.prepend(
                    QJsonObject { { u"role"_s, u"system"_s }, { u"content"_s, it.value() } });
                out.insert(u"messages"_s, messages);
            }
            continue;
        }
        if (!out.contains(it.key()))
            out.insert(it.key(), it.value());
    }
    return out;
}

} // namespace Routing
