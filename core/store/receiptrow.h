#pragma once

#include "domain/receipt.h"

#include <QDateTime>
#include <QMetaType>
#include <QString>
#include <QVariant>
#include <optional>

namespace Store {

// Filters of the Calls view; all applied in SQL, all optional (empty / nullopt / invalid = no
// filter).
struct ReceiptFilter
{
    QString model; // matches modelAsked, modelResolved or modelServed
    QString servedBy; // connection
    std::optional<Domain::StatusClass> statusClass;
    std::optional<Domain::ErrorClass> errorClass;
    QDateTime from, to; // startedAt range (UTC, from inclusive, to exclusive), open when invalid
    QString requestId; // exact
    std::optional<Domain::Endpoint> endpoint; // the endpoint the call arrived on
    std::optional<Domain::CallKind> kind; // a caller's call, a probe or a rehearsal
    QString instance; // exact: the gateway instance that stored the receipt

    bool operator==(const ReceiptFilter &) const = default;
};

// The order of the Calls table: newest first unless the user clicks a column header. Every key but
// Time walks a (column, id) index; ties are broken by id in the same direction, and NULLs (a failed
// call has no served model) come last newest-first and first oldest-first, as SQLite orders them.
struct ReceiptSort
{
    enum class Key { Time, ModelAsked, ModelServed, Status, Attempts, ServedBy, Latency };
    Key key = Key::Time;
    bool descending = true;

    bool isNewestFirst() const { return key == Key::Time && descending; }
    bool operator==(const ReceiptSort &) const = default;
};

// Where a sorted page ended: the sort column's stored value (a null QVariant for NULL) and the id.
struct ReceiptCursor
{
    QVariant key;
    qint64 rowId = 0;
};

// A row of the Calls table: the receipt without attempts and skips.
struct ReceiptRow
{
    qint64 rowId = 0;
    QString requestId;
    QDateTime startedAt; // UTC
    QString modelAsked;
    QString alias;
    QString modelResolved;
    QString modelServed;
    QString servedBy;
    int httpStatus = 0;
    QString errorCode;
    Domain::ErrorClass errorClass = Domain::ErrorClass::None;
    Domain::StatusClass statusClass = Domain::StatusClass::Ok;
    int attempts = 0;
    qint64 latencyMs = 0;
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;
    double cost = 0.0;
    bool stream = false;
    Domain::CallKind kind = Domain::CallKind::Call;
    QString instance; // the gateway instance that stored it; empty on older receipts

    static ReceiptRow fromReceipt(const Domain::Receipt &r);
    bool operator==(const ReceiptRow &) const = default;
};

} // namespace Store

Q_DECLARE_METATYPE(Store::ReceiptRow)
