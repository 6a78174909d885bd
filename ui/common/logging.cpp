#include "logging.h"

namespace Ui {
Q_LOGGING_CATEGORY(lcUi, "sb.ui")
}
