#pragma once

#include "result.h"

#include <QtGlobal>
#include <functional>

namespace Util {

// How far long work has got, as plain numbers for a front end to word: `done` of `total` units
// (receipts, steps). Called on the thread doing the work. Returning false asks the work to stop
// at its next safe point: what it had committed stays, the rest is rolled back.
using Progress = std::function<bool(qint64 done, qint64 total)>;

// What work stopped by its progress returns: code kCancelled, nothing else to say.
inline const QString kCancelled = QStringLiteral("cancelled");
inline Error cancelled()
{
    return Error { kCancelled, {} };
}

// Reports to `progress` when there is one; true (go on) otherwise.
inline bool report(const Progress &progress, qint64 done, qint64 total)
{
    return !progress || progress(done, total);
}

// The time left, from the rate since the first report: the first report is the start (the work
// before it is not timed), so the estimate is there from the second report on. Times are passed
// in (a QElapsedTimer's, a test's), never read here.
class ProgressEstimate
{
public:
    void reset();
    // Milliseconds left at nowMs, or -1 while there is no rate yet (first report, nothing done
    // since it, or no time passed).
    qint64 update(qint64 nowMs, qint64 done, qint64 total);

private:
    qint64 m_startMs = -1;
    qint64 m_startDone = 0;
};

} // namespace Util
