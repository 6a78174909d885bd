#include "resources.h"

#include <QtGlobal>

// Q_INIT_RESOURCE must be called outside any namespace.
static void initUiQrc()
{
    Q_INIT_RESOURCE(ui);
}

namespace Ui {

void initResources()
{
    initUiQrc();
}

} // namespace Ui
