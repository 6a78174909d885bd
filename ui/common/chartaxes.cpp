#include "chartaxes.h"

#include <QValueAxis>
#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Ui::Common {

void fitAmountAxis(QValueAxis *axis, double max, const QString &pattern, int maxIntervals)
{
    const double top = max > 0 ? max : 1.0;
    const double magnitude = std::pow(10.0, std::floor(std::log10(top / maxIntervals)));
    double step = magnitude * 10;
    for (const double factor : { 1.0, 2.0, 5.0 }) {
        if (magnitude * factor * maxIntervals >= top) {
            step = magnitude * factor;
            break;
        }
    }
    const int ticks = int(std::ceil(top / step - 1e-9));
    axis->setRange(0, step * ticks);
    axis->setTickCount(ticks + 1);
    const int decimals = std::clamp(int(-std::floor(std::log10(step) + 1e-9)), 0, 6);
    axis->setLabelFormat(QString(pattern).replace(u"%1"_s, u"%.%1f"_s.arg(decimals)));
}

} // namespace Ui::Common
