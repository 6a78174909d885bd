#pragma once

#include <QCoreApplication>

namespace Routing {

// One translation context for every user-facing text of the routing core (STYLE.md).
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Routing)
};

} // namespace Routing
