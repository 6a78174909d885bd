#include "check.h"

#include <QLoggingCategory>

namespace Util {
namespace {

Q_LOGGING_CATEGORY(lcCheck, "sb.check")

} // namespace

void checkFailed(const char *condition, const char *file, int line)
{
    qCCritical(lcCheck, "broken invariant \"%s\" at %s:%d", condition, file, line);
    Q_ASSERT_X(false, condition, "SB_CHECK");
}

} // namespace Util
