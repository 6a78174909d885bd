#pragma once

#include <QLoggingCategory>

namespace Ui {
Q_DECLARE_LOGGING_CATEGORY(lcUi)
}
