#include "logging.h"

namespace Config {
Q_LOGGING_CATEGORY(lcConfig, "sb.config")
}
