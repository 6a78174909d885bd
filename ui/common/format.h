#pragma once

#include <QDateTime>
#include <QString>
#include <domain/enums.h>

namespace Ui::Common {

// Numbers with the thousands separators of the user's locale ("180,000" in English).
QString number(qint64 n);
QString number(double n, int decimals);
// US dollars: "$5.00" in English, "5,00 $" in German; 4 decimals for amounts under
// `finerBelow` (a call's cost); a negative amount (an overspent budget's remainder) as "−$0.10".
QString money(double usd, double finerBelow = 0.01);
// Where money() puts the number: "$%1" in English, "%1 $" in German (axis label formats).
QString moneyPattern();
// "12 s ago", "3 min ago", "2 h ago", "5 d ago"; `now` is passed in so tables and tests agree.
QString relativeTime(const QDateTime &when, const QDateTime &now);
// The exact local time, for tooltips.
QString exactTime(const QDateTime &when);
// "4.2 s" for a countdown in milliseconds.
QString seconds(qint64 ms);
// An estimate of long work's time left: "about 20 s left", "about 3 min left"; empty while there
// is none (ms < 0).
QString timeLeft(qint64 ms);
// Long work's count: "120,000 of 1,090,332".
QString progressCount(qint64 done, qint64 total);
// An endpoint as the studio names it: "Chat completions", "Responses", …
QString endpointName(Domain::Endpoint e);

} // namespace Ui::Common
