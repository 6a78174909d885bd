// Gateway::parseCall on a caller's request (R-API-*): any body on each endpoint, with the region
// header lines the caller sent, then the region header parsed as the router does. Checks that a
// call is either refused with a 400 naming invalid_request (or, on /v1/responses,
// unsupported_parameter: R-RESP-2) or summarised with the body's model (a Responses body as the
// chat-completions JSON it became), and
// that simdjson's summary of a body (the hot path) never takes a body QJsonDocument refuses and
// always equals QJsonDocument's (the reference).
//
// Input: the body, then (from the end) the endpoint and up to 3 x-gateway-model-regions lines
// (before the body, separated from it by a NUL byte; none when there is no NUL).

#include "fuzzsupport.h"
#include "gateway/requestintake.h"
#include "routing/regionheader.h"

#include <QJsonDocument>
#include <fuzzer/FuzzedDataProvider.h>

using namespace Qt::StringLiterals;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Fuzz::quietQt();
    FuzzedDataProvider fdp(data, size);
    const auto endpoint = Domain::Endpoint(fdp.ConsumeIntegralInRange<int>(0, 3));
    const std::string rest = fdp.ConsumeRemainingBytesAsString();
    QByteArray bytes(rest.data(), qsizetype(rest.size()));

    Gateway::HttpRequest request;
    request.method = "POST";
    request.path = "/v1/chat/completions";
    request.headers.append(qMakePair(QByteArray("content-type"), QByteArray("application/json")));
    if (const qsizetype nul = bytes.indexOf('\0'); nul >= 0) {
        for (const QByteArray &line : bytes.left(nul).split('\n').mid(0, 3))
            request.headers.append(qMakePair(QByteArray("x-gateway-model-regions"), line));
        bytes.remove(0, nul + 1);
    }
    request.body = bytes;

    Domain::Key key;
    key.id = u"key_fuzz"_s;
    key.project = u"proj_fuzz"_s;
    const std::optional<Gateway::BodySummary> fast = Gateway::scanRequest(bytes);
    const auto reference = Gateway::summariseBody(bytes);
    const auto *slow = std::get_if<Gateway::BodySummary>(&reference);
    if (fast) {
        FUZZ_CHECK(slow);
        FUZZ_CHECK(*fast == *slow);
    }
    const auto parsed = Gateway::parseCall(request, endpoint, key);
    const bool responses = endpoint == Domain::Endpoint::Responses;
    if (const auto *error = std::get_if<Gateway::IntakeError>(&parsed)) {
        FUZZ_CHECK(error->status == 400
                   && (error->code == u"invalid_request"_s
                       || (responses && error->code == u"unsupported_parameter"_s)));
        return 0;
    }
    const Gateway::CallInput &in = std::get<Gateway::CallInput>(parsed);
    if (responses) {
        FUZZ_CHECK(!in.summary.model.isEmpty());
        FUZZ_CHECK(QJsonDocument::fromJson(in.bodyBytes).isObject());
        (void)Routing::parseRegionHeader(in.summary.regionHeaderLines);
        return 0;
    }
    FUZZ_CHECK(slow && !slow->model.isEmpty() && in.summary.model == slow->model);
    FUZZ_CHECK(in.summary.requiredFields == slow->requiredFields);
    FUZZ_CHECK(in.summary.keyId == key.id);
    (void)Routing::parseRegionHeader(in.summary.regionHeaderLines);
    return 0;
}
