#pragma once

#include <QCoreApplication>

namespace Ui {

// One translation context for the studio (Qt Creator style, STYLE.md).
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Ui)
};

} // namespace Ui
