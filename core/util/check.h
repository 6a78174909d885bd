#pragma once

#include <QtGlobal>

namespace Util {

// Reports a broken invariant: asserts in a debug build; in a release build logs it (category
// sb.check, with the condition and where) so that the caller can recover.
void checkFailed(const char *condition, const char *file, int line);

} // namespace Util

// Qt Creator's QTC_ASSERT: `SB_CHECK(m, return refusal());` states an invariant that the code
// relies on (an entity a validated snapshot must hold). A debug build stops at it; a release build
// logs it and runs `action`, which recovers with a clear error instead of crashing the gateway.
#define SB_CHECK(cond, action)                                                                     \
    if (Q_LIKELY(cond)) {                                                                          \
    } else {                                                                                       \
        Util::checkFailed(#cond, __FILE__, __LINE__);                                              \
        action;                                                                                    \
    }                                                                                              \
    do {                                                                                           \
    } while (false)
