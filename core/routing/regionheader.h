#pragma once

#include "util/result.h"

#include <QStringList>
#include <optional>

namespace Routing {

// Parses the x-gateway-model-regions header lines into one list (R-REG-6): several lines form one
// list, spaces around commas are ignored, names are 1–64 of letters, digits, '-', '_', at most 32
// (duplicates count), matched case-sensitively. nullopt = no header. Error code
// "invalid_region_header" (HTTP 400) with messages exactly:
//   x-gateway-model-regions: invalid region name "eu.west.1"
//   x-gateway-model-regions: more than 32 names
//   x-gateway-model-regions: empty value
//   x-gateway-model-regions: empty element
Util::Result<std::optional<QStringList>> parseRegionHeader(const QStringList &headerLines);

} // namespace Routing
