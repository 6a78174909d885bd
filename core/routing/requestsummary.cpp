#include "requestsummary.h"

using namespace Qt::StringLiterals;

namespace Routing {

Domain::RequestShape shapeOf(const RequestSummary &r)
{
    Domain::RequestShape s;
    s.usesTools = r.usesTools;
    s.vision = r.vision;
    s.jsonObject = r.responseFormat == RequestSummary::ResponseFormat::JsonObject;
    s.jsonSchema = r.responseFormat == RequestSummary::ResponseFormat::JsonSchema;
    s.contextTokens = r.contextTokens;
    s.maxOutputTokens = r.maxOutputTokens;
    return s;
}

RequestSummary replayedRequest(const QString &model, Domain::Endpoint endpoint, bool stream,
                               const QString &keyId, const QString &projectId,
                               const QString &regionHeader, const Domain::RequestShape &shape)
{
    using Format = RequestSummary::ResponseFormat;
    RequestSummary r;
    r.model = model;
    r.endpoint = endpoint;
    r.modality = endpoint == Domain::Endpoint::Embeddings ? Domain::Modality::Embedding
                                                          : Domain::Modality::Chat;
    r.usesTools = shape.usesTools;
    r.vision = shape.vision;
    r.responseFormat = shape.jsonSchema ? Format::JsonSchema
        : shape.jsonObject              ? Format::JsonObject
                                        : Format::None;
    // As the gateway's intake finds it (R-XLAT-3): a chat body's JSON response format is the
    // field the messages API cannot carry. Other such fields are not kept by the receipt.
    if (Domain::bodyEndpoint(endpoint) == Domain::Endpoint::ChatCompletions
        && r.responseFormat != Format::None)
        r.notCarried = u"response_format"_s;
    r.contextTokens = shape.contextTokens;
    r.maxOutputTokens = shape.maxOutputTokens;
    if (!regionHeader.isEmpty())
        r.regionHeaderLines = { regionHeader };
    r.stream = stream;
    r.keyId = keyId;
    r.projectId = projectId;
    return r;
}

} // namespace Routing
