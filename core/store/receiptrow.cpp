#include "receiptrow.h"

namespace Store {

ReceiptRow ReceiptRow::fromReceipt(const Domain::Receipt &r)
{
    ReceiptRow row;
    row.rowId = r.rowId;
    row.requestId = r.requestId;
    row.startedAt = r.startedAt;
    row.modelAsked = r.modelAsked;
    row.alias = r.alias;
    row.modelResolved = r.modelResolved;
    row.modelServed = r.modelServed;
    row.servedBy = r.servedBy;
    row.httpStatus = r.httpStatus;
    row.errorCode = r.errorCode;
    row.errorClass = r.errorClass;
    row.statusClass = r.statusClass;
    row.attempts = int(r.attempts.size());
    row.latencyMs = r.latencyMs;
    row.inputTokens = r.usage.inputTokens;
    row.outputTokens = r.usage.outputTokens;
    row.cost = r.cost;
    row.stream = r.stream;
    row.kind = r.kind;
    row.instance = r.instance;
    return row;
}

} // namespace Store
