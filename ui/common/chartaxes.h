#pragma once

#include <QString>

class QValueAxis;

namespace Ui::Common {

// An axis from 0 for amounts (USD, seconds) that can be far below 1: ticks 1, 2 or 5 times a
// power of ten apart, at most `maxIntervals` of them, labels with as many decimals as a step needs
// (0.0005 and 0.0010 do not both read 0.00, 37.5 never appears). `pattern` places the number
// ("%1", or money's "$%1").
void fitAmountAxis(QValueAxis *axis, double max, const QString &pattern, int maxIntervals = 5);

} // namespace Ui::Common
