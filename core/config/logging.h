#pragma once

#include <QLoggingCategory>

namespace Config {
Q_DECLARE_LOGGING_CATEGORY(lcConfig)
}
