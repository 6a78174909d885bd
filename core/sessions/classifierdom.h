#pragma once

#include "sessions/classifier.h"

#include <simdjson.h>

// For a caller that already holds the body parsed by simdjson (the gateway reads a body's fields
// for routing with its own parser): the same signals as measure(body bytes), without parsing the
// bytes a second time. Includes simdjson: only for targets that link it.
namespace Sessions {

Signals measure(simdjson::dom::object body, Domain::Endpoint endpoint);

} // namespace Sessions
