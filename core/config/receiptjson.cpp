#include "receiptjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Config {
namespace {

QJsonValue optionalMs(qint64 ms)
{
    return ms < 0 ? QJsonValue(QJsonValue::Null) : QJsonValue(ms);
}

// A fact in its language-free form (docs/receipt-json.md); "" when it does not apply.
QJsonValue factJson(const Domain::Fact &f)
{
    if (f.isEmpty())
        return QString();
    return Domain::factToJson(f);
}

QJsonObject attemptToJson(const Domain::Attempt &a)
{
    return {
        { u"index"_s, a.index },
        { u"model"_s, a.model },
        { u"deployment"_s, a.deployment },
        { u"connection"_s, a.connection },
        { u"upstreamModel"_s, a.upstreamModel },
        { u"region"_s, a.region },
        { u"wait"_s,
          QJsonObject { { u"ms"_s, a.waitMs }, { u"reason"_s, Domain::toString(a.waitReason) } } },
        { u"startOffsetMs"_s, a.startOffsetMs },
        { u"httpStatus"_s, a.httpStatus },
        { u"transportFailure"_s, Domain::toString(a.transportError.failure) },
        { u"transportError"_s, scrubSecrets(a.transportError.detail) },
        { u"errorClass"_s, Domain::toString(a.errorClass) },
        { u"served"_s, a.served },
        { u"retryable"_s, a.retryable },
        { u"decision"_s, factJson(a.decision) },
        { u"latencyMs"_s, a.latencyMs },
        { u"bytesSent"_s, a.bytesSent },
        { u"bytesReceived"_s, a.bytesReceived },
        { u"fallback"_s, a.fallback },
        { u"hold"_s, QJsonObject { { u"amount"_s, a.holdAmount }, { u"kept"_s, a.holdKept } } },
        { u"translation"_s, Domain::toString(a.translation) },
    };
}

QJsonObject skipToJson(const Domain::Skip &s)
{
    return {
        { u"model"_s, s.model },
        { u"candidate"_s, s.candidate },
        { u"connection"_s, s.connection },
        { u"reason"_s, Domain::toString(s.reason) },
        { u"level"_s, Domain::toString(s.level) },
        { u"detail"_s, factJson(s.detail) },
    };
}

// Facts only (docs/sessions.md): the class, the signals as counts, no prompt text.
QJsonObject sessionToJson(const Domain::SessionVerdict &s)
{
    return {
        { u"mode"_s, Domain::toString(s.mode) },
        { u"taskClass"_s, Domain::toString(s.taskClass) },
        { u"signals"_s, s.signals },
        { u"suggestedModel"_s, s.suggestedModel },
        { u"projectedSaving"_s, s.projectedSaving },
        { u"accepted"_s, s.accepted },
    };
}

// What the planner read of the body, flags and sizes only (the impact preview replays it).
QJsonObject requestToJson(const Domain::RequestShape &q)
{
    const QString format = q.jsonSchema ? u"json_schema"_s
        : q.jsonObject                  ? u"json_object"_s
                                        : u"none"_s;
    return { { u"tools"_s, q.usesTools },
             { u"vision"_s, q.vision },
             { u"responseFormat"_s, format },
             { u"contextTokens"_s, q.contextTokens },
             { u"maxOutputTokens"_s, q.maxOutputTokens } };
}

} // namespace

QString scrubSecrets(const QString &text)
{
    if (text.isEmpty())
        return text;
    static const QRegularExpression patterns[] = {
        QRegularExpression(u"(?i)(bearer\\s+)[A-Za-z0-9._~+/=-]+"_s),
        QRegularExpression(u"(?i)((?:api[-_]?key|x-api-key|authorization)\\s*[:=]\\s*\"?)"
                           u"(?!bearer\\s|basic\\s)[^\\s\",;]+"_s),
        QRegularExpression(u"\\b(sk-|sb-)[A-Za-z0-9_-]{8,}"_s),
    };
    QString out = text;
    for (const QRegularExpression &re : patterns)
        out.replace(re, u"\\1[redacted]"_s);
    return out;
}

QJsonObject receiptToJson(const Domain::Receipt &r)
{
    QJsonArray attempts;
    for (const Domain::Attempt &a : r.attempts)
        attempts.append(attemptToJson(a));
    QJsonArray skips;
    for (const Domain::Skip &s : r.skips)
        skips.append(skipToJson(s));
    QJsonObject o {
        { u"schema"_s, QString::fromLatin1(kReceiptSchema) },
        { u"requestId"_s, r.requestId },
        { u"startedAt"_s, r.startedAt.toUTC().toString(Qt::ISODateWithMs) },
        { u"endpoint"_s, Domain::toString(r.endpoint) },
        { u"kind"_s, Domain::toString(r.kind) },
        { u"stream"_s, r.stream },
        { u"keyId"_s, r.keyId },
        { u"projectId"_s, r.projectId },
        { u"model"_s,
          QJsonObject { { u"asked"_s, r.modelAsked },
                        { u"alias"_s, r.alias },
                        { u"aliasDeprecation"_s, r.aliasDeprecation },
                        { u"resolved"_s, r.modelResolved },
                        { u"served"_s, r.modelServed } } },
        { u"servedBy"_s, r.servedBy },
        { u"fallback"_s,
          QJsonObject { { u"model"_s, r.fallbackModel },
                        { u"reason"_s, factJson(r.fallbackReason) } } },
        { u"regionHeader"_s, r.regionHeader },
        { u"request"_s, requestToJson(r.request) },
        { u"outcome"_s,
          QJsonObject { { u"httpStatus"_s, r.httpStatus },
                        { u"statusClass"_s, Domain::toString(r.statusClass) },
                        { u"errorCode"_s, r.errorCode },
                        { u"errorMessage"_s, scrubSecrets(r.errorMessage) },
                        { u"errorClass"_s, Domain::toString(r.errorClass) } } },
        { u"attempts"_s, attempts },
        { u"skips"_s, skips },
        { u"usage"_s,
          QJsonObject { { u"inputTokens"_s, r.usage.inputTokens },
                        { u"outputTokens"_s, r.usage.outputTokens } } },
        { u"cost"_s, r.cost },
        { u"holdTotal"_s, r.holdTotal },
        { u"charged"_s, r.charged },
        { u"latencyMs"_s, r.latencyMs },
        { u"firstByteMs"_s, optionalMs(r.firstByteMs) },
        { u"instance"_s, r.instance },
    };
    // Only on a receipt whose call applied a ZDR or no-training rule (SPEC §2 step 9).
    if (!r.listings.isEmpty())
        o.insert(u"listings"_s, Domain::listingTimesToJson(r.listings));
    // Only on a call classified for a mixed-model session (Shadow or Suggest).
    if (r.session.classified())
        o.insert(u"session"_s, sessionToJson(r.session));
    return o;
}

QByteArray receiptToJsonText(const Domain::Receipt &receipt)
{
    return QJsonDocument(receiptToJson(receipt)).toJson(QJsonDocument::Indented);
}

} // namespace Config
