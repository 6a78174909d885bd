#pragma once

#include <QString>

namespace Ui::Dashboard {

// An amount of USD as the dashboard shows it: "$0.0140" below a dollar (a call costs a fraction of
// a cent), "$12.50" from there on, in the user's locale.
QString money(double usd);

// A fraction as a percentage with one decimal: "12.5 %".
QString percent(double fraction);

} // namespace Ui::Dashboard
