#pragma once

#include <QString>
#include <faultlab/faultlab.h>

namespace Ui::FaultLab {

namespace Lab = ::FaultLab;

// The fault lab's words: core gives enums and numbers, the studio words them in the user's
// language (STYLE.md "Errors"). Only the expected / observed values of a check stay core's English.
QString failureName(Domain::SimulatedFailure failure); // "503 unavailable"
QString caseName(const Lab::Case &c); // the failure, and "first deployment only" for a pool case
QString streamingName(bool stream); // "Streaming" / "Plain"
QString ruleName(Lab::Rule rule); // "A pool tries each deployment at most once"
QString relaxationName(Lab::Relaxation relaxation); // "the key's budget"
// "Turned off for the rehearsal: the key's budget and the key's rate limit." (empty: none)
QString relaxedSentence(const QList<Lab::Relaxation> &relaxed);
// "Recovery times are divided by 20, to at least 50 ms each."
QString scaleSentence(int scale, int minimumMs);

// A finished case's cells.
QString callerSaw(const Lab::CaseResult &r); // "503 no_healthy_route", "200 · error event …"
QString waitsText(const QList<qint64> &waitsMs); // "100 ms, 200 ms" or "none"
QString servedText(const Lab::CaseResult &r); // "sim-east/gpt-4o", "fallback demo/x", "none"
QString headersText(const Lab::CallerView &seen); // one "name: value" a line
// "R-REC-2 Each … : expected 2 attempts, observed 3" for a tooltip or a list.
QString checkLine(const Lab::Check &check);

} // namespace Ui::FaultLab
