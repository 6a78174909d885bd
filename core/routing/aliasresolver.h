#pragma once

#include "domain/enums.h"
#include "domain/workspace.h"
#include "util/result.h"

#include <QDate>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace Routing {

// The outcome of resolving what the caller named (R-ALIAS-*).
struct AliasResolution
{
    QString requested; // as named by the caller
    QString alias; // the alias the caller named; empty when a model was named
    QString model; // the model the call runs as
    QString
        deprecationHeader; // "date=2026-12-01; replacement=org/new" (ib-alias-deprecated) or empty
    QJsonObject presetDefaults; // request fields to fill when left out (R-ALIAS-3)
    QStringList aliasFallbackModels; // the preset's own fallback list (R-FALL-4); empty = none
};

// Resolves an alias first (R-ALIAS-1). A deprecated alias runs as itself before its date and as its
// replacement from 00:00 UTC of that date on, carrying the header either way (R-ALIAS-2). After the
// date the replacement's own preset defaults and fallback list apply when it is itself an alias.
// Error code "model_not_found" (HTTP 404) when neither a model nor an alias has that name.
Util::Result<AliasResolution> resolveAlias(const Domain::Workspace &ws, const QString &requested,
                                           QDate todayUtc);

// Fills only the fields the request left out; a field present in the request, even null, is kept.
// A preset's "system" default becomes a leading system message on OpenAI-shaped chat
// completions (the OpenAI API has no top-level "system" field) and stays a top-level field on
// /v1/messages; it fills in only when the request has no system prompt of its own.
QJsonObject applyPresetDefaults(const QJsonObject &request, const QJsonObject &defaults,
                                Domain::Endpoint endpoint = Domain::Endpoint::Messages);

} // namespace Routing
