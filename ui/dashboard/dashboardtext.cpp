#include "dashboardtext.h"

#include "common/format.h"
#include "common/tr.h"

#include <QtGlobal>

namespace Ui::Dashboard {

QString money(double usd)
{
    return Common::money(usd, 1.0); // the window's costs are small: cents show in 4 decimals
}

QString percent(double fraction)
{
    return Tr::tr("%1 %").arg(Common::number(100.0 * fraction, 1));
}

} // namespace Ui::Dashboard
