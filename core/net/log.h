#pragma once

#include <QLoggingCategory>

namespace Gateway {
Q_DECLARE_LOGGING_CATEGORY(lcGateway)
} // namespace Gateway
