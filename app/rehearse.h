#pragma once

#include "faultlab/faultlab.h"

#include <QTextStream>

// `switchboard-gateway rehearse`: the fault lab's table as text, a row per case as it finishes.
namespace Rehearse {

void printHeader(QTextStream &out, const FaultLab::Report &report, qsizetype cases);
void printRow(QTextStream &out, const FaultLab::CaseResult &result);
void printSummary(QTextStream &out, const FaultLab::Report &report, const QString &dbPath);
// 0: every case passed; 2: a case failed; 1: the run could not be made.
int exitCode(const FaultLab::Report &report);

} // namespace Rehearse
