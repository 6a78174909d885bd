#include "callrecord.h"

#include "listing.h"

namespace Domain {

qint32 modelIndex(const Workspace &ws, const QString &name)
{
    const Model *m = ws.model(name);
    return m ? qint32(m - ws.models.constData()) : -1;
}

Fact toFact(const ShortFact &f, const Workspace &ws)
{
    switch (f.code) {
    case FactCode::None:
        return {};
    case FactCode::TransportTransient:
        return fact(f.code, { toString(ErrorClass(f.arg)) });
    case FactCode::StatusTransient:
    case FactCode::CredentialRejected:
    case FactCode::CallerError:
        return fact(f.code, { qint64(f.arg) });
    case FactCode::NoCandidateLeft:
    case FactCode::AllCoolingDown:
        return fact(
            f.code,
            { f.arg >= 0 && f.arg < ws.models.size() ? ws.models.at(f.arg).name : QString() });
    default:
        return fact(f.code);
    }
}

Fact toFact(const AttemptNote &note, const Workspace &ws)
{
    if (note.isEmpty())
        return {};
    std::vector<Fact> causes { toFact(note.why, ws) };
    if (!note.gaveUp.isEmpty())
        causes.push_back(toFact(note.gaveUp, ws));
    return fact(note.code, {}, std::move(causes));
}

CallRecord CallRecord::of(Receipt receipt)
{
    CallRecord r;
    r.requestId = receipt.requestId;
    r.kind = receipt.kind;
    r.given = std::make_shared<const Receipt>(std::move(receipt));
    return r;
}

namespace {

QString modelName(const Workspace *ws, qint16 i)
{
    return ws && i >= 0 && i < ws->models.size() ? ws->models.at(i).name : QString();
}

} // namespace

QString CallRecord::servedByName() const
{
    if (given)
        return given->servedBy;
    return ws && servedBy >= 0 && servedBy < ws->connections.size()
        ? ws->connections.at(servedBy).name
        : QString();
}

QString CallRecord::connectionOf(const AttemptRecord &a) const
{
    if (!ws || a.deployment < 0 || a.deployment >= ws->models.size())
        return {};
    const Model &serving = ws->models.at(a.deployment);
    return a.offering >= 0 && a.offering < serving.offerings.size()
        ? serving.offerings.at(a.offering).connection
        : QString();
}

Receipt CallRecord::toReceipt() const
{
    if (given)
        return *given;
    const Workspace *w = ws.get();
    Receipt r;
    r.requestId = requestId;
    r.startedAt = QDateTime::fromMSecsSinceEpoch(startedAtMs, Qt::UTC);
    r.endpoint = endpoint;
    r.kind = kind;
    r.stream = stream;
    if (w && key >= 0 && key < w->keys.size()) {
        r.keyId = w->keys.at(key).id;
        r.projectId = w->keys.at(key).project;
    }
    r.modelAsked = modelAsked;
    r.alias = alias;
    r.aliasDeprecation = aliasDeprecation;
    r.modelResolved = modelResolved;
    r.modelServed = modelName(w, modelServed);
    r.servedBy = servedByName();
    r.fallbackModel = modelName(w, fallbackModel);
    if (w)
        r.fallbackReason = toFact(fallbackReason, *w);
    r.regionHeader = regionHeader;
    r.httpStatus = httpStatus;
    r.errorCode = error.codeText();
    r.errorMessage = error.message();
    r.errorClass = errorClass;
    r.statusClass = statusClass;
    r.attempts.reserve(attempts.size());
    for (const AttemptRecord &a : attempts) {
        Attempt &out = r.attempts.emplaceBack();
        out.index = a.index;
        out.model = modelName(w, a.model);
        if (w && a.deployment >= 0 && a.deployment < w->models.size()) {
            const Model &serving = w->models.at(a.deployment);
            out.deployment = serving.name;
            if (a.offering >= 0 && a.offering < serving.offerings.size()) {
                const Offering &o = serving.offerings.at(a.offering);
                out.connection = o.connection;
                out.upstreamModel = o.upstreamModel;
                out.region = w->servingRegion(serving, o);
            }
        }
        out.waitMs = a.waitMs;
        out.waitReason = a.waitReason;
        out.startOffsetMs = a.startOffsetMs;
        out.httpStatus = a.httpStatus;
        out.transportError = { a.transportFailure, a.transportDetail };
        out.errorClass = a.errorClass;
        out.served = a.served;
        out.retryable = a.retryable;
        if (w)
            out.decision = toFact(a.decision, *w);
        out.latencyMs = a.latencyMs;
        out.bytesSent = a.bytesSent;
        out.bytesReceived = a.bytesReceived;
        out.fallback = a.fallback;
        out.holdAmount = a.holdAmount;
        out.holdKept = a.holdKept;
        out.translation = a.translation;
    }
    r.skips = skips;
    r.usage = usage;
    r.cost = cost;
    r.holdTotal = holdTotal;
    r.charged = charged;
    r.latencyMs = latencyMs;
    r.firstByteMs = firstByteMs;
    if (w) {
        const Key *k = key >= 0 && key < w->keys.size() ? &w->keys.at(key) : nullptr;
        r.listings = judgedListings(*w, k, r);
    }
    if (sessionMode != SessionMode::Off) {
        r.session.mode = sessionMode;
        r.session.taskClass = classification.taskClass;
        if (w)
            r.session.signals = decidingSignals(classification, w->classifierRules);
        r.session.suggestedModel = modelName(w, suggestedModel);
        r.session.projectedSaving = projectedSaving;
        r.session.accepted = suggestionAccepted;
    }
    r.request = request;
    return r;
}

} // namespace Domain
