#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace Domain {

// What an upstream said in its error body, read in one place for the classifier (pass-through,
// R-ERR-1), the content-refusal check (R-REC-8) and a stream's error event (R-STR-*).
// Shapes: OpenAI {"error":{"message","type","code"}}, a bare {"error":"message"}, and Anthropic
// {"type":"error","error":{"type","message"}}.
struct UpstreamError
{
    QString code; // empty when absent or null
    QString type; // likewise
    QString message;

    bool operator==(const UpstreamError &) const = default;
};

// From a parsed document's root object; all empty when it holds no error.
UpstreamError upstreamErrorFrom(const QJsonObject &root);
// From a body; all empty when it is not JSON or holds no error.
UpstreamError parseUpstreamError(const QByteArray &body);

} // namespace Domain
