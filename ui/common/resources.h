#pragma once

namespace Ui {

// Registers resources/ui.qrc (icons) of the static library; call once before building widgets.
void initResources();

} // namespace Ui
