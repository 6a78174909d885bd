#include "net/openfilelimit.h"

#include "net/log.h"

#include <limits>
#include <sys/resource.h>

namespace Gateway {

OpenFileLimit raiseOpenFileLimit()
{
    rlimit r {};
    if (::getrlimit(RLIMIT_NOFILE, &r) != 0)
        return {};
    if (r.rlim_cur < r.rlim_max) {
        const rlim_t before = r.rlim_cur;
        r.rlim_cur = r.rlim_max;
        if (::setrlimit(RLIMIT_NOFILE, &r) != 0)
            r.rlim_cur = before;
    }
    const auto clamp = [](rlim_t v) {
        return v == RLIM_INFINITY ? std::numeric_limits<qint64>::max() : qint64(v);
    };
    const OpenFileLimit limit { clamp(r.rlim_cur), clamp(r.rlim_max) };
    static bool warned = false;
    if (limit.soft < kNeededOpenFiles && !warned) {
        warned = true;
        qCWarning(lcGateway).nospace()
            << "open-file limit is " << limit.soft << " (hard " << limit.hard << "), below the "
            << kNeededOpenFiles << " that " << kIntendedMaxConnections
            << " caller connections need; raise the hard limit (ulimit -Hn, LimitNOFILE=)";
    }
    return limit;
}

int connectionLimit(int configured)
{
    const OpenFileLimit limit = raiseOpenFileLimit();
    if (limit.soft < 0)
        return configured;
    const qint64 fits = qMax<qint64>(1, (limit.soft - 64) / 2);
    if (configured <= fits)
        return configured;
    qCWarning(lcGateway).nospace() << "caller connection limit lowered from " << configured
                                   << " to " << fits << ": the open-file limit is " << limit.soft;
    return int(fits);
}

} // namespace Gateway
