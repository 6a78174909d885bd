#pragma once

#include "domain/enums.h"

#include <array>

namespace Routing {

// Every decision of a CallRouter, counted (Envoy). The gateway adds them up for /metrics (R-OBS-1).
struct RouterStats
{
    int attempts = 0; // attempts decided (first attempts included)
    int retries = 0; // attempts after the first
    int fallbacks = 0; // attempts on a fallback model
    int waits = 0; // attempts preceded by a wait
    int cooldownsStarted = 0; // failures that started or extended a cooldown
    int served = 0;
    int stopped = 0; // calls ended with an error
    std::array<int, 11> skipsByReason {}; // indexed by int(Domain::SkipReason)

    int skips(Domain::SkipReason reason) const { return skipsByReason[std::size_t(reason)]; }
    RouterStats &operator+=(const RouterStats &other);
};

} // namespace Routing
