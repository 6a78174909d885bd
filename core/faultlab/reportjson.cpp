#include "faultlab/faultlab.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace FaultLab {
namespace {

constexpr int kFormatVersion = 1;

QJsonObject checkJson(const Check &c)
{
    return { { u"rule"_s, ruleCode(c.rule) }, { u"spec"_s, c.specId() },
             { u"text"_s, ruleText(c.rule) }, { u"passed"_s, c.passed },
             { u"expected"_s, c.expected },   { u"observed"_s, c.observed } };
}

QJsonObject seenJson(const CallerView &s)
{
    QJsonObject headers;
    for (const auto &h : s.headers)
        headers.insert(h.first, h.second);
    QJsonObject o { { u"status"_s, s.status },
                    { u"errorCode"_s, s.errorCode },
                    { u"headers"_s, headers },
                    { u"model"_s, s.model },
                    { u"stream"_s, s.stream } };
    if (s.stream) {
        o.insert(u"events"_s, s.events);
        o.insert(u"errorEvent"_s, s.errorEventCode);
        o.insert(u"done"_s, s.doneSeen);
    }
    if (!s.transportError.isEmpty())
        o.insert(u"transportError"_s, s.transportError);
    return o;
}

QJsonObject resultJson(const CaseResult &r)
{
    QJsonArray checks;
    for (const Check &c : r.checks)
        checks.append(checkJson(c));
    QJsonArray waits;
    for (qint64 w : r.waitsMs)
        waits.append(w);
    QJsonObject o { { u"case"_s, r.testCase.id() },
                    { u"failure"_s, Domain::toString(r.testCase.failure) },
                    { u"stream"_s, r.testCase.stream },
                    { u"scope"_s,
                      r.testCase.scope == Scope::FirstTried ? u"first_tried"_s
                                                            : u"every_deployment"_s },
                    { u"passed"_s, r.passed() },
                    { u"seen"_s, seenJson(r.seen) },
                    { u"requestId"_s, r.requestId },
                    { u"attempts"_s, r.attempts },
                    { u"waitsMs"_s, waits },
                    { u"elapsedMs"_s, r.elapsedMs },
                    { u"servedBy"_s, r.servedBy },
                    { u"servedDeployment"_s, r.servedDeployment },
                    { u"fallbackModel"_s, r.fallbackModel },
                    { u"checks"_s, checks } };
    if (!r.error.isEmpty())
        o.insert(u"error"_s, r.error);
    return o;
}

CallerView seenFrom(const QJsonObject &o)
{
    CallerView s;
    s.status = o.value(u"status"_s).toInt();
    s.errorCode = o.value(u"errorCode"_s).toString();
    const QJsonObject headers = o.value(u"headers"_s).toObject();
    for (auto it = headers.begin(); it != headers.end(); ++it)
        s.headers.append({ it.key(), it.value().toString() });
    s.model = o.value(u"model"_s).toString();
    s.stream = o.value(u"stream"_s).toBool();
    s.events = o.value(u"events"_s).toInt();
    s.errorEventCode = o.value(u"errorEvent"_s).toString();
    s.doneSeen = o.value(u"done"_s).toBool();
    s.transportError = o.value(u"transportError"_s).toString();
    return s;
}

std::optional<CaseResult> resultFrom(const QJsonObject &o)
{
    CaseResult r;
    const auto failure = Domain::simulatedFailureFromString(o.value(u"failure"_s).toString());
    if (!failure)
        return std::nullopt;
    r.testCase.failure = *failure;
    r.testCase.stream = o.value(u"stream"_s).toBool();
    r.testCase.scope = o.value(u"scope"_s).toString() == u"first_tried"_s ? Scope::FirstTried
                                                                          : Scope::EveryDeployment;
    r.seen = seenFrom(o.value(u"seen"_s).toObject());
    r.requestId = o.value(u"requestId"_s).toString();
    r.attempts = o.value(u"attempts"_s).toInt();
    for (const QJsonValue &w : o.value(u"waitsMs"_s).toArray())
        r.waitsMs << qint64(w.toDouble());
    r.elapsedMs = qint64(o.value(u"elapsedMs"_s).toDouble());
    r.servedBy = o.value(u"servedBy"_s).toString();
    r.servedDeployment = o.value(u"servedDeployment"_s).toString();
    r.fallbackModel = o.value(u"fallbackModel"_s).toString();
    r.error = o.value(u"error"_s).toString();
    for (const QJsonValue &v : o.value(u"checks"_s).toArray()) {
        const QJsonObject c = v.toObject();
        const auto rule = ruleFromCode(c.value(u"rule"_s).toString());
        if (!rule)
            return std::nullopt;
        r.checks.append({ *rule, c.value(u"passed"_s).toBool(), c.value(u"expected"_s).toString(),
                          c.value(u"observed"_s).toString() });
    }
    return r;
}

} // namespace

QJsonObject toJson(const Report &report)
{
    QJsonArray results;
    for (const CaseResult &r : report.results)
        results.append(resultJson(r));
    QJsonArray relaxed;
    for (Relaxation x : report.relaxed)
        relaxed.append(relaxationCode(x));
    QJsonObject o { { u"format"_s, u"switchboard-fault-lab"_s },
                    { u"version"_s, kFormatVersion },
                    { u"model"_s, report.model },
                    { u"key"_s, report.keyId },
                    { u"scale"_s, report.scale },
                    { u"minimumMs"_s, report.minimumMs },
                    { u"scaleNote"_s, scaleText(report.scale, report.minimumMs) },
                    { u"relaxed"_s, relaxed },
                    { u"passed"_s, report.passed() },
                    { u"failed"_s, report.failedCount() },
                    { u"elapsedMs"_s, report.elapsedMs },
                    { u"cancelled"_s, report.cancelled },
                    { u"results"_s, results } };
    if (!report.error.isEmpty())
        o.insert(u"error"_s, report.error);
    return o;
}

QByteArray toJsonBytes(const Report &report)
{
    return QJsonDocument(toJson(report)).toJson(QJsonDocument::Indented);
}

std::optional<Report> reportFromJson(const QJsonObject &o)
{
    if (o.value(u"format"_s).toString() != u"switchboard-fault-lab"_s
        || o.value(u"version"_s).toInt() != kFormatVersion)
        return std::nullopt;
    Report report;
    report.model = o.value(u"model"_s).toString();
    report.keyId = o.value(u"key"_s).toString();
    report.scale = o.value(u"scale"_s).toInt(20);
    report.minimumMs = o.value(u"minimumMs"_s).toInt(50);
    for (const QJsonValue &v : o.value(u"relaxed"_s).toArray()) {
        for (Relaxation x : { Relaxation::KeyBudget, Relaxation::KeyRateLimit,
                              Relaxation::KeySessions, Relaxation::ProjectBudget,
                              Relaxation::ProjectRateLimit, Relaxation::ProjectSessions }) {
            if (relaxationCode(x) == v.toString())
                report.relaxed << x;
        }
    }
    report.error = o.value(u"error"_s).toString();
    report.elapsedMs = qint64(o.value(u"elapsedMs"_s).toDouble());
    report.cancelled = o.value(u"cancelled"_s).toBool();
    for (const QJsonValue &v : o.value(u"results"_s).toArray()) {
        auto r = resultFrom(v.toObject());
        if (!r)
            return std::nullopt;
        report.results << *r;
    }
    return report;
}

} // namespace FaultLab
