#pragma once

#include "domain/enums.h"
#include "domain/receipt.h"
#include "requiredfields.h"

#include <QString>
#include <QStringList>
#include <optional>

namespace Routing {

// What the planner needs to know of one call; the gateway fills it from the parsed request.
struct RequestSummary
{
    enum class ResponseFormat { None, Text, JsonObject, JsonSchema };

    QString model; // as named by the caller (model or alias)
    Domain::Endpoint endpoint = Domain::Endpoint::ChatCompletions;
    Domain::Modality modality
        = Domain::Modality::Chat; // chat for chat/messages, embedding for embeddings
    bool usesTools = false;
    ResponseFormat responseFormat = ResponseFormat::None; // JsonSchema needs structured output
    bool vision = false;
    QString webSearchToolVersion; // empty when none
    qint64 contextTokens = 0; // estimated prompt size
    qint64 maxOutputTokens = 0; // for holds (R-BILL-1)
    QStringList regionHeaderLines; // raw x-gateway-model-regions header lines (may be several)
    bool stream = false;
    // R-XLAT-3: the first field of the body that the other API cannot carry, "" when none.
    QString notCarried;
    QString keyId; // caller's key (Domain::Key::id); empty = none (explain without a key)
    QString projectId; // caller's project (Domain::Project::id); empty = none
    // The caller's body as the required-field check reads it (R-DET); nullopt when explaining a
    // request without one (then no field is checked).
    std::optional<RequiredFields> requiredFields;
};

// What a receipt keeps of a request for the impact preview: flags and sizes, never text.
Domain::RequestShape shapeOf(const RequestSummary &request);
// A past call's request rebuilt from what its receipt kept, as the planner reads it; the region
// header lines as one (they form one list, R-REG-6); no required fields are checked.
RequestSummary replayedRequest(const QString &model, Domain::Endpoint endpoint, bool stream,
                               const QString &keyId, const QString &projectId,
                               const QString &regionHeader, const Domain::RequestShape &shape);

} // namespace Routing
