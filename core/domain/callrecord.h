#pragma once

#include "callerror.h"
#include "receipt.h"
#include "workspace.h"

#include <QVarLengthArray>
#include <memory>

namespace Domain {

// A fact of fixed size, as the gateway thread records it: a code and one argument whose meaning
// the code decides (an HTTP status, an ErrorClass, or a model's index in the call's snapshot).
// toFact() turns it into the open-ended Fact a receipt stores.
struct ShortFact
{
    FactCode code = FactCode::None;
    qint32 arg = 0;

    bool isEmpty() const { return code == FactCode::None; }
    bool operator==(const ShortFact &) const = default;
};

// What followed an attempt: attempt_retried(status_transient(503)), attempt_final_gave_up(why,
// no_attempt_left), …
struct AttemptNote
{
    FactCode code = FactCode::None;
    ShortFact why; // how the attempt was classified
    ShortFact gaveUp; // attempt_final_gave_up only: why the call gave up

    bool isEmpty() const { return code == FactCode::None; }
    bool operator==(const AttemptNote &) const = default;
};

// A model's index in `ws.models`, -1 when it is not there.
qint32 modelIndex(const Workspace &ws, const QString &name);
Fact toFact(const ShortFact &f, const Workspace &ws);
Fact toFact(const AttemptNote &note, const Workspace &ws);

// One upstream try, by indices into the call's snapshot: the candidate's plan model, its serving
// (deployment) model and the offering of that model it went to. Plain and of fixed size but for
// the transport's detail, which is empty unless the transport failed.
struct AttemptRecord
{
    qint16 model = -1;
    qint16 deployment = -1;
    qint16 offering = -1;
    qint16 index = 0; // 1-based
    qint16 httpStatus = 0;
    WaitReason waitReason = WaitReason::None;
    ErrorClass errorClass = ErrorClass::None;
    TransportFailure transportFailure = TransportFailure::None;
    bool served = false;
    bool retryable = false;
    bool fallback = false;
    bool holdKept = false;
    ApiTranslation translation = ApiTranslation::None;
    qint32 waitMs = 0;
    qint32 startOffsetMs = 0;
    qint32 latencyMs = 0;
    qint64 bytesSent = 0;
    qint64 bytesReceived = 0;
    double holdAmount = 0.0;
    AttemptNote decision;
    QString transportDetail;
};

// The record of one call as the gateway thread keeps it (R-RCPT-*): indices into the snapshot,
// times in ms, counters and codes, and only the strings a caller sent or an upstream answered.
// The receipt writer's thread turns it into a Receipt (toReceipt()) and its text. A receipt made
// elsewhere (tests, the studio) travels whole in `given`.
struct CallRecord
{
    CallRecord() = default;
    // A receipt made whole elsewhere; toReceipt() gives it back as it is.
    static CallRecord of(Receipt receipt);

    WorkspaceSnapshot ws; // what the indices point into
    QString requestId;
    qint64 startedAtMs = 0; // UTC, ms since the epoch
    Endpoint endpoint = Endpoint::ChatCompletions;
    CallKind kind = CallKind::Call; // a receipt made elsewhere (`given`) has its own copied here
    bool stream = false;
    qint16 key = -1; // in ws->keys
    qint16 modelServed = -1; // in ws->models

    qint16 fallbackModel = -1;
    qint16 servedBy = -1; // in ws->connections
    QString modelAsked; // as the caller wrote it
    QString modelResolved; // after alias resolution, whether the workspace has it or not
    QString alias; // the alias, if one was named
    QString aliasDeprecation;
    QString regionHeader; // raw x-gateway-model-regions value
    ShortFact fallbackReason;
    qint16 httpStatus = 0;
    ErrorClass errorClass = ErrorClass::None;
    StatusClass statusClass = StatusClass::Ok;
    CallError error; // none on success; its text is made by toReceipt()
    QVarLengthArray<AttemptRecord, 1> attempts;
    QList<Skip> skips; // shared with the route's plan while nothing was cooling: not copied
    Usage usage;
    double cost = 0.0;
    double holdTotal = 0.0;
    // What the call is charged against its key's and project's budgets (R-BILL-2, R-BILL-3).
    double charged = 0.0;
    // A hold row of this request id is in the store (spend_hold): deleted with the receipt.
    bool holdStored = false;
    qint32 latencyMs = 0;
    qint32 firstByteMs = -1;
    std::shared_ptr<const Receipt> given;
    // Mixed-model sessions: the classification (its signals worded by toReceipt()), the suggested
    // model in ws->models (-1: none) and the projected saving; mode Off: not classified.
    SessionMode sessionMode = SessionMode::Off;
    bool suggestionAccepted = false;
    qint16 suggestedModel = -1;
    Classification classification;
    double projectedSaving = 0.0;
    RequestShape request; // what the planner read of the body (the impact preview replays it)

    Receipt toReceipt() const;
    QString servedByName() const; // the connection's name, "" when none
    // The connection an attempt went to, by name; "" when the snapshot does not have it.
    QString connectionOf(const AttemptRecord &a) const;
};

} // namespace Domain
