#include "net/log.h"

namespace Gateway {
Q_LOGGING_CATEGORY(lcGateway, "sb.gateway")
} // namespace Gateway
