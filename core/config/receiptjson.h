#pragma once

#include "domain/receipt.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace Config {

// The receipt as JSON in the stable schema of docs/receipt-json.md ("switchboard.receipt/1"): every
// key always present, enums by their wire names, times as ISO 8601 UTC. Receipts hold no secrets
// (keys appear by id only); free-text fields that quote an upstream are still scrubbed of anything
// shaped like a credential, since upstream error bodies sometimes echo request headers (R-SEC-3).
QJsonObject receiptToJson(const Domain::Receipt &receipt);
QByteArray receiptToJsonText(const Domain::Receipt &receipt); // indented, for the clipboard

// Masks bearer tokens, "sk-…"-style keys and api-key/authorization values in free text.
QString scrubSecrets(const QString &text);

inline constexpr auto kReceiptSchema = "switchboard.receipt/1";

} // namespace Config
