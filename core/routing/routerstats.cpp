#include "routerstats.h"

namespace Routing {

RouterStats &RouterStats::operator+=(const RouterStats &o)
{
    attempts += o.attempts;
    retries += o.retries;
    fallbacks += o.fallbacks;
    waits += o.waits;
    cooldownsStarted += o.cooldownsStarted;
    served += o.served;
    stopped += o.stopped;
    for (std::size_t i = 0; i < skipsByReason.size(); ++i)
        skipsByReason[i] += o.skipsByReason[i];
    return *this;
}

} // namespace Routing
