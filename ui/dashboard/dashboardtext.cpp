#include "dashboardtext.h"

#include "common/format.h"
#include "common/tr.h"

#include <QtGlobal>

namespace Ui::Dashboard {

QString money(double usd)
{
    const int decimals = usd != 0 && qAbs(usd) < 1 ? 4 : 2;
    return moneyPattern().arg(Common::number(usd, decimals));
}

QString moneyPattern()
{
    return Tr::tr("$%1");
}

QString percent(double fraction)
{
    return Tr::tr("%1 %").arg(Common::number(100.0 * fraction, 1));
}

} // namespace Ui::Dashboard
