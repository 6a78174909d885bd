#pragma once

#include <QCoreApplication>

namespace Config {

// One translation context for the module (STYLE.md): validation messages and change-list lines are
// user-facing text, translated where they are produced (R-UI-9).
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Config)
};

} // namespace Config
