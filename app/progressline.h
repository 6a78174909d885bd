#pragma once

#include "util/progress.h"

#include <QElapsedTimer>
#include <QString>

// Long work of the headless commands on stderr, one line rewritten in place, and only when
// stderr is a terminal: a pipe, a file or the journal gets no half-written lines. The line appears
// once the work has run for a moment, so that quick work prints nothing.
//
//   ProgressLine line(u"Updating workspace.sqlite"_s, u"receipts"_s);
//   Database::open(path, mode, line.progress());   // "…: 120,000 of 1,090,332 receipts (11 %),
//                                                  //  about 20 s left"
class ProgressLine
{
public:
    ProgressLine(QString what, QString unit);
    ~ProgressLine(); // ends the line, if one was shown

    // Reports here; never asks the work to stop (Ctrl+C ends the process).
    Util::Progress progress();
    void report(qint64 done, qint64 total);

private:
    QString m_what;
    QString m_unit;
    bool m_terminal;
    QElapsedTimer m_clock;
    qint64 m_lastShownMs = -1;
    int m_width = 0;
    Util::ProgressEstimate m_estimate;
};
